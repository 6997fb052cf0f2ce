"""One round of the Capacity Scheduler's preemption policy on a load:
``ProportionalCapacityPreemptionPolicy.editSchedule`` for the default partition, Hadoop 3.4 and 3.3.

:func:`preview_preemption` clones the queues as ``cloneQueues`` does (guaranteed and maximum
resources from the effective capacities of :mod:`fsctl.evaluate.capacity`, usage and pending demand
from the :class:`~fsctl.evaluate.capacity_preemption_state.PreemptionState`), then runs the
candidate selectors the configuration enables, in the policy's order: FIFO
(:mod:`~fsctl.evaluate.capacity_preemption_select`), the second FIFO of
``preemption-to-balance-queue-after-satisfied``, intra-queue
(:mod:`~fsctl.evaluate.capacity_preemption_intra`). Each FIFO selector computes the ideal
assignment afresh (:mod:`~fsctl.evaluate.capacity_preemption_ideal`); every selector takes
containers within what the round may still preempt. Pure: no I/O.

Two orders are Hadoop's own arbitrary choice: the queues of a level are kept in a ``HashSet``
keyed by object identity (ties between equally served queues break differently run to run), and
the containers earlier selectors chose are deducted in ``HashMap`` order. :class:`Orders` names
them; fsctl uses the children's order and the selection order, and the differential tests pass the
orders Hadoop reports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.catalogue.capacity_preemption import SM242, SM243, SM245, SM247
from fsctl.evaluate import capacity_preemption_calc as R
from fsctl.evaluate.capacity_preemption_calc import Calculator, Res
from fsctl.evaluate.capacity_preemption_ideal import (
    AppInfo,
    ContainerInfo,
    LeafInfo,
    SetOrder,
    TempQueue,
    child_order,
)
from fsctl.evaluate.capacity_preemption_intra import IntraQueueSelector
from fsctl.evaluate.capacity_preemption_select import (
    KILL_RESERVED,
    DeductOrder,
    FifoSelector,
    PolicyContext,
    PolicyThrows,
    selection_order,
)
from fsctl.evaluate.capacity_preemption_state import (
    AppState,
    LeafState,
    PreemptionSettings,
    PreemptionState,
)
from fsctl.hadoop.javahash import hash_set_order
from fsctl.hadoop.javanum import to_float32
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.model.resources import Vector
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.capacity.values import CapacityTree
    from fsctl.evaluate.capacity import CapacityResult, CapacityShares
    from fsctl.evaluate.capacity_load import LoadResult
    from fsctl.model.demand import DemandSnapshot

PRIORITY_UTILIZATION = "priority-utilization"
FAIR_ORDERING = ("fair", "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy")


@dataclass(frozen=True)
class Orders:
    """The orders Hadoop leaves to object identity and hashing (module docstring)."""

    set_order: SetOrder = child_order
    deduct_order: DeductOrder = selection_order


@dataclass(slots=True)
class QueuePreemption:
    """One queue's ``TempQueuePerPartition`` after the round (the last FIFO selector's ideal)."""

    path: str
    parent: str | None
    leaf: bool
    depth: int
    preemption_disabled: bool
    guaranteed: Vector
    maximum: Vector
    used: Vector
    pending: Vector
    ideal_assigned: Vector
    to_be_preempted: Vector
    #: ``actuallyToBePreempted``: what the selectors set out to obtain from the leaf
    to_obtain: Vector
    untouchable_extra: Vector
    preemptable_extra: Vector
    #: the containers selected from this queue (and below it), summed
    selected: Vector
    containers: int = 0
    #: intra-queue preemption's view of a leaf: its applications low to high priority, its users
    apps: list[AppPreemption] = field(default_factory=list)
    users: dict[str, UserPreemption] = field(default_factory=dict)


@dataclass(slots=True)
class AppPreemption:
    """``TempAppPerPartition``: an application's ideal share of its queue and what it gives back."""

    app_id: int
    name: str
    user: str
    priority: int
    ideal_assigned: Vector
    to_be_preempted: Vector
    to_obtain: Vector
    to_be_preempt_from_other: Vector


@dataclass(slots=True)
class UserPreemption:
    user_limit: Vector
    ideal_assigned: Vector


