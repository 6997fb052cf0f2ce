"""What ``yarn rmadmin -refreshQueues`` refuses between two Capacity Scheduler configs (cs.md §6.5).

Follows ``CapacitySchedulerConfigValidator.validateQueueHierarchy`` (old queues against new ones)
and the maximum-allocation check of ``AbstractLeafQueue.reinitialize``. The old file is taken as
what the ResourceManager runs now, so a queue's "current state" is its effective state there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fsctl.capacity.keys import PREFIX
from fsctl.capacity.values import CapacityTree
from fsctl.diff.changes import canonical
from fsctl.diff.queues import Matching, property_value
from fsctl.model.resources import MEMORY, VCORES, ResourceSpec
from fsctl.model.tree import Queue

STATE = "state"
MANAGED = "auto-create-child-queue.enabled"
DYNAMIC_V2 = "auto-queue-creation-v2.enabled"
MAX_ALLOCATION_KEYS = ("maximum-allocation", "maximum-allocation-mb", "maximum-allocation-vcores")
#: yarn.scheduler.maximum-allocation-mb / -vcores defaults (YarnConfiguration)
CLUSTER_MAX_DEFAULT = {MEMORY: 8192, VCORES: 4}


@dataclass(frozen=True)
class Refusal:
    """A change the refresh refuses: which queue, the change(s) it belongs to, and Hadoop's message."""

    queue: str
    #: properties of the change it belongs to; () means the queue's own added/removed/moved change
    properties: tuple[str, ...]
    message: str
    old: str | None = None
    new: str | None = None


def _state(queue: Queue) -> str:
    value = property_value(queue, STATE)
    return canonical(value).upper() if value is not None else "RUNNING"


def _declared_state(tree: CapacityTree, path: str) -> str | None:
    """``newConf.get(<path>.state)``: the new file's text (expanded, not trimmed), also for a queue
    it no longer lists."""
    return tree.info.properties.get(f"{PREFIX}{path}.{STATE}")


def _is_true(queue: Queue, key: str) -> bool:
    return canonical(property_value(queue, key, False)).lower() == "true"


def _managed(queue: Queue) -> bool:
    """A v1 ``ManagedParentQueue``: ``auto-create-child-queue.enabled`` on a queue."""
    return _is_true(queue, MANAGED)


def refusals(old: CapacityTree, new: CapacityTree, matching: Matching) -> list[Refusal]:
    found: list[Refusal] = []
    # A moved queue is "deleted" at its old path (the SamePathValidator branch never fires); its
    # refusal is shown on the move of the topmost queue of the subtree.
    moved_tops = {o.path: n.path for o, n in matching.moved}
    deleted = [(q, q.path) for q in matching.removed]
    for before, after in matching.pairs:
        if before.path != after.path:
            top = next(o for o in moved_tops if before.path == o or before.path.startswith(o + "."))
            deleted.append((before, moved_tops[top]))
    blocked: dict[str, list[Queue]] = {}
    for queue, target in deleted:
        # QueueState.valueOf without upper-casing: only the exact text STOPPED counts
        if _state(queue) == "STOPPED" or _declared_state(new, queue.path) == "STOPPED":
            continue
        blocked.setdefault(target, []).append(queue)
    for target, queues in blocked.items():
        first = queues[0]
        message = (
            f"{first.path} cannot be deleted from the capacity scheduler configuration, as the queue "
            f"is not yet in stopped state. Current State : {_state(first)}"
        )
        if len(queues) > 1:  # the rest of a moved subtree: one note on the move
            message += f" (and {len(queues) - 1} more queue{'s' if len(queues) > 2 else ''} below it)"
        found.append(Refusal(target, (), message))

    memos: tuple[dict[Queue, dict[str, int]], dict[Queue, dict[str, int]]] = ({}, {})  # old, new
    for before, after in matching.pairs:
        if before.path != after.path:
            continue  # a new queue to Hadoop: no reinitialize, no conversion check
        found.extend(_conversion(before, after))
        if before.is_leaf and after.is_leaf:
            refusal = _max_allocation_shrinks(old, before, new, after, memos)
            if refusal is not None:
                found.append(refusal)
    return found


