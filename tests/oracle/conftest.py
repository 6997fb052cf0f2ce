"""The differential tier: every test in this folder asks Hadoop's own code (``oracle/``), one JVM
per Hadoop version per session, except modules marked ``jvm_free`` (the replay of recorded answers).

The tier is chosen here, by folder: a test in ``tests/oracle/`` is marked ``hadoop`` without a
marker of its own, the default run leaves it out (``-m "not hadoop"`` in pyproject.toml) and
``pytest -m hadoop`` runs the tier. Without Java and Maven its tests skip with the reason; under CI
(a non-empty ``CI``) that is a failure, so CI can never pass without having asked Hadoop.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.oracle.lines import LINES
from tests.oracle.oracle import Oracle
from tests.oracle.session import close_all, oracle_for, require_java_and_maven

__all__ = ["oracle_for"]  # the tests call it directly when the version is theirs to choose

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents and item.get_closest_marker("jvm_free") is None:
            item.add_marker(pytest.mark.hadoop)


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("hadoop") is not None:
        require_java_and_maven()


@pytest.fixture(scope="session", autouse=True)
def _close_oracles() -> Iterator[None]:
    yield
    close_all()


@pytest.fixture(params=LINES)
def oracle(request: pytest.FixtureRequest) -> Oracle:
    return oracle_for(request.param)


@pytest.fixture
def oracle34() -> Oracle:
    return oracle_for("3.4")


@pytest.fixture
def hadoop_cases(request: pytest.FixtureRequest) -> int:
    """How many generated cases per differential test (``--hadoop-cases``)."""
    return int(request.config.getoption("--hadoop-cases"))
