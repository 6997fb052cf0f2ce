"""CS304 unknown-queue-key: CapacitySchedulerConfiguration ignores a queue key it does not know."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity import keys
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import (
    CSC,
    PREFIX,
    names_missing_queue,
    orphan_keys,
    queues_declaring,
    suggest_suffix,
)
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS304",
    "unknown-queue-key",
    WARNING,
    """A per-queue key whose suffix Hadoop does not know; it is ignored.

    The message suggests the closest known key (``maximum-capacity`` for ``max-capacity``).
    """,
    lint_only=True,
    hadoop_source=CSC,
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for name, setting, key_owner, suffix in orphan_keys(tree):
        if key_owner is not None and not names_missing_queue(suffix):
            yield RULE.at(
                setting.location,
                f"{name}: {suffix!r} is not a Capacity Scheduler queue key; Hadoop ignores it"
                f"{suggest_suffix(suffix)}",
                queue=key_owner.path,
                property=suffix,
            )
    for queue in queues_declaring(queues, lambda suffix: keys.queue_kind(suffix) is None):
        for suffix, setting in queue.declared.items():
            if keys.queue_kind(suffix) is not None:
                continue
            if suffix in ("min-resource", "max-resource"):
                hint = (
                    " (declared by Hadoop but never read: put absolute resources in capacity and "
                    "maximum-capacity)"
                )
            else:
                hint = suggest_suffix(suffix)
            yield RULE.at(
                setting.location or queue.location,
                f"{PREFIX}{queue.path}.{suffix}: {suffix!r} is not a Capacity Scheduler queue key; "
                f"Hadoop ignores it{hint}",
                queue=queue.path,
                property=suffix,
            )
