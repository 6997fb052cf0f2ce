"""The Capacity Scheduler under load: the allocation it reaches for a demand snapshot.

``evaluate_capacity_load(tree, cluster, snapshot)`` answers "under this load, what does each queue,
user and application get once the scheduler has done all it can?" with Hadoop's own order and
arithmetic (:mod:`fsctl.evaluate.capacity_load_engine`). The snapshot becomes the scheduler's state
as a ResourceManager restart with work-preserving recovery builds it (the README states the
conventions; ``oracle/.../load/`` drives the real CapacityScheduler through the same steps):

1. one node of the cluster's size registers: every queue learns its limits;
2. a queue the snapshot names that the file lacks is created where Hadoop creates it
   (:mod:`fsctl.evaluate.capacity_load_dynamic`);
3. the applications are submitted in snapshot order (``start``, then as listed): the queue's state,
   maximum applications (per queue, per user, system-wide) and max-parallel-apps decide whether
   each is refused, runnable or not, and the AM limits whether it is activated;
4. every running container is recovered, whatever the limits;
5. each application asks for what it still needs: its AM container first when the AM is not
   running, its task containers once it is;
6. the node heartbeats until nothing more is allocated. No preemption: what runs keeps running.

The result (:class:`LoadResult`) holds, per queue, user and application, what was used at the start,
what is allocated at the end, what is still pending and the limit that binds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.evaluate.capacity import CapacityResult, evaluate_capacity
from fsctl.evaluate.capacity_load_calc import Res, calculator
from fsctl.evaluate.capacity_load_engine import (
    ACTIVE,
    NOT_RUNNABLE,
    PENDING,
    REFUSED,
    AppNode,
    Ask,
    Engine,
    LeafNode,
    MemoryEngine,
    ParentNode,
    QueueNode,
)
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import MEMORY, VCORES, Vector
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.capacity.values import CapacityTree
    from fsctl.model.demand import AppLoad, DemandSnapshot

#: the limits that bind, by name (a queue, user or application row names one, or none)
GUARANTEED = "guaranteed capacity"
MAXIMUM = "maximum capacity"
USER_LIMIT = "user limit"
AM_LIMIT = "AM limit"
USER_AM_LIMIT = "user AM limit"
MAX_APPLICATIONS = "maximum applications"
MAX_PARALLEL_APPS = "max-parallel-apps"
CLUSTER_FULL = "cluster full"
RESERVED_NODE = "node reserved"
REFUSED_PROPOSAL = "refused proposal"
QUEUE_STOPPED = "queue stopped"
ASK_REFUSED = "maximum allocation"


@dataclass(slots=True)
class AppAllocation:
    """One application: where it ran, what it held at the start and at the end, and what binds."""

    name: str
    queue: str
    user: str
    state: str  # refused, not-runnable, pending (not activated), active
    priority: int
    am: Vector | None
    am_running: bool
    used_start: Vector
    pending_start: Vector
    allocated: Vector  # running at the end (containers), the start's included
    reserved: Vector
    pending: Vector
    containers: int
    limit: str | None = None
    refusal: str = ""
    location: Location | None = None


@dataclass(slots=True)
class UserAllocation:
    """One user of a leaf (``UsersManager.User``) at the end of the allocation."""

    name: str
    weight: float
    active: bool
    used_start: Vector
    used: Vector  # allocated and reserved
    pending: Vector
    user_limit: Vector
    #: ``getResourceLimitForAllUsers``: the limit over every user of the queue, active or not
    #: (intra-queue preemption holds users to it)
    user_limit_all_users: Vector
    am_used: Vector
    limit: str | None = None


@dataclass(slots=True)
class QueueAllocation:
    """One queue: its capacities for the cluster and the scheduler's usage of it."""

    path: str
    parent: str | None
    leaf: bool
    depth: int
    guaranteed: Vector
    maximum: Vector
    used_start: Vector
    used: Vector  # allocated and reserved, as Hadoop counts a queue's usage
    reserved: Vector
    pending_start: Vector
    pending: Vector
    limit: str | None = None
    #: leaves only
    am_used: Vector | None = None
    am_limit: Vector | None = None
    user_am_limit: Vector | None = None
    max_applications: int | None = None
    max_applications_per_user: int | None = None
    user_limit_percent: float | None = None
    user_limit_factor: float | None = None
    users: list[UserAllocation] = field(default_factory=list)
    applications: list[AppAllocation] = field(default_factory=list)


@dataclass(slots=True)
class LoadResult:
    """The allocation the Capacity Scheduler reaches under a snapshot (read by the report and the
    preemption model). Read-only: rows share the vectors of equal amounts."""

    cluster: Vector
    types: tuple[str, ...]
    hadoop_version: HadoopVersion
    dominant: bool
    queues: list[QueueAllocation]
    applications: list[AppAllocation]
    findings: list[Diagnostic]
    heartbeats: int
    end: str  # why the allocation stopped
    capacities: CapacityResult
    index: dict[str, QueueAllocation] = field(default_factory=dict)

    def find(self, path: str) -> QueueAllocation | None:
        return self.index.get(path)


