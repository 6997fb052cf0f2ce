"""queuePlacementPolicy parsing: TestQueuePlacementPolicy facts that concern loading (fs-parse.md §6.2)
and the checks of QueuePlacementPolicy#fromXml (§3.11)."""

from __future__ import annotations

import pytest

from fsctl.fair.placement import is_terminal, policy_from_settings
from fsctl.model.tree import PlacementRule

from .conftest import Reader
from .util import codes, only


def policy(*rules: str) -> str:
    return "<queuePlacementPolicy>" + "".join(rules) + "</queuePlacementPolicy>"


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # TestQueuePlacementPolicy#testSpecifiedUserPolicy (fact 35)
        (['<rule name="specified"/>', '<rule name="user"/>'], []),
        # testNoCreate (fact 36)
        (['<rule name="specified"/>', '<rule name="user" create="false"/>', '<rule name="default"/>'], []),
        # testSpecifiedThenReject (fact 37)
        (['<rule name="specified"/>', '<rule name="reject"/>'], []),
        # testOmittedTerminalRule (fact 38)
        (['<rule name="specified"/>', '<rule name="user" create="false"/>'], ["PL107"]),
        # testTerminalRuleInMiddle (fact 39)
        (['<rule name="specified"/>', '<rule name="default"/>', '<rule name="user"/>'], ["PL106"]),
        # testTerminals (fact 40)
        (
            [
                '<rule name="secondaryGroupExistingQueue" create="true"/>',
                '<rule name="default" queue="otherdefault" create="false"/>',
            ],
            ["PL107"],
        ),
        # testDefaultRuleWithQueueAttribute (fact 41)
        (
            [
                '<rule name="specified" create="false"/>',
                '<rule name="default" queue="root.someDefaultQueue"/>',
            ],
            [],
        ),
        # testNestedUserQueueParsingErrors (facts 42-45)
        (['<rule name="nestedUserQueue"/>'], ["PL105"]),
        (['<rule name="nestedUserQueue"><rule name="unknownRule"/></rule>'], ["PL103"]),
        (['<rule name="nestedUserQueue"><rule name="reject"/></rule>'], ["PL104"]),
        (['<rule name="nestedUserQueue"><rule name="primaryGroup" create="false"/></rule>'], ["PL107"]),
        # testMultipleParentRules (fact 46): a warning, the last parent wins
        (
            ['<rule name="nestedUserQueue"><rule name="primaryGroup"/><rule name="default"/></rule>'],
            ["PL201"],
        ),
        # testBrokenRules (fact 47)
        (["<rule />"], ["PL102"]),
        (["<notarule/>"], []),
        (['<rule name="user"><rule/></rule>'], ["PL102"]),
        (['<rule name="user"><notarule/></rule>'], []),
        # testNestedUserQueueParsing (fact 48)
        (['<rule name="specified"/>', '<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>'], []),
        # rule names are case-sensitive; the tag is not
        (['<rule name="PrimaryGroup"/>'], ["PL103"]),
        (['<Rule name="specified"/>', '<RULE name="default"/>'], []),
    ],
)
def test_policy_checks(read_xml: Reader, rules: list[str], expected: list[str]) -> None:
    assert codes(read_xml(policy(*rules))) == expected


def test_multiple_parent_rules_uses_the_last(read_xml: Reader) -> None:
    # TestQueuePlacementPolicy#testMultipleParentRules (fact 46)
    tree = read_xml(
        policy('<rule name="nestedUserQueue"><rule name="primaryGroup"/><rule name="default"/></rule>')
    ).tree
    rule = tree.placement[0]
    assert rule.name == "nestedUserQueue"
    assert rule.parent is not None and rule.parent.name == "default"


def test_messages(read_xml: Reader) -> None:
    result = read_xml(policy('<rule name="specified"/>', '<rule name="default"/>', '<rule name="user"/>'))
    assert (
        only(result, "PL106").message == "Rules after rule 2 in queue placement policy can never be reached"
    )
    result = read_xml(policy('<rule name="specified"/>', '<rule name="user" create="false"/>'))
    assert only(result, "PL107").message == "Could get past last queue placement rule without assigning"
    result = read_xml(policy('<rule name="nestedUserQueue"/>'))
    assert only(result, "PL105").message == "Rule 'nestedUserQueue' must have a parent rule set"
    result = read_xml(policy('<rule name="nestedUserQueue"><rule name="reject"/></rule>'))
    assert only(result, "PL104").message == "Rule 'reject' is not allowed as a parent rule for any rule"
    result = read_xml(policy('<rule name="unknownRule"/>'))
    assert only(result, "PL103").message == "No rule class found for unknownRule"


