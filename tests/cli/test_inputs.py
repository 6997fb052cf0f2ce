"""Inputs: '-' is standard input; a directory is searched by name and content with the usual
excludes; every unreadable input of any kind exits 2, on every command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, allocations, configuration, run_fsctl

FAIR = allocations('<queue name="a.b"/>')
CAPACITY = configuration(
    {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100"}
)
SITE = configuration({"yarn.resourcemanager.scheduler.class": "fair"})


def run_with_stdin(data: bytes, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("GITHUB_ACTIONS", None)
    return subprocess.run(
        [sys.executable, "-m", "fsctl", *args], input=data, capture_output=True, env=env, timeout=120
    )


def test_dash_reads_standard_input() -> None:
    result = run_with_stdin(FAIR.encode(), "validate", "-")
    assert result.returncode == 1
    assert result.stdout.decode().startswith("-:3:1: FS101 error:")


def test_dash_for_simulate_and_diff() -> None:
    sample = (SAMPLES / "fair" / "departments.xml").read_bytes()
    shares = run_with_stdin(sample, "simulate", "-", "--cluster", "memory-mb=1024000, vcores=1000")
    assert shares.returncode == 0 and b"root.qa" not in shares.stderr and b"qa" in shares.stdout
    same = run_with_stdin(sample, "diff", "-", str(SAMPLES / "fair" / "departments.xml"))
    assert same.returncode == 0, same.stderr


def test_empty_standard_input_is_unreadable() -> None:
    result = run_with_stdin(b"", "validate", "-")
    assert result.returncode == 2 and b"XML002" in result.stdout


def make_tree(root: Path) -> None:
    files = {
        "conf/fair-scheduler.xml": FAIR,
        "conf/prod/queues.xml": CAPACITY,  # found by content
        "conf/yarn-site-prod.xml": SITE,  # found by name
        "conf/pom.xml": "<project/>",  # an unrelated XML file: left alone
        "conf/notes.txt": FAIR,  # not .xml
        ".git/fair-scheduler.xml": FAIR,
        ".venv/lib/fair-scheduler.xml": FAIR,
        "node_modules/x/capacity-scheduler.xml": CAPACITY,
        "build/fair-scheduler.xml": FAIR,
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_a_directory_is_searched_by_name_and_content(tmp_path: Path) -> None:
    make_tree(tmp_path)
    result = run_fsctl("validate", str(tmp_path), "--format", "json")
    doc = json.loads(result.stdout)
    found = [os.path.relpath(f["path"], tmp_path) for f in doc["files"]]
    assert found == ["conf/fair-scheduler.xml", "conf/yarn-site-prod.xml", "conf/prod/queues.xml"]
    assert result.returncode == 1  # the FS101 in conf/fair-scheduler.xml


def test_a_directory_without_scheduler_files_is_unreadable_input(tmp_path: Path) -> None:
    (tmp_path / "pom.xml").write_text("<project/>")
    result = run_fsctl("lint", str(tmp_path))
    assert result.returncode == 2
    assert result.stdout.startswith(f"{tmp_path}: XML001 error: is a directory holding no scheduler")


def test_a_fair_file_given_as_yarn_site_is_refused_everywhere(write) -> None:  # type: ignore[no-untyped-def]
    fair = str(SAMPLES / "fair" / "departments.xml")
    site = write("yarn-site.xml", allocations('<queue name="a"/>'))
    cluster = ("--cluster", "memory-mb=102400, vcores=100")
    runs = {
        "validate": run_fsctl("validate", fair, "--yarn-site", site),
        "lint": run_fsctl("lint", fair, "--yarn-site", site),
        "simulate": run_fsctl("simulate", fair, "--yarn-site", site, *cluster),
        "convert": run_fsctl("convert", fair, "--yarn-site", site, "--dry-run"),
        "diff": run_fsctl("diff", fair, fair, "--yarn-site", site),
        "generate": run_fsctl(
            "generate",
            str(SAMPLES / "ratios" / "team.yaml"),
            "--target",
            "fair",
            "--yarn-site",
            site,
            *cluster,
        ),
    }
    for command, result in runs.items():
        assert result.returncode == 2, (command, result.stdout, result.stderr)
        assert "not a yarn-site.xml" in result.stdout + result.stderr, command
        assert "Traceback" not in result.stderr, command


@pytest.mark.parametrize("command", ["validate", "lint", "simulate", "convert", "diff"])
def test_hadoop_version_is_one_of_the_supported_releases(command: str) -> None:
    fair = str(SAMPLES / "fair" / "departments.xml")
    args = {
        "diff": [fair, fair],
        "convert": [fair, "--dry-run"],
        "simulate": [fair, "--cluster", "memory-mb=1,vcores=1"],
    }
    result = run_fsctl(command, *args.get(command, [fair]), "--hadoop-version", "9.9")
    assert result.returncode == 2
    assert "'9.9' is not one of '3.4', '3.3', '3.2', '3.1', '2'" in result.stderr


def test_hadoop_version_in_pyproject_is_checked(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.fsctl]\nhadoop-version = "9.9"\n')
    (tmp_path / "f.xml").write_text(allocations(""))
    result = run_fsctl("validate", "f.xml", cwd=str(tmp_path))
    assert result.returncode == 2 and "hadoop-version" in result.stderr


def test_convert_print_with_an_output_directory_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_fsctl("convert", str(SAMPLES / "fair" / "departments.xml"), "--print", "-o", str(out))
    assert result.returncode == 2
    assert "--print and -o DIR exclude each other" in result.stderr
    assert not out.exists() and result.stdout == ""
