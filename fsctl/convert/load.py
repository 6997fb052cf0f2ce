"""The demand snapshot after the switch: where the snapshot's applications run once the converted
files are in place, for the Capacity Scheduler's allocation under the same load
(:mod:`fsctl.evaluate.capacity_load`) that the migration brief and ``fsctl diff --demand`` set beside
the Fair Scheduler's shares.

A snapshot says where each application runs under the Fair Scheduler, not what it was submitted
with. Each queue's applications are moved as routing moves a submission that lands there: the
submission naming the queue by its user (the application's, else a probe user), else the one naming
no queue, whichever the Fair file places in that queue; where the converted files place that
submission is where the application runs after the switch. A queue no such submission reaches
(an application moved there by hand, say) keeps its path. An application the converted files
reject is left out, and counted. A snapshot carries no groups: group rules see the probe group.

A queue given as totals (``apps: N``) moves whole; when it lands in a queue that other applications
land in too, it becomes its N applications (the first holding the usage, the demand above it split
evenly, the first taking the remainder), as the Fair Scheduler's view of the snapshot has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from fsctl.convert.routing import PROBE_GROUP, PROBE_USER
from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad
from fsctl.model.resources import Vector
from fsctl.model.tree import QueueTree
from fsctl.routing.apps import App
from fsctl.routing.engine import Engine, capacity_engine, fair_engine


@dataclass
class LoadAfter:
    """The snapshot as the converted files place it."""

    snapshot: DemandSnapshot
    #: Fair queue -> Capacity queue, for the queues whose applications move (all of them when no
    #: user decides)
    moved: dict[str, str] = field(default_factory=dict)
    #: applications the converted files reject, by the Fair queue they ran in
    rejected: dict[str, int] = field(default_factory=dict)

    @property
    def rejected_count(self) -> int:
        return sum(self.rejected.values())


def snapshot_after(snapshot: DemandSnapshot, engines: Sequence[Engine]) -> LoadAfter:
    """``snapshot``'s applications where ``engines`` (the Fair policy, then the converted rules, as
    :func:`fsctl.convert.routing.conversion_engines` makes them) place them after the switch."""
    fair, capacity = engines
    landed: dict[tuple[str, str | None], str | None] = {}

    def after(path: str, user: str | None) -> str | None:
        key = (path, user)
        if key not in landed:
            landed[key] = path
            who = user or PROBE_USER
            for asked in (path, None):
                app = App(who, (PROBE_GROUP,), asked)
                if fair.route(app).queue == path:
                    landed[key] = capacity.route(app).queue
                    break
        return landed[key]

    out = LoadAfter(DemandSnapshot(cluster=snapshot.cluster, source=snapshot.source))
    targets: dict[str, list[QueueLoad]] = {}
    for path, load in snapshot.queues.items():
        if not load.applications:
            where = after(path, None)
            _place(out, targets, path, where, load, load.app_count)
            continue
        for app in load.applications:
            where = after(path, app.user)
            part = QueueLoad(path=path, applications=[app], location=load.location)
            _place(out, targets, path, where, part, 1)
    for where, parts in targets.items():
        out.snapshot.queues[where] = _merged(where, parts)
    return out


def snapshot_between(fair: QueueTree, capacity: QueueTree, snapshot: DemandSnapshot) -> LoadAfter:
    """:func:`snapshot_after` for ``fsctl diff`` of a Fair file and a Capacity file: the Fair policy
    and the Capacity file's own mapping rules."""
    return snapshot_after(
        snapshot, [fair_engine(fair.source, fair), capacity_engine(capacity.source, capacity)]
    )


def _place(
    out: LoadAfter,
    targets: dict[str, list[QueueLoad]],
    path: str,
    where: str | None,
    load: QueueLoad,
    count: int,
) -> None:
    if where is None:
        out.rejected[path] = out.rejected.get(path, 0) + count
        return
    if where != path:
        out.moved[path] = where
    targets.setdefault(where, []).append(load)


def _merged(where: str, parts: list[QueueLoad]) -> QueueLoad:
    """One queue's load from the parts that land in it (a single one is kept as it is)."""
    first = parts[0]
    if len(parts) == 1 and not first.applications:
        return QueueLoad(where, first.demand, first.usage, first.apps, [], first.location)
    applications: list[AppLoad] = []
    for part in parts:
        applications.extend(part.applications or _expanded(part))
    return QueueLoad(where, applications=applications, location=first.location)


def _expanded(load: QueueLoad) -> list[AppLoad]:
    """A queue given as totals as its applications (the Fair Scheduler's view: the first holds the
    usage, the demand above it is split evenly, the first taking the remainder)."""
    count = load.app_count
    if count == 0:
        return []
    pending = {t: max(0, load.demand.get(t, 0) - load.usage.get(t, 0)) for t in load.demand}
    apps = []
    for i in range(count):
        share: Vector = {
            t: amount // count + (amount % count if i == 0 else 0) for t, amount in pending.items()
        }
        usage = dict(load.usage) if i == 0 else {}
        demand = {t: share.get(t, 0) + usage.get(t, 0) for t in share.keys() | usage.keys()}
        name = f"{load.path.rsplit('.', 1)[-1]}-app{i + 1}"
        apps.append(AppLoad(name=name, demand=demand, usage=usage, location=load.location))
    return apps
