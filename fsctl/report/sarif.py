"""``--format sarif``: SARIF 2.1.0 with every reported rule described in the run."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from fsctl import __version__
from fsctl.model.diagnostics import Severity
from fsctl.report import FileReport

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def sarif_dict(files: Sequence[FileReport]) -> dict[str, Any]:
    from fsctl import catalogue

    codes = sorted({d.code for f in files for d in f.diagnostics})
    described = []
    for code in codes:
        rule = catalogue.get(code)
        entry: dict[str, Any] = {"id": code}
        if rule is not None:
            entry.update(
                name=rule.name,
                shortDescription={"text": rule.summary},
                fullDescription={"text": rule.documentation},
                help={"text": rule.documentation},
                defaultConfiguration={"level": _LEVEL[rule.severity]},
            )
        described.append(entry)
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for f in files:
        for d in f.diagnostics:
            region: dict[str, int] = {}
            if d.line:
                region["startLine"] = d.line
            if d.column:
                region["startColumn"] = d.column
            location: dict[str, Any] = {"artifactLocation": {"uri": d.file or f.path}}
            if region:
                location["region"] = region
            result: dict[str, Any] = {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": _LEVEL[d.severity],
                "message": {"text": d.message},
                "locations": [{"physicalLocation": location}],
            }
            props = {k: v for k, v in (("queue", d.queue), ("property", d.property)) if v}
            if props:
                result["properties"] = props
            results.append(result)
    return run_document(described, results)


def run_document(rules: list[dict[str, Any]], results: list[dict[str, Any]]) -> dict[str, Any]:
    """A SARIF 2.1.0 log of one fsctl run with these rule descriptions and results."""
    return {
        "version": "2.1.0",
        "$schema": SCHEMA,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "fsctl",
                        "version": __version__,
                        "informationUri": "https://hadoop.apache.org/docs/stable/hadoop-yarn/hadoop-yarn-site/",
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }


def render(files: Sequence[FileReport], stream: TextIO, color: bool) -> None:
    json.dump(sarif_dict(files), stream, indent=2, ensure_ascii=False)
    stream.write("\n")
