"""``fsctl simulate FILE --cluster RES [--demand FILE]``: the click shell."""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import hadoop_version_option, output_options
from fsctl.cli.settings import project_config, resolve_cluster, resolve_version
from fsctl.commands import simulate


@click.command("simulate")
@click.argument("file", type=click.Path())
@click.option(
    "--cluster",
    metavar="RES",
    default=None,
    help="Cluster size, e.g. 'memory-mb=102400, vcores=100' (required unless the demand file sets it).",
)
@click.option(
    "--demand",
    type=click.Path(dir_okay=False),
    default=None,
    help="Demand snapshot (YAML or JSON): per-queue demand, usage and apps.",
)
@click.option(
    "--yarn-site",
    type=click.Path(dir_okay=False),
    default=None,
    help="yarn-site.xml holding scheduler settings and resource types (preemption, sizebasedweight).",
)
@hadoop_version_option("Hadoop release whose arithmetic to follow; 2 selects the 2.x preemption model")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(simulate.FORMATS),
    default="text",
    show_default=True,
    help="Output format (markdown: a pull-request comment; html: a page with a picture of the tree).",
)
@output_options
@click.option(
    "--depth", type=click.IntRange(min=0), default=None, help="Show this many levels below the top one."
)
@click.option("--queue", metavar="PATH", default=None, help="Show only this queue and its subtree.")
@click.option("--color/--no-color", default=None, help="Colour the text output (default: on a terminal).")
def command(
    file: str,
    cluster: str | None,
    demand: str | None,
    yarn_site: str | None,
    hadoop_version: str | None,
    fmt: str,
    depth: int | None,
    queue: str | None,
    color: bool | None,
    output: str | None,
    force: bool,
) -> None:
    """The share each queue of FILE would get on a cluster of the given size.

    A Fair Scheduler FILE gives steady and instantaneous fair shares (and starvation, with preemption
    on in --yarn-site); a Capacity Scheduler FILE gives capacities and effective resources. Exit 0
    shown, 2 unreadable input, usage or I/O problems.
    """
    config = project_config()
    options = simulate.SimulateOptions(
        path=file,
        cluster=resolve_cluster(cluster, config),
        demand=demand,
        yarn_site=yarn_site or config.path_value("yarn-site"),
        hadoop_version=resolve_version(hadoop_version, config),
        fmt=fmt,
        depth=depth,
        queue=queue,
        color=color,
        output=output,
        force=force,
    )
    sys.exit(simulate.run(options, sys.stdout, sys.stderr))
