"""The Capacity Scheduler's allocation, container by container, on one node of the cluster's size.

A step is one node heartbeat of the synchronous scheduler (``CapacityScheduler.nodeUpdate`` with
one off-switch assignment per heartbeat): the root walks its children in queue-ordering-policy
order (``AbstractParentQueue.assignContainers``, ``PriorityUtilizationQueueOrderingPolicy``), each
parent passing its children their limits (``getResourceLimitsOfChild``), a leaf walks its active
applications in its application-ordering-policy order (``AbstractLeafQueue.assignContainers``),
checking the queue's limit (``canAssignToThisQueue``), the user limit (``UsersManager``,
``canAssignToUser``) and the headroom (``RegularContainerAllocator``), and the proposal is committed
only if every queue on the path stays within its maximum (``AbstractCSQueue.accept``). The scheduler
state it keeps is Hadoop's: used, reserved and pending resources per queue, user and application,
the usage ratios in Java floats, the active users, the user-limit cache. The allocation ends when a
heartbeat changes nothing: nothing assignable, a proposal Hadoop refuses again and again, or the node
reserved for a container it cannot hold.

Runs of containers whose order cannot change are applied at once (:meth:`Engine.run`): the same
application keeps winning as long as every comparison on its path keeps its outcome, which the
engine bounds before taking the run.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from fsctl.evaluate.capacity_load_calc import Calculator, Res
from fsctl.hadoop.javanum import to_float32 as f32

# -- states of an application and outcomes of an assignment ----------------------------------------

REFUSED = "refused"  # the scheduler did not accept the submission
NOT_RUNNABLE = "not-runnable"  # max-parallel-apps
PENDING = "pending"  # accepted, not activated (AM limits)
ACTIVE = "active"

ALLOCATED, RESERVED, SKIP_OTHER, SKIP_QUEUE_LIMIT, NONE = range(5)


@dataclass(slots=True, eq=False)
class Ask:
    """An application's outstanding containers at one priority (a ``SchedulerRequestKey``)."""

    priority: int
    size: Res
    count: int


@dataclass(slots=True, eq=False)
class AppNode:
    """One application attempt (``FiCaSchedulerApp``) and what the snapshot says of it."""

    index: int  # submission order: the application id
    name: str
    user: str
    leaf: LeafNode | None
    priority: int = 0
    am: Res | None = None  # the AM container's resource (normalised); None: unmanaged
    am_resource: Res = ()  # what counts against the AM limit (the AM, else the minimum allocation)
    am_running: bool = False
    tasks: Ask | None = None  # task containers to ask once the AM runs (priority 1)
    asks: list[Ask] = field(default_factory=list)  # outstanding, by priority
    used: Res = ()
    reserved: Res = ()
    containers: int = 0
    state: str = PENDING
    refusal: str = ""
    limit: str | None = None  # what refused it, or keeps it from more
    running: list[Res] = field(default_factory=list)  # containers to recover when the node registers
    first_asks: list[Ask] = field(default_factory=list)  # what it asks once the node has registered
    # FairOrderingPolicy: the usage and pending it last sorted the application by, and whether it
    # must sort it again before the next assignment (AbstractComparatorOrderingPolicy)
    cached_used: int = 0
    cached_pending: int = 0
    dirty: bool = False
    used_start: Res = ()
    pending_start: Res = ()
    #: the user this application made active (``UsersManager.activateApplication``), if any
    registered: bool = False

    def pending(self) -> Res:
        total = [0] * len(self.used)
        for ask in self.asks:
            for i, v in enumerate(ask.size):
                total[i] += v * ask.count
        return tuple(total)


@dataclass(slots=True, eq=False)
class UserNode:
    """A user of a leaf (``UsersManager.User``)."""

    name: str
    weight: float
    used: Res
    am_used: Res
    ratio: float = 0.0
    pending_apps: int = 0  # submitted and runnable, not activated
    active_apps: int = 0  # activated
    # usersApplications: the applications with outstanding asks that made this user active
    asking: set[int] = field(default_factory=set)
    used_start: Res = ()


