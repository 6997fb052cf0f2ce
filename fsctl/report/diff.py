"""Output of ``fsctl diff``: text grouped by queue (colour from rich, imported only when colour is on),
the JSON of docs/json.md ``{"version": 1, "changes": [...]}``, SARIF and GitHub annotations (one result
per change, on the new file), and a markdown table; the html page is built by the command, which
has the two trees."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from fsctl.diff.changes import Change

SCHEDULER = "(scheduler-wide)"
_SYMBOL = {"added": "+", "removed": "-", "changed": "~", "moved": ">"}
_STYLE = {"added": "green", "removed": "red", "changed": "yellow", "moved": "cyan"}


def diff_dict(changes: Sequence[Change]) -> dict[str, object]:
    return {"version": 1, "changes": [c.to_json() for c in changes]}


def render_json(changes: Sequence[Change], stream: TextIO) -> None:
    stream.write(json.dumps(diff_dict(changes), indent=2, ensure_ascii=False) + "\n")


def change_line(change: Change) -> str:
    """``~ weight 1.0 -> 2.0 (share relative to its siblings)``; a change with no property names
    its values (``+ leaf``), and markers say refused-by-refresh or expected-from-conversion."""
    text = change.effect
    tags = []
    if change.refresh_refused:
        tags.append("restart needed")
    if change.expected:
        tags.append("expected")
    suffix = f"  [{', '.join(tags)}]" if tags else ""
    return f"{_SYMBOL[change.kind]} {text}{suffix}"


def grouped(changes: Sequence[Change]) -> list[tuple[str, list[Change]]]:
    """Changes by queue, keeping their order (the core already groups them)."""
    groups: list[tuple[str, list[Change]]] = []
    for change in changes:
        name = change.queue or SCHEDULER
        if groups and groups[-1][0] == name:
            groups[-1][1].append(change)
        else:
            groups.append((name, [change]))
    return groups


def summary(changes: Sequence[Change]) -> str:
    if not changes:
        return "no differences"
    refused = sum(c.refresh_refused for c in changes)
    expected = sum(c.expected for c in changes)
    queues = len({c.queue for c in changes if c.queue})
    count = len(changes)
    text = f"{count} difference{'s' if count != 1 else ''}"
    if queues:
        text += f" in {queues} queue{'s' if queues != 1 else ''}"
    if expected:
        text += f", {expected} expected from the conversion"
    if refused:
        text += f", {refused} refused by yarn rmadmin -refreshQueues (restart the ResourceManager)"
    return text


def render_text(changes: Sequence[Change], stream: TextIO, color: bool, labels: tuple[str, str]) -> None:
    header = [f"--- {labels[0]}", f"+++ {labels[1]}"]
    body = grouped(changes)
    if not color:
        for line in header:
            stream.write(line + "\n")
        for name, items in body:
            stream.write(name + "\n")
            for change in items:
                stream.write("  " + change_line(change) + "\n")
        stream.write(summary(changes) + "\n")
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    console.print(Text(header[0], style="red"))
    console.print(Text(header[1], style="green"))
    for name, items in body:
        console.print(Text(name, style="bold"))
        for change in items:
            styled = Text("  ")
            styled.append(
                change_line(change), style="bold red" if change.refresh_refused else _STYLE[change.kind]
            )
            console.print(styled)
    console.print(Text(summary(changes), style="bold"))


#: how loud each change is in SARIF and GitHub annotations: what needs a restart, or what a
#: conversion was not expected to change, is a warning; any other difference a note
_SARIF_LEVEL = {True: "warning", False: "note"}
_GITHUB_LEVEL = {True: "warning", False: "notice"}


def _loud(change: Change, cross_format: bool) -> bool:
    return change.refresh_refused or (cross_format and not change.expected)


def _rule_id(change: Change) -> str:
    return f"diff/{change.kind}"


def sarif_dict(changes: Sequence[Change], path: str, cross_format: bool = False) -> dict[str, object]:
    """SARIF 2.1.0: a rule per kind of change, a result per change located on the new file."""
    from fsctl.report.sarif import run_document

    kinds = sorted({c.kind for c in changes})
    rules = [
        {
            "id": f"diff/{kind}",
            "name": f"queue-configuration-{kind}",
            "shortDescription": {"text": f"{kind} setting"},
        }
        for kind in kinds
    ]
    index = {f"diff/{kind}": i for i, kind in enumerate(kinds)}
    results = []
    for change in changes:
        properties = {k: v for k, v in change.to_json().items() if v is not None and k != "effect"}
        results.append(
            {
                "ruleId": _rule_id(change),
                "ruleIndex": index[_rule_id(change)],
                "level": _SARIF_LEVEL[_loud(change, cross_format)],
                "message": {"text": change_line(change)},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": path}}}],
                "properties": properties,
            }
        )
    return run_document(rules, results)


def render_github(changes: Sequence[Change], stream: TextIO, path: str, cross_format: bool = False) -> None:
    from fsctl.report.github import escape_data, escape_property

    for change in changes:
        where = change.queue or SCHEDULER
        title = escape_property(f"{where} {change.property or ''}".strip())
        level = _GITHUB_LEVEL[_loud(change, cross_format)]
        stream.write(
            f"::{level} file={escape_property(path)},title={title}::{escape_data(change_line(change))}\n"
        )


def render_diff(
    changes: Sequence[Change],
    fmt: str,
    stream: TextIO,
    color: bool,
    labels: tuple[str, str] = ("old", "new"),
    *,
    new_path: str = "",
    cross_format: bool = False,
) -> None:
    """``new_path`` is where SARIF and GitHub annotations point (the new side's file)."""
    if fmt == "json":
        render_json(changes, stream)
    elif fmt == "sarif":
        stream.write(
            json.dumps(sarif_dict(changes, new_path, cross_format), indent=2, ensure_ascii=False) + "\n"
        )
    elif fmt == "github":
        render_github(changes, stream, new_path, cross_format)
    elif fmt == "markdown":
        from fsctl.report.markdown import diff_markdown

        stream.write(diff_markdown(changes, labels, summary(changes)))
    else:
        render_text(changes, stream, color, labels)
