"""FS308 boolean-not-true-false: Boolean.parseBoolean reads anything but true as false."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.hadoop.javanum import java_trim
from fsctl.lint.fair.document import QUEUE_PARSER, Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS308",
    "boolean-not-true-false",
    WARNING,
    """A boolean setting is neither ``true`` nor ``false``; Hadoop reads it as ``false``.

    Java's ``Boolean.parseBoolean`` is true only for ``true`` (any case); ``yes``, ``1``, ``on``
    or a typo all mean false. For ``allowPreemptionFrom`` that makes the queue (and, one-way,
    every queue below it) non-preemptable.

    Bad: ``<allowPreemptionFrom>yes</allowPreemptionFrom>`` (means false)
    Good: ``<allowPreemptionFrom>true</allowPreemptionFrom>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER + " (Boolean.parseBoolean)",
)


def check_value(walk: Walk, element: etree._Element, tag: str, text: str, path: str | None) -> None:
    if tag != "allowPreemptionFrom":
        return
    value = java_trim(text)
    if value.lower() in ("true", "false"):
        return
    message = (
        f"allowPreemptionFrom {value!r} is read as false: {path} and every queue below it can "
        "never be preempted"
    )
    walk.flag(RULE, element, message, queue=path, property=tag)
