"""The migration brief of a conversion: what changes for each team, ranked, with its cause; the
applications that land elsewhere; what is dropped; and the cutover checklist. Pure data, built from
the conversion, its findings and the evaluations of both trees; ``fsctl.report`` renders it.

A *team* is a queue at ``--team-depth`` (1: the top-level queues), or a leaf above that depth. Each
queue of a team is compared on the same cluster, like with like:

- ``guaranteed``: the Fair Scheduler's steady fair share (``ComputeFairShares``, what the queue gets
  when every queue is busy) before, the Capacity Scheduler's guaranteed capacity after (as ``fsctl
  diff`` and ``fsctl simulate`` compute them);
- ``maximum``: the effective maximum on both sides: a Fair queue never holds more than its own or
  any ancestor's ``maxResources`` (``FSQueue.assignContainerPreCheck`` walks up the chain), a
  Capacity queue its absolute maximum capacity;
- ``load`` (with a demand snapshot): the Fair Scheduler's instantaneous fair share under the load,
  at most the queue's demand (:attr:`~fsctl.evaluate.fair.QueueShares.usable_fair_share`: a queue
  that asks for less than its share loses nothing by a smaller allocation) before; after, the
  Capacity Scheduler's allocation when the same demand persists (:mod:`fsctl.evaluate.capacity_load`,
  the applications where the converted files place them: :mod:`fsctl.convert.load`), given to
  :func:`capacity_figures`; where the snapshot cannot describe a state of the converted tree,
  nothing is compared (the team shows the Fair side alone, and :class:`CapacityUnderLoad` says why).

A change is ranked by its size as a share of the cluster (the resource type that moved most) and
labelled: ``major`` from 2x or 1/2x, more than :data:`MAJOR_POINTS` points of the cluster, a
guarantee above the old maximum, or from or to nothing; ``moderate`` beyond the share tolerance
(``--share-tolerance``, a relative change); ``minor`` otherwise. Differences within
:data:`ROUNDING_POINTS` points of the cluster (and a unit or two of truncation) are rounding, only
counted.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fsctl.capacity.keys import PREFIX as CS_PREFIX
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.impact import RATIO as MAJOR_RATIO
from fsctl.model.impact import ROUNDING_POINTS
from fsctl.model.impact import SHARE_POINTS as MAJOR_POINTS
from fsctl.model.location import Location
from fsctl.model.resources import MEMORY, UNBOUNDED, Vector

if TYPE_CHECKING:
    from fsctl.convert.converter import ConversionResult
    from fsctl.convert.load import LoadAfter
    from fsctl.evaluate.capacity import CapacityResult
    from fsctl.evaluate.capacity_load import LoadResult
    from fsctl.evaluate.fair import FairResult
    from fsctl.fair.model import FairTree
    from fsctl.model.tree import Queue

GUARANTEED = "guaranteed"
MAXIMUM = "maximum"
LOAD = "load"
MEASURES = (GUARANTEED, MAXIMUM, LOAD)

MAJOR, MODERATE, MINOR = "major", "moderate", "minor"
LEVELS = (MAJOR, MODERATE, MINOR)
#: the thresholds are the table convert's findings and diff read (fsctl.model.impact): a major
#: change is one they warn about; within ROUNDING_POINTS (or two units of truncation) it is rounding
ROUNDING_UNITS = 2

#: the Fair elements whose conversion decides each measure, and the Capacity Scheduler key (after
#: ``yarn.scheduler.capacity.<queue>.``) each becomes
CAUSES: dict[str, dict[str, str]] = {
    GUARANTEED: {"minResources": "capacity", "weight": "capacity"},
    MAXIMUM: {
        "maxResources": "maximum-capacity",
        "maxChildResources": "auto-queue-creation-v2.leaf-template.maximum-capacity",
        "queueMaxResourcesDefault": "maximum-capacity",
    },
    LOAD: {"minResources": "capacity", "weight": "capacity", "maxResources": "maximum-capacity"},
}
#: the finding that names a guarantee's move itself (no element): the queue's weight is its cause
SHARE_MOVED = "CV406"

#: findings that say a setting is not carried over (the "dropped" section)
DROPPED_CODES = ("CV201", "CV202", "CV203", "CV204", "CV303", "CV304", "CV306", "CV307", "CV308")

CAPACITY_FILE = "capacity-scheduler.xml"
SITE_FILE = "yarn-site.xml"
MAPPING_FILE = "mapping-rules.json"

#: keys the ResourceManager reads only when it starts (Hadoop 3.4.2 and 3.3.6 alike): changing them
#: needs a restart. ``yarn rmadmin -refreshQueues`` re-reads yarn-site.xml and
#: capacity-scheduler.xml (AdminService.refreshQueues) and reinitializes the scheduler with them
#: (CapacityScheduler.reinitialize: the queues, the maximum allocation, multiple assignments) and the
#: scheduling monitors (SchedulingMonitorManager.reinitialize), but not these. The oracle's refresh
#: verb holds the table to the running CapacityScheduler (tests/oracle/test_refresh.py).
START_ONLY = {
    "yarn.resourcemanager.scheduler.class": "the ResourceManager creates its scheduler once, at start "
    "(ResourceManager.createScheduler)",
    CS_PREFIX + "resource-calculator": "read once by CapacityScheduler.initScheduler "
    "(initResourceCalculator); reinitialize keeps the calculator it started with",
    CS_PREFIX + "schedule-asynchronously.enable": "read once by CapacityScheduler.initScheduler "
    "(its asynchronous scheduling threads); reinitialize does not read it",
    CS_PREFIX + "schedule-asynchronously.scheduling-interval-ms": "read once by "
    "CapacityScheduler.initScheduler; reinitialize does not read it",
    CS_PREFIX + "auto-queue-creation-v2.queue-expiration-time": "read once when "
    "AutoCreatedQueueDeletionPolicy starts (its init); a running monitor keeps its interval",
}
#: the other keys fsctl convert writes that a refresh re-reads, by prefix (anything else in
#: yarn-site.xml is taken to need a restart: the ResourceManager reads it at start)
REFRESHED_PREFIXES = (
    CS_PREFIX,
    "yarn.resourcemanager.scheduler.monitor.",
    "yarn.resourcemanager.monitor.capacity.preemption.",
)


# -- the figures compared -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class QueueFigures:
    """One queue's resources on one side of the migration; ``load`` is None when not computed."""

    guaranteed: Vector
    maximum: Vector
    load: Vector | None = None

    def measure(self, name: str) -> Vector | None:
        if name == GUARANTEED:
            return self.guaranteed
        if name == MAXIMUM:
            return self.maximum
        return self.load


