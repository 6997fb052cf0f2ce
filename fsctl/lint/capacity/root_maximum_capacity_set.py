"""CS313 root-maximum-capacity-set: root's maximum-capacity below 100 scales every queue's maximum
(oracle: 3.4.2 halves every absolute maximum for 50; 3.3.6 refuses it; 100 changes nothing)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.capacity_value import CapacityMode
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS313",
    "root-maximum-capacity-set",
    WARNING,
    """``root.maximum-capacity`` is set below 100.

    Root keeps the whole cluster, but every queue's absolute maximum is multiplied by root's
    maximum fraction, so ``root.maximum-capacity=50`` halves every elastic ceiling (Hadoop 3.4); Hadoop
    3.3 refuses to start (root's capacity, 100%, is above its maximum). ``100`` (what ``yarn fs2cs``
    and ``fsctl convert`` write) and ``-1`` mean the whole cluster and change nothing.

    Bad: ``root.maximum-capacity=50``
    Good: no ``root.maximum-capacity``, or ``100``
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#updateAbsoluteCapacitiesByNodeLabels",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    root_max = tree.root.declared.get("maximum-capacity")
    value = tree.root.effective.maximum_capacity
    # CapacitySchedulerConfiguration.getNonLabeledQueueMaximumCapacity: -1 is 100; an absolute or
    # vector value reads as 100 for root too
    if root_max is None or value.mode is not CapacityMode.PERCENTAGE or value.percent in (100.0, -1.0):
        return
    yield RULE.at(
        root_max.location or tree.root.location,
        f"root.maximum-capacity={root_max.raw} multiplies every queue's absolute maximum by "
        f"{value.percent / 100:g} (root keeps the whole cluster; Hadoop 3.3 refuses it): remove the key "
        "or set it to 100",
        queue="root",
        property="maximum-capacity",
    )
