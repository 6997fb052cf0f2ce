"""The oracles of one test session: one JVM per Hadoop version, started on first use, closed at the end.

This lives outside ``conftest.py`` because pytest imports that file as ``oracle.conftest`` while
the tests import ``tests.oracle.conftest``: state kept there exists twice, and a session would
start two JVMs per version and close only one.
"""

from __future__ import annotations

from functools import cache

from tests.conftest import skip_locally_fail_under_ci
from tests.oracle.oracle import Oracle, OracleError, unavailable_reason

_RUNNING: dict[str, Oracle] = {}
#: a version whose oracle did not start: every later request fails at once with the same error
#: (Maven's or the JVM's stderr) instead of building again inside every Hypothesis example
_FAILED: dict[str, str] = {}


@cache
def _missing_tools() -> str | None:
    return unavailable_reason()


def require_java_and_maven() -> None:
    """Skip (fail under CI) without Java and Maven: checked once per run, in a test's setup, before
    any Hypothesis example is drawn, so a machine without a JVM fails in seconds."""
    reason = _missing_tools()
    if reason is not None:
        skip_locally_fail_under_ci(reason)


def oracle_for(version: str) -> Oracle:
    """Hadoop ``version``'s oracle (``oracle/run --hadoop-version VERSION serve``), started on first use."""
    require_java_and_maven()
    if version in _FAILED:
        raise OracleError(_FAILED[version])
    if version not in _RUNNING:
        try:
            _RUNNING[version] = Oracle(version)
        except OracleError as exc:
            _FAILED[version] = str(exc)
            raise
    return _RUNNING[version]


def close_all() -> None:
    for oracle in _RUNNING.values():
        oracle.close()
    _RUNNING.clear()