class LoadInputError(Exception):
    """The snapshot cannot describe a state of this configuration; ``diagnostics`` say where."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0].message if diagnostics else "unusable snapshot")
        self.diagnostics = diagnostics


# -- settings read once -------------------------------------------------------------------------


@dataclass(slots=True)
class _Settings:
    types: tuple[str, ...]
    minimum: Res
    maximum: Res
    dominant: bool
    max_system_apps: int
    user_max_parallel: int
    user_parallel: dict[str, int]
    max_priority: int
    continue_looking: bool


def _settings(tree: CapacityTree, types: tuple[str, ...]) -> _Settings:
    info = tree.info
    defaults = info.defaults
    conf = info.properties

    def integer(name: str, default: int) -> int:
        try:
            return conf.get_int(name, default)
        except ValueError:
            return default

    minimum = [0] * len(types)
    maximum = [2**63 - 1] * len(types)
    for i, t in enumerate(types):
        if t == MEMORY:
            minimum[i] = int(defaults["yarn.scheduler.minimum-allocation-mb"])
            maximum[i] = int(defaults["yarn.scheduler.maximum-allocation-mb"])
        elif t == VCORES:
            minimum[i] = int(defaults["yarn.scheduler.minimum-allocation-vcores"])
            maximum[i] = int(defaults["yarn.scheduler.maximum-allocation-vcores"])
        else:
            minimum[i] = integer(f"yarn.resource-types.{t}.minimum-allocation", 0)
            maximum[i] = integer(f"yarn.resource-types.{t}.maximum-allocation", 2**63 - 1)
    prefix = "yarn.scheduler.capacity.user."
    user_parallel: dict[str, int] = {}
    for name in conf.names():
        if (
            name.startswith(prefix)
            and name.endswith(".max-parallel-apps")
            and name != prefix + "max-parallel-apps"
        ):
            raw = conf.get(name)
            try:
                user_parallel[name[len(prefix) : -len(".max-parallel-apps")]] = int(str(raw))
            except ValueError:
                continue
    return _Settings(
        types=types,
        minimum=tuple(minimum),
        maximum=tuple(maximum),
        dominant="Dominant" in str(defaults["resource-calculator"]),
        max_system_apps=int(defaults["maximum-applications"]),
        user_max_parallel=int(defaults["user.max-parallel-apps"]),
        user_parallel=user_parallel,
        max_priority=integer("yarn.cluster.max-application-priority", 0),
        continue_looking=bool(defaults["reservations-continue-look-all-nodes"]),
    )


# -- the queues -----------------------------------------------------------------------------------


def _res(vector: Vector, types: tuple[str, ...]) -> Res:
    return tuple(int(vector.get(t, 0)) for t in types)


def _vec(res: Res, types: tuple[str, ...]) -> Vector:
    return dict(zip(types, res, strict=True))


def _float(value: object, default: float) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return default


def _build_queues(
    shares: CapacityResult, settings: _Settings, version: HadoopVersion
) -> tuple[ParentNode, dict[str, QueueNode]]:
    types = settings.types
    none = (0,) * len(types)
    nodes: dict[str, QueueNode] = {}
    root: ParentNode | None = None
    for s in shares.queues:  # pre-order: parents first
        queue = s.queue
        assert queue is not None
        values = queue.effective
        parent = nodes.get(s.parent) if s.parent is not None else None
        assert parent is None or isinstance(parent, ParentNode)
        common = dict(
            path=s.path,
            parent=parent,
            guaranteed=_res(s.guaranteed, types),
            maximum=_res(s.maximum, types),
            absolute_capacity=s.absolute_capacity,
            configured_min=_res(s.configured_min, types) if s.configured_min else none,
            priority=int(_float(values.priority, 0)),
            max_parallel_apps=int(_float(values.max_parallel_apps, 2**31 - 1)),
            running=values.state == "RUNNING",
            used=none,
            reserved=none,
            pending=none,
            used_start=none,
            pending_start=none,
        )
        node: QueueNode
        if s.leaf:
            params = values.ordering_policy_params or {}
            policy = str(values.ordering_policy).strip()
            node = LeafNode(
                **common,  # type: ignore[arg-type]
                user_limit_percent=_float(values.minimum_user_limit_percent, 100.0),
                user_limit_factor=_float(values.user_limit_factor, 1.0),
                am_percent=_float(values.maximum_am_resource_percent, 0.1),
                fair=policy
                in (
                    "fair",
                    "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy",
                ),
                size_based_weight=str(params.get("fair.enable-size-based-weight", "")).lower() == "true",
                default_priority=int(_float(values.default_application_priority, 0)),
                max_applications=s.max_applications,
                max_applications_per_user=s.max_applications_per_user,
                user_weights={u: float(w) for u, w in (values.user_settings or {}).items()},
                maximum_allocation=tuple(
                    int(values.maximum_allocation_mb)
                    if t == MEMORY
                    else int(values.maximum_allocation_vcores)
                    if t == VCORES
                    else settings.maximum[i]
                    for i, t in enumerate(types)
                ),
                am_used=none,
                am_limit=none,
                user_am_limit=none,
                active_used=none,
                inactive_used=none,
            )
        else:
            node = ParentNode(**common)  # type: ignore[arg-type]
            node.respect_priority = str(values.ordering_policy).strip() == "priority-utilization"
        node.ancestry = [node, *parent.ancestry] if parent is not None else [node]
        if parent is not None:
            node.index = len(parent.children)
            parent.children.append(node)
        else:
            assert isinstance(node, ParentNode)
            root = node
        nodes[s.path] = node
    assert root is not None
    return root, nodes


# -- the applications -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Submission:
    """An application as submitted, by the conventions the README states."""

    load: AppLoad
    queue: str
    position: int
    running: list[Res]  # task containers running (the AM apart)
    pending_tasks: int  # task containers still to ask
    usage: Res
    am: Res | None
    container: Res | None


def _count(amount: Res, size: Res) -> int:
    """Whole containers of ``size`` that cover ``amount`` (rounded up, on its largest type)."""
    n = 0
    for want, each in zip(amount, size, strict=True):
        if want > 0 and each > 0:
            n = max(n, -(-want // each))
    return n


def _split(amount: Res, size: Res) -> list[Res]:
    """``amount`` as containers of ``size``, the last one smaller when they do not divide."""
    out = []
    for i in range(_count(amount, size)):
        out.append(
            tuple(
                max(0, min(each, want - i * each)) if each > 0 else (want if i == 0 else 0)
                for want, each in zip(amount, size, strict=True)
            )
        )
    return out


def _floor_sub(a: Res, b: Res) -> Res:
    return tuple(max(0, x - y) for x, y in zip(a, b, strict=True))


#: the applications (``apps: N`` included) and running containers a snapshot may describe: SM214 beyond
MAX_APPLICATIONS_SIMULATED = 1_000_000
MAX_CONTAINERS_SIMULATED = 10_000_000


def _submissions(snapshot: DemandSnapshot, settings: _Settings) -> list[_Submission]:
    """Every application of the snapshot in submission order (``start``, then as listed)."""
    from fsctl.catalogue.capacity_load import SM214
    from fsctl.model.demand import AppLoad

    total = 0
    for path, load in snapshot.queues.items():
        total += len(load.applications) if load.applications else (load.apps or 1)
        if total > MAX_APPLICATIONS_SIMULATED:
            message = f"{path}: the snapshot describes more than {MAX_APPLICATIONS_SIMULATED:,} applications"
            raise LoadInputError([SM214.at(load.location, message, queue=path)])

    types, minimum = settings.types, settings.minimum
    none = (0,) * len(types)
    out: list[_Submission] = []
    position = 0
    held = 0  # running containers, refused beyond MAX_CONTAINERS_SIMULATED before they are made

    def hold(count: int, path: str, name: str, where: Location | DeferredLocation | None) -> None:
        nonlocal held
        held += count
        if held > MAX_CONTAINERS_SIMULATED:
            message = f"{path} {name}: the snapshot runs more than {MAX_CONTAINERS_SIMULATED:,} containers"
            raise LoadInputError([SM214.at(where, message, queue=path)])

    for path, load in snapshot.queues.items():
        if load.applications:
            for app in load.applications:
                size = _res(app.container, types) if app.container is not None else minimum
                usage, demand = _res(app.usage, types), _res(app.demand, types)
                am = _res(app.am, types) if app.am is not None else None
                am_running = am is not None and any(usage)
                rest = _floor_sub(usage, am) if am is not None and am_running else usage
                hold(_count(rest, size), path, app.name, app.location)
                tasks = (
                    _floor_sub(demand, am) if am is not None and not am_running else _floor_sub(demand, usage)
                )
                container = size if app.container is not None else None
                out.append(
                    _Submission(
                        app, path, position, _split(rest, size), _count(tasks, size), usage, am, container
                    )
                )
                position += 1
            continue
        usage, demand = _res(load.usage, types), _res(load.demand, types)
        count = load.apps if load.apps is not None else (0 if not any(demand) and not any(usage) else 1)
        if count == 0 and any(usage):
            count = 1
        pending = _count(_floor_sub(demand, usage), minimum)
        hold(_count(usage, minimum), path, "usage", load.location)
        for i in range(count):
            app = AppLoad(name=f"app{i + 1}", location=load.location)
            mine = pending // count + (1 if i < pending % count else 0)
            running = _split(usage, minimum) if i == 0 else []
            out.append(_Submission(app, path, position, running, mine, usage if i == 0 else none, None, None))
            position += 1
    out.sort(key=lambda s: (s.load.start_time, s.position))
    return out


# -- the evaluation ---------------------------------------------------------------------------------


def evaluate_capacity_load(
    tree: CapacityTree,
    cluster: Vector,
    snapshot: DemandSnapshot,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
) -> LoadResult:
    """The allocation the Capacity Scheduler reaches under ``snapshot`` on ``cluster``.

    Raises :class:`LoadInputError` when the snapshot names queues the configuration cannot hold
    (unknown and not created by Hadoop, or parents); every other problem is a finding in the result.
    """
    from fsctl.evaluate.capacity_load_dynamic import DynamicQueueError, with_created_queues

    try:  # a queue the snapshot names exists: one Hadoop creates on submission is created first
        tree, created = with_created_queues(tree, snapshot, hadoop_version)
    except DynamicQueueError as exc:
        raise LoadInputError(exc.diagnostics) from None
    shares = evaluate_capacity(tree, cluster)
    types = shares.types
    settings = _settings(tree, types)
    version: HadoopVersion = (3, 4) if hadoop_version >= (3, 4) else (3, 3)
    root, nodes = _build_queues(shares, settings, version)
    _check_queues(snapshot, nodes)
    submissions = _submissions(snapshot, settings)
    _check_applications(submissions)
    calc = calculator(settings.dominant, _res(shares.cluster, types))
    kind = Engine if settings.dominant else MemoryEngine
    engine = kind(calc, root, settings.minimum, version, settings.continue_looking)
    _update_cluster_resource(engine, root)  # the node registers: every queue learns its limits
    apps = [_submit(engine, sub, index, settings, nodes) for index, sub in enumerate(submissions, start=1)]
    for app in apps:  # what runs is recovered, whatever the limits
        if app.state != REFUSED:
            engine.recover(app, app.running)
    for app in apps:  # each application asks for what it still needs, in order
        if app.state != REFUSED:
            for ask in app.first_asks:
                engine.ask(app, ask)
            app.first_asks = []
        app.used_start, app.pending_start = app.used, app.pending()
    for q in nodes.values():
        q.used_start, q.pending_start = q.used, q.pending
        if isinstance(q, LeafNode):
            for user in q.users.values():
                user.used_start = user.used
    engine.build_orderings()
    while engine.heartbeat() is not None:
        pass
    result = _result(engine, shares, nodes, apps, settings, version)
    result.findings = created + _findings(
        tree, snapshot, hadoop_version, engine, nodes, submissions, apps, types
    )
    return result


def _check_queues(snapshot: DemandSnapshot, nodes: dict[str, QueueNode]) -> None:
    """Load only on leaves (every queue the snapshot names exists by now: with_created_queues)."""
    from fsctl.catalogue.capacity_load import SM201

    errors: list[Diagnostic] = []
    for path, load in snapshot.queues.items():
        if not isinstance(nodes[path], LeafNode):
            errors.append(
                SM201.at(load.location, f"{path} is a parent queue; give the load of its leaves", queue=path)
            )
    if errors:
        raise LoadInputError(errors)


def _check_applications(submissions: list[_Submission]) -> None:
    """A running AM is one of the application's containers: its usage holds it."""
    from fsctl.catalogue.capacity_load import SM207

    errors = []
    for sub in submissions:
        load = sub.load
        if sub.am is not None and any(sub.usage) and not _fits(sub.am, sub.usage):
            errors.append(
                SM207.at(
                    load.location,
                    f"{sub.queue} {load.name}: its AM ({_text(load.am or {})}) is larger than its usage "
                    f"({_text(load.usage)})",
                    queue=sub.queue,
                    property="am",
                )
            )
    if errors:
        raise LoadInputError(errors)


