"""The Capacity Scheduler under load (``evaluate_capacity_load``): the conventions a snapshot becomes
Hadoop's state by, the limits named per queue, user and application, and the findings. What Hadoop
allocates is pinned by the recorded oracle cases (tests/data/oracle/cs-load-*) and the sweep; these
tests pin what fsctl decides around it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.evaluate.capacity_load import (
    AM_LIMIT,
    ASK_REFUSED,
    GUARANTEED,
    MAX_APPLICATIONS,
    MAX_PARALLEL_APPS,
    QUEUE_STOPPED,
    USER_LIMIT,
    AppAllocation,
    LoadInputError,
    LoadResult,
    evaluate_capacity_load,
)
from fsctl.fair.cluster import parse_cluster
from fsctl.io.demand import read_demand
from fsctl.io.loader import load, load_site
from fsctl.model.versions import HadoopVersion
from tests.oracle.capacity_load_cases import configurations, snapshots

PREFIX = "yarn.scheduler.capacity."
CLUSTER = "memory-mb=32768, vcores=32"


def _xml(props: dict[str, str]) -> str:
    body = "".join(f"  <property><name>{k}</name><value>{v}</value></property>\n" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'


def run(
    tmp_path: Path,
    props: dict[str, str],
    queues: dict[str, Any],
    *,
    cluster: str = CLUSTER,
    site: dict[str, str] | None = None,
    version: HadoopVersion = (3, 4),
) -> LoadResult:
    cs = tmp_path / "capacity-scheduler.xml"
    cs.write_text(_xml({f"{PREFIX}{k}": v for k, v in props.items()}))
    conf = None
    if site is not None:
        path = tmp_path / "yarn-site.xml"
        path.write_text(_xml(site))
        conf = load_site(str(path)).conf
    tree = load(str(cs), yarn_site=conf, hadoop_version=version).result.tree
    assert tree is not None
    demand = tmp_path / "demand.json"
    demand.write_text(json.dumps({"queues": queues}, indent=1))
    snapshot, problems = read_demand(str(demand))
    assert snapshot is not None, problems
    return evaluate_capacity_load(tree, parse_cluster(cluster), snapshot, version)


def apps(result: LoadResult) -> dict[str, AppAllocation]:
    return {f"{a.queue} {a.name}": a for a in result.applications}


def mb(vector: dict[str, int] | None) -> int:
    return (vector or {}).get("memory-mb", 0)


TWO = {"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}


def test_apps_shorthand_is_that_many_applications_the_usage_on_the_first(tmp_path: Path) -> None:
    # 7 containers still asked (minimum allocation 1024) shared 3, 2, 2; the usage runs in app1
    result = run(
        tmp_path,
        TWO,
        {"root.a": {"apps": 3, "demand": "memory-mb=10240, vcores=10", "usage": "memory-mb=3072, vcores=3"}},
    )
    rows = [a for a in result.applications if a.queue == "root.a"]
    assert [a.name for a in rows] == ["app1", "app2", "app3"]
    assert [mb(a.used_start) for a in rows] == [3072, 0, 0]
    assert [mb(a.pending_start) for a in rows] == [3072, 2048, 2048]
    assert [a.user for a in rows] == ["app1", "app2", "app3"]  # no user given: one of its own name
    assert mb(result.index["root.a"].used) == 10240


def test_submission_order_is_start_then_listing(tmp_path: Path) -> None:
    # maximum-applications 2: the application submitted last is the one refused
    result = run(
        tmp_path,
        {**TWO, "root.a.maximum-applications": "2"},
        {
            "root.a": {
                "applications": [
                    {"name": "late", "demand": "memory-mb=1024, vcores=1", "start": 5},
                    {"name": "first", "demand": "memory-mb=1024, vcores=1", "start": 1},
                    {"name": "second", "demand": "memory-mb=1024, vcores=1", "start": 1},
                ]
            }
        },
    )
    rows = apps(result)
    assert rows["root.a late"].state == "refused" and rows["root.a late"].limit == MAX_APPLICATIONS
    assert rows["root.a first"].state == rows["root.a second"].state == "active"
    assert [a.name for a in result.applications] == ["first", "second", "late"]  # submission order
    assert [d.code for d in result.findings] == ["SM204"]
    assert "late" in result.findings[0].message


def test_what_keeps_an_application_from_running_is_named(tmp_path: Path) -> None:
    props = {
        "root.queues": "a,b,c",
        "root.a.capacity": "40",
        "root.a.max-parallel-apps": "1",
        "root.b.capacity": "40",
        "root.b.maximum-am-resource-percent": "0.05",  # one 2048 MB AM at most
        "root.c.capacity": "20",
        "root.c.state": "STOPPED",
    }
    am = "memory-mb=2048, vcores=1"
    result = run(
        tmp_path,
        props,
        {
            "root.a": {
                "applications": [
                    {"name": "a0", "demand": "memory-mb=2048, vcores=2"},
                    {"name": "a1", "demand": "memory-mb=2048, vcores=2"},
                ]
            },
            "root.b": {
                "applications": [
                    {"name": "b0", "demand": "memory-mb=4096, vcores=2", "am": am},
                    {"name": "b1", "demand": "memory-mb=4096, vcores=2", "am": am},
                ]
            },
            "root.c": {"applications": [{"name": "c0", "demand": "memory-mb=1024, vcores=1"}]},
        },
    )
    rows = apps(result)
    assert (rows["root.a a1"].state, rows["root.a a1"].limit) == ("not-runnable", MAX_PARALLEL_APPS)
    assert (rows["root.b b1"].state, rows["root.b b1"].limit) == ("pending", AM_LIMIT)
    assert (rows["root.c c0"].state, rows["root.c c0"].limit) == ("refused", QUEUE_STOPPED)
    assert mb(rows["root.a a0"].allocated) == 2048 and rows["root.a a0"].limit is None
    assert mb(rows["root.b b0"].allocated) == 4096
    assert result.index["root.a"].limit == MAX_PARALLEL_APPS
    assert result.index["root.b"].limit == AM_LIMIT


def test_user_limit_binds_a_user_and_names_it(tmp_path: Path) -> None:
    # root.a's guarantee 16384 MB, user-limit-factor 1: one user holds at most its guarantee (plus
    # the one container the check lets through), however much the queue's maximum leaves
    result = run(
        tmp_path,
        TWO,
        {
            "root.a": {
                "applications": [{"name": "big", "user": "alice", "demand": "memory-mb=32768, vcores=32"}]
            }
        },
    )
    big = apps(result)["root.a big"]
    assert mb(big.allocated) == 16384 + 1024
    assert big.limit == USER_LIMIT
    user = result.index["root.a"].users[0]
    assert (user.name, user.limit, mb(user.user_limit)) == ("alice", USER_LIMIT, 16384)


def test_guarantee_binds_once_the_cluster_is_shared(tmp_path: Path) -> None:
    result = run(
        tmp_path,
        {**TWO, "root.a.user-limit-factor": "2", "root.b.user-limit-factor": "2"},
        {
            "root.a": {"demand": "memory-mb=32768, vcores=32", "apps": 1},
            "root.b": {"demand": "memory-mb=32768, vcores=32", "apps": 1},
        },
    )
    assert result.end == "the cluster is full"
    assert mb(result.index["root"].used) == 32768
    assert {result.index[q].limit for q in ("root.a", "root.b")} == {GUARANTEED}


@pytest.mark.parametrize(
    ("queues", "code"),
    [
        ({"root.x": {"demand": "memory-mb=1024, vcores=1"}}, "SM200"),
        ({"root": {"demand": "memory-mb=1024, vcores=1"}}, "SM201"),
        (
            {
                "root.a": {
                    "applications": [
                        {
                            "name": "odd",
                            "demand": "memory-mb=4096, vcores=4",
                            "usage": "memory-mb=1024, vcores=1",
                            "am": "memory-mb=2048, vcores=1",
                        }
                    ]
                }
            },
            "SM207",
        ),
    ],
)
def test_a_snapshot_this_configuration_cannot_hold_is_a_located_error(
    tmp_path: Path, queues: dict[str, Any], code: str
) -> None:
    with pytest.raises(LoadInputError) as caught:
        run(tmp_path, TWO, queues)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == code
    assert diagnostic.location is not None and diagnostic.location.line > 1
    assert diagnostic.location.file.endswith("demand.json")


def test_usage_above_a_maximum_is_kept_and_named(tmp_path: Path) -> None:
    result = run(
        tmp_path,
        {**TWO, "root.a.maximum-capacity": "50"},
        {
            "root.a": {
                "demand": "memory-mb=24576, vcores=24",
                "usage": "memory-mb=20480, vcores=20",
                "apps": 1,
            }
        },
    )
    assert [d.code for d in result.findings] == ["SM203"]
    assert "root.a uses memory-mb=20480" in result.findings[0].message
    assert mb(result.index["root.a"].used) == 20480  # recovered as it runs, nothing more


def test_containers_above_the_maximum_allocation_or_the_cluster(tmp_path: Path) -> None:
    result = run(
        tmp_path,
        TWO,
        {
            "root.a": {
                "applications": [
                    {
                        "name": "wide",
                        "demand": "memory-mb=20480, vcores=2",
                        "container": "memory-mb=10240, vcores=1",
                    }
                ]
            }
        },
        site={"yarn.scheduler.maximum-allocation-mb": "8192"},
    )
    wide = apps(result)["root.a wide"]
    assert wide.limit == ASK_REFUSED and mb(wide.allocated) == 0
    assert [d.code for d in result.findings] == ["SM205"]
    huge = run(
        tmp_path,
        TWO,
        {"root.a": {"applications": [{"name": "huge", "demand": "memory-mb=8192, vcores=64"}]}},
        site={"yarn.scheduler.maximum-allocation-vcores": "64"},
        cluster="memory-mb=32768, vcores=32",
    )
    assert "SM209" not in [d.code for d in huge.findings]  # vcores=64 in 64 containers of 1 vcore
    bigger = run(
        tmp_path,
        {**TWO, "resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"},
        {
            "root.a": {
                "applications": [
                    {
                        "name": "huge",
                        "demand": "memory-mb=8192, vcores=64",
                        "container": "memory-mb=8192, vcores=64",
                    }
                ]
            }
        },
        site={"yarn.scheduler.maximum-allocation-vcores": "64"},
    )
    assert [d.code for d in bigger.findings] == ["SM209"]


def test_labels_versions_and_modes_fsctl_does_not_simulate_are_named(tmp_path: Path) -> None:
    labelled = run(
        tmp_path,
        {
            **TWO,
            "root.accessible-node-labels.gpu.capacity": "100",
            "root.a.accessible-node-labels": "gpu",
            "root.a.accessible-node-labels.gpu.capacity": "100",
        },
        {"root.a": {"demand": "memory-mb=1024, vcores=1"}},
    )
    assert "SM206" in [d.code for d in labelled.findings]
    old = run(tmp_path, TWO, {"root.a": {"demand": "memory-mb=1024, vcores=1"}}, version=(3, 2))
    assert [d.code for d in old.findings] == ["SM208"]
    assert old.hadoop_version == (3, 3)
    flexible = run(
        tmp_path,
        {
            "legacy-queue-mode.enabled": "false",
            "root.queues": "a,b",
            "root.a.capacity": "1w",
            "root.b.capacity": "2w",
        },
        {"root.a": {"demand": "memory-mb=1024, vcores=1"}},
    )
    assert [d.code for d in flexible.findings] == ["SM212"]


def test_fair_size_based_reordering_is_named() -> None:
    # the recorded case: a1 (AM limit) and a2 (max-parallel-apps) get containers all the same
    case = Path(__file__).resolve().parents[1] / "data" / "oracle" / "cs-load-fair-size-based-weight"
    tree = load(str(case / "capacity-scheduler.xml")).result.tree
    assert tree is not None
    snapshot, _ = read_demand(str(case / "demand.json"))
    assert snapshot is not None
    result = evaluate_capacity_load(tree, parse_cluster("memory-mb=32768, vcores=32"), snapshot)
    (finding,) = result.findings
    assert finding.code == "SM211"
    assert "a1 (pending), a2 (not-runnable)" in finding.message


def test_the_result_is_the_same_run_to_run(tmp_path: Path) -> None:
    queues = {
        "root.a": {"apps": 4, "demand": "memory-mb=20480, vcores=20", "usage": "memory-mb=4096, vcores=4"},
        "root.b": {"applications": [{"name": "x", "user": "u", "demand": "memory-mb=30720, vcores=3"}]},
    }
    first, second = run(tmp_path, TWO, queues), run(tmp_path, TWO, queues)
    assert first.applications == second.applications and first.queues == second.queues


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_what_any_allocation_keeps(data: st.DataObject) -> None:
    """On generated configurations and snapshots (the sweep's strategies): every container is counted
    once up the tree, nothing running is taken away, the cluster is never overcommitted by new
    containers, and what an application got plus what it still asks is what it asked for."""
    import tempfile

    cs, site, leaves, (memory, vcores) = data.draw(configurations(data.draw(st.sampled_from(("3.4", "3.3")))))
    queues = data.draw(snapshots(leaves, (memory, vcores)))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "cs.xml").write_text(cs)
        (folder / "site.xml").write_text(site)
        (folder / "demand.json").write_text(json.dumps({"queues": queues}))
        loaded = load(str(folder / "cs.xml"), yarn_site=load_site(str(folder / "site.xml")).conf)
        tree = loaded.result.tree
        if tree is None or any(d.severity.label == "error" for d in loaded.result.diagnostics):
            return
        snapshot, _ = read_demand(str(folder / "demand.json"))
        assert snapshot is not None
        result = evaluate_capacity_load(tree, {"memory-mb": memory, "vcores": vcores}, snapshot)
    by_path = result.index
    for q in result.queues:
        children = [c for c in result.queues if c.parent == q.path]
        if children:
            assert mb(q.used) == sum(mb(c.used) for c in children), q.path
            assert mb(q.pending) == sum(mb(c.pending) for c in children), q.path
        else:
            mine = [a for a in q.applications if a.state != "refused"]
            assert mb(q.used) == sum(mb(a.allocated) + mb(a.reserved) for a in mine), q.path
    root = by_path["root"]
    new = mb(root.used) - mb(root.used_start)
    assert new >= 0 and (new == 0 or mb(root.used) <= memory)
    for a in result.applications:
        assert mb(a.allocated) >= mb(a.used_start), a.name
        if a.state != "refused" and a.limit != ASK_REFUSED:
            served = mb(a.allocated) - mb(a.used_start) + mb(a.pending)
            if a.am is None:  # all asked at the start
                assert served == mb(a.pending_start), a.name
            else:  # the tasks are asked once the AM runs
                assert served >= mb(a.pending_start), a.name


def test_a_stalled_allocation_is_named_with_what_refuses_it() -> None:
    # the department sample: under the dominant calculator the walk lets index-build's 4096 MB
    # container through, the commit refuses it at every heartbeat (3072 MB left in the cluster)
    samples = Path(__file__).resolve().parents[2] / "samples"
    site = load_site(str(samples / "yarn-site.xml")).conf
    tree = load(str(samples / "capacity" / "departments.xml"), yarn_site=site).result.tree
    assert tree is not None
    snapshot, _ = read_demand(str(samples / "demand" / "departments-load.yaml"))
    assert snapshot is not None and snapshot.cluster is not None
    result = evaluate_capacity_load(tree, snapshot.cluster, snapshot)
    (stall,) = [d for d in result.findings if d.code == "SM213"]
    assert stall.message.startswith(
        "root.qa.p0 index-build: the scheduler proposes its container of memory-mb=4096"
    )
    assert "it would take the cluster" in stall.message
    rows = apps(result)
    assert rows["root.qa.p0 index-build"].limit == "cluster full"
    assert rows["root.qa.p1 notebook-raj"].limit == "refused proposal"


USERS = {
    "root.queues": "a,users",
    "root.a.capacity": "40",
    "root.users.capacity": "60",
    "root.users.queues": "alice",
    "root.users.alice.capacity": "2w",
    "root.users.auto-queue-creation-v2.enabled": "true",
}


def test_queues_hadoop_creates_are_created_first(tmp_path: Path) -> None:
    demand = "memory-mb=4096, vcores=4"
    result = run(
        tmp_path,
        {**USERS, "root.users.auto-queue-creation-v2.template.maximum-capacity": "50"},
        {
            "root.users.bob": {"applications": [{"name": "b0", "user": "bob", "demand": demand}]},
            "root.users.team.dave": {"applications": [{"name": "d0", "user": "dave", "demand": demand}]},
        },
    )
    assert [q.path for q in result.queues if q.path.startswith("root.users")] == [
        "root.users",
        "root.users.alice",
        "root.users.bob",
        "root.users.team",
        "root.users.team.dave",
    ]
    bob = result.index["root.users.bob"]
    assert (bob.user_limit_factor, mb(bob.maximum)) == (-1.0, 16384)  # no template ULF: -1
    # weights 2, 1 and 1 share root.users' 19660 MB
    assert [mb(result.index[p].guaranteed) for p in ("root.users.alice", "root.users.bob")] == [9830, 4915]
    assert [d.code for d in result.findings] == ["SM210", "SM210"]
    assert mb(apps(result)["root.users.bob b0"].allocated) == 4096


@pytest.mark.parametrize(
    ("props", "path", "version", "reason"),
    [
        ({}, "root.users.bob", (3, 3), "no such queue in the configuration"),
        ({}, "root.a.x", (3, 4), "root.a is a leaf"),
        ({}, "root.users.x.y.z", (3, 4), "3 levels below root.users"),
        ({"root.users.auto-queue-creation-v2.max-queues": "1"}, "root.users.bob", (3, 4), "max-queues 1"),
        ({"root.users.alice.capacity": "100"}, "root.users.bob", (3, 4), "must all have weights"),
        (
            {
                "root.users.auto-queue-creation-v2.enabled": "false",
                "root.users.auto-create-child-queue.enabled": "true",
            },
            "root.users.bob",
            (3, 4),
            "legacy auto-creation), which fsctl does not simulate",
        ),
    ],
)
def test_a_queue_hadoop_would_not_create_is_sm200_saying_why(
    tmp_path: Path, props: dict[str, str], path: str, version: HadoopVersion, reason: str
) -> None:
    with pytest.raises(LoadInputError) as caught:
        run(tmp_path, {**USERS, **props}, {path: {"demand": "memory-mb=1024, vcores=1"}}, version=version)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "SM200" and diagnostic.message.startswith(f"{path}: ")
    assert reason in diagnostic.message


@pytest.mark.parametrize(
    ("queues", "message"),
    [
        (
            {"root.a": {"apps": 10**8, "demand": "memory-mb=1024, vcores=1"}},
            "more than 1,000,000 applications",
        ),
        (
            {
                "root.a": {
                    "applications": [
                        {
                            "name": "x",
                            "demand": "memory-mb=10240, vcores=1",
                            "usage": "memory-mb=99999999999, vcores=1",
                        }
                    ]
                }
            },
            "root.a x: the snapshot runs more than 10,000,000 containers",
        ),
    ],
)
def test_a_snapshot_too_large_to_simulate_is_sm214_at_once(
    tmp_path: Path, queues: dict[str, Any], message: str
) -> None:
    with pytest.raises(LoadInputError) as caught:
        run(tmp_path, TWO, queues)
    (diagnostic,) = caught.value.diagnostics
    assert diagnostic.code == "SM214" and message in diagnostic.message
