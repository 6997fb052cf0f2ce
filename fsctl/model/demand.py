"""The load a simulation runs on (``fsctl simulate --demand``): per-queue demand, usage and apps.

Plain data: :mod:`fsctl.io.demand` reads it from a snapshot file, :mod:`fsctl.evaluate` reads it.
A snapshot taken from a ResourceManager (``fsctl snapshot``, :mod:`fsctl.io.snapshot`) also
carries where it came from (``source``), what the ResourceManager reported per queue
(``reported``) and the configuration it runs (``configuration``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import Vector


@dataclass(slots=True)
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
    location: Location | DeferredLocation | None = None


@dataclass(slots=True)
class QueueLoad:
    path: str
    demand: Vector = field(default_factory=dict)
    usage: Vector = field(default_factory=dict)
    apps: int | None = None
    applications: list[AppLoad] = field(default_factory=list)
    location: Location | DeferredLocation | None = None

    @property
    def app_count(self) -> int:
        """Runnable-app candidates: ``apps``, else the listed applications, else 1 if any demand."""
        if self.apps is not None:
            return self.apps
        if self.applications:
            return len(self.applications)
        return 1 if any(v > 0 for v in self.demand.values()) else 0


#: the scheduler a snapshot's ResourceManager runs (``source: scheduler``)
FAIR_SCHEDULER = "fair"
CAPACITY_SCHEDULER = "capacity"


@dataclass(slots=True)
class ReportedQueue:
    """What the ResourceManager reported for one queue (``reported:`` in a snapshot).

    ``resources`` by name: for the Fair Scheduler ``fair_share``, ``steady_fair_share``,
    ``min_share``, ``max_share``, ``demand``, ``usage``, ``am_usage``, ``am_limit``; for the Capacity
    Scheduler ``guaranteed`` (effectiveMinResource), ``maximum`` (effectiveMaxResource) and
    ``usage``. ``numbers``: ``capacity``, ``absolute_capacity``, ``maximum_capacity``,
    ``absolute_maximum_capacity`` (percent), ``max_apps``, ``active_apps``, ``pending_apps``.
    ``settings``: ``policy``, ``preemptable`` (text as reported). A value the ResourceManager did
    not report is absent, never 0.
    """

    path: str
    leaf: bool
    resources: dict[str, Vector] = field(default_factory=dict)
    numbers: dict[str, float] = field(default_factory=dict)
    settings: dict[str, str] = field(default_factory=dict)
    location: Location | DeferredLocation | None = None


@dataclass(slots=True)
class DemandSnapshot:
    queues: dict[str, QueueLoad] = field(default_factory=dict)
    cluster: Vector | None = None
    cluster_location: Location | DeferredLocation | None = None
    #: the file it was read from
    source: str = ""
    #: where a snapshot taken from a ResourceManager came from: ``rm`` (its address, no credential),
    #: ``time``, ``hadoop`` (its version), ``scheduler`` (FAIR_SCHEDULER or CAPACITY_SCHEDULER),
    #: ``from`` (the saved responses it was built from)
    provenance: dict[str, str] = field(default_factory=dict)
    #: the ResourceManager's own view of each queue, by path (empty for a hand-written snapshot)
    reported: dict[str, ReportedQueue] = field(default_factory=dict)
    #: the configuration the ResourceManager runs, redacted: ``yarn-site`` (its /conf) and, for the
    #: Capacity Scheduler, ``capacity-scheduler`` (its queue keys), each name -> value
    configuration: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def scheduler(self) -> str | None:
        """FAIR_SCHEDULER or CAPACITY_SCHEDULER for a snapshot of a ResourceManager, else None."""
        return self.provenance.get("scheduler")
