"""``--format text``: one line per diagnostic, ``path:line:col: CODE message``, and a summary.

Colour comes from rich, imported only when colour is on (a terminal, or ``--color``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.report import FileReport, Summary

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def format_line(d: Diagnostic, path: str) -> str:
    where = f"{d.file or path}:{d.line}:{d.column}" if d.line else (d.file or path)
    context = ", ".join(f"{k} {v}" for k, v in (("queue", d.queue), ("property", d.property)) if v)
    suffix = f" [{context}]" if context else ""
    return f"{where}: {d.code} {d.severity.label}: {d.message}{suffix} ({d.name})"


def summary_line(files: Sequence[FileReport]) -> str:
    s = Summary.of(files)
    if not (s.errors or s.warnings or s.infos):
        n = len(files)
        return f"{n} file{'s' if n != 1 else ''} checked, no problems found"

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'s' if n != 1 else ''}"

    return (
        ", ".join((plural(s.errors, "error"), plural(s.warnings, "warning"), plural(s.infos, "info")))
        + f" in {len(files)} file{'s' if len(files) != 1 else ''}"
    )


def render(files: Sequence[FileReport], stream: TextIO, color: bool) -> None:
    lines = [(d, format_line(d, f.path)) for f in files for d in f.diagnostics]
    if not color:
        for _, line in lines:
            stream.write(line + "\n")
        stream.write(summary_line(files) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    for d, line in lines:
        head, _, rest = line.partition(f": {d.code} ")
        text = Text(head + ": ", style="bold")
        text.append(d.code, style=_STYLE[d.severity])
        text.append(" " + rest)
        console.print(text)
    console.print(Text(summary_line(files), style="bold"))
