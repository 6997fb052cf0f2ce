"""A snapshot of a ResourceManager's load, built from its REST responses (live or saved), and the
snapshot file ``fsctl snapshot`` writes: the demand format ``simulate --demand`` reads
(:mod:`fsctl.io.demand`) plus ``source``, ``reported`` and ``configuration``.

The responses, as the ResourceManager's JAXB classes write them (``webapp/dao``):

- ``/ws/v1/cluster/scheduler``: ``FairSchedulerInfo`` (``rootQueue``, each queue's
  ``fairResources``, ``steadyFairResources``, ``minResources``, ``maxResources``, ``demandResources``,
  ``usedResources``, ``childQueues``) or ``CapacitySchedulerInfo`` (``capacity``,
  ``absoluteCapacity``, ``maxCapacity``, ``absoluteMaxCapacity``, ``normalizedWeight``,
  ``minEffectiveCapacity``, ``maxEffectiveCapacity``, ``resourcesUsed``, ``queues``);
- ``/ws/v1/cluster/apps?states=RUNNING,ACCEPTED``: ``AppInfo`` (``user``, ``queue``,
  ``allocatedMB``/``allocatedVCores``, ``resourceRequests``, ``priority``, ``startedTime``, and for
  the Capacity Scheduler ``resourceInfo``: used, pending and AM resources);
- ``/ws/v1/cluster/metrics`` (``totalMB``, ``totalVirtualCores``) and ``/ws/v1/cluster/info``
  (``hadoopVersion``).

An application's demand is what ``FSAppAttempt.updateDemand`` sums: its usage plus each
outstanding off-switch (``*``) request's capability times its container count (or the Capacity
Scheduler's own ``pending``). Every problem is a :class:`SnapshotError` naming the JSON path.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from fsctl.model.demand import (
    CAPACITY_SCHEDULER,
    FAIR_SCHEDULER,
    AppLoad,
    DemandSnapshot,
    QueueLoad,
    ReportedQueue,
)
from fsctl.model.resources import Vector

#: the application states whose load the scheduler holds
LIVE_STATES = ("RUNNING", "ACCEPTED")
#: how often the applications read so far are told (the progress bar of a large cluster)
PROGRESS_EVERY = 10_000
#: what a Fair Scheduler's snapshot cannot hold (``source: notes``; the README says why)
FAIR_AM_NOTE = (
    "the Fair Scheduler reports no running application master's size (AppInfo has none, and a "
    "container report per application would be one request each): an application whose AM runs "
    "has no 'am', the AM being inside its usage; one whose AM waits has 'am' from its pending ask; "
    "each queue's AM usage is reported (am_usage)"
)
#: Jersey's JSON names for the resource types a ResourceInfo without resourceInformations carries
_LEGACY_RESOURCE_NAMES = (("memory", "memory-mb"), ("vCores", "vcores"))
#: FairSchedulerQueueInfo field -> reported resource
_FAIR_RESOURCES = (
    ("fairResources", "fair_share"),
    ("steadyFairResources", "steady_fair_share"),
    ("minResources", "min_share"),
    ("maxResources", "max_share"),
    ("demandResources", "demand"),
    ("usedResources", "usage"),
    ("amUsedResources", "am_usage"),
    ("amMaxResources", "am_limit"),
)
_FAIR_NUMBERS = (
    ("maxApps", "max_apps"),
    ("numActiveApps", "active_apps"),
    ("numPendingApps", "pending_apps"),
)
#: CapacitySchedulerQueueInfo field -> reported value
_CAPACITY_RESOURCES = (
    ("minEffectiveCapacity", "guaranteed"),
    ("maxEffectiveCapacity", "maximum"),
    ("resourcesUsed", "usage"),
)
_CAPACITY_NUMBERS = (
    ("capacity", "capacity"),
    ("absoluteCapacity", "absolute_capacity"),
    ("maxCapacity", "maximum_capacity"),
    ("absoluteMaxCapacity", "absolute_maximum_capacity"),
    ("normalizedWeight", "normalized_weight"),
    ("numActiveApplications", "active_apps"),
    ("numPendingApplications", "pending_apps"),
)


class SnapshotError(ValueError):
    """A response fsctl cannot read: ``document`` names it (a path or an address), ``where`` the
    JSON path inside it."""

    def __init__(self, document: str, where: str, message: str) -> None:
        super().__init__(f"{document}: {where}: {message}" if where else f"{document}: {message}")
        self.document = document
        self.where = where
        self.message = message


class SnapshotSyntaxError(SnapshotError):
    """A response that is not JSON at all (truncated, a page of another kind)."""


class _Reader:
    """Typed access to one JSON document; a wrong shape raises SnapshotError with the JSON path."""

    def __init__(self, document: str) -> None:
        self.document = document

    def fail(self, where: str, message: str) -> SnapshotError:
        return SnapshotError(self.document, where, message)

    def mapping(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected an object, got {_kind(value)}")
        return value

    def field(self, obj: dict[str, Any], key: str, where: str) -> Any:
        if key not in obj:
            raise self.fail(where, f"no '{key}' (an older ResourceManager, or not its response?)")
        return obj[key]

    def text(self, obj: dict[str, Any], key: str, where: str) -> str:
        value = self.field(obj, key, where)
        if not isinstance(value, str) or not value.isprintable():
            raise self.fail(f"{where}.{key}", f"expected text, got {_kind(value)}")
        return value

    def number(self, obj: dict[str, Any], key: str, where: str) -> float:
        value = self.field(obj, key, where)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise self.fail(f"{where}.{key}", f"expected a number, got {_kind(value)}")
        return value

    def whole(self, obj: dict[str, Any], key: str, where: str, default: int | None = None) -> int:
        if default is not None and key not in obj:
            return default
        value = self.number(obj, key, where)
        if not float(value).is_integer():
            raise self.fail(f"{where}.{key}", f"expected a whole number, got {value!r}")
        return int(value)

    def listed(self, value: Any, key: str, where: str) -> list[Any]:
        """A list Jersey may write as ``{key: [...]}``, ``{key: {...}}`` (one element), ``[...]`` or
        null (none)."""
        if value is None:
            return []
        if isinstance(value, dict):
            value = value.get(key, [])
            if value is None:
                return []
            if isinstance(value, dict):
                return [value]
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list, got {_kind(value)}")
        return value

    def resource(self, obj: dict[str, Any], key: str, where: str) -> Vector:
        """A ``ResourceInfo``: every type of ``resourceInformations`` when there, else memory and vCores."""
        here = f"{where}.{key}"
        info = self.mapping(self.field(obj, key, where), here)
        vector: Vector = {}
        informations = info.get("resourceInformations")
        if informations is not None:
            for index, item in enumerate(self.listed(informations, "resourceInformation", here)):
                entry = self.mapping(item, f"{here}.resourceInformations[{index}]")
                name = self.text(entry, "name", f"{here}.resourceInformations[{index}]")
                vector[name] = self.amount(entry, "value", f"{here}.resourceInformations[{index}]")
        if not vector:
            for json_name, name in _LEGACY_RESOURCE_NAMES:
                vector[name] = self.amount(info, json_name, here)
        return vector

    def amount(self, obj: dict[str, Any], key: str, where: str) -> int:
        value = self.whole(obj, key, where)
        if value < 0:
            raise self.fail(f"{where}.{key}", f"a negative amount, {value}")
        return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return "a list" if isinstance(value, list) else "an object"


# -- the scheduler -------------------------------------------------------------------------------


def scheduler_info(document: Any, name: str) -> tuple[str, dict[str, Any]]:
    """(FAIR_SCHEDULER or CAPACITY_SCHEDULER, the ``schedulerInfo`` object)."""
    read = _Reader(name)
    top = read.mapping(document, "$")
    scheduler = read.mapping(read.field(top, "scheduler", "$"), "$.scheduler")
    info = read.mapping(read.field(scheduler, "schedulerInfo", "$.scheduler"), "$.scheduler.schedulerInfo")
    kind = info.get("type")
    if kind == "fairScheduler":
        return FAIR_SCHEDULER, info
    if kind == "capacityScheduler":
        return CAPACITY_SCHEDULER, info
    raise read.fail(
        "$.scheduler.schedulerInfo.type",
        f"{kind!r}: fsctl reads the Fair and the Capacity Scheduler (fairScheduler, capacityScheduler)",
    )


def _fair_queues(read: _Reader, root: Any) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """(path, queue object, leaf) in pre-order."""
    stack = [(read.mapping(root, "$..rootQueue"), "$.scheduler.schedulerInfo.rootQueue")]
    while stack:
        queue, where = stack.pop()
        path = read.text(queue, "queueName", where)
        leaf = queue.get("type") == "fairSchedulerLeafQueueInfo"
        yield path, queue, leaf
        children = read.listed(queue.get("childQueues"), "queue", f"{where}.childQueues")
        for index, child in reversed(list(enumerate(children))):
            stack.append(
                (read.mapping(child, f"{where}.childQueues[{index}]"), f"{path}.childQueues[{index}]")
            )


def _capacity_queues(read: _Reader, root: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], bool, str]]:
    """(path, queue object, leaf, JSON path) in pre-order; a path is built from the names where an
    older ResourceManager gives no ``queuePath``."""
    stack: list[tuple[dict[str, Any], str, str | None]] = [(root, "$.scheduler.schedulerInfo", None)]
    while stack:
        queue, where, parent = stack.pop()
        if "queuePath" in queue:
            path = read.text(queue, "queuePath", where)
        else:
            name = read.text(queue, "queueName", where)
            path = name if parent is None else f"{parent}.{name}"
        leaf = queue.get("type") == "capacitySchedulerLeafQueueInfo"
        yield path, queue, leaf, where
        children = read.listed(queue.get("queues"), "queue", f"{where}.queues")
        for index, child in reversed(list(enumerate(children))):
            stack.append((read.mapping(child, f"{where}.queues[{index}]"), f"{path}.queues[{index}]", path))


def _reported_fair(read: _Reader, info: dict[str, Any]) -> dict[str, ReportedQueue]:
    reported: dict[str, ReportedQueue] = {}
    root = read.field(info, "rootQueue", "$.scheduler.schedulerInfo")
    for path, queue, leaf in _fair_queues(read, root):
        where = f"queue {path}"
        entry = ReportedQueue(path=path, leaf=leaf)
        for json_name, name in _FAIR_RESOURCES:
            if json_name in queue:  # amMaxResources and the like: not every release reports them
                entry.resources[name] = read.resource(queue, json_name, where)
        for json_name, name in _FAIR_NUMBERS:
            if json_name in queue:
                entry.numbers[name] = read.whole(queue, json_name, where)
        if "schedulingPolicy" in queue:
            entry.settings["policy"] = read.text(queue, "schedulingPolicy", where).lower()
        if "preemptable" in queue:  # a boolean; any other value is text, read as text is
            value = queue["preemptable"]
            shown = str(value) if isinstance(value, bool) else read.text(queue, "preemptable", where)
            entry.settings["preemptable"] = shown.lower()
        for required in ("fair_share", "usage"):
            if required not in entry.resources:
                raise read.fail(where, f"no {required} reported")
        reported[path] = entry
    return reported


def _reported_capacity(read: _Reader, info: dict[str, Any]) -> dict[str, ReportedQueue]:
    reported: dict[str, ReportedQueue] = {}
    for path, queue, leaf, where in _capacity_queues(read, info):
        entry = ReportedQueue(path=path, leaf=leaf)
        default = _default_partition(read, queue, where)
        for json_name, name in _CAPACITY_NUMBERS:
            if json_name in queue:
                entry.numbers[name] = read.number(queue, json_name, where)
            elif json_name in default:
                entry.numbers[name] = read.number(default, json_name, f"{where}.capacities")
        for json_name, name in _CAPACITY_RESOURCES:
            if json_name in queue:
                entry.resources[name] = read.resource(queue, json_name, where)
        if "usage" not in entry.resources and "used" in default.get("_resources", {}):
            entry.resources["usage"] = read.resource(default["_resources"], "used", where)
        for required in ("capacity", "maximum_capacity"):
            if required not in entry.numbers:
                raise read.fail(where, f"no '{required}' reported")
        reported[path] = entry
    return reported


def _default_partition(read: _Reader, queue: dict[str, Any], where: str) -> dict[str, Any]:
    """The default partition's ``capacities`` entry, with its ``resources`` entry under ``_resources``
    (the root queue reports its absolute capacities there only)."""
    found: dict[str, Any] = {}
    capacities = queue.get("capacities")
    if isinstance(capacities, dict):
        for item in read.listed(capacities, "queueCapacitiesByPartition", f"{where}.capacities"):
            if isinstance(item, dict) and item.get("partitionName", "") == "":
                found = dict(item)
    resources = queue.get("resources")
    if isinstance(resources, dict):
        for item in read.listed(resources, "resourceUsagesByPartition", f"{where}.resources"):
            if isinstance(item, dict) and item.get("partitionName", "") == "":
                found["_resources"] = item
    return found


# -- applications ----------------------------------------------------------------------------------


def _applications(
    read: _Reader, document: Any, resolve: Callable[[str], str | None]
) -> Iterator[tuple[str, AppLoad]]:
    """(leaf path, application) for each RUNNING or ACCEPTED application, in the listed order."""
    for index, item in _app_items(read, document):
        where = f"$.apps.app[{index}]"
        app = read.mapping(item, where)
        state = read.text(app, "state", where)
        if state not in LIVE_STATES:
            continue
        name = read.text(app, "id", where)
        where = f"application {name}"
        queue = read.text(app, "queue", where)
        path = resolve(queue)
        if path is None:
            raise read.fail(f"{where}.queue", f"{queue!r} is no leaf queue of the scheduler's response")
        usage: Vector = {
            "memory-mb": read.amount(app, "allocatedMB", where),
            "vcores": read.amount(app, "allocatedVCores", where),
        }
        for key in usage:
            usage[key] = max(usage[key], 0)
        pending, container, am_ask = _pending(read, app, where)
        partition = _app_partition(read, app, where)
        am: Vector | None = None
        if partition is not None:
            if "used" in partition:
                usage = read.resource(partition, "used", f"{where}.resourceInfo")
            if "pending" in partition:
                pending = read.resource(partition, "pending", f"{where}.resourceInfo")
            if "amUsed" in partition:
                am_used = read.resource(partition, "amUsed", f"{where}.resourceInfo")
                am = am_used if any(am_used.values()) else None
        if _am_waits(app):
            # no AM yet, so no task asks either: the one ask is the AM's, and its size the AM's
            # where the scheduler does not say (the Fair Scheduler)
            container = None
            am = am or am_ask
        demand = {k: usage.get(k, 0) + pending.get(k, 0) for k in {**usage, **pending}}
        load = AppLoad(
            name=name,
            demand=_ordered(demand),
            usage=_ordered(usage),
            start_time=read.whole(app, "startedTime", where),
            priority=read.whole(app, "priority", where, default=0),
            am=am,
            user=read.text(app, "user", where),
            container=container,
        )
        yield path, load


def _app_items(read: _Reader, document: Any) -> Iterator[tuple[int, Any]]:
    """The listed applications: from the decoded answer, or one at a time from its text (a large
    cluster's answer is read without decoding it whole: :mod:`fsctl.io.jsonstream`)."""
    if not isinstance(document, str):
        top = read.mapping(document, "$")
        yield from enumerate(read.listed(read.field(top, "apps", "$"), "app", "$.apps"))
        return
    from fsctl.io.jsonstream import JsonStreamError, array_items

    try:
        yield from array_items(document, ("apps", "app"))
    except JsonStreamError as exc:
        kind = SnapshotSyntaxError if exc.syntax else SnapshotError
        raise kind(read.document, exc.where, exc.message) from None


def _pending(read: _Reader, app: dict[str, Any], where: str) -> tuple[Vector, Vector | None, Vector | None]:
    """The outstanding off-switch requests (``*``): their sum, the first one's container size, and
    the size asked at priority 0 (``RMAppAttemptImpl.AM_CONTAINER_PRIORITY``: an AM's, while it
    waits)."""
    pending: Vector = {}
    container: Vector | None = None
    am_ask: Vector | None = None
    requests = read.listed(app.get("resourceRequests"), "resourceRequest", f"{where}.resourceRequests")
    for index, item in enumerate(requests):
        here = f"{where}.resourceRequests[{index}]"
        request = read.mapping(item, here)
        if request.get("resourceName", "*") != "*":
            continue  # node and rack requests repeat the off-switch one (AppSchedulingInfo)
        capability = read.resource(request, "capability", here)
        if capability.get("memory-mb", 0) <= 0:  # the scheduler normalises every ask to its minimum
            raise read.fail(f"{here}.capability", "no memory-mb: not a ResourceManager's ask")
        count = read.amount(request, "numContainers", here)
        container = container or capability
        if count and read.whole(request, "priority", here, default=-1) == 0:
            am_ask = am_ask or capability
        for name, amount in capability.items():
            pending[name] = pending.get(name, 0) + amount * count
    return pending, container, am_ask


def _am_waits(app: dict[str, Any]) -> bool:
    """A managed application whose AM has no container yet (``AppInfo`` names the AM's node once
    it has one)."""
    return app.get("unmanagedApplication") is False and not app.get("amHostHttpAddress")


def _app_partition(read: _Reader, app: dict[str, Any], where: str) -> dict[str, Any] | None:
    info = app.get("resourceInfo")
    if not isinstance(info, dict):
        return None
    for item in read.listed(info, "resourceUsagesByPartition", f"{where}.resourceInfo"):
        if isinstance(item, dict) and item.get("partitionName", "") == "":
            return item
    return None


def _ordered(vector: Vector) -> Vector:
    """memory-mb, vcores, then the other types by name: one spelling run to run."""
    first = [k for k in ("memory-mb", "vcores") if k in vector]
    return {k: vector[k] for k in first + sorted(k for k in vector if k not in first)}


def _cluster(metrics: Any, name: str, fair_root: dict[str, Any] | None) -> Vector | None:
    if fair_root is not None and "clusterResources" in fair_root:
        return _ordered(_Reader(name).resource(fair_root, "clusterResources", "queue root"))
    if metrics is None:
        return None
    read = _Reader(name)
    values = read.mapping(read.field(read.mapping(metrics, "$"), "clusterMetrics", "$"), "$.clusterMetrics")
    return {
        "memory-mb": read.amount(values, "totalMB", "$.clusterMetrics"),
        "vcores": read.amount(values, "totalVirtualCores", "$.clusterMetrics"),
    }


# -- the snapshot ----------------------------------------------------------------------------------


@dataclass
class Named:
    """A document and the name its problems are reported under (a file, or the address it came from).
    The applications' document may be its JSON text, read one application at a time."""

    document: Any
    name: str


def build_snapshot(
    scheduler: Named,
    apps: Named,
    metrics: Named | None = None,
    info: Named | None = None,
    configuration: dict[str, dict[str, str]] | None = None,
    provenance: dict[str, str] | None = None,
    read_so_far: Callable[[int], None] | None = None,
) -> DemandSnapshot:
    """The snapshot of these responses; raises :class:`SnapshotError`. ``read_so_far`` is told
    the number of applications read, every :data:`PROGRESS_EVERY`."""
    kind, scheduler_info_object = scheduler_info(scheduler.document, scheduler.name)
    read = _Reader(scheduler.name)
    if kind == FAIR_SCHEDULER:
        reported = _reported_fair(read, scheduler_info_object)
        root = scheduler_info_object["rootQueue"]
    else:
        reported = _reported_capacity(read, scheduler_info_object)
        root = None
    snapshot = DemandSnapshot(reported=reported)
    leaves = {path for path, queue in reported.items() if queue.leaf}
    by_name: dict[str, list[str]] = {}
    for path in leaves:
        by_name.setdefault(path.rsplit(".", 1)[-1], []).append(path)

    def resolve(queue: str) -> str | None:
        if queue in leaves:
            return queue
        if not queue.startswith("root."):  # a short name (the Capacity Scheduler before 3.4)
            found = by_name.get(queue, [])
            return found[0] if len(found) == 1 else None
        return None

    for count, (path, app) in enumerate(_applications(_Reader(apps.name), apps.document, resolve), 1):
        snapshot.queues.setdefault(path, QueueLoad(path=path)).applications.append(app)
        if read_so_far is not None and count % PROGRESS_EVERY == 0:
            read_so_far(count)
    snapshot.queues = dict(sorted(snapshot.queues.items()))
    snapshot.cluster = _cluster(None if metrics is None else metrics.document, _name(metrics), root)
    snapshot.provenance = {"scheduler": kind, **(provenance or {})}
    if kind == FAIR_SCHEDULER:
        snapshot.provenance["notes"] = FAIR_AM_NOTE
    if info is not None:
        version = _hadoop_version(info)
        if version:
            snapshot.provenance["hadoop"] = version
    snapshot.configuration = configuration or {}
    return snapshot


def _name(named: Named | None) -> str:
    return "" if named is None else named.name


def _hadoop_version(info: Named) -> str | None:
    read = _Reader(info.name)
    top = read.mapping(info.document, "$")
    values = read.mapping(read.field(top, "clusterInfo", "$"), "$.clusterInfo")
    version = values.get("resourceManagerVersion") or values.get("hadoopVersion")
    return version if isinstance(version, str) and version.isprintable() else None


def render_snapshot(snapshot: DemandSnapshot) -> str:
    """The snapshot file (JSON, which the demand reader reads as YAML), the same bytes for the same
    snapshot: ``source``, ``cluster``, ``queues`` (applications in submission order), ``reported``,
    ``configuration``."""
    top: dict[str, Any] = {"source": dict(sorted(snapshot.provenance.items()))}
    if snapshot.cluster is not None:
        top["cluster"] = snapshot.cluster
    top["queues"] = {
        path: {"applications": [_app_entry(app) for app in load.applications]}
        for path, load in snapshot.queues.items()
    }
    top["reported"] = {path: _reported_entry(queue) for path, queue in snapshot.reported.items()}
    if snapshot.configuration:
        top["configuration"] = snapshot.configuration
    pieces = ["{"]
    for index, (key, value) in enumerate(top.items()):
        comma = "," if index < len(top) - 1 else ""
        if key in ("queues", "reported", "configuration") and value:
            pieces.append(f"\n {json.dumps(key)}: {{")
            for position, (inner, entry) in enumerate(value.items()):
                inner_comma = "," if position < len(value) - 1 else ""
                pieces.append(f"\n  {json.dumps(inner)}: {_entry_text(key, entry)}{inner_comma}")
            pieces.append(f"\n }}{comma}")
        else:
            pieces.append(f"\n {json.dumps(key)}: {json.dumps(value)}{comma}")
    pieces.append("\n}\n")
    return "".join(pieces)


def _entry_text(section: str, entry: Any) -> str:
    """One queue's load (an application per line), one queue's reported values, or one section of
    the configuration (a property per line)."""
    if section == "queues":
        apps = entry["applications"]
        lines = ",\n    ".join(json.dumps(app) for app in apps)
        return '{"applications": [\n    ' + lines + "\n  ]}"
    if section == "configuration":
        if not entry:
            return "{}"
        lines = ",\n   ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in entry.items())
        return "{\n   " + lines + "\n  }"
    return json.dumps(entry)


def _app_entry(app: AppLoad) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": app.name}
    if app.user is not None:
        entry["user"] = app.user
    entry["demand"] = app.demand
    entry["usage"] = app.usage
    if app.container is not None:
        entry["container"] = app.container
    if app.am is not None:
        entry["am"] = app.am
    entry["start"] = app.start_time
    if app.priority is not None:
        entry["priority"] = app.priority
    return entry


def _reported_entry(queue: ReportedQueue) -> dict[str, Any]:
    entry: dict[str, Any] = {"leaf": queue.leaf}
    entry.update(queue.settings)
    entry.update(queue.numbers)
    entry.update(queue.resources)
    return entry
