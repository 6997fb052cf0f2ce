"""``--format markdown``: tables a CI job can post as a pull-request comment (GitHub-flavoured).

``diff`` leads with who gains or loses share, ``convert`` with the migration brief (what changes for
each team, ranked, with its cause; the applications that land elsewhere; what is dropped; the
cutover checklist), then every finding; ``simulate`` is the share table itself. Long tables are cut
at :data:`MAX_ROWS` rows, with a line saying how many were left out; convert's comment stays under
GitHub's :data:`COMMENT_LIMIT` characters, the brief first and the rest cut with a count and a
pointer to the full report. XML element names (``<minResources>``) are code spans, which a
renderer shows instead of swallowing them as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

if TYPE_CHECKING:
    from fsctl.convert.brief import Brief
    from fsctl.convert.shares import ShareRow
    from fsctl.diff.changes import Change
    from fsctl.model.diagnostics import Diagnostic
    from fsctl.report.simulate import SimulateReport

MAX_ROWS = 500
SHARE_PROPERTIES = ("steadyFairShare", "fairShare", "guaranteedCapacity")
#: the most characters GitHub takes in a pull-request comment
COMMENT_LIMIT = 65_536

#: an XML element with its text (``<weight>2.0</weight>``), or a lone tag (``<minResources>``)
_ELEMENT = re.compile(
    r"<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?>[^<>]*</\1\s*>|</?[A-Za-z_][\w.:-]*(?:\s[^<>]*)?/?>"
)


def code_spans(text: str) -> str:
    """Every XML element or tag in ``text`` as a code span (a backtick inside takes a double fence)."""

    def span(match: re.Match[str]) -> str:
        code = match.group(0)
        return f"`` {code} ``" if "`" in code else f"`{code}`"

    return _ELEMENT.sub(span, text)


def cell(text: object) -> str:
    """A table cell: elements as code spans, pipes escaped, newlines folded, empty as an en dash."""
    value = "–" if text is None or text == "" else code_spans(str(text))
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

#: room kept for the note that says what was cut
_NOTE_ROOM = 600


class _Comment:
    """A comment kept under :data:`COMMENT_LIMIT`: text and table rows are added while they fit;
    once one does not, nothing more is, and every row left out is counted by its section."""

    def __init__(self, limit: int = COMMENT_LIMIT) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.limit = limit - _NOTE_ROOM
        self.full = False
        self.cut: dict[str, int] = {}

    def add(self, text: str) -> bool:
        if self.full or self.size + len(text) > self.limit:
            self.full = True
            return False
        self.parts.append(text)
        self.size += len(text)
        return True

    def section(
        self, heading: str, columns: Sequence[str], rows: Sequence[Sequence[object]], what: str
    ) -> None:
        """A heading and a table (:func:`table`'s cells, no row limit but the comment's); ``what``
        names the rows in the note when some are cut."""
        if not rows:
            return
        head = (
            f"\n#### {heading}\n\n| "
            + " | ".join(columns)
            + " |\n|"
            + "|".join("---" for _ in columns)
            + "|\n"
        )
        if not self.add(head):
            self.cut[what] = self.cut.get(what, 0) + len(rows)
            return
        for index, row in enumerate(rows):
            if not self.add("| " + " | ".join(cell(c) for c in row) + " |\n"):
                self.cut[what] = self.cut.get(what, 0) + len(rows) - index
                return

    def text(self, source: str) -> str:
        if self.cut:
            counted = ", ".join(f"{n} {what}" for what, n in self.cut.items())
            self.parts.append(
                f"\n_Cut to stay under GitHub's {COMMENT_LIMIT:,}-character comment limit: {counted} not "
                f"shown. The full report: `fsctl convert {source} … --format text` (or `json`)._\n"
            )
        return "".join(self.parts)


def convert_markdown(
    source: str,
    findings: Sequence[Diagnostic],
    shares: Sequence[ShareRow] | None,
    written: Sequence[str],
    brief: Brief | None = None,
    limit: int = COMMENT_LIMIT,
) -> str:
    """The brief first (what changes per team, applications that land elsewhere, what is dropped,
    the cutover checklist), then every finding and the share table, all under ``limit`` characters."""
    comment = _Comment(limit)
    comment.add(f"### fsctl convert `{source}`: migration brief\n\n")
    if brief is not None:
        _brief_markdown(brief, comment)
    else:
        counts = {s: sum(d.severity.label == s for d in findings) for s in ("error", "warning", "info")}
        comment.add(f"**{counts['error']} errors, {counts['warning']} warnings, {counts['info']} infos**\n")
    comment.section(
        "Every finding", ["code", "queue", "property", "finding"], [_finding(d) for d in findings], "findings"
    )
    if shares is not None:
        comment.section(
            "Shares before and after",
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
            "share rows",
        )
    if written:
        comment.add("\n" + "".join(f"- wrote `{p}`\n" for p in written))
    return comment.text(source)


def _brief_markdown(brief: Brief, comment: _Comment) -> None:
    from fsctl.report.brief import (
        MEASURE_LABELS,
        amount_text,
        cause_text,
        delta_text,
        dropped_where,
        element_text,
        headline,
        level_label,
        load_columns,
        load_sentence,
        team_cells,
    )

    verdict = headline(brief)
    if verdict.changes is not None:
        comment.add(f"**{verdict.changes}** ")
    comment.add(f"{verdict.rest}\n\n{verdict.where}\n")
    figures = brief.figures
    if figures is not None and brief.teams:
        cluster = figures.cluster
        comment.add(
            "\nGuaranteed: the Fair steady fair share before, the guaranteed capacity after; maximum: the "
            "effective maximum on both sides; % of the cluster's memory" + load_sentence(figures) + ".\n"
        )
        demand = bool(figures.demand)
        comment.section(
            "Teams, biggest change first",
            [
                "team",
                "changes",
                "guaranteed",
                "maximum",
                *load_columns(figures, "Fair under this load"),
                "applications",
            ],
            [team_cells(team, cluster, demand, figures.capacity_under_load) for team in brief.teams],
            "team rows",
        )
        changes = [
            [
                f"**{level_label(c.level)}**" if c.level == "major" else level_label(c.level),
                c.queue + (f" (+{len(c.below)} below)" if c.below else ""),
                MEASURE_LABELS[c.measure],
                amount_text(c.before, cluster),
                amount_text(c.after, cluster),
                delta_text(c, cluster),
                "; ".join(cause_text(cause, brief.source, c.queue) for cause in c.causes),
            ]
            for c in brief.changes
        ]
        comment.section(
            "What changes, each once, biggest first",
            ["change", "queue", "measure", "before", "after", "moved", "because"],
            changes,
            "changes",
        )
    comment.section(
        f"Applications that land elsewhere ({brief.moved_count} of {brief.routed} routed)",
        ["applications", "before", "after", "deciding rule after", "for example"],
        [[m.count, m.before, m.after, m.rule, "; ".join(m.examples)] for m in brief.moved],
        "application groups",
    )
    comment.section(
        "What is not carried over",
        ["findings", "element", "code", "where"],
        [
            [
                d.count,
                element_text(d.element) or "–",
                f"{d.code} {d.name}",
                dropped_where(d, brief.source),
            ]
            for d in brief.dropped
        ],
        "dropped groups",
    )
    comment.add("\n#### Cutover checklist\n\n" + _checklist(brief))


def _checklist(brief: Brief) -> str:
    from fsctl.report.brief import checklist

    lines = []
    for step, keys in checklist(brief):
        lines.append(f"- [ ] {code_spans(step)}" + (":" if keys else ""))
        lines += [f"  - {code_spans(key)}" for key in keys]
    return "\n".join(lines) + "\n"


def _finding(d: Diagnostic) -> list[object]:
    where = f" (line {d.line})" if d.line else ""
    return [f"{d.code} {d.severity.label}", d.queue, d.property, d.message + where]