@dataclass(frozen=True)
class CapacityUnderLoad:
    """The Capacity Scheduler under the snapshot after the switch: its allocation
    (:mod:`fsctl.evaluate.capacity_load`), the snapshot as the converted files place it, and why
    there is no allocation (``problem``, a located line) when the snapshot cannot describe a state
    of the converted tree."""

    result: LoadResult | None
    after: LoadAfter
    problem: str | None = None


@dataclass(frozen=True)
class Figures:
    """Both sides on one cluster: the Fair Scheduler before, the Capacity Scheduler after."""

    cluster: Vector
    #: where the cluster size came from: ``--cluster`` or the demand snapshot
    cluster_from: str
    before: Mapping[str, QueueFigures]
    after: Mapping[str, QueueFigures]
    #: the demand snapshot the load figures are for
    demand: str | None = None
    #: the Capacity Scheduler under that snapshot (None: no snapshot, or not computed)
    under_load: CapacityUnderLoad | None = None

    @property
    def capacity_under_load(self) -> bool:
        return any(figures.load is not None for figures in self.after.values())


def fair_figures(result: FairResult, under_load: bool) -> dict[str, QueueFigures]:
    """The static queues the Fair Scheduler creates: steady fair share, effective maximum (the
    componentwise minimum of the queue's and its ancestors' maximum shares, and the cluster) and,
    ``under_load``, the instantaneous fair share at most the queue's demand. The vectors are the
    result's own (read, never changed): a large tree is not copied."""
    figures: dict[str, QueueFigures] = {}
    effective: dict[str, Vector] = {}
    cluster = result.cluster
    for queue in result.queues:  # pre-order: a parent's effective maximum is known first
        ceiling = effective.get(queue.parent, cluster) if queue.parent is not None else cluster
        limit = queue.max_share
        if all(limit.get(t, UNBOUNDED) >= amount for t, amount in ceiling.items()):
            own = ceiling  # no limit below the parent's: most queues share their parent's vector
        else:
            own = {t: min(limit.get(t, UNBOUNDED), amount) for t, amount in ceiling.items()}
        effective[queue.path] = own
        if queue.created and not queue.dynamic:
            figures[queue.path] = QueueFigures(
                queue.steady_fair_share, own, queue.usable_fair_share if under_load else None
            )
    return figures


