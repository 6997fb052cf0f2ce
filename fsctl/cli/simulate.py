"""``fsctl simulate FILE --cluster RES [--demand FILE]``: the click shell."""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import (
    INPUT_PATH,
    cluster_option,
    color_option,
    file_option,
    format_option,
    hadoop_version_option,
    output_options,
)
from fsctl.cli.settings import settings, standard_input_once
from fsctl.commands import simulate


@click.command("simulate")
@click.argument("file", type=INPUT_PATH)
@cluster_option(" (required unless the demand file sets it).")
@file_option("--demand", help="Demand snapshot (YAML or JSON): per-queue demand, usage and apps.")
@file_option(
    "--yarn-site",
    help="yarn-site.xml holding scheduler settings and resource types (preemption, sizebasedweight).",
)
@hadoop_version_option("Hadoop release whose arithmetic to follow")
@format_option(
    simulate.FORMATS,
    "Output format (markdown: a pull-request comment; html: a page with a picture of the tree).",
    default="text",
    show_default=True,
)
@output_options
@click.option(
    "--depth", type=click.IntRange(min=0), default=None, help="Show this many levels below the top one."
)
@click.option("--queue", metavar="PATH", default=None, help="Show only this queue and its subtree.")
@click.option(
    "--preemption",
    is_flag=True,
    default=False,
    help="Preview one round of the Capacity Scheduler's preemption policy on the --demand load "
    "(shown anyway when --yarn-site runs it).",
)
@color_option
def command(
    file: str,
    cluster: str | None,
    demand: str | None,
    yarn_site: str | None,
    hadoop_version: str | None,
    fmt: str,
    depth: int | None,
    queue: str | None,
    preemption: bool,
    color: bool | None,
    output: str | None,
    force: bool,
) -> None:
    """The share each queue of FILE would get on a cluster of the given size.

    A Fair Scheduler FILE gives steady and instantaneous fair shares (and starvation, with preemption
    on in --yarn-site); a Capacity Scheduler FILE gives capacities and effective resources, and with
    --preemption (or the preemption monitor on in --yarn-site) one round of its preemption policy on
    the --demand load. Exit 0 when the shares are shown (starvation and notes never change it), 2
    unreadable input, usage or I/O problems.
    """
    standard_input_once(("FILE", file), ("--demand", demand), ("--yarn-site", yarn_site))
    known = settings(yarn_site, hadoop_version)
    evaluation = known.evaluation(cluster, demand, color, output, force)
    options = simulate.SimulateOptions(
        path=file, fmt=fmt, depth=depth, queue=queue, preemption=preemption, **evaluation
    )
    sys.exit(simulate.run(options, sys.stdout, sys.stderr))
