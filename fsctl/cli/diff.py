"""``fsctl diff OLD NEW``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import (
    cluster_option,
    color_option,
    file_option,
    format_option,
    input_options,
    output_options,
)
from fsctl.cli.settings import resolve_format, settings, standard_input_once
from fsctl.commands import diff


@click.command("diff")
@click.argument("old")
@click.argument("new")
@cluster_option(": also show how each queue's share changes.")
@file_option(
    "--demand",
    help="Demand snapshot (YAML or JSON): also compare instantaneous fair shares, on --cluster or the "
    "cluster the snapshot gives.",
)
@input_options
@format_option(
    ("auto", *diff.FORMATS),
    "Output format (auto: github under GitHub Actions, else text; markdown: a pull-request "
    "comment; html: a page with both trees of shares).",
)
@output_options
@color_option
def command(
    old: str,
    new: str,
    cluster: str | None,
    demand: str | None,
    yarn_site: str | None,
    hadoop_version: str | None,
    fmt: str | None,
    output: str | None,
    force: bool,
    color: bool | None,
) -> None:
    """Semantic differences from OLD to NEW (Fair Scheduler or Capacity Scheduler files, any mix).

    Either side may be REV:PATH, read with git show (main:conf/fair-scheduler.xml); a file that
    exists is always read as a file. Exit 0 when equivalent, 1 when different, 2 unreadable input,
    usage or I/O problems.
    """
    standard_input_once(("OLD", old), ("NEW", new), ("--demand", demand), ("--yarn-site", yarn_site))
    known = settings(yarn_site, hadoop_version)
    chosen = resolve_format(fmt, known.config, ("auto", *diff.FORMATS))
    evaluation = known.evaluation(cluster, demand, color, output, force)
    options = diff.DiffOptions(old=old, new=new, fmt=chosen, **evaluation)
    sys.exit(diff.run(options, sys.stdout, sys.stderr))
