"""Starvation and preemption preview for the Fair Scheduler (fs-math.md §3).

3.x model (YARN-4752, default): per application, fair-share starvation below
``threshold × fair share`` (``FSAppAttempt.fairShareStarvation``) and the leaf's min-share starvation
handed out to its apps (``FSLeafQueue.updateStarvedApps``), in every line ``--hadoop-version``
names (2.10 has YARN-4752 too; before 3.2 the leaf's min-share starvation takes the calculator's
``Resources.min``). The model of 2.8 and older (a ``hadoop_version`` below (2, 9), which no
``--hadoop-version`` gives): queue-level deficits (``FSLeafQueue``/``FairScheduler.resourceDeficit``
on branch-2.8, 2.5–2.7 and ≤2.5 variants). Both only run when ``yarn.scheduler.fair.preemption``
is on and the cluster is more utilised than ``cluster-utilization-threshold``
(``FairScheduler.shouldAttemptPreemption``).

A snapshot has no clock: a queue counts as starved once its timeout has passed, so a queue with an
infinite timeout (the default) is never starved; the timeouts are reported with the result.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fsctl.evaluate.comparators import comparator
from fsctl.evaluate.compute_fair_shares import java_float
from fsctl.evaluate.fair import DRF, FAIR, AppShares, FairResult, QueueShares, app_schedulable
from fsctl.fair.model import FairTree
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES, Vector
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

DEFAULT_THRESHOLD = 0.5
DEFAULT_UTILIZATION_THRESHOLD = 0.8
DEFAULT_WAIT_BEFORE_KILL_MS = 15000


@dataclass(frozen=True, slots=True)
class PreemptionSettings:
    """The yarn-site.xml side (``FairSchedulerConfiguration``)."""

    enabled: bool = False
    utilization_threshold: float = DEFAULT_UTILIZATION_THRESHOLD
    wait_before_kill_ms: int = DEFAULT_WAIT_BEFORE_KILL_MS

    @classmethod
    def from_site(cls, conf: Any) -> PreemptionSettings:
        if conf is None:
            return cls()
        try:
            return cls(
                enabled=conf.get_boolean("yarn.scheduler.fair.preemption", False),
                utilization_threshold=conf.get_float(
                    "yarn.scheduler.fair.preemption.cluster-utilization-threshold",
                    DEFAULT_UTILIZATION_THRESHOLD,
                ),
                wait_before_kill_ms=conf.get_long(
                    "yarn.scheduler.fair.waitTimeBeforeKill", DEFAULT_WAIT_BEFORE_KILL_MS
                ),
            )
        except ValueError:
            return cls()


@dataclass(slots=True)
class QueuePreemption:
    """A queue's inherited preemption settings (``FSQueue.updatePreemptionVariables``)."""

    min_share_timeout_ms: int = UNBOUNDED
    fair_share_timeout_ms: int = UNBOUNDED
    threshold: float = DEFAULT_THRESHOLD
    preemptable: bool = True


@dataclass(slots=True)
class PreemptionResult:
    attempted: bool
    utilization: float
    settings: PreemptionSettings
    #: every queue's settings, read when preemption is attempted (empty when it is not)
    queues: dict[str, QueuePreemption] = field(default_factory=dict)
    starved_apps: list[AppShares] = field(default_factory=list)
    #: per preemptable queue, what it holds above its fair share (containers can come from there)
    preemptable: dict[str, Vector] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def queue_settings(tree: FairTree, fair: FairResult | None = None) -> dict[str, QueuePreemption]:
    """Inherited timeouts, thresholds and allowPreemptionFrom of every queue (fs-parse.md §2.6), as
    the reader resolved them, and of every dynamic queue of ``fair`` (a user, group or reservation
    queue the snapshot names): the file configures nothing for it, so
    ``FSQueue.updatePreemptionVariables`` gives it its parent's values."""
    out: dict[str, QueuePreemption] = {}
    for queue in tree.queues():
        values = queue.effective
        out[queue.path] = QueuePreemption(
            min_share_timeout_ms=values.min_share_preemption_timeout,
            fair_share_timeout_ms=values.fair_share_preemption_timeout,
            threshold=java_float(values.fair_share_preemption_threshold),
            preemptable=values.allow_preemption_from,
        )
    if fair is not None:
        for shares in fair.queues:  # pre-order: a dynamic queue's parent is already there
            if shares.path not in out and shares.parent is not None:
                out[shares.path] = out[shares.parent]
    return out


# -- resource arithmetic -----------------------------------------------------------------------


def _nonneg(v: Mapping[str, int], types: tuple[str, ...]) -> Vector:
    return {t: max(v.get(t, 0), 0) for t in types}


