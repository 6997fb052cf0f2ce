"""Fair Scheduler shares over a whole queue tree: steady and instantaneous fair shares.

Follows ``FairScheduler.update`` / ``FSParentQueue.updateInternal`` / ``FSLeafQueue.updateInternal``
and ``FSParentQueue.recomputeSteadyShares`` (fs-math.md §1.5–§2.4): each parent hands its own
share to its children through its policy; ``fair`` computes memory only (other types are *not
computed*: absent from the vectors here, ``null`` in JSON), ``drf`` computes every resource type
independently, ``fifo`` gives a leaf's whole share to its earliest application. Steady shares count
every queue; instantaneous shares only active ones (queues with runnable apps in their subtree).

The walk is iterative and linear in the number of queues.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from fsctl.evaluate.compute_fair_shares import (
    FairSharesNeverEnd,
    Schedulable,
    Semantics,
    Shareable,
    compute_shares,
    java_float,
)
from fsctl.fair.model import FairTree
from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import (
    MANDATORY_TYPES,
    MEMORY,
    UNBOUNDED,
    VCORES,
    ResourceSpec,
    Vector,
    fmt_vector,
    resource_types,
)
from fsctl.model.tree import Queue
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

FAIR = "fair"
DRF = "drf"
FIFO = "fifo"

_POLICY_PACKAGE = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies."
_POLICY_CLASSES = {
    _POLICY_PACKAGE + "fairsharepolicy": FAIR,
    _POLICY_PACKAGE + "dominantresourcefairnesspolicy": DRF,
    _POLICY_PACKAGE + "fifopolicy": FIFO,
}
INT_MAX = 2**31 - 1

#: a partial resource vector: a type that is absent was not computed by the queue's policy
Partial = dict[str, int]


@dataclass(slots=True)
class AppShares:
    """One application of a leaf queue (``FSAppAttempt``)."""

    name: str
    queue: str
    weight: float
    start_time: int
    priority: int
    runnable: bool
    demand: Vector
    usage: Vector
    #: submission order within the leaf: Hadoop breaks comparator ties by application id
    order: int = 0
    fair_share: Partial = field(default_factory=dict)
    fair_share_starvation: Vector = field(default_factory=dict)
    min_share_starvation: Vector = field(default_factory=dict)
    #: what preemption may take from it: usage above its fair share, in its leaf policy's types
    preemptable: Partial = field(default_factory=dict)
    am_resource: Vector | None = None  # None: an unmanaged AM
    am_running: bool = False
    am_blocked: bool = False  # its AM waits and would exceed the leaf's maxAMShare


@dataclass(slots=True)
class QueueShares:
    """Everything simulate reports for one queue."""

    path: str
    name: str
    parent: str | None
    leaf: bool
    policy: str
    weight: float
    min_share: Vector
    max_share: Vector
    demand: Vector = field(default_factory=dict)
    usage: Vector = field(default_factory=dict)
    steady_fair_share: Partial = field(default_factory=dict)
    fair_share: Partial = field(default_factory=dict)
    apps: int = 0
    runnable_apps: int = 0
    max_running_apps: int = INT_MAX
    created: bool = True
    dynamic: bool = False
    note: str = ""
    applications: list[AppShares] = field(default_factory=list)
    #: a load given as totals (``apps: N``): the N applications Hadoop would hold, not listed in
    #: reports (:func:`stand_in_apps`)
    stand_ins: list[AppShares] = field(default_factory=list, repr=False)
    max_am_share: float = 0.5
    am_usage: Vector = field(default_factory=dict)
    am_limit: Vector | None = None  # None: maxAMShare -1, no limit
    min_share_starvation: Vector = field(default_factory=dict)
    fair_share_starvation: Vector = field(default_factory=dict)
    queue: Queue | None = field(default=None, repr=False)
    children: list[QueueShares] = field(default_factory=list, repr=False)
    depth: int = 0
    is_queue: ClassVar[bool] = True  # to ComputeFairShares: only queues can be inactive

    @property
    def active(self) -> bool:
        return self.runnable_apps > 0

    @property
    def usable_fair_share(self) -> Vector:
        """The instantaneous fair share, at most the queue's demand, per type: what of its share a
        queue can hold under the load. The Fair Scheduler does not cap the share by demand
        (ComputeFairShares); what a queue does not ask for goes to the others, so comparing a queue
        asking for less than its share with another scheduler's allocation compares the demand."""
        share, demand = self.fair_share, self.demand
        return {t: min(v, demand.get(t, 0)) for t, v in share.items() if v is not None}


