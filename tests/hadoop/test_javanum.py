"""Java number parsing as Hadoop applies it to allocation-file values (fs-parse.md §2.1)."""

from __future__ import annotations

import math

import pytest

from fsctl.hadoop.javanum import (
    JavaNumberFormatError,
    java_float_str,
    java_long_multiply,
    java_max,
    java_min,
    java_trim,
    parse_boolean,
    parse_double,
    parse_float,
    parse_int,
    parse_integral,
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


@pytest.mark.parametrize(
    ("text", "value"),
    [("ff", 255), ("-FF", -255), ("+7fffffff", 2**31 - 1), ("\uff21", 10), ("\u0661\uff46", 31)],
)
def test_parse_integral_radix_16(text: str, value: int) -> None:
    # Integer.parseInt(s, 16): Character.digit reads Unicode digits and fullwidth letters too
    assert parse_integral(text, -(2**31), 2**31 - 1, radix=16) == value


@pytest.mark.parametrize("text", ["", "-", "g", "0x1", "80000000", " f"])
def test_parse_integral_radix_16_rejects(text: str) -> None:
    with pytest.raises(JavaNumberFormatError, match=f'^For input string: "{text}" under radix 16$'):
        parse_integral(text, -(2**31), 2**31 - 1, radix=16)


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
        # decimals on or near a float32 midpoint, where rounding through a double could round twice:
        # Float.parseFloat rounds the exact decimal once, half to even
        ("16777217", 16777216.0),  # 2^24 + 1: a tie, to the even neighbour
        ("16777217.000000001", 16777218.0),  # just above the tie
        ("16777216.999999999", 16777216.0),
        ("33554434", 33554432.0),
        ("33554435", 33554436.0),
        ("1.00000005960464477539062500", 1.0),  # 1 + 2^-24, a tie
        ("1.000000059604644775390625000001", 1.0000001192092896),
        ("3.4028235677973366e38", 3.4028234663852886e38),  # just below MAX_VALUE + half an ulp
        ("3.4028235677973366163753939545814256844801e38", math.inf),  # just above it
        ("1.4e-45", 1.401298464324817e-45),  # the smallest subnormal
        ("7.006492321624085e-46", 0.0),  # below half of it
        ("-0.0", -0.0),
    ],
)
def test_parse_float_rounds_once(text: str, value: float) -> None:
    assert parse_float(text) == value
    assert math.copysign(1, parse_float(text)) == math.copysign(1, value)
    # the exact (Fraction) path, which the plain-decimal fast path must agree with
    assert parse_float(text + "f") == parse_float(text)


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("50", 50.0),
        (" 50 ", 50.0),
        ("1e1", 10.0),
        ("50f", 50.0),
        ("2.5d", 2.5),
        ("0x1.8p1", 3.0),
        ("-Infinity", -math.inf),
    ],
)
def test_parse_float_as_hadoop_reads_capacities(text: str, expected: float) -> None:
    # Float.parseFloat accepts all of these (cs.md §1.4, verified with JDK 17)
    assert parse_float(text) == expected


def test_parse_float_nan_and_errors() -> None:
    assert math.isnan(parse_float("NaN"))
    with pytest.raises(JavaNumberFormatError, match='For input string: "50%"'):
        parse_float("50%")
    with pytest.raises(JavaNumberFormatError, match='For input string: "2w"'):
        parse_float("2w ")  # trimmed in the message, as Java does


def test_java_float_str() -> None:
    assert parse_float("0.1") != 0.1  # float32
    assert java_float_str(parse_float("70.005")) == "70.005"
    assert java_float_str(500.0) == "500.0"
    assert java_float_str(1e10) == "1.0E10"