@dataclass(slots=True, eq=False)
class QueueNode:
    """A queue: its capacities for this cluster and the scheduler's usage of it."""

    path: str
    parent: ParentNode | None
    guaranteed: Res
    maximum: Res
    absolute_capacity: float
    configured_min: Res
    priority: int
    max_parallel_apps: int
    running: bool  # state RUNNING
    used: Res
    reserved: Res
    pending: Res
    used_capacity: float = 0.0
    absolute_used_capacity: float = 0.0
    runnable_apps: int = 0
    applications: int = 0  # submitted (numApplications)
    used_start: Res = ()
    pending_start: Res = ()


@dataclass(slots=True, eq=False)
class ParentNode(QueueNode):
    children: list[QueueNode] = field(default_factory=list)
    respect_priority: bool = False  # priority-utilization


@dataclass(slots=True, eq=False)
class LeafNode(QueueNode):
    default_priority: int = 0
    user_limit_percent: float = 100.0
    user_limit_factor: float = 1.0
    am_percent: float = 0.1
    fair: bool = False
    size_based_weight: bool = False
    max_applications: int = 0
    max_applications_per_user: int = 0
    user_weights: dict[str, float] = field(default_factory=dict)
    maximum_allocation: Res = ()
    users: dict[str, UserNode] = field(default_factory=dict)
    active: list[AppNode] = field(default_factory=list)  # the ordering policy's entities
    reorder: list[AppNode] = field(default_factory=list)  # entitiesToReorder
    waiting: list[AppNode] = field(default_factory=list)  # the pending-apps policy's entities
    not_runnable: list[AppNode] = field(default_factory=list)
    am_used: Res = ()
    current_limit: Res = ()  # the limit it keeps (cachedResourceLimitsForHeadroom), for the AM limit
    am_limit: Res = ()
    user_am_limit: Res = ()
    usage_ratio: float = 0.0
    # UsersManager: the active users (a HashSet: insertion order kept for Java's iteration order)
    active_users: dict[str, None] = field(default_factory=dict)
    active_weights: float = 0.0
    all_weights: float = 0.0
    active_used: Res = ()
    inactive_used: Res = ()
    pending_only_users: int = 0
    version: int = 0
    cached_version: int = -1
    cached_limit: Res = ()


