"""``fsctl validate FILE...``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import diagnostic_options, input_options
from fsctl.cli.settings import build_options
from fsctl.commands import check


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@input_options
@diagnostic_options
def command(
    files: tuple[str, ...],
    fmt: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    exit_zero: bool | None,
    color: bool | None,
    yarn_site: str | None,
    hadoop_version: str | None,
) -> None:
    """What the ResourceManager would reject or warn about when loading each FILE.

    FILE may be a fair-scheduler.xml, a capacity-scheduler.xml or a yarn-site.xml; the format is
    detected from content.
    """
    options = build_options(
        False, files, fmt, select, ignore, fail_on, exit_zero, color, yarn_site, hadoop_version
    )
    sys.exit(check.run(options, sys.stdout))
