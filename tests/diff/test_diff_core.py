"""The diff core on hand-built trees: queues, properties, rules, settings, canonical values."""

from __future__ import annotations

import dataclasses

import pytest

from fsctl.diff import diff_trees, is_different
from fsctl.diff.changes import Change, canonical, canonical_acl, canonical_float
from fsctl.diff.queues import same_record
from fsctl.model.resources import UNBOUNDED, ResourceSpec
from fsctl.model.tree import PlacementRule
from tests.diff.diffkit import cs, tree


def brief(changes: list[Change]) -> list[tuple[str, str | None, str | None, str | None, str | None]]:
    return [(c.kind, c.queue, c.property, c.old, c.new) for c in changes]


def test_identical_trees_have_no_changes() -> None:
    spec = {"root.a": {"weight": 1.0}, "root.b": {"weight": 3.0}}
    assert diff_trees(tree(spec), tree(spec)) == []


def test_equivalent_resource_spellings_are_equal() -> None:
    # the spelling (text) of a ResourceSpec takes no part in the comparison
    a = ResourceSpec.of({"memory-mb": 1024, "vcores": 1}, text="1024 mb, 1 vcores")
    b = ResourceSpec.of({"vcores": 1, "memory-mb": 1024}, text="memory-mb=1024, vcores=1")
    assert diff_trees(tree({"root.a": {"minResources": a}}), tree({"root.a": {"minResources": b}})) == []


def test_changed_property_is_reported_canonically() -> None:
    old = tree({"root.a": {"weight": 1.0, "minResources": ResourceSpec.of({"memory-mb": 1024, "vcores": 1})}})
    new = tree({"root.a": {"weight": 2.0, "minResources": ResourceSpec.of({"memory-mb": 2048, "vcores": 1})}})
    changes = diff_trees(old, new)
    assert brief(changes) == [
        ("changed", "root.a", "minResources", "memory-mb=1024, vcores=1", "memory-mb=2048, vcores=1"),
        ("changed", "root.a", "weight", "1.0", "2.0"),
    ]
    assert changes[1].effect.startswith("weight 1.0 -> 2.0")
    assert is_different(changes)


def test_a_setting_removed_or_added_compares_with_the_value_hadoop_uses_instead() -> None:
    # every Fair queue has every value (defaults resolved): a setting never appears or disappears
    changes = diff_trees(tree({"root.a": {"maxAMShare": 0.7}}), tree({"root.a": {"maxRunningApps": 3}}))
    assert brief(changes) == [
        ("changed", "root.a", "maxAMShare", "0.7", "0.5"),
        ("changed", "root.a", "maxRunningApps", "2147483647", "3"),
    ]


def test_inherited_change_shows_on_each_queue_and_says_so() -> None:
    # a scheduler-wide default reaches every queue that does not set the value itself
    spec_old = {
        "root": {"maxRunningApps": 10},
        "root.a": {"maxRunningApps": 10},
        "root.b": {"maxRunningApps": 5},
    }
    spec_new = {
        "root": {"maxRunningApps": 20},
        "root.a": {"maxRunningApps": 20},
        "root.b": {"maxRunningApps": 5},
    }
    undeclared = {"root": set(), "root.a": set()}
    changes = diff_trees(
        tree(spec_old, declared=undeclared, settings={"queueMaxAppsDefault": 10}),
        tree(spec_new, declared=undeclared, settings={"queueMaxAppsDefault": 20}),
    )
    assert brief(changes) == [
        ("changed", None, "queueMaxAppsDefault", "10", "20"),
        ("changed", "root", "maxRunningApps", "10", "20"),
        ("changed", "root.a", "maxRunningApps", "10", "20"),
    ]
    assert "default or an ancestor" in changes[2].effect


def test_queues_added_and_removed_in_tree_order() -> None:
    old = tree({"root.a": {}, "root.a.x": {}, "root.b": {}, "root.b.x": {}, "root.b.z": {}})
    new = tree({"root.a": {}, "root.a.x": {}, "root.a.y": {}, "root.b": {}, "root.b.z": {}})
    assert brief(diff_trees(old, new)) == [
        ("added", "root.a.y", None, None, "leaf"),
        ("removed", "root.b.x", None, "leaf", None),
    ]


def test_unique_queue_moved_with_its_subtree() -> None:
    old = tree(
        {"root.a": {}, "root.a.etl": {"weight": 1.0}, "root.a.etl.p0": {}, "root.a.q": {}, "root.b": {}}
    )
    new = tree(
        {"root.a": {}, "root.a.q": {}, "root.b": {}, "root.b.etl": {"weight": 2.0}, "root.b.etl.p0": {}}
    )
    changes = diff_trees(old, new)
    assert brief(changes) == [
        ("changed", "root.b", "type", "leaf", "parent"),
        ("moved", "root.b.etl", None, "root.a.etl", "root.b.etl"),
        ("changed", "root.b.etl", "weight", "1.0", "2.0"),
    ]


def test_ambiguous_name_is_not_a_move() -> None:
    # two queues named x: which one went where cannot be told
    old = tree({"root.a": {}, "root.a.x": {}, "root.b": {}, "root.b.x": {}, "root.c": {}}, parents={"root.c"})
    new = tree({"root.a": {}, "root.b": {}, "root.b.x": {}, "root.c": {}, "root.c.x": {}}, parents={"root.a"})
    assert [(c.kind, c.queue) for c in diff_trees(old, new)] == [
        ("removed", "root.a.x"),
        ("added", "root.c.x"),
    ]


