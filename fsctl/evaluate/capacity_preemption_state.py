"""The load the preemption policy looks at, and the settings it reads.

:class:`PreemptionState` is plain data: per leaf queue its applications (submission order) with
their user, priority, running and reserved containers and pending demand, and the user limits when
an allocation model knows them. :func:`state_from_snapshot` builds one from a demand snapshot
(usage becomes running containers, demand less usage pending); the Capacity Scheduler allocation
model's result converts into it too. :class:`PreemptionSettings` is what
``ProportionalCapacityPreemptionPolicy.updateConfigIfNeeded`` reads, with Hadoop's defaults and
parsers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING

from fsctl.catalogue.capacity_preemption import SM241, SM246
from fsctl.hadoop.javanum import ConfValueError, parse_double
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import Vector

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad

PREFIX = "yarn.resourcemanager.monitor.capacity.preemption."
MONITOR_ENABLE = "yarn.resourcemanager.scheduler.monitor.enable"
UNDERUTILIZED = (
    "yarn.scheduler.capacity.ordering-policy.priority-utilization.underutilized-preemption.enabled"
)
ORDER_POLICIES = ("USERLIMIT_FIRST", "PRIORITY_FIRST")
#: the user of applications the snapshot names none for
UNKNOWN_USER = "unknown"


@dataclass(slots=True)
class ContainerState:
    resource: Vector
    am: bool = False
    reserved: bool = False  # reserved on a node, not running (counted in the queue's usage)


@dataclass(slots=True)
class AppState:
    name: str
    user: str
    priority: int = 0
    #: allocation order: container ids 1, 2, ... in this order
    containers: list[ContainerState] = field(default_factory=list)
    pending: Vector = field(default_factory=dict)
    #: the AM's size (``getAMResource``), also before it runs; None: its AM container, if any
    am_resource: Vector | None = None
    #: activated by the leaf (not held back by its AM limits): only these count as running
    activated: bool = True


@dataclass(slots=True)
class LeafState:
    apps: list[AppState] = field(default_factory=list)  # submission order
    #: ``getResourceLimitForAllUsers`` per user (intra-queue preemption); None: unknown
    user_limits: dict[str, Vector] | None = None
    #: ``getResourceLimitForActiveUsers`` per user (caps pending demand); None: unknown
    active_user_limits: dict[str, Vector] | None = None


@dataclass(slots=True)
class PreemptionState:
    leaves: dict[str, LeafState] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PreemptionSettings:
    """``ProportionalCapacityPreemptionPolicy``'s configuration (``CapacitySchedulerConfiguration``
    names and defaults); floats are Java floats, doubles Java doubles."""

    monitor: bool = False  # the scheduling monitor runs this policy
    observe_only: bool = False
    max_wait_before_kill: int = 15000
    total_preemption_per_round: float = 0.10000000149011612  # 0.1f
    max_ignored_over_capacity: float = 0.1
    natural_termination_factor: float = 0.2
    intra_queue: bool = False
    intra_minimum_threshold: float = 0.5
    intra_max_allowable_limit: float = 0.20000000298023224  # 0.2f
    intra_order_policy: str = "USERLIMIT_FIRST"
    conservative_drf: bool = False
    intra_conservative_drf: bool = True
    balance_after_satisfied: bool = False
    balance_max_wait_before_kill: int = 300000
    select_on_reserved: bool = False
    additional_on_reserved: bool = False
    underutilized_preemption: bool = False


def read_settings(conf: HadoopConf) -> tuple[PreemptionSettings, list[Diagnostic]]:
    """The settings from the configuration the scheduler sees (yarn-site under the CS file), and
    an SM241 error for each value the policy would fail to read (it then takes Hadoop's default)."""
    from fsctl.capacity.site import preemption_enabled

    problems: list[Diagnostic] = []
    defaults = PreemptionSettings()

    def number(suffix: str, kind: str, default: float) -> float:
        key = PREFIX + suffix
        text = conf.get_trimmed(key)
        if text is None:
            return default
        try:
            if kind == "float":
                return conf.get_float(key, default)
            if kind == "long":
                return conf.get_long(key, int(default))
            return parse_double(text)
        except ConfValueError as exc:
            problems.append(SM241.at(conf.location(key), f"{key}: {exc}", property=key))
            return default

    def flag(suffix: str, default: bool) -> bool:
        return conf.get_boolean(PREFIX + suffix, default)

    order_key = PREFIX + "intra-queue-preemption.preemption-order-policy"
    order_text = conf.get(order_key, "userlimit_first") or "userlimit_first"
    order = order_text.upper()
    if order not in ORDER_POLICIES:
        problems.append(
            SM241.at(
                conf.location(order_key),
                f"{order_key}: {order_text!r} is not userlimit_first or priority_first "
                "(IntraQueuePreemptionOrderPolicy.valueOf)",
                property=order_key,
            )
        )
        order = defaults.intra_order_policy
    settings = PreemptionSettings(
        monitor=preemption_enabled(conf),
        observe_only=flag("observe_only", False),
        max_wait_before_kill=int(number("max_wait_before_kill", "long", defaults.max_wait_before_kill)),
        total_preemption_per_round=number(
            "total_preemption_per_round", "float", defaults.total_preemption_per_round
        ),
        max_ignored_over_capacity=number("max_ignored_over_capacity", "double", 0.1),
        natural_termination_factor=number("natural_termination_factor", "double", 0.2),
        intra_queue=flag("intra-queue-preemption.enabled", False),
        intra_minimum_threshold=number(
            "intra-queue-preemption.minimum-threshold", "float", defaults.intra_minimum_threshold
        ),
        intra_max_allowable_limit=number(
            "intra-queue-preemption.max-allowable-limit", "float", defaults.intra_max_allowable_limit
        ),
        intra_order_policy=order,
        conservative_drf=flag("conservative-drf", False),
        intra_conservative_drf=flag("intra-queue-preemption.conservative-drf", True),
        balance_after_satisfied=flag("preemption-to-balance-queue-after-satisfied.enabled", False),
        balance_max_wait_before_kill=int(
            number("preemption-to-balance-queue-after-satisfied.max-wait-before-kill", "long", 300000)
        ),
        select_on_reserved=flag("select_based_on_reserved_containers", False),
        additional_on_reserved=flag("additional_res_balance_based_on_reserved_containers", False),
        underutilized_preemption=conf.get_boolean(UNDERUTILIZED, False),
    )
    return settings, problems


# -- a state from a demand snapshot ------------------------------------------------------------


def state_from_snapshot(
    snapshot: DemandSnapshot, leaves: Mapping[str, int], minimum_allocation: Vector
) -> tuple[PreemptionState, list[Diagnostic]]:
    """Running containers and pending demand per application of a snapshot.

    ``leaves`` maps each leaf the snapshot may name to its position in the tree (applications are
    numbered by start time, then tree order, then listing order). An application's usage becomes
    its AM container (``am``, when it has usage) and as many containers as it holds of its
    ``container`` size (else ``minimum_allocation``), the usage shared evenly among them; when
    that is not the size the snapshot gives, SM246 says so. ``demand`` less usage is pending. A
    queue given as ``apps: N`` with a queue-level demand and usage has N applications sharing them,
    its containers dealt out in turn.
    """
    state = PreemptionState()
    notes: list[Diagnostic] = []
    numbered: list[tuple[int, int, int, str, AppState]] = []
    for path, load in snapshot.queues.items():
        position = leaves.get(path)
        if position is None:
            continue
        state.leaves.setdefault(path, LeafState())
        apps = _apps_of(load, minimum_allocation, notes)
        starts = [app.start_time for app in load.applications] or [0] * len(apps)
        for index, (app, start) in enumerate(zip(apps, starts, strict=True)):
            numbered.append((start, position, index, path, app))
    for _, _, _, path, app in sorted(numbered, key=lambda entry: entry[:3]):
        state.leaves[path].apps.append(app)
    return state, notes


def _apps_of(load: QueueLoad, minimum: Vector, notes: list[Diagnostic]) -> list[AppState]:
    if load.applications:
        return [_app_of(load.path, app, minimum, notes) for app in load.applications]
    # running containers need an application, even where the snapshot gives usage and no demand
    count = load.app_count or (1 if any(v > 0 for v in load.usage.values()) else 0)
    if count <= 0:
        return []
    pending = _pending(load.demand, load.usage)
    apps = [
        AppState(name=f"app{i + 1}", user=UNKNOWN_USER, pending=_share(pending, count, i))
        for i in range(count)
    ]
    for i, resource in enumerate(containers_of(load.usage, minimum)):
        apps[i % count].containers.append(ContainerState(resource))
    return apps


def _app_of(queue: str, app: AppLoad, minimum: Vector, notes: list[Diagnostic]) -> AppState:
    size = app.container if app.container is not None else minimum
    state = AppState(
        name=app.name,
        user=app.user or UNKNOWN_USER,
        priority=app.priority if app.priority is not None else 1,
        pending=_pending(app.demand, app.usage),
        am_resource=dict(app.am) if app.am is not None else None,
    )
    usage = dict(app.usage)
    if app.am is not None and any(v > 0 for v in usage.values()):
        state.containers.append(ContainerState(dict(app.am), am=True))
        usage = {t: max(0, v - app.am.get(t, 0)) for t, v in usage.items()}
    containers = containers_of(usage, size)
    asked = {t: size.get(t, 0) for t in usage}
    if app.container is not None and any(c != asked for c in containers):
        shown = sorted({_spell(c) for c in containers})
        notes.append(
            SM246.at(
                app.location,
                f"{queue} {app.name}: usage {_spell(app.usage)} is not the AM and whole containers of "
                f"{_spell(size)}: the preview runs {len(containers)} of {' or '.join(shown)}",
                queue=queue,
            )
        )
    state.containers.extend(ContainerState(resource) for resource in containers)
    return state


def containers_of(usage: Vector, size: Vector) -> list[Vector]:
    """The containers ``usage`` is made of: as many as it holds of ``size`` in every type it uses
    (at least one), the usage shared among them as evenly as whole units allow (the first ones
    get the remainders; equal containers are one shared, read-only dict)."""
    types = list(dict.fromkeys([*usage, *size]))
    if not any(usage.get(t, 0) > 0 for t in types):
        return []
    sized = [t for t in types if size.get(t, 0) > 0 and usage.get(t, 0) > 0]
    count = max(1, min((usage[t] // size[t] for t in sized), default=1))
    total = {t: max(0, usage.get(t, 0)) for t in types}
    # container i gets the quotient, plus one in each type whose remainder reaches past i
    cuts = sorted({0, count, *(total[t] % count for t in types)})
    out: list[Vector] = []
    for start, end in pairwise(cuts):
        shared = {t: total[t] // count + (1 if start < total[t] % count else 0) for t in types}
        out.extend([shared] * (end - start))
    return out


def _pending(demand: Vector, usage: Vector) -> Vector:
    return {t: max(0, demand.get(t, 0) - usage.get(t, 0)) for t in dict.fromkeys([*demand, *usage])}


def _share(total: Vector, count: int, index: int) -> Vector:
    """The ``index``-th of ``count`` near-equal parts (the first ones get the remainders)."""
    return {t: v // count + (1 if index < v % count else 0) for t, v in total.items()}


def _spell(vector: Mapping[str, int]) -> str:
    return ", ".join(f"{t}={v}" for t, v in vector.items())
