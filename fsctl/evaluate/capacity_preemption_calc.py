"""Hadoop's ``Resource`` arithmetic as the preemption policy uses it, one list of longs per resource.

A resource is a ``list[int]`` over the countable types in ``ResourceUtils`` order (``memory-mb``,
``vcores``, then the custom types). The functions are ``Resources`` (yarn-common) and the two
calculators, ``DefaultResourceCalculator`` (memory only) and ``DominantResourceCalculator``, with
Java's casts and float rounding; the ``*_to`` forms change their first argument in place, as
``Resources.addTo`` does, because the policy relies on what it mutates and what it shares.
Unchanged between Hadoop 3.3.6 and 3.4.2 for every method used here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from fsctl.hadoop.javanum import to_float32
from fsctl.model.resources import java_long

Res = list[int]


def zeros(size: int) -> Res:
    return [0] * size


def clone(r: Sequence[int]) -> Res:
    return list(r)


def add(a: Sequence[int], b: Sequence[int]) -> Res:
    return [x + y for x, y in zip(a, b, strict=True)]


def subtract(a: Sequence[int], b: Sequence[int]) -> Res:
    return [x - y for x, y in zip(a, b, strict=True)]


def add_to(a: Res, b: Sequence[int]) -> Res:
    for i, y in enumerate(b):
        a[i] += y
    return a


def subtract_from(a: Res, b: Sequence[int]) -> Res:
    for i, y in enumerate(b):
        a[i] -= y
    return a


def subtract_from_non_negative(a: Res, b: Sequence[int]) -> Res:
    """``Resources.subtractFromNonNegative``: only memory and vcores are floored at 0."""
    subtract_from(a, b)
    if a[0] < 0:
        a[0] = 0
    if a[1] < 0:
        a[1] = 0
    return a


def multiply(r: Sequence[int], by: float) -> Res:
    """``Resources.multiply``: ``(long) (value * by)`` per type."""
    return [java_long(v * by) for v in r]


def componentwise_min(a: Sequence[int], b: Sequence[int]) -> Res:
    return [x if x < y else y for x, y in zip(a, b, strict=True)]


def componentwise_max(a: Sequence[int], b: Sequence[int]) -> Res:
    return [x if x > y else y for x, y in zip(a, b, strict=True)]


def fits_in(smaller: Sequence[int], bigger: Sequence[int]) -> bool:
    """``Resources.fitsIn``: every type."""
    return all(s <= b for s, b in zip(smaller, bigger, strict=True))


def is_none(r: Sequence[int]) -> bool:
    """``Resources.none().equals(r)``."""
    return not any(r)


def create_resource(memory: int, size: int) -> Res:
    """``Resources.createResource(long memory)``: one vcore when there is memory, other types 0."""
    out = [0] * size
    out[0] = memory
    out[1] = 1 if memory > 0 else 0
    return out


def float_ratio(a: int, b: int) -> float:
    """``ResourceCalculator.divideSafelyAsFloat``: ``(float) a / (float) b``, 0 for 0/0."""
    if a == 0 and b == 0:
        return 0.0
    fa, fb = to_float32(float(a)), to_float32(float(b))
    if fb == 0.0:
        return math.copysign(math.inf, fa) if fa else math.nan
    return to_float32(fa / fb)


def java_double_divide(a: float, b: float) -> float:
    """``a / b`` on Java doubles: infinity or NaN where Python raises."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def java_double_compare(a: float, b: float) -> int:
    """``Double.compare``: NaN above everything, -0.0 below 0.0."""
    if a < b:
        return -1
    if a > b:
        return 1
    a_bits = _double_order(a)
    b_bits = _double_order(b)
    return (a_bits > b_bits) - (a_bits < b_bits)


def _double_order(value: float) -> tuple[int, float]:
    if math.isnan(value):
        return (2, 0.0)
    if value == 0.0:
        return (1, math.copysign(1.0, value))
    return (1, value)


