"""Policy comparators (fs-math.md §2, §4.5, §4.6): negative means s1 gets resources first."""

from __future__ import annotations

import itertools

import pytest

from fsctl.evaluate.comparators import comparator, drf_comparator, fair_compare, fifo_compare
from fsctl.evaluate.compute_fair_shares import Schedulable
from fsctl.model.resources import MEMORY, VCORES


def sched(
    usage: tuple[int, int],
    weight: float = 1.0,
    minimum: tuple[int, int] = (0, 0),
    name: str = "s",
    start: int = 0,
    demand: tuple[int, int] = (0, 0),
) -> Schedulable:
    return Schedulable(
        name=name,
        weight=weight,
        usage={MEMORY: usage[0], VCORES: usage[1]},
        min_share={MEMORY: minimum[0], VCORES: minimum[1]},
        demand={MEMORY: demand[0], VCORES: demand[1]},
        start_time=start,
    )


DRF_CASES = [
    # (test id, cluster, s1, s2, expected sign) -- TestDominantResourceFairnessPolicy
    ("D1 testSameDominantResource", (8000, 4), sched((1000, 1)), sched((2000, 1)), -1),
    ("D2 testDifferentDominantResource", (8000, 8), sched((4000, 3)), sched((2000, 5)), -1),
    ("D3 testOneIsNeedy", (8000, 8), sched((2000, 5), minimum=(0, 6)), sched((4000, 3)), -1),
    ("D4 testBothAreNeedy a", (8000, 100), sched((2000, 5)), sched((4000, 3)), -1),
    (
        "D5 testBothAreNeedy b",
        (8000, 100),
        sched((2000, 5), minimum=(3000, 6)),
        sched((4000, 3), minimum=(5000, 4)),
        -1,
    ),
    ("D6 testEvenWeightsSameDominantResource", (8000, 8), sched((3000, 1), 2.0), sched((2000, 1)), -1),
    ("D7 testEvenWeightsSameDominantResource b", (8000, 8), sched((1000, 3), 2.0), sched((1000, 2)), -1),
    ("D8 testEvenWeightsDifferentDominantResource", (8000, 8), sched((1000, 3), 2.0), sched((2000, 1)), -1),
    ("D9 testEvenWeightsDifferentDominantResource b", (8000, 8), sched((3000, 1), 2.0), sched((1000, 2)), -1),
    (
        "D10 testCompareSchedulablesWithClusterResourceChanges",
        (4000, 5),
        sched((2000, 1)),
        sched((1000, 2)),
        1,
    ),
    (
        "D11 testCompareSchedulablesWithClusterResourceChanges b",
        (8000, 6),
        sched((2000, 1)),
        sched((1000, 2)),
        -1,
    ),
]


@pytest.mark.parametrize(("case", "cluster", "s1", "s2", "sign"), DRF_CASES, ids=[c[0] for c in DRF_CASES])
@pytest.mark.parametrize("version", [(3, 2), (3, 3), (3, 4)])
def test_drf_comparator(
    case: str, cluster: tuple[int, int], s1: Schedulable, s2: Schedulable, sign: int, version: tuple[int, int]
) -> None:
    # TestDominantResourceFairnessPolicy (the *2 variants: memory and vcores only),
    # before and after YARN-11482
    compare = drf_comparator({MEMORY: cluster[0], VCORES: cluster[1]}, version)
    assert (compare(s1, s2) > 0) - (compare(s1, s2) < 0) == sign
    if version >= (3, 3):  # the s2Needy bug makes the old comparator asymmetric
        assert (compare(s2, s1) > 0) - (compare(s2, s1) < 0) == -sign


@pytest.mark.parametrize(
    ("version", "buggy"), [((3, 4), False), ((3, 3), False), ((3, 2), True), ((3, 1), True)]
)
def test_drf_s2_needy_bug_before_yarn_11482(version: tuple[int, int], buggy: bool) -> None:
    # fs-math.md §2.2: s2Needy used s1's usage before YARN-11482 (3.4.0, and 3.3.6's Comparator2): s2
    # (usage 4000 >= min 3000) counts as needy when s1's usage (1000) is below s2's min share
    cluster = {MEMORY: 8000, VCORES: 8}
    s1 = sched((1000, 1), minimum=(2000, 0))
    s2 = sched((4000, 1), minimum=(3000, 0))
    assert drf_comparator(cluster, version)(s1, s2) < 0  # buggy: both needy, 0.5 vs 1.33 still s1 first
    s3 = sched((1000, 1), minimum=(500, 0))  # not needy itself, but makes s2 look needy under the bug
    assert (drf_comparator(cluster, version)(s3, s2) > 0) == buggy


def test_fair_comparator_order() -> None:
    # FairSharePolicy.FairShareComparator (fs-math.md §2.1)
    no_demand = sched((0, 0), name="a")
    demanding = sched((0, 0), name="b", demand=(10, 1))
    assert fair_compare(no_demand, demanding) > 0  # YARN-6769: no demand goes last
    needy = sched((10, 1), minimum=(100, 0), demand=(200, 1), name="n")
    rich = sched((5, 1), demand=(200, 1), name="r")
    assert fair_compare(needy, rich) < 0  # the needy one first
    light = sched((100, 1), weight=2.0, demand=(1, 1), name="l")
    heavy = sched((100, 1), weight=1.0, demand=(1, 1), name="h")
    assert fair_compare(light, heavy) < 0  # usage / weight
    zero = sched((0, 0), weight=0.0, demand=(1, 1), name="z")
    assert fair_compare(heavy, zero) < 0  # a zero weight goes after a non-zero one
    early, late = (
        sched((0, 0), name="x", start=1, demand=(1, 1)),
        sched((0, 0), name="w", start=2, demand=(1, 1)),
    )
    assert fair_compare(early, late) < 0  # start time, then name
    assert fifo_compare(early, late) < 0 and comparator("fifo", {})(late, early) > 0


def test_fair_comparator_transitive() -> None:
    # TestSchedulingPolicy#testFairShareComparatorTransitivity (P5), on a sample of the 162 schedulables
    pool = [
        sched(usage, weight, (0, 1), name, start, demand)
        for demand, name, start, usage, weight in itertools.product(
            [(0, 0), (4, 1)], "ABC", [1, 2, 3], [(0, 1), (2, 1), (4, 1)], [0.0, 1.0, 2.0]
        )
    ]
    assert len(pool) == 162
    ordered = sorted(pool, key=__import__("functools").cmp_to_key(fair_compare))
    for i in range(
        len(ordered) - 1
    ):  # a consistent total order: every later one compares >= every earlier one
        assert fair_compare(ordered[i], ordered[i + 1]) <= 0
    for a, b, c in itertools.islice(itertools.product(pool[::7], pool[::5], pool[::3]), 20000):
        if fair_compare(a, b) < 0 and fair_compare(b, c) < 0:
            assert fair_compare(a, c) < 0
