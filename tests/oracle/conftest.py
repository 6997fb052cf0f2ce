"""The Hadoop oracle for the differential tests: one JVM per Hadoop version per session.

Without Java and Maven the tests skip with the reason; under ``CI=true`` that is a failure, so
CI can never pass without having asked Hadoop.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.oracle.lines import LINES
from tests.oracle.oracle import Oracle, unavailable_reason

_ORACLES: dict[str, Oracle] = {}


def oracle_for(version: str) -> Oracle:
    reason = unavailable_reason()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the differential tests: {reason}")
        pytest.skip(reason)
    if version not in _ORACLES:
        _ORACLES[version] = Oracle(version)
    return _ORACLES[version]


@pytest.fixture(scope="session", autouse=True)
def _close_oracles() -> Iterator[None]:
    yield
    for oracle in _ORACLES.values():
        oracle.close()


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
