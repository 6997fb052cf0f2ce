"""FS322 leaf-name-repeated: CSQueueStore before Hadoop 3.3 (YARN-9879) needs unique leaf names."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS322",
    "leaf-name-repeated",
    WARNING,
    """A leaf name appears under different parents, for a Hadoop release before 3.3.

    ``root.qa.p0`` and ``root.qb.p0`` share the leaf name ``p0``. The Fair Scheduler addresses
    queues by full path, so this is fine here. The Capacity Scheduler before Hadoop 3.3 (YARN-9879)
    requires leaf names to be unique and takes submissions by leaf name, which blocks a migration
    (``--hadoop-version 3.2`` or ``2``). From 3.3 on it is allowed, and nothing is reported.

    Bad (for Hadoop < 3.3): ``root.qa.p0`` and ``root.qb.p0``
    Good: ``root.qa.qa_p0`` and ``root.qb.qb_p0``, or Hadoop 3.3+ with submissions by full path.
    """,
    lint_only=True,
    hadoop_source="capacity/CSQueueStore.java (YARN-9879)",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if context.hadoop_version >= (3, 3):
        return  # a finding about another release appears only when that release is targeted
    first: dict[str, Queue] = {}
    for queue in queues:
        if queue.parent is None or not queue.is_leaf:
            continue
        seen = first.setdefault(queue.name, queue)
        if seen is queue:
            continue
        yield RULE.at(
            queue.location,
            f"leaf name {queue.name!r} of {queue.path} is also used by {seen.path}; the Capacity Scheduler "
            "requires unique leaf names before Hadoop 3.3",
            queue=queue.path,
            property="name",
        )
