"""CS314 auto-refresh-interval-documented-key: CapacitySchedulerConfiguration reads the refresh interval
under its own prefix."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.hadoop.conf import HadoopConf
from fsctl.lint.capacity.document import PREFIX
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS314",
    "auto-refresh-interval-documented-key",
    WARNING,
    """The documented auto-refresh interval key is set, but Hadoop reads another one.

    ``yarn.resourcemanager.queue.auto.refresh.monitoring-interval`` is what the documentation names;
    ``QueueConfigurationAutoRefreshPolicy`` reads
    ``yarn.scheduler.capacity.queue.auto.refresh.monitoring-interval``, so the documented key does
    nothing.
    """,
    lint_only=True,
    hadoop_source="QueueConfigurationAutoRefreshPolicy.java",
)

DOCUMENTED_REFRESH_KEY = "yarn.resourcemanager.queue.auto.refresh.monitoring-interval"


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for source in (tree.info.properties, context.yarn_site):
        if isinstance(source, HadoopConf) and source.get(DOCUMENTED_REFRESH_KEY) is not None:
            yield RULE.at(
                source.location(DOCUMENTED_REFRESH_KEY),
                f"{DOCUMENTED_REFRESH_KEY} does nothing: the Capacity Scheduler reads "
                f"{PREFIX}queue.auto.refresh.monitoring-interval",
                property=DOCUMENTED_REFRESH_KEY,
            )
            return
