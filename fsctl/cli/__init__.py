"""The command line: a thin click shell. Commands are imported only when they are run, so
``fsctl validate`` never pays for the converter, the evaluator or rich."""

from __future__ import annotations

import importlib
import sys

import click

from fsctl import __version__
from fsctl.gcpause import run_and_exit

COMMANDS = {
    "validate": "fsctl.cli.validate",
    "lint": "fsctl.cli.lint",
    "simulate": "fsctl.cli.simulate",
    "convert": "fsctl.cli.convert",
    "diff": "fsctl.cli.diff",
    "generate": "fsctl.cli.generate",
    "rules": "fsctl.cli.rules",
}

SUMMARIES = {
    "validate": "What the ResourceManager would reject or warn about when loading each file.",
    "lint": "validate, plus the mistakes Hadoop silently accepts.",
    "simulate": "Steady and instantaneous fair shares, or Capacity Scheduler capacities, per queue.",
    "convert": "Convert a Fair Scheduler configuration to the Capacity Scheduler (like yarn fs2cs).",
    "diff": "Semantic differences between two scheduler configurations, of either format.",
    "generate": "A scheduler configuration from a percentage-ratio file and a cluster size.",
    "rules": "The rule catalogue, or one rule's documentation.",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module_name = COMMANDS.get(cmd_name)
        if module_name is None:
            return None
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            return None
        command: click.Command = module.command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # list commands from their one-line summaries without importing them
        rows = [(name, SUMMARIES[name]) for name in COMMANDS]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(
    cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(__version__, prog_name="fsctl")
def cli() -> None:
    """fsctl: validate, lint, simulate, convert, diff and generate YARN scheduler configurations
    (fair-scheduler.xml, capacity-scheduler.xml, yarn-site.xml).

    Exit codes: 0 clean or identical, 1 findings or differences, 2 usage, I/O or internal error.
    """


def main() -> None:
    """Entry point: no Python traceback ever reaches the user."""
    run_and_exit(_run)


def _run() -> int:
    try:
        code = cli.main(standalone_mode=False)
    except SystemExit as exc:  # the commands end with sys.exit(their code)
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        sys.stderr.write(f"{exc.code}\n")
        return 1
    except click.exceptions.Abort:
        sys.stderr.write("fsctl: aborted\n")
        code = 2
    except click.ClickException as exc:
        exc.show()
        code = 2
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except BrokenPipeError:
        code = 2
    except KeyboardInterrupt:
        sys.stderr.write("fsctl: interrupted\n")
        code = 130
    except RecursionError:
        sys.stderr.write("fsctl: internal error: input nested too deeply\n")
        code = 2
    except Exception as exc:  # the last line of defence; every known failure is reported earlier
        sys.stderr.write(f"fsctl: internal error: {type(exc).__name__}: {exc}\n")
        code = 2
    return code if isinstance(code, int) else 0
