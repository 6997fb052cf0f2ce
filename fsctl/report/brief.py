"""The migration brief of ``fsctl convert`` as text (the first screen a change board reads), and the
spelling of its figures that the markdown and html renderings share: memory in GB or TB, vcores, and
the share of the cluster's memory.

The text opens the report: the verdict, then each team with its changes, biggest first, each with its
cause chain (finding -> Fair element and line -> Capacity Scheduler key), and the applications that
land elsewhere. What is dropped follows (:func:`dropped_text`), then every finding, and the cutover
checklist ends the report (:func:`cutover_text`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from fsctl.capacity.keys import PREFIX as CS_PREFIX
from fsctl.convert.brief import (
    GUARANTEED,
    LOAD,
    MAJOR,
    MAXIMUM,
    Brief,
    Cause,
    Change,
    Dropped,
    Figures,
    Team,
)
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

#: changes on the first screen (the biggest), and the most the text shows after them
FIRST_CHANGES = 8
TEXT_CHANGES = 60
#: the text's width: longer lines wrap, their continuation indented
WIDTH = 110
#: causes shown per change
CAUSES_SHOWN = 2
#: dropped groups shown, and their lines
DROPPED_SHOWN = 30
LINES_SHOWN = 6

MEASURE_LABELS = {GUARANTEED: "guaranteed", MAXIMUM: "maximum", LOAD: "under load"}


# -- the figures ---------------------------------------------------------------------------------


def _significant(value: float) -> str:
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def memory_text(mb: int | float) -> str:
    """``512 MB``, ``30.8 GB``, ``246 GB``, ``1.95 TB`` (1 GB = 1024 MB), ``unbounded``."""
    if mb >= UNBOUNDED:
        return "unbounded"
    sign = "-" if mb < 0 else ""
    mb = abs(mb)
    if mb < 1024:
        return f"{sign}{mb:.0f} MB"
    gb = mb / 1024
    if gb < 1024:
        return f"{sign}{_significant(gb)} GB"
    return f"{sign}{_significant(gb / 1024)} TB"


def percent_text(fraction: float) -> str:
    if 0 < abs(fraction) < 0.0005:
        return "<0.1%" if fraction > 0 else "-<0.1%"
    return f"{fraction * 100:.1f}%"


def share_of(vector: Mapping[str, int], cluster: Mapping[str, int], resource: str = MEMORY) -> float | None:
    total = cluster.get(resource, 0)
    if resource not in vector or total <= 0:
        return None
    return min(vector[resource], total) / total


def amount_text(vector: Mapping[str, int] | None, cluster: Mapping[str, int]) -> str:
    """``80.0 GB, 80 vcores (8.0%)``: memory, vcores and the share of the cluster's memory; a type
    the scheduler does not compute (a fair policy's vcores) is left out."""
    if vector is None:
        return "not converted"
    parts = []
    if MEMORY in vector:
        parts.append(memory_text(min(vector[MEMORY], cluster.get(MEMORY, UNBOUNDED))))
    if VCORES in vector:
        parts.append(f"{min(vector[VCORES], cluster.get(VCORES, UNBOUNDED))} vcores")
    share = share_of(vector, cluster)
    text = ", ".join(parts) or "-"
    return text + (f" ({percent_text(share)})" if share is not None else "")


def delta_text(change: Change, cluster: Mapping[str, int]) -> str:
    """``-49.2 GB x0.38``: the move of the type that moved most, and after / before."""
    resource = change.resource
    moved = change.after.get(resource, 0) - change.before.get(resource, 0)
    if resource == MEMORY:
        amount = ("+" if moved > 0 else "") + memory_text(moved)
    else:
        amount = f"{moved:+d} {resource}"
    ratio = change.ratio
    return f"{amount} {'from nothing' if ratio is None else f'x{ratio:.2f}'}"


def short_key(key: str | None) -> str:
    """A Capacity Scheduler key without ``yarn.scheduler.capacity.``."""
    if key is None:
        return "nothing written"
    return key.removeprefix(CS_PREFIX)


def element_text(element: str) -> str:
    """``<minResources>`` for a Fair element, a yarn-site key as it is."""
    if not element:
        return ""
    return element if "." in element else f"<{element}>"


def cause_text(cause: Cause, source: str, queue: str, named: bool = True) -> str:
    """``CV202 min-resources-not-converted: <minResources> line 52 -> root.qa.p2.capacity=1.0w``
    (the element's queue named when it is not ``queue``'s own)."""
    where = ""
    if cause.location is not None and cause.location.line:
        file = "" if cause.location.file == source else f"{cause.location.file}:"
        where = f" {file}line {cause.location.line}"
    if cause.code is None:
        finding = "no finding: "
    else:
        finding = f"{cause.code} {cause.name}: " if named else f"{cause.code} "
    of_queue = f" of {cause.queue}" if cause.queue != queue else ""
    value = f"={cause.capacity_value}" if cause.capacity_value is not None else " (not written)"
    target = short_key(cause.capacity_key) + (value if cause.capacity_key is not None else "")
    return f"{finding}{element_text(cause.element)}{of_queue}{where} -> {target}"


def level_label(level: str) -> str:
    return level.upper() if level == MAJOR else level


class Headline(NamedTuple):
    """The brief's verdict: its title, the cluster and load compared on, what changes (None without a
    cluster), and where applications land with the count of findings."""

    title: str
    where: str
    changes: str | None
    rest: str


def headline(brief: Brief) -> Headline:
    target = f"Capacity Scheduler (Hadoop {brief.hadoop_version})"
    title = f"Migration brief: {brief.source}, Fair Scheduler -> {target}"
    figures = brief.figures
    changes = None
    if figures is None and brief.failed:
        where = "The conversion has errors: nothing is compared; fix them (listed below) first."
    elif figures is None and brief.cluster_given:
        where = (
            "The shares cannot be computed on this cluster (the findings below say why): nothing is compared."
        )
    elif figures is None:
        where = (
            "No cluster size: give --cluster (or a --demand snapshot that names its cluster) to compare "
            "each team's guaranteed and maximum resources before and after."
        )
    else:
        cluster = figures.cluster
        size = f"{memory_text(cluster.get(MEMORY, 0))}, {cluster.get(VCORES, 0)} vcores"
        load = f", under the load of {figures.demand}" if figures.demand else ""
        where = f"On a cluster of {size} ({figures.cluster_from}){load}."
        counts = brief.level_counts()
        total = sum(counts.values())
        changed = sum(bool(t.changes) for t in brief.teams)
        detail = ", ".join(f"{n} {level}" for level, n in counts.items() if n)
        rounding = f"; {brief.rounding} within rounding not listed" if brief.rounding else ""
        changes = (
            f"{total} change{'s' if total != 1 else ''} in {changed} of {len(brief.teams)} teams"
            + (f": {detail}" if detail else "")
            + f"{rounding}."
        )
    findings = ", ".join(f"{n} {label}{'s' if n != 1 else ''}" for label, n in brief.counts.items())
    written = "nothing is written (errors)" if brief.failed else "all listed below"
    rest = (
        f"{brief.moved_count} of {brief.routed} routed applications land elsewhere. "
        f"Findings: {findings}; {written}."
    )
    return Headline(title, where, changes, rest)


def _change_rows(changes: Sequence[Change], cluster: Mapping[str, int]) -> list[list[str]]:
    return [
        [
            level_label(c.level),
            MEASURE_LABELS[c.measure],
            c.queue + (f" (+{len(c.below)} below)" if c.below else ""),
            amount_text(c.before, cluster),
            "->",
            amount_text(c.after, cluster),
            delta_text(c, cluster),
        ]
        for c in changes
    ]


def wrapped(text: str, indent: str = "", more: str = "    ") -> list[str]:
    """``text`` in lines of at most :data:`WIDTH` (a word longer than that keeps its line)."""
    return textwrap.wrap(
        text, WIDTH, initial_indent=indent, subsequent_indent=indent + more, break_long_words=False,
        break_on_hyphens=False,
    )  # fmt: skip


def _aligned(rows: list[list[str]], indent: str) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]


