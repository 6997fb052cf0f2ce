"""``fsctl validate|lint`` command lines read without click, as pre-commit and CI spell them:
importing click costs more than checking a small file (fsctl.cli).

Only the usual spellings are read here: ``FILE``, ``--flag`` and ``--option VALUE`` with a value click
accepts, each option once. Anything else (a help request, ``--option=VALUE``, ``-`` for standard
input, ``--``, an unknown or repeated option, a value outside an option's choices) gives None, and
click reads the line: every usage error is click's own. What is read here is what click would pass
the command (``tests/cli/test_direct.py`` holds the two to each other).
"""

from __future__ import annotations

from typing import Any

from fsctl.cli.settings import FAIL_ON_CHOICES, FORMAT_CHOICES
from fsctl.model.versions import SUPPORTED_VERSIONS

#: flag -> (parameter, value when given)
_FLAGS: dict[str, tuple[str, bool]] = {
    "--exit-zero": ("exit_zero", True),
    "-q": ("quiet", True),
    "--quiet": ("quiet", True),
    "--statistics": ("statistics", True),
    "--color": ("color", True),
    "--no-color": ("color", False),
}
#: option -> (parameter, the values click accepts, None for any)
_VALUES: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "--format": ("fmt", FORMAT_CHOICES),
    "--fail-on": ("fail_on", FAIL_ON_CHOICES),
    "--yarn-site": ("yarn_site", None),
    "--hadoop-version": ("hadoop_version", tuple(SUPPORTED_VERSIONS)),
}
#: lint's valued options: validate's and --cluster
_LINT_VALUES = {**_VALUES, "--cluster": ("cluster", None)}
#: repeatable options, collected in order
_MULTIPLE = {"--select": "select", "--ignore": "ignore"}


def _defaults(lint: bool) -> dict[str, Any]:
    """What click passes for an option not given (fsctl.cli.options)."""
    given: dict[str, Any] = {
        "fmt": None,
        "select": (),
        "ignore": (),
        "fail_on": None,
        "exit_zero": None,
        "quiet": False,
        "statistics": False,
        "color": None,
        "yarn_site": None,
        "hadoop_version": None,
    }
    if lint:
        given["cluster"] = None
    return given


def check_arguments(lint: bool, args: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """The files and parameters of ``fsctl validate ARGS`` (``lint``: ``fsctl lint ARGS``), or None
    for a line click must read."""
    values = _defaults(lint)
    valued = _LINT_VALUES if lint else _VALUES
    seen: set[str] = set()
    multiple: dict[str, list[str]] = {}
    files: list[str] = []
    position = 0
    while position < len(args):
        arg = args[position]
        position += 1
        if not arg.startswith("-"):
            files.append(arg)
            continue
        if arg in _FLAGS:
            name, flag = _FLAGS[arg]
            if name in seen:
                return None
            seen.add(name)
            values[name] = flag
            continue
        if arg in _MULTIPLE or arg in valued:
            if position == len(args) or args[position].startswith("-"):
                return None  # no value, or one that looks like an option: click says what it makes of it
            value = args[position]
            position += 1
            if arg in _MULTIPLE:
                multiple.setdefault(_MULTIPLE[arg], []).append(value)
                continue
            name, choices = valued[arg]
            if name in seen or (choices is not None and value not in choices):
                return None
            seen.add(name)
            values[name] = value
            continue
        return None  # -, --, -h, --help, --option=VALUE, an option this command does not have
    if not files:
        return None
    for name, given in multiple.items():
        values[name] = tuple(given)
    return files, values
