"""FS304 queue-tag-quirk: AllocationFileQueueParser reads any tag that "queue" ends with as a nested queue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import QUEUE_PARSER, QUIRK_QUEUE_TAGS, Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS304",
    "queue-tag-quirk",
    WARNING,
    """A child element named ``ueue``, ``eue``, ``ue`` or ``e`` is read as a nested queue.

    Hadoop decides whether a child of ``<queue>`` is a nested queue with
    ``"queue".endsWith(tag)``, so these truncated tags silently define queues. It is almost
    always a typo (or a tool that mangled the file); spell it ``<queue>``.

    Bad: ``<queue name="a"><ue name="b"/></queue>`` (defines root.a.b)
    Good: ``<queue name="a"><queue name="b"/></queue>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#loadQueue",
)


def check_nested_tag(walk: Walk, tag: str, element: etree._Element, path: str) -> None:
    if tag in QUIRK_QUEUE_TAGS:
        message = (
            f"<{tag}> in {path} is read as a nested queue (Hadoop accepts any tag that "
            '"queue" ends with); write <queue>'
        )
        walk.flag(RULE, element, message, queue=path, property=tag)
