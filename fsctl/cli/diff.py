"""``fsctl diff OLD NEW``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import input_options, output_options
from fsctl.cli.settings import project_config, resolve_cluster, resolve_format, resolve_version
from fsctl.commands import diff


@click.command("diff")
@click.argument("old")
@click.argument("new")
@click.option(
    "--cluster",
    metavar="RES",
    default=None,
    help="Cluster size, e.g. 'memory-mb=102400, vcores=100': also show how each queue's share changes.",
)
@click.option(
    "--demand",
    type=click.Path(dir_okay=False),
    default=None,
    help="Demand snapshot (YAML or JSON): also compare instantaneous fair shares.",
)
@input_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["auto", *diff.FORMATS]),
    default=None,
    help="Output format (auto: github under GitHub Actions, else text; markdown: a pull-request "
    "comment; html: a page with both trees of shares).",
)
@output_options
@click.option("--color/--no-color", default=None, help="Colour the text output (default: on a terminal).")
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
    config = project_config()
    chosen = resolve_format(fmt, config, ("auto", *diff.FORMATS))
    options = diff.DiffOptions(
        old=old,
        new=new,
        cluster=resolve_cluster(cluster, config),
        demand=demand,
        yarn_site=yarn_site or config.path_value("yarn-site"),
        hadoop_version=resolve_version(hadoop_version, config),
        fmt=chosen,
        color=color,
        output=output,
        force=force,
    )
    sys.exit(diff.run(options, sys.stdout, sys.stderr))
