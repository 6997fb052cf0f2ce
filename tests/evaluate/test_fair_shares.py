"""Hierarchical steady and instantaneous fair shares (fs-math.md §4.3, §4.4, §4.6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fsctl.evaluate.fair import FairResult, evaluate_fair
from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES, ResourceSpec
from fsctl.model.tree import QueueTree

Build = Callable[..., QueueTree]


def res(memory: int, vcores: int = UNBOUNDED) -> ResourceSpec:
    return ResourceSpec.of({MEMORY: memory, VCORES: vcores})


def active(*paths: str, demand: int = 1024) -> DemandSnapshot:
    return DemandSnapshot(queues={p: QueueLoad(p, demand={MEMORY: demand, VCORES: 1}, apps=1) for p in paths})


def mem(result: FairResult, path: str, kind: str = "fair_share") -> int | None:
    queue = result.find(path)
    assert queue is not None, path
    value: dict[str, int] = getattr(queue, kind)
    return value.get(MEMORY)


def cluster(memory: int, vcores: int = 0) -> dict[str, int]:
    return {MEMORY: memory, VCORES: vcores}


def test_f1_simple_fair_share(build: Build) -> None:
    # TestFairScheduler#testSimpleFairShareCalculation: 3 × 3414 on 10240 (the sum is 10242)
    tree = build([("default", {}, []), ("queue1", {}, []), ("queue2", {}, [])])
    result = evaluate_fair(tree, cluster(10240, 10), active("root.default", "root.queue1", "root.queue2"))
    for q in ("root.default", "root.queue1", "root.queue2"):
        assert mem(result, q) == 3414
        assert mem(result, q, "steady_fair_share") == 3414


@pytest.mark.parametrize(
    ("case", "queues", "expected"),
    [
        # TestFairScheduler#testFairShareWithHighMaxResources (F2): not capped by demand
        (
            "F2",
            {
                "queueA": {"weight": 0.25, "maxResources": res(1073741824, 1000)},
                "queueB": {"weight": 0.75, "maxResources": res(1073741824, 1000)},
            },
            [2048, 6144],
        ),
        # testFairShareWithLowMaxResources (F3)
        (
            "F3",
            {
                "queueA": {"weight": 0.75, "maxResources": res(1024, 1)},
                "queueB": {"weight": 0.25, "maxResources": res(3072, 3)},
            },
            [1024, 3072],
        ),
        # testFairShareWithZeroWeight (F4)
        ("F4", {"queueA": {"weight": 0.0}, "queueB": {"weight": 0.0}}, [0, 0]),
        # testFairShareWithZeroWeightNoneZeroMinRes (F5)
        (
            "F5",
            {
                "queueA": {"weight": 0.0, "minResources": res(1, 1)},
                "queueB": {"weight": 0.0, "minResources": res(1, 1)},
            },
            [1, 1],
        ),
        # testFairShareWithNoneZeroWeightNoneZeroMinRes (F6)
        (
            "F6",
            {
                "queueA": {"weight": 0.5, "minResources": res(1024, 1)},
                "queueB": {"weight": 0.5, "minResources": res(1024, 1)},
            },
            [4096, 4096],
        ),
    ],
)
def test_two_active_queues(
    build: Build, case: str, queues: dict[str, dict[str, Any]], expected: list[int]
) -> None:
    # TestFairScheduler (fs-math.md §4.3); cluster 8192 MB / 8 vcores, root.default idle
    tree = build([("default", {}, [])] + [(name, settings, []) for name, settings in queues.items()])
    result = evaluate_fair(tree, cluster(8192, 8), active("root.queueA", "root.queueB"))
    assert [mem(result, "root.queueA"), mem(result, "root.queueB")] == expected
    assert mem(result, "root.default") == 0


def test_f8_hierarchical(build: Build) -> None:
    # TestFairScheduler#testSimpleHierarchicalFairShareCalculation
    tree = build([("default", {}, []), ("parent", {}, [("queue2", {}, []), ("queue3", {}, [])])])
    result = evaluate_fair(
        tree, cluster(240, 1), active("root.default", "root.parent.queue2", "root.parent.queue3")
    )
    for kind in ("fair_share", "steady_fair_share"):
        assert [
            mem(result, q, kind) for q in ("root.default", "root.parent.queue2", "root.parent.queue3")
        ] == [120, 60, 60]


def test_f9_min_alloc(build: Build) -> None:
    # TestFairScheduler#testFairShareWithMinAlloc
    tree = build(
        [("queueA", {"minResources": res(1024, 0)}, []), ("queueB", {"minResources": res(2048, 0)}, [])]
    )
    result = evaluate_fair(tree, cluster(3072, 0), active("root.queueA", "root.queueB"))
    assert [mem(result, "root.queueA"), mem(result, "root.queueB")] == [1024, 2048]


def test_f10_nested_user_queues(build: Build) -> None:
    # TestFairScheduler#testFairShareAndWeightsInNestedUserQueueRule
    tree = build(
        [
            ("default", {}, []),
            ("parentq", {"minResources": res(1024, 0)}, [("user1", {}, []), ("user2", {}, [])]),
        ]
    )
    result = evaluate_fair(
        tree, cluster(16384, 16), active("root.default", "root.parentq.user1", "root.parentq.user2")
    )
    for user in ("root.parentq.user1", "root.parentq.user2"):
        assert mem(result, user) == 4096
        assert mem(result, user, "steady_fair_share") == 4096


@pytest.mark.parametrize(
    ("memory", "weights", "expected"),
    [(0, (1, 1, 1), [0, 0, 0]), (6144, (1, 1, 1), [2048, 2048, 2048])],
)
def test_f11_steady_share_with_node_add_remove(
    build: Build, memory: int, weights: tuple[int, ...], expected: list[int]
) -> None:
    # TestFairScheduler#testSteadyFairShareWithReloadAndNodeAddRemove (drf root)
    tree = build(
        [("default", {"schedulingPolicy": "drf"}, [])]
        + [
            (f"child{i + 1}", {"schedulingPolicy": "drf", "weight": float(w)}, [])
            for i, w in enumerate(weights[1:])
        ],
        root_settings={"schedulingPolicy": "drf"},
    )
    result = evaluate_fair(tree, cluster(memory, 6 if memory else 0))
    got = [mem(result, q, "steady_fair_share") for q in ("root.default", "root.child1", "root.child2")]
    assert got == expected


def test_f11_after_reload(build: Build) -> None:
    # same test, after the reload: child1 w1, child2 w2, child3 w2 (+ default w1) -> 1024, 2048, 2048
    tree = build(
        [
            ("default", {}, []),
            ("child1", {"weight": 1.0}, []),
            ("child2", {"weight": 2.0}, []),
            ("child3", {"weight": 2.0}, []),
        ],
        root_settings={"schedulingPolicy": "drf"},
        tree_settings={"defaultQueueSchedulingPolicy": "drf"},
    )
    result = evaluate_fair(tree, cluster(6144, 6))
    assert [mem(result, f"root.child{i}", "steady_fair_share") for i in (1, 2, 3)] == [1024, 2048, 2048]


def test_f12_queue_created_at_runtime(build: Build) -> None:
    # TestFairScheduler#testSteadyFairShareWithQueueCreatedRuntime: default alone 6144, then 3072 / 3072
    assert (
        mem(evaluate_fair(build([("default", {}, [])]), cluster(6144)), "root.default", "steady_fair_share")
        == 6144
    )
    two = evaluate_fair(build([("default", {}, []), ("user1", {}, [])]), cluster(6144))
    assert [mem(two, "root.default", "steady_fair_share"), mem(two, "root.user1", "steady_fair_share")] == [
        3072,
        3072,
    ]


def test_f15_demand_capped_by_max(build: Build) -> None:
    # TestFairScheduler#testUpdateDemand / TestFSLeafQueue#testUpdateDemand: 2 × 8192, max 8192
    tree = build([("queue1", {"maxResources": res(8192, 100)}, [])])
    snapshot = DemandSnapshot(
        queues={
            "root.queue1": QueueLoad(
                "root.queue1",
                applications=[
                    AppLoad("a1", demand={MEMORY: 8192, VCORES: 1}),
                    AppLoad("a2", demand={MEMORY: 8192, VCORES: 1}),
                ],
            )
        }
    )
    result = evaluate_fair(tree, cluster(16384, 16), snapshot)
    queue = result.find("root.queue1")
    assert queue is not None and queue.demand[MEMORY] == 8192


# TestFairSchedulerFairShare (fs-math.md §4.4):
# root{parentA w8 {childA1..4}, parentB w1 {childB1, B2}, default}
def fair_share_tree(build: Build, policy: str = "fair") -> QueueTree:
    leaf = {"schedulingPolicy": policy}
    return build(
        [
            ("parentA", {"weight": 8.0, **leaf}, [(f"childA{i}", dict(leaf), []) for i in range(1, 5)]),
            ("parentB", {"weight": 1.0, **leaf}, [("childB1", dict(leaf), []), ("childB2", dict(leaf), [])]),
            ("default", {"weight": 1.0, **leaf}, []),
        ],
        root_settings=leaf,
    )


def test_s1_no_apps_running(build: Build) -> None:
    result = evaluate_fair(fair_share_tree(build), cluster(16384))
    for q in result.queues[1:]:
        assert q.fair_share.get(MEMORY) == 0
    for i in range(1, 5):
        assert mem(result, f"root.parentA.childA{i}", "steady_fair_share") == 3277
    for i in (1, 2):
        assert mem(result, f"root.parentB.childB{i}", "steady_fair_share") == 819


@pytest.mark.parametrize(
    ("case", "leaves", "expected"),
    [
        (
            "S2 testFairShareOneAppRunning",
            ["root.parentA.childA1"],
            {"root.parentA.childA1": 16384, "root.parentA.childA2": 0},
        ),
        (
            "S3 testFairShareMultipleActiveQueuesUnderSameParent",
            ["root.parentA.childA1", "root.parentA.childA2", "root.parentA.childA3"],
            {"root.parentA.childA1": 5462, "root.parentA.childA2": 5462, "root.parentA.childA3": 5462},
        ),
        (
            "S4 testFairShareMultipleActiveQueuesUnderDifferentParent",
            ["root.parentA.childA1", "root.parentA.childA2", "root.parentB.childB1", "root.default"],
            {"root.parentA.childA1": 6554, "root.parentA.childA2": 6554, "root.parentB.childB1": 1638},
        ),
        (
            "S5 testFairShareResetsToZeroWhenAppsComplete (before)",
            ["root.parentA.childA1", "root.parentA.childA2"],
            {"root.parentA.childA1": 8192, "root.parentA.childA2": 8192},
        ),
        (
            "S5 testFairShareResetsToZeroWhenAppsComplete (after)",
            ["root.parentA.childA2"],
            {"root.parentA.childA1": 0, "root.parentA.childA2": 16384},
        ),
    ],
)
def test_instantaneous_shares(build: Build, case: str, leaves: list[str], expected: dict[str, int]) -> None:
    # TestFairSchedulerFairShare, one node of 16384 MB
    result = evaluate_fair(fair_share_tree(build), cluster(16384), active(*leaves))
    assert {path: mem(result, path) for path in expected} == expected


def test_s6_drf(build: Build) -> None:
    # TestFairSchedulerFairShare#testFairShareWithDRFMultipleActiveQueuesUnderDifferentParent (16384 MB / 10)
    result = evaluate_fair(
        fair_share_tree(build, "drf"),
        cluster(16384, 10),
        active("root.parentA.childA1", "root.parentA.childA2", "root.parentB.childB1", "root.default"),
    )
    for q in ("root.parentA.childA1", "root.parentA.childA2"):
        assert result.find(q).fair_share == {MEMORY: 6554, VCORES: 4}  # type: ignore[union-attr]
    assert result.find("root.parentB.childB1").fair_share == {MEMORY: 1638, VCORES: 1}  # type: ignore[union-attr]
    assert result.find("root.parentA.childA3").steady_fair_share == {MEMORY: 3277, VCORES: 2}  # type: ignore[union-attr]
    # the B children get 0.05 of memory but 0.1 of the vcores: the upper bound R is applied
    assert result.find("root.parentB.childB2").steady_fair_share == {MEMORY: 819, VCORES: 1}  # type: ignore[union-attr]


def test_fair_policy_does_not_compute_vcores(build: Build) -> None:
    # fs-math.md §1.6: FairSharePolicy writes memory only; the other types are not computed
    result = evaluate_fair(fair_share_tree(build), cluster(16384, 10), active("root.default"))
    default = result.find("root.default")
    assert default is not None
    assert VCORES not in default.fair_share and VCORES not in default.steady_fair_share
    root = result.find("root")
    assert root is not None and root.fair_share == {MEMORY: 16384, VCORES: 10}


def test_p1_drf_child_of_fair_parent_is_not_created(build: Build) -> None:
    # TestSchedulingPolicy#testSchedulingPolicyViolation (P1),
    # TestSchedulingPolicy#testSchedulingPolicyViolationInTheMiddleLevel (P2)
    tree = build(
        [("level2", {}, [("level3", {"schedulingPolicy": "drf"}, [("leaf", {}, [])])]), ("ok", {}, [])]
    )
    result = evaluate_fair(tree, cluster(1000, 10))
    for path in ("root.level2.level3", "root.level2.level3.leaf"):
        queue = result.find(path)
        assert queue is not None and not queue.created and queue.steady_fair_share == {}
    assert mem(result, "root.level2", "steady_fair_share") == 500
    assert mem(result, "root.ok", "steady_fair_share") == 500


def test_p3_fifo_only_for_leaves(build: Build) -> None:
    # TestSchedulingPolicy#testFIFOPolicyOnlyForLeafQueues (P3)
    tree = build(
        [
            ("intermediate", {"schedulingPolicy": "fifo"}, [("leaf", {}, [])]),
            ("fifoleaf", {"schedulingPolicy": "fifo"}, []),
        ]
    )
    result = evaluate_fair(tree, cluster(1000, 10))
    assert not result.find("root.intermediate").created  # type: ignore[union-attr]
    assert result.find("root.fifoleaf").created  # type: ignore[union-attr]
    assert mem(result, "root.fifoleaf", "steady_fair_share") == 1000


def test_p4_drf_root_accepts_drf_and_fifo_children(build: Build) -> None:
    # TestSchedulingPolicy#testPolicyReinitialization (P4)
    children = [("child1", {"schedulingPolicy": "drf"}, []), ("child2", {"schedulingPolicy": "fifo"}, [])]
    fair_root = evaluate_fair(build(children), cluster(1000, 10))
    assert not fair_root.find("root.child1").created  # type: ignore[union-attr]
    drf_root = evaluate_fair(build(children, root_settings={"schedulingPolicy": "drf"}), cluster(1000, 10))
    assert drf_root.find("root.child1").created and drf_root.find("root.child2").created  # type: ignore[union-attr]
    assert drf_root.find("root.child2").steady_fair_share == {MEMORY: 500, VCORES: 5}  # type: ignore[union-attr]


def test_percentage_max_resources(build: Build) -> None:
    # ConfigurableResource.getResource: (long)(cluster × fraction)
    tree = build(
        [("a", {"maxResources": ResourceSpec.of_fractions({MEMORY: 0.25, VCORES: 0.25})}, []), ("b", {}, [])]
    )
    result = evaluate_fair(tree, cluster(10000, 10), active("root.a", "root.b"))
    a = result.find("root.a")
    assert a is not None and a.max_share == {MEMORY: 2500, VCORES: 2}
    assert mem(result, "root.a") == 2500 and mem(result, "root.b") == 7500


def test_max_share_is_componentwise_max_of_max_and_min(build: Build) -> None:
    # FSQueue.getMaxShare
    tree = build([("a", {"minResources": res(4096, 4), "maxResources": res(2048, 8)}, [])])
    a = evaluate_fair(tree, cluster(10000, 10)).find("root.a")
    assert a is not None and a.max_share == {MEMORY: 4096, VCORES: 8}


def test_apps_share_a_leaf(build: Build) -> None:
    # FSLeafQueue.updateInternal: runnable apps share the leaf's share; fifo gives it all to the first
    apps = [
        AppLoad("late", demand={MEMORY: 10, VCORES: 1}, start_time=2),
        AppLoad("early", demand={MEMORY: 10, VCORES: 1}, start_time=1),
    ]
    # listed in submission (start) order: early, then late
    for policy, expected in (("fair", [500, 500]), ("fifo", [1000, 0])):
        tree = build([("q", {"schedulingPolicy": policy}, [])])
        result = evaluate_fair(
            tree,
            cluster(1000, 10),
            DemandSnapshot(queues={"root.q": QueueLoad("root.q", applications=list(apps))}),
        )
        q = result.find("root.q")
        assert q is not None and [a.name for a in q.applications] == ["early", "late"]
        assert [a.fair_share.get(MEMORY) for a in q.applications] == expected


def test_max_running_apps_limits_active(build: Build) -> None:
    tree = build([("a", {"maxRunningApps": 0}, []), ("b", {}, [])])
    result = evaluate_fair(tree, cluster(1000, 10), active("root.a", "root.b"))
    assert not result.find("root.a").active  # type: ignore[union-attr]
    assert mem(result, "root.b") == 1000


def test_dynamic_queue_takes_max_child_resources(build: Build) -> None:
    # QueueManager.setChildResourceLimits: a dynamic child's maxResources is the parent's maxChildResources
    tree = build([("users", {"maxChildResources": res(300, 3)}, [("alice", {}, [])])])
    result = evaluate_fair(tree, cluster(1000, 10), active("root.users.alice", "root.users.bob"))
    bob = result.find("root.users.bob")
    assert bob is not None and bob.dynamic and bob.max_share[MEMORY] == 300
    assert mem(result, "root.users.bob") == 300 and mem(result, "root.users.alice") == 700


def test_deep_tree_is_iterative(build: Build) -> None:
    spec: list[Any] = []
    level = spec
    for i in range(3000):
        child: list[Any] = []
        level.append((f"q{i}", {}, child))
        level = child
    tree = build(spec)
    result = evaluate_fair(tree, cluster(1000, 1))
    assert result.queues[-1].steady_fair_share[MEMORY] == 1000


def test_size_based_weight(build: Build) -> None:
    # FSAppAttempt.getWeight with yarn.scheduler.fair.sizebasedweight: log2(1 + demand MB);
    # 0 demand gives weight 0, a fixed share of 0
    apps = [
        AppLoad("big", demand={MEMORY: 1023, VCORES: 1}),
        AppLoad("small", demand={MEMORY: 1, VCORES: 1}),
        AppLoad("idle", demand={MEMORY: 0, VCORES: 0}),
    ]
    tree = build([("q", {}, [])])
    snapshot = DemandSnapshot(queues={"root.q": QueueLoad("root.q", applications=apps)})
    result = evaluate_fair(tree, cluster(1100, 10), snapshot, size_based_weight=True)
    q = result.find("root.q")
    assert q is not None
    assert [a.weight for a in q.applications] == [10.0, 1.0, 0.0]
    assert [a.fair_share[MEMORY] for a in q.applications] == [1000, 100, 0]
