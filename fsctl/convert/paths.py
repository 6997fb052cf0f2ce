"""Duplicate leaf names and path-based submission.

The Fair Scheduler always resolves a queue name against root (``qa.p1`` is ``root.qa.p1``), so
leaves under different parents may share a name. The Capacity Scheduler accepts that since
YARN-9879 (3.3.0), but then resolves a short name only when it is unique (``CSQueueStore``); before
3.3 it refuses the configuration (cs.md §10). The converted files refer to every queue by its full
path; this module tells which applications must change how they name their queue.
"""

from __future__ import annotations

from fsctl.catalogue import convert as rules
from fsctl.convert.options import ConvertOptions, Emitter
from fsctl.model.tree import QueueTree

#: queues named in a message before "and N more": a name shared by 100 leaves stays one readable line
LISTED = 5


def listed_paths(paths: list[str]) -> str:
    if len(paths) <= LISTED:
        return ", ".join(paths)
    return f"{', '.join(paths[:LISTED])} and {len(paths) - LISTED} more"


def check_paths(tree: QueueTree, options: ConvertOptions, out: Emitter) -> None:
    # one walk for both checks: the leaves by name, and the queues below the first level
    by_name: dict[str, list[str]] = {}
    deep: list[str] = []
    for queue in tree.queues():
        if queue.is_leaf:
            by_name.setdefault(queue.name, []).append(queue.path)
        if queue.path.count(".") >= 2:
            deep.append(queue.path)
    clashes = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    for name, paths in clashes.items():
        location = tree.find(paths[1])
        where = location.location if location is not None else None
        listed = listed_paths(paths)
        if options.hadoop_version < (3, 3):
            out.finding(
                rules.CV103,
                where,
                f"Two leaf queues were named {name} ({listed}). Leaf queue names must be distinct before "
                f"Hadoop 3.3 (target {options.hadoop_version[0]}.{options.hadoop_version[1]})",
                queue=paths[1],
            )
        else:
            # where an application naming the short name lands is added once both are routed
            # (fsctl.convert.routing.where_they_land)
            out.finding(
                rules.CV404,
                where,
                f"leaf name {name} is used by {listed}: the Capacity Scheduler resolves a short name only "
                f"when it is unique, so applications must submit with a full path ({paths[0]}, ...); the "
                "converted files use full paths everywhere",
                queue=paths[1],
            )
    if deep and options.hadoop_version >= (3, 3):
        example = deep[0]
        out.finding(
            rules.CV407,
            tree.root.location,
            f"{len(deep)} queue(s) below the first level: applications that name them relative to root "
            f"('{example.removeprefix('root.')}') must use the full path ('{example}') or, where the leaf "
            "name is unique, the leaf name alone",
        )
