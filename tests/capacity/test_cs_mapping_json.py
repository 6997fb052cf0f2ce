"""JSON mapping rules: schema, rule creation, variables, legacy equivalence and the writer
(cs.md §8.3, §8.4, §9.9, §9.12, §9.13)."""

from __future__ import annotations

import json

import pytest

from fsctl.capacity.mapping import (
    MappingRule,
    legacy_to_json,
    mapping_rules_to_json,
    parse_app_name_mappings,
    parse_json_rules,
    parse_legacy_mappings,
    replace_path_variables,
    replace_variables,
    rule_to_dict,
)
from fsctl.model.location import Location

# TestMappingRuleCreator: the variable context of every test
CONTEXT = {
    "%user": "testuser",
    "%specified": "root.users.hadoop",
    "%application": "testapplication",
    "%primary_group": "superuser",
    "%secondary_group": "users",
    "%default": "root.default",
}
BASE = {"type": "user", "matches": "*", "policy": "user", "fallbackResult": "skip"}


def one_rule(**changes: object) -> tuple[MappingRule | None, list[str]]:
    raw = {**BASE, **changes}
    raw = {k: v for k, v in raw.items() if v is not None}
    rules, diagnostics = parse_json_rules(json.dumps({"rules": [raw]}))
    return (rules[0] if rules else None), [f"{d.code} {d.message}" for d in diagnostics]


def placed(rule: MappingRule) -> str:
    assert rule.target is not None
    return replace_path_variables(rule.target, CONTEXT)


# --- §9.9 TestMappingRuleCreator -----------------------------------------------------------------


def test_base_rule_places_user_with_create() -> None:
    # TestMappingRuleCreator#testAllUserMatcher (#89)
    rule, problems = one_rule()
    assert problems == []
    assert rule is not None and rule.matches_everything
    assert placed(rule) == "testuser"
    assert rule.effective_create is True


def test_group_and_application_matchers() -> None:
    # TestMappingRuleCreator#testGroupMatcher, #testApplicationNameMatcher (#91, #93)
    rule, problems = one_rule(type="group", matches="superuser")
    assert problems == [] and rule is not None and not rule.matches_everything
    rule, problems = one_rule(type="application", matches="testapplication")
    assert problems == [] and rule is not None and not rule.matches_everything


def test_group_cannot_match_star() -> None:
    # TestMappingRuleCreator#testUserGroupMatcherAll (#92)
    rule, problems = one_rule(type="group", matches="*")
    assert problems == ["PL506 rule #1: Cannot match '*' for groups"]
    assert rule is not None and not rule.valid


def test_default_queue_policy_never_creates() -> None:
    # TestMappingRuleCreator#testDefaultRule (#94)
    rule, _ = one_rule(policy="defaultQueue", create=True)
    assert rule is not None
    assert placed(rule) == "root.default"
    assert rule.effective_create is False


@pytest.mark.parametrize("create, expected", [(None, True), (False, False)])
def test_specified_policy(create: bool | None, expected: bool) -> None:
    # TestMappingRuleCreator#testSpecifiedRule (#95)
    rule, _ = one_rule(policy="specified", create=create)
    assert rule is not None
    assert placed(rule) == "root.users.hadoop"
    assert rule.effective_create is expected


def test_reject_and_set_default_have_no_target() -> None:
    # TestMappingRuleCreator#testRejectRule, #testSetDefaultRule (#96, #97)
    rule, _ = one_rule(policy="reject")
    assert rule is not None and rule.target is None
    rule, problems = one_rule(policy="setDefaultQueue", value="root.users.default")
    assert problems == [] and rule is not None and rule.target is None and rule.value == "root.users.default"


@pytest.mark.parametrize(
    "changes, expected",
    [
        ({"policy": "primaryGroup"}, "superuser"),
        ({"policy": "primaryGroup", "parentQueue": "root"}, "root.superuser"),
        ({"policy": "secondaryGroup"}, "users"),
        ({"policy": "secondaryGroup", "parentQueue": "root"}, "root.users"),
        ({"policy": "user", "parentQueue": "root.users"}, "root.users.testuser"),
        (
            {"policy": "custom", "customPlacement": "root.%primary_group.%secondary_group"},
            "root.superuser.users",
        ),
        ({"policy": "primaryGroupUser"}, "superuser.testuser"),
        ({"policy": "primaryGroupUser", "parentQueue": "root"}, "root.superuser.testuser"),
        ({"policy": "secondaryGroupUser"}, "users.testuser"),
        ({"policy": "secondaryGroupUser", "parentQueue": "root"}, "root.users.testuser"),
        ({"policy": "applicationName"}, "testapplication"),
        (
            {"policy": "applicationName", "parentQueue": "root.applications"},
            "root.applications.testapplication",
        ),
    ],
)
def test_policy_targets(changes: dict[str, str], expected: str) -> None:
    # TestMappingRuleCreator#testPrimaryGroupRule ... #testApplicationNamePlacementRule (#99-#106)
    rule, problems = one_rule(**changes)
    assert problems == []
    assert rule is not None and placed(rule) == expected


