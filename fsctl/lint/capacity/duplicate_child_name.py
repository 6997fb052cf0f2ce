"""CS302 duplicate-child-name: CapacitySchedulerQueueManager builds a child listed twice twice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import ERROR, define
from fsctl.lint.capacity.document import PREFIX
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS302",
    "duplicate-child-name",
    ERROR,
    """A ``queues`` list names the same child twice.

    Hadoop has no check: it builds the queue twice, keeps both in the parent's child list and the
    percentage sum counts it twice (``a,a,b`` with ``a=50,b=50`` fails as 150%, ``a,a`` with ``a=50``
    passes with a phantom child).
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for parent, name, location in tree.info.duplicate_children:
        yield RULE.at(
            location,
            f"{PREFIX}{parent}.queues lists {name!r} more than once; Hadoop builds it twice and counts it "
            "twice in the capacity sum",
            queue=f"{parent}.{name}",
            property="queues",
        )
