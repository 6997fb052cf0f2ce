"""CS315 node-labels-disabled: node labels in queues need yarn.node-labels.enabled in yarn-site.xml."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity import keys
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import WARNING, define
from fsctl.hadoop.conf import HadoopConf
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS315",
    "node-labels-disabled",
    WARNING,
    """Queues configure node labels but ``yarn.node-labels.enabled`` is not true in yarn-site.xml.

    Without node labels every node is in the default partition, so per-label capacities and
    ``default-node-label-expression`` have no effect.
    """,
    lint_only=True,
    hadoop_source="YarnConfiguration.java#NODE_LABELS_ENABLED",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    site = context.yarn_site
    if not isinstance(site, HadoopConf):
        return
    from fsctl.capacity.site import NODE_LABELS_ENABLED, node_labels_enabled

    if node_labels_enabled(site):
        return
    for queue in queues:
        where = _labels_in_use(queue)
        if where is not None:
            yield RULE.at(
                where,
                f"queue {queue.path} configures node labels but {NODE_LABELS_ENABLED} is not true in "
                "yarn-site.xml",
                queue=queue.path,
            )
            return


def _labels_in_use(queue: Queue) -> Location | None:
    for suffix, setting in queue.declared.items():
        if suffix.startswith(keys.LABELS_PREFIX):
            return setting.location or queue.location
        if suffix == "default-node-label-expression" and str(setting.raw).strip():
            return setting.location or queue.location
        if suffix == "accessible-node-labels" and str(setting.raw).strip() not in ("", "*"):
            return setting.location or queue.location
    return None
