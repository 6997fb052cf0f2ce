"""One placement engine per configuration, and the table of where each application lands.

A Fair Scheduler file routes through its ``QueuePlacementPolicy`` (:mod:`fsctl.fair.assign`); a
Capacity Scheduler file through its mapping rules (:func:`fsctl.capacity.mapping.place`), then,
when no rule decides, the queue the application was submitted to.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from fsctl.capacity.mapping import MappingConfig, MappingRule, Placer, QueueIndex, submitted_queue
from fsctl.capacity.values import CapacityTree
from fsctl.fair.assign import FairQueues, assignment_fields
from fsctl.model.location import Location
from fsctl.model.tree import PlacementRule, Queue, QueueTree
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion
from fsctl.routing.apps import App


@dataclass(frozen=True, slots=True)
class Landing:
    """Where one configuration puts one application (``queue`` None: rejected), and where the rule
    that decided is written (``where``: a Fair placement rule's element; None otherwise)."""

    file: str
    queue: str | None
    rule: str
    reason: str = ""
    where: Location | None = field(default=None, compare=False)

    @property
    def rejected(self) -> bool:
        return self.queue is None

    def shown(self) -> str:
        return self.queue if self.queue is not None else "rejected"


@dataclass(frozen=True, slots=True)
class RoutedApp:
    app: App
    landings: tuple[Landing, ...]

    @property
    def differs(self) -> bool:
        landings = self.landings
        if len(landings) == 2:  # a conversion's before and after: no generator
            return landings[0].queue != landings[1].queue
        return bool(landings) and any(landing.queue != landings[0].queue for landing in landings)


class Engine(Protocol):
    file: str

    def route(self, app: App) -> Landing: ...


class FairEngine:
    def __init__(self, file: str, tree: QueueTree, rules: Sequence[PlacementRule]) -> None:
        self.file = file
        self.queues = FairQueues(tree)
        self.rules = list(rules)

    def route(self, app: App) -> Landing:
        queue, rule, reason, decided = assignment_fields(
            self.queues, self.rules, app.user, app.groups, app.requested
        )
        return Landing(self.file, queue, rule, reason, decided.location if decided is not None else None)


class CapacityEngine:
    def __init__(
        self,
        file: str,
        tree: QueueTree,
        mapping: MappingConfig,
        hadoop_version: HadoopVersion = DEFAULT_VERSION,
    ) -> None:
        self.file = file
        self.tree = tree
        self.mapping = mapping
        self.index = QueueIndex(tree, hadoop_version)
        self.placer = Placer(mapping.rules, tree, mapping.override, self.index)
        self._described: dict[int, str] = {}
        self._refusals: dict[str, str | None] = {}

    def route(self, app: App) -> Landing:
        requested = app.requested
        decision, queue, number = self.placer.decide(app.user, app.groups, "application", requested)
        if number is not None:
            rule = self._described.get(number)
            if rule is None:
                rule = self._described[number] = describe_mapping(number, self.mapping.rules[number])
            if decision == "reject":
                return Landing(self.file, None, rule, "rejected by a mapping rule")
        else:
            rule = "submitted queue"
            queue, reason = submitted_queue(self.tree, requested, self.index)
            if queue is None:
                return Landing(self.file, None, rule, reason)
        refused = self._refusal(queue) if queue is not None else None
        return Landing(self.file, None if refused else queue, rule, refused or "")

    def _refusal(self, path: str) -> str | None:
        """``AbstractLeafQueue.validateSubmitApplication``, worked out once per queue: a stopped queue,
        or one whose application limit is 0 (``maxApplications`` from its absolute capacity: a queue
        with none, a dynamic one under such a parent, accepts no application)."""
        if path not in self._refusals:
            self._refusals[path] = submission_refusal(self.tree, path)
        return self._refusals[path]


def submission_refusal(tree: QueueTree, path: str) -> str | None:
    """Why the Capacity Scheduler's leaf at ``path`` (existing, or created for the application
    under its nearest existing parent) refuses a first application, or None."""
    from fsctl.capacity.capacity_value import CapacityMode
    from fsctl.hadoop.javanum import to_float32

    queue = tree.find(path)
    parent_path = path.rsplit(".", 1)[0]
    holder = queue if queue is not None else tree.find(parent_path)
    if holder is None:
        return None
    values = holder.effective
    if values.state == "STOPPED":
        return f"Queue {path} is STOPPED. Cannot accept submission of application"
    if queue is not None and values.maximum_applications >= 0:
        limit = values.maximum_applications
    else:
        defaults = tree.info.defaults
        system = int(defaults["maximum-applications"])
        global_max = int(defaults["global-queue-max-application"])
        absolute_mode = queue is not None and values.capacity.mode is CapacityMode.ABSOLUTE
        if global_max > 0 and not absolute_mode:
            return None  # the global per-queue limit (at least 1)
        base = min(global_max, system) if global_max > 0 else system
        share = _absolute_share(holder)
        if queue is None:  # a new dynamic leaf: one more weight 1 child of its parent
            weights = [_weight(c) for c in holder.children]
            share *= 1.0 / (sum(w for w in weights if w is not None) + 1.0)
        limit = int(to_float32(base * to_float32(share)))
    if limit > 0:
        return None
    return f"Queue {path} already has 0 applications, cannot accept submission of application"


def _weight(queue: Queue) -> float | None:
    value = queue.effective.capacity
    return value.weight if value.weight >= 0 else None


def _absolute_share(queue: Queue) -> float:
    """A queue's absolute capacity from configured percentages and weights (weights normalised over
    the siblings that use them); an absolute capacity counts as a share (its size needs a cluster),
    unless it holds no memory."""
    from fsctl.capacity.capacity_value import CapacityMode

    share = 1.0
    node: Queue | None = queue
    while node is not None and node.parent is not None:
        value = node.effective.capacity
        if value.mode is CapacityMode.PERCENTAGE:
            share *= value.percent / 100.0
        elif value.weight >= 0:
            total = sum(w for w in map(_weight, node.parent.children) if w is not None)
            share *= value.weight / total if total > 0 else 0.0
        elif value.mode is CapacityMode.ABSOLUTE and not value.resources:
            share = 0.0
        node = node.parent
    return share


def describe_mapping(number: int, rule: MappingRule) -> str:
    """``mapping rule 2 (user *: specified)``; legacy entries as written."""
    if rule.origin != "json" and rule.text:
        return f"mapping rule {number + 1} ({rule.text})"
    return f"mapping rule {number + 1} ({rule.type} {rule.matches}: {rule.policy})"


def fair_engine(file: str, tree: QueueTree) -> FairEngine:
    """The file's policy, else the one Hadoop derives from yarn-site (read with the tree)."""
    from fsctl.fair.reader import effective_placement

    return FairEngine(file, tree, effective_placement(tree))


def capacity_engine(file: str, tree: CapacityTree) -> CapacityEngine:
    """The mapping rules where the configuration says they are (inline, file or legacy)."""
    from fsctl.capacity.mapping import read_mapping_config

    mapping, _ = read_mapping_config(tree.info.properties, tree.source, tree.info.hadoop_version)
    return CapacityEngine(file, tree, mapping, tree.info.hadoop_version)


def route_apps(engines: Sequence[Engine], apps: Iterable[App]) -> list[RoutedApp]:
    return list(route_each(engines, apps))


def route_each(engines: Sequence[Engine], apps: Iterable[App]) -> Iterator[RoutedApp]:
    """:func:`route_apps` one application at a time, for a caller that keeps only some."""
    return (RoutedApp(app, tuple([engine.route(app) for engine in engines])) for app in apps)