def _text(vector: Vector) -> str:
    return ", ".join(f"{k}={v}" for k, v in vector.items())


def _findings(
    tree: CapacityTree,
    snapshot: DemandSnapshot,
    hadoop_version: HadoopVersion,
    engine: Engine,
    nodes: dict[str, QueueNode],
    submissions: list[_Submission],
    apps: list[AppNode],
    types: tuple[str, ...],
) -> list[Diagnostic]:
    """What the snapshot says that Hadoop would see otherwise (warnings), in file order."""
    from fsctl.catalogue.capacity_load import SM203, SM204, SM205, SM206, SM208, SM209, SM211, SM212

    calc = engine.calc
    found: list[Diagnostic] = []
    if hadoop_version < (3, 3):
        shown = ".".join(str(p) for p in hadoop_version)
        found.append(SM208.at(Location(snapshot.source), f"Hadoop {shown}: the load follows Hadoop 3.3"))
    if not tree.info.legacy_queue_mode:
        found.append(
            SM212.at(
                tree.root.location,
                "flexible queue mode: fsctl's capacities are not proven against Hadoop's in this mode "
                "(a guaranteed or maximum resource may be off by a unit, maximum applications by more)",
            )
        )
    labels = tree.info.configured_node_labels
    if labels:
        found.append(
            SM206.at(
                tree.root.location,
                f"node labels {', '.join(labels)}: only the default partition is simulated, "
                "without load on them",
            )
        )
    first: dict[str, _Submission] = {}
    for sub in submissions:  # the first application of each queue, and of each queue above it
        if sub.queue not in first:
            for q in nodes[sub.queue].ancestry:
                first.setdefault(q.path, sub)
    for q in nodes.values():
        if q.path not in first:
            continue
        limit = calc.cluster if q.parent is None else q.maximum
        if not calc.fits_in(q.used_start, limit):
            what = "the cluster" if q.parent is None else "its maximum capacity"
            found.append(
                SM203.at(
                    first[q.path].load.location,
                    f"{q.path} uses {_text(_vec(q.used_start, types))} at the start, above {what} "
                    f"({_text(_vec(limit, types))})",
                    queue=q.path,
                )
            )
    refused: dict[str, list[AppNode]] = {}
    for sub, app in zip(submissions, apps, strict=True):
        leaf = app.leaf
        assert leaf is not None
        if app.state == REFUSED and app.limit != ASK_REFUSED:
            refused.setdefault(leaf.path, []).append(app)
        if app.limit == ASK_REFUSED:
            found.append(
                SM205.at(sub.load.location, f"{leaf.path} {app.name}: {app.refusal}", queue=leaf.path)
            )
        sizes = [a.size for a in app.asks] + ([app.tasks.size] if app.tasks else [])
        if any(not calc.fits_in(size, calc.cluster) for size in sizes):
            found.append(
                SM209.at(
                    sub.load.location,
                    f"{leaf.path} {app.name}: a container it asks for is larger than the cluster",
                    queue=leaf.path,
                )
            )
    stalled = engine.rejected or engine.reserved_by
    if stalled is not None:
        found.append(_stall(engine, stalled, submissions, apps, types))
    bypassed: dict[str, list[tuple[_Submission, AppNode]]] = {}
    for sub, app in zip(submissions, apps, strict=True):
        if app.reordered_from and app.used != app.used_start:
            bypassed.setdefault(sub.queue, []).append((sub, app))
    for path, served in bypassed.items():
        names = ", ".join(f"{app.name} ({app.reordered_from})" for _, app in served[:5])
        more = ", ..." if len(served) > 5 else ""
        found.append(
            SM211.at(
                served[0][0].load.location,
                f"{path}: Hadoop gives containers to {names}{more}, which it had not activated (AM limit) "
                "or made runnable (max-parallel-apps): the fair ordering policy's size-based weight adds "
                "an application to its ordering when its asks change",
                queue=path,
            )
        )
    loads = {id(app): sub.load for sub, app in zip(submissions, apps, strict=True)}
    for path, group in refused.items():
        killed = [a.name for a in group if a.running]
        names = ", ".join(a.name for a in group[:5]) + (", ..." if len(group) > 5 else "")
        message = (
            f"{path}: Hadoop refuses {len(group)} of the snapshot's applications ({names}): "
            f"{group[0].refusal}"
        )
        if killed:
            more = ", ..." if len(killed) > 5 else ""
            message += f"; the running containers of {', '.join(killed[:5])}{more} would be killed"
        found.append(SM204.at(loads[id(group[0])].location, message, queue=path))
    return found


