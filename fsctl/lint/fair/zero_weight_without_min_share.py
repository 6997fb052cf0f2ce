"""FS320 zero-weight-without-min-share: ComputeFairShares gives a queue of weight 0 no fair share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import absolute, number, spec
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS320",
    "zero-weight-without-min-share",
    WARNING,
    """A queue has weight 0 and no min share: it never gets a fair share.

    With weight 0 a queue's fair share is 0, so its apps run only on resources nobody else wants
    and are the first to be preempted. That is sometimes intended (a scavenger queue), usually a
    mistake; give it a small weight or a ``minResources``.

    Bad: ``<queue name="batch"><weight>0</weight></queue>``
    Good: ``<queue name="batch"><weight>0.1</weight></queue>``
    """,
    lint_only=True,
    hadoop_source="FAIR/policies/ComputeFairShares.java",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues:
        declared = queue.declared
        if number(declared.get("weight")) != 0:
            continue
        minimum = absolute(spec(declared.get("minResources")))
        if not minimum or not any(amount > 0 for amount in minimum.values()):
            message = f"{queue.path} has weight 0 and no minResources: it never gets a fair share"
            yield RULE.on(queue, "weight", message)
