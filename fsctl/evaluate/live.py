"""The live check: what fsctl computes for a snapshot's load against what the ResourceManager
reported in the same snapshot (``reported:``), queue by queue. Pure: an evaluation and a snapshot
in, the differences (SM26x diagnostics, each with both values) out.

Fair Scheduler: steady and instantaneous fair shares to the unit, in the types the parent's policy
computes (``ComputeFairShares``: the ``fair`` policy computes memory only); usage; and the settings
the ResourceManager reports (minResources, maxResources, maxRunningApps, policy), which tell
whether the allocation file given is the one it runs. Capacity Scheduler: capacity (for a queue
given a weight, its normalized weight: ``QueueCapacities`` keeps its capacity 0), absolute
capacity, maximum and absolute maximum capacity (percent, within the float rounding of Hadoop's
``QueueCapacities``), effective minimum and maximum resources to the unit, and usage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.catalogue.live_check import SM260, SM261, SM262, SM263, SM264, SM265
from fsctl.model.demand import DemandSnapshot, ReportedQueue
from fsctl.model.diagnostics import Diagnostic, Rule

if TYPE_CHECKING:
    from fsctl.evaluate.capacity import CapacityResult
    from fsctl.evaluate.fair import FairResult

#: Hadoop keeps capacities as Java floats and reports them times 100 (60.000004 for 0.6f)
PERCENT_TOLERANCE = 1e-3
_CAPACITIES = (
    ("capacity", "capacity"),
    ("absolute_capacity", "absolute capacity"),
    ("maximum_capacity", "maximum capacity"),
    ("absolute_maximum_capacity", "absolute maximum capacity"),
)


@dataclass(slots=True)
class LiveCheck:
    """The result: how much was compared, and every difference."""

    rm: str
    queues: int = 0
    values: int = 0
    differences: list[Diagnostic] = field(default_factory=list)


def _text(vector: Mapping[str, int] | None) -> str:
    if vector is None:
        return "none"
    return ", ".join(f"{name}={amount}" for name, amount in vector.items()) or "none"


class _Checker:
    def __init__(self, snapshot: DemandSnapshot) -> None:
        self.check = LiveCheck(
            rm=snapshot.provenance.get("rm") or snapshot.provenance.get("from") or snapshot.source
        )

    def differ(self, rule: Rule, reported: ReportedQueue, what: str, ours: str, theirs: str) -> None:
        message = f"{reported.path} {what}: fsctl {ours}, the ResourceManager {theirs}"
        key = what.replace(" ", "_")
        self.check.differences.append(rule.at(reported.location, message, queue=reported.path, property=key))

    def vectors(
        self, rule: Rule, reported: ReportedQueue, key: str, what: str, ours: Mapping[str, int] | None
    ) -> None:
        """Compare in the types fsctl computed (all of ``ours``) that the ResourceManager reported."""
        theirs = reported.resources.get(key)
        if theirs is None or ours is None:
            return
        types = [t for t in ours if t in theirs]
        if not types:
            return
        self.check.values += 1
        if any(ours[t] != theirs[t] for t in types):
            self.differ(
                rule, reported, what, _text({t: ours[t] for t in types}), _text({t: theirs[t] for t in types})
            )


def check_fair(result: FairResult, snapshot: DemandSnapshot) -> LiveCheck:
    checker = _Checker(snapshot)
    created = {q.path: q for q in result.queues if q.created}
    for path, reported in snapshot.reported.items():
        queue = created.get(path)
        if queue is None:
            checker.check.values += 1
            checker.differ(SM265, reported, "queue", "has no such queue (not in the file)", "runs it")
            continue
        checker.check.queues += 1
        checker.vectors(SM261, reported, "steady_fair_share", "steady fair share", queue.steady_fair_share)
        checker.vectors(SM260, reported, "fair_share", "fair share", queue.fair_share)
        checker.vectors(SM264, reported, "usage", "usage", queue.usage)
        checker.vectors(SM265, reported, "min_share", "minResources", queue.min_share)
        # FairSchedulerQueueInfo reports getMaxShare() capped at the cluster (componentwiseMin)
        capped = {t: min(v, result.cluster.get(t, v)) for t, v in queue.max_share.items()}
        checker.vectors(SM265, reported, "max_share", "maxResources", capped)
        if "max_apps" in reported.numbers:
            checker.check.values += 1
            if reported.numbers["max_apps"] != queue.max_running_apps:
                theirs = int(reported.numbers["max_apps"])
                checker.differ(SM265, reported, "maxRunningApps", str(queue.max_running_apps), str(theirs))
        policy = reported.settings.get("policy")
        if policy is not None:
            checker.check.values += 1
            if policy != queue.policy.lower():
                checker.differ(SM265, reported, "schedulingPolicy", queue.policy, policy)
    for path, queue in created.items():
        if path not in snapshot.reported and not queue.dynamic and snapshot.reported:
            missing = ReportedQueue(
                path=path, leaf=queue.leaf, location=queue.queue.location if queue.queue else None
            )
            checker.check.values += 1
            checker.differ(SM265, missing, "queue", "declares it", "has no such queue")
    return checker.check


def check_capacity(result: CapacityResult, snapshot: DemandSnapshot) -> LiveCheck:
    checker = _Checker(snapshot)
    usage = _usage_by_queue(snapshot)
    for path, reported in snapshot.reported.items():
        queue = result.find(path)
        if queue is None:
            checker.check.values += 1
            checker.differ(SM265, reported, "queue", "has no such queue (not in the file)", "runs it")
            continue
        checker.check.queues += 1
        for key, what in _CAPACITIES:
            theirs = reported.numbers.get(key)
            if theirs is None:
                continue
            if key == "capacity" and queue.mode == "weight":
                # QueueCapacities keeps no capacity for a queue given a weight (it reports 0): the
                # weight's share among its siblings is what the queue has, and what is compared
                key, what = "normalized_weight", "normalized weight"
                weight = reported.numbers.get(key)
                if weight is None:
                    continue
                theirs = weight * 100
            ours = getattr(queue, key) * 100
            checker.check.values += 1
            if abs(ours - theirs) > PERCENT_TOLERANCE:
                checker.differ(SM262, reported, what, f"{ours:.4f}%", f"{theirs:.4f}%")
        checker.vectors(SM263, reported, "guaranteed", "effective minimum resource", queue.guaranteed)
        checker.vectors(SM263, reported, "maximum", "effective maximum resource", queue.maximum)
        checker.vectors(SM264, reported, "usage", "usage", usage.get(path, dict.fromkeys(result.types, 0)))
    return checker.check


def _usage_by_queue(snapshot: DemandSnapshot) -> dict[str, dict[str, int]]:
    """Each queue's usage: its applications' (a leaf), its leaves' summed (a parent)."""
    totals: dict[str, dict[str, int]] = {}
    for path, load in snapshot.queues.items():
        own = dict(load.usage)
        for app in load.applications:
            for name, amount in app.usage.items():
                own[name] = own.get(name, 0) + amount
        parts = path.split(".")
        for depth in range(1, len(parts) + 1):
            total = totals.setdefault(".".join(parts[:depth]), {})
            for name, amount in own.items():
                total[name] = total.get(name, 0) + amount
    return totals
