"""PL310 default-queue-misspelt: the default rule names an undefined queue whose name is close to a
defined one; DefaultPlacementRule creates the misspelt queue and sends applications there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.placement.document import PLACE, close_queue, configured, location
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL310",
    "default-queue-misspelt",
    WARNING,
    """The ``default`` rule names a queue that is not defined but is close to one that is.

    ``DefaultPlacementRule`` does not look the name up: with ``create`` (its default) the queue is
    made when the first application arrives, so a typo sends applications to a new, empty queue
    with default limits instead of the one meant, and nothing fails. (With ``create="false"`` the
    rule never places: PL302, which names the close queue too.) A name is close to a defined queue
    when, below its deepest defined ancestor, it differs from one of that ancestor's children only
    in letter case or matches one at a ``difflib`` ratio of 0.8 or more.

    Bad: ``<rule name="default" queue="root.defualt"/>`` beside ``<queue name="default">``
    Good: ``<rule name="default" queue="root.default"/>``
    """,
    lint_only=True,
    hadoop_source=PLACE + "DefaultPlacementRule.java",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        if rule.parent is not None:  # nestedUserQueue's <rule name="default" queue=...>: the parent queue
            yield from _misspelt(tree, rule.parent, f"as the parent of the {rule.name} rule's queues")
        yield from _misspelt(tree, rule, "for the applications it places")


def _misspelt(tree: QueueTree, rule: PlacementRule, purpose: str) -> Iterator[Diagnostic]:
    if rule.name != "default" or not rule.create or configured(tree, rule.queue) is not None:
        return
    meant = close_queue(tree, rule.queue)
    if meant is not None:
        yield RULE.at(
            location(tree, rule),
            f"the default rule names {rule.queue}, which is not defined (did you mean {meant}?); Hadoop "
            f"creates {rule.queue} {purpose}",
            queue=rule.queue,
            property="queue",
        )
