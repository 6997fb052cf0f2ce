"""The state the Capacity Scheduler's allocation reached, as the preemption policy reads it: the
preview of ``ProportionalCapacityPreemptionPolicy`` (:mod:`fsctl.evaluate.capacity_preemption`)
then runs on what the scheduler holds when the demand persists, user limits included, rather than
on the snapshot's usage with its whole pending demand.

Per leaf, its applications in submission order (those Hadoop refused are not in the scheduler);
an application is activated when the leaf activated it. Its containers in the order they were
allocated: what ran at the start (the AM, when it ran, then containers of the application's
``container`` size, else the minimum allocation, the last one smaller, as the allocation model
recovers them), then the AM if it started during the allocation, then task containers of that
size; a reservation is a reserved container. Pending is what it still asks for. An application
without ``am`` (an unmanaged AM) counts the minimum allocation as its AM resource, as the
allocation model does. Each user's limits are ``UsersManager``'s at the end of the allocation: for
active users, which caps pending demand (``getTotalPendingResourcesConsideringUserLimit``), and for
all users, which intra-queue preemption holds each user to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.evaluate.capacity_preemption_state import AppState, ContainerState, LeafState, PreemptionState
from fsctl.model.resources import Vector

if TYPE_CHECKING:
    from fsctl.evaluate.capacity_load import AppAllocation, LoadResult
    from fsctl.model.demand import DemandSnapshot

REFUSED = "refused"
ACTIVE = "active"


def state_from_load(result: LoadResult, snapshot: DemandSnapshot, minimum: Vector) -> PreemptionState:
    """The preemption policy's view of ``result`` (the allocation of ``snapshot``)."""
    sizes = {
        (path, app.name): app.container
        for path, load in snapshot.queues.items()
        for app in load.applications
        if app.container is not None
    }
    state = PreemptionState()
    for queue in result.queues:
        if not queue.leaf:
            continue
        leaf = state.leaves.setdefault(queue.path, LeafState())
        for app in queue.applications:
            if app.state == REFUSED:
                continue
            size = sizes.get((queue.path, app.name)) or minimum
            leaf.apps.append(_app(app, size, minimum))
        leaf.active_user_limits = {user.name: dict(user.user_limit) for user in queue.users}
        leaf.user_limits = {user.name: dict(user.user_limit_all_users) for user in queue.users}
    return state


def _app(app: AppAllocation, size: Vector, minimum: Vector) -> AppState:
    types = list(dict.fromkeys([*app.allocated, *size]))
    state = AppState(
        name=app.name,
        user=app.user,
        priority=app.priority,
        pending=dict(app.pending),
        am_resource=dict(app.am) if app.am is not None else dict(minimum),
        activated=app.state == ACTIVE,
    )
    am = app.am
    am_at_start = am is not None and any(v > 0 for v in app.used_start.values())
    start = dict(app.used_start)
    if am is not None and am_at_start:
        state.containers.append(ContainerState(dict(am), am=True))
        start = _minus(start, am, types)
    state.containers.extend(ContainerState(c) for c in _split(start, size, types))
    rest = _minus(app.allocated, app.used_start, types)
    if am is not None and app.am_running and not am_at_start:
        state.containers.append(ContainerState(dict(am), am=True))
        rest = _minus(rest, am, types)
    state.containers.extend(ContainerState(c) for c in _split(rest, size, types))
    if any(v > 0 for v in app.reserved.values()):
        state.containers.append(ContainerState(dict(app.reserved), reserved=True))
    return state


def _minus(a: Vector, b: Vector, types: list[str]) -> Vector:
    return {t: max(0, a.get(t, 0) - b.get(t, 0)) for t in types}


def _split(amount: Vector, size: Vector, types: list[str]) -> list[Vector]:
    """``amount`` as containers of ``size``, the last one smaller when they do not divide (the
    allocation model's recovery of running containers)."""
    count = 0
    for t in types:
        want, each = amount.get(t, 0), size.get(t, 0)
        if want > 0 and each > 0:
            count = max(count, -(-want // each))
    out = []
    for i in range(count):
        out.append(
            {
                t: (
                    max(0, min(size.get(t, 0), amount.get(t, 0) - i * size.get(t, 0)))
                    if size.get(t, 0) > 0
                    else (amount.get(t, 0) if i == 0 else 0)
                )
                for t in types
            }
        )
    return out
