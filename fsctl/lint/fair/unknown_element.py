"""FS305 unknown-element: AllocationFileQueueParser skips children of a queue or user it does not know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import QUEUE_PARSER, Walk, suggest

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS305",
    "unknown-element",
    WARNING,
    """An element the Fair Scheduler does not know, inside a ``<queue>`` or ``<user>``; it is ignored.

    Hadoop silently skips unknown children of a queue or user element, so a misspelt setting
    (``<maxRunningApp>``, ``<minResource>``) simply has no effect. The message suggests the closest
    known element. (Unknown top-level elements are a Hadoop warning, reported by validate.)

    Bad: ``<queue name="a"><maxRunningApp>5</maxRunningApp></queue>``
    Good: ``<queue name="a"><maxRunningApps>5</maxRunningApps></queue>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#loadQueue",
)


def check_unknown(
    walk: Walk, tag: str, element: etree._Element, scope: str, queue: str | None, known: tuple[str, ...]
) -> None:
    message = f"<{tag}> in {scope} is ignored by Hadoop{suggest(tag, known)}"
    walk.flag(RULE, element, message, queue=queue, property=tag)
