"""CS312 ambiguous-short-name: CSQueueStore from Hadoop 3.3 finds a queue by a short name only when it is
unique."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import INFO, define
from fsctl.lint.capacity.document import STORE
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS312",
    "ambiguous-short-name",
    INFO,
    """Several queues share a short name, so the name alone does not identify a queue.

    Since Hadoop 3.3 (YARN-9879) this is allowed, but submitting to the short name is rejected
    (``... to ambiguous queue: <name> please use full queue path instead.``) and mapping rules must
    use full paths.
    """,
    lint_only=True,
    hadoop_source=STORE,
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    if context.hadoop_version < (3, 3):
        return
    by_name: dict[str, list[Queue]] = {}
    for queue in queues:
        if queue.parent is not None:
            by_name.setdefault(queue.name, []).append(queue)
    for name, same in by_name.items():
        if len(same) < 2:
            continue
        # one finding per name, at its second use: the first is where the ambiguity begins
        paths = ", ".join(q.path for q in same[:3])
        if len(same) > 3:
            paths += f" and {len(same) - 3} more"
        yield RULE.at(
            same[1].location,
            f"short name {name!r} is shared by {paths}; submissions and mapping rules must use the full path",
            queue=same[1].path,
        )
