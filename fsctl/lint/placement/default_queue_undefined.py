"""PL305 default-queue-undefined: DefaultPlacementRule and QueuePlacementPolicy#fromConfiguration create an
undefined default queue."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import INFO, define
from fsctl.fair.placement import DEFAULT_QUEUE
from fsctl.lint.placement.document import PLACE, close_queue, configured, location
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import PlacementRule, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "PL305",
    "default-queue-undefined",
    INFO,
    """The queue the ``default`` rule places into is not defined in the file.

    It is created when the first application arrives, as a dynamic queue: with the default
    weight, no minimum share, the default limits, and removed again when empty. Define it (usually
    ``root.default``) to give the fallback queue its own limits and ACLs. Also reported, as a
    warning, when the file has no placement policy and yarn-site.xml sets
    ``yarn.scheduler.fair.allow-undeclared-pools`` to false: every unknown queue then ends in
    ``root.default``.

    Bad: ``<rule name="default"/>`` and no ``<queue name="default">``.
    Good: ``<queue name="default"><maxResources>...</maxResources></queue>``
    """,
    lint_only=True,
    hadoop_source=PLACE + "DefaultPlacementRule.java, FAIR/QueuePlacementPolicy.java#fromConfiguration",
)


ALLOW_UNDECLARED = "yarn.scheduler.fair.allow-undeclared-pools"
USER_AS_DEFAULT = "yarn.scheduler.fair.user-as-default-queue"


def check_policy(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        if rule.name == "default" and rule.create and configured(tree, rule.queue) is None:
            if close_queue(tree, rule.queue) is not None:
                continue  # a misspelt name: PL310
            queue = rule.queue or DEFAULT_QUEUE
            yield RULE.at(
                location(tree, rule),
                f"the default rule places applications in {queue}, which is not defined; it is created on "
                "demand as a dynamic queue with default limits and no min share",
                queue=queue,
                property="queue",
            )


def check_derived_policy(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """The policy Hadoop derives from yarn-site.xml (QueuePlacementPolicy.fromConfiguration)."""
    site = context.yarn_site
    if site is None:
        return
    create = site.get_boolean(ALLOW_UNDECLARED, True)
    user_default = site.get_boolean(USER_AS_DEFAULT, True)
    if user_default and create:
        return  # [specified, user]: no default rule
    if tree.find(DEFAULT_QUEUE) is not None:
        return
    yield RULE.at(
        location(tree),
        f"the file has no queuePlacementPolicy and yarn-site.xml sets "
        f"{ALLOW_UNDECLARED}={str(create).lower()}, {USER_AS_DEFAULT}={str(user_default).lower()}: "
        f"applications go to {DEFAULT_QUEUE}, which is not "
        "defined (it is created on demand with default limits)",
        queue=DEFAULT_QUEUE,
        severity=Severity.WARNING if not create else None,
    )
