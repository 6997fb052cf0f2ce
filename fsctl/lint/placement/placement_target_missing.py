"""PL302 placement-target-missing: DefaultPlacementRule with create=false never places in an undefined
queue."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.placement import DEFAULT_QUEUE
from fsctl.lint.placement.document import PLACE, close_queue, configured, location
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL302",
    "placement-target-missing",
    WARNING,
    """A rule with ``create="false"`` names a queue that is not in the file: it never places.

    With ``create="false"`` a rule only returns queues defined in the allocation file; for a
    ``default`` rule whose queue is not there the rule always passes to the next one (and, as the
    last rule, makes the policy reject everything it gets).

    Bad: ``<rule name="default" queue="root.fallback" create="false"/>`` without ``root.fallback``.
    Good: define ``root.fallback``, or drop ``create="false"``.
    """,
    lint_only=True,
    hadoop_source=PLACE + "DefaultPlacementRule.java",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        if rule.name == "default" and not rule.create and configured(tree, rule.queue) is None:
            queue = rule.queue or DEFAULT_QUEUE
            yield RULE.at(
                location(tree, rule),
                f'the default rule has create="false" and {queue} is not defined{_meant(tree, queue)}: the '
                "rule never places",
                queue=queue,
                property="queue",
            )
        parent = rule.parent
        if parent is None or parent.name != "default" or parent.create:
            continue
        queue = parent.queue or DEFAULT_QUEUE
        if configured(tree, queue) is None:
            yield RULE.at(
                location(tree, parent),
                f'the parent rule of {rule.name} has create="false" and {queue} is not defined'
                f"{_meant(tree, queue)}: the {rule.name} rule never places",
                queue=queue,
                property="queue",
            )


def _meant(tree: QueueTree, queue: str) -> str:
    meant = close_queue(tree, queue)
    return f" (did you mean {meant}?)" if meant else ""