@dataclass(slots=True)
class FairResult:
    cluster: Vector
    types: tuple[str, ...]
    queues: list[QueueShares]  # pre-order, children in document order
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    index: dict[str, QueueShares] = field(default_factory=dict)
    #: snapshot entries naming an undeclared queue without an application: the Fair Scheduler
    #: creates a queue when an application is submitted to it, so none exists
    not_created: list[str] = field(default_factory=list)

    def find(self, path: str) -> QueueShares | None:
        return self.index.get(path)


def policy_name(value: Any) -> str:
    """``fair``, ``drf``, ``fifo``, or the class name of a custom policy (SchedulingPolicy.parse)."""
    text = str(getattr(value, "name", value) if not isinstance(value, str) else value).strip()
    lowered = text.lower()
    if lowered in (FAIR, DRF, FIFO):
        return lowered
    return _POLICY_CLASSES.get(lowered, text)


def resolve_resource(
    value: Any, cluster: Mapping[str, int], types: Iterable[str], missing: int, *, percentages: bool = True
) -> Vector:
    """A configured resource for this cluster; types it does not give take ``missing``.

    Percentages resolve against the cluster (``ConfigurableResource.getResource``); with
    ``percentages=False`` (minResources) a percentage counts as unset, as Hadoop stores null for it.
    """
    resolved: Mapping[str, int]
    if value is None:
        resolved = {}
    elif isinstance(value, ResourceSpec):
        percentage = value.is_percentage
        resolved = value.amounts() if not percentage else value.resolve(cluster) if percentages else {}
    elif isinstance(value, Mapping):
        resolved = value
    else:
        resolved = {}
    return {t: int(resolved.get(t, missing)) for t in types}


def _componentwise_min(a: Mapping[str, int], b: Mapping[str, int], types: Iterable[str]) -> Vector:
    return {t: min(a.get(t, 0), b.get(t, UNBOUNDED)) for t in types}


def _sum(vectors: Iterable[Mapping[str, int]], types: Iterable[str]) -> Vector:
    total = dict.fromkeys(types, 0)
    for vector in vectors:
        for t in total:
            total[t] += vector.get(t, 0)
    return total


def _child_policy_refusal(parent_policy: str, child: QueueShares) -> str:
    """Why Hadoop would not create this child (SchedulingPolicy.isChildPolicyAllowed), or ''."""
    if parent_policy == FIFO:
        return "not created: a fifo queue cannot have children (FifoPolicy.isChildPolicyAllowed)"
    if parent_policy == FAIR and child.policy == DRF:
        return "not created: a fair parent does not allow a drf child (YARN-4212)"
    if child.policy == FIFO and not child.leaf:
        return "not created: fifo is only for leaf queues (QueueManager.createNewQueues)"
    return ""


def _under_default_refusal(path: str, dropped: frozenset[str], hadoop_version: HadoopVersion) -> str:
    """QueueManager before 3.4 creates few queues under the root.default it made first (FS116)."""
    if hadoop_version < (3, 4) and path.startswith("root.default.") and path in dropped:
        return "not created: Hadoop before 3.4 made root.default a leaf first (FS116)"
    return ""


def never_ending_search(tree: FairTree, blamed: Sequence[str] = ()) -> tuple[Queue | None, str]:
    """The queue to blame when ComputeFairShares' search never ends (FairSharesNeverEnd): the first
    of ``blamed`` (the exception's queues) in the tree, else the first whose weight is NaN, the only
    input that does it; and what to say of it."""
    candidates = [q for q in map(tree.find, blamed) if q is not None] or tree.queues()
    for queue in candidates:
        weight = queue.effective.weight
        if weight != weight:  # NaN
            return queue, (
                f"{queue.path} has weight NaN: Hadoop's fair share search (ComputeFairShares) never "
                "ends for its parent's children, so the ResourceManager's scheduler loops forever"
            )
    return None, "Hadoop's fair share search (ComputeFairShares) never ends for this configuration"


