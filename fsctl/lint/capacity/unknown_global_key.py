"""CS305 unknown-global-key: CapacitySchedulerConfiguration ignores a global key it does not know."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity import keys
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import CSC, PREFIX, did_you_mean
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS305",
    "unknown-global-key",
    WARNING,
    """A ``yarn.scheduler.capacity.`` key that Hadoop does not know; it is ignored.

    It is neither a scheduler-wide setting nor under a queue path. Per-queue keys need the full
    path from ``root``: ``yarn.scheduler.capacity.root.a.capacity``, not
    ``yarn.scheduler.capacity.a.capacity``.
    """,
    lint_only=True,
    hadoop_source=CSC,
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    known = list(keys.GLOBAL_KEYS)
    store = tree.info.store
    for name, setting in tree.settings.items():
        if not name.startswith(PREFIX):
            continue
        rest = name[len(PREFIX) :]
        if keys.global_kind(rest) is not None:
            continue
        if rest.startswith("multi-node-sorting.policy.") and rest.endswith(
            (".class", ".sorting-interval.ms")
        ):
            continue
        first, _, tail = rest.partition(".")
        queue = store.get(first)
        if queue is not None and tail:
            hint = f" (per-queue keys need the full path: {PREFIX}{queue.path}.{tail})"
        else:
            hint = did_you_mean(rest, known)
        yield RULE.at(
            setting.location,
            f"{name} is not a Capacity Scheduler setting; Hadoop ignores it{hint}",
            property=name,
        )
