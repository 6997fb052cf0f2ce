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
    text = converted.read_text(encoding="utf-8")
    # the brief first, then the pictures, the routing table, every finding, and the checklist last
    order = [
        "<h2>Migration brief</h2>",
        '<div class="panels">',
        "<h2>Routing:",
        "<h2>Every finding",
        "<h2>Cutover",
    ]
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)


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


def convert_page(*args: str) -> str:
    result = run_fsctl(
        "convert", "samples/fair/departments.xml", "--yarn-site", "samples/yarn-site.xml", "--dry-run",
        "--cluster", "memory-mb=1024000, vcores=1000", *args, "--format", "html", cwd=str(ROOT),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_convert_page_has_the_brief_routing_and_findings_by_code() -> None:
    html = convert_page("--demand", "samples/demand/departments.yaml")
    brief = html.split('<section class="brief">', 1)[1].split("</section>", 1)[0]
    # the guarantees and limits, and the allocation under the snapshot's load on both sides
    assert "17 changes in 4 of 4 teams" in brief
    assert "<th>Fair under this load</th><th>Capacity under this load</th>" in brief
    # the after picture has the allocation under the same load, as the converted files place it
    after = html.split('<section class="panel">', 3)[2]
    assert 'data-measure="allocated"' in after and "allocated under load" in after
    assert '<tr class="major"><td class="level">MAJOR</td><td>root.qa.p2</td><td>guaranteed</td>' in brief
    assert (
        "CV202 min-resources-not-converted: &lt;minResources&gt; line 52 -&gt; root.qa.p2.capacity=1.0w"
        in brief
    )
    # the routing table: each application, where each scheduler puts it and why
    routing = html.split('<section class="routing">', 1)[1].split("</section>", 1)[0]
    assert routing.count("<tr><td>submitted to ") == 6 and "specified: root.qa is not a leaf queue" in routing
    # every finding, grouped by code, each group collapsible with its count
    groups = re.findall(
        r'<details class="group"( open)?><summary><span class="sev (\w+)">\w+</span> (CV\d+|RT\d+)', html
    )
    codes = [code for _, _, code in groups]
    assert len(codes) == len(set(codes)) and "CV202" in codes and "RT201" in codes
    assert re.search(r"CV202 min-resources-not-converted <span class=count>13</span>", html)
    assert not any(opened for opened, _, _ in groups)  # no error: all start closed
    assert '<ul class="checklist">' in html


def test_the_fair_guarantee_is_drawn_and_maximums_compare_like_with_like(tmp_path: Path) -> None:
    html = convert_page()
    before = html.split('<section class="panel">', 2)[1]
    # the Fair panel's guaranteed picture: root holds the whole cluster, the queues their min shares
    guaranteed = before.split('data-measure="guaranteed"', 1)[1].split("</svg>", 1)[0]
    assert "<title>root: guaranteed 100.0% (root has the whole cluster)</title>" in guaranteed
    assert re.search(
        r'<title>root\.qa: guaranteed 40\.0%</title><rect x="0\.0" y="26" width="239\.0"', guaranteed
    )
    # the effective maximum: p0 has no limit of its own, qa's 60% binds it (configured: in the tooltip)
    assert 'title="maximum; no maxResources of its own"' in before
    assert "<title>root.qa.p0: maximum 60.0% (no maxResources of its own)</title>" in before
    after = html.split('<section class="panel">', 2)[2]
    assert (
        "<title>root.qa.p0: maximum 60.0% (configured maximum-capacity 100% of its parent)</title>" in after
    )


def test_the_simulate_page_keeps_demand_usage_and_starvation(tmp_path: Path) -> None:
    html = page(
        "simulate", "samples/fair/departments.xml", "--demand", "samples/demand/departments.yaml",
        "--yarn-site", "samples/yarn-site.xml", tmp_path=tmp_path,
    )  # fmt: skip
    assert (
        '<span class="load">demand</span><span class="load">usage</span><span class="load">starved</span>'
        in html
    )
    p0 = html.split('title="root.qa.p0">p0</span>', 1)[1].split("</div>", 1)[0]
    assert '<span class="load" title="demand (memory)">300 GB</span>' in p0
    assert '<span class="load" title="usage (memory)">150 GB</span>' in p0
    assert '<span class="load starved" title="starved (memory)">75.0 GB</span>' in p0
    # without a snapshot nothing is loaded: no such columns
    idle = page("simulate", "samples/fair/departments.xml", *BIG_CLUSTER, tmp_path=tmp_path, name="idle.html")
    assert 'class="load"' not in idle
