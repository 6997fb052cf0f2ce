"""Mapping targets validated against the queue tree at load (cs.md §8.5, §9.10, §9.11)."""

from __future__ import annotations

import pytest

from fsctl.capacity.mapping import (
    VARIABLES,
    QueueIndex,
    always_decides,
    parse_json_rules,
    parse_legacy_mappings,
    validate_rules,
    validate_target,
)

from .rule_helpers import tree_of

# TestMappingRuleValidationContextImpl#testStaticQueueValidation / #testDynamicQueueValidation (#138)
VALIDATION_TREE = tree_of(
    {
        "root.unmanaged": "leaf",
        "root.managed": "managed",
        "root.deep.queue.path": "leaf",
        "root.ambi.ambileaf": "leaf",
        "root.deep.ambi.ambileaf": "leaf",
        "root.deep.ambi.very.deeepleaf": "leaf",
        "root.dynamic": "v2",
        "root.dynamic.static.static": "leaf",
    }
)


@pytest.mark.parametrize(
    "path, valid",
    [
        ("root.unmanaged", True),
        ("unmanaged", True),
        ("root", False),
        ("managed", False),
        ("root.managed", False),
        ("fail", False),
        ("ambi", False),
        ("ambileaf", False),
        ("ambi.ambileaf", False),
        ("root.ambi.ambileaf", True),
        ("root.dynamic.static", False),
        ("root.dynamic.static.static", True),
        ("root.dynamic.static.any", False),
        ("root.dynamic.any.thing", True),
        ("root.dynamic.any.thing.deep", False),
        ("root.managed.a", True),
        ("root.deep", False),
        ("deep", False),
        ("deep.queue", False),
        ("root.deep.queue", False),
        ("deep.queue.path", True),
        ("queue.path", True),
        ("path", True),
        ("root.deep.queue.path", True),
        ("ambi.very.deeepleaf", False),
        ("queue.invalidPath", False),
    ],
)
def test_static_paths(path: str, valid: bool) -> None:
    # TestMappingRuleValidationContextImpl (#138)
    message = validate_target(QueueIndex(VALIDATION_TREE), path)
    assert (message is None) is valid, message


@pytest.mark.parametrize(
    "path, message",
    [
        ("fail", "Path root 'fail' does not exist. Path 'fail' is invalid"),
        ("ambi", "Path root 'ambi' is ambiguous. Path 'ambi' is invalid"),
        ("root", "Target queue 'root' but it's not a leaf queue."),
        ("root.dynamic.static", "Target queue 'root.dynamic.static' but it's not a leaf queue."),
        (
            "root.dynamic.static.any",
            "Mapping rule specified a parent queue 'root.dynamic.static', but it is not a dynamic parent "
            "queue, and no queue exists with name 'any' under it.",
        ),
        ("root..x", "Path segment cannot be empty 'root..x'."),
        ("", "Queue path is empty."),
    ],
)
def test_static_messages(path: str, message: str) -> None:
    assert validate_target(QueueIndex(VALIDATION_TREE), path) == message


MANAGED_TREE = tree_of(
    {
        "root.unmanaged": "leaf",
        "root.managed": "managed",
        "root.unmanagedwithchild.child": "leaf",
    }
)


@pytest.mark.parametrize(
    "path, valid",
    [
        ("%dynamic", True),
        ("root.%dynamic", True),
        ("%user.%dynamic", True),
        ("root.managed.%dynamic", True),
        ("managed.%dynamic", True),
        ("root.unmanagedwithchild.%user", True),
        ("unmanagedwithchild.%user", True),
        ("root.invalid.%dynamic", False),
        ("root.unmanaged.%dynamic", False),
    ],
)
def test_dynamic_paths(path: str, valid: bool) -> None:
    # TestMappingRuleValidationContextImpl#testManagedQueueValidation (#139)
    message = validate_target(QueueIndex(MANAGED_TREE), path, (*VARIABLES, "%dynamic"))
    assert (message is None) is valid, message


def test_dynamic_under_leaf_message() -> None:
    # TestCapacitySchedulerAutoQueueCreation: u:%user:a1.%user where root.a.a1 is a leaf (#140)
    tree = tree_of({"root.a.a1": "leaf", "root.b": "leaf"})
    rules, _ = parse_legacy_mappings("u:%user:a1.%user")
    [diagnostic] = validate_rules(rules, tree)
    assert diagnostic.code == "PL508"
    assert (
        "Queue path 'a1.%user' is invalid because 'root.a.a1' is a leaf queue, which can have no other "
        "queues under it." in diagnostic.message
    )


@pytest.mark.parametrize(
    "entry, message",
    [
        ("u:app_user:INVALID_PARENT_QUEUE.app_user", "Path root 'INVALID_PARENT_QUEUE' does not exist."),
        ("u:%user:nonexistent.%user", "Path root 'nonexistent' does not exist."),
    ],
)
def test_missing_path_root(entry: str, message: str) -> None:
    # TestCapacitySchedulerAutoQueueCreation (#141)
    tree = tree_of({"root.a.a1": "leaf", "root.b": "leaf"})
    [diagnostic] = validate_rules(parse_legacy_mappings(entry)[0], tree)
    assert message in diagnostic.message


