"""FS321 max-running-apps-zero: MaxRunningAppsEnforcer never starts an application under a limit of 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import number
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS321",
    "max-running-apps-zero",
    WARNING,
    """``maxRunningApps`` is 0: applications are accepted but never run.

    Submissions to the queue (or by the user, or, for a parent, to any queue below it) stay
    ACCEPTED forever; nothing tells the submitter why. Close a queue with its ACLs instead.

    Bad: ``<maxRunningApps>0</maxRunningApps>``
    Good: ``<aclSubmitApps> </aclSubmitApps>`` (nobody may submit)
    """,
    lint_only=True,
    hadoop_source="FAIR/MaxRunningAppsEnforcer.java",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues:
        if number(queue.declared.get("maxRunningApps")) == 0:
            scope = "any queue below it" if queue.children else "it"
            message = f"{queue.path} has maxRunningApps 0: applications submitted to {scope} never start"
            yield RULE.on(queue, "maxRunningApps", message)
    max_apps = tree.settings.get("queueMaxAppsDefault")
    if max_apps is not None and number(max_apps) == 0:
        yield RULE.at(
            max_apps.location,
            "queueMaxAppsDefault is 0: no application starts in any queue without its own maxRunningApps",
            property="queueMaxAppsDefault",
        )
    for name, settings in tree.info.users.items():
        limit = settings.get("maxRunningApps") if isinstance(settings, dict) else None
        if number(limit) == 0 and limit is not None:
            yield RULE.at(
                limit.location,
                f'user "{name}" has maxRunningApps 0: none of their applications ever start',
                property="maxRunningApps",
            )
    default = tree.settings.get("userMaxAppsDefault")
    if default is not None and number(default) == 0:
        yield RULE.at(
            default.location,
            "userMaxAppsDefault is 0: applications of users without their own <user> limit never start",
            property="userMaxAppsDefault",
        )
