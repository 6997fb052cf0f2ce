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
from fsctl.model.tree import PlacementRule, QueueTree
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
    def __init__(self, file: str, tree: QueueTree, mapping: MappingConfig) -> None:
        self.file = file
        self.tree = tree
        self.mapping = mapping
        self.index = QueueIndex(tree)
        self.placer = Placer(mapping.rules, tree, mapping.override, self.index)
        self._described: dict[int, str] = {}

    def route(self, app: App) -> Landing:
        requested = app.requested
        decision, queue, number = self.placer.decide(app.user, app.groups, "application", requested)
        if number is not None:
            rule = self._described.get(number)
            if rule is None:
                rule = self._described[number] = describe_mapping(number, self.mapping.rules[number])
            if decision == "reject":
                return Landing(self.file, None, rule, "rejected by a mapping rule")
            return Landing(self.file, queue, rule)
        queue, reason = submitted_queue(self.tree, requested, self.index)
        return Landing(self.file, queue, "submitted queue", reason)


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
    return CapacityEngine(file, tree, mapping)


def route_apps(engines: Sequence[Engine], apps: Iterable[App]) -> list[RoutedApp]:
    return list(route_each(engines, apps))


def route_each(engines: Sequence[Engine], apps: Iterable[App]) -> Iterator[RoutedApp]:
    """:func:`route_apps` one application at a time, for a caller that keeps only some."""
    return (RoutedApp(app, tuple([engine.route(app) for engine in engines])) for app in apps)
