"""Children's capacities from Fair weights: weight mode (``2.0w``) and percentage mode.

Weight mode follows ``weightconversion/WeightToWeightConverter.java``: ``Float.toString(weight)``
plus ``w``. Percentage mode follows ``weightconversion/WeightToPercentConverter.java`` exactly
(fs2cs.md §2.6): the total is the ``(int)`` of the double sum of the float weights; each share is
``BigDecimal(weight).setScale(5)`` divided HALF_UP by the total, times 100, three decimals; if the
shares do not add up to 100.000, the largest absorbs the difference, or, when every share is
0.000, the parent gets ``allow-zero-capacity-sum``.

Which child absorbs the difference depends on the order fs2cs meets the children in
(:class:`Remainder`): the first of the largest in ``HashMap`` order from 3.4, the last child in the
Fair Scheduler's creation order before (3.3.6's ``FSQueueConverter.getCapacities``). Where fs2cs
crashes (``setScale(5)`` on a weight such as 0.1 throws ``ArithmeticException``) or is wrong (a
truncated total: 0.5 + 0.25 gives 0% for both, 2.5 × 3 gives shares that do not follow the weights;
before 3.4 a last child of weight 0 left with a negative remainder), fsctl divides by the real sum of
the weights as written, gives a negative remainder to the largest instead, and says how fs2cs differs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from fsctl.hadoop.javanum import java_float_str, to_float32
from fsctl.model.resources import java_int

HUNDRED = Decimal("100.000")
Difference = Literal["crash", "all-zero", "distorted", "negative"]


def weight_capacity(weight: float) -> str:
    """``Float.toString(weight) + "w"``: ``1.0w``, ``2.5w``, ``0.3w``."""
    # a tree repeats a few weights thousands of times; 0.0 and -0.0 are equal keys but spell
    # differently, so zero is never cached
    text = _WEIGHT_TEXT.get(weight) if weight else None
    if text is None:
        text = java_float_str(to_float32(weight)) + "w"
        if weight and len(_WEIGHT_TEXT) < 4096:
            _WEIGHT_TEXT[weight] = text
    return text


_WEIGHT_TEXT: dict[float, str] = {}


@dataclass(frozen=True)
class Percentages:
    """The children's percentages, in input order, and whether the parent allows a zero sum."""

    values: tuple[Decimal, ...]
    zero_sum: bool


@dataclass(frozen=True)
class PercentConversion:
    """fsctl's percentages, fs2cs's (None when fs2cs crashes), and how they differ."""

    result: Percentages
    fs2cs: Percentages | None
    difference: Difference | None

    @property
    def values(self) -> tuple[Decimal, ...]:
        return self.result.values

    @property
    def zero_sum(self) -> bool:
        return self.result.zero_sum


class Fs2csArithmeticError(ArithmeticError):
    """``BigDecimal.setScale(5)`` without a rounding mode: "Rounding necessary"."""


def _percent_half_up(numerator: int, denominator: int) -> Decimal:
    """``numerator/denominator`` rounded HALF_UP to 5 decimals, times 100: a 3-decimal percentage.
    Exact integer arithmetic (non-negative values only, as weights are)."""
    quotient, remainder = divmod(numerator * 10**5, denominator)
    if 2 * remainder >= denominator:
        quotient += 1
    return Decimal(quotient).scaleb(-3)


@dataclass(frozen=True)
class Remainder:
    """Who absorbs the difference to 100: ``order`` lists the children's positions in the order
    fs2cs meets them; ``last`` (before 3.4) gives the last of them 100 minus the others, else the
    first of the largest takes the difference (a stable sort, descending)."""

    order: tuple[int, ...]
    last: bool = False

    @classmethod
    def in_document_order(cls, count: int, last: bool = False) -> Remainder:
        return cls(tuple(range(count)), last)


