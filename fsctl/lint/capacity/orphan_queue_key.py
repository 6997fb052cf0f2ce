"""CS301 orphan-queue-key: CapacitySchedulerQueueManager#parseQueue reads only keys of queues in the tree."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity import keys
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import PREFIX, did_you_mean, names_missing_queue, orphan_keys, owner
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS301",
    "orphan-queue-key",
    WARNING,
    """A key names a queue path that is not in the tree, so Hadoop silently ignores it.

    The tree comes only from the ``.queues`` lists; nothing reads keys under other paths. A typo in
    a path (``root.analytcs.capacity``) or a queue removed from ``queues`` but not its keys leaves
    a setting that does nothing.

    Bad: ``yarn.scheduler.capacity.root.analytcs.capacity`` with ``root.queues=analytics``.
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if not tree.info.orphans:
        return
    paths = [q.path for q in queues]
    for name, setting, key_owner, suffix in orphan_keys(tree):
        if key_owner is not None and not names_missing_queue(suffix):
            continue  # an unknown key of a queue in the tree (CS304)
        missing = _missing_path(name[len(PREFIX) :], tree)
        yield RULE.at(
            setting.location,
            f"{name}: queue {missing!r} is not in the tree (not listed in a .queues), so Hadoop ignores "
            f"this key{did_you_mean(missing, paths, 0.75)}",
            queue=missing,
            property=name,
        )


def _missing_path(rest: str, tree: CapacityTree) -> str:
    """The undeclared queue path a key names: the longest prefix whose remainder is a known key."""
    parts = rest.split(".")
    for cut in range(1, len(parts)):
        suffix = ".".join(parts[cut:])
        if keys.queue_kind(suffix) is not None and tree.find(".".join(parts[:cut])) is None:
            return ".".join(parts[:cut])
    key_owner, suffix = owner(rest, tree)
    head = suffix.split(".", 1)[0]
    return f"{key_owner.path}.{head}" if key_owner is not None else parts[0]
