"""ComputeFairShares against Hadoop's own expectations (fs-math.md §4.1).

Every case is ``TestComputeFairShares`` (trunk); ``FakeSchedulable(min, max, w)`` sets memory only
and its int constructors default the max to ``Integer.MAX_VALUE``.
"""

from __future__ import annotations

import pytest

from fsctl.evaluate.compute_fair_shares import (
    DEFAULT_SEMANTICS,
    LONG_MAX,
    FairSharesNeverEnd,
    Schedulable,
    Semantics,
    compute_shares,
    compute_shares_internal,
    java_float,
)
from fsctl.model.resources import INT_MAX, MEMORY, VCORES


def fake(min_mb: int = 0, max_mb: int = INT_MAX, weight: float = 1.0) -> Schedulable:
    """FST/FakeSchedulable.java: memory min/max, vcores 0, an app (never inactive)."""
    return Schedulable(
        weight=weight,
        min_share={MEMORY: min_mb, VCORES: 0},
        max_share={MEMORY: max_mb, VCORES: 0},
        is_queue=False,
    )


CASES = [
    # (test id, schedulables, total memory, expected shares, expected R or None)
    ("C1 testEqualSharing", [fake(), fake(), fake(), fake()], 40, [10, 10, 10, 10], 10.0),
    ("C2 testLowMaxShares", [fake(0, 100), fake(0, 50), fake(0, 11), fake(0, 3)], 40, [13, 13, 11, 3], 13.0),
    ("C3 testMinShares", [fake(20), fake(18), fake(0), fake(2)], 40, [20, 18, 0, 2], 0.5),
    ("C4 testWeightedSharing", [fake(weight=2), fake(), fake(), fake(weight=0.5)], 45, [20, 10, 10, 5], None),
    (
        "C5 testWeightedSharingWithMaxShares",
        [fake(0, 10, 2), fake(0, 11, 1), fake(0, 30, 1), fake(0, 20, 0.5)],
        45,
        [10, 11, 16, 8],
        16.0,
    ),
    (
        "C6 testWeightedSharingWithMinShares",
        [fake(20, weight=2), fake(0), fake(5), fake(15, weight=0.5)],
        45,
        [20, 5, 5, 15],
        5.0,
    ),
    ("C7 testLargeShares", [fake(0, 4_000_000_000)] * 4, 16_000_000_000, [4_000_000_000] * 4, None),
    (
        "C8 testLargeMinimums",
        [fake(LONG_MAX, LONG_MAX), fake(4_000_000_000, 4_000_000_000)],
        16_000_000_000,
        [LONG_MAX, 4_000_000_000],
        None,
    ),
    (
        "C9 testOverflowMaxShare",
        [fake(0, 1_000_000_000), fake(0, LONG_MAX)],
        2_000_000_000,
        [1_000_000_000, 1_000_000_000],
        None,
    ),
    (
        "C10 testOverflowFixedShare",
        [fake(1_000_000_000, 1_000_000_000, 0), fake(LONG_MAX - 1, LONG_MAX, 0), fake(0, 1_000_000_000, 1)],
        1000,
        [1_000_000_000, LONG_MAX - 1, 0],
        None,
    ),
    ("C11 testEmptyList", [], 40, [], None),
]


@pytest.mark.parametrize(("case", "scheds", "total", "expected", "ratio"), CASES, ids=[c[0] for c in CASES])
def test_compute_fair_shares(
    case: str, scheds: list[Schedulable], total: int, expected: list[int], ratio: float | None
) -> None:
    # TestComputeFairShares (trunk), fs-math.md §4.1
    cluster = {MEMORY: total, VCORES: 0}
    assert compute_shares(scheds, cluster, MEMORY) == expected
    assert compute_shares(scheds, cluster, MEMORY, steady=True) == expected
    if ratio is not None:
        _, got = compute_shares_internal(scheds, cluster, MEMORY, False, DEFAULT_SEMANTICS)
        assert got is not None and abs(got - ratio) < 1e-3


