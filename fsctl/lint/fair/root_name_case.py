"""FS314 root-name-case: AllocationFileQueueParser#parse and QueueManager: the root spelled in another
case."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.names import trim_queue_name
from fsctl.lint.fair.document import QUEUE_PARSER, Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS314",
    "root-name-case",
    WARNING,
    """The root queue is spelled with other letter case (``ROOT``, ``Root``) or with spaces.

    ``name="ROOT"`` is recognised as the root element, but queues get the stored spelling
    (``ROOT.a``), which the queue manager later re-prefixes to ``root.ROOT.a``: every path in
    the file silently moves one level down, and every setting inside the element (weights,
    limits, ACLs, policies) stays keyed ``ROOT.a``, a name no queue has, so none is applied: the
    queues run on the defaults. ``name=" root"`` is not the root at all (it becomes
    ``root.root``). Spell it ``root``.

    Bad: ``<queue name="ROOT">``
    Good: ``<queue name="root">``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + "#parse, FAIR/QueueManager.java",
)


def check_top_queue(walk: Walk, element: etree._Element, name: str) -> None:
    trimmed = trim_queue_name(name)
    if name.lower() == "root" and name != "root":
        message = (
            f'the root queue is spelled "{name}": its queues become {name}.<name>, which Hadoop '
            f"re-prefixes to root.{name}.<name>, and no setting inside it is applied (they stay keyed "
            f"{name}.<name>)"
        )
        walk.flag(RULE, element, message, queue=name, property="name")
    elif trimmed.lower() == "root" and name != trimmed:
        message = (
            f'queue name "{name}" is not recognised as the root queue (spaces); it becomes root.{trimmed}'
        )
        walk.flag(RULE, element, message, queue=f"root.{trimmed}", property="name")
