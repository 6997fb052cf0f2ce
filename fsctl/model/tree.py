"""The queue tree shared by every command.

A :class:`Queue` has a full path (``root.a.b``), its children in document order, its *declared*
settings (what the file says, each with the location it came from) and its *effective* values
(Hadoop's defaults and inheritance resolved once by the reader of its format). Setting names are the
format's own: Fair Scheduler element names (``weight``, ``minResources``, ``schedulingPolicy``) for an
allocation file, Capacity Scheduler key suffixes (``capacity``, ``maximum-capacity``) for
capacity-scheduler.xml. A format types its trees as ``QueueTree[V, T]``: ``V`` its record of one
queue's effective values, ``T`` its scheduler-wide record (``tree.info``); the Fair Scheduler's are
in :mod:`fsctl.fair.model`, the Capacity Scheduler's in :mod:`fsctl.capacity.values`."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location

Format = Literal["fair-scheduler", "capacity-scheduler", "yarn-site"]
FAIR: Format = "fair-scheduler"
CAPACITY: Format = "capacity-scheduler"
YARN_SITE: Format = "yarn-site"

#: a format's record of one queue's effective values (Hadoop's defaults and inheritance resolved)
V = TypeVar("V")
#: a format's record of scheduler-wide values and what later stages need of the file
T = TypeVar("T")


class Node(Protocol):
    children: list[Any]


N = TypeVar("N", bound=Node)


def preorder(root: N) -> Iterator[N]:
    """``root`` and every descendant, pre-order, children in order (no recursion: trees are deep)."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


class Setting:
    """One declared value: parsed value, the text as written, and where it was written.

    A plain class with the interface of the dataclass it was (positional or keyword construction,
    field-wise ``==``, the same repr) so that ``location`` can be given as a
    :class:`DeferredLocation` and worked out on first read.
    """

    __slots__ = ("_location", "raw", "value")
    __match_args__ = ("value", "raw", "location")
    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value (as the dataclass was)

    def __init__(
        self, value: Any, raw: str = "", location: Location | DeferredLocation | None = None
    ) -> None:
        self.value = value
        self.raw = raw
        self._location = location

    @property
    def location(self) -> Location | None:
        where = self._location
        if isinstance(where, DeferredLocation):
            where = self._location = where.resolve()
        return where

    @location.setter
    def location(self, where: Location | DeferredLocation | None) -> None:
        self._location = where

    @property
    def given_location(self) -> Location | DeferredLocation | None:
        """The location as given: still deferred if nothing has asked for it yet."""
        return self._location

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Setting)
        return (self.value, self.raw, self.location) == (other.value, other.raw, other.location)

    def __repr__(self) -> str:
        return f"Setting(value={self.value!r}, raw={self.raw!r}, location={self.location!r})"


class DeferredField:
    """A dataclass field holding a Location that may arrive as a :class:`DeferredLocation`.

    As a descriptor-typed field (dataclasses documents these) it keeps the field's place in the
    generated ``__init__``, its default (None) and plain reads and writes. Declared through
    ``field(default=DeferredField(), compare=False)``, the default handed to ``__init__`` is the
    descriptor itself, which stands for None."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, instance: object, owner: type | None = None) -> Location | None:
        if instance is None:
            return None  # the dataclass default
        where = instance.__dict__.get(self.slot)
        if isinstance(where, DeferredLocation):
            where = instance.__dict__[self.slot] = where.resolve()
        return where

    def __set__(self, instance: object, where: Location | DeferredLocation | DeferredField | None) -> None:
        instance.__dict__[self.slot] = None if isinstance(where, DeferredField) else where


@dataclass(eq=False)
class Queue(Generic[V]):
    name: str
    path: str
    parent: Queue | None = None
    children: list[Queue] = field(default_factory=list)
    declared: dict[str, Setting] = field(default_factory=dict)
    #: set by the reader of the format once the tree is built (reading it before is an error)
    effective: V = field(init=False)
    location: DeferredField = DeferredField()
    #: declared a parent without children (Fair ``type="parent"``, a reservable plan queue, or a
    #: Capacity Scheduler queue created as a parent by auto-creation)
    declared_parent: bool = False

    @property
    def is_leaf(self) -> bool:
        return not self.children and not self.declared_parent

    @property
    def depth(self) -> int:
        return self.path.count(".")

    def add_child(self, child: Queue) -> Queue:
        child.parent = self
        self.children.append(child)
        return child

    def child(self, name: str) -> Queue | None:
        for c in self.children:
            if c.name == name:
                return c
        return None

    def walk(self) -> Iterator[Queue]:
        """This queue and every descendant, pre-order, children in document order (no recursion)."""
        return preorder(self)

    def ancestors(self) -> Iterator[Queue]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def setting_location(self, name: str) -> Location | None:
        """Where a setting was declared, else where the queue was."""
        declared = self.declared.get(name)
        if declared is not None and declared.location is not None:
            return declared.location
        return self.location

    def __repr__(self) -> str:
        return f"Queue({self.path!r}, children={len(self.children)})"


@dataclass
class PlacementRule:
    """A Fair Scheduler placement rule (``<rule name=... create=...>``), nested parent rule included."""

    name: str
    create: bool = True
    queue: str | None = None  # the ``queue`` attribute of ``default``
    parent: PlacementRule | None = None
    location: DeferredField = DeferredField()
    attributes: dict[str, str] = field(default_factory=dict)

    @property
    def terminal(self) -> bool:
        """Whether no rule after this one can ever be reached (QueuePlacementPolicy, newest)."""
        own = {
            "specified": False,
            "secondaryGroupExistingQueue": False,
            "reject": True,
        }.get(self.name, self.create)
        return own and (self.parent.terminal if self.parent is not None else True)


@dataclass(eq=False)
class QueueTree(Generic[V, T]):
    format: Format
    source: str
    root: Queue
    #: scheduler-wide settings declared in the file (top-level Fair elements, global CS keys)
    settings: dict[str, Setting] = field(default_factory=dict)
    #: Fair Scheduler placement policy; None when the file has none (yarn-site decides, fs-parse §5.8)
    placement: list[PlacementRule] | None = None
    #: the format's scheduler-wide record: Hadoop's defaults resolved and what later stages need of
    #: the file (None only for a tree built in memory that no stage reads it of)
    info: T = None  # type: ignore[assignment]
    _index: dict[str, Queue] | None = field(default=None, repr=False)

    def queues(self) -> Iterator[Queue]:
        return self.root.walk()

    def leaves(self) -> Iterator[Queue]:
        return (q for q in self.root.walk() if q.is_leaf)

    def find(self, path: str) -> Queue | None:
        """The queue at a full path; the index is built once and rebuilt by :meth:`reindex`."""
        if self._index is None:
            self.reindex()
        assert self._index is not None
        return self._index.get(path)

    def reindex(self, index: dict[str, Queue] | None = None) -> None:
        """Rebuild the path index; a reader that kept one while building the tree passes it."""
        self._index = dict(index) if index is not None else {q.path: q for q in self.root.walk()}

    def unlink(self) -> None:
        """Cut every queue's link to its parent, the tree's reference cycles: a caller done with a
        large tree while the collector is paused (fsctl's command line) frees it by dropping it.
        The tree is unusable afterwards."""
        for queue in self.root.walk():
            queue.parent = None


@dataclass(eq=False)
class ReadResult:
    """What a reader returns: the tree (None when the file could not be understood at all) and every
    diagnostic it found. Readers never stop at the first problem."""

    path: str
    format: Format | None
    tree: QueueTree | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
