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

What keeps it fast is what it does not redo: every parent keeps its children with pending demand
sorted by the ordering policy's comparator as a key (a queue whose usage changes moves by bisection),
every leaf its applications with outstanding asks, and :class:`MemoryEngine` walks the default
calculator's decisions on memory alone.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from fsctl.evaluate.capacity_load_calc import (
    Calculator,
    Res,
    divide_and_ceil,
    divide_and_ceil_float,
    jdiv,
    round_down,
    round_up,
    safe_ratio,
)
from fsctl.hadoop.javanum import to_float32 as f32
from fsctl.model.resources import java_long

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
    akey: tuple[object, ...] | None = None  # its place in its leaf's candidates (None: not in them)
    schedulable: bool = False  # in its leaf's ordering policy (activated, or added by a reorder)
    used_start: Res = ()
    pending_start: Res = ()
    #: the user this application made active (``UsersManager.activateApplication``), if any
    registered: bool = False
    #: the state it had when a reordering put it into its leaf's ordering (pending, not-runnable)
    reordered_from: str = ""

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
    used_capacity_base: Res = ()  # what usedCapacity divides by: the guarantee, at least the minimum
    index: int = 0  # place among its siblings: the order of a stable sort's ties
    ancestry: list[QueueNode] = field(default_factory=list)  # itself, its parent, ... the root
    okey: tuple[object, ...] = ()  # its place in its parent's ordering (the policy's comparator as a key)
    runnable_apps: int = 0
    applications: int = 0  # submitted (numApplications)
    used_start: Res = ()
    pending_start: Res = ()