def _fits(small: Res, big: Res) -> bool:
    return all(x <= y for x, y in zip(small, big, strict=True))


def _submit(
    engine: Engine, sub: _Submission, index: int, settings: _Settings, nodes: dict[str, QueueNode]
) -> AppNode:
    """``RMAppManager`` (priority, AM request) then ``CapacityScheduler.addApplication`` and
    ``addApplicationAttempt``: before any node has registered, so nothing is activated yet."""
    calc, minimum = engine.calc, settings.minimum
    load = sub.load
    leaf = nodes[sub.queue]
    assert isinstance(leaf, LeafNode)
    none = calc.none
    app = AppNode(
        index=index,
        name=load.name,
        user=load.user or load.name,
        leaf=leaf,
        used=none,
        reserved=none,
        used_start=none,
        pending_start=none,
    )
    # checkAndGetApplicationPriority: the queue's default when the application asks none, capped at
    # yarn.cluster.max-application-priority
    requested = leaf.default_priority if load.priority is None else load.priority
    app.priority = min(requested, settings.max_priority)
    maximum = calc.componentwise_min(leaf.maximum_allocation, settings.maximum)
    am = sub.am
    if am is not None:
        if not _fits(am, leaf.maximum_allocation):  # SchedulerUtils.validateResourceRequest
            return _refuse(app, ASK_REFUSED, "its AM container is above the queue's maximum allocation")
        app.am = calc.normalize(am, minimum, maximum, minimum)
    # FiCaSchedulerApp: an unmanaged AM counts as the minimum allocation against the AM limit
    app.am_resource = app.am if app.am is not None else minimum
    app.am_running = am is not None and any(sub.usage)
    refusal = _refusal(engine, leaf, app, settings)
    if refusal is not None:
        return _refuse(app, *refusal)
    ancestry = leaf.ancestry
    for q in ancestry:
        q.applications += 1
    user = engine.user_of(leaf, app.user)
    runnable = engine.user_runnable.get(app.user, 0) < settings.user_parallel.get(
        app.user, settings.user_max_parallel
    ) and all(q.runnable_apps < q.max_parallel_apps for q in ancestry)
    if runnable:  # CSMaxRunningAppsEnforcer
        engine.user_runnable[app.user] = engine.user_runnable.get(app.user, 0) + 1
        for q in ancestry:
            q.runnable_apps += 1
        user.pending_apps += 1
        leaf.waiting.append(app)
        app.state = PENDING
        _activate(engine, leaf, app)  # addApplicationAttempt: the cluster has resources
    else:
        leaf.not_runnable.append(app)
        app.state = NOT_RUNNABLE
    if app.am_running and am is not None:  # recovered as it runs, at the size it was given
        app.running.append(am)
    app.running.extend(sub.running)
    container = sub.container if sub.container is not None else minimum
    tasks: Ask | None = None
    if sub.pending_tasks:
        if _fits(container, leaf.maximum_allocation):
            tasks = Ask(1, calc.normalize(container, minimum, maximum, minimum), sub.pending_tasks)
        else:
            app.refusal = "its containers are above the queue's maximum allocation"
            app.limit = ASK_REFUSED
    if app.am is not None and not app.am_running:
        app.first_asks = [Ask(0, app.am, 1)]
        app.tasks = tasks  # asked once the AM runs
    elif tasks is not None:
        app.first_asks = [tasks]
    return app


