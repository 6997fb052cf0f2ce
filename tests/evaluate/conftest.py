"""Hand-built queue trees for the evaluate tests (no reader needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fsctl.fair.effective import resolve_tree
from fsctl.model.tree import FAIR, Queue, QueueTree, Setting

Spec = tuple[str, dict[str, Any], list[Any]]


def build_tree(
    children: list[Spec],
    root_settings: dict[str, Any] | None = None,
    tree_settings: dict[str, Any] | None = None,
    fmt: Any = FAIR,
) -> QueueTree:
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
    if fmt != FAIR:  # the Capacity Scheduler tests give effective values
        for q in tree.queues():
            q.effective.update({k: s.value for k, s in q.declared.items()})
        tree.effective.update(tree_settings or {})
        return tree
    for key, value in (tree_settings or {}).items():
        tree.settings[key] = Setting(value, str(value))
    resolve_tree(tree)
    return tree


@pytest.fixture
def build() -> Callable[..., QueueTree]:
    return build_tree
