"""Queue trees built in memory (no XML), for the lint rules' unit tests."""

from __future__ import annotations

from fsctl.fair.effective import resolve_tree
from fsctl.lint import LintContext
from fsctl.lint import fair as fair_lint
from fsctl.lint import placement as placement_lint
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import FAIR, Queue, QueueTree, Setting


def tree_of(*paths: str, fmt: str = FAIR) -> QueueTree:
    root = Queue("root", "root")
    for path in paths:
        parent = root
        for depth, name in enumerate(path.split(".")[1:], start=1):
            full = ".".join(path.split(".")[: depth + 1])
            child = parent.child(name)
            parent = child if child is not None else parent.add_child(Queue(name, full))
    tree = QueueTree(fmt, "<memory>", root)  # type: ignore[arg-type]
    if fmt == FAIR:
        resolve_tree(tree)
    return tree


def minimum(memory: int, vcores: int) -> Setting:
    return Setting(ResourceSpec.of({"memory-mb": memory, "vcores": vcores}))


def codes(tree: QueueTree, context: LintContext | None = None) -> list[str]:
    context = context or LintContext()
    found = [*fair_lint.check(tree, context), *placement_lint.check(tree, context)]
    return [d.code for d in found]
