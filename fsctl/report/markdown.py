"""``--format markdown``: tables a CI job can post as a pull-request comment (GitHub-flavoured).

``diff`` leads with who gains or loses share, ``convert`` with what the migration drops or changes,
``simulate`` is the share table itself. Long tables are cut at :data:`MAX_ROWS` rows, with a line
saying how many were left out, since a comment has a size limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

if TYPE_CHECKING:
    from fsctl.convert.shares import ShareRow
    from fsctl.diff.changes import Change
    from fsctl.model.diagnostics import Diagnostic
    from fsctl.report.simulate import SimulateReport

MAX_ROWS = 500
SHARE_PROPERTIES = ("steadyFairShare", "fairShare", "guaranteedCapacity")


def cell(text: object) -> str:
    """A table cell: pipes escaped, newlines folded, empty as an en dash."""
    value = "–" if text is None or text == "" else str(text)
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def table(columns: Sequence[str], rows: Sequence[Sequence[object]], empty: str = "_none_") -> str:
    if not rows:
        return empty + "\n"
    lines = ["| " + " | ".join(columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows[:MAX_ROWS]]
    if len(rows) > MAX_ROWS:
        lines.append(f"\n_… and {len(rows) - MAX_ROWS} more rows (use `--format json` for all of them)_")
    return "\n".join(lines) + "\n"


def _amount(vector: object, key: str = MEMORY) -> str:
    if not isinstance(vector, dict):
        return "–"
    value = vector.get(key)
    if value is None:
        return "unbounded" if key in vector else "–"
    if value >= UNBOUNDED:
        return "unbounded"
    return f"{value} MB" if key == MEMORY else str(value)


def _resources(vector: object) -> str:
    memory, vcores = _amount(vector), _amount(vector, VCORES)
    if memory == vcores == "unbounded":
        return "unbounded"
    return f"{memory}, {vcores} vcores" if isinstance(vector, dict) else "–"


# -- simulate ---------------------------------------------------------------------------------


def simulate_markdown(report: SimulateReport, source: str) -> str:
    out = [f"### fsctl simulate `{source}`\n\n", *(f"{cell(line.strip())}\n\n" for line in report.header)]
    if report.load:
        out.append(_load_markdown(report))
        if report.notes:
            out.append("\n" + "".join(f"- {cell(n)}\n" for n in report.notes))
        return "".join(out)
    if report.format == "capacity-scheduler":
        columns = ["queue", "capacity %", "absolute %", "maximum %", "guaranteed", "maximum"]
        rows = [
            [
                r["path"],
                r.get("capacity"),
                r.get("absolute_capacity"),
                r.get("absolute_maximum_capacity"),
                _resources(r.get("guaranteed")),
                _resources(r.get("maximum")),
            ]
            for r in report.rows
        ]
    else:
        columns = ["queue", "weight", "steady fair share", "fair share", "min share", "max share"]
        rows = [
            [
                r["path"],
                r.get("weight"),
                _resources(r.get("steady_fair_share")),
                _resources(r.get("fair_share")),
                _resources(r.get("min_share")),
                _resources(r.get("max_share")),
            ]
            for r in report.rows
        ]
    out.append(table(columns, rows))
    if report.notes:
        out.append("\n" + "".join(f"- {cell(n)}\n" for n in report.notes))
    return "".join(out)


def _load_markdown(report: SimulateReport) -> str:
    """The Capacity Scheduler under load: queues, then the applications with what binds them."""
    queues = [
        [
            r["path"],
            _resources(r.get("guaranteed")),
            _resources(r.get("maximum")),
            _resources(r["load"].get("used_start")),
            _resources(r["load"].get("used")),
            _resources(r["load"].get("pending")),
            r["load"].get("limit"),
        ]
        for r in report.rows
    ]
    apps = [
        [
            r["path"],
            a["name"],
            a["user"],
            a["state"],
            _resources(a.get("used_start")),
            _resources(a.get("allocated")),
            _resources(a.get("pending")),
            a.get("limit"),
        ]
        for r in report.rows
        for a in r["load"].get("applications") or []
    ]
    app_columns = ["queue", "application", "user", "state", "used before", "allocated", "pending", "limit"]
    return (
        table(["queue", "guaranteed", "maximum", "used before", "allocated", "pending", "limit"], queues)
        + "\n#### Applications\n\n"
        + table(app_columns, apps)
    )


# -- diff -------------------------------------------------------------------------------------


def diff_markdown(changes: Sequence[Change], labels: tuple[str, str], summary: str) -> str:
    shares = [c for c in changes if c.property in SHARE_PROPERTIES]
    others = [c for c in changes if c.property not in SHARE_PROPERTIES]
    out = [f"### fsctl diff `{labels[0]}` → `{labels[1]}`\n\n**{summary}**\n"]
    if shares:
        out.append("\n#### Who gains or loses share\n\n")
        out.append(
            table(
                ["queue", "share", "before", "after", "change"],
                [[c.queue, c.property, c.old, c.new, _delta(c.old, c.new)] for c in shares],
            )
        )
    if others:
        out.append("\n#### Changes\n\n")
        out.append(
            table(
                ["", "queue", "property", "before", "after", "effect"],
                [
                    [_mark(c), c.queue or "(scheduler-wide)", c.property, c.old, c.new, c.effect]
                    for c in others
                ],
            )
        )
    return "".join(out)


def _mark(change: Change) -> str:
    tags: list[str] = [change.kind]
    if change.refresh_refused:
        tags.append("**restart needed**")
    if change.expected:
        tags.append("expected")
    return ", ".join(tags)


def _delta(old: str | None, new: str | None) -> str:
    """``+12.5 pts`` between two ``12.5%`` spellings; empty when either is not one figure."""
    try:
        a = float((old or "").removesuffix("%"))
        b = float((new or "").removesuffix("%"))
    except ValueError:
        return ""
    return f"{b - a:+.1f} pts"


# -- convert ----------------------------------------------------------------------------------


def convert_markdown(
    source: str, findings: Sequence[Diagnostic], shares: Sequence[ShareRow] | None, written: Sequence[str]
) -> str:
    out = [f"### fsctl convert `{source}`\n\n"]
    counts = {s: sum(d.severity.label == s for d in findings) for s in ("error", "warning", "info")}
    out.append(f"**{counts['error']} errors, {counts['warning']} warnings, {counts['info']} infos**\n")
    dropped = [d for d in findings if d.code.startswith(("CV2", "CV3"))]
    rest = [d for d in findings if d not in dropped]
    out.append("\n#### What the migration drops or changes\n\n")
    out.append(table(["code", "queue", "property", "finding"], [_finding(d) for d in dropped]))
    if rest:
        out.append("\n#### Other findings\n\n")
        out.append(table(["code", "queue", "property", "finding"], [_finding(d) for d in rest]))
    if shares is not None:
        out.append("\n#### Shares before and after\n\n")
        out.append(
            table(
                ["leaf queue", "fair steady share", "CS guaranteed", "CS maximum", "change"],
                [
                    [
                        r.queue,
                        _resources(r.fair_steady_share),
                        _resources(r.guaranteed),
                        _resources(r.maximum),
                        "n/a" if r.change_percent is None else f"{r.change_percent:+.1f}%",
                    ]
                    for r in shares
                ],
            )
        )
    if written:
        out.append("\n" + "".join(f"- wrote `{p}`\n" for p in written))
    return "".join(out)


def _finding(d: Diagnostic) -> list[object]:
    where = f" (line {d.line})" if d.line else ""
    return [f"{d.code} {d.severity.label}", d.queue, d.property, d.message + where]
