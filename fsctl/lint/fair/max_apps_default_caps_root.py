"""FS317 max-apps-default-caps-root: AllocationConfiguration#initFSQueue gives root the queueMaxAppsDefault
too."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import INFO, define
from fsctl.lint.fair.document import number, text
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS317",
    "max-apps-default-caps-root",
    INFO,
    """``queueMaxAppsDefault`` also limits the root queue, i.e. the whole cluster.

    The default applies to every queue without its own ``maxRunningApps``, root included, and
    running apps are counted up the tree: with ``queueMaxAppsDefault`` 50 no more than 50
    applications run in the whole cluster, whatever the leaves allow. Give root its own
    ``maxRunningApps`` when the default is meant for leaves.

    Bad: ``<queueMaxAppsDefault>50</queueMaxAppsDefault>`` with leaves allowing 80 each.
    Good: the same plus ``<queue name="root"><maxRunningApps>1000</maxRunningApps>...``
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationConfiguration.java#initFSQueue",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    max_apps = tree.settings.get("queueMaxAppsDefault")
    limit = number(max_apps)
    if max_apps is None or limit is None or "maxRunningApps" in tree.root.declared:
        return
    larger = [q.path for q in queues if (number(q.declared.get("maxRunningApps")) or 0) > limit]
    detail = f"; more than that can never run in {', '.join(larger[:3])}" if larger else ""
    yield RULE.at(
        max_apps.location,
        f"queueMaxAppsDefault {text(max_apps)} also applies to root: at most {text(max_apps)} "
        f"applications run in the whole cluster{detail} (give root its own maxRunningApps)",
        property="queueMaxAppsDefault",
        severity=Severity.WARNING if larger else None,
    )