class Engine:
    """The scheduler's state and its heartbeat loop (one node holding the whole cluster)."""

    def __init__(
        self,
        calc: Calculator,
        root: ParentNode,
        minimum: Res,
        hadoop_version: tuple[int, int],
        continue_looking: bool,
    ) -> None:
        self.calc = calc
        self.root = root
        self.minimum = minimum
        self.v34 = hadoop_version >= (3, 4)
        self.continue_looking = continue_looking
        self.free: Res = calc.cluster
        self.reserved_by: AppNode | None = None
        self.heartbeats = 0
        self.rejected: AppNode | None = None  # a proposal the commit refuses, again and again
        self.user_runnable: dict[str, int] = {}  # CSMaxRunningAppsEnforcer: runnable apps per user

    # -- queue statistics -------------------------------------------------------------------------

    def update_used_capacity(self, q: QueueNode) -> None:
        """``CSQueueUtils.updateUsedCapacity``: used over guaranteed (at least the minimum allocation)."""
        calc = self.calc
        guaranteed = calc.max(q.guaranteed, self.minimum)
        q.absolute_used_capacity = calc.divide(q.used, calc.cluster)
        q.used_capacity = calc.divide(q.used, guaranteed)

    def charge(self, q: QueueNode | None, amount: Res) -> None:
        """``allocateResource`` up the tree: used and the statistics of every queue on the path."""
        add = self.calc.add
        while q is not None:
            q.used = add(q.used, amount)
            self.update_used_capacity(q)
            q = q.parent

    def add_pending(self, q: QueueNode | None, amount: Res, sign: int) -> None:
        calc = self.calc
        while q is not None:
            q.pending = calc.add(q.pending, amount) if sign > 0 else calc.sub(q.pending, amount)
            q = q.parent

    # -- users --------------------------------------------------------------------------------------

    def user_of(self, leaf: LeafNode, name: str) -> UserNode:
        """``UsersManager.getUserAndAddIfAbsent``: a new user starts inactive."""
        user = leaf.users.get(name)
        if user is None:
            none = self.calc.none
            user = UserNode(name, leaf.user_weights.get(name, 1.0), none, none, used_start=none)
            leaf.users[name] = user
            leaf.all_weights = self._weights(leaf, leaf.users)
        return user

    def _weights(self, leaf: LeafNode, names: dict[str, object] | dict[str, UserNode]) -> float:
        total = 0.0
        for name in _hash_order(list(names)):
            total = f32(total + leaf.users[name].weight)
        return total

    def activate_user_app(self, leaf: LeafNode, app: AppNode) -> None:
        """``UsersManager.activateApplication``: an application starts asking."""
        user = leaf.users[app.user]
        if user.active_apps <= 0:
            return
        app.registered = True
        if not user.asking:
            user.asking.add(app.index)
            leaf.version += 1
            self._move_user(leaf, user, active=True)
        else:
            user.asking.add(app.index)

    def deactivate_user_app(self, leaf: LeafNode, app: AppNode) -> None:
        """``UsersManager.deactivateApplication``: an application has nothing left to ask."""
        user = leaf.users[app.user]
        if app.index in user.asking:
            user.asking.discard(app.index)
            if not user.asking:
                leaf.version += 1
                self._move_user(leaf, user, active=False)

    def _move_user(self, leaf: LeafNode, user: UserNode, active: bool) -> None:
        calc = self.calc
        if active and user.name not in leaf.active_users:
            leaf.active_users[user.name] = None
            leaf.active_weights = self._weights(leaf, leaf.active_users)
            leaf.inactive_used = calc.sub(leaf.inactive_used, user.used)
            leaf.active_used = calc.add(leaf.active_used, user.used)
        elif not active and user.name in leaf.active_users:
            del leaf.active_users[user.name]
            leaf.active_weights = self._weights(leaf, leaf.active_users)
            leaf.active_used = calc.sub(leaf.active_used, user.used)
            leaf.inactive_used = calc.add(leaf.inactive_used, user.used)

    def charge_user(self, leaf: LeafNode, user: UserNode, amount: Res) -> None:
        """``UsersManager.updateUserResourceUsage``: the user's usage and ratios, the limit recomputed."""
        calc = self.calc
        user.used = calc.add(user.used, amount)
        if user.name in leaf.active_users:
            leaf.active_used = calc.add(leaf.active_used, amount)
        else:
            leaf.inactive_used = calc.add(leaf.inactive_used, amount)
        leaf.version += 1
        ratio = calc.ratio(user.used, calc.cluster)
        delta = f32(ratio - user.ratio)
        user.ratio = ratio
        leaf.usage_ratio = f32(leaf.usage_ratio + delta)

    # -- user limits (UsersManager.computeUserLimit) -------------------------------------------------

    def user_limit(self, leaf: LeafNode) -> Res:
        """The queue's user limit before the user's weight, recomputed when the users' state moved."""
        if leaf.cached_version != leaf.version:
            leaf.cached_limit = self._compute_user_limit(leaf)
            leaf.cached_version = leaf.version
            leaf.pending_only_users = sum(
                1 for u in leaf.users.values() if u.pending_apps > 0 and u.active_apps <= 0
            )
        return leaf.cached_limit

    def _compute_user_limit(self, leaf: LeafNode) -> Res:
        calc, minimum = self.calc, self.minimum
        capacity = leaf.guaranteed
        original = capacity
        required = minimum
        capacity = calc.max(capacity, required)
        consumed = calc.multiply_and_normalize_up(calc.cluster, leaf.usage_ratio, minimum)
        current = capacity if calc.less_than(consumed, capacity) else calc.add(consumed, required)
        weights = leaf.active_weights
        used = calc.add(leaf.active_used, required)
        mulp = leaf.user_limit_percent if self.v34 else float(int(leaf.user_limit_percent))
        limit = calc.max(
            calc.divide_and_ceil(used, weights),
            calc.divide_and_ceil_int(calc.multiply_and_round_down(current, mulp), 100),
        )
        ulf = leaf.user_limit_factor
        if self.v34 and (ulf == -1 or original == calc.none):
            cap = calc.normalize_down(leaf.maximum, minimum)
        else:
            cap = calc.multiply_and_round_down(capacity, ulf)
        return calc.round_up(calc.min(limit, cap), minimum)

    def user_specific_limit(self, leaf: LeafNode, user: UserNode) -> Res:
        """``getComputedResourceLimitForActiveUsers``: the limit scaled by the user's weight."""
        return self.calc.multiply_and_normalize_down(self.user_limit(leaf), user.weight, self.minimum)

    def recover(self, app: AppNode, container: Res) -> None:
        """``AbstractLeafQueue.recoverContainer``: a running container, whatever the limits."""
        leaf = app.leaf
        assert leaf is not None
        self.free = self.calc.sub(self.free, container)
        app.used = self.calc.add(app.used, container)
        app.containers += 1
        self.charge_user(leaf, leaf.users[app.user], container)
        self.charge(leaf, container)

    # -- the heartbeat ------------------------------------------------------------------------------

    def heartbeat(self) -> AppNode | None:
        """One node update; the application that got (or reserved) a container, if any."""
        self.heartbeats += 1
        calc = self.calc
        if self.reserved_by is not None:
            return None  # the node waits for the reservation, which nothing frees
        if calc.available_containers(self.free, self.minimum) <= 0:
            return None
        proposal = self.assign_parent(self.root, Limits(calc.cluster))
        if proposal is None or proposal[0] not in (ALLOCATED, RESERVED):
            return None
        outcome, app, size = proposal
        if not self.accept(app, size):
            self.rejected = app
            return None
        self.rejected = None
        self.apply(outcome, app, size)
        return app

    def node_can_assign(self) -> bool:
        """``AbstractParentQueue.canAssign``: the node is not reserved and holds the minimum."""
        if self.reserved_by is not None:
            return False
        if self.v34:
            return self.calc.fits_in(self.minimum, self.free)
        return self.calc.greater_or_equal(self.free, self.minimum)

    def can_assign_to_queue(self, q: QueueNode, limits: Limits, reserved: Res) -> bool:
        """``AbstractCSQueue.canAssignToThisQueue``; sets the limits' headroom."""
        calc = self.calc
        current = calc.min(q.maximum, limits.limit)
        limits.headroom = calc.sub(current, q.used)
        if calc.greater_or_equal(q.used, current):
            if self.continue_looking and calc.greater_than(reserved, calc.none):
                return calc.less_than(calc.sub(q.used, reserved), current)
            return False
        return True

    def child_limits(self, parent: ParentNode, child: QueueNode, limits: Limits) -> Limits:
        """``getResourceLimitsOfChild``: the parent's room plus what the child uses."""
        calc = self.calc
        if self.v34:
            limits.limit = calc.min(limits.limit, parent.maximum)
            available = calc.sub(limits.net_limit(calc), parent.used)
            child_limit = calc.add(available, child.used)
        else:
            available = calc.sub(limits.net_limit(calc), parent.used)
            child_limit = calc.add(available, child.used)
            child_limit = calc.min(child_limit, calc.normalize_down(child.maximum, self.minimum))
        return Limits(calc.round_down(child_limit, self.minimum))

    def assign_parent(self, parent: ParentNode, limits: Limits) -> Proposal:
        calc = self.calc
        if not calc.greater_than(parent.pending, calc.none):
            return None
        if not self.node_can_assign():
            return None
        if not self.can_assign_to_queue(parent, limits, parent.reserved):
            return None
        result: Proposal = None
        for child in self.children_in_order(parent):
            child_limits = self.child_limits(parent, child, limits)
            if isinstance(child, LeafNode):
                outcome = self.assign_leaf(child, child_limits)
            else:
                assert isinstance(child, ParentNode)
                outcome = self.assign_parent(child, child_limits)
            if outcome is not None and outcome[0] in (ALLOCATED, RESERVED):
                return outcome
            if outcome is not None and outcome[0] == SKIP_QUEUE_LIMIT:
                if result is None or result[0] != SKIP_QUEUE_LIMIT:
                    result = outcome
                if isinstance(child, LeafNode):
                    blocked = child_limits.headroom
                else:
                    blocked = child_limits.blocked or calc.none
                limits.add_blocked(calc.max(blocked, calc.none), calc)
        if result is not None and result[0] == SKIP_QUEUE_LIMIT:
            return (SKIP_QUEUE_LIMIT, result[1], result[2])
        return None

    def children_in_order(self, parent: ParentNode) -> list[QueueNode]:
        """``PriorityUtilizationQueueOrderingPolicy.getAssignmentIterator`` (a stable sort)."""
        from functools import cmp_to_key

        return sorted(parent.children, key=cmp_to_key(self._queue_compare(parent.respect_priority)))

    def _queue_compare(self, respect_priority: bool) -> Callable[[QueueNode, QueueNode], int]:
        v34, none = self.v34, self.calc.none

        def compare(q1: QueueNode, q2: QueueNode) -> int:
            a1, a2 = q1.absolute_capacity, q2.absolute_capacity
            if a1 > 0 and a2 == 0:
                return -1
            if a2 > 0 and a1 == 0:
                return 1
            if a1 == 0 and a2 == 0:
                used1, used2 = q1.absolute_used_capacity, q2.absolute_used_capacity
            else:
                used1, used2 = q1.used_capacity, q2.used_capacity
            p1, p2 = (q1.priority, q2.priority) if respect_priority else (0, 0)
            rc = _utilization_compare(used1, used2, p1, p2)
            if rc != 0:
                return rc
            m1, m2 = q1.configured_min, q2.configured_min
            if (m1 != none or m2 != none) if v34 else (m1 != none and m2 != none):
                return _resource_compare(m2, m1)
            return (a2 > a1) - (a2 < a1)

        return compare

    def assign_leaf(self, leaf: LeafNode, limits: Limits) -> Proposal:
        calc = self.calc
        limits.cached = calc.min(calc.normalize_down(leaf.maximum, self.minimum), limits.limit)
        if not calc.greater_than(leaf.pending, calc.none):
            return None
        checked = False
        for app in self.apps_in_order(leaf):
            if not checked:
                if not self.can_assign_to_queue(leaf, limits, app.reserved):
                    return None
                checked = True
            user = leaf.users[app.user]
            limit = self.user_specific_limit(leaf, user)
            if calc.greater_than(user.used, limit):
                continue
            outcome = self.assign_app(app, limits)
            if outcome in (ALLOCATED, RESERVED, SKIP_QUEUE_LIMIT):
                return (outcome, app, app.asks[0].size if app.asks else calc.none)
            if outcome == SKIP_OTHER:
                continue
            return None
        return None

    def apps_in_order(self, leaf: LeafNode) -> list[AppNode]:
        """The ordering policy's iteration: FIFO (priority, then id) or fair (usage, then id)."""
        if not leaf.fair:
            return sorted(leaf.active, key=lambda a: (-a.priority, a.index))
        # reorderSchedulableEntity: an entity marked for reordering is taken out and put back with
        # its current usage and demand; one that was never added (a waiting application whose asks
        # changed its demand) is added by it all the same, AM limits or not
        for app in leaf.reorder:
            app.cached_used = app.used[0]
            app.cached_pending = app.pending()[0]
            app.dirty = False
            if app not in leaf.active:
                leaf.active.append(app)
                app.state, app.limit = ACTIVE, None  # schedulable: the user's counts stay as they were
        leaf.reorder.clear()
        size_based = leaf.size_based_weight

        def magnitude(app: AppNode) -> float:
            used = float(app.cached_used)
            if size_based and used != 0:
                weight = math.log1p(app.cached_used + app.cached_pending) / math.log(2)
                if weight != 0:
                    used = used / weight
            return used

        return sorted(leaf.active, key=lambda a: (magnitude(a), a.index))

    def assign_app(self, app: AppNode, limits: Limits) -> int:
        """``RegularContainerAllocator.assignContainers`` for one off-switch ask on the node."""
        calc = self.calc
        if not app.asks:
            return SKIP_OTHER
        ask = app.asks[0]  # the lowest priority number first: the AM (0), then tasks (1)
        size = ask.size
        # checkHeadroom: the application has no reservation to give back
        if not calc.fits_in(size, limits.headroom):
            return SKIP_QUEUE_LIMIT
        if not calc.fits_in(size, calc.cluster):
            return SKIP_OTHER  # no node can ever hold it: LOCALITY_SKIPPED, then APP_SKIPPED
        if calc.available_containers(self.free, size) > 0:
            return ALLOCATED
        return RESERVED

    def accept(self, app: AppNode, size: Res) -> bool:
        """``AbstractCSQueue.accept`` up the tree (the user limit was checked on the way down)."""
        calc = self.calc
        q: QueueNode | None = app.leaf
        while q is not None:
            if not calc.fits_in(calc.add(q.used, size), q.maximum):
                return False
            q = q.parent
        return True

    def apply(self, outcome: int, app: AppNode, size: Res) -> None:
        """``FiCaSchedulerApp.apply`` then ``AbstractLeafQueue.apply`` and the parents'."""
        calc = self.calc
        leaf = app.leaf
        assert leaf is not None
        user = leaf.users[app.user]
        am_started = False
        if outcome == RESERVED:
            app.reserved = calc.add(app.reserved, size)
            self.reserved_by = app
            q: QueueNode | None = leaf
            while q is not None:
                q.reserved = calc.add(q.reserved, size)
                q = q.parent
        else:
            self.free = calc.sub(self.free, size)
            app.used = calc.add(app.used, size)
            app.containers += 1
            ask = app.asks[0]
            ask.count -= 1
            self.add_pending(leaf, size, -1)
            if ask.count == 0:
                app.asks.pop(0)
                if not app.asks:
                    self.deactivate_user_app(leaf, app)
            if ask.priority == 0:
                app.am_running = am_started = True
        self.charge_user(leaf, user, size)
        self.charge(leaf, size)
        if leaf.fair:
            self.mark_for_reordering(leaf, app)  # containerAllocated
        if am_started and app.tasks is not None:
            # the AM runs, registers and asks for its task containers
            tasks, app.tasks = app.tasks, None
            self.ask(app, tasks)

    def ask(self, app: AppNode, ask: Ask) -> None:
        """``AppSchedulingInfo.updateResourceRequests`` for a new priority."""
        leaf = app.leaf
        assert leaf is not None
        if ask.count <= 0:
            return
        app.asks.append(ask)
        app.asks.sort(key=lambda a: a.priority)
        self.add_pending(leaf, tuple(v * ask.count for v in ask.size), 1)
        self.activate_user_app(leaf, app)
        if leaf.size_based_weight and (app.am is None or app.am_running):
            self.mark_for_reordering(leaf, app)  # demandUpdated, unless it waits for its AM

    def mark_for_reordering(self, leaf: LeafNode, app: AppNode) -> None:
        """``entityRequiresReordering``: sorted again before the leaf's next assignment."""
        if not app.dirty:
            app.dirty = True
            leaf.reorder.append(app)