def capacity_figures(
    result: CapacityResult, load: Mapping[str, Vector] | None = None
) -> dict[str, QueueFigures]:
    """Guaranteed and maximum resources of every queue (the result's own vectors); ``load``, the
    allocation under a demand snapshot per queue path, when the Capacity Scheduler's behaviour under
    load is computed."""
    return {
        queue.path: QueueFigures(
            queue.guaranteed, queue.maximum, load.get(queue.path) if load is not None else None
        )
        for queue in result.queues
    }


# -- the brief ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cause:
    """One link of a change's cause chain: the finding, the Fair element (and where it is written)
    and the Capacity Scheduler key it became."""

    code: str | None  # None: no finding names it (the element decides all the same)
    name: str | None
    element: str
    queue: str
    location: Location | None
    capacity_key: str | None
    capacity_value: str | None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "element": self.element,
            "queue": self.queue,
            "file": self.location.file if self.location is not None else None,
            "line": self.location.line if self.location is not None and self.location.line else None,
            "capacity_key": self.capacity_key,
            "capacity_value": self.capacity_value,
        }


@dataclass
class Change:
    queue: str
    team: str
    measure: str
    before: Vector
    after: Vector
    level: str
    #: the resource type that moved most (as a share of the cluster), which ranks and labels it
    resource: str
    #: the move of that type, as a fraction of the cluster (negative: down)
    moved: float
    causes: tuple[Cause, ...] = ()
    #: queues below ``queue`` (in its team) that move the same way for the same cause: one change
    below: list[str] = field(default_factory=list)

    @property
    def impact(self) -> float:
        return abs(self.moved)

    @property
    def ratio(self) -> float | None:
        """after / before of the type that moved most; None from nothing."""
        old = self.before.get(self.resource, 0)
        return self.after.get(self.resource, 0) / old if old > 0 else None

    def to_json(self) -> dict[str, Any]:
        ratio = self.ratio
        return {
            "queue": self.queue,
            "measure": self.measure,
            "level": self.level,
            "before": self.before,
            "after": self.after,
            "resource": self.resource,
            "change_points": round(self.moved * 100, 2) + 0.0,
            "ratio": round(ratio, 3) if ratio is not None else None,
            "causes": [cause.to_json() for cause in self.causes],
            "queues_below": self.below,
        }


@dataclass
class Team:
    path: str
    before: QueueFigures | None
    after: QueueFigures | None  # None: not in the converted tree
    changes: list[Change] = field(default_factory=list)
    #: applications that land in this team after the switch and did not before, and the reverse
    arriving: int = 0
    leaving: int = 0

    @property
    def impact(self) -> float:
        return max((change.impact for change in self.changes), default=0.0)

    def to_json(self) -> dict[str, Any]:
        def side(measure: str) -> dict[str, Vector | None]:
            return {
                "before": self.before.measure(measure) if self.before is not None else None,
                "after": self.after.measure(measure) if self.after is not None else None,
            }

        return {
            "team": self.path,
            GUARANTEED: side(GUARANTEED),
            MAXIMUM: side(MAXIMUM),
            "under_load": side(LOAD) if self.before is not None and self.before.load is not None else None,
            "applications_arriving": self.arriving,
            "applications_leaving": self.leaving,
            "changes": [change.to_json() for change in self.changes],
        }


@dataclass(frozen=True)
class Moved:
    """Applications that land elsewhere after the switch, grouped by where they land before and after."""

    before: str  # a queue, or "rejected"
    after: str
    count: int
    examples: tuple[str, ...]
    #: what decides after the switch (the mapping rule, or why it is rejected)
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "before": self.before,
            "after": self.after,
            "count": self.count,
            "examples": list(self.examples),
            "rule": self.rule,
        }


