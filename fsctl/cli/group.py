"""The click group: commands are imported only when they are run, so ``fsctl validate`` never
pays for the converter, the evaluator or rich."""

from __future__ import annotations

import importlib

import click

from fsctl import __version__
from fsctl.cli import COMMANDS, SUMMARIES


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module_name = COMMANDS.get(cmd_name)
        if module_name is None:
            return None
        # a registered command that fails to import is a bug: let it raise, never hide the command
        module = importlib.import_module(module_name)
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

    Exit codes: 0 clean or identical, 1 findings or differences, 2 usage, I/O, unreadable input or
    internal error.
    """
