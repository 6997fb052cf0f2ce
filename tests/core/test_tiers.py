"""The two test tiers: the default run is JVM-free, ``pytest -m hadoop`` is the differential tier,
and every test module in ``tests/oracle/`` lands in that tier by folder, without a marker of its own,
unless it says it is ``jvm_free``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.oracle.lines import LINES

ORACLE_TESTS = ROOT / "tests" / "oracle"
JVM_FREE = {"test_recorded.py", "test_oracle_client.py"}


def pytest_run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def collected_modules(*args: str) -> set[str]:
    result = pytest_run("--collect-only", *args, "tests/oracle")
    assert result.returncode == 0, result.stdout + result.stderr
    return {Path(line.split("::")[0]).name for line in result.stdout.splitlines() if "::" in line}


def test_the_default_run_leaves_every_differential_test_out() -> None:
    assert collected_modules() == JVM_FREE


def test_every_other_module_in_tests_oracle_is_the_differential_tier() -> None:
    every_module = {p.name for p in ORACLE_TESTS.glob("test_*.py")}
    assert collected_modules("-m", "hadoop") == every_module - JVM_FREE


def without_java(tmp_path: Path, ci: str) -> dict[str, str]:
    """This environment with an empty PATH (no java, no mvn) and ``CI`` as given."""
    (tmp_path / "bin").mkdir(exist_ok=True)
    return {**os.environ, "PATH": str(tmp_path / "bin"), "CI": ci}


DIFFERENTIAL = "tests/oracle/test_fair_differential.py::test_generated_allocation_files"


def test_without_java_the_differential_tier_fails_under_ci_in_setup(tmp_path: Path) -> None:
    # in setup: before Hypothesis draws a single example, so there is nothing to shrink
    result = pytest_run("-m", "hadoop", "-rE", DIFFERENTIAL, env=without_java(tmp_path, "true"))
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{len(LINES)} errors" in result.stdout, result.stdout  # one per Hadoop line
    assert "ERROR at setup" in result.stdout and "needs java and mvn on PATH" in result.stdout, result.stdout


def test_without_java_the_differential_tier_skips_locally(tmp_path: Path) -> None:
    result = pytest_run("-m", "hadoop", "-rs", DIFFERENTIAL, env=without_java(tmp_path, ""))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(LINES)} skipped" in result.stdout and "needs java and mvn on PATH" in result.stdout, (
        result.stdout
    )
