"""Starvation and preemption preview (fs-math.md §3, §4.7, §4.8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fsctl.evaluate.fair import evaluate_fair
from fsctl.evaluate.preemption import PreemptionSettings, deficit_2x, evaluate_preemption, queue_settings
from fsctl.model.demand import DemandSnapshot, QueueLoad
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES, ResourceSpec
from fsctl.model.tree import QueueTree

Build = Callable[..., QueueTree]
ON = PreemptionSettings(enabled=True, utilization_threshold=0.0)


def res(memory: int, vcores: int) -> ResourceSpec:
    return ResourceSpec.of({MEMORY: memory, VCORES: vcores})


def load(path: str, demand: tuple[int, int], usage: tuple[int, int] = (0, 0)) -> QueueLoad:
    return QueueLoad(
        path,
        demand={MEMORY: demand[0], VCORES: demand[1]},
        usage={MEMORY: usage[0], VCORES: usage[1]},
        apps=1,
    )


def snapshot(*loads: QueueLoad) -> DemandSnapshot:
    return DemandSnapshot(queues={entry.path: entry for entry in loads})


def app_starvation_tree(build: Build) -> QueueTree:
    # TestFSAppStarvation: drf by default; fairshare{child} fair; drf{child} drf
    drf = {"schedulingPolicy": "drf"}
    return build(
        [
            ("default", dict(drf), []),
            ("no-preemption", {**drf, "fairSharePreemptionThreshold": 0.0}, []),
            (
                "minshare",
                {
                    **drf,
                    "fairSharePreemptionThreshold": 0.0,
                    "minSharePreemptionTimeout": 0,
                    "minResources": res(2048, 2),
                },
                [],
            ),
            (
                "fairshare",
                {
                    "schedulingPolicy": "fair",
                    "fairSharePreemptionThreshold": 1.0,
                    "fairSharePreemptionTimeout": 0,
                },
                [("child", {"schedulingPolicy": "fair"}, [])],
            ),
            (
                "drf",
                {**drf, "fairSharePreemptionThreshold": 1.0, "fairSharePreemptionTimeout": 0},
                [("child", dict(drf), [])],
            ),
        ],
        root_settings=dict(drf),
        tree_settings={"defaultQueueSchedulingPolicy": "drf"},
    )


def app_starvation_load() -> DemandSnapshot:
    return snapshot(
        load("root.default", (8192, 8), (8192, 8)),
        *(
            load(p, (1024, 1))
            for p in ("root.no-preemption", "root.minshare", "root.fairshare.child", "root.drf.child")
        ),
    )


def test_app_starvation_fair_shares(build: Build) -> None:
    # TestFSAppStarvation setup: 1536 MB for every queue except minshare (2048); 2 vcores each (sum 10 > 8)
    fair = evaluate_fair(app_starvation_tree(build), {MEMORY: 8192, VCORES: 8}, app_starvation_load())
    for path in ("root.default", "root.no-preemption", "root.fairshare", "root.drf"):
        assert fair.find(path).fair_share == {MEMORY: 1536, VCORES: 2}  # type: ignore[union-attr]
    assert fair.find("root.minshare").fair_share == {MEMORY: 2048, VCORES: 2}  # type: ignore[union-attr]


def test_a1_preemption_enabled(build: Build) -> None:
    # TestFSAppStarvation#testPreemptionEnabled: exactly 3 starved apps
    tree = app_starvation_tree(build)
    fair = evaluate_fair(tree, {MEMORY: 8192, VCORES: 8}, app_starvation_load())
    result = evaluate_preemption(tree, fair, ON)
    assert result.attempted
    assert sorted(a.queue for a in result.starved_apps) == [
        "root.drf.child",
        "root.fairshare.child",
        "root.minshare",
    ]
    q = fair.find
    assert q("root.minshare").min_share_starvation == {MEMORY: 1024, VCORES: 1}  # type: ignore[union-attr]
    # a fair parent leaves the child's vcores at 0, so the starvation is (1024, 0)
    assert q("root.fairshare.child").fair_share_starvation == {MEMORY: 1024, VCORES: 0}  # type: ignore[union-attr]
    assert q("root.drf.child").fair_share_starvation == {MEMORY: 1024, VCORES: 1}  # type: ignore[union-attr]
    assert q("root.no-preemption").fair_share_starvation == {MEMORY: 0, VCORES: 0}  # type: ignore[union-attr]
    # the greedy default queue holds more than its fair share: containers can come from there
    assert result.preemptable["root.default"][MEMORY] == 8192 - 1536


@pytest.mark.parametrize(
    ("settings", "case"),
    [
        (PreemptionSettings(enabled=False, utilization_threshold=0.0), "A2 testPreemptionDisabled"),
        (PreemptionSettings(enabled=True, utilization_threshold=1.1), "A3 testClusterUtilizationThreshold"),
    ],
)
def test_no_starvation_when_gate_closed(build: Build, settings: PreemptionSettings, case: str) -> None:
    # TestFSAppStarvation#testPreemptionDisabled / #testClusterUtilizationThreshold
    tree = app_starvation_tree(build)
    fair = evaluate_fair(tree, {MEMORY: 8192, VCORES: 8}, app_starvation_load())
    result = evaluate_preemption(tree, fair, settings)
    assert not result.starved_apps
    assert all(not any(q.fair_share_starvation.values()) for q in fair.queues)


def test_inherited_timeouts(build: Build) -> None:
    # TestFairScheduler#testPreemptionDecisionWithVariousTimeout (X3) on branch-2.8: inherited timeouts
    tree = build(
        [
            ("default", {}, []),
            ("A", {}, []),
            (
                "B",
                {"minSharePreemptionTimeout": 10000, "fairSharePreemptionTimeout": 25000},  # declared: ms
                [
                    ("B1", {"minSharePreemptionTimeout": 5000}, []),
                    ("B2", {"fairSharePreemptionTimeout": 20000}, []),
                ],
            ),
            ("C", {}, []),
        ],
        tree_settings={"defaultMinSharePreemptionTimeout": 15, "defaultFairSharePreemptionTimeout": 30},  # s
    )
    got = {
        path: (s.fair_share_timeout_ms, s.min_share_timeout_ms) for path, s in queue_settings(tree).items()
    }
    assert got["root"] == got["root.A"] == got["root.C"] == (30000, 15000)
    assert got["root.B"] == (25000, 10000)
    assert got["root.B.B1"] == (25000, 5000)
    assert got["root.B.B2"] == (20000, 10000)


def test_allow_preemption_from_is_one_way(build: Build) -> None:
    tree = build([("a", {"allowPreemptionFrom": False}, [("b", {"allowPreemptionFrom": True}, [])])])
    settings = queue_settings(tree)
    assert not settings["root.a"].preemptable and not settings["root.a.b"].preemptable
    assert settings["root"].preemptable and settings["root"].min_share_timeout_ms == UNBOUNDED


def test_x6_is_starved_for_fair_share_2x(build: Build) -> None:
    # TestFSLeafQueue#testIsStarvedForFairShare (branch-2.8): B1 thr .4 not starved, B2 thr .6 starved
    tree = build(
        [
            ("A", {"weight": 0.2}, []),
            (
                "B",
                {"weight": 0.8},
                [
                    ("B1", {"fairSharePreemptionThreshold": 0.4}, []),
                    ("B2", {"fairSharePreemptionThreshold": 0.6}, []),
                ],
            ),
        ],
        tree_settings={"defaultFairSharePreemptionTimeout": 10},
    )
    demand = snapshot(
        load("root.A", (1024, 1)),
        load("root.B.B1", (3072, 3), (2048, 2)),
        load("root.B.B2", (3072, 3), (2048, 2)),
    )
    fair = evaluate_fair(tree, {MEMORY: 10240, VCORES: 10}, demand, hadoop_version=(2, 8))
    assert fair.find("root.B.B1").fair_share[MEMORY] == 4096  # type: ignore[union-attr]
    evaluate_preemption(tree, fair, ON, hadoop_version=(2, 8))
    assert fair.find("root.B.B1").fair_share_starvation[MEMORY] == 0  # type: ignore[union-attr]
    # starved: the deficit is up to the FULL min(fair share, demand), not the threshold
    assert fair.find("root.B.B2").fair_share_starvation[MEMORY] == 1024  # type: ignore[union-attr]


def x1_tree(build: Build, **queue: Any) -> QueueTree:
    settings = {
        "weight": 0.25,
        "minSharePreemptionTimeout": 5,
        "fairSharePreemptionTimeout": 10,
        "fairSharePreemptionThreshold": 0.5,
        **queue,
    }
    return build(
        [("default", {"maxResources": res(0, 0)}, [])] + [(name, dict(settings), []) for name in "ABCD"]
    )


def test_x1_preemption_decision_2x(build: Build) -> None:
    # TestFairScheduler#testPreemptionDecision (branch-2.8): after both timeouts C's deficit is 1536
    tree = x1_tree(build, minResources=res(1024, 0))
    demand = snapshot(
        load("root.A", (3072, 3), (3072, 3)),
        load("root.B", (3072, 3), (3072, 3)),
        load("root.C", (3072, 3)),
        load("root.D", (3072, 3)),
    )
    fair = evaluate_fair(tree, {MEMORY: 6144, VCORES: 6}, demand, hadoop_version=(2, 8))
    evaluate_preemption(tree, fair, ON, hadoop_version=(2, 8))
    c = fair.find("root.C")
    assert c is not None and c.fair_share[MEMORY] == 1536
    assert c.min_share_starvation[MEMORY] == 1024
    assert deficit_2x(c, fair)[MEMORY] == 1536


def test_x2_preemption_decision_drf_2x(build: Build) -> None:
    # TestFairScheduler#testPreemptionDecisionWithDRF (branch-2.8), 6144 MB / 12 vcores
    tree = build(
        [("default", {"maxResources": res(0, 0), "schedulingPolicy": "drf"}, [])]
        + [
            (
                name,
                {
                    "weight": 0.25,
                    "schedulingPolicy": "drf",
                    "minResources": res(1024, vc),
                    "minSharePreemptionTimeout": 5,
                    "fairSharePreemptionTimeout": 10,
                },
                [],
            )
            for name, vc in (("A", 1), ("B", 2), ("C", 3), ("D", 2))
        ],
        root_settings={"schedulingPolicy": "drf"},
    )
    demand = snapshot(
        load("root.A", (3072, 6), (3072, 6)),
        load("root.B", (3072, 6), (3072, 6)),
        load("root.C", (3072, 3)),
        load("root.D", (3072, 6)),
    )
    fair = evaluate_fair(tree, {MEMORY: 6144, VCORES: 12}, demand, hadoop_version=(2, 8))
    evaluate_preemption(tree, fair, ON, hadoop_version=(2, 8))
    q = fair.find
    assert q("root.C").min_share_starvation == {MEMORY: 1024, VCORES: 3}  # type: ignore[union-attr]
    assert q("root.D").min_share_starvation == {MEMORY: 1024, VCORES: 2}  # type: ignore[union-attr]
    assert q("root.C").fair_share_starvation == {MEMORY: 1536, VCORES: 3}  # type: ignore[union-attr]
    assert q("root.D").fair_share_starvation == {MEMORY: 1536, VCORES: 3}  # type: ignore[union-attr]


def test_r2_sibling_fair_share_3x(build: Build) -> None:
    # TestFairSchedulerPreemption#testPreemptionBetweenTwoSiblingLeafQueues (R2): greedy fair share 4096,
    # so 4 × 1 GB of its 8 GB can be taken; the starving sibling is short (4096, 4)
    tree = build(
        [
            (
                "preemptable",
                {"fairSharePreemptionThreshold": 1.0, "fairSharePreemptionTimeout": 0},
                [("child-1", {}, []), ("child-2", {}, [])],
            )
        ],
        root_settings={"schedulingPolicy": "drf"},
        tree_settings={"defaultQueueSchedulingPolicy": "drf"},
    )
    demand = snapshot(
        load("root.preemptable.child-1", (8192, 8), (8192, 8)), load("root.preemptable.child-2", (8192, 8))
    )
    fair = evaluate_fair(tree, {MEMORY: 8192, VCORES: 24}, demand)
    result = evaluate_preemption(tree, fair, ON)
    assert fair.find("root.preemptable.child-1").fair_share[MEMORY] == 4096  # type: ignore[union-attr]
    starving = fair.find("root.preemptable.child-2")
    assert starving is not None and starving.fair_share_starvation[MEMORY] == 4096
    assert result.preemptable["root.preemptable.child-1"][MEMORY] == 4096


def test_r4_no_preemption_from_disallowed_queue(build: Build) -> None:
    # TestFairSchedulerPreemption#testNoPreemptionFromDisallowedQueue (R4): greedy keeps its containers
    tree = build(
        [
            ("nonpreemptable", {"allowPreemptionFrom": False}, [("child-1", {}, [])]),
            (
                "preemptable",
                {"fairSharePreemptionThreshold": 1.0, "fairSharePreemptionTimeout": 0},
                [("child-1", {}, [])],
            ),
        ]
    )
    demand = snapshot(
        load("root.nonpreemptable.child-1", (8192, 8), (8192, 8)), load("root.preemptable.child-1", (8192, 8))
    )
    fair = evaluate_fair(tree, {MEMORY: 8192, VCORES: 24}, demand)
    result = evaluate_preemption(tree, fair, ON)
    assert result.starved_apps
    assert result.preemptable == {}


def test_a_dynamic_queue_takes_its_parents_preemption_settings(build: Build) -> None:
    # a user queue the snapshot names (nestedUserQueue under root.eng) is not in the file: the Fair
    # Scheduler creates it and FSQueue.updatePreemptionVariables gives it root.eng's values; this
    # crashed with KeyError 'root.eng.bob' once utilisation passed the threshold
    tree = build(
        [("eng", {"allowPreemptionFrom": False, "fairSharePreemptionTimeout": 7000}, [("a", {}, [])])]
    )
    cluster = {MEMORY: 100000, VCORES: 100}
    fair = evaluate_fair(
        tree,
        cluster,
        snapshot(load("root.eng.a", (90000, 90), (90000, 90)), load("root.eng.bob", (50000, 50))),
    )
    result = evaluate_preemption(tree, fair, ON)
    assert result.attempted
    bob = result.queues["root.eng.bob"]
    assert not bob.preemptable and bob.fair_share_timeout_ms == 7000
    assert "root.eng.bob" not in result.preemptable