@dataclass(slots=True)
class SelectedContainer:
    selector: str
    queue: str
    app: str
    app_id: int
    user: str
    container_id: int
    resource: Vector
    am: bool
    reserved: bool


@dataclass
class PreemptionPreview:
    hadoop_version: HadoopVersion
    settings: PreemptionSettings
    dominant: bool
    types: tuple[str, ...]
    cluster: Vector
    #: what the round may preempt at most (``total_preemption_per_round`` of the cluster)
    round_limit: Vector
    queues: list[QueuePreemption]
    #: every container the selectors chose, selector by selector, in the order they chose them
    selected: list[SelectedContainer]
    #: reserved containers the FIFO selector unreserves as it goes (``KILL_RESERVED_CONTAINER``)
    unreserved: list[SelectedContainer]
    findings: list[Diagnostic] = field(default_factory=list)
    #: the leaf queues in the order the selectors visit them (the policy's HashSet)
    leaf_order: list[str] = field(default_factory=list)
    #: the queues in the order the ideal assignment found them under-served
    underserved: list[str] = field(default_factory=list)
    #: the selectors that ran, in order
    selectors: list[str] = field(default_factory=list)
    #: each queue's absolute capacity as the policy read it (a Java float)
    absolute_capacities: dict[str, float] = field(default_factory=dict)

    def only(self, paths: set[str]) -> None:
        """Keep the queues in ``paths`` and the containers taken from them (``simulate --queue``)."""
        self.queues = [q for q in self.queues if q.path in paths]
        top = min((q.depth for q in self.queues), default=0)
        for q in self.queues:  # depths from the shown top, as the capacity rows have them
            q.depth -= top
        self.selected = [c for c in self.selected if c.queue in paths]
        self.unreserved = [c for c in self.unreserved if c.queue in paths]


def preview_preemption(
    result: CapacityResult,
    tree: CapacityTree,
    state: PreemptionState,
    settings: PreemptionSettings,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    orders: Orders | None = None,
) -> PreemptionPreview:
    """One ``editSchedule`` on ``state``, for the capacities in ``result``."""
    orders = orders or Orders()
    types = result.types
    size = len(types)
    dominant = "Dominant" in str(tree.info.defaults["resource-calculator"])
    rc = Calculator(dominant, size)
    cluster = [int(result.cluster.get(t, 0)) for t in types]
    minimum = _minimum_allocation(tree, types)
    built = _Clone(result, state, settings, rc, cluster, minimum, types)
    root = built.root
    total_allowed = R.multiply(cluster, settings.total_preemption_per_round)
    round_limit = R.clone(total_allowed)
    ctx = PolicyContext(
        rc=rc,
        cluster=cluster,
        root=root,
        queues=built.queues,
        leaf_names=hash_set_order(q.path for q in root.walk() if q.leaf_info is not None),
        total_allowed=total_allowed,
        max_ignored=settings.max_ignored_over_capacity,
        natural=settings.natural_termination_factor,
        conservative_drf=settings.conservative_drf,
        intra_conservative_drf=settings.intra_conservative_drf,
        hadoop_34=hadoop_version >= (3, 4),
        observe_only=settings.observe_only,
        set_order=orders.set_order,
        deduct_order=orders.deduct_order,
        unfindable=frozenset() if hadoop_version >= (3, 4) else _shared_short_names(result),
    )
    selectors: list[FifoSelector | IntraQueueSelector] = [
        FifoSelector(considers_reserved=settings.additional_on_reserved)
    ]
    if settings.balance_after_satisfied:
        selectors.append(FifoSelector(balance=True, name="FifoCandidatesSelector (balance)"))
    if settings.intra_queue:
        selectors.append(
            IntraQueueSelector(
                settings.intra_order_policy,
                settings.intra_minimum_threshold,
                settings.intra_max_allowable_limit,
            )
        )
    selected: list[SelectedContainer] = []
    thrown: PolicyThrows | None = None
    try:
        for selector in selectors:
            start = len(ctx.choice_log)
            selector.select(ctx)
            selected.extend(_selected(selector.name, c, types) for c in ctx.choice_log[start:])
    except PolicyThrows as exc:  # editSchedule ends: no container is preempted, none unreserved
        thrown, selected = exc, []
        ctx.events.clear()
    unreserved = [
        _selected("FifoCandidatesSelector", c, types) for event, c in ctx.events if event == KILL_RESERVED
    ]
    preview = PreemptionPreview(
        hadoop_version=hadoop_version,
        settings=settings,
        dominant=dominant,
        types=types,
        cluster=dict(zip(types, cluster, strict=True)),
        round_limit=dict(zip(types, round_limit, strict=True)),
        queues=_queue_rows(root, result, selected, types),
        selected=selected,
        unreserved=unreserved,
        leaf_order=list(ctx.leaf_names),
        underserved=list(ctx.underserved),
        selectors=[s.name for s in selectors],
        absolute_capacities={q.path: q.abs_capacity for q in root.walk()},
    )
    preview.findings = _findings(result, tree, settings)
    if thrown is not None:
        from fsctl.catalogue.capacity_load import SM215

        shown = ".".join(str(p) for p in hadoop_version)
        preview.findings.insert(
            0,
            SM215.at(
                None,
                f"Hadoop {shown}'s preemption policy throws NullPointerException weighing a container of "
                f"{thrown.app} in {thrown.queue}: its short name {thrown.queue.rsplit('.', 1)[-1]!r} is "
                "shared with another queue (FifoIntraQueuePreemptionPlugin); nothing is preempted",
                queue=thrown.queue,
            ),
        )
    return preview