def _sub(a: Mapping[str, int], b: Mapping[str, int], types: tuple[str, ...]) -> Vector:
    return {t: a.get(t, 0) - b.get(t, 0) for t in types}


def _cmin(a: Mapping[str, int], b: Mapping[str, int], types: tuple[str, ...]) -> Vector:
    return {t: min(a.get(t, 0), b.get(t, 0)) for t in types}


def _is_none(v: Mapping[str, int]) -> bool:
    return all(x == 0 for x in v.values())


def _floor_multiply(v: Mapping[str, int], by: float, types: tuple[str, ...]) -> Vector:
    """``Resources.multiply``: each component rounded down."""
    return {t: int(v.get(t, 0) * by) for t in types}


def _dominant_share(v: Mapping[str, int], cluster: Mapping[str, int], types: tuple[str, ...]) -> float:
    return max((v.get(t, 0) / cluster[t] for t in types if cluster.get(t)), default=0.0)


def below(
    policy: str,
    a: Mapping[str, int],
    b: Mapping[str, int],
    cluster: Mapping[str, int],
    types: tuple[str, ...],
) -> bool:
    """``calc.compare(cluster, a, b, singleType=true) < 0`` with the policy's calculator:
    memory only for fair/fifo (DefaultResourceCalculator), dominant share for drf."""
    if policy == DRF:
        if all(a.get(t, 0) == b.get(t, 0) for t in types):
            return False
        return _dominant_share(a, cluster, types) < _dominant_share(b, cluster, types)
    return a.get(MEMORY, 0) < b.get(MEMORY, 0)


def compare(
    policy: str,
    a: Mapping[str, int],
    b: Mapping[str, int],
    cluster: Mapping[str, int],
    types: tuple[str, ...],
) -> int:
    """``calc.compare(cluster, a, b)`` (not single-type) with the policy's calculator: memory for
    fair/fifo; for drf ``DominantResourceCalculator`` compares the dominant shares, then the next
    (two types), or the sorted shares from the largest down (more types), a share of a type the
    cluster has none of (+inf) skipped."""
    if policy != DRF:
        return (a.get(MEMORY, 0) > b.get(MEMORY, 0)) - (a.get(MEMORY, 0) < b.get(MEMORY, 0))
    if all(a.get(t, 0) == b.get(t, 0) for t in types):
        return 0

    def shares(v: Mapping[str, int]) -> list[float]:
        return [v.get(t, 0) / cluster[t] if cluster.get(t) else math.inf for t in types]

    first, second = shares(a), shares(b)
    if len(types) == 2:
        # calculateSharesForTwoMandatoryResources: dominant against dominant, then the other
        first_order = (1, 0) if first[1] > first[0] else (0, 1)
        second_order = (1, 0) if second[1] > second[0] else (0, 1)
        for i, j in zip(first_order, second_order, strict=True):
            if first[i] != second[j]:
                return 1 if first[i] > second[j] else -1
        return 0
    first.sort()
    second.sort()
    for x, y in zip(reversed(first), reversed(second), strict=True):
        if math.inf not in (x, y) and x != y:
            return 1 if x > y else -1
    return 0


def _app_order(policy: str, cluster: Mapping[str, int], version: HadoopVersion) -> Callable[[AppShares], Any]:
    """Sort key for a leaf's apps under its policy's comparator (apps have no min share)."""
    key = functools.cmp_to_key(comparator(policy, cluster, version))
    return lambda app: key(app_schedulable(app))


# -- the preview -------------------------------------------------------------------------------


def utilization(fair: FairResult) -> float:
    """``max(allocatedMB/clusterMB, allocatedVcores/clusterVcores)`` in float, as Hadoop's gate has it."""
    root = fair.queues[0]
    ratios = []
    for t in (MEMORY, VCORES):
        total = fair.cluster.get(t, 0)
        if total:
            ratios.append(java_float(root.usage.get(t, 0) / total))
    return max(ratios, default=0.0)


