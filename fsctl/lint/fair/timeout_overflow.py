"""FS312 timeout-overflow: AllocationFileQueueParser multiplies timeout seconds by 1000 in a Java long."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.elements import TIMEOUT_ELEMENTS
from fsctl.hadoop.javanum import java_trim, parse_long
from fsctl.lint.fair.document import QUEUE_PARSER, Walk, parse

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS312",
    "timeout-overflow",
    WARNING,
    """A preemption timeout overflows when Hadoop converts it to milliseconds.

    Timeouts are seconds in the file and ``value * 1000`` in a Java long inside Hadoop; above
    9223372036854775 seconds the product wraps around silently, usually to a negative number,
    which preempts immediately instead of never.

    Bad: ``<minSharePreemptionTimeout>9223372036854775807</minSharePreemptionTimeout>``
    Good: leave the element out (no preemption), or give a real number of seconds.
    """,
    lint_only=True,
    hadoop_source=QUEUE_PARSER,
)


_LONG_MAX = 2**63 - 1
_LONG_MIN = -(2**63)


def check_value(walk: Walk, element: etree._Element, tag: str, text: str, path: str | None) -> None:
    if tag not in TIMEOUT_ELEMENTS:
        return
    value = java_trim(text)
    seconds = parse(parse_long, value)
    if seconds is None or _LONG_MIN <= seconds * 1000 <= _LONG_MAX:
        return
    message = (
        f"{tag} {value} seconds overflows a Java long in milliseconds; Hadoop wraps it "
        f"around to {_wrap_long(seconds * 1000)} ms"
    )
    walk.flag(RULE, element, message, queue=path, property=tag)


def _wrap_long(value: int) -> int:
    return (value + 2**63) % 2**64 - 2**63
