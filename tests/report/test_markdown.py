"""``--format markdown``: the pull-request comments of diff, simulate and convert, against golden
files (``FSCTL_REGENERATE=1 pytest tests/report`` rewrites them; review the diff)."""

from __future__ import annotations

import os

import pytest

from fsctl.report.markdown import MAX_ROWS, cell, table
from tests.conftest import ROOT, run_fsctl

GOLDEN = ROOT / "tests" / "data" / "report"
CLUSTER = "memory-mb=102400, vcores=100"

CASES = {
    "diff-fair.md": (
        ["diff", "tests/data/diff/fair-old.xml", "tests/data/diff/fair-new.xml", "--cluster", CLUSTER],
        1,
    ),
    "diff-migration.md": (["diff", "samples/fair/departments.xml", "samples/capacity/departments.xml"], 1),
    "simulate-fair.md": (
        [
            "simulate",
            "samples/fair/departments.xml",
            "--demand",
            "samples/demand/departments.yaml",
            "--yarn-site",
            "samples/yarn-site.xml",
        ],
        0,
    ),
    "simulate-capacity.md": (
        ["simulate", "samples/capacity/departments.xml", "--cluster", "memory-mb=1024000, vcores=1000"],
        0,
    ),
    "convert.md": (
        [
            "convert",
            "samples/fair/departments.xml",
            "--yarn-site",
            "samples/yarn-site.xml",
            "--dry-run",
            "--cluster",
            "memory-mb=1024000, vcores=1000",
        ],
        0,  # converted: the warnings are the review list
    ),
}


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("FSCTL_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize("name", sorted(CASES))
def test_markdown_matches_its_golden_file(name: str) -> None:
    args, code = CASES[name]
    result = run_fsctl(*args, "--format", "markdown", cwd=str(ROOT))
    assert result.returncode == code, result.stderr
    check_golden(name, result.stdout)


def test_diff_leads_with_who_gains_or_loses_share() -> None:
    text = (GOLDEN / "diff-fair.md").read_text(encoding="utf-8")
    assert text.index("#### Who gains or loses share") < text.index("#### Changes")
    assert "| root.ads | steadyFairShare | 50.0% | 33.3% | -16.7 pts |" in text


def test_convert_leads_with_what_the_migration_drops() -> None:
    text = (GOLDEN / "convert.md").read_text(encoding="utf-8")
    assert "#### What the migration drops or changes" in text
    assert "| CV303 warning |" in text and "#### Shares before and after" in text


def test_cells_escape_pipes_and_long_tables_are_cut() -> None:
    assert cell("a|b\nc") == "a\\|b c"
    assert cell(None) == "–"
    rows = [[str(i)] for i in range(MAX_ROWS + 3)]
    text = table(["n"], rows)
    assert text.count("\n| ") == MAX_ROWS and "and 3 more rows" in text
