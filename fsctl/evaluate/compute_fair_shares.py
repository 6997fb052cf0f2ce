"""Hadoop's ``ComputeFairShares``: weighted max-min fair sharing by bisection on a ratio R.

Follows ``scheduler/fair/policies/ComputeFairShares.java`` (trunk) exactly, for one resource type at
a time: weights are Java floats promoted to double, each share is ``(long)`` of a double, the upper
bound of R is found by doubling, then 25 bisection steps (stopping early when the sum hits the
target exactly), and the *upper* bound is applied, so the shares may add up to more than the total.
"Fixed" schedulables (max 0, inactive queue, weight 0) are settled before the search.
fs-math.md §1 writes this out; the tests replay ``TestComputeFairShares``.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from fsctl.model.resources import INT_MAX, UNBOUNDED, java_int, java_long
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

COMPUTE_FAIR_SHARES_ITERATIONS = 25
LONG_MAX = UNBOUNDED


class FairSharesNeverEnd(ArithmeticError):
    """``computeSharesInternal`` doubles R until the shares use the target, with no bound: when
    no R does (a NaN weight: Java's ``(long) NaN`` share is 0 at any ratio), Hadoop loops forever
    in the scheduler's update. fsctl stops at R = infinity, where every later step is the same.
    ``queues``: the paths of the NaN-weight queues among the schedulables, when the caller knows them."""

    def __init__(self, message: str, queues: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.queues = queues


def java_float(value: float) -> float:
    """``(float) d``: the nearest float32, as a Python float (so ``0.2`` becomes 0.20000000298…)."""
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return float("inf") if value > 0 else float("-inf")


def safe_add(a: int, b: int) -> int:
    """``ComputeFairShares.safeAdd``: Long.MAX_VALUE on overflow."""
    total = a + b
    return LONG_MAX if total > LONG_MAX else total


@dataclass(slots=True)
class Schedulable:
    """What ComputeFairShares reads from a queue or an application (``Schedulable.java``).

    ``weight`` is stored as given and rounded to a Java float where it is used. ``is_queue`` marks an
    ``FSQueue`` (only queues can be inactive); ``active`` is "has runnable apps in its subtree".
    Missing resource types in ``min_share`` count as 0, in ``max_share`` as unbounded.
    """

    name: str = ""
    weight: float = 1.0
    min_share: Mapping[str, int] = field(default_factory=dict)
    max_share: Mapping[str, int] = field(default_factory=dict)
    demand: Mapping[str, int] = field(default_factory=dict)
    usage: Mapping[str, int] = field(default_factory=dict)
    is_queue: bool = True
    active: bool = True
    start_time: int = 0
    priority: int = 1

    def min_of(self, rtype: str) -> int:
        return self.min_share.get(rtype, 0)

    def max_of(self, rtype: str) -> int:
        return self.max_share.get(rtype, LONG_MAX)


class Shareable(Protocol):
    """What the search reads: a :class:`Schedulable`, or a simulated queue as it stands."""

    @property
    def weight(self) -> float: ...
    @property
    def min_share(self) -> Mapping[str, int]: ...
    @property
    def max_share(self) -> Mapping[str, int]: ...
    @property
    def is_queue(self) -> bool: ...
    @property
    def active(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Semantics:
    """Which generation of the algorithm to run (fs-math.md §1.2–§1.4 history).

    ``fixed``: YARN-1458/2026/2393 fixed schedulables (from 2.6); before that, inactive queues still
    take part. ``early_exit``: YARN-1923 equality break (from 2.5). ``int_arithmetic``: before
    YARN-8833/9173 shares were ``int`` (2.x before 2.10; oracle: 2.10.2 computes in ``long``).
    ``mandatory_types_only``: ``DominantResourceFairnessPolicy`` of 2.x shares memory and vcores
    only (``ResourceType.values()``), leaving a custom resource type's share at 0 (oracle: 2.10.2).
    """

    fixed: bool = True
    early_exit: bool = True
    int_arithmetic: bool = False
    mandatory_types_only: bool = False

    @classmethod
    def for_version(cls, version: HadoopVersion) -> Semantics:
        if version[0] >= 3:
            return cls()
        minor = version[1]
        return cls(
            fixed=minor >= 6, early_exit=minor >= 5, int_arithmetic=minor < 10, mandatory_types_only=True
        )


DEFAULT_SEMANTICS = Semantics.for_version(DEFAULT_VERSION)


def compute_share(sched: Schedulable, ratio: float, rtype: str, *, int_arithmetic: bool = False) -> int:
    """``computeShare``: ``(long) min(max(weight × R, min), max)``; max wins when min > max."""
    share = java_float(sched.weight) * ratio
    share = max(share, float(sched.min_of(rtype)))
    share = min(share, float(sched.max_of(rtype)))
    return java_int(share) if int_arithmetic else java_long(share)


def fixed_share(sched: Schedulable, rtype: str, *, steady: bool) -> int | None:
    """``getFairShareIfFixed``: the share of a schedulable that takes no part in the search, or None."""
    if sched.max_of(rtype) <= 0:
        return 0
    if not steady and sched.is_queue and not sched.active:
        return 0
    if java_float(sched.weight) <= 0:
        minimum = sched.min_of(rtype)
        return 0 if minimum <= 0 else minimum
    return None


def compute_shares(
    scheds: Sequence[Shareable],
    total: Mapping[str, int],
    rtype: str,
    *,
    steady: bool = False,
    semantics: Semantics = DEFAULT_SEMANTICS,
) -> list[int]:
    """The fair share of each schedulable for one resource type, in input order.

    ``steady=True`` is ``computeSteadyShares`` (every queue counts); ``steady=False`` is
    ``computeShares`` (inactive queues get 0). An empty input gives an empty list.
    """
    return compute_shares_internal(scheds, total, rtype, steady, semantics)[0]


#: java_float of the weights seen so far: a tree has few distinct weights, asked for again and again
_FLOAT32: dict[float, float] = {}
#: the ratio R the search settled on, per search input (parents with identical children are common);
#: bounded, so a huge tree cannot grow it without limit
_SOLVED: dict[tuple[object, ...], float] = {}
_CACHE_LIMIT = 65536


def _float32(value: float) -> float:
    # 0.0 and -0.0 share an entry: both are <= 0 and give the same (long) shares
    rounded = _FLOAT32.get(value)
    if rounded is None:
        if len(_FLOAT32) >= _CACHE_LIMIT:
            _FLOAT32.clear()
        rounded = _FLOAT32[value] = java_float(value)
    return rounded


def compute_shares_internal(
    scheds: Sequence[Shareable], total: Mapping[str, int], rtype: str, steady: bool, semantics: Semantics
) -> tuple[list[int], float | None]:
    """``computeSharesInternal``: the shares and the ratio R applied (None when nothing is searched).

    Called for every parent and resource type of a tree, twice: the per-schedulable work is inlined
    (:func:`fixed_share`, ``min_of``/``max_of``), and the ratio search, which depends only on the
    searched schedulables' (weight, min, max) and the target, is done once per distinct input.
    """
    shares = [0] * len(scheds)
    taken = 0
    search: list[int] = []  # indices of the schedulables that take part in the search
    # (java_float(weight), min, max) of each searched schedulable, in search order
    keys: list[tuple[float, int, int]] = []
    check_fixed = semantics.fixed
    float32 = _FLOAT32.get
    for index, sched in enumerate(scheds):
        weight = float32(sched.weight)
        if weight is None:
            weight = _float32(sched.weight)
        low = sched.min_share.get(rtype, 0)
        high = sched.max_share.get(rtype, LONG_MAX)
        # before 2.6 (no fixed schedulables) every schedulable took part, active or not
        if check_fixed:
            # fixed_share, inlined
            fixed: int | None = None
            if high <= 0 or (not steady and sched.is_queue and not sched.active):
                fixed = 0
            elif weight <= 0:
                fixed = 0 if low <= 0 else low
            if fixed is not None:
                shares[index] = fixed
                taken = safe_add(taken, fixed)
                continue
        search.append(index)
        keys.append((weight, low, high))
    if not search:
        return shares, None
    total_max_share = 0
    for _, _, high in keys:
        total_max_share = safe_add(total_max_share, high)
        if total_max_share == LONG_MAX:
            break
    target = min(total_max_share, max(total.get(rtype, 0) - taken, 0))
    cast = java_int if semantics.int_arithmetic else java_long
    # strictly inside the cast's range (NaN is not) the cast truncates like int()
    lowest, highest = (-(2**31), INT_MAX) if semantics.int_arithmetic else (-(2**63), LONG_MAX)

    memo_key = (target, semantics.int_arithmetic, semantics.early_exit, *keys)
    right = _SOLVED.get(memo_key)
    if right is None:
        right = _solve(keys, target, cast, semantics.early_exit)
        if len(_SOLVED) >= _CACHE_LIMIT:
            _SOLVED.clear()
        _SOLVED[memo_key] = right
    for index, (weight, low, high) in zip(search, keys, strict=True):
        share = min(max(weight * right, float(low)), float(high))
        shares[index] = int(share) if lowest < share < highest else cast(share)
    return shares, right


def _solve(
    keys: list[tuple[float, int, int]], target: int, cast: Callable[[float], int], early_exit: bool
) -> float:
    """The doubling and the bisection of ``computeSharesInternal``: the upper bound of R."""
    # identical schedulables (same weight, min and max) are summed once, times their count: the sum
    # of non-negative shares saturating at Long.MAX does not depend on the order of the terms
    counts: dict[tuple[float, int, int], int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    groups = [(w, float(lo), float(hi), n) for (w, lo, hi), n in counts.items()]

    def used_at(ratio: float) -> int:
        """``resourceUsedWithWeightToResourceRatio``."""
        used = 0
        for weight, low, high, count in groups:
            share = weight * ratio
            if share < low:  # Math.max(share, min)
                share = low
            if share > high:  # Math.min(share, max)
                share = high
            used += cast(share) * count
            if used >= LONG_MAX:
                return LONG_MAX
        return used

    r_max = 1.0
    while used_at(r_max) < target:
        if r_max == math.inf:
            raise FairSharesNeverEnd(
                f"Hadoop's fair share search (ComputeFairShares) never ends: no ratio shares {target} "
                "among these weights (a NaN weight, see fsctl simulate: SM107)"
            )
        r_max *= 2.0
    left, right = 0.0, r_max
    for _ in range(COMPUTE_FAIR_SHARES_ITERATIONS):
        mid = (left + right) / 2.0
        used = used_at(mid)
        if used == target and early_exit:
            right = mid
            break
        if used < target:
            left = mid
        else:
            right = mid
    return right