@pytest.mark.parametrize(
    "fallback, expected",
    [("placeDefault", "placeDefault"), ("reject", "reject"), ("skip", "skip"), (None, "skip")],
)
def test_fallback_default_is_skip(fallback: str | None, expected: str) -> None:
    # TestMappingRuleCreator#testFallback* (#107)
    rule, _ = one_rule(fallbackResult=fallback)
    assert rule is not None and rule.effective_fallback == expected


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"type": None}, "Rule type is undefined"),
        ({"matches": None}, "Match string is undefined"),
        ({"matches": ""}, "Match string is empty"),
        ({"policy": None}, "Rule policy is undefined"),
        ({"policy": None, "type": None}, "Rule policy is undefined"),  # policy is checked first
        ({"policy": "setDefaultQueue"}, "default queue is undefined"),
        ({"policy": "custom"}, "custom queue is undefined"),
    ],
)
def test_missing_fields(changes: dict[str, object], message: str) -> None:
    # TestMappingRuleCreator#testRuleTypeNotSet ... (#98, #103, #108)
    rule, problems = one_rule(**changes)
    assert problems == [f"PL505 rule #1: {message}"]
    assert rule is not None and not rule.valid


@pytest.mark.parametrize(
    "field, value", [("type", "User"), ("policy", "Custom"), ("fallbackResult", "default")]
)
def test_unknown_enum_value(field: str, value: str) -> None:
    rule, problems = one_rule(**{field: value})
    assert len(problems) == 1 and problems[0].startswith(f"PL507 rule #1: {field} '{value}' is not one of")
    assert rule is not None and not rule.valid


def test_unknown_enum_value_suggests_case() -> None:
    _, problems = one_rule(type="User")
    assert problems[0].endswith("(did you mean 'user'?)")


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "I'm a bad JSON, since I'm not a JSON.",
            "malformed mapping rule JSON",
        ),  # testInvalidJSONConfiguration
        ("[]", 'mapping rule JSON must be an object with a "rules" array'),
        ('{"rules": {}}', '"rules" must be an array of rule objects'),
        ('{"rules": [1]}', "rule #1 is not an object"),
        ('{"rules": [{"type": "user", "matches": "*", "policy": "user", "create": "yes"}]}', '"create" must'),
        ('{"rules": [{"type": ["user"], "matches": "*", "policy": "user"}]}', "'type' must be a string"),
        ('{"rules": [{"type": "user", "matches": NaN, "policy": "user"}]}', "malformed mapping rule JSON"),
    ],
)
def test_invalid_json(text: str, message: str) -> None:
    # TestCSMappingPlacementRule#testInvalidJSONConfiguration (#137)
    rules, diagnostics = parse_json_rules(text)
    assert [d.code for d in diagnostics] == ["PL503"]
    assert message in diagnostics[0].message
    assert all(not r.valid for r in rules)


def test_empty_rules_and_missing_rules_key() -> None:
    assert parse_json_rules('{"rules": []}') == ([], [])
    assert parse_json_rules("{}") == ([], [])


def test_unknown_fields_are_kept_aside() -> None:
    rules, diagnostics = parse_json_rules(
        '{"rules": [{"type": "user", "matches": "*", "policy": "user", "parentqueue": "root.a"}], "x": 1}'
    )
    assert rules[0].valid and rules[0].unknown_fields == ("parentqueue",)
    assert [d.code for d in diagnostics] == ["PL602", "PL602"]
    assert "did you mean 'parentQueue'?" in diagnostics[1].message


def test_scalars_are_coerced_to_strings_like_jackson() -> None:
    rules, diagnostics = parse_json_rules('{"rules": [{"type": "user", "matches": 42, "policy": "user"}]}')
    assert diagnostics == [] and rules[0].matches == "42"


def test_positions_in_a_json_file() -> None:
    text = (
        '{\n  "rules": [\n    {"type": "user", "matches": "*", "policy": "user"},\n    {"type": "usr",\n'
        '     "matches": "*", "policy": "user"}\n  ]\n}\n'
    )
    rules, diagnostics = parse_json_rules(text, Location("rules.json"))
    assert rules[0].location == Location("rules.json", 3, 5)
    assert rules[1].location == Location("rules.json", 4, 5)
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("PL507", 4, 6)]