def _refuse(app: AppNode, limit: str, message: str) -> AppNode:
    app.state = REFUSED
    app.refusal = message
    app.limit = limit
    return app


def _refusal(engine: Engine, leaf: LeafNode, app: AppNode, settings: _Settings) -> tuple[str, str] | None:
    """Why the scheduler refuses the submission (``addApplication``, ``validateSubmitApplication``)."""
    if engine.root.applications >= settings.max_system_apps:
        return MAX_APPLICATIONS, "Maximum system application limit reached"
    if not leaf.running:
        return QUEUE_STOPPED, f"Queue {leaf.path} is STOPPED"
    if leaf.applications >= leaf.max_applications:
        return MAX_APPLICATIONS, f"Queue {leaf.path} already has {leaf.applications} applications"
    user = engine.user_of(leaf, app.user)  # getUserAndAddIfAbsent: the user exists from here on
    total = user.pending_apps + user.active_apps
    if total >= leaf.max_applications_per_user:
        return MAX_APPLICATIONS, f"Queue {leaf.path} already has {total} applications from user {app.user}"
    return None


# -- the node registers ---------------------------------------------------------------------------


def _update_cluster_resource(engine: Engine, root: ParentNode) -> None:
    """``updateClusterResource`` down the tree when the node registers (nothing is used yet): the
    limit each queue keeps (``cachedResourceLimitsForHeadroom``, the AM limit's current limit)."""
    from fsctl.evaluate.capacity_load_engine import Limits

    calc = engine.calc
    limits_of: dict[str, Res] = {root.path: calc.cluster}
    for q in _preorder(root):
        if isinstance(q, ParentNode):
            for child in q.children:
                limits_of[child.path] = engine.child_limits(q, child, Limits(limits_of[q.path])).limit
        else:
            assert isinstance(q, LeafNode)
            q.current_limit = calc.min(calc.normalize_down(q.maximum, engine.minimum), limits_of[q.path])
            _am_limit(engine, q)


