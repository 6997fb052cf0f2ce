"""Java's number and boolean parsing, which Hadoop applies to every value of an allocation file and
(through ``Configuration``'s typed getters) of a capacity-scheduler.xml or yarn-site.xml.

Python differs from Java in ways that matter here: ``int()`` accepts ``1_000`` and surrounding
spaces, ``float()`` accepts ``inf``/``nan``/``1_0`` but not ``0.5f`` or ``0x1p-1``, and Python has no
32-bit float. Each function below accepts exactly what its Java namesake accepts and raises
:class:`JavaNumberFormatError` with Java's message otherwise.
"""

from __future__ import annotations

import functools
import math
import re
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1


class ConfValueError(ValueError):
    """A value Hadoop's Java code rejects; the message is Java's (``For input string: "x"``).

    ``exception`` is the Java exception class Hadoop would throw, for messages that name it.
    """

    def __init__(self, message: str, exception: str = "NumberFormatException") -> None:
        super().__init__(message)
        self.message = message
        self.exception = exception


class JavaNumberFormatError(ConfValueError):
    """Java's ``NumberFormatException``; ``str()`` is Java's message (``For input string: "x"``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)


_JAVA_WHITESPACE = "".join(map(chr, range(0x21)))  # U+0000..U+0020


def java_trim(text: str) -> str:
    """``String.trim()``: strips every code point <= U+0020 at both ends (not NBSP)."""
    return str.strip(text, _JAVA_WHITESPACE)  # unbound: a non-string raises TypeError


def _for_input(text: str, radix: int = 10) -> JavaNumberFormatError:
    # NumberFormatException.forInputString
    suffix = "" if radix == 10 else f" under radix {radix}"
    return JavaNumberFormatError(f'For input string: "{text}"{suffix}')


_ASCII_INTEGER = {10: re.compile(r"[+-]?[0-9]+"), 16: re.compile(r"[+-]?[0-9a-fA-F]+")}
_FULLWIDTH_UPPER_A, _FULLWIDTH_LOWER_A = 0xFF21, 0xFF41


def _digit(ch: str, radix: int) -> int | None:
    """``Character.digit(ch, radix)`` on a UTF-16 char: Unicode decimal digits (Nd), ASCII and
    fullwidth Latin letters; None where Java answers -1."""
    code = ord(ch)
    if code > 0xFFFF:
        return None
    if ch.isascii() and ch.isalpha():
        value: int | None = ord(ch.lower()) - ord("a") + 10
    elif _FULLWIDTH_UPPER_A <= code < _FULLWIDTH_UPPER_A + 26:
        value = code - _FULLWIDTH_UPPER_A + 10
    elif _FULLWIDTH_LOWER_A <= code < _FULLWIDTH_LOWER_A + 26:
        value = code - _FULLWIDTH_LOWER_A + 10
    else:
        import unicodedata  # only for non-ASCII digits: kept off the start-up path

        value = unicodedata.decimal(ch, None)
    return value if value is not None and value < radix else None


def parse_integral(text: str, low: int, high: int, radix: int = 10) -> int:
    """``Integer.parseInt(s, radix)`` / ``Long.parseLong(s, radix)`` for the range [low, high]:
    optional sign, digits as ``Character.digit`` reads them (Unicode ones too); no whitespace."""
    ascii_form = _ASCII_INTEGER.get(radix)
    if ascii_form is not None and ascii_form.fullmatch(text):  # the common case
        value = int(text, radix)
        if not low <= value <= high:
            raise _for_input(text, radix)
        return value
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not digits:
        raise _for_input(text, radix)
    value = 0
    for ch in digits:
        digit = _digit(ch, radix)
        if digit is None:
            raise _for_input(text, radix)
        value = value * radix + digit
    value = -value if text[0] == "-" else value
    if not low <= value <= high:
        raise _for_input(text, radix)
    return value


def parse_int(text: str) -> int:
    """``Integer.parseInt``: optional sign, decimal digits (Unicode ones too), 32-bit range."""
    return parse_integral(text, INT_MIN, INT_MAX)


def parse_long(text: str) -> int:
    """``Long.parseLong``: optional sign, decimal digits (Unicode ones too), 64-bit range."""
    return parse_integral(text, LONG_MIN, LONG_MAX)


def parse_boolean(text: str | None) -> bool:
    """``Boolean.parseBoolean``: true iff the text is ``true`` ignoring case; never an error."""
    return text is not None and text.lower() == "true"


# FloatingDecimal.readJavaFormatString: Java literal grammar, ASCII digits only
_DECIMAL = r"([+-]?)(?:(NaN)|(Infinity)|((?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)[fFdD]?)"
_HEX = r"([+-]?)0[xX](?:([0-9a-fA-F]+)\.?|([0-9a-fA-F]*)\.([0-9a-fA-F]+))[pP]([+-]?[0-9]+)[fFdD]?"


def _exact(text: str) -> tuple[float, Fraction | None]:
    """(sign, exact absolute value) of a Java floating literal; Fraction None for NaN/Infinity."""
    from fractions import Fraction  # the uncommon literals only: kept off the start-up path

    trimmed = java_trim(text)
    if not trimmed:
        raise JavaNumberFormatError("empty String")
    # re.fullmatch compiles on first use: only files with uncommon literals pay for it
    match = re.fullmatch(_DECIMAL, trimmed)
    if match:
        sign = -1.0 if match.group(1) == "-" else 1.0
        if match.group(2):
            return math.nan, None
        if match.group(3):
            return sign * math.inf, None
        literal = match.group(4)
        mantissa, _, exponent = literal.replace("E", "e").partition("e")
        exp = int(exponent) if exponent else 0
        if exp > 400:  # whatever the digits, the value overflows a double
            return sign * math.inf, None
        if exp < -400 - len(mantissa):
            return sign * 0.0, None
        if mantissa.endswith("."):
            mantissa += "0"
        if mantissa.startswith("."):
            mantissa = "0" + mantissa
        return sign, Fraction(mantissa) * Fraction(10) ** exp
    match = re.fullmatch(_HEX, trimmed)
    if match:
        sign = -1.0 if match.group(1) == "-" else 1.0
        whole = match.group(2) if match.group(2) is not None else (match.group(3) or "")
        fraction_digits = "" if match.group(2) is not None else match.group(4)
        exp = int(match.group(5))
        if exp > 2000:
            return sign * math.inf, None
        if exp < -2000 - 4 * len(fraction_digits):
            return sign * 0.0, None
        digits = int((whole + fraction_digits) or "0", 16)
        return sign, Fraction(digits) * Fraction(2) ** (exp - 4 * len(fraction_digits))
    raise _for_input(trimmed)  # the message shows the trimmed text, as Java's does


# a plain decimal literal, the form nearly every file uses: Python's float() reads it exactly as
# Java does (both round the decimal value correctly), with no Fraction arithmetic
_PLAIN_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def parse_double(text: str) -> float:
    """``Double.parseDouble``: ``1.5``, ``1e3``, ``0.5f``, ``2d``, ``0x1p-1``, ``NaN``, ``-Infinity``."""
    if _PLAIN_DECIMAL.fullmatch(text):
        return float(text)
    sign, exact = _exact(text)
    if exact is None:
        return sign
    try:
        return sign * float(exact)  # Fraction -> float rounds correctly (half to even)
    except OverflowError:
        return sign * math.inf


@functools.lru_cache(maxsize=4096)  # pure; a large file repeats a few values ("100", "2") many times
def parse_float(text: str) -> float:
    """``Float.parseFloat``: the same grammar, rounded once, directly to a 32-bit float."""
    if _PLAIN_DECIMAL.fullmatch(text):
        rounded = _float32_of_plain(float(text))
        if rounded is not None:
            return rounded
    sign, exact = _exact(text)
    if exact is None:
        return sign
    return sign * _round_to_float32(exact)


_FLOAT_MAX_ROUNDING = 3.4028235677973366e38  # the smallest double that rounds to float infinity
_FLOAT32 = struct.Struct("<f")
_pack_float32, _unpack_float32 = _FLOAT32.pack, _FLOAT32.unpack


def to_float32(value: float) -> float:
    """Java's ``(float) d`` cast: round a double to the nearest 32-bit float (overflow to infinity)."""
    # the finite range first: one comparison instead of three math calls (called per capacity sum)
    if -_FLOAT_MAX_ROUNDING < value < _FLOAT_MAX_ROUNDING:
        return float(_unpack_float32(_pack_float32(value))[0])
    if math.isnan(value) or math.isinf(value):
        return value
    return math.copysign(math.inf, value)