@dataclass(frozen=True)
class Dropped:
    """The findings of one code about one element or key: a setting that is not carried over."""

    code: str
    name: str
    severity: str
    element: str  # the Fair element or yarn-site key ("" when the findings name none)
    count: int
    queues: int  # how many queues (0: scheduler-wide or yarn-site)
    locations: tuple[Location, ...]
    example: str  # the first finding's message

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": self.severity,
            "element": self.element,
            "count": self.count,
            "queues": self.queues,
            "locations": [{"file": loc.file, "line": loc.line or None} for loc in self.locations],
            "example": self.example,
        }


@dataclass(frozen=True)
class Restart:
    key: str
    file: str
    reason: str


@dataclass(frozen=True)
class Deploy:
    """A file to put in place on the ResourceManager host(s): where fsctl wrote it (None: not
    written) and what to do with it."""

    name: str
    path: str | None
    action: str


@dataclass(frozen=True)
class Cutover:
    restart: tuple[Restart, ...]
    #: keys a later ``yarn rmadmin -refreshQueues`` re-reads, per file
    refresh: Mapping[str, int]
    files: tuple[Deploy, ...]
    #: why the files were not written (--dry-run, --print), when they were not
    not_written: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "restart": [{"key": r.key, "file": r.file, "reason": r.reason} for r in self.restart],
            "refresh": dict(self.refresh),
            "files": [{"name": f.name, "path": f.path, "action": f.action} for f in self.files],
            "not_written": self.not_written,
        }


@dataclass
class Brief:
    source: str
    hadoop_version: str
    team_depth: int
    figures: Figures | None
    teams: list[Team]
    #: differences within rounding, not listed
    rounding: int
    routed: int
    moved: list[Moved]
    dropped: list[Dropped]
    counts: Mapping[str, int]  # findings per severity label
    cutover: Cutover
    failed: bool
    #: a cluster size was given (a brief without figures then says why it has none)
    cluster_given: bool = False

    @property
    def changes(self) -> list[Change]:
        """Every change, biggest first (each once)."""
        return sorted((c for t in self.teams for c in t.changes), key=_rank)

    def level_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(LEVELS, 0)
        for team in self.teams:
            for change in team.changes:
                counts[change.level] += 1
        return counts

    @property
    def moved_count(self) -> int:
        return sum(group.count for group in self.moved)

    def to_json(self) -> dict[str, Any]:
        figures = self.figures
        return {
            "version": 1,
            "source": self.source,
            "hadoop_version": self.hadoop_version,
            "team_depth": self.team_depth,
            "cluster": dict(figures.cluster) if figures is not None else None,
            "cluster_from": figures.cluster_from if figures is not None else None,
            "demand": figures.demand if figures is not None else None,
            "capacity_under_load": figures.capacity_under_load if figures is not None else False,
            "capacity_under_load_problem": (
                figures.under_load.problem if figures is not None and figures.under_load is not None else None
            ),
            "summary": {
                **self.level_counts(),
                "rounding": self.rounding,
                "teams": len(self.teams),
                "teams_changed": sum(bool(t.changes) for t in self.teams),
                "applications_routed": self.routed,
                "applications_elsewhere": self.moved_count,
                **{f"{label}s": n for label, n in self.counts.items()},
                "written": not self.failed,
            },
            "teams": [team.to_json() for team in self.teams],
            "applications_elsewhere": [group.to_json() for group in self.moved],
            "dropped": [group.to_json() for group in self.dropped],
            "cutover": self.cutover.to_json(),
        }


@dataclass(frozen=True)
class BriefInputs:
    """What the command knows beyond the conversion: the files it wrote and how it was asked."""

    source: str
    hadoop_version: str
    team_depth: int = 1
    share_tolerance: float = 10.0
    #: files written, by name (capacity-scheduler.xml, yarn-site.xml, mapping-rules.json)
    written: Mapping[str, str] = field(default_factory=dict)
    #: the user's yarn-site.xml with the conversion applied (--merged-yarn-site), when written
    merged_site: str | None = None
    #: the yarn-site.xml given (--yarn-site)
    input_site: str | None = None
    #: why nothing was written although the conversion succeeded (--dry-run, --print)
    not_written: str | None = None
    #: a cluster size was given (--cluster, or the demand snapshot's): without figures, the shares
    #: could not be computed
    cluster_given: bool = False


