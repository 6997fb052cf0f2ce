"""Shared fixtures: writing small scheduler files and running the CLI in-process or as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import settings


def under_ci() -> bool:
    """The one rule for CI everywhere in the tests: a non-empty ``CI`` variable (GitHub Actions,
    GitLab CI and most other runners set ``CI=true``; ``.ci/run`` is run with it)."""
    return bool(os.environ.get("CI"))


def skip_locally_fail_under_ci(reason: str) -> NoReturn:
    """A tool a test needs (git, chromium, ruff, Java and Maven) is missing: a skip with the reason on
    a developer's machine, a failure under CI, where ``.ci/run`` installs everything, so a green
    build has really run every test."""
    if under_ci():
        pytest.fail(f"{reason} (CI runs every test)")
    pytest.skip(reason)


# CI runs the property tests on a fixed seed, so a red build is reproducible and never a dice roll;
# locally they explore new examples on every run. No test is timed (speed is measured in bench/):
# Hypothesis's per-example deadline is off, or a loaded machine's first example (imports included)
# fails a test of behaviour.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.load_profile("ci" if under_ci() else "local")

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--hadoop-cases",
        type=int,
        default=120,
        help="generated cases per differential test against Hadoop (tests/oracle); "
        "a sweep: --hadoop-cases 10000",
    )


SAMPLES = ROOT / "samples"


def allocations(body: str) -> str:
    return f'<?xml version="1.0"?>\n<allocations>\n{body}\n</allocations>\n'


def configuration(props: dict[str, str]) -> str:
    rows = "\n".join(
        f"  <property>\n    <name>{k}</name>\n    <value>{v}</value>\n  </property>" for k, v in props.items()
    )
    return f'<?xml version="1.0"?>\n<configuration>\n{rows}\n</configuration>\n'


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str | bytes], str]:
    def _write(name: str, content: str | bytes) -> str:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return str(path)

    return _write


def run_fsctl(
    *args: str, cwd: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """fsctl as a user runs it: a separate process, no terminal, NO_COLOR set."""
    full_env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    full_env.update({"NO_COLOR": "1", **(env or {})})
    return subprocess.run(
        [sys.executable, "-m", "fsctl", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=full_env,
        timeout=120,
    )
