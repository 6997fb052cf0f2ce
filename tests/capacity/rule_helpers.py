"""Small builders for the capacity rules tests: queue trees from path lists, configurations."""

from __future__ import annotations

from pathlib import Path

from fsctl.capacity.keys import PREFIX
from fsctl.capacity.reader import read_capacity_conf
from fsctl.capacity.values import CapacityTree
from fsctl.hadoop.conf import HadoopConf

DATA = Path(__file__).resolve().parents[1] / "data" / "lint" / "capacity"


def tree_of(spec: dict[str, str]) -> CapacityTree:
    """The tree the capacity reader builds for ``{path: kind}``; kind is ``leaf``, ``parent``,
    ``managed`` (v1) or ``v2``.

    Intermediate queues missing from the spec are plain parents; a ``parent`` without children is
    made one by ``reservable`` (a plan queue), the others by their auto-creation flag.
    """
    children: dict[str, list[str]] = {}
    for path in sorted(spec, key=lambda p: p.count(".")):
        parts = path.split(".")
        for depth in range(1, len(parts)):
            names = children.setdefault(".".join(parts[:depth]), [])
            if parts[depth] not in names:
                names.append(parts[depth])
    pairs = [(f"{PREFIX}{path}.queues", ",".join(names)) for path, names in children.items()]
    flags = {
        "managed": "auto-create-child-queue.enabled",
        "v2": "auto-queue-creation-v2.enabled",
        "parent": "reservable",
    }
    for path, kind in spec.items():
        if kind in flags and (kind != "parent" or path not in children):
            pairs.append((f"{PREFIX}{path}.{flags[kind]}", "true"))
    tree = read_capacity_conf(HadoopConf.from_pairs(pairs, "<test>")).tree
    assert tree is not None
    return tree


def conf_of(pairs: dict[str, str], source: str = "<memory>") -> HadoopConf:
    return HadoopConf.from_pairs(pairs.items(), source)