def _fix_up(values: list[Decimal], remainder: Remainder, never_negative: bool = False) -> Percentages:
    """``WeightToPercentConverter.fixCapacities`` (3.4) or ``FSQueueConverter.getCapacities`` (before);
    ``never_negative``: a last child the rest would leave below 0 leaves it to the largest."""
    total = sum(values, Decimal("0.000"))
    if total == HUNDRED:
        return Percentages(tuple(values), False)
    order = remainder.order
    if remainder.last:
        last = order[-1]
        rest = (HUNDRED - sum((values[i] for i in order[:-1]), Decimal("0.000"))).quantize(Decimal("0.001"))
        if rest >= 0 or not never_negative:
            fixed = list(values)
            fixed[last] = rest
            return Percentages(tuple(fixed), False)
    largest = max(order, key=lambda i: values[i])  # the first of equal largest values in order
    if values[largest] == 0:
        return Percentages(tuple(values), True)
    fixed = list(values)
    fixed[largest] = (values[largest] + (HUNDRED - total)).quantize(Decimal("0.001"))
    return Percentages(tuple(fixed), False)


def fs2cs_percentages(weights: Sequence[float], remainder: Remainder) -> Percentages:
    """fs2cs's percentages for children with these (float) weights; raises
    :class:`Fs2csArithmeticError` where fs2cs throws (before 3.4 also on a zero total: BigDecimal
    division by zero)."""
    last_takes_rest = remainder.last
    if not weights:
        return Percentages((), False)
    if len(weights) == 1:
        return Percentages((HUNDRED,), False)
    doubles = [to_float32(w) for w in weights]
    # (int) of DoubleStream.sum (compensated summation): saturating, so 1e20 + 1 + 2 is 2147483647
    total = java_int(math.fsum(doubles))
    values: list[Decimal] = []
    if total == 0 and last_takes_rest:
        raise Fs2csArithmeticError("Division by zero (the weights add up to less than 1)")
    for weight in doubles:
        if total == 0:
            values.append(Decimal("0.000"))
            continue
        numerator, denominator = weight.as_integer_ratio()
        if (numerator * 10**5) % denominator:
            raise Fs2csArithmeticError(f"Rounding necessary (BigDecimal({weight!r}).setScale(5))")
        values.append(_percent_half_up(numerator, denominator * total))
    return _fix_up(values, remainder)


def exact_percentages(weights: Sequence[float], remainder: Remainder) -> Percentages:
    """Percentages that follow the weights as written (``Float.toString`` of each float weight),
    with fs2cs's rounding (HALF_UP to 5 decimals of the fraction) and fix-up, never negative."""
    if not weights:
        return Percentages((), False)
    if len(weights) == 1:
        return Percentages((HUNDRED,), False)
    # every weight as written, scaled to integers over one common power of ten
    written = [Decimal(java_float_str(to_float32(w))) for w in weights]
    scale = max(-min(0, int(w.as_tuple().exponent)) for w in written)
    integers = [int(w.scaleb(scale)) for w in written]
    total = sum(integers)
    if total <= 0:
        return Percentages(tuple(Decimal("0.000") for _ in weights), True)
    values = [_percent_half_up(w, total) for w in integers]
    return _fix_up(values, remainder, never_negative=True)


def percentages(weights: Sequence[float], remainder: Remainder) -> PercentConversion:
    """fsctl's percentages for children with these weights, compared with fs2cs's."""
    exact = exact_percentages(weights, remainder)
    try:
        hadoop: Percentages | None = fs2cs_percentages(weights, remainder)
    except Fs2csArithmeticError:
        return PercentConversion(exact, None, "crash")
    assert hadoop is not None
    if hadoop == exact:
        return PercentConversion(exact, hadoop, None)
    if hadoop.zero_sum and not exact.zero_sum:
        return PercentConversion(exact, hadoop, "all-zero")
    if min(hadoop.values) < 0 <= min(exact.values):
        return PercentConversion(exact, hadoop, "negative")
    return PercentConversion(exact, hadoop, "distorted")


def format_percent(value: Decimal) -> str:
    """``BigDecimal.toString`` with scale 3: ``33.333``, ``100.000``, ``0.000``."""
    return str(value.quantize(Decimal("0.001")))