def _shared_short_names(result: CapacityResult) -> frozenset[str]:
    """The leaves whose short name another queue shares: ``CapacityScheduler.getQueue`` (3.3,
    ``CSQueueStore``) finds none of them by it."""
    count: dict[str, int] = {}
    for q in result.queues:
        name = q.path.rsplit(".", 1)[-1]
        count[name] = count.get(name, 0) + 1
    return frozenset(q.path for q in result.queues if q.leaf and count[q.path.rsplit(".", 1)[-1]] > 1)


def _selected(selector: str, c: ContainerInfo, types: tuple[str, ...]) -> SelectedContainer:
    return SelectedContainer(
        selector=selector,
        queue=c.app.queue,
        app=c.app.name,
        app_id=c.app.app_id,
        user=c.app.user,
        container_id=c.container_id,
        resource=dict(zip(types, c.resource, strict=True)),
        am=c.am,
        reserved=c.reserved,
    )


def _minimum_allocation(tree: CapacityTree, types: tuple[str, ...]) -> Res:
    defaults = tree.info.defaults
    out = [0] * len(types)
    out[0] = int(defaults.get("yarn.scheduler.minimum-allocation-mb", 1024))
    out[1] = int(defaults.get("yarn.scheduler.minimum-allocation-vcores", 1))
    return out


