"""FS309 percentage-over-100: FairSchedulerConfiguration#parseResourceConfigValue accepts any percentage."""

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
    "FS309",
    "percentage-over-100",
    WARNING,
    """A resource percentage is above 100 %.

    Hadoop accepts any percentage; ``150%`` of the cluster can never be reached. Usually a typo
    or a percentage of the parent written where Hadoop means the cluster.

    Bad: ``<maxResources>memory-mb=150%, vcores=100%</maxResources>``
    Good: ``<maxResources>memory-mb=50%, vcores=50%</maxResources>``
    """,
    lint_only=True,
    hadoop_source="FAIR/FairSchedulerConfiguration.java#parseResourceConfigValue",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for owner, name, setting in resource_settings(tree, queues):
        resources = spec(setting)
        if resources is None or resources.fractions is None or name in PERCENTAGE_IGNORED:
            continue
        over = [(r, f) for r, f in resources.fractions if f > 1.0]
        if over:
            listed = ", ".join(f"{r}={round(f * 100, 6):g}%" for r, f in over)
            yield RULE.at(
                setting.location or (owner.location if owner else None),
                f"{name} asks for more than the whole cluster ({listed})",
                queue=owner.path if owner else None,
                property=name,
            )
