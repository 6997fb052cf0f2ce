"""One semantic difference between two configurations, and the canonical spelling of values.

Two values are the same when their canonical spellings are the same: ``1024 mb, 1 vcores`` and
``memory-mb=1024, vcores=1`` both read as ``memory-mb=1024, vcores=1``; ``2`` and ``2.0`` for a
weight both read as ``2.0``. Floats are spelled with the fewest digits that give back the same Java
``float`` (Hadoop keeps weights, capacities and fractions as float32).
"""

from __future__ import annotations

import enum
import math
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from fsctl.model.resources import MANDATORY_TYPES, UNBOUNDED, ResourceSpec

Kind = Literal["added", "removed", "changed", "moved"]
ADDED: Kind = "added"
REMOVED: Kind = "removed"
CHANGED: Kind = "changed"
MOVED: Kind = "moved"

#: what ``yarn rmadmin -refreshQueues`` answers for a change it refuses
REFRESH_REFUSED = "yarn rmadmin -refreshQueues refuses this (restart the ResourceManager)"


@dataclass(frozen=True, slots=True)
class Change:
    """A difference. ``queue`` is None for scheduler-wide settings and placement rules; ``property``
    is None for a queue added, removed or moved. ``old``/``new`` are canonical spellings (None for the
    side that does not have it)."""

    kind: Kind
    queue: str | None
    property: str | None
    old: str | None
    new: str | None
    effect: str
    #: ``yarn rmadmin -refreshQueues`` refuses it (Capacity Scheduler, cs.md §6.5)
    refresh_refused: bool = False
    #: across formats: a difference the Fair -> Capacity conversion is expected to make
    expected: bool = False

    def to_json(self) -> dict[str, Any]:
        """The shape of docs/json.md, exactly these six keys."""
        return {
            "kind": self.kind,
            "queue": self.queue,
            "property": self.property,
            "old": self.old,
            "new": self.new,
            "effect": self.effect,
        }


def canonical(value: Any) -> str:
    """One spelling per meaning, used both to compare values and to show them."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, ResourceSpec):
        return canonical_resource(value)
    if isinstance(value, enum.Enum):
        return canonical(value.value) if isinstance(value.value, str) else value.name
    if isinstance(value, int):
        return "unbounded" if value >= UNBOUNDED else str(value)
    if isinstance(value, float):
        return canonical_float(value)
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={canonical(v)}" for k, v in sorted(value.items(), key=lambda kv: str(kv[0])))
    if isinstance(value, set | frozenset):
        return ", ".join(sorted(canonical(v) for v in value))
    if isinstance(value, list | tuple):
        return ", ".join(canonical(v) for v in value)
    spell = getattr(value, "canonical", None)
    if callable(spell):
        return str(spell())
    return str(value)


def canonical_resource(spec: ResourceSpec) -> str:
    """``memory-mb=1024, vcores=1`` (memory and vcores first, custom types by name)."""
    if spec.fractions is not None:
        items = _ordered(dict(spec.fractions))
        return ", ".join(f"{name}={_percent(fraction)}%" for name, fraction in items)
    items_abs = _ordered(dict(spec.absolute or ()))
    return ", ".join(f"{name}={'unbounded' if v >= UNBOUNDED else v}" for name, v in items_abs)


def _ordered(values: dict[str, Any]) -> list[tuple[str, Any]]:
    names = [n for n in MANDATORY_TYPES if n in values] + sorted(
        n for n in values if n not in MANDATORY_TYPES
    )
    return [(n, values[n]) for n in names]


def _percent(fraction: float) -> str:
    return canonical_float(fraction * 100)


def _float32(value: float) -> float:
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return value


def canonical_float(value: float) -> str:
    """Shortest decimal that reads back as the same float32 (Java ``Float.toString`` in spirit)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    target = _float32(value)
    text = repr(value)
    for digits in range(1, 18):
        candidate = f"{target:.{digits}g}"
        if _float32(float(candidate)) == target:
            text = repr(float(candidate))
            break
    return text


def percent_text(fraction: float) -> str:
    """A fraction of the cluster as a percentage with one decimal: ``0.125`` -> ``12.5%``."""
    return f"{fraction * 100:.1f}%"


def canonical_acl(text: str) -> str:
    """An ACL as ``AccessControlList`` reads it: ``*`` when a part trims to ``*``, else the trimmed
    user and group sets (order and spacing do not matter), ``nobody`` when both are empty."""
    parts = text.split(" ", 1)
    if any(part.strip() == "*" for part in parts):
        return "*"
    users = sorted({u.strip() for u in parts[0].split(",") if u.strip()})
    groups = sorted({g.strip() for g in parts[1].split(",") if g.strip()}) if len(parts) == 2 else []
    if not users and not groups:
        return "nobody"
    # Hadoop's getAclString: users, a space, groups (so a groups-only ACL starts with a space)
    return f"{','.join(users)} {','.join(groups)}" if groups else ",".join(users)


def canonical_property(key: str, value: Any) -> str:
    """:func:`canonical`, with ACL strings read as ACLs."""
    if isinstance(value, str) and key.lower().startswith("acl"):
        return canonical_acl(value)
    return canonical(value)
