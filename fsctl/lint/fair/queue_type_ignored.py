"""FS307 queue-type-ignored: AllocationFileQueueParser: only type="parent" means anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import QUEUE_PARSER, Walk

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint.fair.document import Earlier

RULE = define(
    "FS307",
    "queue-type-ignored",
    WARNING,
    """A queue ``type`` other than exactly ``parent`` is ignored.

    Only ``type="parent"`` has a meaning (a parent queue even without children). ``type="leaf"``
    is harmless but misleading, and ``type="Parent"`` quietly leaves a childless queue a leaf, so
    placement rules that create children under it fail.

    Bad: ``<queue name="users" type="Parent"/>``
    Good: ``<queue name="users" type="parent"/>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#loadQueue",
)


def check_queue(walk: Walk, element: etree._Element, path: str, is_parent: bool, earlier: Earlier) -> None:
    queue_type = element.get("type")
    if queue_type is None or queue_type == "parent":
        return
    meaning = (
        "the queue stays a leaf because it has no children"
        if queue_type.lower() == "parent"
        else 'only type="parent" means anything'
    )
    message = f'type="{queue_type}" on {path} is ignored: {meaning}'
    walk.flag(RULE, element, message, queue=path, property="type")