def evaluate_preemption(
    tree: FairTree,
    fair: FairResult,
    settings: PreemptionSettings,
    *,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
) -> PreemptionResult:
    """Fill each queue's (and app's) starvation and list what could be preempted."""
    used = utilization(fair)
    # FairScheduler.shouldAttemptPreemption: enabled and threshold < utilisation (strict, float)
    attempted = settings.enabled and java_float(settings.utilization_threshold) < used
    result = PreemptionResult(attempted=attempted, utilization=used, settings=settings)
    if not attempted:
        none = dict.fromkeys(fair.types, 0)  # nothing is starved: the queues share the zeros
        for q in fair.queues:
            q.min_share_starvation = q.fair_share_starvation = none
        result.notes.append(
            "preemption is off (yarn.scheduler.fair.preemption=false): nothing is starved"
            if not settings.enabled
            else f"cluster utilisation {used:.3f} is not above the threshold "
            f"{settings.utilization_threshold:g}: starvation is not computed"
        )
        return result
    for q in fair.queues:  # the parents' sums below add into these
        q.min_share_starvation = dict.fromkeys(fair.types, 0)
        q.fair_share_starvation = dict.fromkeys(fair.types, 0)
    result.queues = queue_settings(tree, fair)
    leaves = [q for q in fair.queues if q.leaf and q.created]
    queue_level = hadoop_version[0] < 3 and hadoop_version < (2, 9)
    if queue_level:
        for leaf in leaves:
            _deficit_2x(leaf, result.queues[leaf.path], fair, hadoop_version)
    else:
        for leaf in leaves:
            result.starved_apps.extend(_starved_apps_3x(leaf, result.queues[leaf.path], fair, hadoop_version))
    # parents add up their children's starvation, for the report
    for q in reversed(fair.queues):
        if not q.leaf and q.created:
            for child in q.children:
                for t in fair.types:
                    q.min_share_starvation[t] += child.min_share_starvation.get(t, 0)
                    q.fair_share_starvation[t] += child.fair_share_starvation.get(t, 0)
    _preemptable(fair, result, queue_level)
    return result


def _preemptable(fair: FairResult, result: PreemptionResult, queue_level: bool) -> None:
    """Where containers may come from: per application, what it holds above its own fair share
    (``FSAppAttempt.canContainerBePreempted`` never takes an app below it, compared with its leaf
    policy's calculator: memory for fair and fifo, every type for drf), in preemptable leaves.
    The 2.x model (``queue_level``) compares each leaf's usage with the leaf's fair share instead."""
    types = fair.types
    starved = any(
        not _is_none(q.min_share_starvation) or not _is_none(q.fair_share_starvation)
        for q in fair.queues
        if q.leaf
    )
    for q in fair.queues:
        if not q.leaf or not q.created:
            continue
        compared = types if q.policy == DRF else (MEMORY,)
        over_total: Vector = {}
        for app in _leaf_apps(q, types, whole_queue=queue_level):
            share = {t: app.fair_share.get(t, 0) for t in types}
            if not below(q.policy, share, app.usage, fair.cluster, types):  # usage not greater
                continue
            over = {t: max(app.usage.get(t, 0) - share[t], 0) for t in compared}
            if not any(over.values()):
                continue
            if q.applications and not queue_level:
                app.preemptable = over
            for t, v in over.items():
                over_total[t] = over_total.get(t, 0) + v
        if not over_total:
            continue
        if not result.queues[q.path].preemptable:
            if starved:
                result.notes.append(f"{q.path}: above its fair share but allowPreemptionFrom=false")
            for app in q.applications:
                app.preemptable = {}
            continue
        result.preemptable[q.path] = over_total
    if starved:
        for path, over in result.preemptable.items():
            amount = ", ".join(f"{t}={v}" for t, v in over.items())
            leaf = fair.find(path)
            apps = [a for a in (leaf.applications if leaf is not None else []) if a.preemptable]
            whose = f" ({', '.join(a.name for a in apps)})" if apps else ""
            result.notes.append(f"{path}: may lose up to {amount}{whose} (usage above its fair share)")
        if not result.preemptable:
            result.notes.append(
                "no preemptable application is above its fair share: nothing can be preempted"
            )


def _leaf_apps(leaf: QueueShares, types: tuple[str, ...], *, whole_queue: bool = False) -> list[AppShares]:
    """The leaf's runnable apps, listed or standing in for a load given as totals
    (``evaluate.fair.stand_in_apps``); with ``whole_queue`` (the 2.x queue-level model), one app
    standing for the whole queue."""
    if not whole_queue:
        return [a for a in leaf.applications or leaf.stand_ins if a.runnable]
    if not leaf.runnable_apps:
        return []
    # the leaf's policy hands its share to the app: fair writes memory only (the rest stays 0)
    computed = (MEMORY,) if leaf.policy == FAIR else types
    share = {t: leaf.fair_share[t] for t in computed if t in leaf.fair_share}
    return [
        AppShares(
            name=leaf.path,
            queue=leaf.path,
            weight=1.0,
            start_time=0,
            priority=1,
            runnable=True,
            demand=dict(leaf.demand),
            usage=dict(leaf.usage),
            fair_share=share,
        )
    ]


