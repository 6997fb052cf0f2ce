"""FS301 duplicate-queue-definition: AllocationFileQueueParser#loadQueue merges a queue defined twice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import QUEUE_PARSER, Walk
from fsctl.model.diagnostics import Severity

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint.fair.document import Earlier

RULE = define(
    "FS301",
    "duplicate-queue-definition",
    WARNING,
    """The same queue (full path) is defined more than once.

    Hadoop merges the definitions silently: for each setting the last one wins, so a value you
    read near the top of the file may be overridden far below it. If one definition makes the queue
    a leaf and the other a parent, the queue ends up in both sets and which one wins depends on
    hash-set order: Hadoop never reports it. Keep one definition per queue.

    Bad::

        <queue name="etl"><weight>2</weight></queue>
        ...
        <queue name="etl"><maxRunningApps>10</maxRunningApps></queue>

    Good::

        <queue name="etl"><weight>2</weight><maxRunningApps>10</maxRunningApps></queue>
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#loadQueue",
)


def check_queue(walk: Walk, element: etree._Element, path: str, is_parent: bool, earlier: Earlier) -> None:
    if earlier is None:
        return
    earlier_element, earlier_parent = earlier
    conflict = ""
    if earlier_parent != is_parent:
        conflict = (
            "; one definition is a leaf and the other a parent, and which one Hadoop uses is not predictable"
        )
    message = (
        f"{path} is already defined at line {walk.at(earlier_element).line}; Hadoop merges the "
        f"definitions (later settings win){conflict}"
    )
    walk.flag(
        RULE, element, message, queue=path, property="queue", severity=Severity.ERROR if conflict else None
    )
