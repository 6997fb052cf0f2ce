"""FS310 percentage-not-supported: AllocationConfiguration keeps only the absolute part of minResources and
maxContainerAllocation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import PERCENTAGE_IGNORED, resource_settings, spec
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS310",
    "percentage-not-supported",
    WARNING,
    """A percentage in ``minResources`` or ``maxContainerAllocation`` is silently ignored.

    Both parse, but Hadoop keeps only the absolute part of the value: a percentage ``minResources``
    becomes a min share of 0 (and the min/max check is skipped); a percentage
    ``maxContainerAllocation`` becomes unbounded (the ancestor's or the scheduler's maximum).
    Use absolute values.

    Bad: ``<minResources>memory-mb=20%, vcores=20%</minResources>``
    Good: ``<minResources>memory-mb=204800, vcores=200</minResources>``
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationConfiguration.java#getMinResources",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for owner, name, setting in resource_settings(tree, queues):
        resources = spec(setting)
        if resources is None or resources.fractions is None or name not in PERCENTAGE_IGNORED:
            continue
        effect = "a min share of 0" if name == "minResources" else "no per-container limit"
        yield RULE.at(
            setting.location or (owner.location if owner else None),
            f"{name} {resources.text or resources.canonical()!r} is a percentage; Hadoop keeps only absolute "
            f"values here, so this means {effect}",
            queue=owner.path if owner else None,
            property=name,
        )
