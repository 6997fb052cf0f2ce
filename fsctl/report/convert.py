"""Output of ``fsctl convert`` beyond its findings: the JSON document (docs/json.md: the findings
plus the brief, the share table, the routing report and what was written), and the text tables of
shares and of applications that land elsewhere after the switch (the brief's text is
:mod:`fsctl.report.brief`)."""

from __future__ import annotations

from typing import Any

from fsctl.convert.brief import Brief
from fsctl.convert.converter import ConversionResult
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import MEMORY, VCORES
from fsctl.report import FileReport


def report_json(
    reports: list[FileReport],
    conversion: ConversionResult | None,
    cluster: dict[str, int] | None,
    written: list[str],
    brief: Brief | None = None,
) -> dict[str, Any]:
    """The findings shape of docs/json.md, plus the brief, the share table and what was written."""
    from fsctl.report.json_report import report_dict

    ordered = [FileReport(f.path, f.format, sorted(f.diagnostics, key=Diagnostic.sort_key)) for f in reports]
    document = report_dict(ordered)
    if brief is not None:
        document["brief"] = brief.to_json()
    if conversion is not None:
        document["cluster"] = cluster
        document["shares"] = (
            [row.to_json() for row in conversion.shares] if conversion.shares is not None else None
        )
        document["verified"] = conversion.verified
        if conversion.routing is not None:
            from fsctl.report.route import route_json

            document["routing"] = route_json(conversion.routing)["apps"]
        document["written"] = written
    return document


def routing_text(conversion: ConversionResult, color: bool) -> str:
    """The applications that land elsewhere, or are rejected, after the switch."""
    if conversion.routing is None:
        return ""
    from fsctl.report.route import route_text

    routed = conversion.routing
    probes = conversion.probes
    header = (
        f"\nRouting: {len(routed)} of {probes} probe applications land elsewhere or are rejected "
        "after the switch"
    )
    if not routed:
        return header + "\n"
    return header + ":\n" + route_text(routed, color)


def share_table_text(conversion: ConversionResult, cluster: dict[str, int] | None) -> str:
    """The leaf queues' shares before (Fair steady share) and after (guaranteed, maximum)."""
    rows = conversion.shares or []
    cluster = cluster or {}
    header = ("leaf queue", "fair steady", "CS guaranteed", "CS maximum", "change")
    lines = [
        f"\nShares on a cluster of {cluster.get(MEMORY, 0)} MB, {cluster.get(VCORES, 0)} vcores "
        "(memory; vcores in brackets):"
    ]
    table = [header]
    for row in rows:
        change = "n/a" if row.change_percent is None else f"{round(row.change_percent, 1) + 0.0:+.1f}%"
        table.append(
            (
                row.queue,
                _cell(row.fair_steady_share),
                _cell(row.guaranteed),
                _cell(row.maximum),
                change,
            )
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        lines.append(
            "  "
            + "  ".join(
                cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(r)
            )
        )
    return "\n".join(lines) + "\n"


def _cell(vector: dict[str, int]) -> str:
    memory = vector.get(MEMORY)
    vcores = vector.get(VCORES)
    text = "-" if memory is None else f"{memory} MB"
    return text + (f" [{vcores}]" if vcores is not None else "")
