"""FS306 unknown-attribute: AllocationFileQueueParser reads only name and type of a queue, name of a user."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.io.xmldoc import local_name
from fsctl.lint.fair.document import QUEUE_ATTRIBUTES, QUEUE_PARSER, Walk, suggest

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint.fair.document import Earlier

RULE = define(
    "FS306",
    "unknown-attribute",
    WARNING,
    """An attribute the Fair Scheduler does not read; it is ignored.

    A queue reads only ``name`` and ``type``, a user only ``name``. ``<queue Name="a">`` has no
    name at all (attributes are case-sensitive) and fails to load; ``<queue name="a" weight="2">``
    silently keeps weight 1.

    Bad: ``<queue name="a" weight="2"/>``
    Good: ``<queue name="a"><weight>2</weight></queue>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#loadQueue",
)


def check_queue(walk: Walk, element: etree._Element, path: str, is_parent: bool, earlier: Earlier) -> None:
    _attributes(walk, element, QUEUE_ATTRIBUTES, path, "queue")


def check_user(walk: Walk, element: etree._Element, name: str, earlier: etree._Element | None) -> None:
    _attributes(walk, element, ("name",), None, "user")


def _attributes(
    walk: Walk, element: etree._Element, known: tuple[str, ...], path: str | None, what: str
) -> None:
    for attribute in element.attrib:
        name = str(attribute)
        if name in known or name.startswith("{"):
            continue
        hint = suggest(name, known).replace("<", '"').replace(">", '"')
        message = (
            f"attribute {name}= on <{local_name(element)}> is ignored by Hadoop (a {what} reads only "
            f"{', '.join(known)}){hint}"
        )
        walk.flag(RULE, element, message, queue=path, property=name)
