"""Resources as vectors over Hadoop resource names.

Hadoop counts memory in MB under the name ``memory-mb`` and CPU under ``vcores``; any other name is
a custom type declared in ``yarn.resource-types``. A *configured* resource (Hadoop's
``ConfigurableResource``) is either absolute amounts or fractions of the cluster per type; an
amount of ``UNBOUNDED`` (Java's ``Long.MAX_VALUE``) means no limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

MEMORY = "memory-mb"
VCORES = "vcores"
MANDATORY_TYPES: tuple[str, ...] = (MEMORY, VCORES)
UNBOUNDED = 2**63 - 1  # Long.MAX_VALUE
INT_MAX = 2**31 - 1  # Integer.MAX_VALUE

Vector = dict[str, int]


def java_long(value: float) -> int:
    """Java's ``(long) d`` cast: truncation toward zero, saturating at the long range, NaN is 0."""
    if value != value:  # NaN
        return 0
    if value >= 2**63 - 1:
        return 2**63 - 1
    if value <= -(2**63):
        return -(2**63)
    return int(value)


def java_int(value: float) -> int:
    """Java's ``(int) d`` cast."""
    if value != value:
        return 0
    if value >= INT_MAX:
        return INT_MAX
    if value <= -(2**31):
        return -(2**31)
    return int(value)


def resource_types(extra: Iterable[str] = ()) -> tuple[str, ...]:
    """memory-mb and vcores first, then custom types in declaration order."""
    seen = list(MANDATORY_TYPES)
    for name in extra:
        if name not in seen:
            seen.append(name)
    return tuple(seen)


@dataclass(frozen=True, slots=True)
class ResourceSpec:
    """A configured resource value: absolute amounts, or fractions of the cluster.

    ``absolute`` maps every known resource type to an amount (``UNBOUNDED`` for no limit);
    ``fractions`` maps types to a fraction of the cluster (``0.5`` is 50 %). Exactly one is set.
    ``text`` is the original spelling, kept for messages and writers; it takes no part in equality,
    so ``1024 mb, 1 vcores`` equals ``memory-mb=1024, vcores=1``.
    """

    absolute: tuple[tuple[str, int], ...] | None = None
    fractions: tuple[tuple[str, float], ...] | None = None
    text: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ResourceSpec):
            return NotImplemented
        return (self.absolute, self.fractions) == (other.absolute, other.fractions)

    def __hash__(self) -> int:
        return hash((self.absolute, self.fractions))

    @classmethod
    def of(cls, amounts: Mapping[str, int], text: str = "") -> ResourceSpec:
        return cls(absolute=tuple(amounts.items()), text=text)

    @classmethod
    def of_fractions(cls, fractions: Mapping[str, float], text: str = "") -> ResourceSpec:
        return cls(fractions=tuple(fractions.items()), text=text)

    @property
    def is_percentage(self) -> bool:
        return self.fractions is not None

    def amounts(self) -> Vector:
        """The absolute amounts (empty for a percentage value)."""
        return dict(self.absolute or ())

    def resolve(self, cluster: Mapping[str, int]) -> Vector:
        """The value for a cluster of the given size (ConfigurableResource.getResource).

        Percentages truncate like Java: ``(long)(cluster × fraction)`` per type.
        """
        if self.fractions is None:
            return dict(self.absolute or ())
        fractions = dict(self.fractions)
        return {name: java_long(total * fractions.get(name, 0.0)) for name, total in cluster.items()}

    def canonical(self) -> str:
        """One spelling per meaning, for diffs and writers (``memory-mb=1024, vcores=1``)."""
        if self.fractions is not None:
            return ", ".join(f"{n}={_percent(f)}%" for n, f in self.fractions)
        # only a vcores the value left out is negative ((int) Long.MAX_VALUE): left out again
        return ", ".join(f"{n}={v}" for n, v in (self.absolute or ()) if v >= 0)

    def __str__(self) -> str:
        return self.canonical()


def _percent(fraction: float) -> str:
    if fraction != fraction or fraction in (float("inf"), float("-inf")):
        return "1" + "0" * 309 if fraction > 0 else "0"  # what parses back to infinity (1e309)
    value = round(fraction * 100, 10)
    text = str(int(value)) if value == int(value) else _plain(value)
    return text if float(text) / 100.0 == fraction else _exact_percent(fraction)


def _plain(value: float) -> str:
    from decimal import Decimal

    return format(Decimal(repr(value)).normalize(), "f")  # 1e-07 -> 0.0000001: no exponent in the grammar


def _exact_percent(fraction: float) -> str:
    """Plain decimal digits (the grammar has no exponent) that parse back to exactly ``fraction``:
    the parser divides by 100, so try the floats next to ``fraction * 100``."""
    import math

    candidate = fraction * 100
    for _ in range(8):
        if candidate / 100.0 == fraction:
            break
        candidate = math.nextafter(candidate, math.inf if candidate / 100.0 < fraction else -math.inf)
    return _plain(candidate)


def fmt_vector(vector: Mapping[str, int]) -> str:
    """``<memory:1024, vCores:1>``-free plain spelling used in messages."""
    return ", ".join(
        f"{name}={'unbounded' if amount >= UNBOUNDED else amount}" for name, amount in vector.items()
    )
