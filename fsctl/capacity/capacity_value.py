"""Capacity values of capacity-scheduler.xml (``capacity``, ``maximum-capacity`` and label variants).

One raw string is read the way Hadoop reads it (cs.md §3):

- ``CapacitySchedulerConfiguration.getNonLabeledQueueCapacity`` classifies it as legacy absolute
  (``[memory=1024,vcores=2]``), weight (``2w``), capacity vector (``[memory=50%,vcores=2w]``) or a
  percentage float;
- ``internalGetLabeledResourceRequirementForQueue`` turns the legacy absolute form into amounts
  (memory in MB, units converted with ``UnitsConversionUtil``);
- ``QueueCapacityConfigParser`` turns any value into the per-resource vector the non-legacy
  calculator uses.

:func:`parse_capacity` returns a typed :class:`CapacityValue` (plain data for the evaluator) or raises
:class:`CapacityError` with Hadoop's message.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from fsctl.hadoop.javanum import ConfValueError, java_float_str, parse_float, to_float32
from fsctl.model.resources import MANDATORY_TYPES, MEMORY, VCORES, ResourceSpec

# CapacitySchedulerConfiguration.PATTERN_FOR_ABSOLUTE_RESOURCE, tested with find(); Java's \w is ASCII
LEGACY_ABSOLUTE = re.compile(r"^\[[\w\.,\-_=\ /]+\]$", re.ASCII)
# QueueCapacityConfigParser: the bracketed vector (after removing spaces) and the uniform form
_VECTOR = re.compile(r"^\[([\w\.,\-_%\ /]+=[\w\.,\-_%\ /]+)+\]$", re.ASCII)
_UNIFORM = re.compile(r"^([0-9.]+)(.*)", re.DOTALL)

MIN_WEIGHT, MAX_WEIGHT = 0.0, 10000.0
# UnitsConversionUtil converters: unit -> (numerator, denominator)
_UNITS: dict[str, tuple[int, int]] = {
    "p": (1, 10**12),
    "n": (1, 10**9),
    "u": (1, 10**6),
    "m": (1, 10**3),
    "": (1, 1),
    "k": (10**3, 1),
    "M": (10**6, 1),
    "G": (10**9, 1),
    "T": (10**12, 1),
    "P": (10**15, 1),
    "Ki": (2**10, 1),
    "Mi": (2**20, 1),
    "Gi": (2**30, 1),
    "Ti": (2**40, 1),
    "Pi": (2**50, 1),
}
KNOWN_UNITS = tuple(_UNITS)


class CapacityMode(enum.Enum):
    """How a value is written (and, for ``VECTOR``, read per resource)."""

    PERCENTAGE = "percentage"
    WEIGHT = "weight"
    ABSOLUTE = "absolute"
    VECTOR = "vector"  # bracketed with % or w entries (non-legacy mode); legacy mode reads it as 0%


class EntryKind(enum.Enum):
    """QueueCapacityVector.ResourceUnitCapacityType."""

    PERCENTAGE = "percentage"
    WEIGHT = "weight"
    ABSOLUTE = "absolute"


@dataclass(frozen=True, slots=True)
class VectorEntry:
    resource: str
    value: float
    kind: EntryKind


@dataclass(frozen=True)
class CapacityValue:
    """A parsed capacity or maximum-capacity.

    ``percent`` and ``weight`` are what legacy mode reads (Java floats): ``percent`` is the
    percentage (root 100; 0 for weight, absolute and vector values), ``weight`` the weight or -1.
    ``resources`` holds the legacy absolute amounts (memory in MB under ``memory-mb``); an empty
    tuple for an absolute value whose memory is 0 means "no resource", as Hadoop has it.
    ``vector`` is QueueCapacityConfigParser's result (non-legacy mode), empty when it does not parse.
    """

    mode: CapacityMode
    text: str
    percent: float = 0.0
    weight: float = -1.0
    resources: tuple[tuple[str, int], ...] = ()
    vector: tuple[VectorEntry, ...] = ()
    #: entries of an absolute value Hadoop skips (unknown resource or unit, no ``=``)
    skipped: tuple[str, ...] = field(default=(), compare=False)

    @functools.cached_property  # read per child in every capacity sum; the value is immutable
    def fraction(self) -> float:
        """The percentage as Hadoop's float fraction (``configured / 100`` in float32)."""
        return to_float32(self.percent / 100.0)

    @property
    def is_absolute(self) -> bool:
        return self.mode is CapacityMode.ABSOLUTE

    def resource_spec(self) -> ResourceSpec | None:
        """The absolute amounts as a ResourceSpec (None unless absolute with memory)."""
        if self.mode is not CapacityMode.ABSOLUTE or not self.resources:
            return None
        return ResourceSpec.of(dict(self.resources), text=self.text)

    def canonical(self) -> str:
        """One spelling per meaning: ``50``, ``2w``, ``[memory=1024,vcores=2]``, ``[memory-mb=50%,...]``."""
        if self.mode is CapacityMode.PERCENTAGE:
            return _number(self.percent)
        if self.mode is CapacityMode.WEIGHT:
            return _number(self.weight) + "w"
        if self.mode is CapacityMode.ABSOLUTE and self.resources:
            names = {MEMORY: "memory"}
            return "[" + ",".join(f"{names.get(n, n)}={v}" for n, v in self.resources) + "]"
        return self.text.strip()