def test_older_hadoop_counts_rules_from_zero(read_xml: Reader) -> None:
    body = policy('<rule name="specified"/>', '<rule name="default"/>', '<rule name="user"/>')
    assert only(read_xml(body, version=(3, 2)), "PL106").message.startswith("Rules after rule 1 ")


def test_migration_mode_demotes_unreachable_rules(read_xml: Reader) -> None:
    site = {
        "yarn.scheduler.fair.migration.mode": "true",
        "yarn.scheduler.fair.no-terminal-rule.check": "true",
    }
    diagnostic = only(read_xml(policy('<rule name="reject"/>', '<rule name="default"/>'), site=site), "PL106")
    assert diagnostic.severity.label == "warning"


@pytest.mark.parametrize(
    ("rule", "reason"),
    [
        (
            '<rule name="specified"><rule name="primaryGroup"/></rule><rule name="default"/>',
            "Parent rule should not be configured for Specified rule.",
        ),
        (
            '<rule name="default"><rule name="primaryGroup"/></rule>',
            "Parent rule must not be configured for Default rule.",
        ),
        (
            '<rule name="reject"><rule name="primaryGroup"/></rule>',
            "Parent rule should not be configured for Reject rule.",
        ),
        (
            '<rule name="user"><rule name="user"/></rule>',
            "Parent rule may not be the same type as the child rule: "
            "org.apache.hadoop.yarn.server.resourcemanager.placement.UserPlacementRule",
        ),
    ],
)
def test_rule_init_failures(read_xml: Reader, rule: str, reason: str) -> None:
    diagnostic = only(read_xml(policy(rule)), "PL108")
    assert diagnostic.message == f"Rule initialisation failed with exception: {reason}"


def test_default_rule_queue(read_xml: Reader) -> None:
    tree = read_xml(policy('<rule name="default" queue="adhoc"/>')).tree
    assert tree.placement[0].queue == "root.adhoc"
    result = read_xml(policy('<rule name="default" queue="adhoc."/>'))
    assert only(result, "PL202").message == "Default rule configured with an illegal queue name: 'adhoc.'"
    assert result.tree.placement[0].queue == "root.default"


def test_create_attribute(read_xml: Reader) -> None:
    rules = read_xml(
        policy(
            '<rule name="specified" create=""/>',
            '<rule name="user" create="yes"/>',
            '<rule name="default" create="TRUE"/>',
        )
    ).tree.placement
    assert [r.create for r in rules] == [True, False, True]


def test_empty_policy_and_ruleless_policy(read_xml: Reader) -> None:
    assert codes(read_xml("<queuePlacementPolicy/>")) == ["PL101"]
    assert codes(read_xml("<queuePlacementPolicy><!-- nothing --></queuePlacementPolicy>")) == ["PL101"]
    result = read_xml("<queuePlacementPolicy> </queuePlacementPolicy>")
    assert codes(result) == []
    assert result.tree.placement == []  # Hadoop ignores it and keeps the yarn-site rules


def test_last_policy_element_wins(read_xml: Reader) -> None:
    result = read_xml(policy('<rule name="bogus"/>') + policy('<rule name="reject"/>'))
    assert codes(result) == []
    assert [r.name for r in result.tree.placement] == ["reject"]


@pytest.mark.parametrize(
    ("allow", "user", "expected"),
    [
        (True, True, [("specified", True), ("user", True)]),
        (False, False, [("specified", False), ("default", True)]),
        (True, False, [("specified", True), ("default", True)]),
        (False, True, [("specified", False), ("user", False), ("default", True)]),
    ],
)
def test_policy_from_settings(allow: bool, user: bool, expected: list[tuple[str, bool]]) -> None:
    # QueuePlacementPolicy#fromConfiguration (fs-parse.md §5.8)
    rules = policy_from_settings(allow, user)
    assert [(r.name, r.create) for r in rules] == expected
    assert is_terminal(rules[-1])


def test_old_terminal_rules() -> None:
    assert is_terminal(PlacementRule("default", create=False), (3, 2))
    assert not is_terminal(PlacementRule("default", create=False))


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # Hadoop 3.2 QueuePlacementPolicy: default is always terminal, nestedUserQueue never
        (['<rule name="specified"/>', '<rule name="default" create="false"/>'], []),
        (['<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>'], ["PL107"]),
        (['<rule name="nestedUserQueue"/>', '<rule name="default"/>'], ["PL105"]),
        # every child element is a rule, and create="" is false
        (["<notarule/>", '<rule name="default"/>'], ["PL102"]),
        (['<rule name="user" create=""/>'], ["PL107"]),
        ([" "], ["PL101"]),
    ],
)
def test_policy_checks_before_3_3(read_xml: Reader, rules: list[str], expected: list[str]) -> None:
    assert codes(read_xml(policy(*rules), version=(3, 2))) == expected
