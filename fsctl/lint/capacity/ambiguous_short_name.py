"""CS312 ambiguous-short-name: CSQueueStore from Hadoop 3.3 finds a queue by a short name only when it is
unique; before 3.3 a short name is all a submission can give, and it goes to the queue registered last."""

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

    Before 3.3 (``--hadoop-version 3.2|3.1|2``) the Capacity Scheduler finds a queue by its short
    name only (a full path is an unknown queue) and keeps one queue per name: each queue is
    registered after its children, in the order ``queues`` lists them, replacing what the name
    held (``CapacitySchedulerQueueManager.parseQueue``). The name goes to the queue registered
    last, and the others can never be submitted to. Two leaves the file registers one right after
    the other under the same name are refused instead (CS123).
    """,
    lint_only=True,
    hadoop_source=STORE + ", CapacitySchedulerQueueManager.java#parseQueue (branch-3.2)",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    by_name: dict[str, list[Queue]] = {}
    for queue in queues:
        if queue.parent is not None:
            by_name.setdefault(queue.name, []).append(queue)
    shared = {name: same for name, same in by_name.items() if len(same) > 1}
    if not shared:
        return
    version = context.hadoop_version
    registered = _registered_last(queues[0], shared) if version < (3, 3) else {}
    for name, same in shared.items():
        # one finding per name, at its second use: the first is where the ambiguity begins
        paths = ", ".join(q.path for q in same[:3])
        if len(same) > 3:
            paths += f" and {len(same) - 3} more"
        shared_by = f"short name {name!r} is shared by {paths}"
        if version >= (3, 3):
            message = f"{shared_by}; submissions and mapping rules must use the full path"
        else:
            last = registered.get(name)
            if last is None:
                continue  # Hadoop refuses the file (CS123)
            goes = (
                f"an application submitted to {name!r} runs in {last.path}"
                if last.is_leaf
                else f"an application submitted to {name!r} is rejected ({last.path} is a parent)"
            )
            message = (
                f"{shared_by}; Hadoop {version[0]}.{version[1]} finds a queue by its short name only, the "
                f"one registered last: {goes}"
            )
            lost = [q.path for q in same if q.is_leaf and q is not last]
            if lost:
                shown = ", ".join(lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
                message += f", and {shown} can never be submitted to"
        yield RULE.at(same[1].location, message, queue=same[1].path)


def _registered_last(root: Queue, names: dict[str, list[Queue]]) -> dict[str, Queue]:
    """The queue each shared name holds once Hadoop before 3.3 has registered them all: each queue
    after its children (CapacitySchedulerQueueManager.parseQueue), a leaf refused where the name
    already holds a leaf (no entry: CS123 reports it)."""
    holds: dict[str, Queue] = {}
    refused: set[str] = set()
    stack: list[tuple[Queue, bool]] = [(root, False)]
    while stack:
        queue, children_done = stack.pop()
        if not children_done:
            stack.append((queue, True))
            stack.extend((child, False) for child in reversed(queue.children))
            continue
        if queue.name not in names:
            continue
        held = holds.get(queue.name)
        if queue.is_leaf and held is not None and held.is_leaf:
            refused.add(queue.name)
        holds[queue.name] = queue
    return {name: queue for name, queue in holds.items() if name not in refused}