def _starved_apps_3x(
    leaf: QueueShares, conf: QueuePreemption, fair: FairResult, version: HadoopVersion
) -> list[AppShares]:
    """``FSLeafQueue.updateStarvedApps`` with every timeout taken as elapsed (3.x)."""
    types, cluster, policy = fair.types, fair.cluster, leaf.policy
    # fetchAppsWithDemand: runnable apps with pending demand, in the policy's comparator order
    apps = [a for a in _leaf_apps(leaf, types) if not _is_none(_sub(a.demand, a.usage, types))]
    apps.sort(key=_app_order(policy, cluster, version))
    starved: list[AppShares] = []
    fs_total = dict.fromkeys(types, 0)
    # (a) fair-share starvation, in comparator order, stopping at the first app that is not starved
    for app in apps:
        share = {t: app.fair_share.get(t, 0) for t in types}  # not computed: Hadoop's stale 0
        threshold_share = _floor_multiply(share, conf.threshold, types)
        fair_demand = _cmin(threshold_share, app.demand, types)
        is_starved = below(policy, app.usage, fair_demand, cluster, types)
        if not is_starved or conf.fair_share_timeout_ms >= UNBOUNDED:
            break
        app.fair_share_starvation = _nonneg(_sub(fair_demand, app.usage, types), types)
        if _is_none(app.fair_share_starvation):
            break
        starved.append(app)
        fs_total = {t: fs_total[t] + app.fair_share_starvation[t] for t in types}
    # (b) the queue's min-share starvation, net of what the apps already claim (computed even when
    # no app can take it: the queue is starved all the same)
    if version < (3, 2):
        # FSLeafQueue.minShareStarvation before 3.2: Resources.min by the policy's calculator keeps
        # one of the two whole vectors (componentwiseMin since 3.2.0; oracle: 3.1.4, 2.10.2)
        wanted = (
            leaf.min_share
            if compare(policy, leaf.min_share, leaf.demand, cluster, types) <= 0
            else leaf.demand
        )
    else:
        wanted = _cmin(leaf.min_share, leaf.demand, types)
    ms = _nonneg(_sub(wanted, leaf.usage, types), types)
    if conf.min_share_timeout_ms >= UNBOUNDED:
        ms = dict.fromkeys(types, 0)
    ms = _nonneg(_sub(ms, fs_total, types), types)
    # (c) hand it out in comparator order, with Hadoop's quirk kept (fs-math.md §3.1)
    pending = dict(ms)
    for app in apps:
        if _is_none(pending):
            break
        unmet = _nonneg(_sub(_sub(app.demand, app.usage, types), app.fair_share_starvation, types), types)
        if below(policy, pending, unmet, cluster, types):  # unmet greater than pending
            unmet = _nonneg(_sub(unmet, pending, types), types)
            pending = dict.fromkeys(types, 0)
        else:
            pending = _nonneg(_sub(pending, unmet, types), types)
        app.min_share_starvation = unmet
        if app not in starved and not _is_none(unmet):
            starved.append(app)
    leaf.fair_share_starvation = fs_total
    leaf.min_share_starvation = ms
    return starved


def _deficit_2x(leaf: QueueShares, conf: QueuePreemption, fair: FairResult, version: HadoopVersion) -> None:
    """Queue-level ``resourceDeficit`` (2.8) / ``resToPreempt`` (2.5–2.7), timeouts taken as elapsed."""
    types, cluster = fair.types, fair.cluster
    minor = version[1] if version[0] == 2 else 9
    policy = leaf.policy if minor >= 8 else "fair"  # YARN-3453: the policy's calculator from 2.8
    threshold = conf.threshold if minor >= 6 else 0.5  # YARN-2394; "half fair share" before 2.6
    share = {t: leaf.fair_share.get(t, 0) for t in types}
    min_target = _cmin(leaf.min_share, leaf.demand, types)
    starved_min = below(policy, leaf.usage, min_target, cluster, types)
    fair_trigger = _cmin(_floor_multiply(share, threshold, types), leaf.demand, types)
    starved_fair = below(policy, leaf.usage, fair_trigger, cluster, types)
    zero = dict.fromkeys(types, 0)
    by_min = (
        _nonneg(_sub(min_target, leaf.usage, types), types)
        if starved_min and conf.min_share_timeout_ms < UNBOUNDED
        else zero
    )
    # the amount is up to the FULL min(fairShare, demand), not the threshold (fs-math.md §3.2)
    by_fair = (
        _nonneg(_sub(_cmin(share, leaf.demand, types), leaf.usage, types), types)
        if starved_fair and conf.fair_share_timeout_ms < UNBOUNDED
        else zero
    )
    leaf.min_share_starvation = by_min
    leaf.fair_share_starvation = by_fair


def deficit_2x(leaf: QueueShares, fair: FairResult) -> Vector:
    """``Resources.max(calc, byMin, byFair)``: what 2.x would preempt for this leaf."""
    if below(leaf.policy, leaf.min_share_starvation, leaf.fair_share_starvation, fair.cluster, fair.types):
        return dict(leaf.fair_share_starvation)
    return dict(leaf.min_share_starvation)
