"""The Fair Scheduler's typed records on the queue tree: ``QueueTree[FairQueueValues, FairInfo]``.

:class:`FairQueueValues` is one queue's effective values and :class:`FairDefaults` the top-level
defaults, both resolved once by :mod:`fsctl.fair.effective` with Hadoop's precedence; attribute
names are the ``attribute`` column of :mod:`fsctl.fair.elements`. :class:`FairInfo` is what later
stages need of the file beyond its queues. What the file itself says stays in ``Queue.declared``
and ``QueueTree.settings`` (with locations).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fsctl.fair.elements import QUEUE_ROWS, TOP_ROWS
from fsctl.fair.site import FairSiteSettings
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import Queue, QueueTree, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.io.xmldoc import XmlDocument


_QUEUE_NAMES = tuple(e.name for e in QUEUE_ROWS)
_QUEUE_VALUES = operator.attrgetter(*(e.attribute for e in QUEUE_ROWS))
_QUEUE_ATTRIBUTES = {e.name: e.attribute for e in QUEUE_ROWS}
_TOP_NAMES = tuple(e.name for e in TOP_ROWS)
_TOP_VALUES = operator.attrgetter(*(e.attribute for e in TOP_ROWS))


@dataclass(slots=True, eq=False)
class FairQueueValues:
    """One queue's effective values (``AllocationConfiguration`` getters, ``FSQueue``).

    Siblings that declare nothing share one record: never assign to an attribute, make a new record
    (``dataclasses.replace``)."""

    weight: float
    min_resources: ResourceSpec  # absolute; a percentage counts as unset (zero)
    max_resources: ResourceSpec  # may be a percentage
    max_child_resources: ResourceSpec | None  # the limit of dynamic children only
    max_container_allocation: ResourceSpec  # absolute, inherited, capped by the scheduler maximum
    max_running_apps: int
    max_am_share: float
    scheduling_policy: str  # fair, drf, fifo or a class name
    min_share_preemption_timeout: int  # ms, Long.MAX_VALUE: never
    fair_share_preemption_timeout: int  # ms
    fair_share_preemption_threshold: float
    allow_preemption_from: bool
    acl_submit_apps: str  # the raw text; root "*", the others " " (nobody)
    acl_administer_apps: str
    reservation: bool  # a reservable (plan) queue
    acl_administer_reservations: str | None
    acl_list_reservations: str | None
    acl_submit_reservations: str | None

    def as_dict(self) -> dict[str, Any]:
        """The values under their element names, in writer order (for diffs and reports)."""
        return dict(zip(_QUEUE_NAMES, _QUEUE_VALUES(self), strict=True))

    def value_of(self, name: str, default: Any = None) -> Any:
        """``as_dict().get(name, default)`` without building the dict."""
        attribute = _QUEUE_ATTRIBUTES.get(name)
        return default if attribute is None else getattr(self, attribute)


@dataclass(eq=False)
class FairDefaults:
    """The top-level defaults with Hadoop's own when unset (``AllocationFileParser`` getters)."""

    queue_max_apps_default: int
    queue_max_resources_default: ResourceSpec
    queue_max_am_share_default: float
    user_max_apps_default: int
    default_queue_scheduling_policy: str
    default_min_share_preemption_timeout: int  # ms
    default_fair_share_preemption_timeout: int  # ms (or the deprecated fairSharePreemptionTimeout)
    default_fair_share_preemption_threshold: float
    reservation_planner: str
    reservation_agent: str
    reservation_policy: str

    def as_dict(self) -> dict[str, Any]:
        """The defaults under their element names, in writer order."""
        return dict(zip(_TOP_NAMES, _TOP_VALUES(self), strict=True))


class QueueElement(Mapping[str, Any]):
    """One ``<queue>``/``<pool>`` element as written: a read-only mapping with the keys ``path``,
    ``tag`` (as written, e.g. the quirky ``ueue``), ``type`` (attribute or None) and ``location``,
    the last worked out only when read (most never are)."""

    __slots__ = ("_location", "path", "tag", "type")
    KEYS = ("path", "tag", "type", "location")

    def __init__(self, path: str, tag: str, type_attr: str | None, location: DeferredLocation) -> None:
        self.path, self.tag, self.type = path, tag, type_attr
        self._location: Location | DeferredLocation = location

    def __getitem__(self, key: str) -> Any:
        if key == "location":
            if isinstance(self._location, DeferredLocation):
                self._location = self._location.resolve()
            return self._location
        if key in ("path", "tag", "type"):
            return getattr(self, key)
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(self.KEYS)

    def __len__(self) -> int:
        return len(self.KEYS)

    def __repr__(self) -> str:
        return repr(dict(self))


@dataclass(eq=False)
class FairInfo:
    """Scheduler-wide values of an allocation file and what later stages need of the file."""

    defaults: FairDefaults
    #: ``{name: {"maxRunningApps": Setting}}`` as declared, document order
    users: dict[str, dict[str, Setting]] = field(default_factory=dict)
    #: each declared user's effective limit (``AllocationConfiguration.getUserMaxApps``)
    user_max_apps: dict[str, int] = field(default_factory=dict)
    #: every queue element; a queue defined twice appears twice
    queue_elements: list[QueueElement] = field(default_factory=list)
    #: elements Hadoop silently ignores: ``path`` of the queue or None, ``parent`` tag, ``tag``, ``location``
    ignored_elements: list[dict[str, Any]] = field(default_factory=list)
    #: subtree roots Hadoop does not create (scheduling-policy conflicts, 3.3's early root.default)
    dropped_queues: list[str] = field(default_factory=list)
    #: the queue a top-level <queue name="ROOT"> (any case but root) makes, root.ROOT: Hadoop names
    #: its subtree as written (ROOT.a), so none of its settings applies
    unkeyed_subtree: str | None = None
    site: FairSiteSettings = field(default_factory=FairSiteSettings)
    placement_location: Location | None = None
    #: the document read (for checks on the text); None for a tree built in memory
    document: XmlDocument | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION


FairQueue = Queue[FairQueueValues]
FairTree = QueueTree[FairQueueValues, FairInfo]
