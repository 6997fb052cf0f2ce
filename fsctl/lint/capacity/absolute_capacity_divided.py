"""CS360 absolute-capacity-divided: Hadoop 3.1 divides an absolute-resource queue's capacity by its
parent's absolute capacity where later releases multiply."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.capacity_value import CapacityMode
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import capacity
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS360",
    "absolute-capacity-divided",
    WARNING,
    """Hadoop 3.1 overstates the absolute capacity of an absolute-resource queue below another queue.

    ``ParentQueue.deriveCapacityFromAbsoluteConfigurations`` of 3.1 divides the queue's capacity by
    its parent's absolute capacity instead of multiplying (3.2.0 multiplies): 10240 MB of a parent
    holding 40% of the cluster is reported as 62.5% of the cluster, not 10%, and the queue's
    maximum applications (``maximum-applications`` times the absolute capacity) grow with it. The
    guaranteed resources themselves are right. ``simulate --hadoop-version 3.1`` shows Hadoop's
    figures; reported only with ``--hadoop-version 3.1``.

    Bad:  ``root.a.capacity = [memory=40960,vcores=40]``, ``root.a.x.capacity =
    [memory=10240,vcores=10]`` on Hadoop 3.1
    Good: set ``maximum-applications`` on such queues explicitly, or upgrade to 3.2 or later
    """,
    lint_only=True,
    hadoop_source="ParentQueue.java#deriveCapacityFromAbsoluteConfigurations (branch-3.1)",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if context.hadoop_version != (3, 1):
        return
    for queue in queues:
        parent = queue.parent
        if parent is None or parent.parent is None:
            continue  # below root, the parent's absolute capacity is the whole cluster
        value = capacity(queue, "capacity")
        if value is None or value.mode is not CapacityMode.ABSOLUTE:
            continue
        setting = queue.declared["capacity"]
        yield RULE.at(
            setting.location or queue.location,
            f"Hadoop 3.1 reports {queue.path}'s absolute capacity as its capacity divided by "
            f"{parent.path}'s absolute capacity (3.2 and later multiply), and sizes its maximum "
            "applications from that larger figure",
            queue=queue.path,
            property="capacity",
        )
