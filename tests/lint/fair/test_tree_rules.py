"""The FS3xx checks on the queue tree, on trees built in memory (no XML)."""

from __future__ import annotations

import pytest

from fsctl.lint import LintContext
from fsctl.lint import fair as fair_lint
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import CAPACITY, Setting
from tests.lint.trees import codes, minimum, tree_of

# -- tree checks on hand-built trees --------------------------------------------------------------


def test_children_min_shares_add_up_against_parent_and_cluster() -> None:
    tree = tree_of("root.prod.a", "root.prod.b")
    prod = tree.find("root.prod")
    assert prod is not None
    prod.declared["minResources"] = minimum(1000, 10)
    for name, memory in (("a", 600), ("b", 500)):
        queue = tree.find(f"root.prod.{name}")
        assert queue is not None
        queue.declared["minResources"] = minimum(memory, 1)
    assert codes(tree).count("FS318") == 1
    prod.declared["minResources"] = minimum(1100, 10)
    assert "FS318" not in codes(tree)
    # against the cluster only when one is given
    assert "FS318" in codes(tree, LintContext(cluster={"memory-mb": 1000, "vcores": 100}))


def test_max_below_min_from_the_default_and_percentages() -> None:
    tree = tree_of("root.a")
    queue = tree.find("root.a")
    assert queue is not None
    queue.declared["minResources"] = minimum(4096, 4)
    tree.settings["queueMaxResourcesDefault"] = Setting(ResourceSpec.of({"memory-mb": 2048, "vcores": 8}))
    assert codes(tree) == ["FS319"]
    # an own absolute maximum is Hadoop's own warning (FS202), not lint's
    queue.declared["maxResources"] = Setting(ResourceSpec.of({"memory-mb": 1024, "vcores": 8}))
    assert codes(tree) == []
    queue.declared["maxResources"] = Setting(ResourceSpec.of_fractions({"memory-mb": 0.1, "vcores": 1.0}))
    assert codes(tree) == ["FS309"] or codes(tree) == []  # 10 % is not above 100 %
    assert codes(tree, LintContext(cluster={"memory-mb": 10240, "vcores": 16})) == ["FS319"]


def test_zero_weight_and_zero_apps() -> None:
    tree = tree_of("root.a", "root.b")
    a, b = tree.find("root.a"), tree.find("root.b")
    assert a is not None and b is not None
    a.declared["weight"] = Setting(0.0, "0")
    b.declared["maxRunningApps"] = Setting(0, "0")
    assert sorted(codes(tree)) == ["FS320", "FS321"]
    a.declared["minResources"] = minimum(1024, 1)
    assert codes(tree) == ["FS321"]


@pytest.mark.parametrize(
    ("version", "expected"), [((3, 4), []), ((3, 3), []), ((3, 2), [("FS322", "root.qb.p0", "warning")])]
)
def test_duplicate_leaf_names_are_reported_only_when_a_release_before_33_is_targeted(
    version: tuple[int, int], expected: list[tuple[str, str, str]]
) -> None:
    tree = tree_of("root.qa.p0", "root.qb.p0", "root.qb.p1")
    found = list(fair_lint.check(tree, LintContext(hadoop_version=version)))
    assert [(d.code, d.queue, d.severity.label) for d in found] == expected


def test_parents_with_the_same_name_are_not_duplicate_leaves() -> None:
    tree = tree_of("root.qa.etl.x", "root.qb.etl.y")
    assert codes(tree) == []


def test_unsafe_queue_names() -> None:
    tree = tree_of("root.data science", "root.team-a", "root.ok_1")
    assert codes(tree) == ["FS323"]


def test_other_formats_are_left_alone() -> None:
    tree = tree_of("root.data science", fmt=CAPACITY)
    assert codes(tree) == []