def build_brief(
    tree: FairTree,
    conversion: ConversionResult,
    findings: Sequence[Diagnostic],
    figures: Figures | None,
    inputs: BriefInputs,
) -> Brief:
    teams: list[Team] = []
    rounding = 0
    if figures is not None:
        teams, rounding = _teams(tree, conversion, findings, figures, inputs)
    moved = _moved(conversion)
    if figures is not None:
        _count_applications(teams, conversion, inputs.team_depth)
    counts = {s.label: 0 for s in sorted(Severity, reverse=True)}
    for finding in findings:
        counts[finding.severity.label] += 1
    return Brief(
        source=inputs.source,
        hadoop_version=inputs.hadoop_version,
        team_depth=inputs.team_depth,
        figures=figures,
        teams=teams,
        rounding=rounding,
        routed=conversion.probes,
        moved=moved,
        dropped=_dropped(findings),
        counts=counts,
        cutover=_cutover(conversion, inputs),
        failed=conversion.failed,
        cluster_given=inputs.cluster_given,
    )


def _rank(change: Change) -> tuple[float, str, int]:
    return (-change.impact, change.queue, MEASURES.index(change.measure))


def team_of(path: str, depth: int) -> str:
    """The queue at ``depth`` on ``path``'s chain; a queue above that depth is its own team."""
    parts = path.split(".")
    return ".".join(parts[: depth + 1]) if len(parts) > depth else path


def _teams(
    tree: FairTree,
    conversion: ConversionResult,
    findings: Sequence[Diagnostic],
    figures: Figures,
    inputs: BriefInputs,
) -> tuple[list[Team], int]:
    depth = inputs.team_depth
    causes = _CauseIndex(conversion, findings)
    teams: dict[str, Team] = {}
    #: (queue, measure) -> the change that stands for it (its own, or its parent's it is folded into)
    standing: dict[tuple[str, str], Change] = {}
    rounding = 0
    #: queue -> its team, from its parent's below the team depth (a large tree is not split per queue)
    team_names: dict[str, str] = {}
    sized = [(resource, total) for resource, total in figures.cluster.items() if total > 0]
    for queue in tree.queues():  # pre-order: a parent's changes are known before its children's
        path = queue.path
        before = figures.before.get(path)
        if before is None:  # a queue the Fair Scheduler does not create
            continue
        after = figures.after.get(path)
        inherited = team_names.get(queue.parent.path) if queue.parent is not None else None
        level = path.count(".") if inherited is None else depth + 1  # below the depth: its parent's team
        name = inherited or team_of(path, depth)
        if level >= depth:
            team_names[path] = name
        if level == depth or (level < depth and queue.is_leaf):
            teams[name] = Team(name, before, after)
        if after is None:
            continue
        for measure in MEASURES:
            old, new = before.measure(measure), after.measure(measure)
            if old is None or new is None or old is new:
                continue
            found = _compare(old, new, sized)
            if found is None:
                continue
            resource, moved, is_rounding = found
            if is_rounding:
                rounding += 1
                continue
            why = causes.of(queue, measure)
            parent = standing.get((queue.parent.path, measure)) if queue.parent is not None else None
            if (
                parent is not None
                and parent.team == name
                and (parent.before, parent.after, parent.causes) == (old, new, why)
            ):
                parent.below.append(queue.path)
                standing[(queue.path, measure)] = parent
                continue
            label = _level(measure, old, new, resource, moved, before, inputs.share_tolerance)
            change = Change(queue.path, name, measure, old, new, label, resource, moved, why)
            standing[(queue.path, measure)] = change
            # a department above the team depth that changes is listed on its own
            team = teams.get(name) or teams.setdefault(name, Team(name, before, after))
            team.changes.append(change)
    for team in teams.values():
        team.changes.sort(key=_rank)
    ranked = sorted(teams.values(), key=lambda t: (-t.impact, t.path))
    return ranked, rounding