Proposal = tuple[int, AppNode, Res] | None


class Limits:
    """``ResourceLimits``: a queue's limit, its headroom and what blocked children hold."""

    __slots__ = ("blocked", "cached", "headroom", "limit")

    def __init__(self, limit: Res) -> None:
        self.limit = limit
        self.headroom = limit
        self.blocked: Res | None = None
        self.cached: Res = limit

    def net_limit(self, calc: Calculator) -> Res:
        return self.limit if self.blocked is None else calc.sub(self.limit, self.blocked)

    def add_blocked(self, amount: Res, calc: Calculator) -> None:
        self.blocked = amount if self.blocked is None else calc.add(self.blocked, amount)


def _utilization_compare(used1: float, used2: float, p1: int, p2: int) -> int:
    """``PriorityUtilizationQueueOrderingPolicy.compare`` (doubles of the float capacities)."""
    if p1 == p2:
        return (used1 > used2) - (used1 < used2) if not (math.isnan(used1) or math.isnan(used2)) else (
            _java_double_compare(used1, used2)
        )
    if (used1 < 1.0 and used2 < 1.0) or (used1 >= 1.0 and used2 >= 1.0):
        return (p2 > p1) - (p2 < p1)
    return _java_double_compare(used1, used2)


def _java_double_compare(a: float, b: float) -> int:
    """``Double.compare``: NaN is greater than everything and equal to itself."""
    if math.isnan(a) or math.isnan(b):
        return 0 if math.isnan(a) and math.isnan(b) else 1 if math.isnan(a) else -1
    return (a > b) - (a < b)


def _resource_compare(a: Res, b: Res) -> int:
    """``Resource.compareTo``: memory, then vcores, then the other types."""
    for x, y in zip(a, b, strict=True):
        if x != y:
            return 1 if x > y else -1
    return 0


def _hash_order(names: list[str]) -> list[str]:
    """Java's ``HashSet<String>`` iteration order (float sums of weights follow it)."""
    from fsctl.hadoop.javahash import hash_set_order

    return hash_set_order(names) if len(names) > 1 else names
