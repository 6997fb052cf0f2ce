"""FS319 max-below-min: FSQueue#getMaxShare uses the larger of minimum and maximum."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import absolute, spec
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS319",
    "max-below-min",
    WARNING,
    """A queue's maximum is below its minimum for some resource.

    Hadoop uses the larger of the two as the queue's maximum share (``FSQueue.getMaxShare``), so
    the configured maximum is not a maximum. Hadoop itself warns only when the queue's own
    ``maxResources`` is absolute; this rule also checks a maximum inherited from
    ``queueMaxResourcesDefault`` and, with ``--cluster``, percentage maximums.

    Bad: ``<minResources>memory-mb=4096, vcores=4</minResources>`` under
    ``<queueMaxResourcesDefault>memory-mb=2048, vcores=8</queueMaxResourcesDefault>``
    Good: a maximum at least as large as the minimum in every resource.
    """,
    lint_only=True,
    hadoop_source="FAIR/FSQueue.java#getMaxShare",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    default_max = spec(tree.settings.get("queueMaxResourcesDefault"))
    for queue in queues:
        minimum = absolute(spec(queue.declared.get("minResources")))
        if not minimum or queue.parent is None:
            continue
        own = spec(queue.declared.get("maxResources"))
        if own is not None and own.fractions is None:
            continue  # Hadoop warns itself (FS202)
        resources = own or default_max
        if resources is None:
            continue
        if resources.fractions is not None:
            if not context.cluster:
                continue
            maximum = resources.resolve(context.cluster)
        else:
            maximum = resources.amounts()
        # a negative maximum is a vcores left out (-1): FS350 says what that does
        low = {n: (m, maximum[n]) for n, m in minimum.items() if n in maximum and m > maximum[n] >= 0}
        if not low:
            continue
        source = "maxResources" if own is not None else "queueMaxResourcesDefault"
        listed = ", ".join(f"{n} {mx} < {mn}" for n, (mn, mx) in low.items())
        yield RULE.at(
            queue.setting_location("maxResources" if own is not None else "minResources"),
            f"the maximum of {queue.path} ({source}) is below its minResources ({listed}); Hadoop uses "
            "the larger value",
            queue=queue.path,
            property="maxResources",
        )
