"""FS322 leaf-name-repeated: CSQueueStore before Hadoop 3.3 (YARN-9879) needs unique leaf names."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import INFO, define
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS322",
    "leaf-name-repeated",
    INFO,
    """The same leaf name appears under different parents (``root.qa.p0`` and ``root.qb.p0``).

    The Fair Scheduler addresses queues by full path, so this is fine here. The Capacity
    Scheduler before Hadoop 3.3 (YARN-9879) requires leaf names to be unique and takes submissions
    by leaf name, which blocks a migration: reported as a warning with ``--hadoop-version`` below
    3.3, as information otherwise.

    Bad (for Hadoop < 3.3): ``root.qa.p0`` and ``root.qb.p0``
    Good: ``root.qa.qa_p0`` and ``root.qb.qb_p0``, or Hadoop 3.3+ with submissions by full path.
    """,
    lint_only=True,
    hadoop_source="capacity/CSQueueStore.java (YARN-9879)",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    first: dict[str, Queue] = {}
    severity = Severity.WARNING if context.hadoop_version < (3, 3) else None
    for queue in queues:
        if queue.parent is None or not queue.is_leaf:
            continue
        seen = first.setdefault(queue.name, queue)
        if seen is queue:
            continue
        version = "before Hadoop 3.3" if severity else "before Hadoop 3.3 (this is fine on 3.3+)"
        yield RULE.at(
            queue.location,
            f"leaf name {queue.name!r} of {queue.path} is also used by {seen.path}; the Capacity Scheduler "
            f"requires unique leaf names {version}",
            queue=queue.path,
            property="name",
            severity=severity,
        )
