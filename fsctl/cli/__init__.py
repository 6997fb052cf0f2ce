"""The command line: a thin click shell (fsctl.cli.group), imported only when it is needed.

``fsctl validate ...`` and ``fsctl lint ...`` with their usual options, as pre-commit and CI run them,
go straight to the command (:mod:`fsctl.cli.direct` reads the line): importing click would cost more
than checking a small file. Anything else (another command, --help, a mistake) goes through click.
"""

from __future__ import annotations

import sys
from typing import Any

from fsctl.gcpause import run_and_exit

COMMANDS = {
    "validate": "fsctl.cli.validate",
    "lint": "fsctl.cli.lint",
    "simulate": "fsctl.cli.simulate",
    "convert": "fsctl.cli.convert",
    "diff": "fsctl.cli.diff",
    "generate": "fsctl.cli.generate",
    "route": "fsctl.cli.route",
    "snapshot": "fsctl.cli.snapshot",
    "rules": "fsctl.cli.rules",
}

SUMMARIES = {
    "validate": "What the ResourceManager would reject or warn about when loading each file.",
    "lint": "Validate, plus the mistakes Hadoop silently accepts.",
    "simulate": "Steady and instantaneous fair shares, or Capacity Scheduler capacities, per queue.",
    "convert": "Convert a Fair Scheduler configuration to the Capacity Scheduler (like yarn fs2cs).",
    "diff": "Semantic differences between two scheduler configurations, of either format.",
    "generate": "A scheduler configuration from a percentage-ratio file and a cluster size.",
    "route": "Where applications land under each configuration, and the rule that decided.",
    "snapshot": "Today's load from a live ResourceManager (or its saved responses), for simulate.",
    "rules": "The rule catalogue, or one rule's documentation.",
}


def __getattr__(name: str) -> Any:
    if name == "cli":  # the click group, for callers that drive it (click's CliRunner)
        from fsctl.cli.group import cli

        return cli
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Entry point: no Python traceback ever reaches the user."""
    run_and_exit(_run)


def _run() -> int:
    args = sys.argv[1:]
    try:
        if len(args) > 1 and args[0] in ("validate", "lint"):
            code = _check(args[0] == "lint", args[1:])
            if code is not None:
                return code
        from fsctl.cli.group import cli

        code = cli.main(standalone_mode=False)
    except SystemExit as exc:  # the commands end with sys.exit(their code)
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        sys.stderr.write(f"{exc.code}\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("fsctl: interrupted\n")
        return 130
    except Exception as exc:
        return _failed(exc)
    return code if isinstance(code, int) else 0


def _check(lint: bool, args: list[str]) -> int | None:
    """``fsctl validate|lint ARGS`` as the click command runs it, when :mod:`fsctl.cli.direct` reads
    the line and its options resolve; None leaves the line to click."""
    from fsctl.cli.direct import check_arguments
    from fsctl.cli.settings import build_options

    read = check_arguments(lint, args)
    if read is None:
        return None
    files, params = read
    try:
        options = build_options(lint, files, **params)
    except Exception:
        if len(files) == len(args):
            raise  # no option given: a bad [tool.fsctl] setting, reported as it is (fsctl.cli.settings)
        return None  # an option click reports with its usage line, reading the line again
    from fsctl.commands import check

    return check.run(options, sys.stdout)


def _failed(exc: Exception) -> int:
    """The exit code for an exception out of a command (click imported only now, if it was not)."""
    import click

    if isinstance(exc, click.exceptions.Abort):
        sys.stderr.write("fsctl: aborted\n")
    elif isinstance(exc, click.ClickException):
        exc.show()
    elif isinstance(exc, click.exceptions.Exit):
        return exc.exit_code
    elif isinstance(exc, RecursionError):
        sys.stderr.write("fsctl: internal error: input nested too deeply\n")
    elif not isinstance(exc, BrokenPipeError):
        # the last line of defence: every known failure is reported earlier
        sys.stderr.write(f"fsctl: internal error: {type(exc).__name__}: {exc}\n")
    return 2
