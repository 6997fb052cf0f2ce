"""Output of ``fsctl route``: per application, the queue each configuration places it in (text), the
JSON of docs/json.md, or RT2xx annotations (sarif, github)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from fsctl.model.location import Location
from fsctl.report import FileReport, render_diagnostics, resolve_format
from fsctl.routing.engine import RoutedApp


def route_json(routed: Sequence[RoutedApp]) -> dict[str, Any]:
    """A probe (an application convert makes up) is the case it stands for, not a user."""
    return {
        "version": 1,
        "apps": [
            {
                **({"case": item.app.pattern} if item.app.pattern is not None else {}),
                "user": item.app.user if item.app.pattern is None else None,
                "groups": list(item.app.groups) if item.app.pattern is None else None,
                "queue": item.app.queue,
                "placements": [
                    {"file": lg.file, "queue": lg.queue, "rejected": lg.rejected, "rule": lg.rule}
                    for lg in item.landings
                ],
            }
            for item in routed
        ],
    }


def route_text(routed: Sequence[RoutedApp], color: bool = False) -> str:
    lines: list[str] = []
    files = max((len(lg.file) for item in routed for lg in item.landings), default=0)
    queues = max((len(lg.shown()) for item in routed for lg in item.landings), default=0)
    for item in routed:
        mark = "  (lands differently)" if item.differs else ""
        lines.append(_paint(item.app.label() + mark, "33" if mark else "1", color))
        for lg in item.landings:
            why = f"{lg.rule}: {lg.reason}" if lg.reason else lg.rule
            queue = _paint(lg.shown().ljust(queues), "31" if lg.rejected else "32", color)
            lines.append(f"  {lg.file.ljust(files)}  {queue}  {why}")
    count = len(routed)
    summary = f"{count} application{'s' if count != 1 else ''}"
    if routed and len(routed[0].landings) > 1:
        differing = sum(item.differs for item in routed)
        summary += f", {differing} land{'s' if differing == 1 else ''} differently"
    else:
        rejected = sum(any(lg.rejected for lg in item.landings) for item in routed)
        summary += f", {rejected} rejected"
    lines.append(summary)
    return "\n".join(lines) + "\n"


def _paint(text: str, code: str, color: bool) -> str:
    return f"\033[{code}m{text}\033[0m" if color else text


def render_route(routed: Sequence[RoutedApp], fmt: str, stream: TextIO, color: bool, where: str) -> None:
    """``where`` is the file annotations of applications given with --app are attached to."""
    fmt = resolve_format(fmt)
    if fmt == "json":
        json.dump(route_json(routed), stream, indent=2, ensure_ascii=False)
        stream.write("\n")
    elif fmt in ("sarif", "github"):
        from fsctl.routing.findings import routing_findings

        found = routing_findings(routed, Location(where))
        files: dict[str, FileReport] = {}
        for diagnostic in found:
            path = diagnostic.file or where
            files.setdefault(path, FileReport(path, None)).diagnostics.append(diagnostic)
        render_diagnostics(list(files.values()) or [FileReport(where, None)], fmt, stream, color)
    else:
        stream.write(route_text(routed, color))
