"""``fsctl diff`` in every format: the DESIGN.md §2 JSON, SARIF, GitHub annotations, and -o FILE."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import ROOT, SAMPLES, run_fsctl

OLD = str(ROOT / "tests" / "data" / "diff" / "fair-old.xml")
NEW = str(ROOT / "tests" / "data" / "diff" / "fair-new.xml")
CLUSTER = ("--cluster", "memory-mb=102400, vcores=100")


def test_json_is_the_design_shape() -> None:
    result = run_fsctl("diff", OLD, NEW, *CLUSTER, "--format", "json")
    doc = json.loads(result.stdout)
    assert result.returncode == 1
    assert set(doc) == {"version", "changes"} and doc["version"] == 1
    for change in doc["changes"]:
        assert list(change) == ["kind", "queue", "property", "old", "new", "effect"]
        assert change["kind"] in ("added", "removed", "changed", "moved")


def test_sarif_has_a_result_per_change() -> None:
    changes = json.loads(run_fsctl("diff", OLD, NEW, "--format", "json").stdout)["changes"]
    result = run_fsctl("diff", OLD, NEW, "--format", "sarif")
    sarif = json.loads(result.stdout)
    assert result.returncode == 1 and sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules == sorted({f"diff/{c['kind']}" for c in changes})
    assert len(run["results"]) == len(changes)
    for res, change in zip(run["results"], changes, strict=True):
        assert res["ruleId"] == f"diff/{change['kind']}" and rules[res["ruleIndex"]] == res["ruleId"]
        assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == NEW
        assert res["level"] in ("note", "warning")


def test_github_annotations_point_at_the_new_file() -> None:
    result = run_fsctl("diff", OLD, NEW, *CLUSTER, "--format", "github")
    lines = result.stdout.splitlines()
    assert result.returncode == 1 and lines
    assert all(line.startswith(("::notice file=", "::warning file=")) for line in lines)
    assert any(
        "title=root.ads steadyFairShare::~ steady fair share 50.0%25 -> 33.3%25" in line for line in lines
    )


def test_unexpected_migration_differences_are_warnings() -> None:
    fair = str(SAMPLES / "fair" / "departments.xml")
    capacity = str(SAMPLES / "capacity" / "departments.xml")
    lines = run_fsctl("diff", fair, capacity, "--format", "github").stdout.splitlines()
    expected = [line for line in lines if "(expected from the conversion)" in line]
    assert expected and all(line.startswith("::notice ") for line in expected)
    assert any(line.startswith("::warning ") for line in lines)


def test_auto_is_github_under_actions() -> None:
    result = run_fsctl("diff", OLD, NEW, env={"GITHUB_ACTIONS": "true"})
    assert result.stdout.startswith("::")


def test_output_file_is_written_once_and_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "diff.json"
    first = run_fsctl("diff", OLD, NEW, "--format", "json", "-o", str(out))
    assert (first.returncode, first.stdout) == (1, "")
    assert json.loads(out.read_text())["version"] == 1
    again = run_fsctl("diff", OLD, NEW, "--format", "json", "-o", str(out))
    assert again.returncode == 2 and "--force" in again.stderr
    assert run_fsctl("diff", OLD, NEW, "--format", "json", "-o", str(out), "--force").returncode == 1
    onto_input = run_fsctl("diff", OLD, NEW, "-o", NEW, "--force")
    assert onto_input.returncode == 2 and "is an input" in onto_input.stderr