def _preorder(root: ParentNode) -> list[QueueNode]:
    out: list[QueueNode] = []
    stack: list[QueueNode] = [root]
    while stack:
        q = stack.pop()
        out.append(q)
        if isinstance(q, ParentNode):
            stack.extend(reversed(q.children))
    return out


def _am_limit(engine: Engine, leaf: LeafNode) -> None:
    """``calculateAndGetAMResourceLimitPerPartition``: the AM percentage of what the queue may use
    now (its kept limit), or of its guarantee when that does not fit in it."""
    calc = engine.calc
    current = leaf.current_limit
    usable = current if calc.fits_in(leaf.guaranteed, current) else leaf.guaranteed
    leaf.am_limit = calc.multiply_and_normalize_up(usable, leaf.am_percent, engine.minimum)


def _activate(engine: Engine, leaf: LeafNode, newcomer: AppNode) -> None:
    """``AbstractLeafQueue.activateApplications`` once ``newcomer`` is submitted: the waiting
    applications in the pending order (priority, then submission).

    The AM limit is the one worked out when the node registered (nothing has changed the queue's
    kept limit since). The user AM limit of a pass is the first waiting application's user's; when
    every user of the queue weighs the same it is one value, and an application that waited before
    waits again (the AM usage only grows): only the newcomer needs a look."""
    calc = engine.calc
    if not leaf.user_weights and leaf.active:
        waiting = [newcomer]
    else:
        waiting = sorted(leaf.waiting, key=lambda a: (-a.priority, a.index))
    user_am_limit: Res | None = None  # computed once per pass, for the first application's user
    for app in waiting:
        exempt = len(leaf.active) < 1 or calc.less_or_equal(leaf.am_used, calc.none)
        if not calc.fits_in(calc.add(app.am_resource, leaf.am_used), leaf.am_limit) and not exempt:
            app.limit = AM_LIMIT
            continue
        user = leaf.users[app.user]
        if user_am_limit is None:
            first = min(leaf.waiting, key=lambda a: (-a.priority, a.index))
            weight = leaf.users[first.user].weight
            user_am_limit = leaf.user_am_limits.get(weight)
            if user_am_limit is None:  # nothing it depends on changes while the applications arrive
                user_am_limit = leaf.user_am_limits[weight] = _user_am_limit(engine, leaf, weight)
            leaf.user_am_limit = user_am_limit
        if not calc.fits_in(calc.add(app.am_resource, user.am_used), user_am_limit) and not exempt:
            app.limit = USER_AM_LIMIT
            continue
        user.pending_apps -= 1
        user.active_apps += 1
        leaf.waiting.remove(app)
        if not app.schedulable:
            leaf.active.append(app)
            app.schedulable = True
        app.state = ACTIVE
        app.limit = None
        leaf.am_used = calc.add(leaf.am_used, app.am_resource)
        user.am_used = calc.add(user.am_used, app.am_resource)


