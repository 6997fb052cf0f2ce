"""fs2cs.md §1.6 and §4.2 rows 38-39: the conversion-rules file (TestFSConfigToCSConfigRuleHandler,
TestFSConfigToCSConfigConverter)."""

from __future__ import annotations

import pytest

from fsctl.convert.rules_file import parse_properties, read_rules
from tests.convert.helpers import CONVERSION_XML, allocations, codes, run

# TRES/conversion-rules.properties
HADOOP_RULES = """\
maxCapacityPercentage.action=abort
maxChildCapacity.action=ABORT
userMaxRunningApps.action=abort
userMaxAppsDefault.action=ABORT
dynamicMaxAssign.action=abort
specifiedNotFirstRule.action=ABORT
reservationSystem.action=abort
queueAutoCreate.action=ABORT
"""


def test_hadoop_rules_file_actions() -> None:
    # CC testConvertFSConfigurationRulesFile (row 38)
    rules = read_rules(HADOOP_RULES)
    for key in ("maxCapacityPercentage", "maxChildCapacity", "dynamicMaxAssign", "reservationSystem",
                "queueAutoCreate"):  # fmt: skip
        assert rules.action(key) == "abort"
    result = run(rules=rules)
    assert result.aborted and codes(result, "CV101")


@pytest.mark.parametrize("key", ["maxChildCapacity", "maxResources"])
def test_abort_wins_over_cluster(key: str) -> None:
    # oracle/ (fs2cs 3.4.2, Hadoop's conversion-rules.properties and fair-scheduler-conversion.xml,
    # -c "vcores=20, memory-mb=2400"): "Setting <maxChildResources> is not supported"; --cluster
    # turns these settings into maximum capacities only when the rules file allows the conversion
    cluster = {"memory-mb": 2400, "vcores": 20}
    result = run(rules=read_rules(f"{key}.action=abort\n"), cluster=cluster)
    assert result.aborted and codes(result, "CV101")
    assert not run(rules=read_rules(""), cluster=cluster).aborted


def test_no_rules_file_means_warning() -> None:
    # CC testConvertFSConfigurationWithoutRulesFile (row 39)
    rules = read_rules("")
    for key in ("maxCapacityPercentage", "maxChildCapacity", "dynamicMaxAssign", "reservationSystem",
                "queueAutoCreate", "childStaticDynamicConflict", "parentChildCreateDiff", "fairAsDrf",
                "maxResources", "minResources", "parentDynamicCreate"):  # fmt: skip
        assert rules.action(key) == "warning"
    assert not run().aborted


@pytest.mark.parametrize(
    ("value", "action"),
    [
        ("warning", "warning"),
        ("WaRnInG", "warning"),
        ("Abort", "abort"),
        ("abort ", "warning"),
        ("nonsense", "warning"),
    ],
)
def test_action_values(value: str, action: str) -> None:
    # FSConfigToCSConfigRuleHandler: valueOf(toUpperCase()), unknown -> WARNING
    assert read_rules(f"fairAsDrf.action={value}\n").action("fairAsDrf") == action


def test_two_aborts_are_two_errors() -> None:
    # TestFSConfigToCSConfigRuleHandler#testDryRun...: ABORT rules give errors (all listed by fsctl)
    result = run(rules=read_rules("maxResources.action=abort\nminResources.action=abort\n"))
    errors = [d.code for d in result.findings if d.severity.label == "error"]
    assert errors.count("CV201") == 3 and errors.count("CV202") == 2


def test_max_child_queue_limit() -> None:
    # TestFSConfigToCSConfigRuleHandler#testMaxChildQueueCount...: "Queue %s has too many children: %d"
    result = run(allocations('<queue name="a"/><queue name="b"/><queue name="c"/>'),
                 rules=read_rules("maxChildQueue.limit=2"))  # fmt: skip
    assert [d.message for d in result.findings if d.code == "CV102"] == [
        "Queue root has too many children: 3 (maxChildQueue.limit=2)"
    ]
    assert result.failed
    assert not run(rules=read_rules("maxChildQueue.limit=4")).failed


def test_max_child_queue_limit_not_an_integer() -> None:
    # "Rule setting: maxChildQueue.limit is not an integer"
    rules = read_rules("maxChildQueue.limit=abc")
    result = run(CONVERSION_XML, rules=rules)
    assert any("is not an integer" in m for m in codes(result, "CV107")) and result.failed


def test_dummy_keys_are_ignored() -> None:
    # FSConfigConverterTestCommons writes dummy_key=dummy_value
    assert not run(rules=read_rules("dummy_key=dummy_value")).aborted


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a=b", {"a": "b"}),
        ("a = b", {"a": "b"}),
        ("a:b", {"a": "b"}),
        ("a b", {"a": "b"}),
        ("# comment\n! also\na=b", {"a": "b"}),
        ("a=b\\\n   c", {"a": "bc"}),
        ("a=x\na=y", {"a": "y"}),
        ("a\\ b=c", {"a b": "c"}),
        ("a=\\u0041", {"a": "A"}),
        ("a=trailing ", {"a": "trailing "}),
    ],
)
def test_java_properties(text: str, expected: dict[str, str]) -> None:
    assert parse_properties(text) == expected
