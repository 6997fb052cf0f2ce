"""How each queue's share of a given cluster changes: steady fair share (and, with a demand snapshot,
instantaneous fair share) for the Fair Scheduler, guaranteed capacity for the Capacity Scheduler.

Shares come from ``fsctl.evaluate`` (Hadoop's arithmetic) and are shown as a percentage of the
cluster, one figure when every computed resource type agrees, else one per type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsctl.diff.changes import ADDED, CHANGED, REMOVED, Change, percent_text
from fsctl.diff.queues import Matching
from fsctl.diff.wording import describe_share
from fsctl.model.resources import MEMORY, Vector
from fsctl.model.tree import CAPACITY, FAIR, QueueTree

STEADY = "steadyFairShare"
INSTANT = "fairShare"
GUARANTEED = "guaranteedCapacity"
LABELS = {STEADY: "steady fair share", INSTANT: "fair share", GUARANTEED: "guaranteed capacity"}

Shares = dict[str, dict[str, str]]  # queue path -> share property -> percentage text


def share_of_cluster(vector: Mapping[str, int], cluster: Mapping[str, int]) -> str | None:
    """``12.5%``, or ``memory-mb 12.5%, vcores 10.0%`` when the types disagree; None if nothing
    was computed (a fair policy computes memory only; the other types are absent)."""
    parts = {t: percent_text(v / cluster[t]) for t, v in vector.items() if cluster.get(t)}
    if not parts:
        return None
    if len(set(parts.values())) == 1:
        return next(iter(parts.values()))
    ordered = sorted(parts.items(), key=lambda kv: (kv[0] != MEMORY, kv[0]))
    return ", ".join(f"{t} {p}" for t, p in ordered)


def fair_shares(tree: QueueTree, cluster: Vector, demand: Any = None) -> Shares:
    from fsctl.evaluate.fair import evaluate_fair

    result = evaluate_fair(tree, cluster, demand)
    shares: Shares = {}
    for queue in result.queues:
        if not queue.created:
            continue
        entry: dict[str, str] = {}
        steady = share_of_cluster(queue.steady_fair_share, result.cluster)
        if steady is not None:
            entry[STEADY] = steady
        if demand is not None:
            instant = share_of_cluster(queue.fair_share, result.cluster)
            if instant is not None:
                entry[INSTANT] = instant
        shares[queue.path] = entry
    return shares


def capacity_shares(tree: QueueTree, cluster: Vector) -> Shares:
    """Guaranteed capacity of each queue as a percentage of the cluster (cs.md §7)."""
    from fsctl.evaluate.capacity import evaluate_capacity

    result = evaluate_capacity(tree, cluster)
    # absolute capacity (a float fraction of the cluster) rather than the truncated guaranteed
    # amounts, so that 1/3 of 100 vcores does not read as 33.0% beside 33.3% of the memory
    return {queue.path: {GUARANTEED: percent_text(queue.absolute_capacity)} for queue in result.queues}


def tree_shares(tree: QueueTree, cluster: Vector, demand: Any = None) -> Shares:
    if tree.format == FAIR:
        return fair_shares(tree, cluster, demand)
    if tree.format == CAPACITY:
        return capacity_shares(tree, cluster)
    return {}


def share_changes(before: Shares, after: Shares, matching: Matching) -> list[Change]:
    """One change per queue and share whose percentage moved (added and removed queues included)."""
    changes: list[Change] = []
    pairs: list[tuple[str | None, str | None]] = [(o.path, n.path) for o, n in matching.pairs]
    pairs += [(None, q.path) for q in matching.added]
    pairs += [(q.path, None) for q in matching.removed]
    for old_path, new_path in pairs:
        was = before.get(old_path, {}) if old_path else {}
        now = after.get(new_path, {}) if new_path else {}
        for prop in (STEADY, INSTANT, GUARANTEED):
            a, b = was.get(prop), now.get(prop)
            if a == b or (a is None and b is None):
                continue
            queue = new_path or old_path
            kind = CHANGED if a is not None and b is not None else (ADDED if a is None else REMOVED)
            changes.append(Change(kind, queue, prop, a, b, describe_share(LABELS[prop], a, b)))
    return changes