def _conversion(before: Queue, after: Queue) -> list[Refusal]:
    found: list[Refusal] = []
    if not before.is_leaf:  # ParentQueueConversionValidator
        if not _managed(before) and _managed(after):
            found.append(
                Refusal(
                    after.path,
                    (MANAGED,),
                    f"Can not convert parent queue: {before.path} to auto create enabled parent queue "
                    "since it could have other pre-configured queues which is not supported",
                    "false",
                    "true",
                )
            )
        if _managed(before) and not _managed(after):
            found.append(
                Refusal(
                    after.path,
                    (MANAGED,),
                    f"Cannot convert auto create enabled parent queue: {before.path} to leaf queue. "
                    f"Please check  parent queue's configuration {MANAGED} is set to true",
                    "true",
                    "false",
                )
            )
    # LeafQueueConversionValidator: the new queue's effective state counts too
    elif not after.is_leaf and _state(before) != "STOPPED" and _state(after) != "STOPPED":
        found.append(
            Refusal(
                after.path,
                ("type",),
                f"Can not convert the leaf queue: {before.path} to parent queue since it is not yet "
                f"in stopped state. Current State : {_state(before)}",
                "leaf",
                "parent",
            )
        )
    return found


def cluster_maximum(tree: CapacityTree) -> dict[str, int]:
    """``yarn.scheduler.maximum-allocation-*`` as the reader resolved it, else Hadoop's defaults."""
    result = dict(CLUSTER_MAX_DEFAULT)
    for key, name in (("maximum-allocation-mb", MEMORY), ("maximum-allocation-vcores", VCORES)):
        value = tree.info.defaults[f"yarn.scheduler.{key}"]
        if isinstance(value, int) and value > 0:
            result[name] = value
    return result


def maximum_allocation(
    tree: CapacityTree, queue: Queue, memo: dict[Queue, dict[str, int]] | None = None
) -> dict[str, int]:
    """``QueueAllocationSettings.setupMaximumAllocation``: the parent's maximum (root: the
    cluster's), overridden per resource by ``maximum-allocation`` or else the ``-mb``/``-vcores``
    keys (``-1`` is unset).

    ``memo`` (one per tree) keeps each queue's result, so asking for every leaf walks each
    ancestor once instead of once per leaf below it.
    """
    chain: list[Queue] = []
    node: Queue | None = queue
    while node is not None and (memo is None or node not in memo):
        chain.append(node)
        node = node.parent
    result = memo[node] if memo is not None and node is not None else cluster_maximum(tree)
    for node in reversed(chain):
        result = _with_maximum_allocation(node, result)
        if memo is not None:
            memo[node] = result  # shared with the parent's when the queue changes nothing
    return dict(result)


def _with_maximum_allocation(queue: Queue, inherited: dict[str, int]) -> dict[str, int]:
    """One queue's own overrides on top of its parent's maximum allocation: ``inherited`` itself
    (never modified) when they change nothing, as for nearly every queue of a large file."""
    value_of = queue.effective.value_of
    spec = value_of("maximum-allocation")
    if spec is None:  # the reader keeps the resolved -mb and -vcores: ints, mostly the parent's
        memory, vcores = value_of("maximum-allocation-mb"), value_of("maximum-allocation-vcores")
        if (
            memory.__class__ is int
            and vcores.__class__ is int
            and (memory == -1 or inherited.get(MEMORY) == memory)
            and (vcores == -1 or inherited.get(VCORES) == vcores)
        ):
            return inherited
    if isinstance(spec, ResourceSpec) and spec.absolute:
        overrides = {k: v for k, v in spec.amounts().items() if v >= 0}
    else:
        overrides = {}
        for key, name in (("maximum-allocation-mb", MEMORY), ("maximum-allocation-vcores", VCORES)):
            value = _as_int(value_of(key))
            if value is not None and value != -1:
                overrides[name] = value
    if all(inherited.get(name) == value for name, value in overrides.items()):
        return inherited
    return {**inherited, **overrides}


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def _spell(vector: Mapping[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in vector.items())


def _max_allocation_shrinks(
    old: CapacityTree,
    before: Queue,
    new: CapacityTree,
    after: Queue,
    memos: tuple[dict[Queue, dict[str, int]], dict[Queue, dict[str, int]]] | None = None,
) -> Refusal | None:
    """``AbstractLeafQueue.reinitialize``: ``Resources.fitsIn(oldMax, newMax)`` must hold."""
    if memos is None:
        memos = ({}, {})
    was = maximum_allocation(old, before, memos[0])
    now = maximum_allocation(new, after, memos[1])
    if all(was.get(name, 0) <= now.get(name, 0) for name in was):
        return None
    return Refusal(
        after.path,
        MAX_ALLOCATION_KEYS,
        f"Trying to reinitialize {after.path} the maximum allocation size can not be decreased! "
        f"Current setting: {_spell(was)}, trying to set it to: {_spell(now)}",
        _spell(was),
        _spell(now),
    )