def _compare(old: Vector, new: Vector, cluster: Sequence[tuple[str, int]]) -> tuple[str, float, bool] | None:
    """(the type that moved most, its move as a fraction of the cluster, whether it is rounding);
    None when nothing moved. ``cluster``: each resource type the cluster has, with its total. Types
    one side does not compute (a fair policy computes memory only) are left out; memory is the type
    named unless another moved more by more than truncation."""
    moves: dict[str, float] = {}
    beyond_rounding = False
    for resource, total in cluster:
        a, b = old.get(resource), new.get(resource)
        if a is None or b is None:
            continue
        a, b = min(a, total), min(b, total)  # unbounded is the cluster
        if a == b:
            continue
        moves[resource] = (b - a) / total
        if abs(b - a) > ROUNDING_UNITS and abs(b - a) / total * 100 > ROUNDING_POINTS:
            beyond_rounding = True
    if not moves:
        return None
    resource = max(moves, key=lambda t: abs(moves[t]))
    if MEMORY in moves and resource != MEMORY:
        totals = dict(cluster)
        slack = ROUNDING_UNITS / totals[resource] + ROUNDING_UNITS / totals[MEMORY]
        if abs(moves[resource]) - abs(moves[MEMORY]) <= slack:
            resource = MEMORY
    return resource, moves[resource], not beyond_rounding


def _level(
    measure: str,
    old: Vector,
    new: Vector,
    resource: str,
    moved: float,
    before: QueueFigures,
    tolerance: float,
) -> str:
    a, b = old.get(resource, 0), new.get(resource, 0)
    if a <= 0 or b <= 0:
        return MAJOR  # from or to nothing
    ratio = b / a
    if ratio >= MAJOR_RATIO or ratio <= 1 / MAJOR_RATIO or abs(moved) * 100 > MAJOR_POINTS:
        return MAJOR
    if measure == GUARANTEED and any(new[t] > before.maximum.get(t, UNBOUNDED) for t in new):
        return MAJOR  # a guarantee above the old maximum
    if abs(ratio - 1) * 100 > tolerance:
        return MODERATE
    return MINOR


class _CauseIndex:
    """The findings by queue, and the elements each measure follows."""

    def __init__(self, conversion: ConversionResult, findings: Sequence[Diagnostic]) -> None:
        self.capacity = conversion.capacity
        self.by_queue: dict[str | None, list[Diagnostic]] = {}
        for finding in findings:
            self.by_queue.setdefault(finding.queue, []).append(finding)

    def of(self, queue: Queue, measure: str) -> tuple[Cause, ...]:
        """Up the queue's chain, the first that has findings on the elements deciding ``measure``:
        the queue's own (or an ancestor's: a parent's limit or share is its children's), else, for
        a guarantee, its siblings' ``minResources`` (a min share bends the Fair Scheduler's split of
        the parent's share, the converted capacities follow the weights alone); else the
        scheduler-wide ones; else the element itself, without a finding."""
        elements = CAUSES[measure]
        chain: list[Queue] = [queue, *queue.ancestors()]
        for holder in chain:
            found = self._findings(holder, elements)
            if not found and measure != MAXIMUM and holder.parent is not None:
                for sibling in holder.parent.children:
                    if sibling is not holder:
                        found += self._findings(sibling, ("minResources",))
            if found:
                return tuple(found)
        wide = [
            self._cause(f, "root", f.property or "")
            for f in self.by_queue.get(None, ())
            if f.property in elements
        ]
        if wide:
            return tuple(wide)
        for finding in self.by_queue.get(queue.path, ()):
            if finding.code == SHARE_MOVED and measure == GUARANTEED:
                return (self._cause(finding, queue.path, "weight"),)
        if measure == MAXIMUM:  # the nearest limit up the chain, else the queue's own (unset)
            holder = next((q for q in chain if "maxResources" in q.declared), queue)
            return (self._element(holder, "maxResources"),)
        return (self._element(queue, "weight"),)

    def _findings(self, holder: Queue, elements: Collection[str]) -> list[Cause]:
        return [
            self._cause(f, holder.path, f.property or "")
            for f in self.by_queue.get(holder.path, ())
            if f.property in elements
        ]

    def _cause(self, finding: Diagnostic, queue: str, element: str) -> Cause:
        key = self._key(queue, element)
        return Cause(
            finding.code, finding.name, element, queue, finding.location, key, self.capacity.get(key or "")
        )

    def _element(self, queue: Queue, element: str) -> Cause:
        location = queue.setting_location(element) if element in queue.declared else queue.location
        key = self._key(queue.path, element)
        return Cause(None, None, element, queue.path, location, key, self.capacity.get(key or ""))

    @staticmethod
    def _key(queue: str, element: str) -> str | None:
        for elements in CAUSES.values():
            if element in elements:
                return f"{CS_PREFIX}{queue}.{elements[element]}"
        return None


