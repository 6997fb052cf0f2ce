"""The load a simulation runs on (``fsctl simulate --demand``): per-queue demand, usage and apps.

Plain data: :mod:`fsctl.io.demand` reads it from a snapshot file, :mod:`fsctl.evaluate` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fsctl.model.resources import Vector
from fsctl.model.tree import DeferredField


# Not slotted: ``location`` is a DeferredField, worked out only when a finding names it (a large
# JSON snapshot is read without positions; see fsctl.io.demand).
@dataclass
class AppLoad:
    """One application of a leaf (``FSAppAttempt``): its demand, usage, start time and priority.

    ``priority`` is the one it asks for (None when the snapshot does not say: the queue's default).

    ``am`` is its application master's container: counted against the leaf's ``maxAMShare`` (running
    when the app has usage, else waiting); None for an unmanaged AM (no limit applies). ``user`` is
    who submitted it (None when the snapshot does not say); ``container`` the size of each container
    it asks for (None: the scheduler's minimum allocation).
    """

    name: str
    demand: Vector = field(default_factory=dict)
    usage: Vector = field(default_factory=dict)
    start_time: int = 0
    priority: int | None = None  # None: the snapshot does not say
    am: Vector | None = None
    user: str | None = None
    container: Vector | None = None
    location: DeferredField = field(default=DeferredField(), compare=False)


@dataclass
class QueueLoad:
    path: str
    demand: Vector = field(default_factory=dict)
    usage: Vector = field(default_factory=dict)
    apps: int | None = None
    applications: list[AppLoad] = field(default_factory=list)
    location: DeferredField = field(default=DeferredField(), compare=False)

    @property
    def app_count(self) -> int:
        """Runnable-app candidates: ``apps``, else the listed applications, else 1 if any demand."""
        if self.apps is not None:
            return self.apps
        if self.applications:
            return len(self.applications)
        return 1 if any(v > 0 for v in self.demand.values()) else 0


@dataclass(slots=True)
class DemandSnapshot:
    queues: dict[str, QueueLoad] = field(default_factory=dict)
    cluster: Vector | None = None
    source: str = ""