class _Clone:
    """``cloneQueues``: a TempQueue per queue of the tree, usage and pending from the state."""

    def __init__(
        self,
        result: CapacityResult,
        state: PreemptionState,
        settings: PreemptionSettings,
        rc: Calculator,
        cluster: Res,
        minimum: Res,
        types: tuple[str, ...],
    ) -> None:
        self.rc, self.cluster, self.minimum, self.types = rc, cluster, minimum, types
        self.settings = settings
        self.queues: dict[str, TempQueue] = {}
        self.next_app_id = 1
        self.sizes: dict[int, tuple[Mapping[str, int], Res]] = {}
        self.distinct: dict[tuple[int, ...], Res] = {}
        temps: dict[str, TempQueue] = {}
        for shares in result.queues:  # pre-order: a parent before its children
            tq = self._temp(shares, state.leaves.get(shares.path))
            temps[shares.path] = tq
            self.queues[shares.path] = tq
        for shares in reversed(result.queues):  # usage sums bottom-up, then the children attach
            if shares.children:
                tq = temps[shares.path]
                for child in shares.children:
                    R.add_to(tq.used, temps[child.path].used)
                    R.add_to(tq.reserved, temps[child.path].reserved)
        for shares in reversed(result.queues):  # a child has its subtree's pending before it attaches
            tq = temps[shares.path]
            relative = shares.queue is not None and _priority_ordered(shares)
            for child in shares.children:
                kid = temps[child.path]
                if relative and child.queue is not None:
                    kid.relative_priority = int(child.queue.effective.priority)
                tq.add_child(kid)
        self.root = temps[result.queues[0].path]

    def _vector(self, values: Mapping[str, int]) -> Res:
        return [int(values.get(t, 0)) for t in self.types]

    def _size(self, values: Mapping[str, int]) -> Res:
        """A container's resource: one read-only list per distinct size (the selectors never change
        a container's size), found by the dict's identity first (a state shares equal dicts)."""
        found = self.sizes.get(id(values))
        if found is not None and found[0] is values:
            return found[1]
        vector = self._vector(values)
        key = tuple(vector)
        vector = self.distinct.setdefault(key, vector)
        self.sizes[id(values)] = (values, vector)
        return vector

    def _temp(self, shares: CapacityShares, load: LeafState | None) -> TempQueue:
        size = len(self.types)
        values = shares.queue.effective if shares.queue is not None else None
        disabled = bool(values.disable_preemption) if values is not None else False
        tq = TempQueue(
            path=shares.path,
            used=R.zeros(size),
            pending=R.zeros(size),
            pending_deduct_reserved=R.zeros(size),
            reserved=R.zeros(size),
            abs_capacity=to_float32(shares.absolute_capacity),
            abs_max_capacity=to_float32(shares.absolute_maximum_capacity),
            total=R.clone(self.cluster),
            eff_min=self._vector(shares.guaranteed),
            eff_max=self._vector(shares.maximum),
            preemption_disabled=disabled,
            leaf=shares.leaf,
        )
        if shares.leaf:
            tq.leaf_info = self._leaf(tq, shares, load or LeafState())
        return tq

    def _leaf(self, tq: TempQueue, shares: CapacityShares, load: LeafState) -> LeafInfo:
        size = len(self.types)
        values = shares.queue.effective if shares.queue is not None else None
        every: list[AppInfo] = []
        activated: list[AppInfo] = []
        user_used: dict[str, Res] = {}
        for app in load.apps:
            info = self._app(tq.path, app)
            every.append(info)
            if app.activated:
                activated.append(info)
            used = info.used(size)
            R.add_to(user_used.setdefault(app.user, R.zeros(size)), used)
            R.add_to(tq.used, used)
            if info.reserved:
                R.add_to(tq.reserved, info.reserved_total(size))
        activated.sort(key=lambda a: (-a.priority, a.app_id))  # FifoOrderingPolicy's comparator
        every.sort(key=lambda a: (-a.priority, a.app_id))
        tq.pending = self._pending(activated, load.active_user_limits, user_used, deduct=False)
        tq.pending_deduct_reserved = self._pending(activated, load.active_user_limits, user_used, deduct=True)
        guaranteed = self.rc.max(self.cluster, R.clone(tq.eff_min), self.minimum)
        intra_off = values is None or bool(values.intra_queue_preemption_disable_preemption)
        return LeafInfo(
            apps=activated,
            all_apps=every,
            intra_disabled=intra_off or tq.preemption_disabled,
            max_am_percent=to_float32(float(values.maximum_am_resource_percent))
            if values is not None
            else 0.1,
            used_capacity=self.rc.divide(self.cluster, tq.used, guaranteed),
            minimum_allocation=R.clone(self.minimum),
            user_limits=_limits(load.user_limits, self.types),
            user_usage=user_used,
            preemption_order=list(reversed(activated)),
        )

    def _app(self, queue: str, app: AppState) -> AppInfo:
        size = len(self.types)
        info = AppInfo(
            app_id=self.next_app_id,
            name=app.name,
            queue=queue,
            user=app.user,
            priority=app.priority,
            pending=self._vector(app.pending),
        )
        self.next_app_id += 1
        live, reserved = info.live, info.reserved
        am = None
        given: Mapping[str, int] | None = None
        vector: Res = []
        for index, container in enumerate(app.containers, start=1):
            if container.resource is not given:  # runs of equal containers share one dict
                given, vector = container.resource, self._size(container.resource)
            c = ContainerInfo(info, index, vector, container.am, container.reserved)
            if container.reserved:
                reserved.append(c)
            else:
                live.append(c)
                if am is None and container.am:
                    am = c
        if app.am_resource is not None:
            info.am_size = self._vector(app.am_resource)
        elif am is not None:
            info.am_size = R.clone(am.resource)
        else:
            info.am_size = R.zeros(size)
        info.am_running = am is not None
        return info

    def _pending(
        self,
        apps: Sequence[AppInfo],
        limits: Mapping[str, Mapping[str, int]] | None,
        user_used: Mapping[str, Res],
        *,
        deduct: bool,
    ) -> Res:
        """``getTotalPendingResourcesConsideringUserLimit``: each user's pending up to its headroom
        under the active-user limit (no cap when the limits are unknown)."""
        size = len(self.types)
        total = R.zeros(size)
        headroom: dict[str, Res | None] = {}
        for app in apps:
            if app.user not in headroom:
                if limits is None or app.user not in limits:  # no limit: Resources.unbounded()
                    headroom[app.user] = None
                else:
                    limit = self._vector(limits.get(app.user, {}))
                    used = user_used.get(app.user, R.zeros(size))
                    headroom[app.user] = R.componentwise_max(R.subtract(limit, used), R.zeros(size))
            pending = R.clone(app.pending)
            if deduct:
                pending = R.subtract(pending, app.reserved_total(size))
            pending = R.componentwise_max(pending, R.zeros(size))
            room = headroom[app.user]
            if room is None:
                R.add_to(total, pending)
                continue
            taken = R.componentwise_min(room, pending)
            R.add_to(total, taken)
            R.subtract_from(room, taken)
        return total


