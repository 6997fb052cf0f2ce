"""FS323 queue-name-unsafe-characters: CapacitySchedulerConfiguration keys and QueueMapping split on these
characters."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS323",
    "queue-name-unsafe-characters",
    WARNING,
    """A queue name contains characters that break Capacity Scheduler paths or mapping rules.

    The Fair Scheduler accepts any name without a dot, spaces included. Elsewhere these names
    break: Capacity Scheduler keys are ``yarn.scheduler.capacity.<path>.<setting>`` and its
    mapping rules are ``u:user:queue`` lists split on ``,`` and ``:`` with ``%user`` variables; the
    CLI and REST APIs trim and split on whitespace. Use letters, digits, ``_`` and ``-``.

    Bad: ``<queue name="data science">``, ``<queue name="team:a">``
    Good: ``<queue name="data_science">``
    """,
    lint_only=True,
    hadoop_source="capacity/CapacitySchedulerConfiguration.java, placement/QueueMapping.java",
)


#: characters that break Capacity Scheduler keys, mapping rules (u:user:queue, %user) or CLIs
UNSAFE_NAME = re.compile(r"[\s,:%*/\\#\"'$={}<>|;?&!`()\[\]]")


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for queue in queues:
        if queue.parent is None or not UNSAFE_NAME.search(queue.name):
            continue
        bad = "".join(sorted(set(UNSAFE_NAME.findall(queue.name))))
        yield RULE.at(
            queue.location,
            f"queue name {queue.name!r} contains {bad!r}, which breaks Capacity Scheduler paths or mapping "
            "rules",
            queue=queue.path,
            property="name",
        )
