"""PL301 placement-target-is-parent: FairScheduler#addApplication rejects an application placed in a parent
queue."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.placement import DEFAULT_QUEUE
from fsctl.lint.placement.document import configured, location
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL301",
    "placement-target-is-parent",
    WARNING,
    """A ``default`` rule sends applications to a parent queue, where they are rejected.

    Applications can only run in leaf queues. When a placement rule returns a parent queue, the
    scheduler does not try the next rule: it rejects the application with
    "<queue> is not a leaf queue".

    Bad: ``<rule name="default" queue="root.prod"/>`` where ``root.prod`` has children.
    Good: ``<rule name="default" queue="root.prod.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source="FAIR/FairScheduler.java#addApplication",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        if rule.name != "default":
            continue
        target = configured(tree, rule.queue)
        if target is not None and not target.is_leaf:
            queue = rule.queue or DEFAULT_QUEUE
            yield RULE.at(
                location(tree, rule),
                f"the default rule places applications in {queue}, a parent queue: they are rejected "
                f'("{queue} is not a leaf queue")',
                queue=queue,
                property="queue",
            )
