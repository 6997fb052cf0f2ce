"""Options shared by several commands, as click decorators (how they merge with ``[tool.fsctl]``
is fsctl.cli.settings, which does not import click)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from fsctl.cli.settings import FAIL_ON_CHOICES, FORMAT_CHOICES
from fsctl.model.versions import SUPPORTED_VERSIONS

F = TypeVar("F", bound=Callable[..., Any])


#: an input path as given: the command opens it and reports a missing, unreadable or odd file (a
#: directory, a FIFO) as one located line with its rule code; click's own checks would print its
#: usage banner instead
INPUT_PATH = click.Path(readable=False)


def file_option(*names: str, help: str) -> Callable[[F], F]:
    """An optional input file: ``--name FILE`` (and a destination name when given after the flags)."""
    return click.option(*names, type=INPUT_PATH, default=None, help=help)


def cluster_option(what: str) -> Callable[[F], F]:
    """``--cluster RES``; ``what`` ends the help after the example."""
    return click.option(
        "--cluster",
        metavar="RES",
        default=None,
        help=f"Cluster size, e.g. 'memory-mb=102400, vcores=100'{what}",
    )


def format_option(
    choices: tuple[str, ...], help: str, default: str | None = None, show_default: bool = False
) -> Callable[[F], F]:
    """``--format`` into the ``fmt`` parameter."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=show_default,
        help=help,
    )


#: --color/--no-color, for every command with a text report
color_option = click.option(
    "--color/--no-color", default=None, help="Colour the text output (default: on a terminal)."
)


def diagnostic_options(
    func: F | None = None, *, formats: tuple[str, ...] = FORMAT_CHOICES, fail_on_default: str = "warning"
) -> Any:
    """--format, --select, --ignore, --fail-on, --exit-zero, --quiet, --statistics, --color; as
    ``@diagnostic_options`` or ``@diagnostic_options(formats=..., fail_on_default=...)`` (the
    default --fail-on, as the help says it)."""
    if func is None:
        return lambda f: diagnostic_options(f, formats=formats, fail_on_default=fail_on_default)
    decorators = [
        format_option(formats, "Output format (auto: github under GitHub Actions, else text)."),
        click.option(
            "--select",
            multiple=True,
            metavar="CODES",
            help="Only these rule codes, prefixes or names (FS, FS3, FS301, queue-name-has-dot); "
            "repeatable or comma-separated.",
        ),
        click.option(
            "--ignore",
            multiple=True,
            metavar="CODES",
            help="Leave out these rule codes, prefixes or names.",
        ),
        click.option(
            "--fail-on",
            type=click.Choice(FAIL_ON_CHOICES),
            default=None,
            help=f"Exit 1 when a finding is at least this severe (default: {fail_on_default}).",
        ),
        click.option("--exit-zero", is_flag=True, default=None, help="Exit 0 even with findings."),
        click.option(
            "-q", "--quiet", is_flag=True, help="Print the findings only: no summary, nothing when clean."
        ),
        click.option(
            "--statistics", is_flag=True, help="Print a count of findings per rule instead of the findings."
        ),
        color_option,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


def input_options(func: F) -> F:
    """--yarn-site, --hadoop-version."""
    func = hadoop_version_option("Hadoop release whose behaviour to follow")(func)
    return file_option("--yarn-site", help="yarn-site.xml holding scheduler settings and resource types.")(
        func
    )


def output_options(func: F) -> F:
    """-o/--output FILE and --force, for commands whose report may go to a file."""
    func = click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")(func)
    return click.option(
        "-o",
        "--output",
        metavar="FILE",
        default=None,
        help="Write the report to FILE instead of standard output.",
    )(func)


def hadoop_version_option(what: str) -> Callable[[F], F]:
    """--hadoop-version, one of the releases whose behaviour fsctl knows."""
    return click.option(
        "--hadoop-version",
        type=click.Choice(SUPPORTED_VERSIONS),
        default=None,
        help=f"{what} (default 3.4: Hadoop 3.4.2; 3.3, 3.2, 3.1 and 2 follow 3.3.6, 3.2.4, 3.1.4 "
        "and 2.10.2).",
    )