def _moved(conversion: ConversionResult) -> list[Moved]:
    groups: dict[tuple[str, str], list[Any]] = {}
    for item in conversion.routing or ():
        old, new = item.landings
        groups.setdefault((old.shown(), new.shown()), []).append(item)
    moved = []
    for (before, after), items in groups.items():
        last = items[0].landings[-1]
        rule = f"{last.rule}: {last.reason}" if last.reason else last.rule
        moved.append(Moved(before, after, len(items), tuple(i.app.label() for i in items[:3]), rule))
    moved.sort(key=lambda m: (-m.count, m.before, m.after))
    return moved


def _count_applications(teams: list[Team], conversion: ConversionResult, depth: int) -> None:
    by_path = {team.path: team for team in teams}
    for item in conversion.routing or ():
        before, after = item.landings
        old = team_of(before.queue, depth) if before.queue is not None else None
        new = team_of(after.queue, depth) if after.queue is not None else None
        if old == new:
            continue
        if new in by_path:
            by_path[new].arriving += 1
        if old in by_path:
            by_path[old].leaving += 1


def _dropped(findings: Iterable[Diagnostic]) -> list[Dropped]:
    groups: dict[tuple[str, str], list[Diagnostic]] = {}
    for finding in findings:
        if finding.code in DROPPED_CODES:
            groups.setdefault((finding.code, finding.property or ""), []).append(finding)
    dropped = []
    for (code, element), members in groups.items():
        first = members[0]
        locations = tuple(sorted(d.location for d in members if d.location is not None))
        queues = len({d.queue for d in members if d.queue})
        dropped.append(
            Dropped(
                code,
                first.name,
                first.severity.label,
                element,
                len(members),
                queues,
                locations,
                first.message,
            )
        )
    dropped.sort(key=lambda d: (-d.count, d.code, d.element))
    return dropped


def restart_reason(key: str, file: str) -> str | None:
    """Why changing ``key`` needs a ResourceManager restart; None when a refresh re-reads it."""
    reason = START_ONLY.get(key)
    if reason is not None:
        return reason
    if key.startswith(REFRESHED_PREFIXES):
        return None
    return "the ResourceManager reads it at start" if file == SITE_FILE else None


def _cutover(conversion: ConversionResult, inputs: BriefInputs) -> Cutover:
    restart: list[Restart] = []
    refresh = {CAPACITY_FILE: 0, SITE_FILE: 0}
    for file, properties in ((SITE_FILE, conversion.site), (CAPACITY_FILE, conversion.capacity)):
        # restart_reason for each key, without a call per key: a large tree writes 100,000s
        needing = [
            key
            for key in properties
            if key in START_ONLY or (file == SITE_FILE and not key.startswith(REFRESHED_PREFIXES))
        ]
        restart += [Restart(key, file, restart_reason(key, file) or "") for key in needing]
        refresh[file] = len(properties) - len(needing)
    return Cutover(tuple(restart), refresh, tuple(_deploy(conversion, inputs)), inputs.not_written)


def _deploy(conversion: ConversionResult, inputs: BriefInputs) -> list[Deploy]:
    written = inputs.written
    keys = len(conversion.capacity)
    files = [
        Deploy(
            CAPACITY_FILE,
            written.get(CAPACITY_FILE),
            f"copy to the configuration directory of every ResourceManager host ({keys} keys)",
        )
    ]
    delta = len(conversion.site)
    if inputs.merged_site is not None:
        files.append(
            Deploy(
                SITE_FILE,
                inputs.merged_site,
                f"replaces {inputs.input_site or 'your yarn-site.xml'}: it is that file with the "
                f"{delta} keys of the conversion set",
            )
        )
    else:
        files.append(
            Deploy(
                SITE_FILE,
                written.get(SITE_FILE),
                f"merge its {delta} keys into your yarn-site.xml (or write the merged file with "
                "--merged-yarn-site FILE)",
            )
        )
    if conversion.mapping_json is not None and CS_PREFIX + "mapping-rule-json" not in conversion.capacity:
        target = conversion.capacity.get(CS_PREFIX + "mapping-rule-json-file")
        where = (
            f"to {target}, the path mapping-rule-json-file names"
            if target
            else "where mapping-rule-json-file will name it"
        )
        files.append(Deploy(MAPPING_FILE, written.get(MAPPING_FILE), f"copy {where}"))
    return files
