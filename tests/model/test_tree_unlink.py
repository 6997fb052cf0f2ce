"""QueueTree.unlink: with the collector paused, as fsctl's command line runs, a tree is freed as soon
as it is dropped once its parent links are cut (they are its only reference cycles)."""

from __future__ import annotations

import gc
import weakref

from fsctl.model.tree import Queue, QueueTree


def _tree() -> QueueTree:
    root: Queue = Queue("root", "root")
    team = root.add_child(Queue("team", "root.team"))
    team.add_child(Queue("etl", "root.team.etl"))
    tree: QueueTree = QueueTree("capacity-scheduler", "c.xml", root)
    tree.reindex()
    return tree


def _freed_when_dropped(unlink: bool) -> bool:
    tree = _tree()
    leaf = weakref.ref(tree.root.children[0].children[0])
    if unlink:
        tree.unlink()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        del tree
        return leaf() is None
    finally:
        if was_enabled:
            gc.enable()


def test_an_unlinked_tree_is_freed_without_the_collector() -> None:
    assert _freed_when_dropped(unlink=True)


def test_a_linked_tree_waits_for_the_collector() -> None:
    assert not _freed_when_dropped(unlink=False)  # what unlink is for
    gc.collect()