@dataclass(slots=True, eq=False)
class ParentNode(QueueNode):
    children: list[QueueNode] = field(default_factory=list)
    respect_priority: bool = False  # priority-utilization
    #: the children with pending requests, in the queue ordering policy's order: (key, child)
    candidates: list[tuple[tuple[object, ...], QueueNode]] = field(default_factory=list)
    #: the ordering's tie-break is the configured minimum resource (3.3: only when every child has one)
    by_configured_min: bool = False


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
    #: the active applications with outstanding asks, in the ordering policy's order: (key, app)
    candidates: list[tuple[tuple[object, ...], AppNode]] = field(default_factory=list)
    reorder: list[AppNode] = field(default_factory=list)  # entitiesToReorder
    waiting: list[AppNode] = field(default_factory=list)  # the pending-apps policy's entities
    not_runnable: list[AppNode] = field(default_factory=list)
    am_used: Res = ()
    current_limit: Res = ()  # the limit it keeps (cachedResourceLimitsForHeadroom), for the AM limit
    am_limit: Res = ()
    user_am_limit: Res = ()
    user_am_limits: dict[float, Res] = field(default_factory=dict)  # by user weight, while apps arrive
    usage_ratio: float = 0.0
    # UsersManager: the active users (a HashSet: insertion order kept for Java's iteration order)
    active_users: dict[str, None] = field(default_factory=dict)
    active_weights: float = 0.0
    all_weights: float = 0.0
    active_used: Res = ()
    inactive_used: Res = ()
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

    def positive(self, res: Res) -> bool:
        """``Resources.greaterThan(rc, cluster, res, none)``: the default calculator reads memory."""
        return res[0] > 0 if not self.calc.dominant else self.calc.greater_than(res, self.calc.none)

    # -- queue statistics -------------------------------------------------------------------------

    def update_used_capacity(self, q: QueueNode) -> None:
        """``CSQueueUtils.updateUsedCapacity``: used over guaranteed (at least the minimum allocation)."""
        calc = self.calc
        if not q.used_capacity_base:
            q.used_capacity_base = calc.max(q.guaranteed, self.minimum)
        # the ordering reads the absolute used capacity of queues without an absolute capacity only
        if calc.dominant:
            if q.absolute_capacity == 0:
                q.absolute_used_capacity = calc.divide(q.used, calc.cluster)
            q.used_capacity = calc.divide(q.used, q.used_capacity_base)
        else:
            if q.absolute_capacity == 0:
                q.absolute_used_capacity = safe_ratio(q.used[0], calc.cluster[0])
            q.used_capacity = safe_ratio(q.used[0], q.used_capacity_base[0])

    def charge(self, q: QueueNode | None, amount: Res) -> None:
        """``allocateResource`` up the tree: used and the statistics of every queue on the path."""
        add = self.calc.add
        while q is not None:
            q.used = add(q.used, amount)
            self.update_used_capacity(q)
            if q.okey:
                self._reposition(q)
            q = q.parent

    def add_pending(self, q: QueueNode | None, amount: Res, sign: int) -> None:
        """The queues' pending requests up the tree; a queue with none leaves its parent's candidates."""
        calc = self.calc
        while q is not None:
            had = self.positive(q.pending)
            q.pending = calc.add(q.pending, amount) if sign > 0 else calc.sub(q.pending, amount)
            if q.okey and had != self.positive(q.pending):
                self._reposition(q)
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

    def _weights(self, leaf: LeafNode, names: Mapping[str, object]) -> float:
        """The float sum of the users' weights in ``HashSet`` order (``sumActiveUsersTimesWeights``);
        whole weights add up exactly in any order, so the order is worked out only for others."""
        users = leaf.users
        if all(users[name].weight.is_integer() for name in names) and len(names) < 1 << 20:
            return float(sum(users[name].weight for name in names))
        total = 0.0
        for name in _hash_order(list(names)):
            total = f32(total + users[name].weight)
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
            if self.calc.dominant:
                leaf.cached_limit = self._compute_user_limit(leaf)
            else:
                leaf.cached_limit = self._memory_user_limit(leaf)
            leaf.cached_version = leaf.version
        return leaf.cached_limit

    def user_specific_limit_for_all_users(self, leaf: LeafNode, user: UserNode) -> Res:
        """``getComputedResourceLimitForAllUsers`` (what intra-queue preemption holds each user to):
        the limit computed over every user of the queue, scaled by the user's weight."""
        if self.calc.dominant:
            limit = self._compute_user_limit(leaf, all_users=True)
        else:
            limit = self._memory_user_limit(leaf, all_users=True)
        return self.calc.multiply_and_normalize_down(limit, user.weight, self.minimum)

    def _memory_user_limit(self, leaf: LeafNode, all_users: bool = False) -> Res:
        """:meth:`_compute_user_limit` for the default calculator, which compares memory only and
        builds every vector of it from memory alone (one vcore): the same arithmetic on memory."""
        minimum = self.minimum[0]
        capacity = max(leaf.guaranteed[0], minimum)  # Resources.max: ties keep the guarantee's vector
        consumed = round_up(java_long(self.calc.cluster[0] * leaf.usage_ratio + 0.5), minimum)
        current = capacity if consumed < capacity else consumed + minimum
        mulp = leaf.user_limit_percent if self.v34 else float(int(leaf.user_limit_percent))
        # UsersManager.computeUserLimit: for all users, the current capacity over all users' weights
        used, weights = (
            (current, leaf.all_weights) if all_users else (leaf.active_used[0] + minimum, leaf.active_weights)
        )
        limit = max(
            divide_and_ceil_float(used, weights),
            divide_and_ceil(java_long(current * mulp), 100),
        )
        ulf = leaf.user_limit_factor
        if self.v34 and (ulf == -1 or leaf.guaranteed == self.calc.none):
            cap = round_down(leaf.maximum[0], minimum)
        else:
            cap = java_long(capacity * ulf)
        memory = round_up(min(limit, cap), minimum)
        return (memory, 1 if memory > 0 else 0) + (0,) * (len(self.minimum) - 2)

    def _compute_user_limit(self, leaf: LeafNode, all_users: bool = False) -> Res:
        calc, minimum = self.calc, self.minimum
        capacity = leaf.guaranteed
        original = capacity
        required = minimum
        capacity = calc.max(capacity, required)
        consumed = calc.multiply_and_normalize_up(calc.cluster, leaf.usage_ratio, minimum)
        current = capacity if calc.less_than(consumed, capacity) else calc.add(consumed, required)
        weights = leaf.all_weights if all_users else leaf.active_weights
        used = current if all_users else calc.add(leaf.active_used, required)
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

    def recover(self, app: AppNode, containers: list[Res]) -> None:
        """``AbstractLeafQueue.recoverContainer`` for each of an application's running containers,
        whatever the limits (the queues' statistics are brought up to date before the heartbeats)."""
        leaf = app.leaf
        assert leaf is not None
        calc = self.calc
        user = leaf.users[app.user]
        for container in containers:
            self.free = calc.sub(self.free, container)
            app.used = calc.add(app.used, container)
            app.containers += 1
            self.charge_user(leaf, user, container)
            q: QueueNode | None = leaf
            while q is not None:
                q.used = calc.add(q.used, container)
                q = q.parent

    # -- the orderings, kept sorted as usage changes --------------------------------------------------

    def queue_key(self, q: QueueNode) -> tuple[object, ...]:
        """``PriorityUtilizationQueueOrderingPolicy``'s comparator as a sort key: queues with an
        absolute capacity first; then (with priority-utilization) queues under their guarantee
        before those at or over it, higher priority first, less used first; ties by configured
        minimum resource or absolute capacity, largest first; then the configuration's order (the
        sort is stable)."""
        parent = q.parent
        assert parent is not None
        absolute = q.absolute_capacity
        zero = absolute == 0
        used = q.absolute_used_capacity if zero else q.used_capacity
        if used != used:  # NaN: Double.compare puts it after everything
            used = math.inf
        priority = q.priority if parent.respect_priority else 0
        tie: tuple[object, ...]
        if self.v34 or parent.by_configured_min:
            tie = (tuple(-v for v in q.configured_min), -absolute)
        else:
            tie = (-absolute,)
        return (zero, used >= 1.0, -priority, used, *tie, q.index)

    def app_key(self, leaf: LeafNode, app: AppNode) -> tuple[object, ...]:
        """FIFO: priority, then submission; fair: the usage it was last sorted by (divided by the log
        of its demand with size-based weight), then submission."""
        if not leaf.fair:
            return (-app.priority, app.index)
        magnitude = float(app.cached_used)
        if leaf.size_based_weight and magnitude != 0:
            weight = math.log1p(app.cached_used + app.cached_pending) / math.log(2)
            if weight != 0:
                magnitude = magnitude / weight
        return (magnitude, app.index)

    def build_orderings(self) -> None:
        """Every queue's statistics, and every parent's and leaf's candidates, before the first
        heartbeat."""
        queues: list[QueueNode] = []
        stack: list[QueueNode] = [self.root]
        while stack:  # the statistics first: a parent's ordering reads its children's
            q = stack.pop()
            self.update_used_capacity(q)
            queues.append(q)
            if isinstance(q, ParentNode):
                stack.extend(q.children)
        for q in queues:
            if isinstance(q, ParentNode):
                q.candidates = []
                for child in q.children:
                    child.okey = self.queue_key(child)
                    if self.positive(child.pending):
                        q.candidates.append((child.okey, child))
                q.candidates.sort()
            else:
                assert isinstance(q, LeafNode)
                q.candidates = []
                for app in q.active:
                    app.akey = None
                    if app.asks:
                        app.akey = self.app_key(q, app)
                        q.candidates.append((app.akey, app))
                q.candidates.sort()

    def _reposition(self, q: QueueNode) -> None:
        """A queue's usage or pending changed: its place in its parent's candidates."""
        parent = q.parent
        if parent is None:
            return
        candidates = parent.candidates
        if q.okey:
            # keys are unique (they end with the queue's index): (key,) sorts right before (key, q)
            at = bisect.bisect_left(candidates, (q.okey,))
            if at < len(candidates) and candidates[at][1] is q:
                del candidates[at]
        q.okey = self.queue_key(q)
        if self.positive(q.pending):
            bisect.insort(candidates, (q.okey, q))

    def _reposition_app(self, leaf: LeafNode, app: AppNode) -> None:
        candidates = leaf.candidates
        if app.akey is not None:
            at = bisect.bisect_left(candidates, (app.akey,))
            if at < len(candidates) and candidates[at][1] is app:
                del candidates[at]
            app.akey = None
        if app.asks and app.schedulable:
            app.akey = self.app_key(leaf, app)
            bisect.insort(candidates, (app.akey, app))

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
        """``AbstractParentQueue.assignContainers``: the children in order until one allocates (a
        child without pending requests is skipped at once, so only candidates are walked)."""
        calc = self.calc
        if not self.positive(parent.pending):
            return None
        if not self.node_can_assign():
            return None
        if not self.can_assign_to_queue(parent, limits, parent.reserved):
            return None
        result: Proposal = None
        for _, child in parent.candidates:
            child_limits = self.child_limits(parent, child, limits)
            if isinstance(child, LeafNode):
                outcome = self.assign_leaf(child, child_limits)
            else:
                assert isinstance(child, ParentNode)
                outcome = self.assign_parent(child, child_limits)
            if outcome is None:
                continue
            if outcome[0] in (ALLOCATED, RESERVED):
                return outcome
            if outcome[0] == SKIP_QUEUE_LIMIT:
                if result is None:
                    result = outcome
                if isinstance(child, LeafNode):
                    blocked = child_limits.headroom
                else:
                    blocked = child_limits.blocked or calc.none
                limits.add_blocked(calc.max(blocked, calc.none), calc)
        return result

    def assign_leaf(self, leaf: LeafNode, limits: Limits) -> Proposal:
        """``AbstractLeafQueue.assignContainers``: the active applications in order (those without
        outstanding asks are skipped at once, so only candidates are walked)."""
        calc = self.calc
        if not self.positive(leaf.pending):
            return None
        if leaf.reorder:
            self.reorder(leaf)
        checked = False
        for _, app in leaf.candidates:
            if not checked:
                if not self.can_assign_to_queue(leaf, limits, app.reserved):
                    return None
                checked = True
            user = leaf.users[app.user]
            if calc.greater_than(user.used, self.user_specific_limit(leaf, user)):
                continue
            outcome = self.assign_app(app, limits)
            if outcome in (ALLOCATED, RESERVED, SKIP_QUEUE_LIMIT):
                return (outcome, app, app.asks[0].size)
            if outcome != SKIP_OTHER:
                return None
        return None

    def reorder(self, leaf: LeafNode) -> None:
        """``AbstractComparatorOrderingPolicy.reorderScheduleEntities``: each entity marked for
        reordering is taken out and put back with its current usage and demand; one that was never
        added (a waiting application whose asks changed its demand) is added by it all the same, AM
        limits or not."""
        for app in leaf.reorder:
            app.cached_used = app.used[0]
            app.cached_pending = app.pending()[0]
            app.dirty = False
            if not app.schedulable:
                leaf.active.append(app)
                app.schedulable = True
                app.reordered_from = app.state
                if app.state != NOT_RUNNABLE:  # schedulable: the user's counts stay as they were
                    app.state, app.limit = ACTIVE, None
            self._reposition_app(leaf, app)
        leaf.reorder.clear()

    def assign_app(self, app: AppNode, limits: Limits) -> int:
        """``RegularContainerAllocator.assignContainers`` for one off-switch ask on the node."""
        calc = self.calc
        ask = app.asks[0]  # the lowest priority number first: the AM (0), then tasks (1)
        size = ask.size
        # checkHeadroom: the application has no reservation to give back; 3.3 compares through the
        # calculator (the dominant shares, under the dominant calculator), 3.4 asks fitsIn
        if not (
            calc.fits_in(size, limits.headroom) if self.v34 else calc.greater_or_equal(limits.headroom, size)
        ):
            return SKIP_QUEUE_LIMIT
        if not calc.fits_in(size, calc.cluster):
            return SKIP_OTHER  # no node can ever hold it: LOCALITY_SKIPPED, then APP_SKIPPED
        # assignContainer: a container some type of which the headroom lacks needs a reservation
        # given back first; there is none (3.3's dominant check lets such a container through)
        if self.continue_looking and calc.any_major_above_zero(
            calc.max(calc.sub(size, limits.headroom), calc.none)
        ):
            return SKIP_OTHER
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
                    self._reposition_app(leaf, app)
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
        if app.akey is None and app.schedulable:
            self._reposition_app(leaf, app)
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

    __slots__ = ("blocked", "headroom", "limit")

    def __init__(self, limit: Res) -> None:
        self.limit = limit
        self.headroom = limit
        self.blocked: Res | None = None

    def net_limit(self, calc: Calculator) -> Res:
        return self.limit if self.blocked is None else calc.sub(self.limit, self.blocked)

    def add_blocked(self, amount: Res, calc: Calculator) -> None:
        self.blocked = amount if self.blocked is None else calc.add(self.blocked, amount)