def java_float_str(value: float) -> str:
    """Java's ``Float.toString`` for the values messages print (``500.0``, ``1.3``, ``NaN``)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    magnitude = abs(value)
    # the shortest decimal that reads back as the same float32
    for digits in range(1, 10):
        text = f"{value:.{digits}g}"
        if to_float32(float(text)) == value:
            break
    number = float(text)
    if 1e-3 <= magnitude < 1e7:
        rendered = repr(number)
        if "e" in rendered:
            rendered = f"{number:f}".rstrip("0")
        return rendered if "." in rendered else rendered + ".0"
    mantissa, exponent = f"{number:.{digits - 1}e}".split("e")
    if "." not in mantissa:
        mantissa += ".0"
    mantissa = mantissa.rstrip("0") if "." in mantissa else mantissa
    if mantissa.endswith("."):
        mantissa += "0"
    return f"{mantissa}E{int(exponent)}"


_F32_INF_BITS = 0x7F800000


def _float32_of_plain(double: float) -> float | None:
    """The float32 nearest a decimal, from its correctly rounded double; None when unsure.

    Rounding the decimal to a double and then to a float32 is rounding once, except when the
    double falls exactly on a midpoint between two float32 values (the decimal itself may lie just
    off it): float32 midpoints are doubles, and rounding is monotonic, so only that case can differ.
    """
    single = to_float32(double)
    if single == double:  # exact (an infinite double stays infinite: Java overflows the same way)
        return single
    if math.isinf(single):  # near Float.MAX_VALUE: the exact path decides
        return None
    magnitude = abs(single)
    bits = _f32_bits(magnitude)
    other = bits + 1 if abs(double) > magnitude else bits - 1
    if not 0 <= other < _F32_INF_BITS:
        return None
    neighbour = float(struct.unpack("<f", struct.pack("<I", other))[0])
    if abs(double) == (magnitude + neighbour) / 2:  # exact: both have 24-bit mantissas
        return None
    return single


def _f32_bits(value: float) -> int:
    return int(struct.unpack("<I", struct.pack("<f", value))[0])


def _f32_value(bits: int) -> Fraction:
    from fractions import Fraction

    if bits >= _F32_INF_BITS:
        return Fraction(2) ** 128  # where infinity sits for round-to-nearest purposes
    return Fraction(struct.unpack("<f", struct.pack("<I", bits))[0])


def _round_to_float32(exact: Fraction) -> float:
    """Correctly rounded (half to even) non-negative Fraction -> 32-bit float, as Java does.

    Going through a double first could round twice; checking the float32 neighbours of the
    double-rounded guess against the exact value avoids that.
    """
    from fractions import Fraction

    guess = to_float32(float(exact)) if exact < Fraction(2) ** 1024 else math.inf
    bits = _F32_INF_BITS if math.isinf(guess) else _f32_bits(guess)
    best_bits, best_err = bits, abs(_f32_value(bits) - exact)
    for candidate in (bits - 1, bits + 1):
        if 0 <= candidate <= _F32_INF_BITS:
            err = abs(_f32_value(candidate) - exact)
            if err < best_err or (err == best_err and candidate % 2 == 0 and best_bits % 2 == 1):
                best_bits, best_err = candidate, err
    if best_bits >= _F32_INF_BITS:
        return math.inf
    return float(struct.unpack("<f", struct.pack("<I", best_bits))[0])


def java_min(a: float, b: float) -> float:
    """``Math.min`` on floats: NaN if either is NaN (Python's ``min`` is order-dependent)."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    return min(a, b)


def java_max(a: float, b: float) -> float:
    """``Math.max`` on floats: NaN if either is NaN."""
    if math.isnan(a) or math.isnan(b):
        return math.nan
    return max(a, b)


def java_double_divide(a: float, b: float) -> float:
    """``a / b`` on Java doubles: +-Infinity for a non-zero over zero, NaN for zero over zero."""
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


def java_float_divide(a: float, b: float) -> float:
    """``a / b`` on Java floats: +-Infinity for a non-zero over zero, NaN for zero over zero."""
    if b == 0:
        return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1.0, b)
    return to_float32(a / b)


def java_long_multiply(a: int, b: int) -> int:
    """``a * b`` on Java longs: wraps around silently on overflow (timeouts × 1000)."""
    product = (a * b) & 0xFFFFFFFFFFFFFFFF
    return product - (1 << 64) if product >= 1 << 63 else product


def long_to_int(value: int) -> int:
    """``(int) l`` / ``Long.intValue()``: the low 32 bits, so ``Long.MAX_VALUE`` becomes -1."""
    low = value & 0xFFFFFFFF
    return low - (1 << 32) if low >= 1 << 31 else low
