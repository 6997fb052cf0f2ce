"""FS316 top-level-default-unused: AllocationFileLoaderService#setupRootQueueProperties: root's own value
shadows the default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import INFO, define
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS316",
    "top-level-default-unused",
    INFO,
    """A top-level preemption default is never used because the root queue sets its own value.

    ``defaultMinSharePreemptionTimeout``, ``defaultFairSharePreemptionTimeout`` and
    ``defaultFairSharePreemptionThreshold`` are only the root queue's values when root does not
    set ``minSharePreemptionTimeout``, ``fairSharePreemptionTimeout`` or
    ``fairSharePreemptionThreshold`` itself; every other queue inherits from its parent. With both,
    the top-level one is dead text (Hadoop does not even parse it).

    Bad: ``<defaultMinSharePreemptionTimeout>600</defaultMinSharePreemptionTimeout>`` and
    ``<queue name="root"><minSharePreemptionTimeout>300</minSharePreemptionTimeout>``
    Good: one of the two.
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationFileLoaderService.java#setupRootQueueProperties",
)


#: top-level default -> the root queue's own setting that replaces it (setupRootQueueProperties)
ROOT_DEFAULTS = {
    "defaultMinSharePreemptionTimeout": "minSharePreemptionTimeout",
    "defaultFairSharePreemptionTimeout": "fairSharePreemptionTimeout",
    "defaultFairSharePreemptionThreshold": "fairSharePreemptionThreshold",
}


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for default_name, own_name in ROOT_DEFAULTS.items():
        setting = tree.settings.get(default_name)
        if setting is not None and own_name in tree.root.declared:
            yield RULE.at(
                setting.location,
                f"{default_name} is never used: the root queue sets {own_name} itself",
                property=default_name,
            )