def _user_am_limit(engine: Engine, leaf: LeafNode, weight: float) -> Res:
    """``getUserAMResourceLimitPerPartition`` while the applications are submitted: no user has asked
    yet and no user limit was computed, so ``getNumActiveUsers()`` is 0 and the effective user limit
    ``max(minimum-user-limit-percent / 100, 1 / max(0, 1))`` is 1, times the user's weight (at most 1)."""
    from fsctl.hadoop.javanum import to_float32 as f32

    calc = engine.calc
    effective = min(f32(weight), 1.0)
    am, ulf = f32(leaf.am_percent), f32(leaf.user_limit_factor)
    if engine.v34 and ulf == -1:
        limit = calc.multiply_and_normalize_up(leaf.guaranteed, am, engine.minimum)
    else:
        limit = calc.multiply_and_normalize_up(
            leaf.guaranteed, f32(f32(am * effective) * ulf), engine.minimum
        )
    return calc.min(limit, leaf.am_limit)


# -- the result -------------------------------------------------------------------------------------


def _result(
    engine: Engine,
    shares: CapacityResult,
    nodes: dict[str, QueueNode],
    apps: list[AppNode],
    settings: _Settings,
    version: HadoopVersion,
) -> LoadResult:
    calc, types = engine.calc, settings.types

    vectors: dict[Res, Vector] = {}

    def vec(res: Res) -> Vector:
        # rows share the vector of equal amounts (most are one of a few sizes)
        out = vectors.get(res)
        if out is None:
            out = vectors[res] = dict(zip(types, res, strict=True))
        return out

    app_rows: list[AppAllocation] = []
    by_queue: dict[str, list[AppAllocation]] = {}
    user_pending: dict[tuple[str, str], Res] = {}
    for app in apps:
        leaf = app.leaf
        assert leaf is not None
        if app.state != REFUSED and app.asks:
            key = (leaf.path, app.user)
            user_pending[key] = calc.add(user_pending.get(key, calc.none), app.pending())
        row = AppAllocation(
            name=app.name,
            queue=leaf.path,
            user=app.user,
            state=app.state,
            priority=app.priority,
            am=vec(app.am) if app.am is not None else None,
            am_running=app.am_running,
            used_start=vec(app.used_start) if app.state != REFUSED else vec(calc.none),
            pending_start=vec(app.pending_start),
            allocated=vec(app.used),
            reserved=vec(app.reserved),
            pending=vec(app.pending()),
            containers=app.containers,
            limit=_app_limit(engine, app),
            refusal=app.refusal,
            location=None,
        )
        app_rows.append(row)
        by_queue.setdefault(leaf.path, []).append(row)
    end = _end(engine)
    queue_rows: list[QueueAllocation] = []
    index: dict[str, QueueAllocation] = {}
    for s in shares.queues:
        q = nodes[s.path]
        qrow = QueueAllocation(
            path=s.path,
            parent=s.parent,
            leaf=s.leaf,
            depth=s.depth,
            guaranteed=vec(q.guaranteed),
            maximum=vec(q.maximum),
            used_start=vec(q.used_start),
            used=vec(q.used),
            reserved=vec(q.reserved),
            pending_start=vec(q.pending_start),
            pending=vec(q.pending),
        )
        if isinstance(q, LeafNode):
            qrow.am_used = vec(q.am_used)
            qrow.am_limit = vec(q.am_limit)
            qrow.user_am_limit = vec(q.user_am_limit) if q.user_am_limit else None
            qrow.max_applications = q.max_applications
            qrow.max_applications_per_user = q.max_applications_per_user
            qrow.user_limit_percent = q.user_limit_percent
            qrow.user_limit_factor = q.user_limit_factor
            qrow.applications = by_queue.get(s.path, [])
            for name in sorted(q.users):
                user = q.users[name]
                pending = user_pending.get((q.path, name), calc.none)
                limit = engine.user_specific_limit(q, user)
                qrow.users.append(
                    UserAllocation(
                        name=name,
                        weight=user.weight,
                        active=name in q.active_users,
                        used_start=vec(user.used_start),
                        used=vec(user.used),
                        pending=vec(pending),
                        user_limit=vec(limit),
                        user_limit_all_users=vec(engine.user_specific_limit_for_all_users(q, user)),
                        am_used=vec(user.am_used),
                        limit=USER_LIMIT if any(pending) and calc.greater_than(user.used, limit) else None,
                    )
                )
        qrow.limit = _queue_limit(engine, q, qrow)
        queue_rows.append(qrow)
        index[s.path] = qrow
    return LoadResult(
        cluster=dict(shares.cluster),
        types=types,
        hadoop_version=version,
        dominant=settings.dominant,
        queues=queue_rows,
        applications=app_rows,
        findings=[],
        heartbeats=engine.heartbeats,
        end=end,
        capacities=shares,
        index=index,
    )


