"""FS302 duplicate-setting: a setting given twice in one scope: the later value replaces the earlier in
Hadoop's maps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.io.xmldoc import local_name
from fsctl.lint.fair.document import FILE_PARSER, QUEUE_PARSER, Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS302",
    "duplicate-setting",
    WARNING,
    """A setting is given twice in the same queue, user or at the top level; the last one wins.

    Hadoop stores each value in a map, so an earlier occurrence is silently replaced by a later
    one. The two spellings of one setting count as the same setting: ``schedulingPolicy`` and
    ``schedulingMode``, ``defaultQueueSchedulingPolicy`` and ``defaultQueueSchedulingMode``, and the
    deprecated top-level ``fairSharePreemptionTimeout`` next to ``defaultFairSharePreemptionTimeout``
    (the deprecated one is then never read). Several ``queuePlacementPolicy`` elements: only the
    last is used.

    Bad: ``<weight>1</weight> ... <weight>3</weight>`` in one queue.
    Good: one ``<weight>``.
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + ", " + FILE_PARSER,
)


def check_setting(
    walk: Walk, element: etree._Element, key: str, earlier: etree._Element | None, scope: str | None
) -> None:
    if earlier is None:
        return
    tag, earlier_tag = local_name(element), local_name(earlier)
    spelled = f"<{tag}>" if tag == earlier_tag else f"<{tag}> (same setting as <{earlier_tag}>)"
    where = f"in {scope}" if scope else "at the top level"
    message = f"{spelled} is given again {where}; it overrides the one at line {walk.at(earlier).line}"
    walk.flag(RULE, element, message, queue=scope, property=key)
