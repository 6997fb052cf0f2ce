"""The oracle tells the truth about itself: Hadoop's numbers as they are, Hadoop's exceptions with
their causes, and no answer taken for Hadoop's (a time-out, a verb the line does not have)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fsctl.model.versions import parse_version
from tests.conftest import allocations, configuration
from tests.oracle.conftest import oracle_for
from tests.oracle.lines import FS2CS_LINES, LINES
from tests.oracle.oracle import OracleError

LONG_MAX = 2**63 - 1
INT_MAX = 2**31 - 1


@pytest.mark.parametrize("version", LINES)
def test_values_past_integer_max_are_numbers(version: str, tmp_path: Path) -> None:
    # an unset maxResources is Resources.unbounded(): Long.MAX_VALUE of every type; the default
    # queueMaxAppsDefault is Integer.MAX_VALUE
    path = tmp_path / "fair.xml"
    path.write_text(allocations('<queue name="a"/>'))
    answer = oracle_for(version).ask({"verb": "load", "file": str(path)})
    assert answer["ok"], answer
    assert answer["queues"]["root.a"]["maxResources"] == {"memory-mb": LONG_MAX, "vcores": LONG_MAX}
    assert answer["defaults"]["queueMaxAppsDefault"] == INT_MAX


@pytest.mark.parametrize("version", LINES)
def test_an_exception_keeps_its_cause_chain(version: str, tmp_path: Path) -> None:
    path = tmp_path / "fair.xml"
    path.write_text(allocations('<queue name="a"><maxRunningApps>many</maxRunningApps></queue>'))
    answer = oracle_for(version).ask({"verb": "load", "file": str(path)})
    assert answer["ok"] is False
    error = answer["error"]
    chain = [link["class"] for link in error["chain"]]
    # FairScheduler.initScheduler wraps what the loader threw; the answer names the innermost
    assert {"class": "java.io.IOException", "message": "Failed to initialize FairScheduler"} in error["chain"]
    assert chain[-1] == error["class"] == "java.lang.NumberFormatException"
    assert error["chain"][-1]["message"] == error["message"] == 'For input string: "many"'


def test_a_time_out_is_not_a_refusal(tmp_path: Path) -> None:
    # root's only child has a NaN weight: ComputeFairShares never ends once there is a cluster
    path = tmp_path / "fair.xml"
    path.write_text(allocations('<queue name="a"><weight>NaN</weight></queue>'))
    oracle = oracle_for("3.4")
    request = {"verb": "shares", "file": str(path), "cluster": "memory-mb=1024, vcores=1", "time_limit": 1}
    with pytest.raises(OracleError, match=r"no answer within 1\.0 s"):
        oracle.ask(request)
    # the JVM that timed out ended itself; the next request gets a fresh one
    assert oracle.ask({"verb": "version"})["ok"]


@pytest.mark.parametrize("version", [line for line in LINES if line not in FS2CS_LINES])
def test_fs2cs_is_unavailable_before_3_3(version: str, tmp_path: Path) -> None:
    # YARN-9698 brought fs2cs in 3.3.0: an older line says it has none, it does not refuse the file
    path = tmp_path / "fair.xml"
    path.write_text(allocations('<queue name="a"/>'))
    with pytest.raises(OracleError, match=r"fs2cs .* is not available for Hadoop " + version):
        oracle_for(version).ask({"verb": "fs2cs", "file": str(path)})


# ManagedParentQueue (auto-created leaf queues, YARN-7117) came with 3.1.0
@pytest.mark.parametrize("version", [line for line in LINES if parse_version(line) >= (3, 1)])
def test_a_parent_without_children_is_hadoops_parent(version: str, tmp_path: Path) -> None:
    prefix = "yarn.scheduler.capacity.root."
    path = tmp_path / "capacity-scheduler.xml"
    path.write_text(
        configuration(
            {
                prefix + "queues": "a,b",
                prefix + "a.capacity": "50",
                prefix + "b.capacity": "50",
                prefix + "b.auto-create-child-queue.enabled": "true",
            }
        )
    )
    answer = oracle_for(version).ask({"verb": "capacity", "file": str(path)})
    assert answer["ok"], answer
    leaf = {q["path"]: q["leaf"] for q in answer["queues"]}
    assert leaf == {"root": False, "root.a": True, "root.b": False}
