"""The preemption policy's ideal assignment: ``PreemptableResourceCalculator`` on the cloned queues.

``TempQueuePerPartition`` (one per queue, default partition), ``AbstractPreemptableResourceCalculator
.computeFixpointAllocation`` with its ``PriorityQueue`` of queues most under their guarantee first,
and ``PreemptableResourceCalculator.computeIdealAllocation``: ideal assignment level by level,
``toBePreempted`` scaled to ``total_preemption_per_round``, then per leaf the amount to obtain
(``max_ignored_over_capacity``, ``natural_termination_factor``). Hadoop 3.4 normalises guarantees
per resource type (YARN-11191: by absolute capacity when a rounded guarantee is 0, evenly when
every guarantee is 0); 3.3 divides by the active guarantees and keeps the last value when that sum
is 0. Resources are lists of longs (:mod:`fsctl.evaluate.capacity_preemption_calc`), mutated and
shared exactly where Hadoop mutates and shares them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.evaluate import capacity_preemption_calc as R
from fsctl.evaluate.capacity_preemption_calc import Calculator, Res
from fsctl.hadoop.javanum import to_float32
from fsctl.hadoop.javaqueue import JavaPriorityQueue

if TYPE_CHECKING:
    from fsctl.evaluate.capacity_preemption_intra import TempApp, TempUser

#: ``Integer.MAX_VALUE`` as the double TQComparator gives a queue without a guarantee
_NO_GUARANTEE = float(2**31 - 1)

#: the iteration order of the ``HashSet`` a level's queues are kept in (``computeIdealResourceDistribution``):
#: (parent path, the queues in child order, whether these are the zero-guarantee ones) -> the order
SetOrder = Callable[[str, list["TempQueue"], bool], list["TempQueue"]]


def child_order(parent: str, queues: list[TempQueue], zero: bool) -> list[TempQueue]:
    """fsctl's order for the hash sets Hadoop keys by object identity: the children's own order."""
    return queues


@dataclass(eq=False, slots=True)
class TempQueue:
    """``TempQueuePerPartition`` for the default partition."""

    path: str
    used: Res
    pending: Res
    pending_deduct_reserved: Res
    reserved: Res
    abs_capacity: float
    abs_max_capacity: float
    total: Res  # the partition's resource
    eff_min: Res
    eff_max: Res
    preemption_disabled: bool
    leaf: bool
    #: the leaf's running applications and its settings (None for a parent)
    leaf_info: LeafInfo | None = None
    relative_priority: int = 0
    parent: TempQueue | None = None
    children: list[TempQueue] = field(default_factory=list)
    ideal_assigned: Res = field(default_factory=list)
    to_be_preempted: Res = field(default_factory=list)
    actually_to_be_preempted: Res = field(default_factory=list)
    untouchable_extra: Res = field(default_factory=list)
    preemptable_extra: Res = field(default_factory=list)
    normalized_guarantee: list[float] = field(default_factory=list)
    #: intra-queue preemption: the applications low to high priority, and the users
    apps: list[TempApp] = field(default_factory=list)
    users: dict[str, TempUser] = field(default_factory=dict)

    def __post_init__(self) -> None:
        size = len(self.total)
        self.ideal_assigned = R.zeros(size)
        self.to_be_preempted = R.zeros(size)
        self.actually_to_be_preempted = R.zeros(size)
        self.untouchable_extra = R.zeros(size)
        self.preemptable_extra = R.zeros(size)
        self.normalized_guarantee = [0.0] * size

    def add_child(self, child: TempQueue) -> None:
        self.children.append(child)
        child.parent = self
        R.add_to(self.pending, child.pending)
        R.add_to(self.pending_deduct_reserved, child.pending_deduct_reserved)

    def guaranteed(self) -> Res:
        if not R.is_none(self.eff_min):
            return R.clone(self.eff_min)
        return R.multiply(self.total, self.abs_capacity)

    def maximum(self) -> Res:
        if not R.is_none(self.eff_max):
            return R.clone(self.eff_max)
        return R.multiply(self.total, self.abs_max_capacity)

    def offer(self, avail: Res, rc: Calculator, cluster: Res, considers_reserved: bool, balance: bool) -> Res:
        """What the queue does not accept of ``avail``; what it accepts joins its ideal assignment."""
        headroom = R.componentwise_max(R.subtract(self.maximum(), self.ideal_assigned), R.zeros(len(avail)))
        wanted = R.subtract(
            R.add(self.used, self.pending if considers_reserved else self.pending_deduct_reserved),
            self.ideal_assigned,
        )
        accepted = R.componentwise_min(headroom, rc.min(cluster, avail, wanted))
        if not balance and not self.children:  # filterByMaxDeductAssigned, leaves only
            room = R.subtract(rc.max(cluster, self.used, self.guaranteed()), self.ideal_assigned)
            room = rc.max(cluster, room, R.zeros(len(avail)))
            accepted = rc.min(cluster, accepted, room)
        accepted = R.componentwise_max(accepted, R.zeros(len(avail)))
        accepted = R.componentwise_min(accepted, avail)
        remain = R.subtract(avail, accepted)
        R.add_to(self.ideal_assigned, accepted)
        return remain

    def update_preemptable_extras(self, rc: Calculator) -> None:
        size = len(self.total)
        extra = R.subtract(self.used, self.guaranteed())
        if rc.less_than(self.total, extra, R.zeros(size)):
            extra = R.zeros(size)
        if not self.children:
            if self.preemption_disabled:
                self.untouchable_extra, self.preemptable_extra = extra, R.zeros(size)
            else:
                self.untouchable_extra, self.preemptable_extra = R.zeros(size), extra
            return
        children_preemptable = R.zeros(size)
        for child in self.children:
            R.add_to(children_preemptable, child.preemptable_extra)
        if rc.greater_than_or_equal(self.total, children_preemptable, extra):
            self.untouchable_extra = R.zeros(size)
        else:
            self.untouchable_extra = R.subtract(extra, children_preemptable)
        self.preemptable_extra = rc.min(self.total, children_preemptable, extra)

    def assign_preemption(self, scaling: float, rc: Calculator, cluster: Res) -> None:
        used_deduct_killable = R.clone(self.used)  # nothing is killable in a snapshot
        total = R.add(self.used, self.pending)
        minimum = rc.max(cluster, rc.min(cluster, total, self.guaranteed()), self.ideal_assigned)
        if rc.greater_than(cluster, used_deduct_killable, minimum):
            self.to_be_preempted = R.multiply(R.subtract(used_deduct_killable, minimum), scaling)
        else:
            self.to_be_preempted = R.zeros(len(cluster))

    def deduct_actually_to_be_preempted(self, rc: Calculator, cluster: Res, amount: Sequence[int]) -> None:
        if rc.greater_than(cluster, self.actually_to_be_preempted, amount):
            R.subtract_from(self.actually_to_be_preempted, amount)
        self.actually_to_be_preempted = rc.max(cluster, self.actually_to_be_preempted, R.zeros(len(cluster)))

    def walk(self) -> list[TempQueue]:
        """This queue and everything below it, pre-order."""
        out: list[TempQueue] = []
        stack = [self]
        while stack:
            queue = stack.pop()
            out.append(queue)
            stack.extend(reversed(queue.children))
        return out


@dataclass(eq=False, slots=True)
class LeafInfo:
    """What the selectors read of a leaf queue (``LeafQueue``), besides its ``TempQueue``."""

    apps: list[AppInfo]  # getApplications(): activated, in ordering-policy order
    all_apps: list[AppInfo]  # getAllApplications(): activated or not
    intra_disabled: bool
    max_am_percent: float
    used_capacity: float  # QueueCapacities.getUsedCapacity, a float
    minimum_allocation: Res
    #: getResourceLimitForAllUsers per user; None: not known (no user limit applies)
    user_limits: dict[str, Res] | None
    user_usage: dict[str, Res]  # user -> used (its applications' containers)
    preemption_order: list[AppInfo] = field(default_factory=list)  # getPreemptionIterator()


@dataclass(eq=False, slots=True)
class ContainerInfo:
    app: AppInfo
    container_id: int
    resource: Res
    am: bool
    reserved: bool


@dataclass(eq=False, slots=True)
class AppInfo:
    """A running application (``FiCaSchedulerApp``) of a leaf."""

    app_id: int
    name: str
    queue: str
    user: str
    priority: int
    pending: Res
    live: list[ContainerInfo] = field(default_factory=list)  # allocation order
    reserved: list[ContainerInfo] = field(default_factory=list)
    #: ``getAMResource``: the AM's size, from submission on; whether its container runs
    am_size: Res = field(default_factory=list)
    am_running: bool = False

    def used(self, size: int) -> Res:
        """Its containers, running and reserved (a new list)."""
        out = R.zeros(size)
        for container in self.live:
            R.add_to(out, container.resource)
        for container in self.reserved:
            R.add_to(out, container.resource)
        return out

    def reserved_total(self, size: int) -> Res:
        out = R.zeros(size)
        for container in self.reserved:
            R.add_to(out, container.resource)
        return out


class IdealCalculator:
    """``PreemptableResourceCalculator`` for one selector."""

    def __init__(
        self,
        rc: Calculator,
        hadoop_34: bool,
        considers_reserved: bool,
        balance: bool,
        set_order: SetOrder,
        underserved: dict[str, None],
    ) -> None:
        self.rc = rc
        self.hadoop_34 = hadoop_34
        self.considers_reserved = considers_reserved
        self.balance = balance
        self.set_order = set_order
        #: the policy's ``partitionToUnderServedQueues`` for the default partition (a LinkedHashSet)
        self.underserved = underserved

    # -- the fixpoint -------------------------------------------------------------------------

    def _pct_of_guaranteed(self, q: TempQueue, cluster: Res) -> float:
        guaranteed = q.guaranteed()
        if self.rc.greater_than(cluster, guaranteed, R.zeros(len(cluster))):
            return self.rc.divide(cluster, q.ideal_assigned, guaranteed)
        return _NO_GUARANTEE

    def _comparator(self, cluster: Res) -> Callable[[TempQueue, TempQueue], int]:
        """``TQComparator``: ``PriorityUtilizationQueueOrderingPolicy.compare`` of ideal / guaranteed."""

        def compare(a: TempQueue, b: TempQueue) -> int:
            pa, pb = self._pct_of_guaranteed(a, cluster), self._pct_of_guaranteed(b, cluster)
            if a.relative_priority == b.relative_priority:
                return R.java_double_compare(pa, pb)
            if (pa < 1.0 and pb < 1.0) or (pa >= 1.0 and pb >= 1.0):
                return (b.relative_priority > a.relative_priority) - (
                    b.relative_priority < a.relative_priority
                )
            return R.java_double_compare(pa, pb)

        return compare

    def fixpoint(
        self, cluster: Res, queues: list[TempQueue], unassigned: Res, ignore_guarantee: bool
    ) -> None:
        """``computeFixpointAllocation``. Hadoop subtracts from the caller's ``unassigned`` in place
        until its first ``unassigned = componentwiseMax(...)`` makes a new object; the caller goes
        on with what it holds (the initial assignments and the first queue's first offer taken)."""
        rc = self.rc
        size = len(cluster)
        compare = self._comparator(cluster)
        ordered: JavaPriorityQueue[TempQueue] = JavaPriorityQueue(compare)
        for q in queues:
            if rc.greater_than(cluster, q.used, q.guaranteed()):
                initial = R.add(R.componentwise_min(q.guaranteed(), q.used), q.untouchable_extra)
            else:
                initial = R.clone(q.used)
            q.ideal_assigned = initial
            R.subtract_from(unassigned, q.ideal_assigned)
            if rc.less_than(cluster, q.ideal_assigned, R.add(q.used, q.pending)):
                ordered.add(q)
        while len(ordered) and rc.greater_than(cluster, unassigned, R.zeros(size)):
            self._reset_capacity(ordered, ignore_guarantee)
            underserved = self._most_underserved(ordered, compare)
            round_unassigned = R.clone(unassigned)
            for sub in underserved:
                if not rc.any_major_above_zero(unassigned):
                    break
                offered = rc.multiply_and_normalize_up_each(round_unassigned, sub.normalized_guarantee)
                offered = R.componentwise_min(offered, unassigned)
                idle = sub.offer(offered, rc, cluster, self.considers_reserved, self.balance)
                done = R.subtract(offered, idle)
                if rc.greater_than(cluster, done, R.zeros(size)):
                    ordered.add(sub)
                R.subtract_from(unassigned, done)
                unassigned = R.componentwise_max(unassigned, R.zeros(size))
        while len(ordered):
            self.underserved[ordered.remove().path] = None

    def _most_underserved(
        self, ordered: JavaPriorityQueue[TempQueue], compare: Callable[[TempQueue, TempQueue], int]
    ) -> list[TempQueue]:
        underserved: list[TempQueue] = []
        while len(ordered):
            q1 = ordered.remove()
            underserved.append(q1)
            self.underserved[q1.path] = None
            q2 = ordered.peek()
            if q2 is None or compare(q1, q2) < 0:
                if q2 is not None:
                    self.underserved[q2.path] = None
                return underserved
        return underserved

    def _reset_capacity(self, queues: JavaPriorityQueue[TempQueue], ignore_guarantee: bool) -> None:
        members = list(queues)
        count = len(members)
        if not count:
            return
        size = len(members[0].total)
        if ignore_guarantee:
            even = to_float32(1.0 / count)
            for q in members:
                q.normalized_guarantee = [even] * size
            return
        active = R.zeros(size)
        total_abs = 0.0
        for q in members:
            R.add_to(active, q.guaranteed())
            total_abs = to_float32(total_abs + q.abs_capacity)
        if not self.hadoop_34:
            for q in members:  # 3.3: a type whose active guarantee is 0 keeps its last value
                guaranteed = q.guaranteed()
                for i in range(size):
                    if active[i] != 0:
                        q.normalized_guarantee[i] = R.float_ratio(guaranteed[i], active[i])
            return
        for i in range(size):
            by_abs = False
            evenly = total_abs == 0.0
            for q in members:
                own = q.guaranteed()[i]
                if own == 0 and q.abs_capacity != 0.0 and active[i] != 0:
                    by_abs = True
                    break
                if active[i] == 0:
                    evenly = True
            for q in members:
                if by_abs:
                    if total_abs != 0.0:
                        q.normalized_guarantee[i] = to_float32(q.abs_capacity / total_abs)
                elif evenly:
                    q.normalized_guarantee[i] = to_float32(1.0 / count)
                else:
                    q.normalized_guarantee[i] = _normalized(q.guaranteed()[i], active[i])

    # -- one level, then the tree -------------------------------------------------------------

    def _distribute(self, parent: TempQueue, preemption_allowed: Res) -> None:
        """``computeIdealResourceDistribution`` among ``parent``'s children."""
        rc = self.rc
        queues = parent.children
        total = parent.ideal_assigned
        size = len(total)
        unassigned = R.clone(total)
        nonzero = [q for q in queues if rc.greater_than(total, q.guaranteed(), R.zeros(size))]
        zero = [q for q in queues if not rc.greater_than(total, q.guaranteed(), R.zeros(size))]
        self.fixpoint(total, self.set_order(parent.path, nonzero, False), unassigned, False)
        if zero and rc.greater_than(total, unassigned, R.zeros(size)):
            self.fixpoint(total, self.set_order(parent.path, zero, True), unassigned, True)
        needed = R.zeros(size)
        for q in queues:
            if rc.greater_than(total, q.used, q.ideal_assigned):
                R.add_to(needed, R.subtract(q.used, q.ideal_assigned))
        scaling = 1.0
        if rc.greater_than(total, needed, preemption_allowed):
            scaling = rc.divide(total, preemption_allowed, needed)
        for q in queues:
            q.assign_preemption(scaling, rc, total)

    def compute(self, root: TempQueue, preemption_allowed: Res, max_ignored: float, natural: float) -> None:
        """``computeIdealAllocation``: extras bottom-up, the ideal assignment top-down, then what to
        obtain from each leaf."""
        for q in reversed(root.walk()):
            q.update_preemptable_extras(self.rc)
        root.ideal_assigned = root.guaranteed()
        for q in root.walk():
            if q.children:
                self._distribute(q, preemption_allowed)
        cluster = root.total
        size = len(cluster)
        for q in root.walk():
            if q.children or q.preemption_disabled:
                continue
            if self.rc.greater_than(cluster, q.used, R.multiply(q.guaranteed(), 1.0 + max_ignored)):
                obtain = q.to_be_preempted
                if not self.considers_reserved and self.rc.greater_than(cluster, obtain, R.zeros(size)):
                    obtain = self.rc.multiply_and_normalize_up(q.to_be_preempted, natural)
                q.actually_to_be_preempted = R.clone(obtain)
            else:
                q.actually_to_be_preempted = R.zeros(size)


def _normalized(value: int, total: int) -> float:
    """``NormalizationTuple.getNormalizedValue``: ``(float) n / d``, 0 when ``d`` is 0."""
    return 0.0 if total == 0 else R.float_ratio(value, total)
