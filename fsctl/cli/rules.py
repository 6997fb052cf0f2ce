"""``fsctl rules [CODE]``"""

from __future__ import annotations

import sys

import click

from fsctl.commands import rules


@click.command("rules")
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", help="Output format.")
def command(code: str | None, fmt: str) -> None:
    """List every rule, or print the documentation of one (by code or name) and the commands that
    report it. Exit 0 shown, 2 no such rule."""
    sys.exit(rules.run(code, fmt, sys.stdout, sys.stderr))
