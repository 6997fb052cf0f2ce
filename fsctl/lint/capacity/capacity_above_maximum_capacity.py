"""CS306 capacity-above-maximum-capacity: Hadoop 3.4's CapacitySchedulerConfiguration no longer refuses
capacity above maximum-capacity."""

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
    "CS306",
    "capacity-above-maximum-capacity",
    WARNING,
    """A queue's guaranteed capacity is larger than its maximum capacity.

    Hadoop 3.4 no longer rejects it (YARN-10504 removed the 3.3 check), but the documented intent is
    ``capacity <= maximum-capacity``: the queue is promised more than it may ever use.
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#capacitiesSanityCheck (branch-3.3)",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if context.hadoop_version < (3, 4):
        return  # before 3.4, Hadoop itself rejects it (CS124)
    for queue in queues:
        declared = queue.declared
        if queue.parent is None or "capacity" not in declared or "maximum-capacity" not in declared:
            continue
        minimum = capacity(queue, "capacity")
        maximum = capacity(queue, "maximum-capacity")
        if minimum is None or maximum is None:
            continue
        both_percent = minimum.mode is CapacityMode.PERCENTAGE and maximum.mode is CapacityMode.PERCENTAGE
        if both_percent and maximum.percent != -1.0 and minimum.percent > maximum.percent:
            setting = declared["capacity"]
            yield RULE.at(
                setting.location or queue.location,
                f"capacity {fmt(minimum.percent)} is above maximum-capacity {fmt(maximum.percent)}; "
                "the queue is guaranteed more than it may use (Hadoop 3.3 rejected this)",
                queue=queue.path,
                property="capacity",
            )