class CapacityError(ConfValueError):
    """A value the ResourceManager rejects. ``kind``: ``number``, ``range`` or ``weight``."""

    def __init__(self, message: str, kind: str, exception: str = "IllegalArgumentException") -> None:
        super().__init__(message, exception)
        self.kind = kind


def _number(value: float) -> str:
    text = java_float_str(value)
    return text[:-2] if text.endswith(".0") else text


def is_legacy_absolute(text: str | None) -> bool:
    # the pattern is anchored at a "[": test that character before running it
    return text is not None and text[:1] == "[" and LEGACY_ABSOLUTE.search(text) is not None


def is_weight(text: str | None) -> bool:
    """configuredWeightAsCapacity: the raw value ends with ``w`` (no trimming)."""
    return text is not None and text.endswith("w")


def is_vector_format(text: str | None) -> bool:
    """QueueCapacityConfigParser.isCapacityVectorFormat."""
    return text is not None and _VECTOR.match(text.replace(" ", "")) is not None


def parse_weight(text: str) -> float:
    """extractFractionFromWeightConfig: Float.parseFloat of everything before the first ``w``."""
    try:
        return parse_float(text[: text.index("w")])
    except ConfValueError as exc:
        raise CapacityError(exc.message, "number", "NumberFormatException") from None


def check_weight(weight: float, queue_path: str, label: str = "") -> None:
    """throwExceptionForUnexpectedWeight (the missing space before ``label=`` is Hadoop's)."""
    if (weight < MIN_WEIGHT and weight != -1.0) or weight > MAX_WEIGHT:
        raise CapacityError(
            f"Illegal weight={java_float_str(weight)} for queue={queue_path}label={label}. "
            "Acceptable values: [0, 10000], -1 is same as not set",
            "weight",
        )


def parse_capacity(
    text: str | None,
    queue_path: str,
    *,
    label: str = "",
    maximum: bool = False,
    resource_types: Sequence[str] = MANDATORY_TYPES,
    exact_names: bool = False,
) -> CapacityValue | None:
    """Read a ``capacity`` (or, with ``maximum``, a ``maximum-capacity``) as Hadoop does.

    ``label`` selects the ``accessible-node-labels.<label>.`` variant, which is range-checked for
    both keys. ``exact_names``: Hadoop 3.1 reads only the amounts named exactly ``memory`` and
    ``vcores``. Returns None when the key is unset. Raises :class:`CapacityError`.
    """
    if text is None:
        return None
    is_root = queue_path == "root"
    key = (text, is_root, label, maximum, tuple(resource_types), exact_names)
    cached = _PARSED.get(key)
    if cached is not None:
        return cached
    value = _parse_capacity(text, queue_path, is_root, label, maximum, resource_types, exact_names)
    if len(_PARSED) < 4096:  # values are immutable; big trees repeat a few of them many times
        _PARSED[key] = value
    return value


_PARSED: dict[tuple[str, bool, str, bool, tuple[str, ...], bool], CapacityValue] = {}


