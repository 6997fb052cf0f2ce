"""CS316 auto-creation-setting-without-auto-creation: ManagedParentQueue and AutoCreatedQueueTemplate read
templates only with auto-creation on."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree, flag
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import PREFIX, queues_declaring
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS316",
    "auto-creation-setting-without-auto-creation",
    WARNING,
    """A queue sets auto-creation options or templates but does not enable that auto-creation.

    ``leaf-queue-template.*`` and ``auto-create-child-queue.*`` are read only when
    ``auto-create-child-queue.enabled`` is true (v1); ``auto-queue-creation-v2.template.*``,
    ``.leaf-template.*``, ``.parent-template.*``, ``.max-queues`` and ``.maximum-queue-depth`` only
    when ``auto-queue-creation-v2.enabled`` is true (v2). Otherwise Hadoop ignores them.
    """,
    lint_only=True,
    hadoop_source="ManagedParentQueue.java, AutoCreatedQueueTemplate.java",
)

_V1_ONLY = ("leaf-queue-template.", "auto-create-child-queue.")
_V2_ONLY = (
    "auto-queue-creation-v2.template.",
    "auto-queue-creation-v2.leaf-template.",
    "auto-queue-creation-v2.parent-template.",
    "auto-queue-creation-v2.max-queues",
    "auto-queue-creation-v2.maximum-queue-depth",
)
_AUTO_ONLY = _V1_ONLY + _V2_ONLY


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues_declaring(queues, _auto_only):
        for suffix, setting in queue.declared.items():
            if not _auto_only(suffix):
                continue
            if suffix.startswith(_V1_ONLY):
                enabled = "auto-create-child-queue.enabled"
            elif suffix.startswith(_V2_ONLY):
                enabled = "auto-queue-creation-v2.enabled"
            else:
                continue
            if not flag(queue, enabled):
                yield RULE.at(
                    setting.location or queue.location,
                    f"{PREFIX}{queue.path}.{suffix} is ignored: {queue.path} does not set {enabled}=true",
                    queue=queue.path,
                    property=suffix,
                )


def _auto_only(suffix: str) -> bool:
    """A setting of auto-creation other than its switch."""
    return suffix.startswith(_AUTO_ONLY) and not suffix.endswith(".enabled")
