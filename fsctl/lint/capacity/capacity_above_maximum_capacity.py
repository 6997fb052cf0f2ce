"""CS306 capacity-above-maximum-capacity: Hadoop 3.4's CapacitySchedulerConfiguration no longer refuses
a capacity above the maximum; compared as Hadoop 3.3 compared them, as absolute fractions of the
cluster (a capacity is of the parent's capacity, a maximum of the parent's maximum)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.capacity_value import CapacityMode, CapacityValue
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
    """A queue's guaranteed capacity is larger than its maximum capacity, as shares of the cluster.

    Hadoop 3.4 no longer rejects it (YARN-10504 removed the 3.3 check, which compared the absolute
    capacity with the absolute maximum), but the documented intent is ``capacity <= maximum-capacity``:
    the queue is promised more than it may ever use. The capacity is a share of the parent's
    capacity, the maximum one of the parent's maximum, so both are compared as shares of the cluster
    (percentages all the way down from root; weights and absolute values are not judged).
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#capacitiesSanityCheck (branch-3.3)",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if context.hadoop_version < (3, 4):
        return  # before 3.4, Hadoop itself rejects it (CS124)
    # (absolute capacity, absolute maximum) of each queue reached by percentages from root
    absolute: dict[str, tuple[float, float]] = {
        tree.root.path: (1.0, _fraction(capacity(tree.root, "maximum-capacity")))
    }
    for queue in queues:
        parent = absolute.get(queue.parent.path) if queue.parent is not None else None
        minimum = capacity(queue, "capacity")
        if parent is None or minimum is None or minimum.mode is not CapacityMode.PERCENTAGE:
            continue
        maximum = capacity(queue, "maximum-capacity")
        if maximum is not None and maximum.mode is not CapacityMode.PERCENTAGE:
            continue
        abs_cap, abs_max = minimum.percent / 100 * parent[0], _fraction(maximum) * parent[1]
        absolute[queue.path] = (abs_cap, abs_max)
        if maximum is None or abs_cap <= abs_max + 1e-9:
            continue
        setting = queue.declared["capacity"]
        yield RULE.at(
            setting.location or queue.location,
            f"capacity {fmt(minimum.percent)} is above maximum-capacity {fmt(maximum.percent)} as shares of "
            f"the cluster ({fmt(abs_cap * 100)}% > {fmt(abs_max * 100)}%); the queue is guaranteed more than "
            "it may use (Hadoop 3.3 rejected this)",
            queue=queue.path,
            property="capacity",
        )


def _fraction(maximum: CapacityValue | None) -> float:
    """A maximum-capacity as a fraction of the parent's maximum: unset and -1 are 100 %."""
    if maximum is None or maximum.mode is not CapacityMode.PERCENTAGE or maximum.percent == -1.0:
        return 1.0
    return maximum.percent / 100
