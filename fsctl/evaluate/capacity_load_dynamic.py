"""The queues Hadoop creates for a demand snapshot: paths the Capacity Scheduler file lacks under a
parent that creates queues on submission (flexible auto-creation, ``auto-queue-creation-v2``,
Hadoop 3.4).

A snapshot shows what a cluster runs now, so a queue it names exists already: fsctl creates it, its
missing parents first, before any application is submitted, as ``CapacitySchedulerQueueManager.
createQueue`` does (the oracle calls it the same way). A created leaf gets its parent's leaf
template and template for every key the file does not set for it, ``user-limit-factor -1`` and
``maximum-am-resource-percent 1`` where they leave those unset
(``AbstractLeafQueue.parseAndSetDynamicTemplates`` sets both first, and the templates overwrite
them: which keys "are already set" comes from the properties cached when the scheduler started), and
weight ``1w`` when nothing gives a capacity (``AbstractCSQueue.overrideCapacityVectorsForSpecialQueues``);
a created parent its parent's parent template and template. The tree is read again with those keys,
so every capacity is the reader's and the evaluation's as for a declared queue.

Where Hadoop refuses to create a queue (``determineMissingParents``, ``addDynamicChildQueue``: no
such parent, a leaf, creation not enabled, too deep, too many children, legacy mode with children
not in weight mode) the snapshot cannot describe a state of this configuration: a located SM200.
Legacy auto-creation (``auto-create-child-queue``, ``ManagedParentQueue``) hands capacities out
through its management policy over time and is not simulated: SM200 says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fsctl.model.diagnostics import Diagnostic

if TYPE_CHECKING:
    from fsctl.capacity.values import CapacityQueue, CapacityTree
    from fsctl.model.demand import DemandSnapshot
    from fsctl.model.versions import HadoopVersion

PREFIX = "yarn.scheduler.capacity."


class DynamicQueueError(Exception):
    """A snapshot path Hadoop would not create: ``diagnostics`` say where and why."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0].message)
        self.diagnostics = diagnostics


def with_created_queues(
    tree: CapacityTree, snapshot: DemandSnapshot, version: HadoopVersion
) -> tuple[CapacityTree, list[Diagnostic]]:
    """``tree`` with the queues Hadoop creates for the snapshot's paths it lacks (the same tree when
    it lacks none), and an SM210 for each created leaf."""
    from fsctl.catalogue.capacity_load import SM200, SM210

    missing = [(path, load) for path, load in snapshot.queues.items() if tree.find(path) is None]
    if not missing:
        return tree, []
    errors: list[Diagnostic] = []
    planned: set[str] = set()  # every queue to create, parents included
    for path, load in missing:
        problem = _refusal(tree, path, planned, version)
        if problem is not None:
            errors.append(SM200.at(load.location, f"{path}: {problem}", queue=path))
            continue
        parts = path.split(".")
        planned.update(".".join(parts[:depth]) for depth in range(2, len(parts) + 1))
    if errors:
        raise DynamicQueueError(errors)
    grown = tree
    while True:  # a level at a time: a created parent's templates are read before its children's
        level = _next_level(grown, missing)
        if not level:
            break
        grown = _read_with(grown, level, version)
        for path in level:
            if grown.find(path) is None:  # the reader refused what the keys describe
                load = next(load for p, load in missing if p == path or p.startswith(path + "."))
                raise DynamicQueueError([SM200.at(load.location, f"{path}: Hadoop cannot create it")])
    notes = [
        SM210.at(
            load.location,
            f"{path}: Hadoop creates it under {path.rsplit('.', 1)[0]} (auto-queue-creation-v2), with its "
            "missing parents; fsctl creates it before the applications are submitted",
            queue=path,
        )
        for path, load in missing
    ]
    return grown, notes


def _next_level(tree: CapacityTree, missing: Sequence[tuple[str, object]]) -> dict[str, bool]:
    """The queues to create whose parent exists: path -> whether it is a leaf, in snapshot order."""
    level: dict[str, bool] = {}
    for path, _ in missing:
        parts = path.split(".")
        for depth in range(2, len(parts) + 1):
            prefix = ".".join(parts[:depth])
            if tree.find(prefix) is None:
                level.setdefault(prefix, depth == len(parts))
                break
    return level


