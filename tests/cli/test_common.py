"""Behaviour every command shares: exit codes, no tracebacks, the rule catalogue, pre-commit hooks."""

from __future__ import annotations

import json
from pathlib import Path

from fsctl import catalogue
from fsctl.commands import hooks
from tests.conftest import ROOT, run_fsctl


def test_help_lists_every_command() -> None:
    result = run_fsctl("--help")
    assert result.returncode == 0
    for name in ("validate", "lint", "simulate", "convert", "diff", "generate", "rules"):
        assert name in result.stdout


def test_unknown_option_is_a_usage_error() -> None:
    result = run_fsctl("validate", "--no-such-option", "x.xml")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr


def test_missing_file_exits_2_with_one_located_line(tmp_path: Path) -> None:
    missing = tmp_path / "nope.xml"
    result = run_fsctl("validate", str(missing))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    assert f"{missing}: XML001 error: cannot read" in result.stdout


def test_unknown_format(write) -> None:  # type: ignore[no-untyped-def]
    path = write("x.xml", "<html><body/></html>\n")
    result = run_fsctl("validate", path, "--format", "json")
    doc = json.loads(result.stdout)
    assert result.returncode == 2
    (diag,) = doc["files"][0]["diagnostics"]
    assert (diag["code"], diag["line"], diag["column"]) == ("XML004", 1, 1)


def test_rules_catalogue_is_consistent() -> None:
    listed = catalogue.all_rules()
    assert len({r.code for r in listed}) == len(listed)
    assert len({r.name for r in listed}) == len(listed)
    for r in listed:
        assert r.name == r.name.lower() and " " not in r.name and "_" not in r.name, r.code
        assert r.summary and r.summary != r.name, f"{r.code} needs a docstring"


def test_rules_command_lists_and_explains() -> None:
    listing = run_fsctl("rules")
    assert listing.returncode == 0
    assert "XML003" in listing.stdout
    one = run_fsctl("rules", "xml-entity-declared")
    assert one.returncode == 0
    assert one.stdout.startswith("XML003 xml-entity-declared (error")
    assert run_fsctl("rules", "NOPE999").returncode == 2


def test_pre_commit_hooks_file_is_generated_from_the_catalogue() -> None:
    assert (ROOT / ".pre-commit-hooks.yaml").read_text() == hooks.render()