def _limits(limits: Mapping[str, Mapping[str, int]] | None, types: tuple[str, ...]) -> dict[str, Res] | None:
    if limits is None:
        return None
    return {user: [int(v.get(t, 0)) for t in types] for user, v in limits.items()}


def _priority_ordered(shares: CapacityShares) -> bool:
    """The parent's queue ordering policy respects priorities (``priority-utilization``)."""
    assert shares.queue is not None
    policy = str(shares.queue.effective.parent_ordering_policy or "")
    return policy == PRIORITY_UTILIZATION or policy.endswith(".PriorityUtilizationQueueOrderingPolicy")


def _queue_rows(
    root: TempQueue, result: CapacityResult, selected: list[SelectedContainer], types: tuple[str, ...]
) -> list[QueuePreemption]:
    taken: dict[str, Res] = {}
    counts: dict[str, int] = {}
    for c in selected:
        path = c.queue
        while True:
            R.add_to(taken.setdefault(path, [0] * len(types)), [c.resource[t] for t in types])
            counts[path] = counts.get(path, 0) + 1
            if "." not in path:
                break
            path = path.rsplit(".", 1)[0]

    def vec(r: Sequence[int]) -> Vector:
        return dict(zip(types, r, strict=True))

    rows: list[QueuePreemption] = []
    for q in root.walk():
        rows.append(
            QueuePreemption(
                path=q.path,
                parent=q.parent.path if q.parent is not None else None,
                leaf=q.leaf_info is not None,
                depth=q.path.count("."),
                preemption_disabled=q.preemption_disabled,
                guaranteed=vec(q.guaranteed()),
                maximum=vec(q.maximum()),
                used=vec(q.used),
                pending=vec(q.pending),
                ideal_assigned=vec(q.ideal_assigned),
                to_be_preempted=vec(q.to_be_preempted),
                to_obtain=vec(q.actually_to_be_preempted),
                untouchable_extra=vec(q.untouchable_extra),
                preemptable_extra=vec(q.preemptable_extra),
                selected=vec(taken.get(q.path, [0] * len(types))),
                containers=counts.get(q.path, 0),
                apps=[
                    AppPreemption(
                        app_id=a.app.app_id,
                        name=a.app.name,
                        user=a.app.user,
                        priority=a.app.priority,
                        ideal_assigned=vec(a.ideal_assigned),
                        to_be_preempted=vec(a.to_be_preempted),
                        to_obtain=vec(a.actually_to_be_preempted),
                        to_be_preempt_from_other=vec(a.to_be_preempt_from_other),
                    )
                    for a in q.apps
                ],
                users={
                    name: UserPreemption(vec(u.user_limit), vec(u.ideal_assigned))
                    for name, u in q.users.items()
                },
            )
        )
    return rows


