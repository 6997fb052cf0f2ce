"""FS350 vcores-left-out: FairSchedulerConfiguration#parseResourceConfigValue fills a type the value
leaves out through ResourceUtils.createResourceWithSameValue, whose vcores is an int."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import absolute, resource_settings, spec
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import VCORES
from fsctl.model.tree import Queue, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "FS350",
    "vcores-left-out",
    WARNING,
    """A maximum written as ``name=value`` pairs leaves ``vcores`` out, which caps vcores at 0.

    Hadoop gives every type such a value leaves out ``Long.MAX_VALUE`` (no limit), but vcores is
    an int and gets ``(int) Long.MAX_VALUE``, which is -1. ``FSQueue.getMaxShare`` raises that to
    the queue's ``minResources`` vcores, 0 unless set: the queue's maximum share has no vcores, and
    under ``drf`` its steady fair share gets none. ``maxChildResources`` passes this maximum to every
    queue created under the parent at run time, ``queueMaxResourcesDefault`` to every queue without
    ``maxResources``, and a ``maxContainerAllocation`` without vcores allows containers of -1 vcores.
    Memory and custom resource types left out stay unlimited.

    Bad: ``<maxResources>memory-mb=8192</maxResources>``
    Good: ``<maxResources>memory-mb=8192, vcores=8</maxResources>``
    """,
    lint_only=True,
    hadoop_source="FAIR/FairSchedulerConfiguration.java#parseResourceConfigValue",
)

#: what the -1 vcores does, per element
_EFFECT = {
    "maxResources": "its maximum share has {floor} vcores (FSQueue.getMaxShare)",
    "maxChildResources": "every queue created under it at run time has a maximum of 0 vcores",
    "queueMaxResourcesDefault": "every queue without its own maxResources has a maximum of 0 vcores, "
    "or its minResources' vcores",
    "maxContainerAllocation": "its largest container has -1 vcores",
}


def check_tree(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    for owner, name, setting in resource_settings(tree, queues):
        effect = _EFFECT.get(name)
        amounts = absolute(spec(setting))
        # the parser stores (int) Long.MAX_VALUE for a vcores left out; a written value is never negative
        if effect is None or amounts is None or amounts.get(VCORES, 0) >= 0:
            continue
        floor = 0
        if owner is not None:
            minimum = absolute(spec(owner.declared.get("minResources")))
            floor = max(0, (minimum or {}).get(VCORES, 0))
        where = f" of {owner.path}" if owner is not None else ""
        yield RULE.at(
            setting.location or (owner.location if owner else None),
            f"{name}{where} ({setting.raw}) leaves vcores out: Hadoop reads it as -1 (the int of "
            f"Long.MAX_VALUE), so {effect.format(floor=floor)}; write vcores=N",
            queue=owner.path if owner else None,
            property=name,
        )