def _parse_capacity(
    text: str,
    queue_path: str,
    is_root: bool,
    label: str,
    maximum: bool,
    resource_types: Sequence[str],
    exact_names: bool,
) -> CapacityValue:
    vector = parse_vector(text, queue_path, resource_types)
    if is_legacy_absolute(text):
        resources, skipped = parse_absolute(text, resource_types, exact_names)
        # a vector with weights but no "%" passes the absolute-resource pattern too: legacy mode
        # reads its amounts, skipping the unknown unit 'w' (updateResourceValuesFromConfig; oracle
        # 3.4.2: [memory=1024,vcores=1w] is 1024 MB and 0 vcores), and only where that leaves no
        # memory is it the vector it looks like ([memory=2w,vcores=2w]: a weight of 2, 0 %)
        if resources or all(entry.kind is EntryKind.ABSOLUTE for entry in vector):
            return CapacityValue(
                CapacityMode.ABSOLUTE,
                text,
                percent=100.0 if is_root or maximum else 0.0,
                resources=resources,
                vector=vector,
                skipped=skipped,
            )
    if is_weight(text) and not maximum:
        weight = parse_weight(text)
        check_weight(weight, queue_path, label)
        return CapacityValue(
            CapacityMode.WEIGHT, text, percent=100.0 if is_root else 0.0, weight=weight, vector=vector
        )
    if is_vector_format(text):
        return CapacityValue(
            CapacityMode.VECTOR,
            text,
            percent=100.0 if is_root or maximum else 0.0,
            weight=_legacy_vector_weight(vector),
            vector=vector,
        )
    if is_root and not maximum and not label:
        # root is always 100%: Hadoop does not even parse the configured value
        return CapacityValue(CapacityMode.PERCENTAGE, text, percent=100.0, vector=vector)
    try:
        percent = parse_float(text)
    except ConfValueError as exc:
        raise CapacityError(exc.message, "number", "NumberFormatException") from None
    if maximum and not label and percent == -1.0:
        percent = 100.0  # DEFAULT_MAXIMUM_CAPACITY_VALUE reads as 100
    if label and (percent < 0.0 or percent > 100.0):  # NaN passes, as in Java
        raise CapacityError(
            f"Illegal capacity of {java_float_str(percent)} for node-label={label} in "
            f"queue={queue_path}, valid capacity should in range of [0, 100].",
            "range",
        )
    if not maximum and not label and (percent < 0.0 or percent > 100.0):
        raise CapacityError(f"Illegal capacity of {java_float_str(percent)} for queue {queue_path}", "range")
    return CapacityValue(CapacityMode.PERCENTAGE, text, percent=percent, vector=vector)


def _legacy_vector_weight(vector: tuple[VectorEntry, ...]) -> float:
    """AbstractCSQueue.setupQueueConfigs: a vector of one common weight counts as that weight."""
    if vector and all(e.kind is EntryKind.WEIGHT for e in vector):
        values = {e.value for e in vector}
        if len(values) == 1:
            return values.pop()
    return -1.0


def _units_of(value: str) -> str:
    """CapacitySchedulerConfiguration.getUnits: the first all-alphabetic suffix."""
    for i, char in enumerate(value):
        if char.isalpha() and value[i:].isalpha():
            return value[i:]
    return ""


