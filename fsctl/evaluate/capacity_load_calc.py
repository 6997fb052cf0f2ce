"""Hadoop's resource calculators on resource tuples, in Java's arithmetic.

The Capacity Scheduler's allocation decisions go through a ``ResourceCalculator``:
``DefaultResourceCalculator`` looks at memory only (and builds vectors of one vcore),
``DominantResourceCalculator`` at every countable type. A resource here is a tuple of ints in the
order of the cluster's types (memory-mb, vcores, then custom types); each method is the Hadoop
method of the same name (``yarn/util/resource/*ResourceCalculator.java`` and ``Resources.java``),
with Java's casts: ``(long)`` truncates toward zero, ``float`` is a 32-bit float
(:func:`fsctl.hadoop.javanum.to_float32`), integer division truncates toward zero.
"""

from __future__ import annotations

import math
import operator

from fsctl.hadoop.javanum import to_float32
from fsctl.model.resources import java_long

Res = tuple[int, ...]

INF32 = math.inf  # Float.POSITIVE_INFINITY, a share against a type the cluster has none of


def jdiv(a: int, b: int) -> int:
    """Java's ``a / b`` on longs: truncation toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def divide_and_ceil(a: int, b: int) -> int:
    """``ResourceCalculator.divideAndCeil(long, long)``: ``(a + (b - 1)) / b``, 0 for b == 0."""
    return 0 if b == 0 else jdiv(a + (b - 1), b)


def round_up(a: int, b: int) -> int:
    return divide_and_ceil(a, b) * b


def round_down(a: int, b: int) -> int:
    return jdiv(a, b) * b


def divide_and_ceil_float(a: int, b: float) -> int:
    """``divideAndCeil(long a, float b)``: ``(long) Math.ceil(a / b)`` in float, 0 for b == 0."""
    if b == 0:
        return 0
    return java_long(math.ceil(to_float32(to_float32(float(a)) / b)))


_EXACT = 1 << 24  # every integer below it is a float exactly


def safe_ratio(a: int, b: int) -> float:
    """``divideSafelyAsFloat``: ``(float) a / (float) b``, 0 when both are 0."""
    if a == 0 and b == 0:
        return 0.0
    fa = float(a) if -_EXACT < a < _EXACT else to_float32(float(a))
    fb = float(b) if -_EXACT < b < _EXACT else to_float32(float(b))
    if fb == 0:
        return math.copysign(math.inf, fa) if fa else math.nan
    return to_float32(fa / fb)


def _add2(a: Res, b: Res) -> Res:
    return (a[0] + b[0], a[1] + b[1])


def _sub2(a: Res, b: Res) -> Res:
    return (a[0] - b[0], a[1] - b[1])


class Calculator:
    """The methods both calculators share; ``cluster`` is the resource comparisons are relative to."""

    dominant = False

    def __init__(self, cluster: Res) -> None:
        self.cluster = cluster
        self.n = len(cluster)
        self.none: Res = (0,) * self.n
        if self.n == 2:  # memory and vcores, the common cluster: twice as fast spelled out
            self.add = _add2  # type: ignore[method-assign]
            self.sub = _sub2  # type: ignore[method-assign]

    # -- Resources.* helpers that do not depend on the calculator -----------------------------

    def add(self, a: Res, b: Res) -> Res:
        return tuple(map(operator.add, a, b))

    def sub(self, a: Res, b: Res) -> Res:
        return tuple(map(operator.sub, a, b))

    def times(self, r: Res, count: int) -> Res:
        return tuple(v * count for v in r)

    def componentwise_min(self, a: Res, b: Res) -> Res:
        return tuple(map(min, a, b))

    def multiply_and_round_down(self, r: Res, by: float) -> Res:
        """``Resources.multiplyAndRoundDown``: ``(long)(value * by)`` per type."""
        return tuple(java_long(v * by) for v in r)

    # -- comparisons through the calculator ---------------------------------------------------

    def compare(self, a: Res, b: Res) -> int:
        raise NotImplementedError

    def fits_in(self, small: Res, big: Res) -> bool:
        raise NotImplementedError

    def available_containers(self, available: Res, required: Res) -> int:
        raise NotImplementedError

    def divide(self, a: Res, b: Res) -> float:
        raise NotImplementedError

    def ratio(self, a: Res, b: Res) -> float:
        raise NotImplementedError

    def divide_and_ceil(self, r: Res, by: float) -> Res:
        raise NotImplementedError

    def divide_and_ceil_int(self, r: Res, by: int) -> Res:
        raise NotImplementedError

    def normalize(self, r: Res, minimum: Res, maximum: Res, step: Res) -> Res:
        raise NotImplementedError

    def round_up(self, r: Res, step: Res) -> Res:
        raise NotImplementedError

    def round_down(self, r: Res, step: Res) -> Res:
        raise NotImplementedError

    def normalize_down(self, r: Res, step: Res) -> Res:
        raise NotImplementedError

    def multiply_and_normalize_up(self, r: Res, by: float, step: Res) -> Res:
        raise NotImplementedError

    def multiply_and_normalize_down(self, r: Res, by: float, step: Res) -> Res:
        raise NotImplementedError

    def any_major_above_zero(self, r: Res) -> bool:
        raise NotImplementedError

    def less_than(self, a: Res, b: Res) -> bool:
        return self.compare(a, b) < 0

    def less_or_equal(self, a: Res, b: Res) -> bool:
        return self.compare(a, b) <= 0

    def greater_than(self, a: Res, b: Res) -> bool:
        return self.compare(a, b) > 0

    def greater_or_equal(self, a: Res, b: Res) -> bool:
        return self.compare(a, b) >= 0

    def min(self, a: Res, b: Res) -> Res:
        """``Resources.min``: one whole vector of the two."""
        return a if self.compare(a, b) <= 0 else b

    def max(self, a: Res, b: Res) -> Res:
        return a if self.compare(a, b) >= 0 else b


class DefaultCalculator(Calculator):
    """``DefaultResourceCalculator``: memory only; vectors it builds have one vcore (memory > 0)."""

    def _create(self, memory: int) -> Res:
        # Resources.createResource(long memory): vcores 1 when memory > 0, other types 0
        return (memory, 1 if memory > 0 else 0) + (0,) * (self.n - 2)

    def compare(self, a: Res, b: Res) -> int:
        return (a[0] > b[0]) - (a[0] < b[0])

    def fits_in(self, small: Res, big: Res) -> bool:
        return small[0] <= big[0]

    def available_containers(self, available: Res, required: Res) -> int:
        return jdiv(available[0], required[0])

    def divide(self, a: Res, b: Res) -> float:
        return safe_ratio(a[0], b[0])

    def ratio(self, a: Res, b: Res) -> float:
        return safe_ratio(a[0], b[0])

    def divide_and_ceil(self, r: Res, by: float) -> Res:
        return self._create(divide_and_ceil_float(r[0], by))

    def divide_and_ceil_int(self, r: Res, by: int) -> Res:
        return self._create(divide_and_ceil(r[0], by))

    def normalize(self, r: Res, minimum: Res, maximum: Res, step: Res) -> Res:
        step_memory = step[0] or minimum[0]
        return self._create(min(round_up(max(r[0], minimum[0]), step_memory), maximum[0]))

    def round_up(self, r: Res, step: Res) -> Res:
        return self._create(round_up(r[0], step[0]))

    def round_down(self, r: Res, step: Res) -> Res:
        return self._create(round_down(r[0], step[0]))

    def normalize_down(self, r: Res, step: Res) -> Res:
        return self._create(round_down(r[0], step[0]))

    def multiply_and_normalize_up(self, r: Res, by: float, step: Res) -> Res:
        return self._create(round_up(java_long(r[0] * by + 0.5), step[0]))

    def multiply_and_normalize_down(self, r: Res, by: float, step: Res) -> Res:
        return self._create(round_down(java_long(r[0] * by), step[0]))

    def any_major_above_zero(self, r: Res) -> bool:
        return r[0] > 0


class DominantCalculator(Calculator):
    """``DominantResourceCalculator``: dominant shares of the cluster, every countable type."""

    dominant = True

    def _shares(self, r: Res) -> list[float]:
        return [INF32 if c == 0 else v / c for v, c in zip(r, self.cluster, strict=True)]

    def compare(self, a: Res, b: Res) -> int:
        if a == b:
            return 0
        if all(c == 0 for c in self.cluster):
            greater = any(x > y for x, y in zip(a, b, strict=True))
            less = any(x < y for x, y in zip(a, b, strict=True))
            return 0 if greater and less else 1 if greater else -1 if less else 0
        sa, sb = self._shares(a), self._shares(b)
        if self.n == 2:
            # calculateSharesForTwoMandatoryResources: the dominant share, then the other one
            a_dom, a_sub = (sa[1], sa[0]) if sa[1] > sa[0] else (sa[0], sa[1])
            b_dom, b_sub = (sb[1], sb[0]) if sb[1] > sb[0] else (sb[0], sb[1])
            if a_dom != b_dom:
                return 1 if a_dom > b_dom else -1
            return (a_sub > b_sub) - (a_sub < b_sub)
        sa.sort()
        sb.sort()
        diff = 0.0
        for x, y in zip(reversed(sa), reversed(sb), strict=True):
            if x == INF32 or y == INF32:
                continue
            diff = x - y
            if diff != 0.0:
                break
        return (diff > 0) - (diff < 0)

    def fits_in(self, small: Res, big: Res) -> bool:
        return all(x <= y for x, y in zip(small, big, strict=True))

    def available_containers(self, available: Res, required: Res) -> int:
        least: int | None = None
        for a, r in zip(available, required, strict=True):
            if r != 0:
                n = jdiv(a, r)
                least = n if least is None or n < least else least
        if least is None:
            return 2**31 - 1
        return min(least, 2**31 - 1)

    def _max_share(self, r: Res) -> float:
        best = 0.0
        for v, c in zip(r, self.cluster, strict=True):
            share = INF32 if c == 0 else v / c
            if share != INF32 and share > best:
                best = share
        return best

    def divide(self, a: Res, b: Res) -> float:
        numerator, denominator = self._max_share(a), self._max_share(b)
        if denominator == 0:
            return math.nan if numerator == 0 else math.inf
        return to_float32(numerator / denominator)

    def ratio(self, a: Res, b: Res) -> float:
        best = 0.0
        for x, y in zip(a, b, strict=True):
            best = max(best, safe_ratio(x, y))
        return best

    def divide_and_ceil(self, r: Res, by: float) -> Res:
        return tuple(divide_and_ceil_float(v, by) for v in r)

    def divide_and_ceil_int(self, r: Res, by: int) -> Res:
        return tuple(divide_and_ceil(v, by) for v in r)

    def normalize(self, r: Res, minimum: Res, maximum: Res, step: Res) -> Res:
        out = []
        for v, low, high, s in zip(r, minimum, maximum, step, strict=True):
            value = max(v, low)
            if s != 0:
                value = round_up(value, s)
            out.append(min(value, high))
        return tuple(out)

    def round_up(self, r: Res, step: Res) -> Res:
        return tuple(round_up(v, s) if s else v for v, s in zip(r, step, strict=True))

    def round_down(self, r: Res, step: Res) -> Res:
        return tuple(round_down(v, s) if s else v for v, s in zip(r, step, strict=True))

    def normalize_down(self, r: Res, step: Res) -> Res:
        return self.round_down(r, step)

    def multiply_and_normalize_up(self, r: Res, by: float, step: Res) -> Res:
        out = []
        for v, s in zip(r, step, strict=True):
            value = java_long(math.ceil(to_float32(v * by)))
            out.append(round_up(value, s) if s else value)
        return tuple(out)

    def multiply_and_normalize_down(self, r: Res, by: float, step: Res) -> Res:
        return tuple(
            round_down(java_long(v * by), s) if s else java_long(v * by) for v, s in zip(r, step, strict=True)
        )

    def any_major_above_zero(self, r: Res) -> bool:
        return any(v > 0 for v in r)


def calculator(dominant: bool, cluster: Res) -> DefaultCalculator | DominantCalculator:
    return DominantCalculator(cluster) if dominant else DefaultCalculator(cluster)
