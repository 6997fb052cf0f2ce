"""Every lint rule is documented: a one-line summary, a failing and a passing example, its Hadoop
source."""

from __future__ import annotations

import pytest

from fsctl.catalogue import all_rules

# -- the catalogue ----------------------------------------------------------------------------------


LINT_RULES = [r for r in all_rules() if r.code.startswith(("FS3", "PL3"))]


@pytest.mark.parametrize("rule", LINT_RULES, ids=lambda r: r.code)
def test_rules_are_documented_lint_rules(rule: object) -> None:
    from fsctl.model.diagnostics import Rule

    assert isinstance(rule, Rule)
    assert rule.lint_only
    assert rule.name == rule.name.lower() and " " not in rule.name
    doc = rule.documentation
    summary, _, rest = doc.partition("\n\n")
    assert "\n" not in summary and summary.endswith((".", ")"))
    assert "Bad" in rest and "Good" in rest, "a failing and a passing example"
    assert rule.hadoop_source


def test_rule_names_are_unique_across_the_catalogue() -> None:
    names = [r.name for r in all_rules()]
    ours = {r.name for r in LINT_RULES}
    assert all(names.count(name) == 1 for name in ours)
