"""Resource limits fs2cs drops, converted for a given cluster (``--cluster``), and the Capacity
Scheduler's absolute fractions of the converted tree.

A Capacity Scheduler queue in weight or percentage mode has one ``maximum-capacity`` percentage
of its parent's maximum for every resource type (cs.md §7.1: ``absMax(Q) = max × absMax(parent)``).
An absolute ``[memory=…,vcores=…]`` maximum next to weight or percentage capacities reads as 100%
in legacy queue mode (the default, also on 3.4), so fsctl writes ``<maxResources>`` as the
percentage of the parent's maximum that keeps the queue within it, taking the largest of the
types' fractions; when the types' fractions differ, the finding names what is lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from fsctl.hadoop.javanum import java_float_str, to_float32
from fsctl.model.diagnostics import Severity
from fsctl.model.impact import limit_severity
from fsctl.model.resources import UNBOUNDED, ResourceSpec, fmt_vector
from fsctl.model.tree import Queue


@dataclass
class Plan:
    """Absolute capacity and maximum fractions of the cluster per converted queue (cs.md §7.1);
    filled and read only when a cluster is given (``--cluster``)."""

    cluster: dict[str, int] | None
    abs_capacity: dict[str, float] = field(default_factory=dict)
    abs_maximum: dict[str, float] = field(default_factory=dict)

    def set_root(self) -> None:
        self.abs_capacity["root"] = 1.0
        self.abs_maximum["root"] = 1.0

    def set_capacity(self, path: str, parent: str, fraction: float) -> None:
        self.abs_capacity[path] = fraction * self.abs_capacity.get(parent, 1.0)

    def set_maximum(self, path: str, parent: str | None, percent: float) -> None:
        base = self.abs_maximum.get(parent, 1.0) if parent is not None else 1.0
        self.abs_maximum[path] = percent / 100.0 * base if parent is not None else 1.0

    def vector(self, fraction: float) -> dict[str, int]:
        assert self.cluster is not None
        return {name: int(total * fraction) for name, total in self.cluster.items()}

    def guaranteed(self, path: str) -> dict[str, int]:
        return self.vector(self.abs_capacity.get(path, 0.0))

    def maximum(self, path: str) -> dict[str, int]:
        return self.vector(self.abs_maximum.get(path, 1.0))


def resolved(spec: ResourceSpec, cluster: dict[str, int]) -> dict[str, int]:
    """The limit for this cluster; unbounded types are left out, and a vcores the value left out
    (-1, FS350) is the 0 FSQueue.getMaxShare makes of it."""
    values = spec.resolve(cluster)
    return {name: max(amount, 0) for name, amount in values.items() if amount < UNBOUNDED and name in cluster}


@dataclass(frozen=True)
class MaxConversion:
    percent: float
    text: str
    lost: str | None  # what the single percentage cannot express, for the message


def maximum_percent(limit: dict[str, int], parent_max: dict[str, int]) -> MaxConversion | None:
    """The ``maximum-capacity`` percentage of the parent's maximum for an absolute limit, or None
    when the limit does not restrict the queue below its parent's maximum."""
    fractions = {
        name: amount / parent_max[name] for name, amount in limit.items() if parent_max.get(name, 0) > 0
    }
    if not fractions:
        return None
    largest = max(fractions.values())
    if largest >= 1.0:
        return None
    percent = round(largest * 100.0, 3)
    text = java_float_str(to_float32(percent))
    lost = None
    if len(set(round(f, 5) for f in fractions.values())) > 1:
        allowed = {name: int(parent_max[name] * percent / 100.0) for name in fractions}
        lost = f"the limit {fmt_vector(limit)} becomes {fmt_vector(allowed)}"
    return MaxConversion(percent, text, lost)


def fair_maximum(limits: Iterable[object], cluster: dict[str, int]) -> dict[str, float | None]:
    """The most a Fair queue may hold under ``limits`` (its maxResources and its ancestors'), per
    type, as a fraction of the cluster (None: no limit): ``FSQueue.fitsInMaxShare`` checks each."""
    least: dict[str, float | None] = {name: None for name, total in cluster.items() if total > 0}
    for spec in limits:
        if not isinstance(spec, ResourceSpec):
            continue
        for name, amount in resolved(spec, cluster).items():
            if cluster.get(name):
                fraction = amount / cluster[name]
                current = least[name]
                least[name] = fraction if current is None else min(current, fraction)
    return least


def fair_maxima(queues: Iterable[Queue], cluster: dict[str, int]) -> dict[str, dict[str, float | None]]:
    """:func:`fair_maximum` of every queue's chain (``queues`` parents first), each computed once
    from its parent's: a large tree walks its ancestors no more than once."""
    found: dict[str, dict[str, float | None]] = {}
    for queue in queues:
        parent = queue.parent
        if parent is None:
            continue
        own = fair_maximum([queue.effective.max_resources], cluster)
        above = found.get(parent.path)
        if above is not None:
            own = {t: _least(v, above.get(t)) for t, v in own.items()}
        found[queue.path] = own
    return found


def _least(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else min(a, b)


def chain_limits(queue: Queue) -> list[object]:
    """The maxResources of a queue and of its ancestors below root (root's cap is CV410's)."""
    limits: list[object] = []
    node: Queue | None = queue
    while node is not None and node.parent is not None:
        limits.append(node.effective.max_resources)
        node = node.parent
    return limits


def limit_change(old: dict[str, float | None], new_fraction: float) -> tuple[Severity, str]:
    """The severity of a maximum moving from ``old`` (per type) to one fraction for every type
    (:func:`fsctl.model.impact.limit_severity`), and how far it moves where it moves most."""
    old = {name: None if before is None or before >= 1.0 else before for name, before in old.items()}
    new: dict[str, float | None] = dict.fromkeys(old, None if new_fraction >= 1.0 else new_fraction)
    severity = limit_severity(old, new)
    worst, text = 1.0, ""
    for name, before in old.items():
        if before is not None and new[name] is None:
            return severity, f"{name} lifted ({before * 100:.1f}% of the cluster -> no limit)"
        if before is None or before <= 0 or new_fraction <= 0:
            continue
        factor = max(new_fraction / before, before / new_fraction)
        if factor > worst:
            how = "loosened" if new_fraction > before else "tightened"
            shown = f"{before * 100:.1f}% -> {new_fraction * 100:.1f}% of the cluster"
            worst, text = factor, f"{name} {how} {factor:.1f}x ({shown})"
    return severity, text