def evaluate_fair(
    tree: FairTree,
    cluster: Mapping[str, int],
    snapshot: DemandSnapshot | None = None,
    *,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    size_based_weight: bool = False,
) -> FairResult:
    """Steady and instantaneous fair shares of every queue for a cluster of the given size."""
    types = resource_types(cluster.keys())
    full_cluster = {t: int(cluster.get(t, 0)) for t in types}
    semantics = Semantics.for_version(hadoop_version)
    info = tree.info
    default_policy = policy_name(info.defaults.default_queue_scheduling_policy)
    max_resources_default = info.defaults.queue_max_resources_default
    loads = snapshot.queues if snapshot is not None else {}
    dropped = frozenset(info.dropped_queues)

    result = FairResult(cluster=full_cluster, types=types, queues=[], hadoop_version=hadoop_version)
    # 1. flatten the tree (pre-order, iterative) and settle the policy rules top-down
    stack: list[tuple[Queue, QueueShares | None]] = [(tree.root, None)]
    limits: dict[tuple[object, object], tuple[Vector, Vector]] = {}
    policies: dict[str, str] = {}
    while stack:
        queue, parent = stack.pop()
        shares = _queue_shares(queue, parent, full_cluster, types, limits, policies)
        if parent is not None:
            parent.children.append(shares)
            refusal = (
                "not created: its parent is not"
                if not parent.created
                else _child_policy_refusal(parent.policy, shares)
                or _under_default_refusal(shares.path, dropped, hadoop_version)
            )
            if refusal:
                shares.created = False
                shares.note = refusal
        elif shares.policy == FIFO and queue.children:
            shares.note = "a fifo root refuses every child (FifoPolicy.isChildPolicyAllowed)"
        result.queues.append(shares)
        result.index[shares.path] = shares
        stack.extend((child, shares) for child in reversed(queue.children))
    _add_dynamic_queues(result, loads, full_cluster, types, default_policy, max_resources_default)

    # 2. load: demand, usage and runnable apps, bottom-up (reverse pre-order)
    user_limits = info.user_max_apps
    default_user_limit = info.defaults.user_max_apps_default
    _apply_load(
        result, loads, types, size_based_weight, lambda user: user_limits.get(user, default_user_limit)
    )

    # 3. shares, top-down: root gets the cluster for both
    root = result.queues[0]
    root.steady_fair_share = dict(full_cluster)
    root.fair_share = dict(full_cluster)
    # steady shares depend on the policy, the parent's share and each child's weight, min and max
    # share: parents alike in those (common in wide trees) get the same shares, computed once and
    # shared. The children's vectors are known by id: the queues hold them for the whole walk
    known: dict[tuple[Any, ...], list[Partial]] = {}
    for shares in result.queues:
        if not shares.created:
            continue
        children = [c for c in shares.children if c.created]
        if children:
            total = shares.steady_fair_share
            key = (
                shares.policy,
                *total,
                *total.values(),
                *[(c.weight, id(c.min_share), id(c.max_share)) for c in children],
            )
            steady = known.get(key)
            try:
                if steady is None:
                    # the queues themselves are the schedulables (FSQueue implements Schedulable)
                    steady = known[key] = _policy_shares(
                        shares.policy, children, total, types, True, semantics
                    )
                fair = _policy_shares(shares.policy, children, shares.fair_share, types, False, semantics)
            except FairSharesNeverEnd as exc:  # say which children
                nan = tuple(c.path for c in children if c.weight != c.weight)
                raise FairSharesNeverEnd(str(exc), nan) from None
            for child, s, f in zip(children, steady, fair, strict=True):
                child.steady_fair_share = s
                child.fair_share = f
        elif shares.leaf and (shares.applications or shares.stand_ins):
            _share_among_apps(shares, types, semantics)
    from fsctl.evaluate.am_limit import apply_am_limits  # it reads this module's results

    apply_am_limits(result, tree)
    return result


