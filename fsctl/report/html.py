"""``--format html``: one self-contained page with a picture of the shares.

Nothing is fetched: the style, the script and the pictures are inline. Each panel (one for
simulate, before and after side by side for convert and diff) has an SVG of the queue tree drawn
as an icicle, every queue as wide as its share of the cluster's memory, switchable between the
shares the scheduler computes (steady, instantaneous, guaranteed, maximum), and below it the whole
tree as nested ``<details>``, with a bar and a figure per share (and, under a demand snapshot, the
queue's demand, usage and starvation). Both schedulers are drawn alike: the Fair Scheduler's
guarantee is its min share, and its maximum the effective one (its own and its ancestors' limits,
as the Capacity Scheduler's absolute maximum is), the configured value in the bar's tooltip; root
has the whole cluster.

convert's page opens with the migration brief (:func:`brief_section`), has the routing table and
every finding grouped by code in collapsible sections (:func:`findings_section`), and ends with the
cutover checklist.

At 10,000 queues the page stays readable: the picture draws at most :data:`SVG_DEPTH` levels, and
siblings narrower than :data:`MIN_WIDTH` pixels are one block (``+243 queues 98.8%``); the tree
opens only as many levels as keep about :data:`OPEN_ROWS` rows in view (always the root's).
Colours are the Okabe-Ito palette, safe for colour-blind readers, and every bar carries its figure
as text, so no reading depends on colour. The page is identical run to run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from fsctl.model.resources import MEMORY, UNBOUNDED
from fsctl.report.simulate import Row, SimulateReport

if TYPE_CHECKING:
    from fsctl.convert.brief import Brief
    from fsctl.model.diagnostics import Diagnostic
    from fsctl.routing.engine import RoutedApp

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
    """One tree of shares: a heading and the simulate report it is drawn from; ``load`` adds each
    queue's demand, usage and starvation to the tree (simulate's page, under a demand snapshot)."""

    heading: str
    report: SimulateReport
    load: bool = False


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
    #: sections (html) before the pictures, and after the tables
    lead: list[str] = field(default_factory=list)
    trail: list[str] = field(default_factory=list)


def measures_of(report: SimulateReport) -> list[Measure]:
    """The shares the report has: instantaneous ones only with a demand snapshot (without one no
    queue is active, and every instantaneous share is 0)."""
    fair = report.format != "capacity-scheduler"
    shown = [m for m in MEASURES if (m.fair if fair else m.capacity)]
    if not report.load:
        shown = [m for m in shown if not (m.capacity or "").startswith("load.")]
    return [m for m in shown if m.key != "instantaneous" or report.active_view]


def fraction(row: Row, measure: Measure, report: SimulateReport) -> float | None:
    """The measure's share of the cluster's memory as the row has it, 0..1; None when not computed."""
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


@dataclass(frozen=True)
class Share:
    """A queue's share of the cluster's memory for one measure (0..1; None: not computed), and what
    its tooltip adds (the configured value, where the share drawn is the effective one)."""

    fraction: float | None
    note: str = ""


def shares_of(report: SimulateReport, measure: Measure) -> dict[str, Share]:
    """Every row's share, drawn alike for both schedulers: root has the whole cluster as its
    guarantee (a Fair root has no min share of its own), and a maximum is the effective one (a Fair
    queue holds no more than any ancestor's limit, FSQueue.assignContainerPreCheck; a Capacity
    queue's absolute maximum is already so), with the configured value in the note."""
    capacity = report.format == "capacity-scheduler"
    shares: dict[str, Share] = {}
    for row in report.rows:
        path = str(row["path"])
        own = fraction(row, measure, report)
        parent = row.get("parent")
        if measure.key == "guaranteed" and parent is None:
            shares[path] = Share(1.0, "root has the whole cluster")
        elif measure.key == "maximum":
            above = shares.get(str(parent)) if parent is not None else None
            ceiling = above.fraction if above is not None and above.fraction is not None else 1.0
            effective = min(own if own is not None else 1.0, ceiling)
            if capacity:
                configured = row.get("maximum_capacity")
                note = (
                    f"configured maximum-capacity {configured:g}% of its parent"
                    if configured is not None
                    else ""
                )
            else:
                limit = (row.get("max_share") or {}).get(MEMORY)
                note = (
                    f"configured maxResources {percent(own)}"
                    if limit is not None
                    else "no maxResources of its own"
                )
            shares[path] = Share(effective, note)
        else:
            shares[path] = Share(own)
    return shares


# -- the icicle ---------------------------------------------------------------------------------


def _children(rows: Sequence[Row]) -> dict[str | None, list[Row]]:
    children: dict[str | None, list[Row]] = {}
    known = {r["path"] for r in rows}
    for row in rows:
        parent = row.get("parent")
        children.setdefault(parent if parent in known else None, []).append(row)
    return children


def icicle(
    report: SimulateReport,
    measure: Measure,
    hidden: bool,
    svg_width: int = SVG_WIDTH,
    shares: Mapping[str, Share] | None = None,
) -> str:
    """The tree as rows of rectangles, each as wide as its share (siblings squeezed into their
    parent when their shares add up to more, as maximums do)."""
    table = shares if shares is not None else shares_of(report, measure)
    children = _children(report.rows)
    shapes: list[str] = []
    depth_used = 0

    def place(row: Row, x: float, width: float, depth: int) -> None:
        nonlocal depth_used
        depth_used = max(depth_used, depth)
        path = str(row["path"])
        found = table.get(path)
        share = found.fraction if found is not None else None
        name = path.rsplit(".", 1)[-1] if depth else path
        label = f"{name} {percent(share)}"
        note = f" ({found.note})" if found is not None and found.note else ""
        y = depth * ROW_HEIGHT
        shapes.append(
            f'<g class="q d{min(depth, 5)}"><title>{escape(path)}: {measure.label} '
            f"{percent(share)}{escape(note)}</title>"
            f'<rect x="{x:.1f}" y="{y}" width="{max(width - 1, 0.5):.1f}" height="{ROW_HEIGHT - 2}" rx="2"/>'
        )
        if width >= 9 * len(label) + 8:
            shapes.append(f'<text x="{x + 4:.1f}" y="{y + ROW_HEIGHT - 9}">{escape(label)}</text>')
        elif width >= 9 * len(name) + 8:
            shapes.append(f'<text x="{x + 4:.1f}" y="{y + ROW_HEIGHT - 9}">{escape(name)}</text>')
        shapes.append("</g>")
        kids = children.get(path, [])
        if depth + 1 >= SVG_DEPTH or not kids:
            return
        kid_shares = []
        for kid in kids:
            entry = table.get(str(kid["path"]))
            kid_shares.append(max(entry.fraction or 0.0, 0.0) if entry is not None else 0.0)
        total = sum(kid_shares)
        if share and total <= share + 1e-9:
            scale = width / share  # the parent's own scale: gaps are share no child holds
        elif total:
            scale = width / total
        else:
            return
        offset = x
        narrow: list[float] = []
        for kid, kid_share in zip(kids, kid_shares, strict=True):
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
        entry = table.get(str(top["path"]))
        top_share = entry.fraction if entry is not None else None
        place(top, 0.0, svg_width * (top_share if top_share is not None else 1.0), 0)
    height = (depth_used + 1) * ROW_HEIGHT
    style = ' style="display:none"' if hidden else ""
    return (
        f'<svg class="icicle" data-measure="{measure.key}" viewBox="0 0 {svg_width} {height}" '
        f'width="{svg_width}" height="{height}" role="img"{style} '
        f'aria-label="queue tree sized by {measure.label}">' + "".join(shapes) + "</svg>"
    )


# -- the tree -----------------------------------------------------------------------------------


def tree_html(
    report: SimulateReport,
    measures: Sequence[Measure],
    tables: Mapping[str, Mapping[str, Share]] | None = None,
    load: bool = False,
) -> str:
    """The whole tree as nested ``<details>``: a bar and a figure per measure (``tables``: the
    shares per measure key, worked out here when not given) and, with ``load``, the queue's demand,
    usage and starvation."""
    shares = tables if tables is not None else {m.key: shares_of(report, m) for m in measures}
    children = _children(report.rows)
    out: list[str] = []
    open_depth = _open_depth(report.rows)
    with_load = load and report.format != "capacity-scheduler"

    def bars(row: Row) -> str:
        cells = []
        path = str(row["path"])
        for m in measures:
            found = shares[m.key].get(path)
            share = found.fraction if found is not None else None
            width = 0.0 if share is None else max(0.0, min(share, 1.0)) * 100
            note = f"; {found.note}" if found is not None and found.note else ""
            cells.append(
                f'<span class="cell {m.key}" title="{escape(m.label + note)}"><span class="bar"><span '
                f'style="width:{width:.1f}%"></span></span><span class="fig">{percent(share)}</span></span>'
            )
        if with_load:
            cells.append(_load_cells(row))
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
    if with_load:
        header += "".join(f'<span class="load">{label}</span>' for label in LOAD_LABELS)
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
table{border-collapse:collapse;margin:.3rem 0;max-width:100%}
th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:#eee}
.wide{max-width:100%;overflow-x:auto}
.notes li{color:#333}
.verdict{font-size:1.05rem}
.brief table.changes{width:100%}
tr.team th{background:#f3f6f9;font-weight:600}
tr.major td.level{color:#a30000;font-weight:700}
tr.moderate td.level{color:#8a5a00}
details.group{margin:.2rem 0}
details.group>summary{cursor:pointer;list-style:revert;padding:2px 0}
.sev{display:inline-block;min-width:4.2rem;font-size:12px;padding:0 4px;border:1px solid #999;
text-align:center}
.sev.error{background:#fbe3e3}.sev.warning{background:#fdf2d6}.sev.info{background:#e6f0fa}
.count{display:inline-block;min-width:1.6rem;padding:0 4px;border-radius:8px;background:#ddd;
text-align:center}
.checklist li{list-style:"\2610\00A0\00A0";margin:.15rem 0}.checklist li li{list-style:disc}
.load{flex:0 0 5rem;font-size:12px;text-align:right;white-space:nowrap}
.load.starved{color:#a30000;font-weight:600}
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


#: the load figures of simulate's tree under a demand snapshot
LOAD_LABELS = ("demand", "usage", "starved")


def _load_cells(row: Row) -> str:
    """Demand, usage and starvation (the larger of min-share and fair-share starvation) of memory."""
    from fsctl.report.brief import memory_text

    def memory(vector: object) -> int:
        value = vector.get(MEMORY) if isinstance(vector, dict) else None
        return int(value) if value is not None else 0

    starvation = row.get("starvation") or {}
    starved = max(memory(starvation.get("min_share")), memory(starvation.get("fair_share")))
    figures = (memory(row.get("demand")), memory(row.get("usage")), starved)
    return "".join(
        f'<span class="load{" starved" if label == "starved" and value else ""}" title="{label} (memory)">'
        f"{memory_text(value) if value else '–'}</span>"
        for label, value in zip(LOAD_LABELS, figures, strict=True)
    )


def _panel(index: int, panel: Panel, svg_width: int) -> str:
    measures = measures_of(panel.report)
    first = measures[0]
    tables = {m.key: shares_of(panel.report, m) for m in measures}
    choices = "".join(
        f'<label><input type="radio" name="measure{index}" value="{m.key}"'
        f'{" checked" if m is first else ""}><span class="key" style="background:var(--{m.key})"></span>'
        f"{m.label}</label>"
        for m in measures
    )
    pictures = "".join(icicle(panel.report, m, m is not first, svg_width, tables[m.key]) for m in measures)
    return (
        f'<section class="panel"><h2>{escape(panel.heading)}</h2>'
        f'<div class="measures" role="group" aria-label="size the tree by">Size by: {choices}</div>'
        f'<div class="pic">{pictures}</div>{tree_html(panel.report, measures, tables, panel.load)}</section>'
    )


def _table(table: Table) -> str:
    if not table.rows:
        return f"<h2>{escape(table.heading)}</h2><p>{escape(table.empty)}</p>"
    head = "".join(f"<th>{escape(c)}</th>" for c in table.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    return (
        f'<h2>{escape(table.heading)}</h2><div class="wide"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
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
        + "".join(page.lead)
        + '<p class="tools"><button id="expand" type="button">Expand all</button>'
        '<button id="collapse" type="button">Collapse all</button> '
        "Widths and bars are shares of the cluster's memory; hover a block for its full path.</p>"
        f'<div class="panels">{panels}</div>'
        + "".join(_table(t) for t in page.tables)
        + "".join(page.trail)
        + notes
        + f"<script>{_SCRIPT}</script></body></html>\n"
    )


def simulate_page(report: SimulateReport, source: str, tables: Sequence[Table] = ()) -> str:
    subtitle = " ".join(report.header) if report.header else _cluster(report.cluster)
    panel = Panel(source, report, load=report.active_view)
    shown = [_applications(report)] if report.load else []
    return render_page(
        Page(f"fsctl simulate: {source}", subtitle, [panel], tables=[*shown, *tables], notes=report.notes)
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


# -- convert: the brief, the routing table, the findings, the checklist ---------------------------


def brief_section(brief: Brief) -> str:
    """The migration brief: the verdict, the teams (biggest change first), every change once
    (biggest first, with its cause chain), the applications that land elsewhere and what is not
    carried over."""
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
    parts = ['<section class="brief"><h2>Migration brief</h2><p class="verdict">']
    if verdict.changes is not None:
        parts.append(f"<strong>{escape(verdict.changes)}</strong> ")
    parts.append(f"{escape(verdict.rest)}</p><p>{escape(verdict.where)}</p>")
    figures = brief.figures
    if figures is not None and brief.teams:
        cluster = figures.cluster
        demand = bool(figures.demand)
        parts.append(
            "<p class=sub>Guaranteed: the Fair steady fair share before, the guaranteed capacity after; "
            "maximum: the effective maximum on both sides; percentages of the cluster's memory"
            + escape(load_sentence(figures))
            + ". Because: the finding, the Fair element and the capacity-scheduler.xml key it became.</p>"
        )
        columns = ("team", "changes", "guaranteed", "maximum", *load_columns(figures, "Fair under this load"))
        parts.append(
            _table(
                Table(
                    "Teams, biggest change first",
                    (*columns, "applications"),
                    [team_cells(team, cluster, demand, figures.capacity_under_load) for team in brief.teams],
                )
            )
        )
        rows = []
        for c in brief.changes:
            queue = c.queue + (f" (+{len(c.below)} below: {', '.join(c.below)})" if c.below else "")
            causes = "<br>".join(escape(cause_text(cause, brief.source, c.queue)) for cause in c.causes)
            rows.append(
                f'<tr class="{c.level}"><td class="level">{escape(level_label(c.level))}</td>'
                f"<td>{escape(queue)}</td><td>{escape(MEASURE_LABELS[c.measure])}</td>"
                f"<td>{escape(amount_text(c.before, cluster))}</td>"
                f"<td>{escape(amount_text(c.after, cluster))}</td>"
                f"<td>{escape(delta_text(c, cluster))}</td><td>{causes}</td></tr>"
            )
        if rows:
            parts.append(
                "<h2>What changes, biggest first</h2>"
                '<div class="wide"><table class="changes"><thead><tr><th>change</th><th>queue</th>'
                "<th>measure</th><th>before</th><th>after</th><th>moved</th><th>because</th></tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table></div>"
            )
    if brief.moved:
        moved = [[str(m.count), m.before, m.after, m.rule, "; ".join(m.examples)] for m in brief.moved]
        parts.append(
            _table(
                Table(
                    f"Applications that land elsewhere ({brief.moved_count} of {brief.routed} routed)",
                    ("applications", "before", "after", "deciding rule after", "for example"),
                    moved,
                )
            )
        )
    if brief.dropped:
        dropped = [
            [
                str(d.count),
                element_text(d.element) or "–",
                f"{d.code} {d.name}",
                dropped_where(d, brief.source),
            ]
            for d in brief.dropped
        ]
        parts.append(
            _table(Table("What is not carried over", ("findings", "element", "code", "where"), dropped))
        )
    parts.append("</section>")
    return "".join(parts)


def routing_section(routed: Sequence[RoutedApp], probes: int) -> str:
    """Every application that lands elsewhere, or is rejected, after the switch: where each
    configuration puts it, and the rule that decides."""
    rows = []
    for item in routed:
        before, after = item.landings
        rows.append(
            [
                item.app.label(),
                before.shown(),
                f"{before.rule}: {before.reason}" if before.reason else before.rule,
                after.shown(),
                f"{after.rule}: {after.reason}" if after.reason else after.rule,
            ]
        )
    table = Table(
        f"Routing: {len(routed)} of {probes} routed applications land elsewhere or are rejected after "
        "the switch",
        ("application", "Fair Scheduler", "deciding rule", "Capacity Scheduler", "deciding rule"),
        rows,
        "every application lands where it did",
    )
    return f'<section class="routing">{_table(table)}</section>'


def findings_section(findings: Sequence[Diagnostic]) -> str:
    """Every finding, grouped by code (most severe first) in collapsible sections; errors open."""
    groups: dict[str, list[Diagnostic]] = {}
    for finding in findings:
        groups.setdefault(finding.code, []).append(finding)
    ordered = sorted(groups.values(), key=lambda g: (-max(d.severity for d in g), g[0].code))
    parts = [f'<section class="findings"><h2>Every finding ({len(findings)})</h2>']
    if not findings:
        parts.append("<p>none</p>")
    for group in ordered:
        first = group[0]
        severity = max(d.severity for d in group).label
        opened = " open" if severity == "error" else ""
        rows = "".join(
            f"<tr><td>{escape(str(d.location) if d.location is not None else '')}</td>"
            f"<td>{escape(d.queue or '')}</td><td>{escape(d.property or '')}</td>"
            f"<td>{escape(d.message)}</td></tr>"
            for d in group
        )
        parts.append(
            f'<details class="group"{opened}><summary><span class="sev {severity}">{severity}</span> '
            f"{escape(first.code)} {escape(first.name)} <span class=count>{len(group)}</span></summary>"
            '<div class="wide"><table><thead><tr><th>where</th><th>queue</th><th>property</th>'
            f"<th>finding</th></tr></thead><tbody>{rows}</tbody></table></div></details>"
        )
    parts.append("</section>")
    return "".join(parts)


def cutover_section(brief: Brief) -> str:
    """The checklist that ends the page."""
    from fsctl.report.brief import checklist

    items = "".join(
        f"<li>{escape(item)}"
        + ("<ul>" + "".join(f"<li>{escape(s)}</li>" for s in sub) + "</ul>" if sub else "")
        + "</li>"
        for item, sub in checklist(brief)
    )
    return f'<section class="cutover"><h2>Cutover checklist</h2><ul class="checklist">{items}</ul></section>'
