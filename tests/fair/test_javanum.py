"""Java number parsing as Hadoop applies it to allocation-file values (fs-parse.md §2.1)."""

from __future__ import annotations

import math

import pytest

from fsctl.fair.javanum import (
    JavaNumberFormatError,
    java_long_multiply,
    java_max,
    java_min,
    java_trim,
    parse_boolean,
    parse_double,
    parse_float,
    parse_int,
    parse_long,
    to_float32,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("+5", 5),
        ("-5", -5),
        ("007", 7),
        ("2147483647", 2**31 - 1),
        ("-2147483648", -(2**31)),
        ("\u0661\u0662", 12),
    ],  # Integer.parseInt accepts Unicode decimal digits
)
def test_parse_int_accepts(text: str, value: int) -> None:
    assert parse_int(text) == value


@pytest.mark.parametrize(
    "text", ["", "-", "+", " 1", "1 ", "1_0", "1.0", "0x10", "2147483648", "-2147483649", "１e"]
)
def test_parse_int_rejects_with_java_message(text: str) -> None:
    with pytest.raises(JavaNumberFormatError, match=r'^For input string: "'):
        parse_int(text)


def test_parse_long_range() -> None:
    assert parse_long("9223372036854775807") == 2**63 - 1
    with pytest.raises(JavaNumberFormatError):
        parse_long("9223372036854775808")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.5", 0.5),
        ("0.5f", 0.5),
        ("0.5F", 0.5),
        ("2d", 2.0),
        (".5", 0.5),
        ("5.", 5.0),
        ("5e-1", 0.5),
        ("0x1p-1", 0.5),
        ("0X.8P0", 0.5),
        ("  1.5  ", 1.5),
        ("+1", 1.0),
        ("-Infinity", -math.inf),
        ("Infinity", math.inf),
        ("1e40", math.inf),
        ("1e-50", 0.0),
    ],
)
def test_parse_float_java_grammar(text: str, value: float) -> None:
    assert parse_float(text) == value


@pytest.mark.parametrize("text", ["inf", "nan", "NaNf", "1_0", "50%", "1,5", "", "   ", "e5", "0x1", "1.5.2"])
def test_parse_float_rejects(text: str) -> None:
    with pytest.raises(JavaNumberFormatError):
        parse_float(text)


def test_parse_float_rounds_to_32_bits() -> None:
    assert parse_float("0.1") == to_float32(0.1) != 0.1
    assert parse_double("0.1") == 0.1
    assert parse_double("1e40") == 1e40
    assert math.isnan(parse_float("NaN"))
    # the largest float, and the first value that rounds up to infinity
    assert parse_float("3.4028235e38") == to_float32(3.4028235e38)
    assert parse_float("3.4028236e38") == math.inf


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("TRUE", True),
        ("True", True),
        ("yes", False),
        ("1", False),
        (" true", False),
        ("", False),
        (None, False),
    ],
)
def test_parse_boolean(text: str | None, value: bool) -> None:
    assert parse_boolean(text) is value


def test_java_helpers() -> None:
    assert java_trim("\x00\t a \x1f") == "a"
    assert java_trim("\u00a0a") == "\u00a0a"  # String.trim keeps NBSP
    assert math.isnan(java_min(math.nan, 1.0)) and math.isnan(java_max(0.0, math.nan))
    assert java_long_multiply(2**62, 4) == 0  # Java wrap-around
    assert java_long_multiply(-5, 1000) == -5000
