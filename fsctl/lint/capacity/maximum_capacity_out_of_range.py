"""CS307 maximum-capacity-out-of-range: CapacitySchedulerConfiguration#getNonLabeledQueueMaximumCapacity
reads it unchecked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.capacity_value import CapacityMode
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import CSC, capacity, fmt, number
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS307",
    "maximum-capacity-out-of-range",
    WARNING,
    """``maximum-capacity`` is a percentage outside [0, 100].

    Hadoop 3.4 reads the non-label value without a range check: ``150`` lets the queue grow to 1.5×
    its parent's maximum. Only ``-1`` (meaning 100) is a documented special value.
    """,
    lint_only=True,
    hadoop_source=CSC + "#getNonLabeledQueueMaximumCapacity",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues:
        setting = queue.declared.get("maximum-capacity")
        if setting is None:
            continue
        maximum = capacity(queue, "maximum-capacity")
        if maximum is None or maximum.mode is not CapacityMode.PERCENTAGE:
            continue
        raw_value = number(setting)
        value = raw_value if raw_value is not None else maximum.percent
        if value == -1.0 or (0.0 <= value <= 100.0):
            continue
        yield RULE.at(
            setting.location or queue.location,
            f"maximum-capacity {fmt(value)} is outside [0, 100] (-1 means 100); Hadoop 3.4 reads it "
            f"unchecked as {fmt(value / 100)} of the parent's maximum",
            queue=queue.path,
            property="maximum-capacity",
        )
