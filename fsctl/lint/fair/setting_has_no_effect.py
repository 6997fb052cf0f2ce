"""FS324 setting-has-no-effect: settings AllocationFileQueueParser accepts where they do nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import QUEUE_PARSER
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS324",
    "setting-has-no-effect",
    WARNING,
    """A setting that does nothing where it is (``maxChildResources`` on a leaf, and the like).

    Hadoop accepts these silently: ``maxChildResources`` on a leaf (it caps queues created below
    a parent at run time), reservation ACLs on a queue without ``<reservation/>``, and
    ``maxContainerAllocation`` on root (documented as invalid: the scheduler's
    ``yarn.scheduler.maximum-allocation-*`` applies).

    Bad: ``<queue name="leaf"><maxChildResources>memory-mb=1024, vcores=1</maxChildResources></queue>``
    Good: ``maxChildResources`` on a parent (``type="parent"``) queue.
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + ", " + "FAIR/QueueManager.java#setChildResourceLimits",
)


RESERVATION_ACLS = ("aclAdministerReservations", "aclListReservations", "aclSubmitReservations")
RESERVATION_ACL_SET = frozenset(RESERVATION_ACLS)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues:
        declared = queue.declared
        if "maxChildResources" in declared and not queue.children and not queue.declared_parent:
            message = (
                f"maxChildResources on the leaf {queue.path} has no effect: it caps queues created below a "
                'parent at run time (use type="parent")'
            )
            yield RULE.on(queue, "maxChildResources", message)
        if (
            not RESERVATION_ACL_SET.isdisjoint(declared)
            and "reservation" not in declared
            and not queue.effective.reservation
        ):
            for name in RESERVATION_ACLS:
                if name in declared:
                    message = (
                        f"{name} on {queue.path} has no effect: the queue is not reservable "
                        "(no <reservation/>)"
                    )
                    yield RULE.on(queue, name, message)
        if queue.parent is None and "maxContainerAllocation" in declared:
            message = (
                "maxContainerAllocation on root is documented as invalid; the scheduler's "
                "yarn.scheduler.maximum-allocation-* settings apply"
            )
            yield RULE.on(queue, "maxContainerAllocation", message)
