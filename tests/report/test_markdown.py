"""``--format markdown``: the pull-request comments of diff, simulate and convert, against golden
files (``FSCTL_REGENERATE=1 pytest tests/report`` rewrites them; review the diff)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from fsctl.report.markdown import COMMENT_LIMIT, MAX_ROWS, cell, code_spans, table
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


def test_convert_leads_with_the_brief_then_every_finding() -> None:
    text = (GOLDEN / "convert.md").read_text(encoding="utf-8")
    order = [
        "migration brief",
        "#### What changes",
        "#### What is not carried over",
        "#### Cutover checklist",
    ]
    order += ["#### Every finding", "#### Shares before and after"]
    positions = [text.index(heading) for heading in order]
    assert positions == sorted(positions)
    assert "| CV303 warning |" in text
    # an element name is a code span, which a renderer shows (a bare <minResources> is swallowed as html)
    assert (
        "`<minResources>`" in text
        and "`<defaultMinSharePreemptionTimeout>300</defaultMinSharePreemptionTimeout>`" in text
    )
    assert not re.search(r"(?<!`)<minResources>", text)


def test_cells_escape_pipes_and_long_tables_are_cut() -> None:
    assert cell("a|b\nc") == "a\\|b c"
    assert cell(None) == "–"
    rows = [[str(i)] for i in range(MAX_ROWS + 3)]
    text = table(["n"], rows)
    assert text.count("\n| ") == MAX_ROWS and "and 3 more rows" in text


def test_convert_stays_under_the_comment_limit_brief_first(tmp_path: Path) -> None:
    from bench.configs import fair_xml, tree

    big = tmp_path / "fair-scheduler.xml"
    big.write_text(fair_xml(tree("wide", 3_000)), encoding="utf-8")
    result = run_fsctl(
        "convert",
        str(big),
        "--dry-run",
        "--cluster",
        "memory-mb=10240000, vcores=10000",
        "--format",
        "markdown",
    )
    assert result.returncode in (0, 1), result.stderr
    text = result.stdout
    assert len(text) <= COMMENT_LIMIT
    assert text.index("migration brief") < text.index("#### Teams")
    note = re.search(r"_Cut to stay under GitHub's 65,536-character comment limit: (.*) not shown\. ", text)
    assert note and re.search(r"\d+ (changes|findings|share rows)", note.group(1))
    assert f"`fsctl convert {big} … --format text` (or `json`)" in text


def test_element_names_become_code_spans() -> None:
    assert code_spans("Setting <minResources> (1) of q") == "Setting `<minResources>` (1) of q"
    assert code_spans("<weight>2.0</weight> and </x>") == "`<weight>2.0</weight>` and `</x>`"
    assert code_spans("a < b > c") == "a < b > c"  # not a tag
    assert cell("<a>`x`</a> | y") == "`` <a>`x`</a> `` \\| y"
