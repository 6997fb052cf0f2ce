"""Semantic diff of two scheduler configurations (pure: trees in, changes out, nothing printed).

Same format: queues added, removed and moved, every effective property that changed, placement or
mapping rules added, removed or reordered, scheduler-wide settings, and with a cluster size the
change in each queue's share. Capacity Scheduler changes that ``yarn rmadmin -refreshQueues``
refuses are marked (cs.md §6.5). Across formats (a Fair file against a Capacity file) see
:mod:`fsctl.diff.crossformat`, and :mod:`fsctl.diff.migration` for the changes judged as ``fsctl
convert`` judges its own output.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from fsctl.diff.changes import ADDED, CHANGED, MOVED, REFRESH_REFUSED, REMOVED, Change, canonical
from fsctl.diff.queues import Matching, match_queues, queue_changes, settings_changes, structure_changes
from fsctl.diff.refresh import Refusal, refusals
from fsctl.diff.rules import CS_RULE_SETTINGS, placement_changes
from fsctl.diff.shares import share_changes, tree_shares
from fsctl.model.resources import Vector
from fsctl.model.tree import CAPACITY, QueueTree

__all__ = ["ADDED", "CHANGED", "MOVED", "REMOVED", "Change", "canonical", "diff_trees", "is_different"]


def diff_trees(
    old: QueueTree,
    new: QueueTree,
    *,
    cluster: Vector | None = None,
    demand: Any = None,
) -> list[Change]:
    """Every semantic difference from ``old`` to ``new``, grouped by queue, deterministic order."""
    if old is new:  # one tree read for both sides (the same input): nothing can differ
        return []
    if old.format != new.format:
        from fsctl.diff.crossformat import cross_format_changes

        return cross_format_changes(old, new, cluster=cluster, demand=demand)
    matching = match_queues(old, new)
    rule_changes = placement_changes(old, new)
    changes = settings_changes(old, new)
    if old.format == CAPACITY:  # the rules are compared as rules (placement_changes)
        changes = [c for c in changes if c.property not in CS_RULE_SETTINGS]
    changes += rule_changes
    changes += structure_changes(matching) + queue_changes(matching)
    if cluster:
        changes += share_changes(
            tree_shares(old, cluster, demand), tree_shares(new, cluster, demand), matching
        )
    if old.format == CAPACITY:
        changes = apply_refusals(changes, refusals(old, new, matching))
    return order_changes(changes, old, new, matching)


def is_different(changes: Sequence[Change]) -> bool:
    """Whether the configurations differ in a way not expected from a conversion."""
    return any(not c.expected for c in changes)


def apply_refusals(changes: list[Change], found: Iterable[Refusal]) -> list[Change]:
    """Mark the changes a refresh refuses; a refusal with no change to carry it becomes one."""
    result = list(changes)
    by_queue: dict[str | None, list[int]] = {}
    for i, c in enumerate(result):
        by_queue.setdefault(c.queue, []).append(i)
    for refusal in found:
        hits = [
            i
            for i in by_queue.get(refusal.queue, [])
            if (
                result[i].property in refusal.properties if refusal.properties else result[i].property is None
            )
        ]
        note = f"; {REFRESH_REFUSED}: {refusal.message}"
        for i in hits:
            result[i] = replace(result[i], effect=result[i].effect + note, refresh_refused=True)
        if not hits:
            prop = refusal.properties[0] if refusal.properties else None
            result.append(
                Change(
                    CHANGED,
                    refusal.queue,
                    prop,
                    refusal.old,
                    refusal.new,
                    f"{REFRESH_REFUSED}: {refusal.message}",
                    refresh_refused=True,
                )
            )
    return result


_STRUCTURE_RANK = {"type": 1}


def order_changes(
    changes: Iterable[Change], old: QueueTree, new: QueueTree, matching: Matching
) -> list[Change]:
    """Scheduler-wide first, then queue by queue in the new tree's order (a queue that is gone sits
    after what remains of its old parent), and within a queue: itself, its type, its properties by
    name, its shares."""
    position: dict[str, tuple[int, ...]] = {}
    for index, queue in enumerate(new.queues()):
        position[queue.path] = (index,)
    if matching.removed:  # a removed queue sits right after the survivor before it
        old_order = {q.path: i for i, q in enumerate(old.queues())}
        new_of = {o.path: n.path for o, n in matching.pairs}
        survivor = "root"
        for queue in old.queues():
            if queue.path in new_of:
                survivor = new_of[queue.path]
            else:
                position[queue.path] = (*position.get(survivor, (-1,)), old_order[queue.path])

    def key(change: Change) -> tuple[Any, ...]:
        if change.queue is None:
            return ((-1,), 0, change.property or "", 0)
        where = position.get(change.queue, (len(position) + 1,))
        if change.property is None:
            rank = 0
        elif change.property in _STRUCTURE_RANK:
            rank = 1
        elif change.property in ("steadyFairShare", "fairShare", "guaranteedCapacity"):
            rank = 3
        else:
            rank = 2
        return (where, rank, change.property or "", change.kind)

    return sorted(changes, key=key)