def short_amount(vector: Mapping[str, int] | None, cluster: Mapping[str, int]) -> str:
    """``400 GB (40.0%)``: memory and its share of the cluster (the team table's cells)."""
    if vector is None:
        return "not converted"
    share = share_of(vector, cluster)
    memory = memory_text(min(vector[MEMORY], cluster.get(MEMORY, UNBOUNDED))) if MEMORY in vector else "-"
    return memory + (f" ({percent_text(share)})" if share is not None else "")


def level_counts_text(changes: Sequence[Change]) -> str:
    counts = {level: 0 for level in (MAJOR, "moderate", "minor")}
    for change in changes:
        counts[change.level] += 1
    return ", ".join(f"{n} {level}" for level, n in counts.items() if n) or "none"


def load_sentence(figures: Figures) -> str:
    """What the team table's load columns are (empty without a snapshot), after a "; "."""
    if not figures.demand:
        return ""
    fair = "; under this load: the Fair Scheduler's instantaneous fair share (at most the demand)"
    if figures.capacity_under_load:
        return fair + " before, the Capacity Scheduler's allocation when the demand persists after"
    problem = figures.under_load.problem if figures.under_load is not None else None
    if problem:
        return fair + f" (the Capacity Scheduler under load is not computed: {problem})"
    return fair + " (the Capacity Scheduler under load is not computed)"


