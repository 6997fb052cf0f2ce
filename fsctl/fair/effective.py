"""Hadoop's precedence for every Fair Scheduler value, resolved once into the typed records.

``AllocationFileParser`` getters give the top-level defaults; ``AllocationConfiguration#initFSQueue``
and its getters, ``FSQueue#updatePreemptionVariables``, ``FSParentQueue#getMaximumContainerAllocation``
and ``AllocationFileLoaderService#setupRootQueueProperties`` the queue values (fs-parse.md §2.6). The
``inherit`` column of :mod:`fsctl.fair.elements` says where an unset value comes from; a declared
value wins, except that a percentage minResources counts as unset, maxContainerAllocation is capped
by the scheduler maximum, and ``allowPreemptionFrom`` false on an ancestor wins.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import Any

from fsctl.fair.elements import BY_TOP_NAME, QUEUE_ROWS, TOP_ROWS, Element
from fsctl.fair.model import FairDefaults, FairInfo, FairQueueValues
from fsctl.hadoop import javanum
from fsctl.model.resources import MANDATORY_TYPES, UNBOUNDED, ResourceSpec
from fsctl.model.tree import Queue, QueueTree, Setting

#: element name -> position of its attribute in FairQueueValues (built positionally: the hot path)
_POSITION = {e.name: i for i, e in enumerate(QUEUE_ROWS)}
_ALLOW_PREEMPTION = _POSITION["allowPreemptionFrom"]
#: the values a child takes from its parent: parents that agree on them give their children one template
_INHERITED = operator.attrgetter(*(e.attribute for e in QUEUE_ROWS if e.inherit == "parent"))
#: declared values that are not taken as they are (see _Resolver.declared)
_ADJUSTED = frozenset(("minResources", "maxContainerAllocation", "allowPreemptionFrom", "reservation"))


def resolve_defaults(settings: Mapping[str, Setting], types: Iterable[str]) -> FairDefaults:
    """The top-level defaults from the parsed top-level settings (timeouts as written, in seconds)."""
    values: dict[str, Any] = {}
    for element in TOP_ROWS:
        setting = settings.get(element.name)
        if setting is None:  # a deprecated spelling counts only when the element itself is absent
            setting = next((settings[a] for a in element.aliases if a in settings), None)
        value = None if setting is None else setting.value
        if value is not None and element.kind == "seconds":
            value = javanum.java_long_multiply(value, 1000)
        if value is None:
            value = element.default
            if value is None and element.kind == "resource":  # queueMaxResourcesDefault: unbounded
                value = ResourceSpec.of(dict.fromkeys(types, UNBOUNDED))
        values[element.attribute] = value
    return FairDefaults(**values)


def user_max_apps(users: Mapping[str, Mapping[str, Setting]], defaults: FairDefaults) -> dict[str, int]:
    """``AllocationConfiguration.getUserMaxApps`` for every declared user."""
    return {
        name: s["maxRunningApps"].value if "maxRunningApps" in s else defaults.user_max_apps_default
        for name, s in users.items()
    }


class _Resolver:
    def __init__(self, defaults: FairDefaults, types: tuple[str, ...], maximum: Mapping[str, int]) -> None:
        self.defaults = defaults
        self.zero = ResourceSpec.of(dict.fromkeys(types, 0))
        self.unbounded = dict.fromkeys(types, UNBOUNDED)
        self.maximum = {t: maximum.get(t, UNBOUNDED) for t in types}

    def unset(self, element: Element, parent: FairQueueValues | None) -> Any:
        """The value of a queue that does not declare ``element`` (the ``inherit`` column)."""
        if element.kind == "resource0":
            return self.zero
        if element.name == "maxContainerAllocation":
            return self.container_cap(None, parent)
        if element.inherit == "top":
            return getattr(self.defaults, BY_TOP_NAME[element.default].attribute)
        if element.inherit == "parent":
            if parent is not None:
                return getattr(parent, element.attribute)
            if isinstance(element.default, str):  # root: the top-level default
                return getattr(self.defaults, BY_TOP_NAME[element.default].attribute)
        if element.inherit == "root" and parent is not None:
            return element.inherited
        return element.default

    def container_cap(self, own: ResourceSpec | None, parent: FairQueueValues | None) -> ResourceSpec:
        # FSLeafQueue/FSParentQueue#getMaximumContainerAllocation: a percentage is stored as unset,
        # and unset (== unbounded) inherits; FairScheduler#getMaximumResourceCapability caps it
        amounts = own.amounts() if own is not None and not own.is_percentage else self.unbounded
        if amounts == self.unbounded and parent is not None:
            return parent.max_container_allocation  # already capped
        return ResourceSpec.of({t: min(amounts.get(t, UNBOUNDED), m) for t, m in self.maximum.items()})

    def declared(self, key: str, value: Any, base: list[Any], parent: FairQueueValues | None) -> Any:
        if key == "minResources":
            return value if not value.is_percentage else self.zero  # Hadoop stores null for a percentage
        if key == "maxContainerAllocation":
            return self.container_cap(value, parent)
        if key == "allowPreemptionFrom":
            return value and base[_ALLOW_PREEMPTION]  # false on any ancestor wins
        if key == "reservation":
            return bool(value)
        return value

    def run(self, root: Queue) -> None:
        # a queue that declares nothing shares its template: one record for all such siblings, and
        # one template for the children of every parent whose inherited values are the same
        by_parent: dict[int, tuple[FairQueueValues, list[Any]]] = {}
        by_inherited: dict[tuple[Any, ...], tuple[FairQueueValues, list[Any]]] = {}
        position, declared, adjusted = _POSITION, self.declared, _ADJUSTED
        for queue in root.walk():
            parent = queue.parent.effective if queue.parent is not None else None
            entry = by_parent.get(id(queue.parent))
            if entry is None:
                inherited = _INHERITED(parent) if parent is not None else ()
                entry = by_inherited.get(inherited)
                if entry is None:
                    base = [self.unset(e, parent) for e in QUEUE_ROWS]
                    entry = by_inherited[inherited] = (FairQueueValues(*base), base)
                by_parent[id(queue.parent)] = entry
            if not queue.declared:
                queue.effective = entry[0]
                continue
            base = entry[1]
            values = base.copy()
            for key, setting in queue.declared.items():
                at = position.get(key)
                if at is not None:
                    value = setting.value
                    values[at] = declared(key, value, base, parent) if key in adjusted else value
            queue.effective = FairQueueValues(*values)


def resolve_queues(
    root: Queue, defaults: FairDefaults, types: Iterable[str], maximum: Mapping[str, int]
) -> None:
    """Every queue's :class:`FairQueueValues` from its declared settings, parents first;
    ``maximum`` is ``yarn.scheduler.maximum-allocation-*``."""
    _Resolver(defaults, tuple(types), maximum).run(root)


def resolve_tree(tree: QueueTree, types: Iterable[str] = MANDATORY_TYPES) -> None:
    """Resolve a tree built in memory (declared settings only): ``tree.info`` (kept when there is
    one, its defaults replaced) and every queue's values, with the yarn-site of ``tree.info``."""
    types = tuple(types)
    defaults = resolve_defaults(tree.settings, types)
    info: FairInfo | None = tree.info
    if info is None:
        info = tree.info = FairInfo(defaults)
    info.defaults = defaults
    info.user_max_apps = user_max_apps(info.users, defaults)
    resolve_queues(tree.root, defaults, types, info.site.maximum_allocation)


def root_maximum(tree: QueueTree) -> tuple[ResourceSpec, Setting] | None:
    """Root's maxResources when it limits anything, with the setting that gives it (root's own
    ``maxResources``, else ``queueMaxResourcesDefault``): ``AllocationConfiguration.getMaxResources``
    gives root the default too, and ``FSQueue.fitsInMaxShare`` checks every ancestor up to root, so
    it caps the whole cluster."""
    root = tree.root
    spec = root.effective.max_resources
    if not isinstance(spec, ResourceSpec):
        return None
    if spec.is_percentage:
        limits = any(fraction < 1.0 for _, fraction in spec.fractions or ())
    else:
        limits = any(amount < UNBOUNDED for amount in spec.amounts().values())
    setting = root.declared.get("maxResources") or tree.settings.get("queueMaxResourcesDefault")
    return (spec, setting) if limits and setting is not None else None
