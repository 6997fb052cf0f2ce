"""The preemption preview of ``fsctl simulate`` on a Capacity Scheduler file, in every format.

The preview (:class:`fsctl.evaluate.capacity_preemption.PreemptionPreview`) rides on the simulate
report (``report.preemption``); :func:`render` writes the report as usual and adds the preview:
a ``preemption`` key in JSON, a section after the capacity table in text and markdown, two tables
in the HTML page, and ``preemption.*`` columns on each queue's CSV row. Each queue shows what it
uses and asks for, its guarantee, the policy's ideal assignment, what the policy would preempt and
set out to obtain, and what the selectors take; the containers follow in the order the policy takes
them, with their application and user.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from fsctl.hadoop.javanum import java_float_str
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

if TYPE_CHECKING:
    from fsctl.evaluate.capacity_preemption import PreemptionPreview, QueuePreemption, SelectedContainer
    from fsctl.report.html import Table
    from fsctl.report.simulate import SimulateReport

#: the queue vectors the tables show, in order: (JSON key, column heading). JSON also has
#: ``to_obtain`` (``actuallyToBePreempted`` after the round: what the selectors still set out to take
#: once earlier selectors' containers are deducted), which reads wrongly beside "taken"
COLUMNS = (
    ("used", "used"),
    ("pending", "pending"),
    ("guaranteed", "guaranteed"),
    ("ideal_assigned", "ideal"),
    ("to_be_preempted", "to preempt"),
    ("selected", "taken"),
)


def render(report: SimulateReport, fmt: str, stream: TextIO, color: bool, source: str) -> None:
    """The simulate report in ``fmt`` with its preemption preview."""
    from fsctl.report.simulate import render as render_report

    preview: PreemptionPreview = report.preemption
    report.preemption = None  # the report alone, then the preview
    try:
        if fmt == "html":
            from fsctl.report.html import simulate_page

            stream.write(simulate_page(report, source, tables=html_tables(preview)))
            return
        base = io.StringIO()
        render_report(report, fmt, base, color, source)
        text = base.getvalue()
    finally:
        report.preemption = preview
    if fmt == "json":
        stream.write(_with_key(text, "preemption", as_json(preview)))
    elif fmt == "csv":
        stream.write(_csv(text, preview))
    elif fmt == "markdown":
        stream.write(text + markdown(preview))
    else:
        stream.write(text)
        _write_lines(stream, text_lines(preview), color)


# -- json --------------------------------------------------------------------------------------


def as_json(preview: PreemptionPreview) -> dict[str, Any]:
    types = preview.types
    return {
        "policy": "ProportionalCapacityPreemptionPolicy",
        "hadoop": ".".join(str(p) for p in preview.hadoop_version),
        "monitor": preview.settings.monitor,
        "calculator": "dominant" if preview.dominant else "default",
        "settings": settings_of(preview),
        "round_limit": _vector(preview.round_limit, types),
        "selectors": list(preview.selectors),
        "leaf_order": list(preview.leaf_order),
        "queues": [_queue_json(q, types) for q in preview.queues],
        "containers": [_container_json(c, types) for c in preview.selected],
        "unreserved": [_container_json(c, types) for c in preview.unreserved],
        "findings": [
            {
                "code": d.code,
                "name": d.name,
                "severity": d.severity.label,
                "message": d.message,
                "queue": d.queue,
                "property": d.property,
                "file": d.file,
                "line": d.line or None,
            }
            for d in preview.findings
        ],
    }


def settings_of(preview: PreemptionPreview) -> dict[str, Any]:
    """The policy's settings under their yarn-site names (after the common prefix)."""
    s = preview.settings
    return {
        "observe_only": s.observe_only,
        "total_preemption_per_round": _float32(s.total_preemption_per_round),
        "max_ignored_over_capacity": s.max_ignored_over_capacity,
        "natural_termination_factor": s.natural_termination_factor,
        "max_wait_before_kill": s.max_wait_before_kill,
        "conservative-drf": s.conservative_drf,
        "intra-queue-preemption.enabled": s.intra_queue,
        "intra-queue-preemption.minimum-threshold": _float32(s.intra_minimum_threshold),
        "intra-queue-preemption.max-allowable-limit": _float32(s.intra_max_allowable_limit),
        "intra-queue-preemption.preemption-order-policy": s.intra_order_policy.lower(),
        "intra-queue-preemption.conservative-drf": s.intra_conservative_drf,
        "preemption-to-balance-queue-after-satisfied.enabled": s.balance_after_satisfied,
        "additional_res_balance_based_on_reserved_containers": s.additional_on_reserved,
        "select_based_on_reserved_containers": s.select_on_reserved,
    }