def load_columns(figures: Figures, fair: str = "Fair under load") -> list[str]:
    """The team table's load columns: the Fair side, then the Capacity side when it is computed."""
    if not figures.demand:
        return []
    return [fair, *([fair.replace("Fair", "Capacity")] if figures.capacity_under_load else [])]


def team_cells(team: Team, cluster: Mapping[str, int], demand: bool, capacity: bool = False) -> list[str]:
    """The team table's row: team, its changes by level, guaranteed and maximum (when the team
    itself changes, the change is a row of its own: "changes"), Fair under the load and, with
    ``capacity``, the Capacity Scheduler's allocation under it, applications."""
    changed = {c.measure for c in team.changes if c.queue == team.path}
    cells = [team.path, level_counts_text(team.changes)]
    for measure in (GUARANTEED, MAXIMUM):
        if team.after is None:
            cells.append("not converted")
        elif measure in changed:
            cells.append("changes")
        else:
            cells.append(short_amount(team.before.measure(measure) if team.before else None, cluster))
    if demand:
        load = team.before.load if team.before is not None else None
        cells.append(short_amount(load, cluster) if load is not None else "-")
    if demand and capacity:
        after = team.after.load if team.after is not None else None
        cells.append(short_amount(after, cluster) if after is not None else "-")
    moves = [f"{team.arriving} arrive"] if team.arriving else []
    moves += [f"{team.leaving} leave"] if team.leaving else []
    cells.append(", ".join(moves) or "-")
    return cells


def _change_lines(changes: Sequence[Change], cluster: Mapping[str, int], source: str) -> list[str]:
    lines = []
    aligned = _aligned(_change_rows(changes, cluster), "  ")
    for line, change in zip(aligned, changes, strict=True):
        lines.append(line)
        for cause in change.causes[:CAUSES_SHOWN]:
            lines.extend(wrapped("because " + cause_text(cause, source, change.queue, False), "      "))
        if len(change.causes) > CAUSES_SHOWN:
            lines.append(f"      and {len(change.causes) - CAUSES_SHOWN} more causes (--format json)")
    return lines


def more_changes_text(brief: Brief) -> str:
    """The changes after the first :data:`FIRST_CHANGES`, per team, biggest first (each once)."""
    figures = brief.figures
    rest = brief.changes[FIRST_CHANGES:]
    if figures is None or not rest:
        return ""
    lines = ["", "More changes, per team:"]
    shown = 0
    for team in brief.teams:
        mine = [c for c in rest if c.team == team.path][: max(0, TEXT_CHANGES - shown)]
        if not mine:
            continue
        shown += len(mine)
        lines.append(f"{team.path}:")
        lines.extend(_change_lines(mine, figures.cluster, brief.source))
    if len(rest) > shown:
        lines.append(f"… and {len(rest) - shown} more changes, smaller: --format json lists every one")
    return "\n".join(lines) + "\n"


def brief_text(brief: Brief) -> str:
    """The first screen: the verdict, the teams (biggest change first), the biggest changes with
    their causes, and the applications that land elsewhere."""
    lines = [line for text in headline(brief) if text is not None for line in wrapped(text)]
    figures = brief.figures
    if figures is not None and brief.teams:
        cluster = figures.cluster
        demand = bool(figures.demand)
        lines.append("")
        lines.extend(
            wrapped(
                "Teams, biggest change first; % of the cluster's memory. Guaranteed: Fair steady fair share "
                "-> guaranteed capacity; maximum: effective on both sides" + load_sentence(figures) + "."
            )
        )
        capacity = figures.capacity_under_load
        header = ["team", "changes", "guaranteed", "maximum", *load_columns(figures)]
        rows = [
            [*header, "applications"],
            *(team_cells(team, cluster, demand, capacity) for team in brief.teams),
        ]
        lines.extend(_aligned(rows, "  "))
        changes = brief.changes
        if changes:
            top = changes[:FIRST_CHANGES]
            lines.append("")
            lines.extend(
                wrapped(
                    "Biggest changes, each with its cause (finding: Fair element -> capacity-scheduler.xml "
                    "key, after yarn.scheduler.capacity.):"
                )
            )
            lines.extend(_change_lines(top, cluster, brief.source))
            if len(changes) > len(top):
                lines.append(f"  … {len(changes) - len(top)} more changes per team below")
    lines.extend(moved_lines(brief))
    return "\n".join(lines) + "\n"


