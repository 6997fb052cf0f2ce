"""``--format html``: one self-contained page (nothing fetched), an SVG of the queue tree sized by
share, a tree collapsed below a depth, identical run to run, readable at 10,000 queues."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.configs import fair_xml, tree
from fsctl.report.html import SVG_DEPTH, percent
from tests.conftest import ROOT, SAMPLES, run_fsctl

BIG_CLUSTER = ("--cluster", "memory-mb=10240000, vcores=10000")


def page(*args: str, tmp_path: Path, name: str = "page.html") -> str:
    out = tmp_path / name
    result = run_fsctl(*args, "--format", "html", "-o", str(out), cwd=str(ROOT))
    assert result.returncode in (0, 1), result.stderr
    assert result.stdout == ""
    return out.read_text(encoding="utf-8")


def assert_self_contained(html: str) -> None:
    assert html.startswith("<!DOCTYPE html>")
    assert not re.search(r"(?i)\b(src|href)\s*=", html), "nothing is loaded from anywhere"
    assert "http://" not in html and "https://" not in html.replace("http-equiv", "")
    assert "default-src 'none'" in html  # and the browser is told so


def measures(html: str) -> list[str]:
    return re.findall(r'<svg class="icicle" data-measure="(\w+)"', html)


def test_simulate_page_draws_every_share_of_a_fair_tree(tmp_path: Path) -> None:
    html = page(
        "simulate",
        "samples/fair/departments.xml",
        "--demand",
        "samples/demand/departments.yaml",
        tmp_path=tmp_path,
    )
    assert_self_contained(html)
    assert measures(html) == ["steady", "instantaneous", "guaranteed", "maximum"]
    # the widths follow the shares: qa has 40% of the cluster, so 40% of the 960-pixel row
    assert re.search(
        r'<title>root\.qa: steady fair share 40\.0%</title><rect x="0\.0" y="26" width="383\.0"', html
    )
    assert 'aria-label="queue tree sized by steady fair share"' in html
    assert '<span class="fig">40.0%</span>' in html  # every bar has its figure as text


def test_capacity_page_draws_guaranteed_and_maximum(tmp_path: Path) -> None:
    html = page("simulate", "samples/capacity/departments.xml", *BIG_CLUSTER, tmp_path=tmp_path)
    assert measures(html) == ["guaranteed", "maximum"]


def test_convert_and_diff_pages_show_before_and_after(tmp_path: Path) -> None:
    fair = "samples/fair/departments.xml"
    converted = tmp_path / "convert.html"
    result = run_fsctl(
        "convert",
        fair,
        "--dry-run",
        "--cluster",
        "memory-mb=1024000, vcores=1000",
        "--format",
        "html",
        cwd=str(ROOT),
    )
    converted.write_text(result.stdout, encoding="utf-8")
    for html in (
        converted.read_text(encoding="utf-8"),
        page("diff", fair, "samples/capacity/departments.xml", tmp_path=tmp_path),
    ):
        assert_self_contained(html)
        headings = re.findall(r'<section class="panel"><h2>([^<]*)</h2>', html)
        assert [h.split(":")[0] for h in headings] == ["before", "after"]
        # no demand snapshot: no queue is active, so no instantaneous share is drawn
        assert measures(html) == ["steady", "guaranteed", "maximum", "guaranteed", "maximum"]
    assert "What the migration drops or changes" in converted.read_text(encoding="utf-8")


def test_the_page_is_identical_run_to_run(tmp_path: Path) -> None:
    args = (
        "diff",
        "tests/data/diff/fair-old.xml",
        "tests/data/diff/fair-new.xml",
        "--cluster",
        "memory-mb=102400, vcores=100",
    )
    assert page(*args, tmp_path=tmp_path, name="a.html") == page(*args, tmp_path=tmp_path, name="b.html")


def test_ten_thousand_queues_stay_readable(tmp_path: Path) -> None:
    big = tmp_path / "fair-scheduler.xml"
    big.write_text(fair_xml(tree("wide", 10_000)), encoding="utf-8")
    html = page("simulate", str(big), *BIG_CLUSTER, tmp_path=tmp_path)
    rows = html.count('class="leaf row"') + html.count('<summary class="row">')
    assert rows >= 9_800  # every queue is in the tree...
    # ...but only the root starts open: its 244 children already fill the view
    assert html.count("<details open>") == 1
    # the departments (0.4% each, under 4 pixels) are one block in the picture, with a count
    assert ">+244 queues 100.0%</text>" in html
    assert ">+244 queues</text>" in html  # maximums overlap: no sum
    # the picture draws at most SVG_DEPTH levels and only blocks wide enough to see
    rects = html.count("<rect ")
    assert rects < 4 * 1000, rects
    depths = {int(d) for d in re.findall(r'<g class="q d(\d)">', html)}
    assert max(depths) < SVG_DEPTH
    assert len(html) < 12_000_000


def test_unwritable_output_is_exit_2(tmp_path: Path) -> None:
    result = run_fsctl(
        "simulate",
        str(SAMPLES / "fair" / "departments.xml"),
        *BIG_CLUSTER,
        "--format",
        "html",
        "-o",
        str(tmp_path / "missing" / "page.html"),
    )
    assert result.returncode == 2 and "cannot write" in result.stderr


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_simulate_writes_no_file_over_an_existing_one(tmp_path: Path, fmt: str) -> None:
    out = tmp_path / "report"
    out.write_text("keep")
    result = run_fsctl(
        "simulate", str(SAMPLES / "fair" / "departments.xml"), *BIG_CLUSTER, "--format", fmt, "-o", str(out)
    )
    assert result.returncode == 2 and out.read_text() == "keep"


def test_a_small_tree_starts_fully_open(tmp_path: Path) -> None:
    html = page("simulate", "samples/fair/departments.xml", *BIG_CLUSTER, tmp_path=tmp_path)
    assert html.count("<details open>") == html.count("<details") == 4  # root, qa, qb, qc


def test_tiny_shares_are_not_shown_as_zero() -> None:
    assert (percent(0.0004), percent(0.0), percent(None), percent(0.125)) == ("<0.1%", "0.0%", "–", "12.5%")