def _stall(
    engine: Engine, app: AppNode, submissions: list[_Submission], apps: list[AppNode], types: tuple[str, ...]
) -> Diagnostic:
    """SM213: the application whose container the heartbeats keep proposing, and what refuses it."""
    from fsctl.catalogue.capacity_load import SM213

    leaf = app.leaf
    assert leaf is not None
    size = app.asks[0].size
    sub = next(s for s, a in zip(submissions, apps, strict=True) if a is app)
    if engine.rejected is app:
        over = _refusing_queue(engine, app)
        what = "the cluster" if over.parent is None else f"{over.path}'s maximum capacity"
        why = (
            f"the scheduler proposes its container of {_text(_vec(size, types))} at every heartbeat and "
            f"the commit refuses it: it would take {what} ({_text(_vec(over.maximum, types))}) over"
        )
    else:
        why = f"the node is reserved for its container of {_text(_vec(size, types))}, which it cannot hold"
    return SM213.at(
        sub.load.location,
        f"{leaf.path} {app.name}: {why}; nothing else is allocated while its demand persists",
        queue=leaf.path,
    )


def _refusing_queue(engine: Engine, app: AppNode) -> QueueNode:
    """The first queue up from the application's leaf whose maximum its next container passes (what
    ``Engine.accept`` refuses)."""
    calc = engine.calc
    leaf = app.leaf
    assert leaf is not None
    size = app.asks[0].size
    return next(q for q in leaf.ancestry if not calc.fits_in(calc.add(q.used, size), q.maximum))


def _end(engine: Engine) -> str:
    """Why the allocation stopped."""
    if engine.reserved_by is not None:
        return f"the node is reserved for {engine.reserved_by.name}, which it cannot hold"
    if engine.rejected is not None:
        return f"the scheduler keeps proposing a container for {engine.rejected.name} that a maximum refuses"
    if not any(engine.root.pending):
        return "every demand is met"
    if engine.calc.available_containers(engine.free, engine.minimum) <= 0:
        return "the cluster is full"
    return "no pending container fits the limits"


def _app_limit(engine: Engine, app: AppNode) -> str | None:
    """The limit that keeps an application from more, by name (None: nothing left to ask)."""
    if app.state == REFUSED:
        return app.limit
    if not app.asks:
        return app.limit  # demand met (a reordering may serve one not activated), or its asks refused
    if app.state == NOT_RUNNABLE:
        return MAX_PARALLEL_APPS
    if app.state == PENDING:
        return app.limit or AM_LIMIT
    leaf = app.leaf
    assert leaf is not None
    calc = engine.calc
    if engine.rejected is app:
        return CLUSTER_FULL if _refusing_queue(engine, app).parent is None else MAXIMUM
    # what would keep it from more even if the node were not stalled, then the stall
    size = app.asks[0].size
    for q in reversed(leaf.ancestry):  # root first, as the walk down checks them
        if q.parent is not None and not calc.fits_in(calc.add(q.used, size), q.maximum):
            return MAXIMUM
    if calc.greater_than(leaf.users[app.user].used, engine.user_specific_limit(leaf, leaf.users[app.user])):
        return USER_LIMIT
    if engine.reserved_by is not None:
        return RESERVED_NODE
    if engine.rejected is not None:
        return REFUSED_PROPOSAL
    # no room for it, or the room left is held for a queue ahead of it (a blocked headroom): beyond
    # its guarantee the queue has had what elasticity gives
    return CLUSTER_FULL if calc.less_than(leaf.used, leaf.guaranteed) else GUARANTEED


def _queue_limit(engine: Engine, q: QueueNode, row: QueueAllocation) -> str | None:
    calc = engine.calc
    if not any(q.pending):
        return None
    if q.parent is not None and calc.greater_or_equal(q.used, q.maximum):
        return MAXIMUM
    if isinstance(q, LeafNode):
        for app in row.applications:
            if app.limit is not None and any(app.pending):
                return app.limit
        return None
    if engine.calc.available_containers(engine.free, engine.minimum) <= 0:
        return CLUSTER_FULL if q.parent is None or calc.less_than(q.used, q.guaranteed) else GUARANTEED
    return None
