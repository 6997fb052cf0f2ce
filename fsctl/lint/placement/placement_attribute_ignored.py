"""PL309 placement-attribute-ignored: attributes a placement rule reads not at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import INFO, define
from fsctl.lint.placement.document import PLACE, location, with_parents
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL309",
    "placement-attribute-ignored",
    INFO,
    """An attribute that this rule ignores (``queue`` off ``default``, ``create`` on ``reject``).

    ``queue`` means something only on ``default``; ``create`` is ignored by ``reject`` and by
    ``secondaryGroupExistingQueue``, which only ever returns existing queues.

    Bad: ``<rule name="specified" queue="root.adhoc"/>``
    Good: ``<rule name="default" queue="root.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source=PLACE + "SecondaryGroupExistingPlacementRule.java, RejectPlacementRule.java",
)


#: rules that read no create= (RejectPlacementRule, SecondaryGroupExistingPlacementRule)
IGNORE_CREATE = ("reject", "secondaryGroupExistingQueue")


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in with_parents(policy):
        where = location(tree, rule)
        if "queue" in rule.attributes and rule.name != "default":
            yield RULE.at(
                where,
                f'queue="{rule.attributes["queue"]}" is ignored: only the default rule reads it',
                property="queue",
            )
        if "create" in rule.attributes and rule.name in IGNORE_CREATE:
            why = "never places" if rule.name == "reject" else "only returns queues that exist"
            yield RULE.at(
                where,
                f"create= is ignored by the {rule.name} rule, which {why}",
                property="create",
            )