def convert_to_mi(unit: str, amount: int) -> int:
    """UnitsConversionUtil.convert(unit, "Mi", amount) with integer arithmetic."""
    numerator_from, denominator_from = _UNITS[unit]
    numerator_to, denominator_to = _UNITS["Mi"]
    numerator = numerator_from * denominator_to
    denominator = denominator_from * numerator_to
    if numerator < denominator:
        return (amount * numerator) // denominator
    return amount * (numerator // denominator)


def parse_absolute(
    text: str, resource_types: Sequence[str] = MANDATORY_TYPES, exact_names: bool = False
) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """The amounts of a legacy ``[name=value,...]`` capacity, and the entries Hadoop skips.

    Memory is in MB. Decimals raise (``Long.valueOf``). Memory 0 means no resource at all
    (``Resources.none()``), returned as an empty tuple. ``exact_names``: 3.1's
    ``updateResourceValuesFromConfig`` knows only ``memory`` and ``vcores``, untrimmed.
    """
    inner = text.strip()[1:-1] if text.strip().startswith("[") else text
    amounts: dict[str, int] = {}
    skipped: list[str] = []
    for pair in inner.split(","):
        parts = pair.split("=")
        if len(parts) < 2:
            skipped.append(pair.strip())
            continue
        name, raw = (parts[0] if exact_names else parts[0].strip()), parts[1]
        resource = MEMORY if name in ("memory", MEMORY) else name
        if resource not in resource_types or (exact_names and name not in ("memory", VCORES)):
            skipped.append(f"{name} not supported.")
            continue
        unit = _units_of(raw)
        if unit not in _UNITS:
            skipped.append(f"{name}={raw}: unknown unit {unit}")
            continue
        number = raw[: len(raw) - len(unit)]
        if not re.fullmatch(r"[+-]?[0-9]+", number):
            raise CapacityError(f'For input string: "{number}"', "number", "NumberFormatException")
        amount = int(number)
        if unit:
            amount = convert_to_mi(unit, amount)
        amounts[resource] = amount
    if amounts.get(MEMORY, 0) == 0:
        return (), tuple(skipped)
    ordered = {name: amounts.get(name, 0) for name in resource_types}
    ordered.update(amounts)
    return tuple(ordered.items()), tuple(skipped)


#: UnitsConversionUtil.KNOWN_UNITS as Hadoop prints it (a HashSet: oracle 3.3.6 and 3.2.4)
_KNOWN_UNITS_SHOWN = "[, Gi, G, k, m, M, n, p, P, T, u, Ti, Pi, Mi, Ki]"


def refused_before_vectors(
    text: str, resource_types: Sequence[str] = MANDATORY_TYPES, exact_names: bool = False
) -> str | None:
    """Why Hadoop 3.1 to 3.3 refuse a bracketed capacity, or None (3.4's vectors are not theirs).

    ``CapacitySchedulerConfiguration`` of those lines reads a value the absolute-resource pattern
    does not match (``%`` in it) with ``getFloat``, and converts every entry's unit with
    ``UnitsConversionUtil.convert``, which throws for one it does not know (``w``), where 3.4's
    ``updateResourceValuesFromConfig`` skips the entry."""
    if not is_legacy_absolute(text):
        return f'NumberFormatException: For input string: "{text.strip()}"'
    for pair in text.strip()[1:-1].split(","):
        parts = pair.split("=")
        while parts and not parts[-1]:  # String.split drops trailing empty strings
            parts.pop()
        if len(parts) < 2:
            continue
        name, raw = (parts[0] if exact_names else parts[0].strip()), parts[1]
        if (MEMORY if name in ("memory", MEMORY) else name) not in resource_types or (
            exact_names and name not in ("memory", VCORES)
        ):
            continue  # "not supported", skipped before the value is read (3.1: untrimmed)
        unit = _units_of(raw)
        number = raw[: len(raw) - len(unit)]
        if not re.fullmatch(r"[+-]?[0-9]+", number):  # Long.valueOf comes first
            return f'NumberFormatException: For input string: "{number}"'
        if unit not in _UNITS:
            return f"IllegalArgumentException: Unknown unit '{unit}'. Known units are {_KNOWN_UNITS_SHOWN}"
    return None


def parse_vector(
    text: str | None, queue_path: str, resource_types: Sequence[str] = MANDATORY_TYPES
) -> tuple[VectorEntry, ...]:
    """QueueCapacityConfigParser.parse: the per-resource capacity vector (empty when unmatched)."""
    if queue_path == "root":
        return tuple(VectorEntry(r, 100.0, EntryKind.PERCENTAGE) for r in resource_types)
    if text is None:
        return ()
    return _parse_vector(text, tuple(resource_types))


@functools.lru_cache(maxsize=4096)
def _parse_vector(text: str, resource_types: tuple[str, ...]) -> tuple[VectorEntry, ...]:
    """The vector of a non-root queue; pure, so cached (large trees repeat the same few values)."""
    compact = text.replace(" ", "")
    uniform = _UNIFORM.match(compact)
    if uniform:
        suffix = uniform.group(2)
        kind = {"": EntryKind.PERCENTAGE, "w": EntryKind.WEIGHT}.get(suffix)
        if kind is None:
            return ()
        try:
            value = parse_float(uniform.group(1))
        except ConfValueError:
            return ()
        return tuple(VectorEntry(r, value, kind) for r in resource_types)
    if not _VECTOR.match(compact):
        return ()
    entries: dict[str, VectorEntry] = {r: VectorEntry(r, 0.0, EntryKind.ABSOLUTE) for r in resource_types}
    for pair in compact[1:-1].split(","):
        parts = pair.split("=")
        while parts and not parts[-1]:  # String.split drops trailing empty strings
            parts.pop()
        if len(parts) < 2:
            continue
        name = MEMORY if parts[0] == "memory" else parts[0]
        raw = parts[1]
        suffix = re.sub(r"[0-9.]", "", raw)
        if not raw.endswith(suffix) or not raw[: len(raw) - len(suffix)]:
            continue
        try:
            value = parse_float(raw[: len(raw) - len(suffix)])
        except ConfValueError:
            continue
        if suffix in _UNITS and suffix:
            numerator, denominator = _UNITS[suffix]
            value = value * numerator / denominator / _UNITS["Mi"][0]
            kind = EntryKind.ABSOLUTE
        elif suffix == "%":
            kind = EntryKind.PERCENTAGE
        elif suffix == "w":
            kind = EntryKind.WEIGHT
        else:
            kind = EntryKind.ABSOLUTE
        entries[name] = VectorEntry(name, value, kind)
    if entries[MEMORY].value == 0:
        return ()  # "Memory always have to be defined": whatever its kind
    return tuple(entries.values())


def vector_kinds(value: CapacityValue | None) -> set[EntryKind]:
    return {entry.kind for entry in value.vector} if value is not None else set()


__all__ = [
    "KNOWN_UNITS",
    "MEMORY",
    "VCORES",
    "CapacityError",
    "CapacityMode",
    "CapacityValue",
    "EntryKind",
    "VectorEntry",
    "check_weight",
    "is_legacy_absolute",
    "is_vector_format",
    "is_weight",
    "parse_absolute",
    "parse_capacity",
    "parse_vector",
]
