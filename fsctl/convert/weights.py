"""Children's capacities from Fair weights: weight mode (``2.0w``) and percentage mode.

Weight mode follows ``weightconversion/WeightToWeightConverter.java``: ``Float.toString(weight)``
plus ``w``. Percentage mode follows ``weightconversion/WeightToPercentConverter.java`` exactly
(fs2cs.md §2.6): the total is the ``(int)`` of the double sum of the float weights; each share is
``BigDecimal(weight).setScale(5)`` divided HALF_UP by the total, times 100, three decimals; if the
shares do not add up to 100.000, the largest absorbs the difference, or, when every share is
0.000, the parent gets ``allow-zero-capacity-sum``.

fs2cs breaks ties between equal largest shares in Java ``HashMap`` order; fsctl takes the first in
document order. Where fs2cs crashes (``setScale(5)`` on a weight such as 0.1 throws
``ArithmeticException``) or is wrong (a truncated total: 0.5 + 0.25 gives 0% for both, 2.5 × 3 gives
shares that do not follow the weights), fsctl divides by the real sum of the weights as written and
says how fs2cs differs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from fsctl.hadoop.javanum import java_float_str, to_float32

HUNDRED = Decimal("100.000")
Difference = Literal["crash", "all-zero", "distorted"]


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


def _fix_up(values: list[Decimal], last_takes_rest: bool = False) -> Percentages:
    """``WeightToPercentConverter.fixCapacities``: the largest (first among equals) takes the rest;
    before 3.4 (``FSQueueConverter.getCapacities``) the last child takes 100 minus the others."""
    total = sum(values, Decimal("0.000"))
    if total == HUNDRED:
        return Percentages(tuple(values), False)
    if last_takes_rest:
        rest = HUNDRED - sum(values[:-1], Decimal("0.000"))
        return Percentages((*values[:-1], rest.quantize(Decimal("0.001"))), False)
    # a stable sort by value, descending: the first of several equal largest values wins
    largest = max(range(len(values)), key=lambda i: (values[i], -i))
    if values[largest] == 0:
        return Percentages(tuple(values), True)
    fixed = list(values)
    fixed[largest] = (values[largest] + (HUNDRED - total)).quantize(Decimal("0.001"))
    return Percentages(tuple(fixed), False)


def fs2cs_percentages(weights: Sequence[float], last_takes_rest: bool = False) -> Percentages:
    """fs2cs's percentages for children with these (float) weights; raises
    :class:`Fs2csArithmeticError` where fs2cs throws (before 3.4 also on a zero total: BigDecimal
    division by zero)."""
    if not weights:
        return Percentages((), False)
    if len(weights) == 1:
        return Percentages((HUNDRED,), False)
    doubles = [to_float32(w) for w in weights]
    total = int(math.fsum(doubles))  # (int) of DoubleStream.sum (compensated summation)
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
    return _fix_up(values, last_takes_rest)


def exact_percentages(weights: Sequence[float], last_takes_rest: bool = False) -> Percentages:
    """Percentages that follow the weights as written (``Float.toString`` of each float weight),
    with fs2cs's rounding (HALF_UP to 5 decimals of the fraction) and fix-up."""
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
    return _fix_up(values, last_takes_rest)


def percentages(weights: Sequence[float], last_takes_rest: bool = False) -> PercentConversion:
    """fsctl's percentages for children with these weights, compared with fs2cs's
    (``last_takes_rest``: the fix-up of fs2cs before 3.4)."""
    exact = exact_percentages(weights, last_takes_rest)
    try:
        hadoop: Percentages | None = fs2cs_percentages(weights, last_takes_rest)
    except Fs2csArithmeticError:
        return PercentConversion(exact, None, "crash")
    assert hadoop is not None
    if hadoop == exact:
        return PercentConversion(exact, hadoop, None)
    if hadoop.zero_sum and not exact.zero_sum:
        return PercentConversion(exact, hadoop, "all-zero")
    return PercentConversion(exact, hadoop, "distorted")


def format_percent(value: Decimal) -> str:
    """``BigDecimal.toString`` with scale 3: ``33.333``, ``100.000``, ``0.000``."""
    return str(value.quantize(Decimal("0.001")))
