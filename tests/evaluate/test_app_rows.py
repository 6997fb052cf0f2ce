"""Per-application rows of ``fsctl simulate``: fair shares within a leaf, starvation, preemption
inside one leaf and the AM limit, with the values Hadoop's own tests state
(``TestFairSchedulerPreemption``, ``TestFairScheduler.testQueueMaxAMShare``)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fsctl.commands.simulate import SimulateOptions, run
from fsctl.model.versions import parse_version
from tests.conftest import allocations

PREEMPTION_ON = """<?xml version="1.0"?>
<configuration>
<property><name>yarn.scheduler.fair.preemption</name><value>true</value></property>
<property><name>yarn.scheduler.fair.preemption.cluster-utilization-threshold</name><value>0</value></property>
</configuration>
"""

#: TestFairSchedulerPreemption.writeAllocFile, fair-share mode (threshold 1, timeout 0)
FAIRSHARE_MODE = """
<queue name="preemptable">
  <fairSharePreemptionThreshold>1</fairSharePreemptionThreshold>
  <fairSharePreemptionTimeout>0</fairSharePreemptionTimeout>
  <queue name="child-1"/><queue name="child-2"/>
</queue>
<queue name="preemptable-sibling">
  <fairSharePreemptionThreshold>1</fairSharePreemptionThreshold>
  <fairSharePreemptionTimeout>0</fairSharePreemptionTimeout>
</queue>
<queue name="nonpreemptable">
  <allowPreemptionFrom>false</allowPreemptionFrom>
  <fairSharePreemptionThreshold>1</fairSharePreemptionThreshold>
  <fairSharePreemptionTimeout>0</fairSharePreemptionTimeout>
  <queue name="child-1"/><queue name="child-2"/>
</queue>
"""

#: the same tree in min-share mode (minResources 4096mb,4vcores on the children, timeout 0)
MINSHARE_MODE = """
<queue name="preemptable">
  <minSharePreemptionTimeout>0</minSharePreemptionTimeout>
  <queue name="child-1"><minResources>4096mb,4vcores</minResources></queue>
  <queue name="child-2"><minResources>4096mb,4vcores</minResources></queue>
</queue>
<queue name="preemptable-sibling"><minSharePreemptionTimeout>0</minSharePreemptionTimeout></queue>
<queue name="nonpreemptable">
  <allowPreemptionFrom>false</allowPreemptionFrom>
  <minSharePreemptionTimeout>0</minSharePreemptionTimeout>
  <queue name="child-1"><minResources>4096mb,4vcores</minResources></queue>
  <queue name="child-2"><minResources>4096mb,4vcores</minResources></queue>