def _float32(value: float) -> float:
    """A Java float as the decimal Java prints for it (0.1f is 0.1, not 0.10000000149)."""
    return float(java_float_str(value))


def _vector(values: Mapping[str, int], types: Sequence[str]) -> dict[str, int | None]:
    return {t: (None if (v := int(values.get(t, 0))) >= UNBOUNDED else v) for t in types}


def _queue_json(q: QueuePreemption, types: Sequence[str]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "path": q.path,
        "leaf": q.leaf,
        "preemption_disabled": q.preemption_disabled,
    }
    for key in ("guaranteed", "maximum", "used", "pending", "ideal_assigned", "to_be_preempted", "to_obtain"):
        row[key] = _vector(getattr(q, key), types)
    row["untouchable_extra"] = _vector(q.untouchable_extra, types)
    row["preemptable_extra"] = _vector(q.preemptable_extra, types)
    row["selected"] = _vector(q.selected, types)
    row["containers"] = q.containers
    if q.apps:
        row["applications"] = [
            {
                "name": a.name,
                "user": a.user,
                "priority": a.priority,
                "ideal_assigned": _vector(a.ideal_assigned, types),
                "to_be_preempted": _vector(a.to_be_preempted, types),
                "to_obtain": _vector(a.to_obtain, types),
                "wants_from_others": _vector(a.to_be_preempt_from_other, types),
            }
            for a in q.apps
        ]
        row["users"] = {
            name: {
                "user_limit": _vector(u.user_limit, types),
                "ideal_assigned": _vector(u.ideal_assigned, types),
            }
            for name, u in q.users.items()
        }
    return row


def _container_json(c: SelectedContainer, types: Sequence[str]) -> dict[str, Any]:
    return {
        "selector": c.selector,
        "queue": c.queue,
        "application": c.app,
        "user": c.user,
        "container": c.container_id,
        "resource": _vector(c.resource, types),
        "am": c.am,
        "reserved": c.reserved,
    }


def _with_key(document: str, key: str, value: Any) -> str:
    """``document`` (``json.dumps(..., indent=2)`` and a newline) with one more top-level key."""
    from fsctl.report.simulate import dumps_indented

    body = dumps_indented(value).replace("\n", "\n  ")
    head = document.rstrip()
    assert head.endswith("}")
    return f'{head[:-1].rstrip()},\n  "{key}": {body}\n}}\n'


# -- text ----------------------------------------------------------------------------------------


def _amount(value: int, rtype: str) -> str:
    if value >= UNBOUNDED:
        return "inf"
    return f"{value}M" if rtype == MEMORY else str(value)


def short(vector: Mapping[str, int], types: Sequence[str]) -> str:
    """``4096M/4`` (memory/vcores), other types after a comma."""
    main = f"{_amount(vector.get(MEMORY, 0), MEMORY)}/{_amount(vector.get(VCORES, 0), VCORES)}"
    extra = [f"{t}={_amount(vector.get(t, 0), t)}" for t in types if t not in (MEMORY, VCORES)]
    return ",".join([main, *extra])


def headline(preview: PreemptionPreview) -> list[str]:
    s = preview.settings
    version = ".".join(str(p) for p in preview.hadoop_version)
    calculator = "dominant" if preview.dominant else "default"
    lines = [
        f"preemption preview: one round of ProportionalCapacityPreemptionPolicy, Hadoop {version} "
        f"({calculator} resource calculator; selectors: {', '.join(preview.selectors)})",
        f"  the round may preempt {short(preview.round_limit, preview.types)} "
        f"(total_preemption_per_round {java_float_str(s.total_preemption_per_round)}); "
        f"natural_termination_factor {s.natural_termination_factor}, "
        f"max_ignored_over_capacity {s.max_ignored_over_capacity}",
    ]
    if s.observe_only:
        lines.append("  observe_only: the policy selects these containers but preempts none")
    return lines


def text_lines(preview: PreemptionPreview) -> list[tuple[str, str]]:
    """(line, style) pairs after the capacity table."""
    types = preview.types
    out: list[tuple[str, str]] = [("", ""), *((line, "bold") for line in headline(preview))]
    header = f"{'queue':<30}" + "".join(f" {title:>14}" for _, title in COLUMNS)
    out.append((header, "dim"))
    for q in preview.queues:
        name = ("  " * q.depth + q.path.rsplit(".", 1)[-1])[:30]
        cells = "".join(f" {short(getattr(q, key), types):>14}" for key, _ in COLUMNS)
        flags = []
        if q.preemption_disabled:
            flags.append("preemption disabled")
        if q.containers:
            flags.append(f"{q.containers} container{'s' if q.containers != 1 else ''}")
        style = "red" if q.containers and q.leaf else ("dim" if q.preemption_disabled else "")
        out.append((f"{name:<30}{cells}{'  ' + '; '.join(flags) if flags else ''}", style))
    if preview.selected:
        out.append(("containers, in the order the policy takes them:", "bold"))
        for c in preview.selected:
            out.append((f"  {container_text(c, types)}", ""))
    else:
        out.append(("no container is taken this round", "bold"))
    for c in preview.unreserved:
        out.append((f"  unreserved: {c.queue} {c.app} ({c.user}) container {c.container_id}", "dim"))
    for d in preview.findings:
        where = f"{d.location}: " if d.location is not None else ""
        out.append((f"{where}{d.code} {d.message}", "yellow"))
    return out


