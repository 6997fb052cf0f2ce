"""The Capacity Scheduler's typed records on the queue tree: ``QueueTree[CapacityQueueValues, CapacityInfo]``.

:class:`CapacityQueueValues` is one queue's effective values, resolved once by
:mod:`fsctl.capacity.reader` with Hadoop's defaults and inheritance (cs.md §2); attribute names are
the keys of :data:`fsctl.capacity.keys.EFFECTIVE_QUEUE_KEYS` (:func:`fsctl.capacity.keys.attribute`).
:class:`CapacityInfo` is the scheduler-wide values and what later stages need of the file beyond its
queues. What the file itself says stays in ``Queue.declared`` and ``QueueTree.settings``.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import CapacityValue
from fsctl.hadoop.conf import HadoopConf
from fsctl.model.location import Location
from fsctl.model.tree import Queue, QueueTree, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.capacity.mapping import MappingConfig

_ATTRIBUTES = {key: keys.attribute(key) for key in keys.EFFECTIVE_QUEUE_KEYS}
_VALUES = operator.attrgetter(*_ATTRIBUTES.values())
_PARENT_ORDERING = "parent-ordering-policy"


@dataclass(slots=True, eq=False)
class CapacityQueueValues:
    """One queue's effective values (``AbstractCSQueue`` and its settings classes, after load)."""

    capacity: CapacityValue  # root: 100% of every resource
    maximum_capacity: CapacityValue
    capacity_mode: str  # CapacityMode value of ``capacity``
    minimum_user_limit_percent: float
    user_limit_factor: float
    maximum_applications: int  # -1: derived from the global limit (LeafQueue)
    maximum_am_resource_percent: float
    max_parallel_apps: int
    state: str  # RUNNING or STOPPED, inherited STOPPED from a stopped parent
    acl_submit_applications: str  # the raw text; root "*", the others " " (nobody)
    acl_administer_queue: str
    acl_application_max_priority: str
    acl_administer_reservations: str
    acl_list_reservations: str
    acl_submit_reservations: str
    accessible_node_labels: list[str]  # ["*"] or labels, inherited when unset
    default_node_label_expression: str
    #: per configured label: ``capacity``, ``maximum-capacity`` (CapacityValue) and
    #: ``maximum-am-resource-percent``
    node_labels: dict[str, dict[str, Any]]
    ordering_policy: str
    parent_ordering_policy: str | None  # a parent's own, inherited by its child parents; None on a leaf
    ordering_policy_params: dict[str, Any]
    priority: int
    default_application_priority: int
    maximum_application_lifetime: int  # s, -1: none (QueueAppLifetimeAndLimitSettings)
    default_application_lifetime: int
    disable_preemption: bool
    intra_queue_preemption_disable_preemption: bool
    maximum_allocation_mb: int  # QueueAllocationSettings
    maximum_allocation_vcores: int
    allow_zero_capacity_sum: bool
    reservable: bool
    user_settings: dict[str, float]  # user -> weight, inherited
    auto_create: str | None  # "v1", "v2" or None
    auto_create_child_queue_enabled: bool
    auto_create_child_queue_max_queues: int
    auto_create_child_queue_fail_on_exceeding_parent_capacity: bool
    auto_create_child_queue_management_policy: str
    leaf_queue_template: dict[str, str]  # v1 template: suffix -> text
    auto_queue_creation_v2_enabled: bool
    auto_queue_creation_v2_max_queues: int
    auto_queue_creation_v2_maximum_queue_depth: int
    auto_queue_creation_v2_queue_auto_removal_enable: bool
    auto_queue_creation_v2_template: dict[str, str]  # AutoCreatedQueueTemplate, wildcards applied
    auto_queue_creation_v2_leaf_template: dict[str, str]
    auto_queue_creation_v2_parent_template: dict[str, str]

    def as_dict(self) -> dict[str, Any]:
        """The values under their key names, in table order (a leaf has no parent-ordering-policy)."""
        values = dict(zip(_ATTRIBUTES, _VALUES(self), strict=True))
        if self.parent_ordering_policy is None:
            del values[_PARENT_ORDERING]
        return values

    def value_of(self, key: str, default: Any = None) -> Any:
        """``as_dict().get(key, default)`` without building the dict."""
        name = _ATTRIBUTES.get(key)
        if name is None:
            return default
        value = getattr(self, name)
        return default if value is None and key == _PARENT_ORDERING else value