def test_malformed_json_file_position() -> None:
    _, diagnostics = parse_json_rules('{\n  "rules": [,]\n}', Location("rules.json"))
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("PL503", 2, 13)]


def test_inline_json_is_reported_at_the_property() -> None:
    where = Location("cs.xml", 7, 3)
    rules, diagnostics = parse_json_rules('{"rules": [{"type": "user"}]}', where)
    assert rules[0].location == where
    assert [(d.code, d.line, d.column) for d in diagnostics] == [("PL505", 7, 3)]


# --- §9.12 TestVariableContext ---------------------------------------------------------------------

VARIABLES: dict[str, str | None] = {
    "%user": "bob",
    "%primary_group": "developers",
    "%secondary_group": "yarn-dev",
    "%default": "default.path",
    "%null": None,
    "%empty": "",
}


@pytest.mark.parametrize(
    "path, expected",
    [
        (
            "root.%user.%primary_group.%secondary_group.%default.%null.%empty.end",
            "root.bob.developers.yarn-dev.default.path...end",
        ),
        ("root.%empty%empty.path", "root.%empty%empty.path"),
        ("%user%default.%user.%default", "%user%default.bob.default.path"),
    ],
)
def test_path_substitution(path: str, expected: str) -> None:
    # TestVariableContext#testVariableContextPathSubstitution (#142)
    assert replace_path_variables(path, VARIABLES) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("root.%empty%empty.path", "root..path"),
        ("%user%default.%user.%default", "bobdefault.path.bob.default.path"),
        ("userPhoneof%useris%userPhone", "userPhoneofbobis555-3221"),
    ],
)
def test_string_substitution(text: str, expected: str) -> None:
    # TestVariableContext#testVariableContextStringSubstitution (#143)
    assert replace_variables(text, {**VARIABLES, "%userPhone": "555-3221"}) == expected


# --- legacy parsing (CSC.parseLegacyMappingRules) -------------------------------------------------


def test_legacy_entries_split_on_commas_and_newlines_and_dedupe() -> None:
    rules, diagnostics = parse_legacy_mappings(" u:alice:root.a ,\n g:dev : root.b ,u:alice:root.a,, ")
    assert diagnostics == []
    assert [(r.type, r.matches, r.customPlacement) for r in rules] == [
        ("user", "alice", "root.a"),
        ("group", "dev", "root.b"),
    ]
    assert all(r.fallbackResult == "placeDefault" and r.create is True for r in rules)


@pytest.mark.parametrize(
    "entry, code, message",
    [
        ("u:alice", "PL501", "Illegal queue mapping u:alice"),
        ("u::root.a", "PL501", "Illegal queue mapping u::root.a"),  # empty parts vanish
        ("u:a:b:c", "PL501", "Illegal queue mapping u:a:b:c"),
        ("U:alice:root.a", "PL502", "unknown mapping prefix U"),
        ("x:alice:root.a", "PL502", "unknown mapping prefix x"),
    ],
)
def test_legacy_errors(entry: str, code: str, message: str) -> None:
    rules, diagnostics = parse_legacy_mappings(entry, Location("cs.xml", 9, 3))
    assert rules == []
    assert [(d.code, d.message, d.line, d.column) for d in diagnostics] == [(code, message, 9, 3)]


def test_app_name_mappings() -> None:
    rules, diagnostics = parse_app_name_mappings("mapreduce:root.apps.%application,spark")
    assert [(r.type, r.matches, r.customPlacement, r.origin) for r in rules] == [
        ("application", "mapreduce", "root.apps.%application", "app-name")
    ]
    assert [d.message for d in diagnostics] == ["Illegal queue mapping spark"]


# --- §9.13 TestLegacyMappingRuleToJson -------------------------------------------------------------


def converted(entry: str, app: bool = False) -> dict[str, object]:
    rules, diagnostics = (parse_app_name_mappings if app else parse_legacy_mappings)(entry)
    assert diagnostics == []
    return rule_to_dict(legacy_to_json(rules[0]))


PD = {"fallbackResult": "placeDefault", "create": True}


