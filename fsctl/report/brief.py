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

from fsctl.capacity.keys import PREFIX as CS_PREFIX
from fsctl.convert.brief import GUARANTEED, LOAD, MAJOR, MAXIMUM, Brief, Cause, Change, Team
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

#: change rows the text shows before pointing to --format json
TEXT_CHANGES = 40
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


def cause_text(cause: Cause, source: str, queue: str) -> str:
    """``CV202 min-resources-not-converted: <minResources> line 52 -> root.qa.p2.capacity=1.0w``
    (the element's queue named when it is not ``queue``'s own)."""
    where = ""
    if cause.location is not None and cause.location.line:
        file = "" if cause.location.file == source else f"{cause.location.file}:"
        where = f" {file}line {cause.location.line}"
    finding = f"{cause.code} {cause.name}: " if cause.code else "no finding: "
    of_queue = f" of {cause.queue}" if cause.queue != queue else ""
    value = f"={cause.capacity_value}" if cause.capacity_value is not None else " (not written)"
    target = short_key(cause.capacity_key) + (value if cause.capacity_key is not None else "")
    return f"{finding}{element_text(cause.element)}{of_queue}{where} -> {target}"


def level_label(level: str) -> str:
    return level.upper() if level == MAJOR else level


def headline(brief: Brief) -> list[str]:
    """The verdict: what changes, how much, where applications land, what is listed below."""
    target = f"Capacity Scheduler (Hadoop {brief.hadoop_version})"
    lines = [f"Migration brief: {brief.source}, Fair Scheduler -> {target}"]
    figures = brief.figures
    if figures is None:
        lines.append(
            "No cluster size: give --cluster (or a --demand snapshot that names its cluster) to compare "
            "each team's guaranteed and maximum resources before and after."
        )
    else:
        cluster = figures.cluster
        size = f"{memory_text(cluster.get(MEMORY, 0))}, {cluster.get(VCORES, 0)} vcores"
        load = f", under the load of {figures.demand}" if figures.demand else ""
        lines.append(f"On a cluster of {size} ({figures.cluster_from}){load}.")
        counts = brief.level_counts()
        total = sum(counts.values())
        changed = sum(bool(t.changes) for t in brief.teams)
        detail = ", ".join(f"{n} {level}" for level, n in counts.items() if n)
        rounding = f"; {brief.rounding} within rounding not listed" if brief.rounding else ""
        lines.append(
            f"{total} change{'s' if total != 1 else ''} in {changed} of {len(brief.teams)} teams"
            + (f": {detail}" if detail else "")
            + f"{rounding}."
        )
    findings = ", ".join(f"{n} {label}{'s' if n != 1 else ''}" for label, n in brief.counts.items())
    written = "nothing is written (errors)" if brief.failed else "all listed below"
    lines.append(
        f"{brief.moved_count} of {brief.routed} routed applications land elsewhere. "
        f"Findings: {findings}; {written}."
    )
    return lines


def _team_line(team: Team, cluster: Mapping[str, int], demand: bool) -> str:
    changed = {c.measure for c in team.changes if c.queue == team.path}
    parts = []
    same = [
        f"{measure} {amount_text(team.before.measure(measure), cluster)}"
        for measure in (GUARANTEED, MAXIMUM)
        if measure not in changed and team.before is not None and team.after is not None
    ]
    if same:
        parts.append(" and ".join(same) + " unchanged")
    if team.after is None:
        parts.append("not in the converted configuration")
    if demand and team.before is not None and team.before.load is not None and LOAD not in changed:
        after = team.after.load if team.after is not None else None
        if after is None:
            parts.append(f"Fair under this load {amount_text(team.before.load, cluster)}")
        else:
            parts.append(f"under this load {amount_text(after, cluster)} unchanged")
    if team.arriving:
        parts.append(f"{team.arriving} application{'s' if team.arriving != 1 else ''} arrive")
    if team.leaving:
        parts.append(f"{team.leaving} application{'s' if team.leaving != 1 else ''} leave")
    return f"{team.path}: " + "; ".join(parts)


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


