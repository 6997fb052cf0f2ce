"""PL303 nested-rule-under-leaf: UserPlacementRule skips a parent rule's queue that is a leaf."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.placement import DEFAULT_QUEUE
from fsctl.lint.placement.document import PLACE, configured, location
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL303",
    "nested-rule-under-leaf",
    WARNING,
    """A nested parent rule names a leaf queue: the rule never places anything.

    ``nestedUserQueue`` (and any rule with a nested parent rule) creates ``<parent>.<user>``; when
    the parent rule's queue exists as a leaf, Hadoop skips the rule (a leaf cannot have children).
    Point the parent rule at a parent queue (``type="parent"``).

    Bad: ``<rule name="nestedUserQueue"><rule name="default" queue="root.adhoc"/></rule>`` with
    ``root.adhoc`` a leaf.
    Good: ``<queue name="users" type="parent"/>`` and ``queue="root.users"``.
    """,
    lint_only=True,
    hadoop_source=PLACE + "UserPlacementRule.java",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        parent = rule.parent
        if parent is None or parent.name != "default":
            continue
        queue = parent.queue or DEFAULT_QUEUE
        target = configured(tree, queue)
        if target is not None and target.is_leaf:
            yield RULE.at(
                location(tree, parent),
                f"the {rule.name} rule puts queues below {queue}, which is a leaf: the rule never places",
                queue=queue,
                property="queue",
            )