def _queue_shares(
    queue: Queue,
    parent: QueueShares | None,
    cluster: Mapping[str, int],
    types: tuple[str, ...],
    memo: dict[tuple[object, object], tuple[Vector, Vector]] | None = None,
    policies: dict[str, str] | None = None,
) -> QueueShares:
    values = queue.effective
    min_value = values.min_resources
    max_resources = values.max_resources
    # most queues repeat a few limits: resolve each distinct pair once per evaluation
    key = (_spec_key(min_value), _spec_key(max_resources))
    known = memo.get(key) if memo is not None and None not in key else None
    if known is None:
        min_share = resolve_resource(min_value, cluster, types, 0, percentages=False)
        configured_max = resolve_resource(max_resources, cluster, types, UNBOUNDED)
        # FSQueue.getMaxShare: componentwise max of maxResources and minResources
        max_share = {t: max(configured_max[t], min_share[t]) for t in types}
        if memo is not None and None not in key:
            memo[key] = (min_share, max_share)
    else:
        # queues with the same limits share the vectors: results are read, never changed
        min_share, max_share = known
    weight = float(values.weight)
    max_apps = int(values.max_running_apps)
    configured = values.scheduling_policy
    # a tree names few policies: each spelling is looked up once per evaluation
    policy = policies.get(configured) if policies is not None and type(configured) is str else None
    if policy is None:
        policy = policy_name(configured)
        if policies is not None and type(configured) is str:
            policies[configured] = policy
    return QueueShares(
        path=queue.path,
        name=queue.name,
        parent=parent.path if parent is not None else None,
        # QueueManager.initialize: root is an FSParentQueue, with or without children
        leaf=queue.is_leaf and parent is not None,
        policy=policy,
        weight=weight,
        min_share=min_share,
        max_share=max_share,
        max_running_apps=max_apps,
        queue=queue,
        depth=queue.path.count("."),
    )


def _spec_key(value: Any) -> object:
    """A hashable stand-in for a configured resource that resolves the same way, or None."""
    if value is None:
        return ()
    if type(value) is ResourceSpec:
        return (value.absolute, value.fractions)
    return None  # a mapping or anything else: resolved every time


def _add_dynamic_queues(
    result: FairResult,
    loads: Mapping[str, QueueLoad],
    cluster: Mapping[str, int],
    types: tuple[str, ...],
    default_policy: str,
    max_resources_default: Any,
) -> None:
    """Queues the snapshot names that the file does not declare: applications run there, so the
    Fair Scheduler created them (QueueManager.getLeafQueue(name, create=true): the missing parents
    too, below the nearest existing parent; never below a leaf). A new queue takes the defaults, its
    maxResources from its parent's ``maxChildResources`` when set (setChildResourceLimits), else
    ``queueMaxResourcesDefault``. Paths below a leaf are left to :func:`unknown_queues`; an entry
    without an application creates nothing (``result.not_created``).
    """
    for path, load in loads.items():
        if path in result.index:
            continue
        parts = path.split(".")
        depth = len(parts) - 1
        while depth > 0 and ".".join(parts[:depth]) not in result.index:
            depth -= 1
        parent = result.index.get(".".join(parts[:depth])) if depth > 0 else None
        if parent is None or parent.leaf:
            continue
        if not submitted_count(load):
            result.not_created.append(path)
            continue
        for index in range(depth + 1, len(parts) + 1):
            queue_path = ".".join(parts[:index])
            max_child = parent.queue.effective.max_child_resources if parent.queue is not None else None
            limit = max_child if max_child is not None else max_resources_default
            shares = QueueShares(
                path=queue_path,
                name=parts[index - 1],
                parent=parent.path,
                leaf=index == len(parts),
                policy=default_policy,
                weight=1.0,
                min_share=dict.fromkeys(types, 0),
                max_share=resolve_resource(limit, cluster, types, UNBOUNDED),
                dynamic=True,
                note="dynamic queue (created at submission)",
                depth=index - 1,
            )
            refusal = _child_policy_refusal(parent.policy, shares) if parent.created else "not created"
            if refusal:
                shares.created = False
                shares.note = refusal
            parent.children.append(shares)
            result.index[queue_path] = shares
            parent = shares
    if len(result.index) != len(result.queues):
        # keep pre-order: rebuild the list from the root
        ordered: list[QueueShares] = []
        stack = [result.queues[0]]
        while stack:
            node = stack.pop()
            ordered.append(node)
            stack.extend(reversed(node.children))
        result.queues[:] = ordered


def unknown_queues(result: FairResult, snapshot: DemandSnapshot | None) -> list[QueueLoad]:
    """Snapshot entries that name no queue of the tree (and could not be dynamic queues)."""
    if snapshot is None:
        return []
    idle = frozenset(result.not_created)
    return [load for path, load in snapshot.queues.items() if path not in result.index and path not in idle]