def _refusal(tree: CapacityTree, path: str, planned: set[str], version: HadoopVersion) -> str | None:
    """Why Hadoop would not create ``path`` (None: it creates it and the parents it lacks)."""
    from fsctl.capacity.capacity_value import CapacityMode

    parts = path.split(".")
    if parts[0] != "root" or len(parts) < 2 or not all(parts):
        return "no such queue in the configuration (give the full path from root)"
    # determineMissingParents: the first parent that exists, and how far the leaf is below it
    existing: CapacityQueue | None = None
    distance = 1
    for depth in range(len(parts) - 1, 0, -1):
        existing = tree.find(".".join(parts[:depth]))
        if existing is not None:
            break
        distance += 1
    if existing is None:
        return "no such queue in the configuration"
    values = existing.effective
    if not existing.children and not (
        values.auto_queue_creation_v2_enabled or values.auto_create_child_queue_enabled
    ):
        return f"no such queue in the configuration ({existing.path} is a leaf: Hadoop creates none under it)"
    if values.auto_create_child_queue_enabled:
        return (
            f"no such queue in the configuration; {existing.path} creates leaves with "
            "auto-create-child-queue (legacy auto-creation), which fsctl does not simulate"
        )
    if version < (3, 4) or not values.auto_queue_creation_v2_enabled:
        return "no such queue in the configuration"
    depth_limit = values.auto_queue_creation_v2_maximum_queue_depth
    if distance > depth_limit:
        return (
            f"no such queue in the configuration; Hadoop does not create it {distance} levels below "
            f"{existing.path} (auto-queue-creation-v2.maximum-queue-depth {depth_limit})"
        )
    first = ".".join(parts[: len(parts) - distance + 1])  # the first queue to create, under existing
    if first not in planned:
        siblings = len(existing.children) + sum(1 for p in planned if p.rsplit(".", 1)[0] == existing.path)
        most = values.auto_queue_creation_v2_max_queues
        if siblings >= most:
            return (
                f"no such queue in the configuration; Hadoop does not create it: {existing.path} has "
                f"{siblings} children (auto-queue-creation-v2.max-queues {most})"
            )
    # addDynamicChildQueue: in legacy queue mode every child already there must have a weight
    if tree.info.legacy_queue_mode and any(
        child.effective.capacity.mode is not CapacityMode.WEIGHT for child in existing.children
    ):
        return (
            "no such queue in the configuration; Hadoop does not create it: in legacy queue mode the "
            f"children of {existing.path} must all have weights"
        )
    return None


def _read_with(tree: CapacityTree, created: dict[str, bool], version: HadoopVersion) -> CapacityTree:
    """The tree read again with the keys Hadoop sets for each created queue (their parents exist)."""
    from fsctl.capacity.reader import read_capacity_conf
    from fsctl.hadoop.conf import HadoopConf

    conf = tree.info.properties
    names = conf.names()
    pairs: list[tuple[str, str]] = []
    children: dict[str, list[str]] = {}
    for path, leaf in created.items():
        parent_path, name = path.rsplit(".", 1)
        children.setdefault(parent_path, []).append(name)
        own = f"{PREFIX}{path}."
        given = {n[len(own) :] for n in names if n.startswith(own)}
        keys: dict[str, str] = {}
        parent = tree.find(parent_path)
        assert parent is not None
        values = parent.effective
        specific = (
            values.auto_queue_creation_v2_leaf_template
            if leaf
            else values.auto_queue_creation_v2_parent_template
        )
        for template in (specific, values.auto_queue_creation_v2_template):
            for key, value in template.items():
                keys.setdefault(key, value)
        if leaf:  # what the templates leave unset
            keys.setdefault("user-limit-factor", "-1")
            keys.setdefault("maximum-am-resource-percent", "1.0")
        if "capacity" not in keys and "capacity" not in given:
            keys["capacity"] = "1w"
        pairs.extend((f"{own}{key}", value) for key, value in keys.items() if key not in given)
    for parent_path, added in children.items():
        listed = conf.get(f"{PREFIX}{parent_path}.queues") or ""
        current = [n.strip() for n in listed.split(",") if n.strip()]
        pairs.append((f"{PREFIX}{parent_path}.queues", ",".join([*current, *added])))
    merged, _ = conf.layered(HadoopConf.from_pairs(pairs, source=conf.source))
    result = read_capacity_conf(merged, hadoop_version=version, root_location=tree.root.location)
    assert result.tree is not None
    return result.tree
