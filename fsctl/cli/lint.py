"""``fsctl lint FILE...``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import diagnostic_options, input_options
from fsctl.cli.validate import build_options
from fsctl.commands import check


@click.command("lint")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option(
    "--cluster",
    metavar="RES",
    default=None,
    help="Cluster size (memory-mb=…, vcores=…) for checks against the whole cluster.",
)
@input_options
@diagnostic_options
def command(
    files: tuple[str, ...],
    cluster: str | None,
    fmt: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    exit_zero: bool | None,
    color: bool | None,
    yarn_site: str | None,
    hadoop_version: str | None,
) -> None:
    """validate, plus the mistakes Hadoop accepts silently (fsctl rules lists them)."""
    options = build_options(
        True, files, fmt, select, ignore, fail_on, exit_zero, color, yarn_site, hadoop_version, cluster
    )
    sys.exit(check.run(options, sys.stdout))