class Calculator:
    """A ``ResourceCalculator``: ``DefaultResourceCalculator`` unless ``dominant``."""

    def __init__(self, dominant: bool, size: int) -> None:
        self.dominant = dominant
        self.size = size

    # -- comparisons ------------------------------------------------------------------------

    def compare(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> int:
        if not self.dominant:
            return (a[0] > b[0]) - (a[0] < b[0])
        if list(a) == list(b):
            return 0
        if not any(cluster):  # isAllInvalidDivisor: a plain componentwise comparison
            greater = any(x > y for x, y in zip(a, b, strict=True))
            smaller = any(x < y for x, y in zip(a, b, strict=True))
            return 0 if greater and smaller else 1 if greater else -1 if smaller else 0
        if self.size == 2:
            return _two_type_compare(cluster, a, b)
        a_shares = sorted(_share(c, v) for c, v in zip(cluster, a, strict=True))
        b_shares = sorted(_share(c, v) for c, v in zip(cluster, b, strict=True))
        diff = 0.0
        for x, y in zip(reversed(a_shares), reversed(b_shares), strict=True):
            if x == math.inf or y == math.inf:
                continue
            diff = x - y
            if diff != 0.0:
                break
        return (diff > 0) - (diff < 0)

    def less_than(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> bool:
        return self.compare(cluster, a, b) < 0

    def less_than_or_equal(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> bool:
        return self.compare(cluster, a, b) <= 0

    def greater_than(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> bool:
        return self.compare(cluster, a, b) > 0

    def greater_than_or_equal(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> bool:
        return self.compare(cluster, a, b) >= 0

    def min(self, cluster: Sequence[int], a: Res, b: Res) -> Res:
        """``Resources.min``: one of the two objects itself, not a copy."""
        return a if self.compare(cluster, a, b) <= 0 else b

    def max(self, cluster: Sequence[int], a: Res, b: Res) -> Res:
        return a if self.compare(cluster, a, b) >= 0 else b

    def fits_in(self, smaller: Sequence[int], bigger: Sequence[int]) -> bool:
        if not self.dominant:
            return smaller[0] <= bigger[0]
        return fits_in(smaller, bigger)

    def any_major_above_zero(self, r: Sequence[int]) -> bool:
        if not self.dominant:
            return r[0] > 0
        return any(v > 0 for v in r)

    def any_major_zero_or_negative(self, r: Sequence[int]) -> bool:
        if not self.dominant:
            return r[0] <= 0
        return any(v <= 0 for v in r)

    # -- division and scaling ---------------------------------------------------------------

    def divide(self, cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> float:
        """``Resources.divide``: a float (memory ratio, or the ratio of the dominant shares)."""
        if not self.dominant:
            return float_ratio(a[0], b[0])
        top_a = top_b = 0.0
        for c, x, y in zip(cluster, a, b, strict=True):
            share_a, share_b = _share(c, x), _share(c, y)
            if share_a == math.inf or share_b == math.inf:
                continue
            top_a = share_a if share_a > top_a else top_a
            top_b = share_b if share_b > top_b else top_b
        return to_float32(java_double_divide(top_a, top_b))

    def multiply_and_normalize_up_each(self, r: Sequence[int], by: Sequence[float]) -> Res:
        """``multiplyAndNormalizeUp(r, double[] by, step)`` with a step of 1 in every type."""
        if not self.dominant:
            return create_resource(java_long(r[0] * by[0] + 0.5), self.size)
        return [_ceil_long(v * f) for v, f in zip(r, by, strict=True)]

    def multiply_and_normalize_up(self, r: Sequence[int], by: float) -> Res:
        """``multiplyAndNormalizeUp(r, double by, <1, 1>)`` (the natural termination factor)."""
        if not self.dominant:
            return create_resource(java_long(r[0] * by + 0.5), self.size)
        return [_ceil_long(to_float32(v * by)) for v in r]


def _ceil_long(value: float) -> int:
    """``(long) Math.ceil(value)``."""
    return java_long(math.ceil(value)) if math.isfinite(value) else java_long(value)


def _share(cluster: int, value: int) -> float:
    """``DominantResourceCalculator.calculateShare``: infinity when the cluster has none."""
    return math.inf if cluster == 0 else value / cluster


def _two_type_compare(cluster: Sequence[int], a: Sequence[int], b: Sequence[int]) -> int:
    a0, a1 = _share(cluster[0], a[0]), _share(cluster[1], a[1])
    b0, b1 = _share(cluster[0], b[0]), _share(cluster[1], b[1])
    a_dom, a_sub = (a1, a0) if a1 > a0 else (a0, a1)
    b_dom, b_sub = (b1, b0) if b1 > b0 else (b0, b1)
    if a_dom > b_dom:
        return 1
    if a_dom < b_dom:
        return -1
    if a_sub > b_sub:
        return 1
    if a_sub < b_sub:
        return -1
    return 0