def _findings(result: CapacityResult, tree: CapacityTree, settings: PreemptionSettings) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    labelled = [q.path for q in result.queues if q.labels]
    if labelled:
        shown = ", ".join(labelled[:5]) + (f" and {len(labelled) - 5} more" if len(labelled) > 5 else "")
        findings.append(
            SM242.at(
                None,
                f"node-label partitions are not previewed; queues with labelled capacity: {shown}",
                queue=labelled[0],
            )
        )
    enabled = []
    if settings.underutilized_preemption:
        enabled.append("QueuePriorityContainerCandidateSelector (underutilized-preemption.enabled)")
    if settings.select_on_reserved:
        enabled.append("ReservedContainerCandidatesSelector (select_based_on_reserved_containers)")
    if enabled:
        findings.append(
            SM243.at(None, f"not previewed: {'; '.join(enabled)}, which Hadoop runs before the FIFO selector")
        )
    fair = [
        q.path
        for q in result.queues
        if q.leaf and q.queue is not None and str(q.queue.effective.ordering_policy) in FAIR_ORDERING
    ]
    if fair:
        findings.append(
            SM245.at(
                None,
                f"{', '.join(fair[:5])}{' and more' if len(fair) > 5 else ''}: fair ordering; "
                "the preview takes applications in FIFO order",
                queue=fair[0],
            )
        )
    if settings.observe_only:
        key = "yarn.resourcemanager.monitor.capacity.preemption.observe_only"
        findings.append(
            SM247.at(tree.info.properties.location(key), "observe_only: nothing is preempted", property=key)
        )
    return findings


# -- from a demand snapshot ----------------------------------------------------------------------


class PreemptionInputError(ValueError):
    """A snapshot or setting the preview cannot use; ``diagnostic`` says where and what."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def preview_of_snapshot(
    tree: CapacityTree,
    result: CapacityResult,
    snapshot: DemandSnapshot | None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    *,
    asked: bool = False,
    allocated: LoadResult | None = None,
) -> PreemptionPreview | None:
    """The preview ``fsctl simulate`` shows: when the configuration runs the policy on a snapshot's
    load, or when ``asked`` (``--preemption``); None otherwise. With ``allocated`` (the Capacity
    Scheduler's allocation of the snapshot, :mod:`fsctl.evaluate.capacity_load`) the policy runs on
    the state that allocation reached, user limits included; else on the snapshot's usage with its
    whole pending demand (SM244). Raises :class:`PreemptionInputError` for a setting the policy
    cannot read (SM241) or a snapshot entry that names no leaf of the tree (SM104, SM105)."""
    from fsctl.catalogue.capacity_preemption import SM240, SM244
    from fsctl.catalogue.simulate import SM104, SM105
    from fsctl.evaluate.capacity_preemption_state import read_settings, state_from_snapshot

    settings, problems = read_settings(tree.info.properties)
    if problems:
        raise PreemptionInputError(problems[0])
    if not asked and (not settings.monitor or snapshot is None):
        return None
    leaves = {q.path: i for i, q in enumerate(result.queues) if q.leaf}
    state, notes = PreemptionState(), list[Diagnostic]()
    if snapshot is not None:
        for load in snapshot.queues.values():
            if load.path in leaves:
                continue
            if result.find(load.path) is None:
                raise PreemptionInputError(
                    SM104.at(
                        load.location,
                        f"{load.path}: no such queue in the Capacity Scheduler file",
                        queue=load.path,
                    )
                )
            raise PreemptionInputError(
                SM105.at(
                    load.location,
                    f"{load.path} is a parent queue; give the load of its leaves",
                    queue=load.path,
                )
            )
        minimum = dict(zip(result.types, _minimum_allocation(tree, result.types), strict=True))
        if allocated is not None:
            from fsctl.evaluate.capacity_load_preemption import state_from_load

            state = state_from_load(allocated, snapshot, minimum)
        else:
            state, notes = state_from_snapshot(snapshot, leaves, minimum)
    preview = preview_preemption(result, tree, state, settings, hadoop_version)
    found: list[Diagnostic] = []
    if not settings.monitor:
        key = "yarn.resourcemanager.scheduler.monitor.enable"
        found.append(
            SM240.at(
                tree.info.properties.location(key),
                "the scheduling monitor does not run ProportionalCapacityPreemptionPolicy: "
                "this is what it would do if it did",
                property=key,
            )
        )
    if allocated is None and any(leaf.apps for leaf in state.leaves.values()):
        found.append(
            SM244.at(
                Location(snapshot.source) if snapshot is not None and snapshot.source else None,
                "user limits come from the allocation of the load: pending demand is taken whole, "
                "with no user limit",
            )
        )
    preview.findings = found + notes + preview.findings
    return preview
