"""PL304 placement-rule-shadowed: QueuePlacementPolicy never reaches the rules after one that always
places."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.placement import is_terminal
from fsctl.lint.placement.document import always_places, location
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL304",
    "placement-rule-shadowed",
    WARNING,
    """A rule always places, so the rules after it never run, although Hadoop does not see it.

    Hadoop's own check (PL106) only knows which rule *types* are terminal. A ``default`` rule
    with ``create="false"`` whose queue is defined in the file, or a rule with ``create="true"``
    whose nested parent rule always places, also places every application: everything after it
    is dead configuration.

    Bad: ``<rule name="default" queue="root.adhoc" create="false"/>`` followed by ``<rule name="reject"/>``
    Good: make the always-placing rule the last one.
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    """A rule before the last always places although Hadoop does not call it terminal."""
    for index, rule in enumerate(policy[:-1]):
        if is_terminal(rule, context.hadoop_version):
            return  # Hadoop's own error (PL106) covers the rest
        if always_places(tree, rule):
            following = policy[index + 1]
            yield RULE.at(
                location(tree, following),
                f"rule {index + 2} ({following.name}) and every rule after it can never be reached: rule "
                f"{index + 1} ({rule.name}) always places the application",
                property="rule",
            )
            return
