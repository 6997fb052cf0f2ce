"""Strict codes: a code, prefix or name no rule has is a usage error on the command line and in
[tool.fsctl], a located finding in an inline comment; names work wherever codes do; a comment that
silences nothing is reported; a load error cannot be hidden by a comment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fsctl.catalogue.selection import Selection, UnknownRuleError
from tests.conftest import allocations, run_fsctl

# FS101 (a load error) on line 3
BROKEN = allocations('<queue name="a.b"/>')


def findings(result) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    doc = json.loads(result.stdout)
    return [(d["code"], d["line"]) for f in doc["files"] for d in f["diagnostics"]]


@pytest.mark.parametrize("flag", ["--select", "--ignore"])
def test_unknown_code_on_the_command_line_is_a_usage_error(write, flag: str) -> None:  # type: ignore[no-untyped-def]
    result = run_fsctl("validate", flag, "ZZ999", write("f.xml", BROKEN))
    assert result.returncode == 2
    assert "ZZ999" in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""  # not "no problems found"


def test_unknown_code_in_pyproject_is_a_usage_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.fsctl]\nignore = ["FS1O1"]\n')
    (tmp_path / "f.xml").write_text(BROKEN)
    result = run_fsctl("validate", "f.xml", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "pyproject.toml: [tool.fsctl] ignore" in result.stderr and "FS1O1" in result.stderr


def test_unknown_code_for_convert_too(write) -> None:  # type: ignore[no-untyped-def]
    result = run_fsctl("convert", write("f.xml", allocations("")), "--dry-run", "--select", "CV9")
    assert result.returncode == 2 and "CV9" in result.stderr


def test_rule_names_work_wherever_codes_do(write) -> None:  # type: ignore[no-untyped-def]
    path = write("f.xml", allocations('<queue name="a.b"/>\n<frobnicate>1</frobnicate>'))
    by_name = run_fsctl("validate", path, "--format", "json", "--select", "queue-name-has-dot")
    assert [c for c, _ in findings(by_name)] == ["FS101"]
    ignored = run_fsctl("validate", path, "--format", "json", "--ignore", "unknown-top-level-element")
    assert [c for c, _ in findings(ignored)] == ["FS101"]


def test_selection_resolves_names_and_prefixes_and_refuses_the_rest() -> None:
    assert Selection.of(["queue-name-has-dot", "cs2", "all"]).select == ("FS101", "CS2", "")
    with pytest.raises(UnknownRuleError) as info:
        Selection.of(ignore=["FS101, nonsense"])
    assert info.value.token == "nonsense"


def test_unknown_code_in_a_comment_is_a_located_finding(write) -> None:  # type: ignore[no-untyped-def]
    body = '<!-- fsctl: disable=FS999 -->\n<queue name="a"/>'
    result = run_fsctl("validate", write("f.xml", allocations(body)), "--format", "json")
    assert (result.returncode, findings(result)) == (1, [("FX001", 3)])
    assert "FS999" in result.stdout


def test_a_comment_that_silences_nothing_is_reported(write) -> None:  # type: ignore[no-untyped-def]
    body = '<!-- fsctl: disable=unknown-top-level-element -->\n<queue name="a"/>'
    result = run_fsctl("validate", write("f.xml", allocations(body)), "--format", "json")
    assert findings(result) == [("FX002", 3)]


def test_a_lint_rule_comment_is_not_unused_under_validate(write) -> None:  # type: ignore[no-untyped-def]
    body = '<!-- fsctl: disable=FS305 -->\n<queue name="a"><frob/></queue>'
    path = write("f.xml", allocations(body))
    assert findings(run_fsctl("validate", path, "--format", "json")) == []
    assert findings(run_fsctl("lint", path, "--format", "json")) == []


def test_a_load_error_is_not_hidden_by_a_comment(write) -> None:  # type: ignore[no-untyped-def]
    for directive in ("disable=FS101", "disable=queue-name-has-dot", "disable-file=FS101"):
        body = f'<!-- fsctl: {directive} -->\n<queue name="a.b"/>'
        result = run_fsctl("validate", write("f.xml", allocations(body)), "--format", "json")
        assert result.returncode == 1, directive
        assert findings(result) == [("FX003", 3), ("FS101", 4)], directive


def test_a_load_error_is_left_out_when_asked_explicitly(write) -> None:  # type: ignore[no-untyped-def]
    body = '<!-- fsctl: disable=FS101 -->\n<queue name="a.b"/>'
    result = run_fsctl("validate", write("f.xml", allocations(body)), "--ignore", "FS101,FX003")
    assert result.returncode == 0


def test_disable_all_still_shows_load_errors_without_a_finding(write) -> None:  # type: ignore[no-untyped-def]
    body = '<!-- fsctl: disable=all -->\n<queue name="a.b"><frob/></queue>'
    result = run_fsctl("lint", write("f.xml", allocations(body)), "--format", "json")
    assert findings(result) == [("FS101", 4)]
