"""CS308 user-limit-factor-out-of-range: LeafQueue reads any user-limit-factor."""

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
    "CS308",
    "user-limit-factor-out-of-range",
    WARNING,
    """``user-limit-factor`` is 0 or negative (other than -1).

    A single user may use guaranteed × factor; 0 starves every user, a negative value other than
    ``-1`` (no limit) is meaningless. Hadoop does not check it.
    """,
    lint_only=True,
    hadoop_source="UsersManager.java#computeUserLimit",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for setting, path in limit_settings(tree, queues, "user-limit-factor"):
        ulf = number(setting)
        if ulf is None or not (ulf == 0 or (ulf < 0 and ulf != -1)):
            continue
        yield RULE.at(
            setting.location,
            f"{'' if path else PREFIX}user-limit-factor {fmt(ulf)}: "
            + ("no user can use anything" if ulf == 0 else "negative factors other than -1 mean nothing"),
            queue=path,
            property="user-limit-factor",
        )
