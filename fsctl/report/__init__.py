"""Reporters: the only place, with the CLI, that prints. A registry keyed by format name."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from fsctl.model.diagnostics import Diagnostic, Severity


@dataclass
class FileReport:
    path: str
    format: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(frozen=True)
class Summary:
    errors: int
    warnings: int
    infos: int

    @classmethod
    def of(cls, files: Sequence[FileReport]) -> Summary:
        counts = {s: 0 for s in Severity}
        for f in files:
            for d in f.diagnostics:
                counts[d.severity] += 1
        return cls(counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO])


@dataclass(frozen=True)
class TextOptions:
    """How much the text report says: ``quiet`` leaves out the summary (and says nothing when all is
    clean); ``statistics`` replaces the findings by a count per rule."""

    quiet: bool = False
    statistics: bool = False


Renderer = Callable[[Sequence[FileReport], TextIO, bool], None]

FORMATS = ("text", "json", "sarif", "github")


def resolve_format(name: str) -> str:
    """``auto`` is ``github`` under GitHub Actions, else ``text``."""
    if name == "auto":
        return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
    return name


def _renderer(name: str) -> Renderer:
    if name == "json":
        from fsctl.report.json_report import render
    elif name == "sarif":
        from fsctl.report.sarif import render
    elif name == "github":
        from fsctl.report.github import render
    else:
        from fsctl.report.text import render
    return render


def render_diagnostics(
    files: Sequence[FileReport],
    fmt: str,
    stream: TextIO,
    color: bool = False,
    text: TextOptions | None = None,
) -> None:
    """Write the diagnostics of ``files`` to ``stream`` in ``fmt`` (text, json, sarif, github)."""
    ordered = [FileReport(f.path, f.format, sorted(f.diagnostics, key=Diagnostic.sort_key)) for f in files]
    name = resolve_format(fmt)
    if name == "text" and text is not None and text != TextOptions():
        from fsctl.report.text import render_with

        render_with(ordered, stream, color, text)
        return
    _renderer(name)(ordered, stream, color)


def use_color(stream: TextIO, requested: bool | None) -> bool:
    """Colour when asked, else only on a terminal and when NO_COLOR is unset."""
    if requested is not None:
        return requested
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
