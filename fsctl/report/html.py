"""``--format html``: one self-contained page with a picture of the shares.

Nothing is fetched: the style, the script and the pictures are inline. Each panel (one for
simulate, before and after side by side for convert and diff) has an SVG of the queue tree drawn
as an icicle, every queue as wide as its share of the cluster's memory, switchable between the
shares the scheduler computes (steady, instantaneous, guaranteed, maximum), and below it the whole
tree as nested ``<details>``, with a bar and a figure per share.

At 10,000 queues the page stays readable: the picture draws at most :data:`SVG_DEPTH` levels, and
siblings narrower than :data:`MIN_WIDTH` pixels are one block (``+243 queues 98.8%``); the tree
opens only as many levels as keep about :data:`OPEN_ROWS` rows in view (always the root's).
Colours are the Okabe-Ito palette, safe for colour-blind readers, and every bar carries its figure
as text, so no reading depends on colour. The page is identical run to run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from fsctl.model.resources import MEMORY, UNBOUNDED
from fsctl.report.simulate import Row, SimulateReport

#: pixels of the icicle's width (alone, and side by side), rows and how deep it is drawn
SVG_WIDTH = 960
SIDE_BY_SIDE_WIDTH = 600
ROW_HEIGHT = 26
SVG_DEPTH = 4
MIN_WIDTH = 6.0
#: rows of the tree in view when the page loads, about (the levels that fit are open)
OPEN_ROWS = 200


@dataclass(frozen=True)
class Measure:
    key: str  # css class and data attribute
    label: str
    #: the row key holding it, per scheduler
    fair: str | None
    capacity: str | None
    #: unbounded (null) means the whole cluster
    unbounded_is_cluster: bool = False


MEASURES = (
    Measure("steady", "steady fair share", "steady_fair_share", None),
    Measure("instantaneous", "instantaneous fair share", "fair_share", None),
    Measure("guaranteed", "guaranteed", "min_share", "guaranteed"),
    Measure("maximum", "maximum", "max_share", "maximum", unbounded_is_cluster=True),
    # the Capacity Scheduler under a demand snapshot: what queues held before, and after
    Measure("before", "used before", None, "load.used_start"),
    Measure("allocated", "allocated under load", None, "load.used"),
)


@dataclass
class Panel:
    """One tree of shares: a heading and the simulate report it is drawn from."""

    heading: str
    report: SimulateReport


@dataclass
class Table:
    """A table under the pictures: the changes of a diff, the findings of a conversion."""

    heading: str
    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    #: shown instead of an empty table
    empty: str = "nothing"


@dataclass
class Page:
    title: str
    subtitle: str
    panels: list[Panel]
    tables: list[Table] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def measures_of(report: SimulateReport) -> list[Measure]:
    """The shares the report has: instantaneous ones only with a demand snapshot (without one no
    queue is active, and every instantaneous share is 0)."""
    fair = report.format != "capacity-scheduler"
    shown = [m for m in MEASURES if (m.fair if fair else m.capacity)]
    if not report.load:
        shown = [m for m in shown if not (m.capacity or "").startswith("load.")]
    return [m for m in shown if m.key != "instantaneous" or report.active_view]


def fraction(row: Row, measure: Measure, report: SimulateReport) -> float | None:
    """The measure's share of the cluster's memory, 0..1; None when not computed."""
    key = measure.fair if report.format != "capacity-scheduler" else measure.capacity
    vector: Any = row
    for part in key.split(".") if key else ():
        vector = vector.get(part) if isinstance(vector, dict) else None
    total = report.cluster.get(MEMORY) or 0
    if not isinstance(vector, dict) or not total:
        return None
    if MEMORY not in vector:
        return None
    value = vector[MEMORY]
    if value is None:
        return 1.0 if measure.unbounded_is_cluster else None
    return min(float(value), float(UNBOUNDED)) / total


def percent(value: float | None) -> str:
    if value is None:
        return "–"
    return "<0.1%" if 0 < value < 0.0005 else f"{value * 100:.1f}%"


# -- the icicle ---------------------------------------------------------------------------------


def _children(rows: Sequence[Row]) -> dict[str | None, list[Row]]:
    children: dict[str | None, list[Row]] = {}
    known = {r["path"] for r in rows}
    for row in rows:
        parent = row.get("parent")
        children.setdefault(parent if parent in known else None, []).append(row)
    return children


def icicle(report: SimulateReport, measure: Measure, hidden: bool, svg_width: int = SVG_WIDTH) -> str:
    """The tree as rows of rectangles, each as wide as its share (siblings squeezed into their
    parent when their shares add up to more, as maximums do)."""
    children = _children(report.rows)
    shapes: list[str] = []
    depth_used = 0

    def place(row: Row, x: float, width: float, depth: int) -> None:
        nonlocal depth_used
        depth_used = max(depth_used, depth)
        share = fraction(row, measure, report)
        name = str(row["path"]).rsplit(".", 1)[-1] if depth else str(row["path"])
        label = f"{name} {percent(share)}"
        y = depth * ROW_HEIGHT
        shapes.append(
            f'<g class="q d{min(depth, 5)}"><title>{escape(str(row["path"]))}: {measure.label} '
            f"{percent(share)}</title>"
            f'<rect x="{x:.1f}" y="{y}" width="{max(width - 1, 0.5):.1f}" height="{ROW_HEIGHT - 2}" rx="2"/>'
        )
        if width >= 9 * len(label) + 8:
            shapes.append(f'<text x="{x + 4:.1f}" y="{y + ROW_HEIGHT - 9}">{escape(label)}</text>')
        elif width >= 9 * len(name) + 8:
            shapes.append(f'<text x="{x + 4:.1f}" y="{y + ROW_HEIGHT - 9}">{escape(name)}</text>')
        shapes.append("</g>")
        kids = children.get(str(row["path"]), [])
        if depth + 1 >= SVG_DEPTH or not kids:
            return
        shares = [max(fraction(k, measure, report) or 0.0, 0.0) for k in kids]
        total = sum(shares)
        if share and total <= share + 1e-9:
            scale = width / share  # the parent's own scale: gaps are share no child holds
        elif total:
            scale = width / total
        else:
            return
        offset = x
        narrow: list[float] = []
        for kid, kid_share in zip(kids, shares, strict=True):
            kid_width = kid_share * scale
            if kid_width < MIN_WIDTH:
                narrow.append(kid_share)
                continue
            place(kid, offset, kid_width, depth + 1)
            offset += kid_width
        if narrow and sum(narrow) * scale >= 1:
            many(offset, sum(narrow) * scale, len(narrow), sum(narrow), depth + 1)

    def many(x: float, width: float, count: int, share: float, depth: int) -> None:
        """Siblings too narrow to draw one by one, as one block after the others."""
        nonlocal depth_used
        depth_used = max(depth_used, depth)
        y = depth * ROW_HEIGHT
        # maximums overlap: their sum is no share of anything
        together = f" {percent(min(share, 1.0))}" if share <= 1.001 else ""  # Hadoop rounds up a little
        label = f"+{count} queues{together}"
        summed = f", {measure.label}{together} together" if together else ""
        shapes.append(
            f'<g class="q more"><title>{count} queues narrower than {MIN_WIDTH:g} pixels{summed} '
            "(the tree below lists them)</title>"
            f'<rect x="{x:.1f}" y="{y}" width="{max(width - 1, 0.5):.1f}" height="{ROW_HEIGHT - 2}" rx="2"/>'
        )
        if width >= 9 * len(label) + 8:
            shapes.append(f'<text x="{x + 4:.1f}" y="{y + ROW_HEIGHT - 9}">{escape(label)}</text>')
        shapes.append("</g>")

    for top in children.get(None, []):
        top_share = fraction(top, measure, report)
        place(top, 0.0, svg_width * (top_share if top_share is not None else 1.0), 0)
    height = (depth_used + 1) * ROW_HEIGHT
    style = ' style="display:none"' if hidden else ""
    return (
        f'<svg class="icicle" data-measure="{measure.key}" viewBox="0 0 {svg_width} {height}" '
        f'width="{svg_width}" height="{height}" role="img"{style} '
        f'aria-label="queue tree sized by {measure.label}">' + "".join(shapes) + "</svg>"
    )


# -- the tree -----------------------------------------------------------------------------------


def tree_html(report: SimulateReport, measures: Sequence[Measure]) -> str:
    children = _children(report.rows)
    out: list[str] = []
    open_depth = _open_depth(report.rows)

    def bars(row: Row) -> str:
        cells = []
        for m in measures:
            share = fraction(row, m, report)
            width = 0.0 if share is None else max(0.0, min(share, 1.0)) * 100
            cells.append(
                f'<span class="cell {m.key}" title="{m.label}"><span class="bar"><span style="width:'
                f'{width:.1f}%"></span></span><span class="fig">{percent(share)}</span></span>'
            )
        return "".join(cells)

    def node(row: Row, depth: int) -> None:
        path = str(row["path"])
        name = path.rsplit(".", 1)[-1] if depth else path
        indent = f' style="padding-left:{depth * 1.1:.1f}rem"' if depth else ""
        head = f'<span class="name"{indent} title="{escape(path)}">{escape(name)}</span>{bars(row)}'
        kids = children.get(path, [])
        if not kids:
            out.append(f'<div class="leaf row">{head}</div>')
            return
        opened = " open" if depth <= open_depth else ""
        out.append(f'<details{opened}><summary class="row">{head}</summary>')
        for kid in kids:
            node(kid, depth + 1)
        out.append("</details>")

    for top in children.get(None, []):
        node(top, 0)
    header = "".join(f'<span class="cell {m.key}">{m.label}</span>' for m in measures)
    head = f'<div class="row head"><span class="name">queue</span>{header}</div>'
    return f'<div class="tree">{head}{"".join(out)}</div>'


def _open_depth(rows: Sequence[Row]) -> int:
    """The deepest level whose queues are open at load with about :data:`OPEN_ROWS` rows in view
    (opening level d shows the rows down to d + 1); the root is always open."""
    per_level: dict[int, int] = {}
    for row in rows:
        depth = int(row.get("_depth", 0))
        per_level[depth] = per_level.get(depth, 0) + 1
    shown, deepest = per_level.get(0, 0), 0
    for depth in sorted(per_level)[1:]:
        shown += per_level[depth]
        if shown > OPEN_ROWS:
            break
        deepest = depth
    return max(0, deepest - 1) if deepest < max(per_level, default=0) else deepest


# -- the page -----------------------------------------------------------------------------------

_STYLE = """
:root{--steady:#0072B2;--instantaneous:#E69F00;--guaranteed:#009E73;--maximum:#CC79A7;
--before:#56B4E9;--allocated:#D55E00;color-scheme:light}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5rem;
color:#1b1b1b;background:#fff}
h1{font-size:1.4rem;margin:0 0 .2rem}h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
.sub{color:#444;margin:0 0 1rem}
.panels{display:grid;grid-template-columns:repeat(auto-fit,minmax(480px,1fr));gap:1.5rem}
.panel{min-width:0}.panel h2{margin-top:0}
.pic{overflow-x:auto;border:1px solid #ccc;padding:4px;background:#fafafa}
.icicle{width:100%;height:auto;display:block}
.icicle rect{stroke:#fff;stroke-width:1}
.icicle text{font-size:14px;fill:#000;pointer-events:none}
.d0 rect{fill:#9ecae1}.d1 rect{fill:#c6dbef}.d2 rect{fill:#deebf7}.d3 rect{fill:#eef5fb}
.d4 rect,.d5 rect{fill:#f7fbff}.more rect{fill:#d9d9d9}
.measures{margin:.4rem 0}.measures label{margin-right:1rem;white-space:nowrap}
.key{display:inline-block;width:.9em;height:.9em;vertical-align:-.1em;margin-right:.3em;border:1px solid #333}
.tools button{font:inherit;margin-right:.4rem}
.tree{margin-top:.6rem;font-variant-numeric:tabular-nums}
.row{display:flex;align-items:center;gap:.5rem;padding:1px 0}
.row.head{font-weight:600;border-bottom:1px solid #999}
.name{flex:1 1 9rem;min-width:6rem;box-sizing:border-box;overflow:hidden;text-overflow:ellipsis;
white-space:nowrap}
.cell{flex:0 0 6.6rem;display:flex;align-items:center;gap:.3rem;font-size:12px}
.bar{flex:1;height:.7rem;background:#eee;border:1px solid #bbb;position:relative}
.bar span{display:block;height:100%}
.steady .bar span{background:var(--steady)}.instantaneous .bar span{background:var(--instantaneous)}
.guaranteed .bar span{background:var(--guaranteed)}.maximum .bar span{background:var(--maximum)}
.before .bar span{background:var(--before)}.allocated .bar span{background:var(--allocated)}
.fig{flex:0 0 3rem;text-align:right}
.tree{overflow-x:auto}
summary{cursor:pointer;list-style:none}summary::-webkit-details-marker{display:none}
details>summary .name::before{content:"\\25B8\\00A0"}
details[open]>summary .name::before{content:"\\25BE\\00A0"}
.leaf .name::before{content:"\\2022\\00A0";color:#777}
summary.row:hover,.leaf:hover{background:#f0f4f8}
table{border-collapse:collapse;margin:.3rem 0}
th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee}
.notes li{color:#333}
"""

_SCRIPT = """
(function(){
  var root=document.documentElement;
  document.querySelectorAll('.panel').forEach(function(panel){
    var pics=panel.querySelectorAll('svg.icicle');
    panel.querySelectorAll('input[type=radio]').forEach(function(input){
      input.addEventListener('change',function(){
        pics.forEach(function(svg){svg.style.display=svg.getAttribute('data-measure')===input.value?'':'none';});
      });
    });
  });
  function all(open){document.querySelectorAll('details').forEach(function(d){d.open=open;});}
  var expand=document.getElementById('expand'),collapse=document.getElementById('collapse');
  if(expand){expand.addEventListener('click',function(){all(true);});}
  if(collapse){collapse.addEventListener('click',function(){all(false);});}
  var count=document.getElementById('queue-count');
  if(count){count.textContent=String(document.querySelectorAll('.tree .row:not(.head)').length);}
  root.setAttribute('data-rendered','yes');
})();
"""


def _panel(index: int, panel: Panel, svg_width: int) -> str:
    measures = measures_of(panel.report)
    first = measures[0]
    choices = "".join(
        f'<label><input type="radio" name="measure{index}" value="{m.key}"'
        f'{" checked" if m is first else ""}><span class="key" style="background:var(--{m.key})"></span>'
        f"{m.label}</label>"
        for m in measures
    )
    pictures = "".join(icicle(panel.report, m, m is not first, svg_width) for m in measures)
    return (
        f'<section class="panel"><h2>{escape(panel.heading)}</h2>'
        f'<div class="measures" role="group" aria-label="size the tree by">Size by: {choices}</div>'
        f'<div class="pic">{pictures}</div>{tree_html(panel.report, measures)}</section>'
    )


def _table(table: Table) -> str:
    if not table.rows:
        return f"<h2>{escape(table.heading)}</h2><p>{escape(table.empty)}</p>"
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    return (
        f"<h2>{escape(table.heading)}</h2><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def render_page(page: Page) -> str:
    svg_width = SVG_WIDTH if len(page.panels) == 1 else SIDE_BY_SIDE_WIDTH
    panels = "".join(_panel(i, p, svg_width) for i, p in enumerate(page.panels))
    notes = (
        "<h2>Notes</h2><ul class=notes>" + "".join(f"<li>{escape(n)}</li>" for n in page.notes) + "</ul>"
        if page.notes
        else ""
    )
    queues = sum(len(p.report.rows) for p in page.panels)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">"
        f"<title>{escape(page.title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{escape(page.title)}</h1><p class=sub>{escape(page.subtitle)} · "
        f'<span id="queue-count">{queues}</span> queue rows</p>'
        '<p class="tools"><button id="expand" type="button">Expand all</button>'
        '<button id="collapse" type="button">Collapse all</button> '
        "Widths and bars are shares of the cluster's memory; hover a block for its full path.</p>"
        f'<div class="panels">{panels}</div>'
        + "".join(_table(t) for t in page.tables)
        + notes
        + f"<script>{_SCRIPT}</script></body></html>\n"
    )


def simulate_page(report: SimulateReport, source: str) -> str:
    subtitle = " ".join(report.header) if report.header else _cluster(report.cluster)
    tables = [_applications(report)] if report.load else []
    return render_page(
        Page(f"fsctl simulate: {source}", subtitle, [Panel(source, report)], tables, notes=report.notes)
    )


def _applications(report: SimulateReport) -> Table:
    """The applications of a Capacity Scheduler under load, with what binds each."""

    def amount(vector: Any) -> str:
        if not isinstance(vector, dict):
            return "–"
        return f"{vector.get(MEMORY) or 0} MB, {vector.get('vcores') or 0} vcores"

    rows = [
        [
            str(row["path"]),
            str(app["name"]),
            str(app["user"]),
            str(app["state"]),
            amount(app.get("used_start")),
            amount(app.get("allocated")),
            amount(app.get("pending")),
            str(app.get("limit") or ""),
        ]
        for row in report.rows
        for app in (row.get("load") or {}).get("applications") or []
    ]
    columns = ["queue", "application", "user", "state", "used before", "allocated", "pending", "limit"]
    return Table("Applications", columns, rows, empty="no application")


def _cluster(cluster: dict[str, Any]) -> str:
    return "cluster " + ", ".join(f"{k}={v}" for k, v in cluster.items())
