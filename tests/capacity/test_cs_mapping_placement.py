"""Where the mapping engine places one application (cs.md §8.2-§8.5, §9.10).

TestCSMappingPlacementRule builds its engine with failOnConfigError=false, so these rows show the
runtime fallbacks; at load a real RM refuses the static targets among them (test_cs_mapping_validation).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fsctl.capacity.mapping import (
    MappingRule,
    Placement,
    parse_json_rules,
    parse_legacy_mappings,
    place,
    submitted_queue,
)

from .test_cs_mapping_validation import PLACEMENT_TREE

# TestCSMappingPlacementRule#setupGroupsForTest
GROUPS = {
    "alice": ["p_alice", "unique", "user"],
    "bob": ["p_bob", "user", "developer"],
    "charlie": ["p_charlie", "user", "tester"],
    "dave": ["user"],
    "emily": ["user", "tester", "developer"],
    "test.user": ["main.grp", "sec.test.grp"],
}


def legacy(entries: str) -> list[MappingRule]:
    rules, diagnostics = parse_legacy_mappings(entries)
    assert diagnostics == []
    return rules


def json_rules(*rules: dict[str, object]) -> list[MappingRule]:
    parsed, diagnostics = parse_json_rules(json.dumps({"rules": list(rules)}))
    assert diagnostics == []
    return parsed


def placed(
    rules: list[MappingRule],
    user: str,
    *,
    queue: str = "default",
    override: bool = False,
    application: str = "app",
) -> str | None:
    result = place(
        rules,
        PLACEMENT_TREE,
        user=user,
        groups=GROUPS[user],
        queue=queue,
        override=override,
        application=application,
    )
    if result.decision == "reject":
        return "REJECT"
    return result.queue


@pytest.mark.parametrize(
    "entries, user, expected",
    [
        ("u:alice:root.ambiguous.user.ambi", "alice", "root.ambiguous.user.ambi"),  # #109
        ("u:bob:ambi", "bob", "root.default"),  # #110
        ("u:%user:disambiuser.%user", "emily", "root.disambiguous.deep.disambiuser.emily"),  # #111
        ("u:%user:disambiuser.%user", "charlie", "root.default"),
        ("u:dave:disambi", "dave", "root.disambiguous.deep.disambiuser.disambi"),  # #112
        ("u:alice:root.ambiguous.managed.%user", "alice", "root.ambiguous.managed.alice"),  # #113
        ("u:bob:managed.%user", "bob", "root.default"),  # #114
        ("u:charlie:root.unman.charlie", "charlie", "root.default"),  # #115
        ("u:dave:non-existent.%user", "dave", "root.default"),  # #116
        ("u:%user:root.man.%user", "emily", "root.man.emily"),  # #117
        ("u:alice:non-existent", "alice", "root.default"),  # #118
        ("u:bob:root", "bob", "root.default"),
        ("u:charlie:man", "charlie", "root.default"),
        ("u:dave:ambi", "dave", "root.default"),
    ],
)
def test_legacy_rules(entries: str, user: str, expected: str) -> None:
    # TestCSMappingPlacementRule#testLegacyPlacementToExistingQueue ... #testLegacyPlacementToDynamicQueues
    assert placed(legacy(entries), user) == expected


def test_fallbacks() -> None:
    # TestCSMappingPlacementRule#testFallbackResults (#119-#123)
    def custom(queue: str, fallback: str, matches: str) -> dict[str, object]:
        return {
            "type": "user",
            "matches": matches,
            "policy": "custom",
            "customPlacement": queue,
            "fallbackResult": fallback,
        }

    rules = json_rules(
        custom("non-existent", "reject", "alice"),
        custom("non-existent", "skip", "bob"),
        {"type": "user", "matches": "bob", "policy": "setDefaultQueue", "value": "root.invalid"},
        {"type": "user", "matches": "bob", "policy": "defaultQueue", "fallbackResult": "placeDefault"},
        custom("non-existent", "placeDefault", "charlie"),
        {"type": "user", "matches": "emily", "policy": "setDefaultQueue", "value": "root.invalid"},
        custom("non-existent", "placeDefault", "emily"),
    )
    assert placed(rules, "alice") == "REJECT"  # #119
    assert placed(rules, "bob") == "REJECT"  # #120
    assert placed(rules, "charlie") == "root.default"  # #121
    assert place(rules, PLACEMENT_TREE, user="dave", groups=["user"]) == Placement(None)  # #122
    assert placed(rules, "emily") == "REJECT"  # #123


@pytest.mark.parametrize(
    "target, create, expected",
    [
        ("non-existent", True, "REJECT"),
        ("non-existent", False, "REJECT"),
        ("root.man.create", True, "root.man.create"),
        ("root.man.create", False, "REJECT"),
    ],
)
def test_allow_create_flag(target: str, create: bool, expected: str) -> None:
    # TestCSMappingPlacementRule#testAllowCreateFlag (#125)
    rules = json_rules(
        {
            "type": "user",
            "matches": "*",
            "policy": "custom",
            "customPlacement": target,
            "create": create,
            "fallbackResult": "reject",
        }
    )
    assert placed(rules, "alice") == expected


@pytest.mark.parametrize(
    "queue, expected",
    [
        ("default", "root.ambiguous.group.tester"),
        ("root.default", "root.default"),
        ("root.user.bob", "root.user.bob"),
    ],
)
def test_specified(queue: str, expected: str) -> None:
    # TestCSMappingPlacementRule#testSpecified (#126): the default queue means "nothing specified"
    rules = json_rules(
        {"type": "user", "matches": "*", "policy": "specified", "fallbackResult": "skip"},
        {
            "type": "user",
            "matches": "*",
            "policy": "custom",
            "customPlacement": "root.ambiguous.group.tester",
            "fallbackResult": "skip",
        },
        {"type": "user", "matches": "*", "policy": "reject"},
    )
    assert placed(rules, "bob", queue=queue, override=True) == expected


def test_rules_apply_only_to_default_submissions_without_override() -> None:
    # CSMappingPlacementRule#getPlacementForApp: "no jurisdiction" over a named queue
    rules = legacy("u:%user:root.man.%user")
    assert place(rules, PLACEMENT_TREE, user="bob", queue="root.user.bob") == Placement(None)
    assert placed(rules, "bob", queue="root.user.bob", override=True) == "root.man.bob"


@pytest.mark.parametrize(
    "template, user, create, expected",
    [
        ("root.man.%primary_group", "alice", True, "root.man.p_alice"),  # #127
        ("root.disambiguous.deep.group.%secondary_group.%user", "bob", True,
         "root.disambiguous.deep.group.developer.bob"),  # #128
        ("root.man.%secondary_group", "charlie", True, "REJECT"),  # #129
        ("root.dynamic.%secondary_group.%user", "dave", True, "REJECT"),
        ("%secondary_group", "alice", False, "root.secondaryTests.unique"),  # #130
        ("%secondary_group.%user", "bob", True, "root.disambiguous.deep.group.developer.bob"),
        ("%secondary_group", "charlie", True, "REJECT"),
        ("root.secondaryTests.%secondary_group", "alice", True, "root.secondaryTests.unique"),  # #131
        ("root.secondaryTests.%secondary_group", "bob", True, "root.secondaryTests.user"),
        ("root.%secondary_group", "charlie", True, "REJECT"),
        ("root.user.%user", "test.user", True, "root.user.test_dot_user"),  # #132
        ("root.groups.%primary_group", "test.user", True, "root.groups.main_dot_grp"),  # #133
        ("root.groups.%secondary_group", "test.user", True, "root.groups.sec_dot_test_dot_grp"),
    ],
)  # fmt: skip
def test_group_and_user_variables(template: str, user: str, create: bool, expected: str) -> None:
    # TestCSMappingPlacementRule#testGroupTargetMatching, #testSecondaryGroupWithoutParent,
    # #testSecondaryGroupWithParent, #testUserNameCleanup, #testGroupNameCleanup
    rules = json_rules(
        {
            "type": "user",
            "matches": "*",
            "policy": "custom",
            "customPlacement": template,
            "create": create,
            "fallbackResult": "reject",
        }
    )
    assert placed(rules, user) == expected


def test_user_matching_uses_the_original_name() -> None:
    # TestCSMappingPlacementRule#testOriginalUserNameWithDotCanBeUsedInMatchExpression (#134)
    rules = json_rules(
        {"type": "user", "matches": "test.user", "policy": "setDefaultQueue", "value": "root.user.testuser"},
        {"type": "user", "matches": "*", "policy": "defaultQueue", "fallbackResult": "reject"},
    )
    assert placed(rules, "test.user") == "root.user.testuser"
    assert placed(rules, "alice") == "root.default"


def test_group_and_application_matchers() -> None:
    rules = json_rules(
        {"type": "group", "matches": "developer", "policy": "custom", "customPlacement": "root.user.bob"},
        {"type": "application", "matches": "etl", "policy": "custom", "customPlacement": "root.unman"},
    )
    assert placed(rules, "bob") == "root.user.bob"
    assert placed(rules, "alice", application="etl") == "root.unman"
    assert place(rules, PLACEMENT_TREE, user="alice", groups=GROUPS["alice"]) == Placement(None)


@pytest.mark.parametrize(
    ("queue", "expected"),
    [
        ("default", ("root.default", "")),
        ("root.user.alice", ("root.user.alice", "")),
        ("alice", ("root.user.alice", "")),
        # CapacityScheduler.addApplication's rejections
        ("charlie", (None, "submitted to ambiguous queue: charlie please use full queue path instead.")),
        ("nosuch", (None, "submitted to unknown queue: nosuch")),
        ("root.user", (None, "submitted to non-leaf queue : root.user")),
        ("root.unman.x", (None, "submitted to unknown queue: root.unman.x")),
        # getOrCreateQueueFromPlacementContext creates a full path under a managed parent
        ("root.man.newleaf", ("root.man.newleaf", "")),
    ],
)
def test_submitted_queue_when_no_rule_decides(queue: str, expected: tuple[str | None, str]) -> None:
    assert submitted_queue(PLACEMENT_TREE, queue) == expected


def test_before_33_a_queue_is_found_by_the_short_name_registered_last() -> None:
    # CapacitySchedulerQueueManager before YARN-9879: one map by short name, each queue put after its
    # children. oracle/ (place, tests/data/oracle/cs-leaf-names-in-map-order): 3.2.4 takes "n" to
    # root.b.n and rejects "root.b.n"; 3.3.6 the other way round
    from fsctl.capacity.mapping import QueueIndex
    from fsctl.io.loader import load

    path = (
        Path(__file__).parents[1]
        / "data"
        / "oracle"
        / "cs-leaf-names-in-map-order"
        / "capacity-scheduler.xml"
    )
    old = load(str(path), hadoop_version=(3, 2)).result.tree
    new = load(str(path), hadoop_version=(3, 3)).result.tree
    assert old is not None and new is not None
    assert submitted_queue(old, "n", QueueIndex(old, (3, 2))) == ("root.b.n", "")
    assert submitted_queue(old, "root.b.n", QueueIndex(old, (3, 2))) == (
        None,
        "submitted to unknown queue: root.b.n",
    )
    assert submitted_queue(new, "n", QueueIndex(new, (3, 3)))[0] is None
    assert submitted_queue(new, "root.b.n", QueueIndex(new, (3, 3))) == ("root.b.n", "")