def moved_lines(brief: Brief) -> list[str]:
    if not brief.moved:
        return []
    lines = [
        "",
        f"Applications that land elsewhere ({brief.moved_count} of {brief.routed} routed: probes derived "
        "from the Fair file, and --apps):",
    ]
    for group in brief.moved:
        examples = "; ".join(group.examples[:2]) + ("; …" if group.count > 2 else "")
        text = f"{group.count} {group.before} -> {group.after} ({group.rule}), e.g. {examples}"
        lines.extend(wrapped(text, "  "))
    return lines


def dropped_where(group: Dropped, source: str) -> str:
    """``13 queues, lines 35, 41, …`` or ``scheduler-wide, samples/yarn-site.xml line 81``."""
    where = (
        "scheduler-wide" if not group.queues else f"{group.queues} queue{'s' if group.queues != 1 else ''}"
    )
    numbers = [str(loc.line) for loc in group.locations if loc.line]
    more = ", …" if len(numbers) > LINES_SHOWN else ""
    at = f"line{'s' if len(numbers) != 1 else ''} {', '.join(numbers[:LINES_SHOWN])}{more}" if numbers else ""
    files = sorted({loc.file for loc in group.locations} - {source})
    at = " ".join([*files, at]).strip()
    return where + (f", {at}" if at else "")


def dropped_text(brief: Brief) -> str:
    """What the migration does not carry over, one line per finding code and element."""
    if not brief.dropped:
        return ""
    lines = ["", "What is not carried over (each finding is listed below):"]
    for group in brief.dropped[:DROPPED_SHOWN]:
        element = element_text(group.element) or group.name
        text = f"{group.count}x {element} ({group.code} {group.name}): {dropped_where(group, brief.source)}"
        lines.extend(wrapped(text, "  "))
    if len(brief.dropped) > DROPPED_SHOWN:
        lines.append(f"  … and {len(brief.dropped) - DROPPED_SHOWN} more (--format json)")
    return "\n".join(lines) + "\n"


def checklist(brief: Brief) -> list[tuple[str, list[str]]]:
    """The cutover checklist: each step, with the keys it concerns (text, markdown and html)."""
    cutover = brief.cutover
    if brief.failed:
        return [("fix the errors: nothing is written", [])]
    unwritten = f" (not written: {cutover.not_written})" if cutover.not_written else " (not written)"
    steps: list[tuple[str, list[str]]] = [
        (f"deploy {item.path or item.name + unwritten}: {item.action}", []) for item in cutover.files
    ]
    steps.append(
        (
            f"restart the ResourceManager (every ResourceManager host): {len(cutover.restart)} of the "
            "changes are read only at start",
            [f"{r.key} ({r.file}): {r.reason}" for r in cutover.restart],
        )
    )
    refresh = ", ".join(f"{n} in {file}" for file, n in cutover.refresh.items() if n)
    steps.append(
        (
            f"afterwards the other keys ({refresh or 'none'}) change with yarn rmadmin -refreshQueues, which "
            "re-reads yarn-site.xml and capacity-scheduler.xml (AdminService.refreshQueues)",
            [],
        )
    )
    steps.append(("keep the Fair Scheduler files: restoring them and restarting rolls back", []))
    return steps


def cutover_text(brief: Brief) -> str:
    """The checklist that ends the report: files to deploy, the restart, what a refresh can change."""
    lines = ["", "Cutover checklist:"]
    for step, keys in checklist(brief):
        lines.extend(wrapped(f"[ ] {step}" + (":" if keys else ""), "  ", "      "))
        for key in keys:
            lines.extend(wrapped(key, "      ", "    "))
    return "\n".join(lines) + "\n"
