"""CS310 am-resource-percent-out-of-range: LeafQueue reads maximum-am-resource-percent as a fraction,
unchecked."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.lint.capacity.document import PREFIX, fmt, limit_settings, number
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS310",
    "am-resource-percent-out-of-range",
    WARNING,
    """``maximum-am-resource-percent`` is outside [0, 1].

    It is a fraction (0.1 = 10%), not a percentage: ``10`` lets application masters take 1000% of
    the queue. Hadoop does not check it.
    """,
    lint_only=True,
    hadoop_source="AbstractLeafQueue.java#calculateAndGetAMResourceLimitPerPartition",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for setting, path in limit_settings(tree, queues, "maximum-am-resource-percent"):
        am = number(setting)
        if am is None or 0 <= am <= 1:
            continue
        yield RULE.at(
            setting.location,
            f"{'' if path else PREFIX}maximum-am-resource-percent {fmt(am)} is outside [0, 1]; it is a "
            f"fraction (0.1 = 10%), so this allows {fmt(am * 100)}%",
            queue=path,
            property="maximum-am-resource-percent",
        )