def test_leaf_turned_parent() -> None:
    old = tree({"root.a": {}})
    new = tree({"root.a": {}, "root.a.b": {}})
    assert brief(diff_trees(old, new)) == [
        ("changed", "root.a", "type", "leaf", "parent"),
        ("added", "root.a.b", None, None, "leaf"),
    ]


def test_declared_parent_without_children_is_a_parent() -> None:
    assert brief(diff_trees(tree({"root.a": {}}), tree({"root.a": {}}, parents={"root.a"}))) == [
        ("changed", "root.a", "type", "leaf", "parent")
    ]


def rule(name: str, create: bool = True, **kw: object) -> PlacementRule:
    return PlacementRule(name=name, create=create, **kw)  # type: ignore[arg-type]


def test_placement_rules_added_removed_and_reordered() -> None:
    old = tree({}, placement=[rule("specified"), rule("primaryGroup", False), rule("default", queue="q")])
    new = tree({}, placement=[rule("primaryGroup", False), rule("specified"), rule("reject")])
    changes = diff_trees(old, new)
    assert sorted(brief(changes)) == sorted(
        [
            (
                "moved",
                None,
                "queuePlacementPolicy",
                "#2 primaryGroup(create=false)",
                "#1 primaryGroup(create=false)",
            ),
            ("removed", None, "queuePlacementPolicy", "#3 default(create=true, queue=q)", None),
            ("added", None, "queuePlacementPolicy", None, "#3 reject(create=true)"),
        ]
    )


def test_nested_placement_rule_parent_counts() -> None:
    old = tree({}, placement=[rule("nestedUserQueue", parent=rule("primaryGroup", False))])
    new = tree({}, placement=[rule("nestedUserQueue", parent=rule("secondaryGroupExistingQueue", False))])
    assert [c.kind for c in diff_trees(old, new)] == ["removed", "added"]


def test_no_placement_policy_equals_the_yarn_site_default() -> None:
    # fs-parse.md §5.8: without <queuePlacementPolicy>, specified then user (both create=true)
    explicit = tree({}, placement=[rule("specified"), rule("user")])
    assert diff_trees(tree({}), explicit) == []


def test_changes_json_has_exactly_the_design_keys() -> None:
    change = diff_trees(tree({"root.a": {"weight": 1.0}}), tree({"root.a": {"weight": 2.0}}))[0]
    assert change.to_json() == {
        "kind": "changed",
        "queue": "root.a",
        "property": "weight",
        "old": "1.0",
        "new": "2.0",
        "effect": change.effect,
    }


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.1, "0.1"),
        (0.10000000149011612, "0.1"),  # float32 0.1 widened to a double
        (2.0, "2.0"),
        (2, "2"),
        (True, "true"),
        (UNBOUNDED, "unbounded"),
        (None, "unset"),
        (ResourceSpec.of_fractions({"vcores": 0.5, "memory-mb": 0.25}), "memory-mb=25.0%, vcores=50.0%"),
        (ResourceSpec.of({"gpu": 2, "memory-mb": 1, "vcores": 1}), "memory-mb=1, vcores=1, gpu=2"),
        ({"b": 1, "a": 2}, "a=2, b=1"),
    ],
)
def test_canonical_spelling(value: object, text: str) -> None:
    assert canonical(value) == text


def test_canonical_float_is_shortest_float32() -> None:
    assert canonical_float(1 / 3) == "0.33333334"
    assert canonical_float(float("nan")) == "NaN"


@pytest.mark.parametrize(
    ("acl", "text"),
    [
        ("*", "*"),
        ("  * ", "*"),
        ("bob,alice", "alice,bob"),
        ("bob ", "bob"),
        (" admins", " admins"),
        ("alice,bob hadoop,admins", "alice,bob admins,hadoop"),
        (" ", "nobody"),
    ],
)
def test_acl_spellings(acl: str, text: str) -> None:
    # AccessControlList: split(" ", 2), trimmed comma lists, '*' anywhere alone means everyone
    assert canonical_acl(acl) == text


def test_acl_order_is_not_a_difference() -> None:
    old = tree({"root.a": {"aclSubmitApps": "bob,alice grp"}})
    new = tree({"root.a": {"aclSubmitApps": "alice,bob  grp"}})
    assert diff_trees(old, new) == []


def test_capacity_queues_diff_the_same_way() -> None:
    old = cs({"root.a": {"capacity": "50", "state": "RUNNING"}, "root.b": {"capacity": "50"}})
    new = cs({"root.a": {"capacity": "40", "state": "RUNNING"}, "root.b": {"capacity": "60"}})
    assert brief(diff_trees(old, new)) == [
        ("changed", "root.a", "capacity", "50", "40"),
        ("changed", "root.b", "capacity", "50", "60"),
    ]


def test_same_record_needs_every_field_equal_and_of_the_same_type() -> None:
    one = tree({"root.a": {"weight": 2.0}}).find("root.a")
    two = tree({"root.a": {"weight": 2.0}}).find("root.a")
    assert one is not None and two is not None
    assert one.effective is not two.effective and same_record(one.effective, two.effective)
    changed = dataclasses.replace(two.effective, weight=3.0)
    assert not same_record(one.effective, changed)
    # 2 == 2.0, but a different type is left to property_changes (which spells both)
    assert not same_record(one.effective, dataclasses.replace(two.effective, weight=2))
    assert not same_record(one.effective, object()) and not same_record(1, 2)
