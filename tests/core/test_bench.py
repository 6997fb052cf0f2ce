"""bench/run.py judges what it measures: budgets, and runs that failed instead of measuring."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "run.py"


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("fsctl_bench_run", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    path = list(sys.path)  # it puts bench/ first on the path, for its configs module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]
        sys.path[:] = path


def test_budgets(bench: ModuleType) -> None:
    assert bench.budget(10_000, 4.9, 100.0, 3.0) == "ok"
    assert bench.budget(10_000, 5.1, 100.0, None) == "MISS >5x"
    assert bench.budget(100_000, 9.0, 1100.0, 10.5) == "MISS >=1024 MB, growth >10x"


def test_a_run_that_failed_is_no_measurement(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    crashed = bench.Run(0.01, 0.01, 10.0, 2, "ModuleNotFoundError: No module named 'lxml'\n")
    assert bench.failed(crashed, (0,)) == "FAILED (exit 2)"
    assert "No module named 'lxml'" in capsys.readouterr().err
    differences = bench.Run(0.5, 0.5, 10.0, 1)
    assert bench.failed(differences, (0, 1)) is None  # diff's expected exit code


def test_a_python_without_fsctl_is_refused(bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    assert bench.usable_python() is None  # the test run's own Python has both
    monkeypatch.setattr(bench, "PY", "/bin/false")
    problem = bench.usable_python()
    assert problem is not None and problem.startswith("/bin/false cannot import lxml and fsctl")
