"""CS311 guarantees-exceed-parent: outside legacy queue mode Hadoop accepts over-subscribed children and
scales them down."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.capacity_value import CapacityMode
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import capacity, fmt
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS311",
    "guarantees-exceed-parent",
    WARNING,
    """Children are promised more than their parent has.

    In non-legacy mode (``legacy-queue-mode.enabled=false``) Hadoop does not reject percentage
    children that sum above 100% or absolute children above the parent; it scales them down at
    run time (``QUEUE_OVERUTILIZED``, ``BRANCH_DOWNSCALED``). A child whose absolute capacity is
    above its parent's absolute maximum can never get its guarantee either.
    """,
    lint_only=True,
    hadoop_source="ResourceCalculationDriver.java",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if tree.info.legacy_queue_mode:
        return  # legacy queue mode refuses over-subscription when it loads the file
    for queue in queues:
        if queue.children:
            yield from _children_exceed_parent(queue)


def _children_exceed_parent(queue: Queue) -> Iterator[Diagnostic]:
    children = [(child, capacity(child, "capacity")) for child in queue.children]
    percent = [(c, v) for c, v in children if v is not None and v.mode is CapacityMode.PERCENTAGE]
    total = sum(v.percent for _, v in percent)
    if total > 100.0 + 1e-6:
        first = percent[0][0]
        yield RULE.at(
            first.setting_location("capacity"),
            f"the percentage children of {queue.path} add up to {fmt(total)}% (> 100%); Hadoop scales "
            "them down at run time",
            queue=queue.path,
            property="capacity",
        )
    own = capacity(queue, "capacity")
    absolute = [(c, v) for c, v in children if v is not None and v.mode is CapacityMode.ABSOLUTE]
    if own is not None and own.mode is CapacityMode.ABSOLUTE and own.resources and absolute:
        mine = dict(own.resources)
        sums: dict[str, int] = {}
        for _, value in absolute:
            for name, amount in value.resources:
                sums[name] = sums.get(name, 0) + amount
        over = [name for name, amount in sums.items() if amount > mine.get(name, 0)]
        if over:
            yield RULE.at(
                absolute[0][0].setting_location("capacity"),
                f"the absolute children of {queue.path} need more {', '.join(over)} than the parent's "
                f"capacity {own.text}",
                queue=queue.path,
                property="capacity",
            )
