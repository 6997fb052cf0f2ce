"""ruff and mypy are part of the test suite: the code base stays clean (STYLE, issue 2 §1)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, skip_locally_fail_under_ci


def tool(name: str) -> str:
    candidate = Path(sys.executable).parent / name
    found = str(candidate) if candidate.exists() else shutil.which(name)
    if found is None:
        skip_locally_fail_under_ci(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [tool("ruff"), "check", "fsctl", "tests", "bench"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run([tool("mypy")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
