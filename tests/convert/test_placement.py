"""fs2cs.md §3 and §4.2 rows 43-46, 68-79: placement rules to JSON mapping rules
(TestQueuePlacementConverter, TestFSConfigToCSConfigConverter), plus the fallback queue."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fsctl.convert.placement import to_json
from tests.convert.helpers import CONVERSION_XML, allocations, codes, cs, run

TREE = '<queue name="users" type="parent"><queue name="hadoop"/></queue><queue name="default"/>'


def rules_of(policy: str, tree: str = TREE, **options: Any) -> list[dict[str, Any]]:
    xml = allocations(f"{tree}<queuePlacementPolicy>{policy}</queuePlacementPolicy>")
    result = run(xml, **options)
    assert result.mapping_rules is not None
    return result.mapping_rules


def one(policy: str, **options: Any) -> dict[str, Any]:
    converted = rules_of(policy, **options)
    assert len(converted) == 1
    return converted[0]


def test_conversion_xml_rules_weight_mode() -> None:
    # fs2cs.md §3.5, CC testPlacementRulesConversionEnabled: 5 rules (row 43)
    result = run(CONVERSION_XML)
    assert result.mapping_rules is not None
    got = [(r["policy"], r.get("parentQueue"), r["create"]) for r in result.mapping_rules]
    assert got == [
        ("user", "root.admins.devs", False),
        ("primaryGroupUser", "root", False),
        ("specified", None, True),
        ("user", "root.users", True),
        ("defaultQueue", None, True),
    ]
    assert len(codes(result, "CV209")) == 1


def test_conversion_xml_rules_percentage_mode() -> None:
    # fs2cs.md §3.5 with -pc
    result = run(CONVERSION_XML, percentage=True)
    assert result.mapping_rules is not None
    assert "parentQueue" not in result.mapping_rules[1]
    assert [m for m in codes(result, "CV206")] and codes(result, "CV208")


def test_no_placement_policy_gives_the_fs_defaults() -> None:
    # CC testConversionWhenNoPlacementRules... (row 44): specified + user
    result = run(allocations('<queue name="a"/>'))
    assert result.mapping_rules is not None
    assert [r["policy"] for r in result.mapping_rules] == ["specified", "user"]


@pytest.mark.parametrize(
    ("undeclared", "uadq", "policies"),
    [
        ("true", "true", ["specified", "user"]),
        ("true", "false", ["specified", "defaultQueue"]),
        ("false", "true", ["specified", "user", "defaultQueue"]),
        ("false", "false", ["specified", "defaultQueue"]),
    ],
)
def test_default_policy_from_yarn_site(undeclared: str, uadq: str, policies: list[str]) -> None:
    # QueuePlacementPolicy.fromConfiguration (fs2cs.md §3.3)
    site = {
        "yarn.scheduler.fair.allow-undeclared-pools": undeclared,
        "yarn.scheduler.fair.user-as-default-queue": uadq,
    }
    result = run(allocations('<queue name="a"/>'), site)
    assert result.mapping_rules is not None
    assert [r["policy"] for r in result.mapping_rules] == policies


def test_skip_placement_rules() -> None:
    # CC testPlacementRulesConversionDisabled (row 45)
    result = run(CONVERSION_XML, convert_placement=False)
    assert result.mapping_rules is None
    assert "mapping-rule-json" not in cs(result)


def test_override_and_format() -> None:
    # CC testPlacementRulesConversionEnabled (row 46)
    props = cs(run(CONVERSION_XML))
    assert props["queue-mappings-override.enable"] == "true"
    assert props["mapping-rule-format"] == "json"
    assert json.loads(props["mapping-rule-json"])["rules"][0]["policy"] == "user"


def test_rules_to_file_leaves_the_json_out_of_the_xml() -> None:
    result = run(CONVERSION_XML, rules_to_file=True)
    assert "mapping-rule-json" not in cs(result)
    assert result.mapping_json is not None and json.loads(result.mapping_json)["rules"]


def test_user_rule() -> None:
    # TestQueuePlacementConverter#testConvertUserRule (row 68); weight mode adds parentQueue root (row 74)
    assert one('<rule name="user"/>', percentage=True) == {
        "type": "user", "matches": "*", "policy": "user", "fallbackResult": "skip", "create": True,
    }  # fmt: skip
    assert one('<rule name="user"/>')["parentQueue"] == "root"


@pytest.mark.parametrize(
    ("fs_rule", "policy"),
    [
        # row 69
        ('<rule name="specified"/>', "specified"),
        ('<rule name="primaryGroup"/>', "primaryGroup"),
        ('<rule name="secondaryGroupExistingQueue"/>', "secondaryGroup"),
        ('<rule name="reject"/>', "reject"),
        # rows 70-71
        ('<rule name="default" queue="abc"/>', "custom"),
        ('<rule name="default" queue="root.default"/>', "defaultQueue"),
        ('<rule name="default"/>', "defaultQueue"),
        # row 72
        ('<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>', "primaryGroupUser"),
        (
            '<rule name="nestedUserQueue"><rule name="secondaryGroupExistingQueue"/></rule>',
            "secondaryGroupUser",
        ),
    ],
)
def test_policies(fs_rule: str, policy: str) -> None:
    assert one(fs_rule)["policy"] == policy


def test_custom_default_queue_is_root_prefixed() -> None:
    # row 70: customPlacement "root.abc"
    assert one('<rule name="default" queue="abc"/>')["customPlacement"] == "root.abc"


def test_reject_never_creates() -> None:
    assert one('<rule name="reject" create="true"/>')["create"] is False


def test_nested_default() -> None:
    # row 73: user with parentQueue root.abc, in both modes
    for percentage in (False, True):
        rule = one(
            '<rule name="nestedUserQueue"><rule name="default" queue="abc"/></rule>', percentage=percentage
        )
        assert (rule["policy"], rule["parentQueue"]) == ("user", "root.abc")


@pytest.mark.parametrize("name", ["user", "primaryGroup", "secondaryGroupExistingQueue"])
def test_parent_root_only_in_weight_mode(name: str) -> None:
    # row 74 / fs2cs.md §2.9
    assert one(f'<rule name="{name}"/>')["parentQueue"] == "root"
    assert "parentQueue" not in one(f'<rule name="{name}"/>', percentage=True)


@pytest.mark.parametrize(
    ("parent", "child", "create", "warned"),
    [("false", "false", False, False), ("false", "true", True, True), ("true", "false", True, True),
     ("true", "true", True, False)],
)  # fmt: skip
def test_weight_mode_nested_create_flags(parent: str, child: str, create: bool, warned: bool) -> None:
    # TestQueuePlacementConverter#testConvertNestedRuleCreateFlagInWeightMode (row 75)
    xml = allocations(
        f'<queue name="a"/><queuePlacementPolicy><rule name="nestedUserQueue" create="{child}">'
        f'<rule name="primaryGroup" create="{parent}"/></rule></queuePlacementPolicy>'
    )
    result = run(xml)
    assert result.mapping_rules is not None
    assert result.mapping_rules[0]["create"] is create
    assert bool(codes(result, "CV209")) is warned


def _messages(policy: str, code: str, tree: str = TREE) -> list[str]:
    xml = allocations(f"{tree}<queuePlacementPolicy>{policy}</queuePlacementPolicy>")
    return [d.message for d in run(xml, percentage=True).findings if d.code == code]


@pytest.mark.parametrize(
    ("policy", "path"),
    [
        # row 76
        ('<rule name="primaryGroup" create="true"/>', "root.<primaryGroup>"),
        ('<rule name="secondaryGroupExistingQueue" create="true"/>', "root.<secondaryGroup>"),
        # row 77
        ('<rule name="nestedUserQueue" create="true">'
         '<rule name="default" queue="abc" create="false"/></rule>',
         "root.abc"),
    ],
)  # fmt: skip
def test_percentage_queue_dynamic_create(policy: str, path: str) -> None:
    messages = _messages(policy, "CV206")
    assert len(messages) == 1 and f"for path {path} -" in messages[0]


@pytest.mark.parametrize(
    ("parent", "path"),
    [("primaryGroup", "root.<primaryGroup>"), ("secondaryGroupExistingQueue", "root.<secondaryGroup>"),
     ('default" queue="abc', "root.abc")],
)  # fmt: skip
def test_percentage_parent_dynamic_create(parent: str, path: str) -> None:
    # row 78
    policy = f'<rule name="nestedUserQueue" create="false"><rule name="{parent}" create="true"/></rule>'
    messages = _messages(policy, "CV207")
    assert len(messages) == 1 and f"parent path {path} -" in messages[0]


def test_percentage_static_dynamic_conflict() -> None:
    # row 79: root.users has the static child hadoop
    policy = (
        '<rule name="nestedUserQueue" create="true">'
        '<rule name="default" queue="users" create="false"/></rule>'
    )
    assert _messages(policy, "CV206") and _messages(policy, "CV208")


def test_unsupported_nested_parent_is_an_error() -> None:
    # TestQueuePlacementConverter#testConvertNestedUnsupportedParentRule: "Unsupported parent nested rule"
    result = run(allocations('<queue name="a"/><queuePlacementPolicy><rule name="nestedUserQueue">'
                             '<rule name="specified"/></rule></queuePlacementPolicy>'))  # fmt: skip
    assert any("Unsupported parent nested rule" in m for m in codes(result, "CV106"))
    assert result.failed


def test_jackson_layout() -> None:
    # fs2cs.md §1.4: DefaultPrettyPrinter, field order, nulls left out
    text = to_json(
        [{"type": "user", "matches": "*", "policy": "specified", "fallbackResult": "skip", "create": True}]
    )
    assert text == (
        '{\n  "rules" : [ {\n    "type" : "user",\n    "matches" : "*",\n    "policy" : "specified",\n'
        '    "fallbackResult" : "skip",\n    "create" : true\n  } ]\n}'
    )
    assert to_json([]) == '{\n  "rules" : [ ]\n}'


def test_fallback_queue() -> None:
    result = run(CONVERSION_XML, fallback_queue="root.default")
    rules = result.mapping_rules
    assert rules is not None
    assert rules[0] == {"type": "user", "matches": "*", "policy": "setDefaultQueue", "fallbackResult": "skip",
                        "value": "root.default"}  # fmt: skip
    assert rules[-1]["policy"] == "defaultQueue" and rules[-1]["fallbackResult"] == "reject"
    # the Fair default rule names root.default explicitly, since %default is now the fallback
    assert rules[-2] == {**rules[-2], "policy": "custom", "customPlacement": "root.default"}
    assert codes(result, "CV405") == ["root.default"]
    assert cs(result)["queue-mappings-override.enable"] == "true"


@pytest.mark.parametrize("queue", ["root.users", "root.nowhere", "users"])
def test_fallback_queue_must_be_an_existing_leaf(queue: str) -> None:
    result = run(CONVERSION_XML, fallback_queue=queue)
    assert codes(result, "CV105") and result.failed


def test_fallback_queue_without_root_prefix() -> None:
    result = run(CONVERSION_XML, fallback_queue="users.joe")
    assert result.mapping_rules is not None and result.mapping_rules[0]["value"] == "root.users.joe"
