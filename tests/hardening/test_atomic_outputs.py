"""convert and generate write atomically: killed mid-write they leave the old file or the new one,
never a partial one; their inputs are never modified; an existing output needs --force."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, run_fsctl
from tests.hardening.cli_batch import run_many

CLUSTER = "memory-mb=102400, vcores=100"
FAIR = SAMPLES / "fair" / "departments.xml"
SITE = SAMPLES / "yarn-site.xml"
RATIOS = SAMPLES / "ratios" / "departments.yaml"
OLD = b"<old/>\n"

#: run the real CLI in a child whose fsync (called once the data is in the temporary file, before the
#: rename) announces itself and then hangs, so the test can kill it at the worst moment
SLOW_WRITER = """
import sys, time
from fsctl.io import fileio
real = fileio.os.fsync
def slow(fd):
    print("writing", flush=True)
    time.sleep(60)
    real(fd)
fileio.os.fsync = slow
sys.argv = ["fsctl", *sys.argv[1:]]
from fsctl.cli import main
main()
"""


def digest(*paths: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def kill_mid_write(args: list[str]) -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOW_WRITER, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
    )
    assert proc.stdout is not None
    try:
        deadline = time.monotonic() + 30
        line = b""
        while time.monotonic() < deadline and not line.startswith(b"writing"):
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "fsctl ended before writing"
        assert line.startswith(b"writing")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def reference(args: list[str], tmp_path: Path, name: str) -> dict[str, bytes]:
    """The complete output of an uninterrupted run, to tell a partial file from a whole one."""
    folder = tmp_path / f"reference-{name}"
    result = run_fsctl(*[str(folder) if a == "{out}" else a for a in args])
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return {p.name: p.read_bytes() for p in folder.iterdir()} if folder.is_dir() else {}


def test_convert_killed_mid_write_leaves_old_or_new_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    for name in ("capacity-scheduler.xml", "yarn-site.xml"):
        (out / name).write_bytes(OLD)
    inputs = digest(FAIR, SITE)
    args = ["convert", str(FAIR), "--yarn-site", str(SITE), "-o", "{out}", "--force", "--fail-on", "error"]
    complete = reference(args, tmp_path, "convert")
    assert set(complete) == {"capacity-scheduler.xml", "yarn-site.xml"}
    kill_mid_write([str(out) if a == "{out}" else a for a in args])
    for name, new in complete.items():
        assert (out / name).read_bytes() in (OLD, new), name
    assert (out / "capacity-scheduler.xml").read_bytes() == OLD  # killed while writing the first file
    assert digest(FAIR, SITE) == inputs
    # the interrupted run leaves at most its temporary file, which is never a destination name
    assert {p.name for p in out.iterdir()} - set(complete) <= {
        p.name for p in out.iterdir() if p.name.startswith(".fsctl-") and p.name.endswith(".tmp")
    }


def test_generate_killed_mid_write_leaves_old_or_new_file(tmp_path: Path) -> None:
    out = tmp_path / "fair-scheduler.xml"
    out.write_bytes(OLD)
    inputs = digest(RATIOS)
    args = ["generate", str(RATIOS), "--cluster", CLUSTER, "--target", "fair", "-o", str(out), "--force"]
    kill_mid_write(args)
    assert out.read_bytes() == OLD
    assert digest(RATIOS) == inputs
    result = run_fsctl(*args)
    assert result.returncode == 0, result.stderr
    new = out.read_bytes()
    assert new.startswith(b"<?xml") and new.endswith(b"</allocations>\n")
    kill_mid_write(args)
    assert out.read_bytes() == new


def test_generate_needs_force_to_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "capacity-scheduler.xml"
    out.write_bytes(OLD)
    args = ["generate", str(RATIOS), "--cluster", CLUSTER, "--target", "capacity", "-o", str(out)]
    result = run_fsctl(*args)
    assert result.returncode == 2
    assert f"{out}: exists; use --force" in result.stderr
    assert out.read_bytes() == OLD
    result = run_fsctl(*args, "--force")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() != OLD and out.read_bytes().endswith(b"</configuration>\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["capacity-scheduler.xml"]


@pytest.mark.parametrize("existing", ["capacity-scheduler.xml", "yarn-site.xml", "mapping-rules.json"])
def test_convert_needs_force_to_overwrite_any_output(tmp_path: Path, existing: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / existing).write_bytes(OLD)
    args = ["convert", str(FAIR), "-o", str(out), "--rules-to-file", "--fail-on", "error"]
    result = run_fsctl(*args)
    assert result.returncode == 2
    assert f"{out / existing}: exists; use --force" in result.stderr
    assert sorted(p.name for p in out.iterdir()) == [existing]  # nothing else written either
    assert (out / existing).read_bytes() == OLD
    result = run_fsctl(*args, "--force")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (out / existing).read_bytes() != OLD
    assert sorted(p.name for p in out.iterdir()) == [
        "capacity-scheduler.xml",
        "mapping-rules.json",
        "yarn-site.xml",
    ]


def test_inputs_are_never_modified(tmp_path: Path) -> None:
    fair = tmp_path / "fair-scheduler.xml"
    fair.write_bytes(FAIR.read_bytes())
    site = tmp_path / "site" / "yarn-site.xml"
    site.parent.mkdir()
    site.write_bytes(SITE.read_bytes())
    ratios = tmp_path / "ratios.yaml"
    ratios.write_bytes(RATIOS.read_bytes())
    rules = tmp_path / "conversion.properties"
    rules.write_text("maxCapacityPercentage.action=warning\n")
    inputs = [fair, site, ratios, rules]
    before = digest(*inputs)
    stamps = {p: p.stat().st_mtime_ns for p in inputs}
    runs = [
        [
            "convert",
            str(fair),
            "--yarn-site",
            str(site),
            "--rules",
            str(rules),
            "-o",
            str(tmp_path / "out"),
            "-e",
        ],
        ["convert", str(fair), "--yarn-site", str(site), "-o", str(tmp_path / "out"), "--force"],
        ["convert", str(fair), "--print"],
        ["convert", str(fair), "--dry-run"],
        [
            "generate",
            str(ratios),
            "--target",
            "fair",
            "--yarn-site",
            str(site),
            "-o",
            str(tmp_path / "g.xml"),
        ],
        ["generate", str(ratios), "--target", "capacity", "--cluster", CLUSTER],
        ["simulate", str(fair), "--cluster", CLUSTER],
        ["diff", str(fair), str(fair)],
    ]
    for result in run_many(runs):  # each a process of its own, started from one warm interpreter
        assert result.returncode in (0, 1), (result.args, result.stdout + result.stderr)
    assert digest(*inputs) == before
    assert {p: p.stat().st_mtime_ns for p in inputs} == stamps


@pytest.mark.parametrize("victim", ["ratios", "yarn-site"])
def test_generate_never_writes_over_its_own_input(tmp_path: Path, victim: str) -> None:
    """``-o`` naming an input is a typo, not a wish: refused even with --force."""
    ratios = tmp_path / "ratios.yaml"
    ratios.write_bytes(RATIOS.read_bytes())
    site = tmp_path / "yarn-site.xml"
    site.write_bytes(SITE.read_bytes())
    target = ratios if victim == "ratios" else site
    before = digest(ratios, site)
    result = run_fsctl(
        "generate", str(ratios), "--target", "fair", "--yarn-site", str(site), "-o", str(target), "--force"
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert digest(ratios, site) == before


def test_convert_never_writes_over_its_own_input(tmp_path: Path) -> None:
    """The Fair file itself named capacity-scheduler.xml in the output directory."""
    fair = tmp_path / "capacity-scheduler.xml"
    fair.write_bytes(FAIR.read_bytes())
    before = digest(fair)
    result = run_fsctl("convert", str(fair), "-o", str(tmp_path), "--force", "--fail-on", "error")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert digest(fair) == before