class QueueStore:
    """CSQueueStore: a queue by full path, or by short name when exactly one queue has it.

    ``root`` always means the root queue; ``root.root`` is reachable only by its full path.
    """

    def __init__(self, queues: Iterable[Queue]) -> None:
        self._full: dict[str, Queue] = {}
        self._short: dict[str, list[Queue]] = {}
        for queue in queues:
            self._full[queue.path] = queue
            if queue.path != keys.ROOT:
                self._short.setdefault(queue.name, []).append(queue)

    def get(self, name: str) -> Queue | None:
        """The queue a reference names: full path first, then an unambiguous short name."""
        if name == keys.ROOT:
            return self._full.get(keys.ROOT)
        queue = self._full.get(name)
        if queue is not None:
            return queue
        same = self._short.get(name, [])
        return same[0] if len(same) == 1 else None

    def is_ambiguous(self, name: str) -> bool:
        return name != keys.ROOT and len(self._short.get(name, [])) > 1

    def by_short_name(self, name: str) -> list[Queue]:
        return list(self._short.get(name, []))

    def ambiguous_names(self) -> list[str]:
        return [name for name, same in self._short.items() if len(same) > 1]


@dataclass(eq=False)
class CapacityInfo:
    """Scheduler-wide values of a capacity-scheduler.xml and what later stages need of the file."""

    #: the configuration Hadoop sees (yarn-site.xml under the file, if given)
    properties: HadoopConf
    #: the file's own properties
    file_properties: HadoopConf
    #: every key of ``keys.GLOBAL_KEYS`` (after the prefix) and ``keys.SITE_KEYS`` with Hadoop's
    #: default when unset, in table order
    defaults: dict[str, Any]
    store: QueueStore
    legacy_queue_mode: bool = True  # legacy-queue-mode.enabled; always before 3.4
    resource_types: tuple[str, ...] = ("memory-mb", "vcores")
    #: labels named by any queue's ``accessible-node-labels.<label>.*`` keys, sorted
    configured_node_labels: list[str] = field(default_factory=list)
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    #: ``{key: Setting}`` keys under undeclared queue paths (Hadoop ignores them)
    orphans: dict[str, Setting] = field(default_factory=dict)
    #: ``{"root.a.*": {suffix: Setting}}`` v2 template keys with ``*``
    wildcard_templates: dict[str, dict[str, Setting]] = field(default_factory=dict)
    #: ``(parent path, name, Location)`` of names listed twice in one ``queues``
    duplicate_children: list[tuple[str, str, Location | None]] = field(default_factory=list)
    #: the mapping rules, parsed and validated at load (:func:`fsctl.capacity.mapping.check_mapping`)
    mapping: MappingConfig | None = None

    def default(self, name: str) -> Any:
        """A scheduler-wide value by its key (after the prefix for ``yarn.scheduler.capacity.`` keys)."""
        return self.defaults.get(name)

    def as_dict(self) -> dict[str, Any]:
        """The scheduler-wide values under their key names (for diffs and reports)."""
        values = dict(self.defaults)
        values["resource-types"] = list(self.resource_types)
        values["configured-node-labels"] = list(self.configured_node_labels)
        return values


CapacityQueue = Queue[CapacityQueueValues]
CapacityTree = QueueTree[CapacityQueueValues, CapacityInfo]


def flag(queue: CapacityQueue, key: str) -> bool:
    """A boolean queue key: its resolved value, else what the file says (``getBoolean``: "true" in
    any case, anything else false)."""
    value = queue.effective.value_of(key)
    if isinstance(value, bool):
        return value
    setting = queue.declared.get(key)
    if setting is None:
        return False
    if isinstance(setting.value, bool):
        return setting.value
    return str(setting.raw or setting.value).strip().lower() == "true"
