"""Hadoop's resource strings, exactly as ``FairSchedulerConfiguration.parseResourceConfigValue``.

Three forms (fs-parse.md §4.1):

- new style ``memory-mb=1024, vcores=2`` (or all percentages ``memory-mb=50%, vcores=25%``), the
  only form that can name custom resource types (``yarn.resource-types``);
- old-style percentages ``50% memory, 25% cpu`` or a single ``50%`` for every resource;
- old-style absolute ``1024 mb, 2 vcores``.

Before Hadoop 3.2 (3.1.4, 2.10.2) the parser knows the old style only, and finds its numbers
anywhere in the text (:func:`parse_legacy_resource_config_value`).

Errors carry Hadoop's exact message. Java semantics are kept where Python differs: ``String.split``
drops trailing empty pieces, regexes use ASCII ``\\d``/``\\s``, ``Long.parseLong`` accepts ``+5``.
"""

from __future__ import annotations

import functools
import re

from fsctl.hadoop.javanum import JavaNumberFormatError, java_trim, long_to_int, parse_int, parse_long
from fsctl.model.resources import INT_MAX, MANDATORY_TYPES, MEMORY, UNBOUNDED, VCORES, ResourceSpec

EMPTY_MESSAGE = "Error reading resource config--the resource string is empty."
GENERIC_MESSAGE = "Error reading resource config"