@pytest.mark.parametrize(
    "entry, app, expected",
    [
        (
            "u:alice:alice",
            False,
            {"type": "user", "matches": "alice", "policy": "custom", "customPlacement": "alice"},
        ),
        ("u:%user:%user", False, {"type": "user", "matches": "*", "policy": "user"}),
        (
            "u:%user:root.deep.%user",
            False,
            {"type": "user", "matches": "*", "policy": "user", "parentQueue": "root.deep"},
        ),
        ("u:claire:%primary_group", False, {"type": "user", "matches": "claire", "policy": "primaryGroup"}),
        (
            "u:%user:root.deep.%primary_group",
            False,
            {"type": "user", "matches": "*", "policy": "primaryGroup", "parentQueue": "root.deep"},
        ),
        (
            "u:%user:root.deep.%primary_group.%user",
            False,
            {"type": "user", "matches": "*", "policy": "primaryGroupUser", "parentQueue": "root.deep"},
        ),
        (
            "u:%user:%secondary_group.%user",
            False,
            {"type": "user", "matches": "*", "policy": "secondaryGroupUser"},
        ),
        ("g:users:%user", False, {"type": "group", "matches": "users", "policy": "user"}),
        (
            "g:testers:root.very.deep.%user",
            False,
            {"type": "group", "matches": "testers", "policy": "user", "parentQueue": "root.very.deep"},
        ),
        (
            "namedMatch:root.deep.%application",
            True,
            {
                "type": "application",
                "matches": "namedMatch",
                "policy": "applicationName",
                "parentQueue": "root.deep",
            },
        ),
        (
            "%application:%application",
            True,
            {"type": "application", "matches": "%application", "policy": "applicationName"},
        ),
    ],
)
def test_legacy_to_json(entry: str, app: bool, expected: dict[str, object]) -> None:
    # TestLegacyMappingRuleToJson#testUserMappingConversion, #testGroupMappingConversion,
    # #testApplicationNameMappingConversion (#144-#151)
    assert converted(entry, app) == {**expected, **PD}


@pytest.mark.parametrize(
    "entry, app",
    [
        ("u:%user:root.deep.%primary_group.%user", False),
        ("u:bob:root.x.static", False),
        ("g:dev:%user", False),
        ("app:root.deep.%application", True),
    ],
)
def test_legacy_and_converted_rules_place_identically(entry: str, app: bool) -> None:
    # the converted JSON places into the same target, matches the same apps and falls back alike
    rules, _ = (parse_app_name_mappings if app else parse_legacy_mappings)(entry)
    legacy = rules[0]
    json_rule = legacy_to_json(legacy)
    assert placed(json_rule) == placed(legacy)
    assert json_rule.matches_everything == legacy.matches_everything
    assert json_rule.effective_fallback == legacy.effective_fallback == "placeDefault"
    assert json_rule.effective_create is legacy.effective_create is True


def test_legacy_and_json_configuration_build_the_same_rule() -> None:
    # TestCSMappingPlacementRule#testLegacyConfiguration / #testJSONConfiguration (#135)
    legacy = parse_legacy_mappings("u:bob:%primary_group")[0][0]
    json_rule = parse_json_rules(
        '{"rules":[{"type":"user","matches":"bob","policy":"custom",'
        '"customPlacement":"%primary_group","fallbackResult":"skip"}]}'
    )[0][0]
    assert (legacy.type, legacy.matches, legacy.target) == (
        json_rule.type,
        json_rule.matches,
        json_rule.target,
    )


# --- the writer ----------------------------------------------------------------------------------


def test_writer_matches_jacksons_pretty_printer_and_round_trips() -> None:
    rules, _ = parse_legacy_mappings("u:%user:root.deep.%user,g:dev:root.dev")
    text = mapping_rules_to_json(rules)
    assert text == (
        '{\n  "rules" : [ {\n'
        '    "type" : "user",\n    "matches" : "*",\n    "policy" : "user",\n'
        '    "parentQueue" : "root.deep",\n    "fallbackResult" : "placeDefault",\n    "create" : true\n'
        "  }, {\n"
        '    "type" : "group",\n    "matches" : "dev",\n    "policy" : "custom",\n'
        '    "fallbackResult" : "placeDefault",\n    "create" : true,\n    "customPlacement" : "root.dev"\n'
        "  } ]\n}"
    )
    again, diagnostics = parse_json_rules(text)
    assert diagnostics == []
    assert again == [legacy_to_json(r) for r in rules]
    assert mapping_rules_to_json(again) == text


def test_writer_empty_and_escaping() -> None:
    assert json.loads(mapping_rules_to_json([])) == {"rules": []}
    rule = MappingRule(type="application", matches='say "hi"', policy="custom", customPlacement="root.é")
    assert json.loads(mapping_rules_to_json([rule]))["rules"][0]["matches"] == 'say "hi"'
    assert "root.é" in mapping_rules_to_json([rule])
