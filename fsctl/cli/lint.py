"""``fsctl lint FILE...``"""

from __future__ import annotations

import sys
from typing import Any

import click

from fsctl.cli.options import INPUT_PATH, cluster_option, diagnostic_options, input_options
from fsctl.cli.settings import build_options
from fsctl.commands import check


@click.command("lint")
@click.argument("files", nargs=-1, required=True, type=INPUT_PATH)
@cluster_option(": also check against the whole cluster.")
@input_options
@diagnostic_options
def command(files: tuple[str, ...], **params: Any) -> None:
    """Validate each FILE, plus the mistakes Hadoop accepts silently (fsctl rules lists them).

    FILE may be a scheduler file, '-' for standard input, or a directory to search. Exit 0 clean, 1
    findings at or above --fail-on, 2 unreadable input, usage or I/O problems.
    """
    options = build_options(True, files, **params)
    sys.exit(check.run(options, sys.stdout))
