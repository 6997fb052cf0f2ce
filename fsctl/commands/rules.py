"""``fsctl rules [CODE]``: the rule catalogue, or one rule's documentation."""

from __future__ import annotations

import json
from typing import TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR


def run(code: str | None, fmt: str, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl import rules

    if code is None:
        catalogue = rules.all_rules()
        if fmt == "json":
            rows = [
                {
                    "code": r.code,
                    "name": r.name,
                    "severity": r.severity.label,
                    "lint_only": r.lint_only,
                    "summary": r.summary,
                }
                for r in catalogue
            ]
            json.dump({"version": 1, "rules": rows}, stdout, indent=2)
            stdout.write("\n")
            return EXIT_CLEAN
        width = max((len(r.name) for r in catalogue), default=10)
        for r in catalogue:
            scope = "lint" if r.lint_only else "validate"
            stdout.write(f"{r.code:7} {r.name:{width}}  {r.severity.label:7} {scope:8}  {r.summary}\n")
        return EXIT_CLEAN
    rule = rules.get(code)
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
                "documentation": rule.documentation,
            },
            stdout,
            indent=2,
        )
        stdout.write("\n")
        return EXIT_CLEAN
    scope = "lint only (Hadoop does not check this)" if rule.lint_only else "validate and lint"
    stdout.write(f"{rule.code} {rule.name} ({rule.severity.label}, {scope})\n\n{rule.documentation}\n")
    if rule.hadoop_source:
        stdout.write(f"\nHadoop source: {rule.hadoop_source}\n")
    return EXIT_CLEAN
