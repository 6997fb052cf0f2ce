"""FS330 root-max-resources-caps-cluster: root's maxResources, its own or queueMaxResourcesDefault,
caps the whole cluster (FSQueue.fitsInMaxShare walks up to root)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.effective import root_maximum
from fsctl.lint.fair.document import text
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import fmt_vector
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS330",
    "root-max-resources-caps-cluster",
    WARNING,
    """Root has a maximum: no more than that runs in the whole cluster.

    ``queueMaxResourcesDefault`` applies to every queue without its own ``maxResources``, root
    included (``AllocationConfiguration.getMaxResources``), and a container is assigned only when it
    fits in the maximum of its queue and of every ancestor up to root
    (``FSAppAttempt.hasContainerForNode``: ``FSQueue.fitsInMaxShare``). A default of ``50%`` meant
    for the leaves leaves half of the cluster idle; root's own ``maxResources`` does the same. The
    fair shares are still computed from the whole cluster, so nothing else shows it. Give root its
    own ``maxResources`` (``100%``) when the default is meant for the other queues. ``fsctl
    convert`` reports the cap it lifts (CV410).

    Bad: ``<queueMaxResourcesDefault>50%</queueMaxResourcesDefault>`` alone.
    Good: the same plus ``<queue name="root"><maxResources>100%</maxResources>...``
    """,
    lint_only=True,
    hadoop_source="FAIR/FSQueue.java#fitsInMaxShare, FAIR/AllocationConfiguration.java#getMaxResources",
)


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    found = root_maximum(tree)
    if found is None:
        return
    spec, setting = found
    own = "maxResources" in tree.root.declared
    source = "maxResources" if own else "queueMaxResourcesDefault"
    if own:
        where, how = tree.root.setting_location("maxResources"), "root's maxResources"
    else:
        where, how = setting.location, "queueMaxResourcesDefault, which applies to root too,"
    amounts = ""
    if context.cluster and spec.is_percentage:
        amounts = f" ({fmt_vector(spec.resolve(context.cluster))} of this cluster)"
    yield RULE.at(
        where,
        f"{how} caps the whole cluster at {text(setting)}{amounts}: no container is assigned past "
        "it, whatever the queues below allow (give root its own maxResources if the limit is meant "
        "for the other queues)",
        queue="root" if own else None,
        property=source,
    )