# TestCSMappingPlacementRule: the queue hierarchy of every test (§9.10)
PLACEMENT_TREE = tree_of(
    {
        "root.unman": "leaf",
        "root.default": "leaf",
        "root.man": "managed",
        "root.user.alice": "leaf",
        "root.user.bob": "leaf",
        "root.user.test_dot_user": "leaf",
        "root.user.testuser": "leaf",
        "root.groups.main_dot_grp": "leaf",
        "root.groups.sec_dot_test_dot_grp": "leaf",
        "root.secondaryTests.unique": "leaf",
        "root.secondaryTests.user": "leaf",
        "root.ambiguous.user.charlie": "leaf",
        "root.ambiguous.user.dave": "leaf",
        "root.ambiguous.user.ambi": "leaf",
        "root.ambiguous.group.tester": "leaf",
        "root.ambiguous.managed": "managed",
        "root.ambiguous.deep.user.charlie": "leaf",
        "root.ambiguous.deep.user.dave": "leaf",
        "root.ambiguous.deep.user.ambi": "leaf",
        "root.ambiguous.deep.group.tester": "leaf",
        "root.ambiguous.deep.managed": "managed",
        "root.disambiguous.deep.disambiuser.emily": "leaf",
        "root.disambiguous.deep.disambiuser.disambi": "leaf",
        "root.disambiguous.deep.group.developer": "managed",
        "root.disambiguous.deep.dman": "managed",
        "root.dynamic": "v2",
    }
)


@pytest.mark.parametrize(
    "entry, loads",
    [
        ("u:alice:root.ambiguous.user.ambi", True),  # #109
        ("u:bob:ambi", False),  # #110: ambiguous
        ("u:%user:disambiuser.%user", True),  # #111
        ("u:dave:disambi", True),  # #112
        ("u:alice:root.ambiguous.managed.%user", True),  # #113
        ("u:bob:managed.%user", False),  # #114: ambiguous parent short name
        ("u:charlie:root.unman.charlie", False),  # #115: root.unman is a leaf
        ("u:dave:non-existent.%user", False),  # #116
        ("u:%user:root.man.%user", True),  # #117
        ("u:alice:non-existent", False),  # #118
        ("u:bob:root", False),
        ("u:charlie:man", False),
        ("u:dave:ambi", False),
        ("u:alice:%token", False),  # #124: unknown variable, so a static path
        ("u:alice:root.man.%primary_group", True),  # #127
        ("u:bob:root.disambiguous.deep.group.%secondary_group.%user", True),  # #128
        ("u:dave:root.dynamic.%secondary_group.%user", True),  # #129 (fails only at submission)
        ("u:alice:%secondary_group", True),  # #130
    ],
)
def test_placement_rules_at_load(entry: str, loads: bool) -> None:
    # TestCSMappingPlacementRule with failOnConfigError (the RM default): static targets that are
    # missing, ambiguous or not leaves fail the load (cs.md §9.10 caveat, #124)
    diagnostics = validate_rules(parse_legacy_mappings(entry)[0], PLACEMENT_TREE)
    assert (diagnostics == []) is loads, [d.message for d in diagnostics]
    assert all(d.code == "PL508" for d in diagnostics)


def test_json_policies_validate_their_targets() -> None:
    rules, _ = parse_json_rules(
        '{"rules": ['
        '{"type": "user", "matches": "*", "policy": "setDefaultQueue", "value": "root.invalid"},'
        '{"type": "user", "matches": "*", "policy": "reject"},'
        '{"type": "user", "matches": "*", "policy": "specified"},'
        '{"type": "user", "matches": "*", "policy": "defaultQueue"},'
        '{"type": "user", "matches": "*", "policy": "user", "parentQueue": "root.unman"},'
        '{"type": "user", "matches": "*", "policy": "user", "parentQueue": ""},'
        '{"type": "user", "matches": "*", "policy": "custom",'
        ' "customPlacement": "root.ambiguous.group.tester"}'
        "]}"
    )
    messages = [d.message for d in validate_rules(rules, PLACEMENT_TREE)]
    assert messages == [
        "rule '*' (user, user): Queue path 'root.unman.%user' is invalid because 'root.unman' is a leaf "
        "queue, which can have no other queues under it.",
        "rule '*' (user, user): Path segment cannot be empty '.%user'.",
    ]


@pytest.mark.parametrize(
    "entry, decides",
    [
        ("u:%user:%user", True),  # every legacy rule falls back to placeDefault
        ("u:alice:root.default", False),
        ("g:dev:%user", False),
    ],
)
def test_legacy_rules_that_always_decide(entry: str, decides: bool) -> None:
    rule = parse_legacy_mappings(entry)[0][0]
    assert always_decides(rule, QueueIndex(PLACEMENT_TREE)) is decides


@pytest.mark.parametrize(
    "rule, decides",
    [
        ('{"type": "user", "matches": "*", "policy": "reject"}', True),
        ('{"type": "user", "matches": "*", "policy": "user"}', False),  # skip falls through
        ('{"type": "user", "matches": "*", "policy": "user", "fallbackResult": "reject"}', True),
        ('{"type": "user", "matches": "*", "policy": "custom", "customPlacement": "root.default"}', True),
        ('{"type": "user", "matches": "*", "policy": "custom", "customPlacement": "root.man"}', False),
        ('{"type": "user", "matches": "*", "policy": "setDefaultQueue", "value": "root.x"}', False),
        ('{"type": "application", "matches": "%application", "policy": "reject"}', True),
        ('{"type": "application", "matches": "*", "policy": "reject"}', False),  # '*' is literal
        ('{"type": "group", "matches": "dev", "policy": "reject"}', False),
    ],
)
def test_json_rules_that_always_decide(rule: str, decides: bool) -> None:
    parsed = parse_json_rules('{"rules": [' + rule + "]}")[0][0]
    assert always_decides(parsed, QueueIndex(PLACEMENT_TREE)) is decides
