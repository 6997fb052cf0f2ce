"""FS311 negative-value: Hadoop parses weights, limits, thresholds and timeouts without a range check."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.elements import FLOAT_ELEMENTS, INT_ELEMENTS, TIMEOUT_ELEMENTS
from fsctl.hadoop.javanum import java_trim, parse_double, parse_int, parse_long
from fsctl.lint.fair.document import QUEUE_PARSER, Walk, parse

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS311",
    "negative-value",
    WARNING,
    """A weight, limit, threshold or timeout is negative (or ``maxAMShare`` below 0 and not ``-1``).

    Hadoop does no range checking. A negative weight or ``maxRunningApps`` makes the queue
    unusable in ways that are hard to debug, a negative timeout preempts immediately. ``maxAMShare``
    of exactly ``-1`` is the documented way to disable the AM check and is not reported.

    Bad: ``<weight>-1</weight>``, ``<maxRunningApps>-5</maxRunningApps>``
    Good: ``<weight>0.5</weight>``, ``<maxRunningApps>5</maxRunningApps>``
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER,
)


def check_value(walk: Walk, element: etree._Element, tag: str, text: str, path: str | None) -> None:
    value = java_trim(text)
    if tag in INT_ELEMENTS:
        number = parse(parse_int, value)
    elif tag in TIMEOUT_ELEMENTS:
        number = parse(parse_long, value)
    elif tag in FLOAT_ELEMENTS:
        number = parse(parse_double, value)
        if number is None or math.isnan(number) or math.isinf(number):
            return  # FS313
        if tag in ("maxAMShare", "queueMaxAMShareDefault") and number == -1:
            return  # documented: disables the AM share check
    else:
        return
    if number is None or number >= 0:
        return
    extra = " (only -1, which disables the check, is meaningful)" if "AMShare" in tag else ""
    message = f"{tag} is negative ({number:g}){extra}; Hadoop does not check the range"
    walk.flag(RULE, element, message, queue=path, property=tag)
