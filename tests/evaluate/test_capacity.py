"""Capacity Scheduler effective capacities (cs.md §7, §9.3–§9.6, §9.16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fsctl.evaluate.capacity import CapacityResult, evaluate_capacity
from fsctl.model.resources import MEMORY, VCORES
from fsctl.model.tree import CAPACITY, QueueTree

Build = Callable[..., QueueTree]
GB = 1024


def cs(build: Build, children: list[Any], *, legacy: bool = True, **globals_: Any) -> QueueTree:
    settings = {"legacy-queue-mode.enabled": legacy, **globals_}
    return build(children, tree_settings=settings, fmt=CAPACITY)


def q(
    name: str,
    capacity: str | None = None,
    maximum: str | None = None,
    children: list[Any] | None = None,
    **more: Any,
) -> tuple[str, dict[str, Any], list[Any]]:
    settings: dict[str, Any] = dict(more)
    if capacity is not None:
        settings["capacity"] = capacity
    if maximum is not None:
        settings["maximum-capacity"] = maximum
    return (name, settings, children or [])


def get(result: CapacityResult, path: str) -> Any:
    found = result.find(path)
    assert found is not None, path
    return found


def queue_parsing_tree(build: Build) -> QueueTree:
    # TestQueueParsing#testQueueParsing (cs.md §9.3 #30)
    return cs(
        build,
        [
            q("a", "10", "15", [q("a1", "30", "45"), q("a2", "70", "85")]),
            q("b", "20", None, [q("b1", "50", "85"), q("b2", "30", "35"), q("b3", "20", "35")]),
            q(
                "c",
                "70",
                "70",
                [
                    q("c1", "50", "55", [q("c11", "15", "30"), q("c12", "45", "70"), q("c13", "40", "40")]),
                    q("c2", "10", "25"),
                    q("c3", "35", "38"),
                    q("c4", "5", "5"),
                ],
            ),
        ],
    )


@pytest.mark.parametrize(
    ("path", "abs_cap", "abs_max"),
    [("root.a", 0.10, 0.15), ("root.b.b1", 0.10, 0.85), ("root.c.c1.c12", 0.1575, 0.2695)],
)
def test_queue_parsing(build: Build, path: str, abs_cap: float, abs_max: float) -> None:
    # TestQueueParsing#testQueueParsing
    result = evaluate_capacity(queue_parsing_tree(build), {MEMORY: 100 * GB, VCORES: 100})
    assert get(result, path).absolute_capacity == pytest.approx(abs_cap, abs=1e-6)
    assert get(result, path).absolute_maximum_capacity == pytest.approx(abs_max, abs=1e-6)


def test_nested_queue_parsing(build: Build) -> None:
    # TestQueueParsing#testNestedQueueParsingShouldTrimSpaces (#33): a1 0.06 / 0.15, a2 0.04 / 0.15
    tree = cs(build, [q("a", "10", "15", [q("a1", "60"), q("a2", "40")]), q("b", "20"), q("c", "70", "70")])
    result = evaluate_capacity(tree, {MEMORY: 100 * GB, VCORES: 100})
    assert get(result, "root.a.a1").absolute_capacity == pytest.approx(0.06, abs=1e-6)
    assert get(result, "root.a.a2").absolute_capacity == pytest.approx(0.04, abs=1e-6)
    assert get(result, "root.a.a2").absolute_maximum_capacity == pytest.approx(0.15, abs=1e-6)


def test_disable_elasticity(build: Build) -> None:
    # TestQueueParsing#testQueueParsingWithLeafQueueDisableElasticity (#37): capacity above max is allowed
    tree = cs(build, [q("a", "50"), q("b", "50", "100", [q("b1", "20"), q("b2", "80", "40")])])
    b2 = get(evaluate_capacity(tree, {MEMORY: 1000, VCORES: 10}), "root.b.b2")
    assert b2.absolute_capacity == pytest.approx(0.4) and b2.absolute_maximum_capacity == pytest.approx(0.4)


def test_percentage_resources_truncate(build: Build) -> None:
    # TestUniformQueueResourceCalculation#testPercentageResourceCalculation (#74): floor(cluster × product)
    tree = cs(build, [q("a", "30", None, [q("a1", "17"), q("a2", "83")]), q("b", "70")])
    result = evaluate_capacity(tree, {MEMORY: 10 * GB, VCORES: 20})
    assert get(result, "root.a").guaranteed == {MEMORY: 3072, VCORES: 6}
    assert get(result, "root.b").maximum == {MEMORY: 10240, VCORES: 20}


@pytest.mark.parametrize(
    ("weights", "path", "fraction", "memory"),
    [
        # TestCapacitySchedulerNewQueueAutoCreation (#60, #61, #64) on one 1200 GB node
        ({"a": "1w", "b": "1w", "c": "1w"}, "root.c", 1 / 3, 400 * GB),
        ({"a": "1w", "b": "1w", "c": "1w", "d": "1w"}, "root.d", 0.25, 300 * GB),
        ({"a": "6w", "b": "1w", "c": "1w", "d": "1w", "e": "1w"}, "root.a", 0.6, 720 * GB),
        # TestCapacitySchedulerWeightMode#testQueueInfoWeight (#164): derived 1/6, 2/6, 3/6
        ({"a": "1w", "b": "2w", "default": "3w"}, "root.default", 0.5, 600 * GB),
    ],
)
def test_weight_mode(build: Build, weights: dict[str, str], path: str, fraction: float, memory: int) -> None:
    tree = cs(build, [q(name, w) for name, w in weights.items()])
    queue = get(evaluate_capacity(tree, {MEMORY: 1200 * GB, VCORES: 1200}), path)
    assert queue.absolute_capacity == pytest.approx(fraction, abs=1e-6)
    assert queue.guaranteed[MEMORY] == memory


def test_weights_normalise_per_level(build: Build) -> None:
    # DOC example and cs.md §7.1: 3w, 2w, 5w -> 0.3, 0.2, 0.5; e1 the only child of e gets all of e (#63)
    tree = cs(build, [q("x", "3w"), q("y", "2w"), q("z", "5w", None, [q("z1", "1w")])])
    result = evaluate_capacity(tree, {MEMORY: 1000, VCORES: 10})
    assert [get(result, f"root.{n}").absolute_capacity for n in "xyz"] == pytest.approx([0.3, 0.2, 0.5])
    assert get(result, "root.z.z1").absolute_capacity == pytest.approx(0.5)


def test_weight_parent_percentage_children(build: Build) -> None:
    # TestCapacitySchedulerWeightMode ...WeightAndPercentMixed1 (#161): a 1w, b 9w; b1 50, b2 50
    tree = cs(
        build, [q("a", "1w", None, [q("a1", "100")]), q("b", "9w", None, [q("b1", "50"), q("b2", "50")])]
    )
    result = evaluate_capacity(tree, {MEMORY: 1000, VCORES: 10})
    assert get(result, "root.b.b1").absolute_capacity == pytest.approx(0.45)
    assert get(result, "root.a.a1").absolute_capacity == pytest.approx(0.1)


def absolute_tree(build: Build, legacy: bool = True) -> QueueTree:
    # TestAbsoluteResourceConfiguration#testEffectiveResourceAfterReducingClusterResource (#57)
    return cs(
        build,
        [
            q("qA", "[memory=102400,vcores=10]", "[memory=204800,vcores=30]"),
            q("qB", "[memory=51200,vcores=10]", "[memory=153600,vcores=30]"),
            q("qC", "[memory=25600,vcores=5]", "[memory=153600,vcores=20]"),
            q("qD", "[memory=25600,vcores=5]"),
        ],
        legacy=legacy,
    )


def test_absolute_as_configured(build: Build) -> None:
    result = evaluate_capacity(absolute_tree(build), {MEMORY: 250 * GB, VCORES: 40})
    assert get(result, "root.qA").guaranteed == {MEMORY: 102400, VCORES: 10}
    assert get(result, "root.qA").maximum == {MEMORY: 204800, VCORES: 30}


def test_absolute_downscaled(build: Build) -> None:
    # after the cluster drops to 125 GB / 20: memory ratio 0.625, vcores 20/30; every effMax 128000/20
    result = evaluate_capacity(absolute_tree(build), {MEMORY: 128000, VCORES: 20})
    assert get(result, "root.qA").guaranteed == {MEMORY: 64000, VCORES: 6}
    assert get(result, "root.qB").guaranteed == {MEMORY: 32000, VCORES: 6}
    assert get(result, "root.qC").guaranteed == {MEMORY: 16000, VCORES: 3}
    for name in ("qA", "qB", "qC"):
        assert get(result, f"root.{name}").maximum == {MEMORY: 128000, VCORES: 20}


@pytest.mark.parametrize(
    ("cluster", "legacy", "a", "b"),
    [
        # TestParentQueue#testAbsoluteResourceWithChangeInClusterResource (#58)
        ({MEMORY: 20480, VCORES: 32}, True, {MEMORY: 6144, VCORES: 10}, {MEMORY: 14336, VCORES: 22}),
        ({MEMORY: 10240, VCORES: 16}, True, {MEMORY: 3072, VCORES: 5}, {MEMORY: 7168, VCORES: 11}),
        ({MEMORY: 10240, VCORES: 40}, True, {MEMORY: 3072, VCORES: 12}, {MEMORY: 7168, VCORES: 27}),
        ({MEMORY: 10240, VCORES: 40}, False, {MEMORY: 3072, VCORES: 10}, {MEMORY: 7168, VCORES: 22}),
    ],
)
def test_absolute_cluster_change(
    build: Build, cluster: dict[str, int], legacy: bool, a: dict[str, int], b: dict[str, int]
) -> None:
    tree = cs(build, [q("a", "[memory=6144,vcores=10]"), q("b", "[memory=14336,vcores=22]")], legacy=legacy)
    result = evaluate_capacity(tree, cluster)
    assert get(result, "root.a").guaranteed == a
    assert get(result, "root.b").guaranteed == b


def test_derive_capacity_from_absolute(build: Build) -> None:
    # TestParentQueue#testDeriveCapacityFromAbsoluteConfigurations (#59): 0.3 / 0.7, maxApps 3000 / 7000
    tree = cs(build, [q("a", "[memory=6144,vcores=10]"), q("b", "[memory=14336,vcores=22]")])
    result = evaluate_capacity(tree, {MEMORY: 20480, VCORES: 32})
    assert get(result, "root.a").capacity == pytest.approx(0.3)
    assert get(result, "root.a").maximum_capacity == pytest.approx(1.0)
    assert [get(result, p).max_applications for p in ("root.a", "root.b")] == [3000, 7000]
    capped = evaluate_capacity(
        cs(
            build,
            [q("a", "[memory=6144,vcores=10]"), q("b", "[memory=14336,vcores=22]")],
            **{"global-queue-max-application": 8000},
        ),
        {MEMORY: 20480, VCORES: 32},
    )
    assert [get(capped, p).max_applications for p in ("root.a", "root.b")] == [2400, 5600]


def test_application_limits(build: Build) -> None:
    # TestApplicationLimits (cs.md §7.4, §7.5): A 10%, MULP 50, ULF 5, AM 10% on 80 GB
    tree = cs(
        build,
        [
            q(
                "A",
                "10",
                None,
                **{
                    "minimum-user-limit-percent": 50.0,
                    "user-limit-factor": 5.0,
                    "maximum-am-resource-percent": 0.1,
                },
            ),
            q("B", "90"),
        ],
    )
    a = get(evaluate_capacity(tree, {MEMORY: 80 * GB, VCORES: 80}), "root.A")
    assert a.am_limit[MEMORY] == 8 * GB
    assert a.user_am_limit[MEMORY] == 4 * GB
    assert a.max_applications == 1000 and a.max_applications_per_user == 1000
    big = get(evaluate_capacity(tree, {MEMORY: 1600 * GB, VCORES: 80}), "root.A")
    assert (big.am_limit[MEMORY], big.user_am_limit[MEMORY]) == (160 * GB, 80 * GB)


def test_non_legacy_doc_example(build: Build) -> None:
    # CapacityScheduler.md non-legacy example (#75), 32 GB / 32
    tree = cs(
        build,
        [
            q("default", "[memory=1w,vcores=1w]"),
            q(
                "test_1",
                "[memory=16384,vcores=16]",
                None,
                [
                    q("test_1_1", "[memory=50%,vcores=50%]"),
                    q("test_1_2", "[memory=1w,vcores=1w]"),
                    q("test_1_3", "[memory=12288,vcores=12]"),
                ],
            ),
            q("test_2", "[memory=75%,vcores=75%]"),
        ],
        legacy=False,
    )
    result = evaluate_capacity(tree, {MEMORY: 32768, VCORES: 32})
    expected = {
        "root.default": (4096, 4, 0.125),
        "root.test_1": (16384, 16, 0.5),
        "root.test_1.test_1_1": (2048, 2, 0.0625),
        "root.test_1.test_1_2": (2048, 2, 0.0625),
        "root.test_1.test_1_3": (12288, 12, 0.375),
        "root.test_2": (12288, 12, 0.375),
    }
    for path, (memory, vcores, absolute) in expected.items():
        queue = get(result, path)
        assert queue.guaranteed == {MEMORY: memory, VCORES: vcores}, path
        assert queue.absolute_capacity == pytest.approx(absolute), path


def test_non_legacy_min_and_max_types(build: Build) -> None:
    # TestMixedQueueResourceCalculation#testDifferentMinimumAndMaximumCapacityTypes (#76)
    tree = cs(
        build,
        [
            q("A", "[memory=50%,vcores=8]", "[memory=16384,vcores=80%]"),
            q("B", "[memory=6w,vcores=100%]", "[memory=16384,vcores=8]"),
        ],
        legacy=False,
    )
    result = evaluate_capacity(tree, {MEMORY: 16384, VCORES: 16})
    assert get(result, "root.A").guaranteed == {MEMORY: 8192, VCORES: 8}
    assert get(result, "root.A").maximum == {MEMORY: 16384, VCORES: 12}
    assert get(result, "root.B").guaranteed == {MEMORY: 8192, VCORES: 8}
    assert get(result, "root.B").maximum == {MEMORY: 16384, VCORES: 8}


def test_non_legacy_zero_memory_zeroes_everything(build: Build) -> None:
    # TestMixedQueueResourceCalculation#testZeroResourceIfNoMemory (#78)
    tree = cs(build, [q("A", "[memory=100%,vcores=6w]"), q("B", "[memory=16384,vcores=8]")], legacy=False)
    result = evaluate_capacity(tree, {MEMORY: 16384, VCORES: 16})
    assert get(result, "root.A").guaranteed == {MEMORY: 0, VCORES: 0}
    assert get(result, "root.B").guaranteed == {MEMORY: 16384, VCORES: 8}


def test_deep_capacity_tree_is_iterative(build: Build) -> None:
    spec: list[Any] = []
    level = spec
    for i in range(2000):
        child: list[Any] = []
        level.append((f"q{i}", {"capacity": "100"}, child))
        level = child
    result = evaluate_capacity(cs(build, spec), {MEMORY: 1000, VCORES: 10})
    assert result.queues[-1].guaranteed[MEMORY] == 1000


def labels(**per_label: tuple[str, str | None]) -> dict[str, str]:
    """The keys of per-label capacities: ``accessible-node-labels.<label>.capacity`` and maximum."""
    out: dict[str, str] = {}
    for label, (capacity, maximum) in per_label.items():
        out[f"accessible-node-labels.{label}.capacity"] = capacity
        if maximum is not None:
            out[f"accessible-node-labels.{label}.maximum-capacity"] = maximum
    return out


def test_check_queue_labels(build: Build) -> None:
    # TestQueueParsing#checkQueueLabels (cs.md §9.3 #34)
    tree = cs(
        build,
        [
            q(
                "a",
                "10",
                "15",
                [
                    q("a1", "30", **labels(red=("50", None), blue=("100", None))),
                    q("a2", "70", "85", **labels(red=("50", "60"))),
                ],
                **labels(red=("50", "50"), blue=("50", None)),
            ),
            q(
                "b",
                "90",
                None,
                [
                    q("b1", "80", **labels(red=("75", None), blue=("100", None))),
                    q("b3", "20", "35", **labels(red=("25", None))),
                ],
                **labels(red=("50", None), blue=("50", None)),
            ),
        ],
    )
    result = evaluate_capacity(tree, {MEMORY: 1000, VCORES: 10})
    a2, b3 = get(result, "root.a.a2"), get(result, "root.b.b3")
    assert (a2.capacity, a2.labels["red"].capacity) == pytest.approx((0.7, 0.5))
    assert (a2.absolute_capacity, a2.labels["red"].absolute_capacity) == pytest.approx((0.07, 0.25))
    assert (a2.absolute_maximum_capacity, a2.labels["red"].absolute_maximum_capacity) == pytest.approx(
        (0.1275, 0.3)
    )
    assert (b3.absolute_capacity, b3.labels["red"].absolute_capacity) == pytest.approx((0.18, 0.125))
    assert (b3.absolute_maximum_capacity, b3.labels["red"].absolute_maximum_capacity) == pytest.approx(
        (0.35, 1.0)
    )


def test_label_weights(build: Build) -> None:
    # TestQueueParsing#testQueueCapacityWithWeight (#40): the only child, 100w / x 100w / z 70w:
    # 1.0 everywhere
    tree = cs(build, [q("a", "100w", None, **labels(x=("100w", None), z=("70w", None)))])
    a = get(evaluate_capacity(tree, {MEMORY: 1000, VCORES: 10}), "root.a")
    assert a.absolute_capacity == pytest.approx(1.0)
    assert a.labels["x"].absolute_capacity == pytest.approx(1.0)
    assert a.labels["z"].absolute_capacity == pytest.approx(1.0)


def test_a_weight_queues_capacity_is_hadoops_zero(build: Build) -> None:
    # oracle 3.4.2: QueueCapacities.capacity is 0 for 1w; the share is in absolute_capacity
    tree = cs(build, [q("a", "1w"), q("b", "3w", None, [q("x", "2w"), q("y", "2w")])])
    result = evaluate_capacity(tree, {MEMORY: 102400, VCORES: 100})
    assert [get(result, p).capacity for p in ("root.a", "root.b", "root.b.x")] == [0.0, 0.0, 0.0]
    assert get(result, "root.b.x").absolute_capacity == pytest.approx(0.375)


def test_absolute_children_beyond_their_parent_scale_down_in_float(build: Build) -> None:
    # oracle 3.4.2 and 3.3.6: (long) (101697 * 0.46213...f) is 46973 in float (46972 in double),
    # (long) (120 * 0.41666666f) is 50 (49 in double)
    tree = cs(build, [q("a", "[memory=101697,vcores=120]"), q("b", "[memory=120000,vcores=120]")])
    result = evaluate_capacity(tree, {MEMORY: 102400, VCORES: 100})
    assert get(result, "root.a").guaranteed == {MEMORY: 46973, VCORES: 50}
    assert get(result, "root.b").guaranteed == {MEMORY: 55427, VCORES: 50}