</queue>
"""

#: two nodes of 4 GB and 12 vcores
CLUSTER = {"memory-mb": 8192, "vcores": 24}


def simulate(
    tmp_path: Path, body: str, queues: dict[str, Any], cluster: dict[str, int], version: str = "3.4"
) -> dict[str, Any]:
    (tmp_path / "fair.xml").write_text(allocations(body))
    (tmp_path / "site.xml").write_text(PREEMPTION_ON)
    (tmp_path / "demand.json").write_text(json.dumps({"queues": queues}))
    out, err = io.StringIO(), io.StringIO()
    options = SimulateOptions(
        str(tmp_path / "fair.xml"),
        cluster=cluster,
        demand=str(tmp_path / "demand.json"),
        yarn_site=str(tmp_path / "site.xml"),
        hadoop_version=parse_version(version),
        fmt="json",
    )
    assert run(options, out, err) == 0, err.getvalue()
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


def greedy_and_starving(greedy_queue: str, starving_queue: str) -> dict[str, Any]:
    """takeAllResources (8 containers of 1 GB, 1 vcore) then preemptHalfResources (4 of 2 GB, 2)."""
    greedy = {"name": "greedy", "demand": "8192 mb, 8 vcores", "usage": "8192 mb, 8 vcores", "start": 1}
    starving = {"name": "starving", "demand": "8192 mb, 8 vcores", "start": 2}
    if greedy_queue == starving_queue:
        return {greedy_queue: {"applications": [greedy, starving]}}
    return {greedy_queue: {"applications": [greedy]}, starving_queue: {"applications": [starving]}}


def apps(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["name"]: a for row in doc["queues"] for a in row.get("applications") or []}


def test_preemption_within_same_leaf_queue(tmp_path: Path) -> None:
    # testPreemptionWithinSameLeafQueue, fair-share mode: verifyPreemption(2, 4): the greedy app
    # keeps 4 of its 8 GB, the starving one gets 2 containers of 2 GB
    queue = "root.preemptable.child-1"
    found = apps(simulate(tmp_path, FAIRSHARE_MODE, greedy_and_starving(queue, queue), CLUSTER))
    assert found["starving"]["fair_share"]["memory-mb"] == 4096
    assert found["starving"]["starvation"]["fair_share"] == {"memory-mb": 4096, "vcores": 0}
    assert found["greedy"]["fair_share"]["memory-mb"] == 4096
    assert found["greedy"]["preemptable"] == {"memory-mb": 4096, "vcores": None}
    assert found["starving"]["preemptable"] is None


def test_hadoop_2_sees_starvation_within_one_leaf_as_3x_does(tmp_path: Path) -> None:
    # "2" is 2.10, which has YARN-4752's per-application starvation (2.9.0): the starving app is
    # starved as on 3.x (oracle: tests/data/oracle/apps-preemption-within-leaf, 2.10.2)
    queue = "root.preemptable.child-1"
    doc = simulate(tmp_path, FAIRSHARE_MODE, greedy_and_starving(queue, queue), CLUSTER, version="2")
    found = apps(doc)
    assert found["starving"]["starvation"]["fair_share"] == {"memory-mb": 4096, "vcores": 0}
    assert found["greedy"]["preemptable"] == {"memory-mb": 4096, "vcores": None}


def test_no_preemption_within_same_leaf_queue_for_min_share(tmp_path: Path) -> None:
    # the same test in min-share mode: verifyNoPreemption (the leaf holds its min share)
    queue = "root.preemptable.child-1"
    doc = simulate(tmp_path, MINSHARE_MODE, greedy_and_starving(queue, queue), CLUSTER)
    for app in apps(doc).values():
        assert not any(app["starvation"]["min_share"].values())
        assert not any(app["starvation"]["fair_share"].values())


@pytest.mark.parametrize("body", [FAIRSHARE_MODE, MINSHARE_MODE], ids=["fairshare", "minshare"])
def test_preemption_between_two_sibling_leaf_queues(tmp_path: Path, body: str) -> None:
    # testPreemptionBetweenTwoSiblingLeafQueues: verifyPreemption(2, 4) in both modes
    queues = greedy_and_starving("root.preemptable.child-1", "root.preemptable.child-2")
    found = apps(simulate(tmp_path, body, queues, CLUSTER))
    starved = found["starving"]["starvation"]
    assert sum(v["memory-mb"] or 0 for v in starved.values()) == 4096
    assert found["greedy"]["preemptable"]["memory-mb"] == 4096


def test_no_preemption_from_disallowed_queue(tmp_path: Path) -> None:
    # testNoPreemptionFromDisallowedQueue: the greedy app sits in a non-preemptable queue
    queues = greedy_and_starving("root.nonpreemptable.child-1", "root.preemptable.child-1")
    found = apps(simulate(tmp_path, FAIRSHARE_MODE, queues, CLUSTER))
    assert found["starving"]["starvation"]["fair_share"]["memory-mb"] == 4096
    assert found["greedy"]["preemptable"] is None


def test_queue_max_am_share(tmp_path: Path) -> None:
    # TestFairScheduler.testQueueMaxAMShare: maxAMShare 0.2 on a 20 GB node; two 1 GB AMs run in
    # queue1, the third "should not be running" and queue1's AM usage stays 2048 MB
    body = '<queue name="queue1"><maxAMShare>0.2</maxAMShare></queue><queue name="default"/>'
    am = "1024 mb, 1 vcores"
    queues = {
        "root.default": {"applications": [{"name": "d", "demand": am, "usage": am}]},
        "root.queue1": {
            "applications": [
                {"name": "app1", "demand": am, "usage": am, "am": am, "start": 1},
                {"name": "app2", "demand": am, "usage": am, "am": am, "start": 2},
                {"name": "app3", "demand": am, "am": am, "start": 3},
            ]
        },
    }
    doc = simulate(tmp_path, body, queues, {"memory-mb": 20480, "vcores": 20})
    queue1 = next(row for row in doc["queues"] if row["path"] == "root.queue1")
    assert queue1["max_am_share"] == pytest.approx(0.2)
    assert queue1["am_usage"] == {"memory-mb": 2048, "vcores": 2}
    # computeMaxAMResource: ceil(10240 MB fair share x 0.2f = 2048.00003); vcores (not computed by
    # fair) from the 17 available: ceil(3.4). The oracle gives the same
    assert queue1["am_limit"] == {"memory-mb": 2049, "vcores": 4}
    found = apps(doc)
    assert [found[n]["am_running"] for n in ("app1", "app2", "app3")] == [True, True, False]
    assert [found[n]["am_blocked"] for n in ("app1", "app2", "app3")] == [False, False, True]


def test_unlimited_am_share_blocks_nothing(tmp_path: Path) -> None:
    body = '<queue name="q"><maxAMShare>-1</maxAMShare></queue>'
    queues = {
        "root.q": {"applications": [{"name": "a", "demand": "4096 mb, 4 vcores", "am": "4096 mb, 4 vcores"}]}
    }
    doc = simulate(tmp_path, body, queues, {"memory-mb": 4096, "vcores": 4})
    row = next(row for row in doc["queues"] if row["path"] == "root.q")
    assert row["am_limit"] is None
    assert apps(doc)["a"]["am_blocked"] is False


def test_fifo_leaf_gives_its_share_to_the_earliest(tmp_path: Path) -> None:
    body = '<queue name="q"><schedulingPolicy>fifo</schedulingPolicy></queue>'
    listed = [
        {"name": "late", "demand": "2048 mb, 2 vcores", "start": 5},
        {"name": "early", "demand": "2048 mb, 2 vcores", "start": 1},
    ]
    doc = simulate(tmp_path, body, {"root.q": {"applications": listed}}, {"memory-mb": 8192, "vcores": 8})
    row = next(row for row in doc["queues"] if row["path"] == "root.q")
    assert [a["name"] for a in row["applications"]] == ["early", "late"]  # submission order
    assert [a["fair_share"]["memory-mb"] for a in row["applications"]] == [8192, 0]


def test_text_lists_applications_under_their_leaf(tmp_path: Path) -> None:
    queue = "root.preemptable.child-1"
    (tmp_path / "fair.xml").write_text(allocations(FAIRSHARE_MODE))
    (tmp_path / "site.xml").write_text(PREEMPTION_ON)
    (tmp_path / "demand.json").write_text(json.dumps({"queues": greedy_and_starving(queue, queue)}))
    out, err = io.StringIO(), io.StringIO()
    options = SimulateOptions(
        str(tmp_path / "fair.xml"),
        cluster=CLUSTER,
        demand=str(tmp_path / "demand.json"),
        yarn_site=str(tmp_path / "site.xml"),
    )
    assert run(options, out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    child = next(i for i, line in enumerate(lines) if line.lstrip().startswith("child-1"))
    assert lines[child + 1].split()[:2] == ["-", "greedy"] and "may lose 4096M" in lines[child + 1]
    assert (
        lines[child + 2].split()[:2] == ["-", "starving"] and "STARVED fair-share 4096M" in lines[child + 2]
    )
    assert "root.preemptable.child-1: may lose up to memory-mb=4096 (greedy)" in out.getvalue()
