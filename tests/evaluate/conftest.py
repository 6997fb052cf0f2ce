"""Hand-built queue trees for the evaluate tests (no reader needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fsctl.capacity.keys import PREFIX
from fsctl.capacity.reader import read_capacity_conf
from fsctl.fair.effective import resolve_tree
from fsctl.hadoop.conf import HadoopConf
from fsctl.model.tree import FAIR, Queue, QueueTree, Setting

Spec = tuple[str, dict[str, Any], list[Any]]


def build_tree(
    children: list[Spec],
    root_settings: dict[str, Any] | None = None,
    tree_settings: dict[str, Any] | None = None,
    fmt: Any = FAIR,
) -> QueueTree:
    if fmt != FAIR:  # the Capacity Scheduler tests give keys: the reader resolves the rest
        return capacity_tree(children, root_settings or {}, tree_settings or {})
    root = Queue(name="root", path="root")
    for key, value in (root_settings or {}).items():
        root.declared[key] = Setting(value, str(value))
    stack: list[tuple[Queue, list[Spec]]] = [(root, children)]
    while stack:
        parent, specs = stack.pop()
        for name, settings, grandchildren in specs:
            queue = parent.add_child(Queue(name=name, path=f"{parent.path}.{name}"))
            for key, value in settings.items():
                queue.declared[key] = Setting(value, str(value))
            if grandchildren:
                stack.append((queue, grandchildren))
    tree = QueueTree(format=fmt, source="test.xml", root=root)
    for key, value in (tree_settings or {}).items():
        tree.settings[key] = Setting(value, str(value))
    resolve_tree(tree)
    return tree


def capacity_tree(children: list[Spec], root_settings: dict[str, Any], globals_: dict[str, Any]) -> QueueTree:
    """The tree the capacity reader builds of the keys the specs name (``yarn.`` names as they are,
    others after ``yarn.scheduler.capacity.``)."""
    pairs: list[tuple[str, str]] = [
        (key if key.startswith("yarn.") else PREFIX + key, _text(value)) for key, value in globals_.items()
    ]
    stack: list[tuple[str, dict[str, Any], list[Spec]]] = [("root", root_settings, children)]
    while stack:
        path, settings, specs = stack.pop()
        if specs:
            pairs.append((f"{PREFIX}{path}.queues", ",".join(name for name, _, _ in specs)))
        pairs.extend((f"{PREFIX}{path}.{key}", _text(value)) for key, value in settings.items())
        stack.extend((f"{path}.{name}", more, grandchildren) for name, more, grandchildren in reversed(specs))
    tree = read_capacity_conf(HadoopConf.from_pairs(pairs, "test.xml")).tree
    assert tree is not None
    return tree


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@pytest.fixture
def build() -> Callable[..., QueueTree]:
    return build_tree
