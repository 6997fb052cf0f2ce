"""CS309 minimum-user-limit-percent-out-of-range: LeafQueue reads any minimum-user-limit-percent."""

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
    "CS309",
    "minimum-user-limit-percent-out-of-range",
    WARNING,
    """``minimum-user-limit-percent`` is outside (0, 100].

    It is the share each active user is promised; Hadoop does not range-check it.
    """,
    lint_only=True,
    hadoop_source="UsersManager.java#computeUserLimit",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for setting, path in limit_settings(tree, queues, "minimum-user-limit-percent"):
        mulp = number(setting)
        if mulp is None or 0 < mulp <= 100:
            continue
        yield RULE.at(
            setting.location,
            f"{'' if path else PREFIX}minimum-user-limit-percent {fmt(mulp)} is outside (0, 100]",
            queue=path,
            property="minimum-user-limit-percent",
        )