def _hash_order(names: list[str]) -> list[str]:
    """Java's ``HashSet<String>`` iteration order (float sums of weights follow it)."""
    from fsctl.hadoop.javahash import hash_set_order

    return hash_set_order(names) if len(names) > 1 else names


class MemoryEngine(Engine):
    """The walk of :class:`Engine` for the default calculator, on memory alone.

    ``DefaultResourceCalculator`` compares, fits and rounds memory only, and every limit it builds
    (``Resources.createResource(memory)``) carries memory alone: each decision of the walk is the
    same on memory amounts as on whole vectors, and ints are several times cheaper than tuples
    through calculator methods. Usage is still kept in full vectors."""

    def heartbeat(self) -> AppNode | None:
        self.heartbeats += 1
        if self.reserved_by is not None:
            return None
        if jdiv(self.free[0], self.minimum[0]) <= 0:
            return None
        proposal = self._parent(self.root, self.calc.cluster[0])
        if proposal is None or proposal[0] not in (ALLOCATED, RESERVED):
            return None
        outcome, app, size = proposal
        if not self.accept(app, size):
            self.rejected = app
            return None
        self.rejected = None
        self.apply(outcome, app, size)
        return app

    def accept(self, app: AppNode, size: Res) -> bool:
        memory = size[0]
        q: QueueNode | None = app.leaf
        while q is not None:
            if q.used[0] + memory > q.maximum[0]:
                return False
            q = q.parent
        return True

    def _can_assign(self, q: QueueNode, limits: MemoryLimits, reserved: int) -> bool:
        used = q.used[0]
        current = min(q.maximum[0], limits.limit)
        limits.headroom = current - used
        if used >= current:
            return self.continue_looking and reserved > 0 and used - reserved < current
        return True

    def _child_limits(self, parent: ParentNode, child: QueueNode, limits: MemoryLimits) -> MemoryLimits:
        minimum = self.minimum[0]
        if self.v34:
            limits.limit = min(limits.limit, parent.maximum[0])
            child_limit = limits.limit - limits.blocked - parent.used[0] + child.used[0]
        else:
            child_limit = limits.limit - limits.blocked - parent.used[0] + child.used[0]
            child_limit = min(child_limit, round_down(child.maximum[0], minimum))
        return MemoryLimits(round_down(child_limit, minimum))

    def _parent(self, parent: ParentNode, limit: int, limits: MemoryLimits | None = None) -> Proposal:
        limits = limits or MemoryLimits(limit)
        if parent.pending[0] <= 0:
            return None
        if self.reserved_by is not None or self.minimum[0] > self.free[0]:
            return None
        if not self._can_assign(parent, limits, parent.reserved[0]):
            return None
        result: Proposal = None
        for _, child in parent.candidates:
            child_limits = self._child_limits(parent, child, limits)
            if isinstance(child, LeafNode):
                outcome = self._leaf(child, child_limits)
            else:
                assert isinstance(child, ParentNode)
                outcome = self._parent(child, 0, child_limits)
            if outcome is None:
                continue
            if outcome[0] in (ALLOCATED, RESERVED):
                return outcome
            if outcome[0] == SKIP_QUEUE_LIMIT:
                if result is None:
                    result = outcome
                blocked = child_limits.headroom if isinstance(child, LeafNode) else child_limits.blocked
                limits.blocked += max(blocked, 0)
        return result

    def _leaf(self, leaf: LeafNode, limits: MemoryLimits) -> Proposal:
        if leaf.pending[0] <= 0:
            return None
        if leaf.reorder:
            self.reorder(leaf)
        checked = False
        for _, app in leaf.candidates:
            if not checked:
                if not self._can_assign(leaf, limits, app.reserved[0]):
                    return None
                checked = True
            user = leaf.users[app.user]
            if user.used[0] > self.user_specific_limit(leaf, user)[0]:
                continue
            size = app.asks[0].size
            memory = size[0]
            if memory > limits.headroom:
                return (SKIP_QUEUE_LIMIT, app, size)
            if memory > self.calc.cluster[0]:
                continue  # no node can ever hold it
            return (ALLOCATED if jdiv(self.free[0], memory) > 0 else RESERVED, app, size)
        return None


class MemoryLimits:
    """:class:`Limits` on memory."""

    __slots__ = ("blocked", "headroom", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.headroom = limit
        self.blocked = 0
