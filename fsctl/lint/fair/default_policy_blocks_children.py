"""FS325 default-policy-blocks-children: QueueManager#createNewQueues: a dynamic drf child of a fair parent
is refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import text
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree, Setting

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS325",
    "default-policy-blocks-children",
    WARNING,
    """Queues created at run time below a ``fair`` parent get the ``drf`` default and are refused.

    A queue without ``schedulingPolicy`` takes ``defaultQueueSchedulingPolicy`` (not its parent's).
    With ``drf`` as the default, every queue that a placement rule creates below a parent whose
    policy is ``fair`` violates the parent/child policy rule, and the scheduler refuses to create
    it: the application is rejected. Make such parents ``drf`` too.

    Bad: ``defaultQueueSchedulingPolicy`` drf and ``<queue name="users" type="parent">
    <schedulingPolicy>fair</schedulingPolicy></queue>``
    Good: ``<schedulingPolicy>drf</schedulingPolicy>`` on ``users``.
    """,
    lint_only=True,
    hadoop_source="FAIR/QueueManager.java#createNewQueues, FAIR/policies/FairSharePolicy.java",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    default = _policy(tree.settings.get("defaultQueueSchedulingPolicy")) or "fair"
    if default != "drf":
        return
    creating_at_root = any(
        rule.create and rule.parent is None and rule.name in ("user", "primaryGroup", "specified")
        for rule in (tree.placement or ())
    )
    for queue in queues:
        if _policy(queue.declared.get("schedulingPolicy")) != "fair":
            continue
        childless_parent = queue.declared_parent and not queue.children
        hosts_dynamic = childless_parent or "maxChildResources" in queue.declared
        if queue.parent is None:
            hosts_dynamic = hosts_dynamic or creating_at_root
        if not hosts_dynamic:
            continue
        message = (
            f"{queue.path} uses fair while defaultQueueSchedulingPolicy is drf: queues created below it at "
            "run time get drf, which a fair parent refuses, so their applications are rejected"
        )
        yield RULE.on(queue, "schedulingPolicy", message)


def _policy(setting: Setting | None) -> str:
    if setting is not None and isinstance(setting.value, str):
        return setting.value.lower()
    return text(setting).lower()
