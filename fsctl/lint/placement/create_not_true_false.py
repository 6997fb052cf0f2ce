"""PL306 create-not-true-false: FSPlacementRule#getCreateFlag reads anything but true as false."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.placement.document import PLACE, location, with_parents
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL306",
    "create-not-true-false",
    WARNING,
    """A rule's ``create`` attribute is neither ``true`` nor ``false``; Hadoop reads it as ``false``.

    An absent or empty ``create`` means true; any other text goes through Java's
    ``Boolean.parseBoolean``, for which ``yes``, ``1`` and ``on`` are all false. That can also make
    the last rule non-terminal.

    Bad: ``<rule name="user" create="yes"/>``
    Good: ``<rule name="user" create="true"/>`` (or leave it out)
    """,
    lint_only=True,
    hadoop_source=PLACE + "FSPlacementRule.java#getCreateFlag",
)


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in with_parents(policy):
        create = rule.attributes.get("create")
        if create is not None and create != "" and create.lower() not in ("true", "false"):
            yield RULE.at(
                location(tree, rule),
                f'create="{create}" on the {rule.name} rule is read as false (only "true" means true)',
                property="create",
            )
