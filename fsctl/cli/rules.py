"""``fsctl rules [CODE]``"""

from __future__ import annotations

import sys

import click

from fsctl.commands import rules


@click.command("rules")
@click.argument("code", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def command(code: str | None, fmt: str) -> None:
    """List every rule, or print the documentation of one (by code or name)."""
    sys.exit(rules.run(code, fmt, sys.stdout, sys.stderr))