def container_text(c: SelectedContainer, types: Sequence[str]) -> str:
    kind = " (AM)" if c.am else " (reserved)" if c.reserved else ""
    return (
        f"{c.queue}  {c.app} ({c.user})  container {c.container_id}{kind}  "
        f"{short(c.resource, types)}  [{c.selector}]"
    )


def _write_lines(stream: TextIO, lines: list[tuple[str, str]], color: bool) -> None:
    if not color:
        stream.write("".join(line.rstrip() + "\n" for line, _ in lines))
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    for line, style in lines:
        console.print(Text(line.rstrip(), style=style or ""))


# -- markdown and html ---------------------------------------------------------------------------


def markdown(preview: PreemptionPreview) -> str:
    from fsctl.report.markdown import cell, table

    types = preview.types
    out = ["\n#### Preemption preview\n\n", *(f"{cell(line.strip())}\n\n" for line in headline(preview))]
    rows = [
        [q.path, *(short(getattr(q, key), types) for key, _ in COLUMNS), q.containers or ""]
        for q in preview.queues
    ]
    out.append(table(["queue", *(title for _, title in COLUMNS), "containers"], rows))
    out.append("\n**Containers, in the order the policy takes them**\n\n")
    out.append(
        table(
            ["queue", "application", "user", "container", "resource", "selector"],
            [
                [c.queue, c.app, c.user, _container_label(c), short(c.resource, types), c.selector]
                for c in preview.selected
            ],
            empty="_none this round_",
        )
    )
    if preview.findings:
        out.append("\n" + "".join(f"- {cell(f'{d.code} {d.message}')}\n" for d in preview.findings))
    return "".join(out)


def _container_label(c: SelectedContainer) -> str:
    return f"{c.container_id}" + (" (AM)" if c.am else " (reserved)" if c.reserved else "")


def html_tables(preview: PreemptionPreview) -> list[Table]:
    from fsctl.report.html import Table

    types = preview.types
    queues = Table(
        "Preemption preview: " + " ".join(line.strip() for line in headline(preview)),
        ["queue", *(title for _, title in COLUMNS), "containers"],
        [
            [q.path, *(short(getattr(q, key), types) for key, _ in COLUMNS), str(q.containers or "")]
            for q in preview.queues
        ],
    )
    containers = Table(
        "Containers, in the order the policy takes them",
        ["queue", "application", "user", "container", "resource", "selector"],
        [
            [c.queue, c.app, c.user, _container_label(c), short(c.resource, types), c.selector]
            for c in preview.selected
        ],
        empty="none this round",
    )
    findings = Table(
        "Preemption preview findings",
        ["code", "message"],
        [[d.code, d.message] for d in preview.findings],
        empty="none",
    )
    return [queues, containers, findings] if preview.findings else [queues, containers]


# -- csv -----------------------------------------------------------------------------------------


def _csv(text: str, preview: PreemptionPreview) -> str:
    """The queue rows with ``preemption.*`` columns (empty for queues the preview leaves out)."""
    types = preview.types
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return text
    by_path = {q.path: q for q in preview.queues}
    taken: dict[str, list[str]] = {}
    for c in preview.selected:
        taken.setdefault(c.queue, []).append(f"{c.app}/{c.container_id}")
    keys = ["ideal_assigned", "to_be_preempted", "to_obtain", "selected"]
    header = rows[0] + [f"preemption.{key}.{t}" for key in keys for t in types]
    header += ["preemption.disabled", "preemption.containers"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    path_column = rows[0].index("path")
    # under load the rows are also users and applications (``kind``), which carry their queue's path
    kind_column = rows[0].index("kind") if "kind" in rows[0] else None
    for row in rows[1:]:
        q = by_path.get(row[path_column])
        if q is None or (kind_column is not None and row[kind_column] != "queue"):
            writer.writerow(row + [""] * (len(header) - len(row)))
            continue
        cells = [str(getattr(q, key).get(t, 0)) for key in keys for t in types]
        writer.writerow(
            row + cells + ["true" if q.preemption_disabled else "false", " ".join(taken.get(q.path, []))]
        )
    return out.getvalue()
