"""``fsctl rules [CODE]``: the rule catalogue, or one rule's documentation."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR

if TYPE_CHECKING:
    from fsctl.model.diagnostics import Rule

#: code prefix -> the commands that report it (the first match wins)
_REPORTED_BY = (
    ("XML", ("validate", "lint", "simulate", "convert", "diff")),
    ("CV", ("convert",)),
    ("GN", ("generate",)),
    ("SM107", ("simulate", "diff", "convert")),
    ("SM26", ("simulate",)),
    ("SM24", ("simulate",)),  # the preemption preview
    ("SM215", ("simulate",)),
    ("SM", ("simulate", "diff")),
    ("SN", ("snapshot",)),
    ("RT", ("route", "convert")),
    ("FX", ("validate", "lint", "convert")),
    ("FS", ("validate", "lint", "convert")),
    ("PL1", ("validate", "lint", "convert")),
)


def reported_by(rule: Rule) -> tuple[str, ...]:
    """The commands that can report this rule."""
    if rule.lint_only:
        return ("lint",)
    for prefix, commands in _REPORTED_BY:
        if rule.code.startswith(prefix):
            return commands
    return ("validate", "lint")


def run(code: str | None, fmt: str, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl import catalogue

    if code is None:
        listed = catalogue.all_rules()
        if fmt == "json":
            rows = [
                {
                    "code": r.code,
                    "name": r.name,
                    "severity": r.severity.label,
                    "lint_only": r.lint_only,
                    "commands": list(reported_by(r)),
                    "summary": r.summary,
                }
                for r in listed
            ]
            json.dump({"version": 1, "rules": rows}, stdout, indent=2)
            stdout.write("\n")
            return EXIT_CLEAN
        width = max((len(r.name) for r in listed), default=10)
        scopes = {r.code: ",".join(reported_by(r)) for r in listed}
        scope_width = max((len(s) for s in scopes.values()), default=8)
        for r in listed:
            scope = f"{scopes[r.code]:{scope_width}}"
            stdout.write(f"{r.code:7} {r.name:{width}}  {r.severity.label:7} {scope}  {r.summary}\n")
        return EXIT_CLEAN
    rule = catalogue.get(code)
    if rule is None:
        stderr.write(f"fsctl rules: no rule {code!r}; `fsctl rules` lists them all\n")
        return EXIT_ERROR
    if fmt == "json":
        json.dump(
            {
                "version": 1,
                "code": rule.code,
                "name": rule.name,
                "severity": rule.severity.label,
                "lint_only": rule.lint_only,
                "commands": list(reported_by(rule)),
                "documentation": rule.documentation,
            },
            stdout,
            indent=2,
        )
        stdout.write("\n")
        return EXIT_CLEAN
    commands = reported_by(rule)
    named = " and ".join(", ".join(commands).rsplit(", ", 1))
    scope = f"reported by fsctl {named}" + (" (Hadoop does not check this)" if rule.lint_only else "")
    stdout.write(f"{rule.code} {rule.name} ({rule.severity.label}, {scope})\n\n{rule.documentation}\n")
    if rule.hadoop_source:
        stdout.write(f"\nHadoop source: {rule.hadoop_source}\n")
    return EXIT_CLEAN