def brief_text(brief: Brief) -> str:
    """The brief: headline, teams and their changes, applications that land elsewhere."""
    lines = [line for text in headline(brief) for line in wrapped(text)]
    figures = brief.figures
    if figures is not None and brief.teams:
        cluster = figures.cluster
        lines.append("")
        explained = (
            "Per team, biggest change first; % of the cluster's memory. Guaranteed: Fair steady fair share "
            "-> guaranteed capacity; maximum: effective on both sides; because: finding, Fair element -> "
            "key of capacity-scheduler.xml."
        )
        if figures.demand and not figures.capacity_under_load:
            explained += (
                " Under this load: the Fair Scheduler's instantaneous fair share (the Capacity Scheduler "
                "under load is not simulated)."
            )
        lines.extend(wrapped(explained))
        shown = 0
        for team in brief.teams:
            lines.extend(wrapped(_team_line(team, cluster, bool(figures.demand))))
            team_changes = team.changes[: max(0, TEXT_CHANGES - shown)]
            shown += len(team_changes)
            if not team_changes:
                continue
            aligned = _aligned(_change_rows(team_changes, cluster), "  ")
            for line, change in zip(aligned, team_changes, strict=True):
                lines.append(line)
                for cause in change.causes[:CAUSES_SHOWN]:
                    lines.extend(
                        wrapped("because " + cause_text(cause, brief.source, change.queue), "      ")
                    )
                if len(change.causes) > CAUSES_SHOWN:
                    lines.append(f"      and {len(change.causes) - CAUSES_SHOWN} more causes (--format json)")
        hidden = sum(len(t.changes) for t in brief.teams) - shown
        if hidden > 0:
            lines.append(f"… and {hidden} more changes, smaller: --format json lists every one")
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


def dropped_text(brief: Brief) -> str:
    """What the migration does not carry over, one line per finding code and element."""
    if not brief.dropped:
        return ""
    lines = ["", "What is not carried over (each finding is listed below):"]
    for group in brief.dropped[:DROPPED_SHOWN]:
        where = (
            "scheduler-wide"
            if not group.queues
            else f"{group.queues} queue{'s' if group.queues != 1 else ''}"
        )
        numbers = [str(loc.line) for loc in group.locations if loc.line]
        more = ", …" if len(numbers) > LINES_SHOWN else ""
        at = (
            f"line{'s' if len(numbers) != 1 else ''} {', '.join(numbers[:LINES_SHOWN])}{more}"
            if numbers
            else ""
        )
        files = sorted({loc.file for loc in group.locations} - {brief.source})
        at = " ".join([*files, at]).strip()
        element = element_text(group.element) or group.name
        text = f"{group.count}x {element} ({group.code} {group.name}): {where}" + (f", {at}" if at else "")
        lines.extend(wrapped(text, "  "))
    if len(brief.dropped) > DROPPED_SHOWN:
        lines.append(f"  … and {len(brief.dropped) - DROPPED_SHOWN} more (--format json)")
    return "\n".join(lines) + "\n"


def cutover_text(brief: Brief) -> str:
    """The checklist that ends the report: files to deploy, the restart, what a refresh can change."""
    cutover = brief.cutover
    lines = ["", "Cutover checklist:"]
    if brief.failed:
        lines.append("  [ ] fix the errors above: nothing is written")
        return "\n".join(lines) + "\n"
    for item in cutover.files:
        where = item.path or f"{item.name} (not written)"
        lines.extend(wrapped(f"[ ] deploy {where}: {item.action}", "  ", "      "))
    lines.extend(
        wrapped(
            f"[ ] restart the ResourceManager (every ResourceManager host): {len(cutover.restart)} of the "
            "changes are read only at start:",
            "  ",
            "      ",
        )
    )
    for restart in cutover.restart:
        lines.extend(wrapped(f"{restart.key} ({restart.file}): {restart.reason}", "      ", "    "))
    refresh = ", ".join(f"{n} in {file}" for file, n in cutover.refresh.items() if n)
    lines.extend(
        wrapped(
            f"[ ] afterwards the other keys ({refresh or 'none'}) change with `yarn rmadmin -refreshQueues`, "
            "which re-reads yarn-site.xml and capacity-scheduler.xml (AdminService.refreshQueues)",
            "  ",
            "      ",
        )
    )
    lines.append("  [ ] keep the Fair Scheduler files: restoring them and restarting rolls back")
    return "\n".join(lines) + "\n"
