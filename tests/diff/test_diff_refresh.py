"""Refresh safety (cs.md §6.5): what ``yarn rmadmin -refreshQueues`` refuses, on hand-built trees.

Cases follow TestCapacitySchedulerConfigValidator (testValidateCSConfigInvalidQueueDeletion,
testValidateCSConfigValidQueueDeletion, testAddQueueToALeafQueue,
testConvertFailsFromParentQueueToManagedParentQueue), TestQueueParsing#testQueueParsingWithMoveQueue
and TestCapacityScheduler#testRefreshQueuesMaxAllocationRefresh.
"""

from __future__ import annotations

from typing import Any

import pytest

from fsctl.diff import diff_trees
from fsctl.diff.changes import REFRESH_REFUSED, Change
from fsctl.diff.refresh import maximum_allocation
from fsctl.model.resources import ResourceSpec
from tests.diff.diffkit import cs


def refused(changes: list[Change]) -> list[tuple[str, str | None, str | None]]:
    return [(c.kind, c.queue, c.property) for c in changes if c.refresh_refused]


RUNNING: dict[str, Any] = {"state": "RUNNING"}
STOPPED: dict[str, Any] = {"state": "STOPPED"}


def test_removing_a_running_queue_is_refused() -> None:
    # testValidateCSConfigInvalidQueueDeletion
    old = cs({"root.a": RUNNING, "root.b": RUNNING})
    new = cs({"root.a": RUNNING})
    changes = diff_trees(old, new)
    assert refused(changes) == [("removed", "root.b", None)]
    assert REFRESH_REFUSED in changes[0].effect
    assert "root.b cannot be deleted from the capacity scheduler configuration" in changes[0].effect
    assert "Current State : RUNNING" in changes[0].effect


def test_removing_a_stopped_queue_is_allowed() -> None:
    # testValidateCSConfigValidQueueDeletion
    old = cs({"root.a": RUNNING, "root.b": STOPPED})
    new = cs({"root.a": RUNNING})
    changes = diff_trees(old, new)
    assert [c.kind for c in changes] == ["removed"]
    assert refused(changes) == []


def test_inherited_stopped_state_counts() -> None:
    old = cs({"root.p": STOPPED, "root.p.x": STOPPED, "root.q": RUNNING}, declared={"root.p.x": set()})
    new = cs({"root.q": RUNNING})
    assert refused(diff_trees(old, new)) == []


def test_new_config_still_saying_stopped_allows_deletion() -> None:
    # the new file keeps <path>.state=STOPPED for a queue it no longer lists (exact text only)
    old = cs({"root.a": RUNNING, "root.b": RUNNING})
    new = cs({"root.a": RUNNING}, properties={"yarn.scheduler.capacity.root.b.state": "STOPPED"})
    assert refused(diff_trees(old, new)) == []
    new = cs({"root.a": RUNNING}, properties={"yarn.scheduler.capacity.root.b.state": "stopped"})
    assert refused(diff_trees(old, new)) == [("removed", "root.b", None)]  # valueOf is exact


def test_moving_a_running_queue_is_refused() -> None:
    # testQueueParsingWithMoveQueue: a move is a delete of the old path
    old = cs(
        {"root.a": RUNNING, "root.a.etl": RUNNING, "root.a.z": RUNNING, "root.b": RUNNING, "root.b.y": {}}
    )
    new = cs(
        {"root.a": RUNNING, "root.a.z": RUNNING, "root.b": RUNNING, "root.b.y": {}, "root.b.etl": RUNNING}
    )
    changes = diff_trees(old, new)
    assert refused(changes) == [("moved", "root.b.etl", None)]


def test_leaf_to_parent_needs_stopped() -> None:
    old = cs({"root.a": RUNNING})
    new = cs({"root.a": RUNNING, "root.a.a1": RUNNING})
    assert refused(diff_trees(old, new)) == [("changed", "root.a", "type")]
    # testAddQueueToALeafQueue: allowed when the new config stops it
    stopped = cs({"root.a": STOPPED, "root.a.a1": STOPPED})
    assert refused(diff_trees(old, stopped)) == []


