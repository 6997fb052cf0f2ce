"""CS313 root-maximum-capacity-set: root is always the whole cluster; its maximum-capacity scales every
queue's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

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
    """``root.maximum-capacity`` is set.

    Root is always the whole cluster, but in legacy mode every queue's absolute maximum is
    multiplied by root's maximum fraction, so ``root.maximum-capacity=50`` halves every elastic
    ceiling. Remove it.
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#updateAbsoluteCapacitiesByNodeLabels",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    root_max = tree.root.declared.get("maximum-capacity")
    if root_max is not None:
        yield RULE.at(
            root_max.location or tree.root.location,
            f"root.maximum-capacity={root_max.raw} scales every queue's maximum; root is always the "
            "whole cluster, remove the key",
            queue="root",
            property="maximum-capacity",
        )
