"""``--format text``: one line per diagnostic, ``path:line:col: CODE message``, and a summary.

Identical findings (same file, code and message) are one line with a count and the other lines;
``--statistics`` gives a count per rule instead, ``--quiet`` leaves out the summary. Colour comes
from rich, imported only when colour is on (a terminal, or ``--color``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.report import FileReport, Summary, TextOptions

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}
#: other lines named on a grouped finding before "…"
_LINES_SHOWN = 10


#: Severity.label, looked up once per line rather than lower-cased each time
_LABELS = {severity: severity.label for severity in Severity}


def format_line(d: Diagnostic, path: str) -> str:
    location = d.location
    if location is None:
        where = path
    else:
        where = location.file or path
        if location.line:
            where = f"{where}:{location.line}:{location.column}"
    queue, prop = d.queue, d.property
    if queue:
        suffix = f" [queue {queue}, property {prop}]" if prop else f" [queue {queue}]"
    else:
        suffix = f" [property {prop}]" if prop else ""
    return f"{where}: {d.code} {_LABELS[d.severity]}: {d.message}{suffix} ({d.name})"


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


def grouped_lines(f: FileReport) -> list[tuple[Diagnostic, str]]:
    """A line per finding; identical ones (file, code, severity, message, property) once, with a
    count and the lines of the others."""
    groups: dict[tuple[object, ...], list[Diagnostic]] = {}
    path = f.path
    for d in f.diagnostics:
        file = d.location.file if d.location is not None else None
        key = (file or path, d.code, d.severity, d.message, d.property)
        members = groups.get(key)
        if members is None:
            groups[key] = [d]
        else:
            members.append(d)
    out = []
    for members in groups.values():
        first = members[0]
        line = format_line(first, f.path)
        if len(members) > 1:
            others = [str(d.line) for d in members[1:] if d.line]
            shown = ", ".join(others[:_LINES_SHOWN]) + (", …" if len(others) > _LINES_SHOWN else "")
            lines = "line" if len(others) == 1 else "lines"
            line += f" ×{len(members)}" + (f" (also at {lines} {shown})" if others else "")
        out.append((first, line))
    return out


def statistics_lines(files: Sequence[FileReport]) -> list[tuple[Diagnostic, str]]:
    """``  28  FS322  info     leaf-name-repeated``: a count per rule, most frequent first."""
    counts: dict[str, tuple[Diagnostic, int]] = {}
    for f in files:
        for d in f.diagnostics:
            first, n = counts.get(d.code, (d, 0))
            counts[d.code] = (first, n + 1)
    ranked = sorted(counts.values(), key=lambda item: (-item[1], item[0].code))
    width = max((len(str(n)) for _, n in ranked), default=1)
    return [(d, f"{n:>{width}}  {d.code:<6} {d.severity.label:<7} {d.name}") for d, n in ranked]


def render(files: Sequence[FileReport], stream: TextIO, color: bool) -> None:
    render_with(files, stream, color, TextOptions())


def render_with(files: Sequence[FileReport], stream: TextIO, color: bool, options: TextOptions) -> None:
    if options.statistics:
        lines = statistics_lines(files)
    else:
        lines = [pair for f in files for pair in grouped_lines(f)]
    summary = None if options.quiet else summary_line(files)
    if not color:
        stream.write("".join(line + "\n" for _, line in lines))
        if summary is not None:
            stream.write(summary + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    for d, line in lines:
        head, _, rest = line.partition(f"{d.code} ")
        text = Text(head, style="bold")
        text.append(d.code, style=_STYLE[d.severity])
        text.append(" " + rest)
        console.print(text)
    if summary is not None:
        console.print(Text(summary, style="bold"))