class ResourceParseError(ValueError):
    """Hadoop's ``AllocationConfigurationException`` for a resource string; ``message`` is Hadoop's text.

    ``cause`` is the text of the wrapped Java exception when Hadoop wraps one (number overflow).
    """

    def __init__(self, message: str, cause: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.cause = cause

    def __str__(self) -> str:
        return f"{self.message} ({self.cause})" if self.cause else self.message


_WS = "[ \\t\\n\\x0b\\f\\r]"  # Java's \s
_PERCENT = r"(-?([0-9]+)(\.[0-9]*)?)" + _WS + "*%" + _WS + "*"
_OLD_TOKEN = re.compile(r"-?[0-9]+(?:\.[0-9]*)?" + _WS + "*[a-z]+" + _WS + "*")
_LEGACY_PERCENT = "(([0-9]+)(\\.[0-9]*)?)" + _WS + "*%" + _WS + "*"
_LEGACY_AMOUNT = "([0-9]+)(\\.[0-9]*)?" + _WS + "*"


def java_split(text: str, sep: str) -> list[str]:
    """``String.split(sep)`` for a literal one-character separator: trailing empty pieces dropped."""
    if sep not in text:
        return [text]
    pieces = text.split(sep)
    while pieces and pieces[-1] == "":
        pieces.pop()
    return pieces


def _ascii_lower(text: str) -> str:
    # StringUtils.toLowerCase uses Locale.ENGLISH
    return text.lower()


def parse_resource_config_value(
    value: str,
    missing: int = UNBOUNDED,
    resource_types: tuple[str, ...] = MANDATORY_TYPES,
) -> ResourceSpec:
    """Parse a resource string; raises :class:`ResourceParseError` with Hadoop's message.

    ``missing`` is what a new-style absolute value gives to the types it does not name: Long.MAX_VALUE
    (unbounded) in general, 0 for ``minResources``; vcores, an int, gets ``(int) missing`` (-1 for
    Long.MAX_VALUE). ``resource_types`` lists every known type (``memory-mb``, ``vcores``, then the
    custom types of ``yarn.resource-types``).
    """
    if resource_types[:2] != MANDATORY_TYPES:
        resource_types = tuple(dict.fromkeys((*MANDATORY_TYPES, *resource_types)))
    return _parse_cached(value, missing, resource_types)


@functools.lru_cache(maxsize=4096)
def _parse_cached(value: str, missing: int, types: tuple[str, ...]) -> ResourceSpec:
    # real files repeat the same few strings thousands of times; ResourceSpec is immutable
    if not java_trim(value):
        raise ResourceParseError(EMPTY_MESSAGE)
    try:
        if "=" in value:
            return _new_style(value, missing, types)
        if "%" in value:
            return _old_style_percentage(value, types)
        return _old_style_absolute(value, types)
    except JavaNumberFormatError as exc:  # a RuntimeException inside: Hadoop wraps it
        raise ResourceParseError(GENERIC_MESSAGE, f"NumberFormatException: {exc}") from None


def _prefixed(value: str, detail: str) -> ResourceParseError:
    return ResourceParseError(
        f"Error reading resource config--invalid resource definition: {value}. {detail}"
    )


def _find_percentage(text: str, units: str) -> float:
    # FairSchedulerConfiguration.findPercentage: the whole (trimmed) piece must be the percentage
    piece = java_trim(text)
    match = re.fullmatch(_PERCENT + units, piece)
    if match is None:
        if units:
            raise ResourceParseError(f"Invalid percentage of {units}: {piece}")
        raise ResourceParseError(f"Invalid percentage: {piece}")
    percentage = float(match.group(1)) / 100.0
    if percentage < 0:
        raise ResourceParseError(f"Invalid percentage: {piece}, percentage should not be negative!")
    return percentage


def _new_style(value: str, missing: int, types: tuple[str, ...]) -> ResourceSpec:
    as_percent = "%" in value
    absolute: dict[str, int] = dict.fromkeys(types, missing)
    # new ConfigurableResource(missing): ResourceUtils.createResourceWithSameValue gives vcores
    # Long.valueOf(missing).intValue(), so a vector that leaves vcores out caps it at -1, which
    # FSQueue.getMaxShare raises to minResources' vcores (oracle: 3.4.2, 3.3.6)
    absolute[VCORES] = long_to_int(missing)
    fractions: dict[str, float] = dict.fromkeys(types, 1.0)
    for resource in java_split(value, ","):
        parts = java_split(resource, "=")
        if len(parts) != 2:
            raise _prefixed(value, "Every resource must be of the form: name=value.")
        name, text = java_trim(parts[0]), java_trim(parts[1])
        if as_percent:
            try:
                amount: float = _find_percentage(text, "")
            except ResourceParseError:
                raise _prefixed(
                    value,
                    f'The resource values must all be percentages. "{text}" is either not a non-negative '
                    "number or does not include the '%' symbol.",
                ) from None
        else:
            try:
                number = parse_long(text)
            except JavaNumberFormatError:
                raise _prefixed(
                    value, f'The resource values must all be integers. "{text}" is not an integer.'
                ) from None
            if number < 0:
                raise ResourceParseError(f"Invalid value of {name}: {number}, value should not be negative!")
            amount = number
        if name not in absolute:
            raise _prefixed(
                value,
                f'The resource name, "{name}" was not recognized. Please check the value of '
                "yarn.resource-types in the Resource Manager's configuration files.",
            )
        if as_percent:
            fractions[name] = float(amount)
        elif name == VCORES:
            # ConfigurableResource.setValue -> Resource.setResourceValue(String, long): an int
            # saturating at Integer.MAX_VALUE
            absolute[name] = min(int(amount), INT_MAX)
        else:
            absolute[name] = int(amount)
    if as_percent:
        return ResourceSpec.of_fractions(fractions, text=value)
    return ResourceSpec.of(absolute, text=value)


def _old_style_percentage(value: str, types: tuple[str, ...]) -> ResourceSpec:
    lowered = _ascii_lower(value)
    pieces = java_split(lowered, ",")
    if len(pieces) == 1:
        percentage = _find_percentage(pieces[0], "")
        return ResourceSpec.of_fractions(dict.fromkeys(types, percentage), text=value)
    fractions = dict.fromkeys(types, 0.0)
    fractions[MEMORY] = _find_percentage(_piece_with(pieces, "memory"), "memory")
    fractions[VCORES] = _find_percentage(_piece_with(pieces, "cpu"), "cpu")
    return ResourceSpec.of_fractions(fractions, text=value)


def _piece_with(pieces: list[str], word: str) -> str:
    for piece in pieces:
        if word in piece:
            return piece
    raise ResourceParseError(f"Missing resource: {word}")


def _old_style_absolute(value: str, types: tuple[str, ...]) -> ResourceSpec:
    lowered = _ascii_lower(value)
    pieces = java_split(lowered, ",")
    if len(pieces) != 2:
        pieces = _OLD_TOKEN.findall(lowered)
        if len(pieces) != 2:
            raise ResourceParseError(f"Cannot parse resource values from input: {value}")
    memory = _old_amount(_piece_with(pieces, "mb"), "mb", "memory")
    vcores = _old_amount(_piece_with(pieces, "vcores"), "vcores", "vcores")
    amounts = dict.fromkeys(types, 0)
    amounts[MEMORY] = memory
    amounts[VCORES] = vcores
    return ResourceSpec.of(amounts, text=value)


def _old_amount(piece: str, units: str, label: str) -> int:
    trimmed = java_trim(piece)
    match = re.match(r"(-?[0-9]+)(\.[0-9]*)?" + _WS + "*" + units, trimmed)
    if match is None:
        raise ResourceParseError(f"Invalid value of {label}: {trimmed}")
    amount = parse_int(match.group(1))  # the integer part only; overflow is a NumberFormatException
    if amount < 0:
        raise ResourceParseError(f"Invalid value of {label}: {amount}, value should not be negative!")
    return amount


def parse_legacy_resource_config_value(
    value: str, resource_types: tuple[str, ...] = MANDATORY_TYPES
) -> ResourceSpec:
    """``FairSchedulerConfiguration.parseResourceConfigValue`` of Hadoop 3.1 and 2.10: old style
    only. Each number is the first ``N mb``, ``N vcores``, ``N% memory`` or ``N% cpu`` found anywhere
    in the lowercased text (``memory-mb=1024, vcores=2`` is "Missing resource: mb"); other resource
    types are 0, absolute or percentage (``ConfigurableResource.getResource`` scales memory and
    vcores only). Raises :class:`ResourceParseError` with Hadoop's message."""
    if resource_types[:2] != MANDATORY_TYPES:
        resource_types = tuple(dict.fromkeys((*MANDATORY_TYPES, *resource_types)))
    return _legacy_cached(value, resource_types)


@functools.lru_cache(maxsize=4096)
def _legacy_cached(value: str, types: tuple[str, ...]) -> ResourceSpec:
    lowered = _ascii_lower(value)
    try:
        if "%" in lowered:
            pieces = java_split(lowered, ",")
            if len(pieces) == 1:
                memory = vcores = _legacy_percentage(pieces[0], "")
            else:
                memory, vcores = _legacy_percentage(lowered, "memory"), _legacy_percentage(lowered, "cpu")
            fractions = dict.fromkeys(types, 0.0)
            fractions[MEMORY], fractions[VCORES] = memory, vcores
            return ResourceSpec.of_fractions(fractions, text=value)
        amounts = dict.fromkeys(types, 0)
        amounts[MEMORY], amounts[VCORES] = _legacy_amount(lowered, "mb"), _legacy_amount(lowered, "vcores")
        return ResourceSpec.of(amounts, text=value)
    except JavaNumberFormatError as exc:  # Integer.parseInt overflows: Hadoop wraps it
        raise ResourceParseError(GENERIC_MESSAGE, f"NumberFormatException: {exc}") from None


def _legacy_percentage(text: str, units: str) -> float:
    # findPercentage before 3.2: Matcher.find, no sign, no check of the rest of the text
    match = re.search(_LEGACY_PERCENT + units, text)
    if match is None:
        raise ResourceParseError(f"Invalid percentage: {text}" if not units else f"Missing resource: {units}")
    return float(match.group(1)) / 100.0


def _legacy_amount(text: str, units: str) -> int:
    # findResource before 3.2: the integer part of the first number before the units
    match = re.search(_LEGACY_AMOUNT + units, text)
    if match is None:
        raise ResourceParseError(f"Missing resource: {units}")
    return parse_int(match.group(1))
