"""Small builders for the capacity rules tests: queue trees from path lists, configurations."""

from __future__ import annotations

from pathlib import Path

from fsctl.hadoop.conf import HadoopConf
from fsctl.model.tree import CAPACITY, Queue, QueueTree, Setting

DATA = Path(__file__).resolve().parents[1] / "data" / "lint" / "capacity"


def tree_of(spec: dict[str, str]) -> QueueTree:
    """A tree from ``{path: kind}``; kind is ``leaf``, ``parent``, ``managed`` (v1) or ``v2``.

    Intermediate queues missing from the spec are plain parents.
    """
    root = Queue("root", "root")
    tree = QueueTree(CAPACITY, "<test>", root)
    index = {"root": root}
    for path in sorted(spec, key=lambda p: p.count(".")):
        parts = path.split(".")
        for depth in range(1, len(parts)):
            sub = ".".join(parts[: depth + 1])
            if sub not in index:
                parent = index[".".join(parts[:depth])]
                index[sub] = parent.add_child(Queue(parts[depth], sub))
    for path, kind in spec.items():
        queue = index[path]
        if kind in ("parent", "managed", "v2"):
            queue.declared_parent = True
        if kind == "managed":
            queue.declared["auto-create-child-queue.enabled"] = Setting(True, "true")
        if kind == "v2":
            queue.declared["auto-queue-creation-v2.enabled"] = Setting(True, "true")
    tree.reindex()
    return tree


def conf_of(pairs: dict[str, str], source: str = "<memory>") -> HadoopConf:
    return HadoopConf.from_pairs(pairs.items(), source)
