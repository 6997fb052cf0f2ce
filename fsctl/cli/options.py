"""Options shared by several commands (their merging with ``[tool.fsctl]``: fsctl.cli.settings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

# the merging with [tool.fsctl] lives in settings (no click there); the commands take it from here
from fsctl.cli.settings import (
    FORMAT_CHOICES,
    project_config,
    resolve_cluster,
    resolve_fail_on,
    resolve_format,
    resolve_selection,
    resolve_version,
)

__all__ = [
    "FORMAT_CHOICES",
    "diagnostic_options",
    "input_options",
    "project_config",
    "resolve_cluster",
    "resolve_fail_on",
    "resolve_format",
    "resolve_selection",
    "resolve_version",
]

F = TypeVar("F", bound=Callable[..., Any])


def diagnostic_options(func: F) -> F:
    """--format, --select, --ignore, --fail-on, --exit-zero, --color."""
    decorators = [
        click.option(
            "--format",
            "fmt",
            type=click.Choice(FORMAT_CHOICES),
            default=None,
            help="Output format (auto: github under GitHub Actions, else text).",
        ),
        click.option(
            "--select",
            multiple=True,
            metavar="CODES",
            help="Only these rule codes or prefixes (FS, FS3, FS301); repeatable or comma-separated.",
        ),
        click.option(
            "--ignore", multiple=True, metavar="CODES", help="Leave out these rule codes or prefixes."
        ),
        click.option(
            "--fail-on",
            type=click.Choice(["error", "warning", "info"]),
            default=None,
            help="Exit 1 when a finding is at least this severe (default: warning).",
        ),
        click.option("--exit-zero", is_flag=True, default=None, help="Exit 0 even with findings."),
        click.option(
            "--color/--no-color", default=None, help="Colour the text output (default: on a terminal)."
        ),
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def input_options(func: F) -> F:
    """--yarn-site, --hadoop-version."""
    func = click.option(
        "--hadoop-version",
        metavar="VERSION",
        default=None,
        help="Hadoop release whose behaviour to follow (default 3.4; e.g. 3.3, 3.2, 2).",
    )(func)
    func = click.option(
        "--yarn-site",
        type=click.Path(dir_okay=False),
        default=None,
        help="yarn-site.xml holding scheduler settings and resource types.",
    )(func)
    return func
