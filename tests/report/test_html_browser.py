"""The html page in a real browser: Debian's ``chromium``, headless. The page loads without a script
error and its script runs (``--dump-dom`` shows what the script wrote), and a screenshot shows a
picture, not a blank page.

Without chromium the tests skip locally and fail under CI (a non-empty ``CI``), where ``.ci/run``
installs it.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, configuration, run_fsctl, skip_locally_fail_under_ci

WINDOW = (1280, 900)


def chromium() -> str:
    found = shutil.which("chromium")
    if found is None:
        skip_locally_fail_under_ci(
            "chromium is not installed (apt-get install chromium; .ci/run installs it)"
        )
    return found


def browse(page: Path, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Chromium on ``page`` with the console logged to stderr."""
    command = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--enable-logging=stderr", "--v=0", f"--user-data-dir={profile}",
        f"--window-size={WINDOW[0]},{WINDOW[1]}", *args, page.resolve().as_uri(),
    ]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)


def script_errors(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in result.stderr.splitlines() if "CONSOLE" in line and "Uncaught" in line]


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows (RGB or RGBA bytes) of an 8-bit, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, chunks, header = 8, [], b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and interlace == 0 and colour in (2, 6), (depth, colour, interlace)
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(r) if channels == 3 else _rgb(r) for r in rows]


def _rgb(row: bytes) -> bytes:
    return b"".join(row[i : i + 3] for i in range(0, len(row), 4))


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("html")
    out = folder / "simulate.html"
    result = run_fsctl(
        "simulate", "samples/fair/departments.xml", "--demand", "samples/demand/departments.yaml",
        "--yarn-site", "samples/yarn-site.xml", "--format", "html", "-o", str(out), cwd=str(ROOT),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out


def test_the_page_loads_and_its_script_runs(report_page: Path, tmp_path: Path) -> None:
    result = browse(report_page, tmp_path / "profile", "--dump-dom")
    assert result.returncode == 0, result.stderr[-2000:]
    assert script_errors(result) == []
    assert 'data-rendered="yes"' in result.stdout  # written by the page's script, so it ran to the end
    assert '<span id="queue-count">14</span>' in result.stdout  # counted by the script from the tree


def test_a_script_error_would_be_caught(tmp_path: Path) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text('<!DOCTYPE html><html><body><script>throw new Error("boom")</script></body></html>')
    result = browse(broken, tmp_path / "profile", "--dump-dom")
    assert any("boom" in line for line in script_errors(result)), result.stderr[-2000:]


def test_a_screenshot_shows_the_picture(report_page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = browse(report_page, tmp_path / "profile", f"--screenshot={shot}")
    assert shot.is_file(), result.stderr[-2000:]
    assert script_errors(result) == []
    width, height, rows = png_pixels(shot.read_bytes())
    assert (width, height) == WINDOW
    colours = {row[x : x + 3] for row in rows[::8] for x in range(0, len(row), 24)}
    assert len(colours) > 20, "a blank or near-blank page"
    # the palette of the page is there: the icicle's blue and the steady share's bars
    near = {c for c in colours if abs(c[0] - 0x9E) < 12 and abs(c[1] - 0xCA) < 12 and abs(c[2] - 0xE1) < 12}
    assert near, "the root block of the icicle is not drawn"


def test_ten_thousand_queues_load_without_error(tmp_path: Path) -> None:
    from bench.configs import fair_xml, tree

    big = tmp_path / "fair-scheduler.xml"
    big.write_text(fair_xml(tree("wide", 10_000)), encoding="utf-8")
    out = tmp_path / "big.html"
    result = run_fsctl(
        "simulate",
        str(big),
        "--cluster",
        "memory-mb=10240000, vcores=10000",
        "--format",
        "html",
        "-o",
        str(out),
    )
    assert result.returncode == 0, result.stderr
    shown = browse(out, tmp_path / "profile", "--dump-dom")
    assert script_errors(shown) == []
    assert '<span id="queue-count">9965</span>' in shown.stdout  # every queue, counted by the script


#: every section opened (as "Expand all" does), then the page's width written where --dump-dom shows it
MEASURE_WIDTH = (
    "<script>document.querySelectorAll('details').forEach(function(d){d.open=true;});"
    "document.documentElement.setAttribute('data-width',"
    "String(document.documentElement.scrollWidth));</script></body>"
)


def page_width(page: Path, profile: Path, width: int) -> int:
    """The page's scroll width at a window ``width`` pixels wide, every section open (a script added
    to a copy measures it)."""
    measured = page.with_name("measured-" + page.name)
    measured.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE_WIDTH), encoding="utf-8")
    command = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        f"--user-data-dir={profile}", f"--window-size={width},900", "--dump-dom", measured.resolve().as_uri(),
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    found = re.search(r'data-width="(\d+)"', result.stdout)
    assert found, result.stderr[-2000:]
    return int(found.group(1))


def test_the_convert_page_does_not_overflow_at_1400_pixels(tmp_path: Path) -> None:
    from tests.convert.migration_files import migration_case

    case = migration_case(7)  # many findings, the routing of user queues
    fair, demand, site = tmp_path / "fair-scheduler.xml", tmp_path / "demand.yaml", tmp_path / "yarn-site.xml"
    fair.write_text(case.fair)
    demand.write_text(case.demand)
    # a finding that quotes a value without a space, wider than the window (CV303 names it)
    site.write_text(configuration({"yarn.scheduler.fair.update-interval-ms": "x" * 400}))
    for name, args in {
        "sample.html": ["samples/fair/departments.xml", "--yarn-site", "samples/yarn-site.xml"],
        "generated.html": [str(fair), "--demand", str(demand), "--yarn-site", str(site)],
    }.items():
        result = run_fsctl(
            "convert", *args, "--dry-run", "--cluster", "memory-mb=1024000, vcores=1000", "--format", "html",
            cwd=str(ROOT),
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        out = tmp_path / name
        out.write_text(result.stdout, encoding="utf-8")
        assert page_width(out, tmp_path / "profile", 1400) <= 1400, name
    # the measure can fail: a page with a 2,000-pixel table is wider than the window
    wide = tmp_path / "wide.html"
    wide.write_text(
        '<!DOCTYPE html><html><body><table style="width:2000px"><tr><td>x</td></tr></table></body></html>'
    )
    assert page_width(wide, tmp_path / "profile", 1400) > 1400
