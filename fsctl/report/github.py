"""``--format github``: GitHub Actions workflow commands, one annotation per diagnostic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from fsctl.model.diagnostics import Severity
from fsctl.report import FileReport

_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(files: Sequence[FileReport], stream: TextIO, color: bool) -> None:
    for f in files:
        for d in f.diagnostics:
            props = [f"file={escape_property(d.file or f.path)}"]
            if d.line:
                props.append(f"line={d.line}")
            if d.column:
                props.append(f"col={d.column}")
            props.append(f"title={escape_property(f'{d.code} {d.name}')}")
            where = f" [{d.queue}]" if d.queue else ""
            stream.write(f"::{_LEVEL[d.severity]} {','.join(props)}::{escape_data(d.message + where)}\n")
