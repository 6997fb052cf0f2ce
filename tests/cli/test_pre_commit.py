"""The hooks of .pre-commit-hooks.yaml, run by a real `pre-commit run` in a temporary repository.

The hook definitions are taken from our .pre-commit-hooks.yaml as they are, with the language
switched to `system` so the installed fsctl runs them (no network, no separate hook environment).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, allocations, skip_locally_fail_under_ci

GOOD = allocations('  <queue name="analytics"><weight>2.0</weight></queue>\n  <queue name="default"/>')
BAD = allocations('  <queue name="analytics.batch"/>')


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    if shutil.which("git") is None:
        skip_locally_fail_under_ci("git is not installed")
    git(tmp_path, "init", "-q")
    git(tmp_path, "config", "user.email", "ci@example.invalid")
    git(tmp_path, "config", "user.name", "ci")
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    for hook in hooks:
        hook["language"] = "system"
        hook["entry"] = f"{sys.executable} -m fsctl {hook['entry'].split(' ', 1)[1]}"
    config = {"repos": [{"repo": "local", "hooks": hooks}]}
    (tmp_path / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    return tmp_path


def pre_commit(repo: Path, *files: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(repo / ".cache"), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--files", *files],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_passing_file(repo: Path) -> None:
    (repo / "fair-scheduler.xml").write_text(GOOD)
    git(repo, "add", ".")
    result = pre_commit(repo, "fair-scheduler.xml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fsctl validate" in result.stdout and "Passed" in result.stdout


def test_failing_file(repo: Path) -> None:
    (repo / "fair-scheduler.xml").write_text(BAD)
    git(repo, "add", ".")
    result = pre_commit(repo, "fair-scheduler.xml")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Failed" in result.stdout
    assert "fair-scheduler.xml:3:3: FS101" in result.stdout  # the finding is located


def test_other_xml_files_are_not_checked(repo: Path) -> None:
    (repo / "pom.xml").write_text("<project/>")
    git(repo, "add", ".")
    result = pre_commit(repo, "pom.xml")
    assert result.returncode == 0
    assert "no files to check" in result.stdout.lower()
