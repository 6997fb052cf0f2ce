"""FS318 children-min-exceed-parent: ComputeFairShares: children's guarantees that do not fit in the
parent's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import absolute, spec
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import UNBOUNDED
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS318",
    "children-min-exceed-parent",
    WARNING,
    """The children's ``minResources`` add up to more than their parent's (or the cluster's).

    A parent hands its children at most its own share; guarantees that do not fit are not
    guarantees, and min-share preemption then fights over resources no one can have. With
    ``--cluster`` the top-level queues are also compared with the cluster. Only absolute values
    are added (percentage minimums are ignored by Hadoop, see FS310).

    Bad: parent min ``memory-mb=1000, vcores=10``, children min 600 and 600 MB.
    Good: children min 600 and 400 MB.
    """,
    lint_only=True,
    hadoop_source="FAIR/policies/ComputeFairShares.java",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for parent in queues:
        if not parent.children:
            continue
        if parent.parent is None:
            if not context.cluster:
                continue
            capacity: dict[str, int] = dict(context.cluster)
            what = "the cluster"
        else:
            own = absolute(spec(parent.declared.get("minResources")))
            if own is None:
                continue
            capacity = own
            what = f"{parent.path}'s minResources"
        total: dict[str, int] = {}
        for child in parent.children:
            amounts = absolute(spec(child.declared.get("minResources")))
            if not amounts:
                continue
            for name, amount in amounts.items():
                if amount < UNBOUNDED:
                    total[name] = total.get(name, 0) + amount
            exceeded = {n: t for n, t in total.items() if t > capacity.get(n, 0)}
            if exceeded:
                listed = ", ".join(f"{n}={t} > {capacity.get(n, 0)}" for n, t in exceeded.items())
                message = (
                    f"the minResources of the children of {parent.path} add up to more than {what} "
                    f"from {child.path} on ({listed})"
                )
                yield RULE.on(child, "minResources", message)
                break