def test_parent_to_leaf_is_allowed() -> None:
    old = cs({"root.a": RUNNING, "root.a.a1": STOPPED})
    new = cs({"root.a": RUNNING})
    assert refused(diff_trees(old, new)) == []


@pytest.mark.parametrize(("before", "after"), [(False, True), (True, False)])
def test_managed_parent_switch_is_refused(before: bool, after: bool) -> None:
    # testConvertFailsFromParentQueueToManagedParentQueue,
    # testConvertAutoCreateDisabledOnManagedParentQueueFails
    key = "auto-create-child-queue.enabled"
    old = cs({"root.p": {key: before}, "root.p.c": {}})
    new = cs({"root.p": {key: after}, "root.p.c": {}})
    changes = diff_trees(old, new)
    assert refused(changes) == [("changed", "root.p", key)]


def test_shrinking_maximum_allocation_is_refused() -> None:
    # testRefreshQueuesMaxAllocationRefresh: a leaf's maximum allocation may only grow
    old = cs({"root.a": {"maximum-allocation-mb": 4096}})
    new = cs({"root.a": {"maximum-allocation-mb": 3072}})
    changes = diff_trees(old, new)
    assert refused(changes) == [("changed", "root.a", "maximum-allocation-mb")]
    assert "the maximum allocation size can not be decreased" in changes[0].effect
    grown = cs({"root.a": {"maximum-allocation-mb": 8192}})
    assert refused(diff_trees(old, grown)) == []


def test_shrink_inherited_from_parent_is_refused_on_the_leaf() -> None:
    old = cs({"root.p": {"maximum-allocation-vcores": 4}, "root.p.x": {}})
    new = cs({"root.p": {"maximum-allocation-vcores": 2}, "root.p.x": {}})
    changes = diff_trees(old, new)
    # the parent's own change is not refused (the check is on leaves); the leaf's inherited value
    # changes with it and carries the refusal
    assert refused(changes) == [("changed", "root.p.x", "maximum-allocation-vcores")]


def test_maximum_allocation_resolution() -> None:
    # QueueAllocationSettings: the parent's value (root: the cluster's), overridden per resource;
    # maximum-allocation wins over the -mb/-vcores keys; -1 is unset
    tree = cs(
        {
            "root": {"maximum-allocation-mb": 6144},
            "root.p": {"maximum-allocation-vcores": -1},
            "root.p.x": {"maximum-allocation": ResourceSpec.of({"memory-mb": 2048, "vcores": 2})},
        }
    )
    assert maximum_allocation(tree, tree.find("root.p")) == {"memory-mb": 6144, "vcores": 4}  # type: ignore[arg-type]
    assert maximum_allocation(tree, tree.find("root.p.x")) == {"memory-mb": 2048, "vcores": 2}  # type: ignore[arg-type]


def test_fair_scheduler_changes_are_never_refresh_refused() -> None:
    from tests.diff.diffkit import tree

    old = tree({"root.a": {}, "root.b": {}})
    new = tree({"root.a": {}})
    assert refused(diff_trees(old, new)) == []


def test_moved_subtree_is_one_refused_change() -> None:
    # every queue of the subtree is deleted at its old path; the move carries one note for all
    old = cs(
        {
            "root.a": RUNNING,
            "root.a.etl": RUNNING,
            "root.a.etl.x": RUNNING,
            "root.a.etl.y": RUNNING,
            "root.a.z": RUNNING,
            "root.b": RUNNING,
            "root.b.q": {},
        }
    )
    new = cs(
        {
            "root.a": RUNNING,
            "root.a.z": RUNNING,
            "root.b": RUNNING,
            "root.b.q": {},
            "root.b.etl": RUNNING,
            "root.b.etl.x": RUNNING,
            "root.b.etl.y": RUNNING,
        }
    )
    changes = diff_trees(old, new)
    assert refused(changes) == [("moved", "root.b.etl", None)]
    assert changes[0].effect.count("cannot be deleted") == 1
    assert "(and 2 more queues below it)" in changes[0].effect
