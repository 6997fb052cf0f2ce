"""``fsctl validate FILE...``"""

from __future__ import annotations

import sys
from typing import Any

import click

from fsctl.cli.options import INPUT_PATH, diagnostic_options, input_options
from fsctl.cli.settings import build_options
from fsctl.commands import check


@click.command("validate")
@click.argument("files", nargs=-1, required=True, type=INPUT_PATH)
@input_options
@diagnostic_options
def command(files: tuple[str, ...], **params: Any) -> None:
    """What the ResourceManager would reject or warn about when loading each FILE.

    FILE may be a fair-scheduler.xml, a capacity-scheduler.xml or a yarn-site.xml (the format is
    detected from content), '-' for standard input, or a directory, searched for scheduler files by
    name and content (.git, .venv, node_modules and the like are skipped). Exit 0 clean, 1 findings
    at or above --fail-on, 2 unreadable input, usage or I/O problems.
    """
    options = build_options(False, files, **params)
    sys.exit(check.run(options, sys.stdout))
