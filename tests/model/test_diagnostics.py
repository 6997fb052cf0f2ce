"""A finding is one line: input quoted in a message cannot break it (found by tests/hardening)."""

from __future__ import annotations

from pathlib import Path

from fsctl.io.loader import load
from fsctl.model.diagnostics import Rule, Severity
from fsctl.model.location import Location

RULE = Rule("XX999", "example", Severity.ERROR, "An example rule.")


def test_line_breaks_in_a_message_are_escaped() -> None:
    found = RULE.at(Location("f.xml", 1, 2), "Cannot parse resource values from input: 0\n0\r")
    assert found.message == "Cannot parse resource values from input: 0\\n0\\r"


def test_a_resource_spanning_lines_is_reported_on_one(tmp_path: Path) -> None:
    path = tmp_path / "fair.xml"
    path.write_text('<allocations><queue name="a"><minResources>0\n0</minResources></queue></allocations>')
    (found,) = [d for d in load(str(path)).result.diagnostics if d.code == "FS108"]
    assert found.message == "Cannot parse resource values from input: 0\\n0"
