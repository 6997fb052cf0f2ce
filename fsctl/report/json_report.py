"""``--format json``: the findings shape of docs/json.md."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from fsctl.model.diagnostics import Diagnostic
from fsctl.report import FileReport, Summary


def diagnostic_dict(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.label,
        "message": d.message,
        "line": d.line,
        "column": d.column,
        "queue": d.queue,
        "property": d.property,
    }


def report_dict(files: Sequence[FileReport]) -> dict[str, Any]:
    summary = Summary.of(files)
    return {
        "version": 1,
        "files": [
            {
                "path": f.path,
                "format": f.format,
                "diagnostics": [diagnostic_dict(d) for d in f.diagnostics],
            }
            for f in files
        ],
        "summary": {"errors": summary.errors, "warnings": summary.warnings, "infos": summary.infos},
    }


def render(files: Sequence[FileReport], stream: TextIO, color: bool) -> None:
    json.dump(report_dict(files), stream, indent=2, ensure_ascii=False)
    stream.write("\n")
