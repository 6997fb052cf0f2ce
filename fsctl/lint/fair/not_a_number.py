"""FS313 not-a-number: Java's float parser accepts NaN and Infinity."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.elements import FLOAT_ELEMENTS
from fsctl.hadoop.javanum import java_trim, parse_double
from fsctl.lint.fair.document import QUEUE_PARSER, Walk, parse

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS313",
    "not-a-number",
    WARNING,
    """A number is ``NaN`` or ``Infinity``.

    Java's float parser accepts both and Hadoop's clamps let ``NaN`` through, so a ``NaN`` weight
    or threshold poisons every share computed from it.

    Bad: ``<weight>NaN</weight>``, ``<fairSharePreemptionThreshold>Infinity</fairSharePreemptionThreshold>``
    Good: a finite number.
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER,
)


def check_value(walk: Walk, element: etree._Element, tag: str, text: str, path: str | None) -> None:
    if tag not in FLOAT_ELEMENTS:
        return
    value = java_trim(text)
    number = parse(parse_double, value)
    if number is not None and (math.isnan(number) or math.isinf(number)):
        message = f"{tag} is {value}; Hadoop accepts it and every share computed from it is wrong"
        walk.flag(RULE, element, message, queue=path, property=tag)