def test_cpu() -> None:
    # TestComputeFairShares#testCPU (C12): vcores min 20,0,5,15, weights 2,1,1,0.5, total (0, 45)
    scheds = [
        Schedulable(
            weight=w,
            min_share={MEMORY: 0, VCORES: m},
            max_share={MEMORY: INT_MAX, VCORES: INT_MAX},
            is_queue=False,
        )
        for m, w in ((20, 2), (0, 1), (5, 1), (15, 0.5))
    ]
    assert compute_shares(scheds, {MEMORY: 0, VCORES: 45}, VCORES) == [20, 5, 5, 15]


def test_two_int_max_minimums_do_not_hang() -> None:
    # policies/ComputeFairSharesTest (later index copy): two min Integer.MAX_VALUE schedulables
    scheds = [fake(INT_MAX, INT_MAX), fake(INT_MAX, INT_MAX)]
    assert compute_shares(scheds, {MEMORY: 100}, MEMORY) == [INT_MAX, INT_MAX]


def test_a_search_hadoop_never_ends_is_refused() -> None:
    # a NaN weight's share is (long) NaN = 0 at any ratio: Hadoop's doubling of R never stops
    # (ComputeFairShares.computeSharesInternal has no bound); with a finite sibling it does
    with pytest.raises(FairSharesNeverEnd):
        compute_shares([Schedulable(weight=float("nan"))], {MEMORY: 8192}, MEMORY, steady=True)
    nan_and_one = [Schedulable(weight=float("nan")), Schedulable(weight=1.0)]
    assert compute_shares(nan_and_one, {MEMORY: 8192}, MEMORY, steady=True) == [0, 8192]


@pytest.mark.parametrize(
    ("count", "total", "each"),
    [(3, 10240, 3414), (5, 8192, 1639), (2, 1, 1), (4, 0, 0)],
)
def test_upper_bound_is_applied(count: int, total: int, each: int) -> None:
    # fs-math.md §1.4: the upper bound R is applied, so the shares may add up to more than the total
    # (3 × 3414 = 10242 > 10240: TestFairScheduler#testSimpleFairShareCalculation)
    scheds = [Schedulable(max_share={MEMORY: LONG_MAX}) for _ in range(count)]
    assert compute_shares(scheds, {MEMORY: total}, MEMORY, steady=True) == [each] * count


def test_inactive_queue_only_counts_in_steady_shares() -> None:
    # fs-math.md §1.3 rule 2: an inactive FSQueue is fixed at 0 for the instantaneous share only
    a = Schedulable(name="a", active=True)
    b = Schedulable(name="b", active=False, min_share={MEMORY: 100})
    assert compute_shares([a, b], {MEMORY: 1000}, MEMORY) == [1000, 0]
    assert compute_shares([a, b], {MEMORY: 1000}, MEMORY, steady=True) == [500, 500]


def test_zero_weight_takes_its_min_share() -> None:
    # fs-math.md §1.3 rule 3; TestFairScheduler#testFairShareWithZeroWeightNoneZeroMinRes (F5)
    scheds = [Schedulable(weight=0, min_share={MEMORY: 1}), Schedulable(weight=0, min_share={MEMORY: 1})]
    assert compute_shares(scheds, {MEMORY: 8192}, MEMORY) == [1, 1]
    zero = [Schedulable(weight=0), Schedulable(weight=0)]  # F4 testFairShareWithZeroWeight
    assert compute_shares(zero, {MEMORY: 8192}, MEMORY) == [0, 0]


def test_weights_are_java_floats() -> None:
    assert java_float(0.2) != 0.2
    assert java_float(0.5) == 0.5
    # a tiny weight truncates to 0 (TestFairScheduler#testRequestAMResourceInZeroFairShareQueue, F14)
    scheds = [Schedulable(weight=2), Schedulable(weight=0.000001)]
    assert compute_shares(scheds, {MEMORY: 8192}, MEMORY)[1] == 0


def test_old_semantics_let_inactive_queues_take_part() -> None:
    # fs-math.md §1.4: in 2.1–2.5 every child queue took part, active or not
    a = Schedulable(active=True)
    b = Schedulable(active=False)
    old = Semantics.for_version((2, 5))
    assert compute_shares([a, b], {MEMORY: 1000}, MEMORY, semantics=old) == [500, 500]
    assert compute_shares([a, b], {MEMORY: 1000}, MEMORY, semantics=Semantics.for_version((2, 6))) == [
        1000,
        0,
    ]