def submitted_count(load: QueueLoad) -> int:
    """How many applications a snapshot entry stands for, as the Fair Scheduler holds them: the
    listed ones; for totals, ``apps`` (else one when the entry has demand or usage), and at least
    one when it has usage (something runs there)."""
    if load.applications:
        return len(load.applications)
    count = load.apps if load.apps is not None else int(_any(load.demand) or _any(load.usage))
    return max(count, 1) if _any(load.usage) else count


def _any(vector: Mapping[str, int]) -> bool:
    return any(v > 0 for v in vector.values())


def stand_in_apps(load: QueueLoad, types: tuple[str, ...], count: int) -> list[AppLoad]:
    """A load given as totals as ``count`` applications: the first holds the whole usage; the
    pending demand (demand above usage) is split evenly, the first taking the remainder. The
    Fair Scheduler sees applications, never a queue's totals: fair shares, starvation and
    preemption are per application (``FSLeafQueue.updateStarvedApps``)."""
    usage = {t: load.usage.get(t, 0) for t in types}
    pending = {t: max(load.demand.get(t, 0) - usage[t], 0) for t in types}
    apps = []
    for index in range(count):
        held = usage if index == 0 else dict.fromkeys(types, 0)
        part = {t: pending[t] // count + (pending[t] % count if index == 0 else 0) for t in types}
        demand = {t: held[t] + part[t] for t in types}
        apps.append(AppLoad(f"{load.path} #{index + 1}", demand=demand, usage=dict(held)))
    return apps


def above_maximum(result: FairResult) -> list[tuple[QueueShares, Vector, str]]:
    """Queues whose usage is above their maximum share, or root's above the cluster: (the queue,
    the limit it passes, what the limit is). A container is assigned only when it fits in the
    maximum of its queue and every ancestor (``FSQueue.fitsInMaxShare``), and the cluster holds no
    more than its size: such a usage is one the configuration never reaches."""
    found: list[tuple[QueueShares, Vector, str]] = []
    for shares in result.queues:
        if not shares.created or not shares.usage:
            continue
        usage, limit = shares.usage, shares.max_share
        if any(usage.get(t, 0) > limit.get(t, UNBOUNDED) for t in result.types):
            found.append((shares, limit, "its maximum"))
        elif shares.parent is None and any(usage.get(t, 0) > result.cluster.get(t, 0) for t in result.types):
            found.append((shares, dict(result.cluster), "the cluster"))
    return found


def impossible_usage(result: FairResult, snapshot: DemandSnapshot | None) -> list[Diagnostic]:
    """SM108 for each queue of :func:`above_maximum`, at its snapshot entry (a leaf's), else at
    the limit it passes (a parent's maxResources, the cluster's size)."""
    from fsctl.catalogue.simulate import SM108

    found = []
    for shares, limit, what in above_maximum(result):
        load = snapshot.queues.get(shares.path) if snapshot is not None else None
        queue = shares.queue
        if load is not None:
            where = load.location
        elif what == "the cluster":
            where = snapshot.cluster_location if snapshot is not None else None
        else:
            where = queue.setting_location("maxResources") if queue is not None else None
        why = (
            "no cluster of that size holds it"
            if what == "the cluster"
            else "Hadoop assigns no container past it (FSQueue.fitsInMaxShare), so this configuration "
            "never holds that usage"
        )
        found.append(
            SM108.at(
                where,
                f"{shares.path} uses {fmt_vector(shares.usage)} in the snapshot, above {what} "
                f"({fmt_vector(limit)}): {why}; the shares are computed for it as given",
                queue=shares.path,
            )
        )
    return found


def parent_entries(result: FairResult, snapshot: DemandSnapshot | None) -> list[QueueLoad]:
    """Snapshot entries that give load for a parent queue."""
    if snapshot is None:
        return []
    return [
        load
        for path, load in snapshot.queues.items()
        if (q := result.index.get(path)) is not None and not q.leaf
    ]


def app_weight(demand: Mapping[str, int], size_based_weight: bool) -> float:
    """``FSAppAttempt.getWeight``: 1, or log2(1 + demand memory) with sizebasedweight."""
    weight = math.log1p(demand.get(MEMORY, 0)) / math.log(2) if size_based_weight else 1.0
    return java_float(weight)


def _apply_load(
    result: FairResult,
    loads: Mapping[str, QueueLoad],
    types: tuple[str, ...],
    size_based_weight: bool,
    user_limit: Callable[[str], int],
) -> None:
    """Demand, usage and runnable applications of every queue, bottom-up.

    Which applications run is ``MaxRunningAppsEnforcer.canAppBeRunnable``, asked for each one as it
    is added, in submission order: its user's limit (``<user>`` maxRunningApps, else
    userMaxAppsDefault), then maxRunningApps of its leaf and of each ancestor. A queue that gives
    only a count of applications has no times and names no users (each application is the only one
    of its user): those are submitted first, queue by queue in the snapshot's order; then the listed
    applications in start order, ties in the snapshot's order (as application ids break them)."""
    if not loads:
        # no load anywhere: every sum below is of zeros (the same values, without the adding; the
        # queues share one zero vector)
        zero = dict.fromkeys(types, 0)
        for shares in result.queues:
            shares.usage = zero
            ceiling = shares.max_share
            if shares.leaf or all(ceiling.get(t, UNBOUNDED) >= 0 for t in types):
                shares.demand = zero
            else:  # FSParentQueue.updateDemand: min(sum of children, maxShare)
                shares.demand = {t: min(0, ceiling.get(t, UNBOUNDED)) for t in types}
        return
    leaves: list[tuple[QueueShares, QueueLoad, list[AppLoad]]] = []
    submissions: list[tuple[tuple[int, int], int, QueueShares, AppLoad]] = []
    for path, load in loads.items():
        found = result.index.get(path)
        if found is None or not found.leaf or not found.created:
            continue
        shares = found
        shares.apps = submitted_count(load)
        if load.applications:
            apps = sorted(load.applications, key=lambda a: a.start_time)
            first = 1
        else:
            apps = stand_in_apps(load, types, shares.apps)
            first = 0  # totals have no start: submitted before every listed application
        leaves.append((shares, load, apps))
        # each application its own position: ties in start time keep the snapshot's order, and an
        # application naming no user is its own user (_admit keys it by the position)
        base = len(submissions)
        submissions += [((first, app.start_time), base + i, shares, app) for i, app in enumerate(apps)]
    room = {q.path: q.max_running_apps for q in result.queues}
    runnable_apps = _admit(result, submissions, room, user_limit)
    for shares, load, apps in leaves:
        # each leaf's applications in submission order (ties in its comparators go by it)
        held = [
            _app_shares(app, shares.path, index, id(app) in runnable_apps, types, size_based_weight)
            for index, app in enumerate(apps)
        ]
        shares.runnable_apps = sum(1 for a in held if a.runnable)
        # what the applications ask for: at least what they hold (FSAppAttempt.getDemand) for
        # the stand-ins, as listed for listed applications
        demand = _sum((a.demand for a in apps), types)
        if load.applications:
            shares.applications = held
            usage = _sum((a.usage for a in apps), types)
        else:
            shares.stand_ins = held
            usage = {t: load.usage.get(t, 0) for t in types}
        shares.demand = _componentwise_min(demand, shares.max_share, types)  # FSLeafQueue.updateDemand
        shares.usage = usage
    for shares in reversed(result.queues):  # children before parents
        if shares.leaf:
            if not shares.demand:
                shares.demand = dict.fromkeys(types, 0)
                shares.usage = dict.fromkeys(types, 0)
            continue
        created = [c for c in shares.children if c.created]
        shares.demand = _componentwise_min(_sum((c.demand for c in created), types), shares.max_share, types)
        shares.usage = _sum((c.usage for c in created), types)
        shares.apps = sum(c.apps for c in created)
        shares.runnable_apps = sum(c.runnable_apps for c in created)


def _admit(
    result: FairResult,
    listed: list[tuple[tuple[int, int], int, QueueShares, AppLoad]],
    room: dict[str, int],
    user_limit: Callable[[str], int],
) -> set[int]:
    """The ids of the listed applications that run (MaxRunningAppsEnforcer.canAppBeRunnable, then
    trackRunnableApp), each asked in submission order. An application that names no user is
    counted as its own user (its limit is userMaxAppsDefault)."""
    listed.sort(key=lambda entry: (entry[0], entry[1]))
    users: dict[str, int] = {}
    runnable: set[int] = set()
    chains: dict[str, list[str]] = {}  # a leaf and its ancestors
    for _, position, leaf, app in listed:
        user = app.user if app.user is not None else f"\0{position}"
        left = users.get(user)
        if left is None:
            left = users[user] = user_limit(app.user or "")
        if left <= 0:
            continue
        chain = chains.get(leaf.path)
        if chain is None:
            chain = chains[leaf.path] = []
            node: QueueShares | None = leaf
            while node is not None:
                chain.append(node.path)
                node = result.index.get(node.parent or "")
        if any(room[path] <= 0 for path in chain):  # a queue on the way is full
            continue
        users[user] = left - 1
        for path in chain:
            room[path] -= 1
        runnable.add(id(app))
    return runnable


def _app_shares(
    app: AppLoad, queue: str, order: int, runnable: bool, types: tuple[str, ...], size_based_weight: bool
) -> AppShares:
    demand = {t: app.demand.get(t, 0) for t in types}
    return AppShares(
        name=app.name,
        queue=queue,
        weight=app_weight(demand, size_based_weight),
        start_time=app.start_time,
        priority=1,  # FSAppAttempt: per-app priorities never reach the Fair Scheduler
        runnable=runnable,
        demand=demand,
        usage={t: app.usage.get(t, 0) for t in types},
        order=order,
        am_resource=None if app.am is None else {t: app.am.get(t, 0) for t in types},
    )


def app_schedulable(app: AppShares) -> Schedulable:
    """An application as its leaf's policy sees it: no min share, no max, its submission order
    standing in for the application id that breaks ties."""
    return Schedulable(
        name=f"{app.order:010d}",
        weight=app.weight,
        is_queue=False,
        demand=app.demand,
        usage=app.usage,
        start_time=app.start_time,
        priority=app.priority,
    )


def _policy_shares(
    policy: str,
    scheds: Sequence[Shareable],
    total: Partial,
    types: tuple[str, ...],
    steady: bool,
    semantics: Semantics,
) -> list[Partial]:
    """``policy.computeShares`` / ``computeSteadyShares`` for a parent's children."""
    if policy == FAIR:
        computed: tuple[str, ...] = (MEMORY,)  # FairSharePolicy: memory only
    elif policy == DRF:
        # DominantResourceFairnessPolicy: every type, independently (2.x: memory and vcores)
        computed = (
            tuple(t for t in types if t in MANDATORY_TYPES) if semantics.mandatory_types_only else types
        )
    else:
        return [{} for _ in scheds]  # fifo parents have no children; custom policies are not modelled
    # ComputeFairShares.getFairShareIfFixed (from 2.6): an inactive queue's instantaneous share is
    # 0, so with no active child there is nothing to search (the idle cluster, every parent); the
    # children share the one vector of zeros (a type the parent did not compute stays absent)
    if not steady and semantics.fixed and not any(not s.is_queue or s.active for s in scheds):
        return [{rtype: 0 for rtype in computed if rtype in total}] * len(scheds)
    out: list[Partial] = [{} for _ in scheds]
    for rtype in computed:
        if rtype not in total:
            continue  # the parent's own share of this type was not computed
        shares = compute_shares(scheds, total, rtype, steady=steady, semantics=semantics)
        if rtype == VCORES:
            # ComputeFairShares stores each share with Resource.setResourceValue(String, long):
            # vcores is an int there, saturating at Integer.MAX_VALUE (memory keeps the long)
            shares = [min(share, INT_MAX) for share in shares]
        for partial, value in zip(out, shares, strict=True):
            partial[rtype] = value
    return out


def _share_among_apps(leaf: QueueShares, types: tuple[str, ...], semantics: Semantics) -> None:
    """``FSLeafQueue.updateInternal``: the leaf's policy over its runnable apps (no steady share)."""
    apps = leaf.applications or leaf.stand_ins
    runnable = [a for a in apps if a.runnable]
    for app in apps:
        app.fair_share = {t: 0 for t in leaf.fair_share}  # never computed: Hadoop's initial (0, 0)
    if not runnable:
        return
    if leaf.policy == FIFO:
        # FifoPolicy.computeShares: the strictly earliest start (first among equals) gets it all
        first = min(runnable, key=lambda a: a.start_time)
        first.fair_share = dict(leaf.fair_share)
        return
    scheds = [app_schedulable(a) for a in runnable]
    for app, share in zip(
        runnable, _policy_shares(leaf.policy, scheds, leaf.fair_share, types, False, semantics), strict=True
    ):
        app.fair_share = share
