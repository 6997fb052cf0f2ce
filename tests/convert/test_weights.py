"""fs2cs.md §2.5/§2.6, §4.2 rows 59-67: weight mode and percentage mode, and where fsctl departs
from fs2cs (it crashes or is wrong). The rounding remainder goes where fs2cs puts it (Remainder: here
the children in document order; tests/convert/test_remainder.py has Hadoop's orders)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fsctl.convert.weights import (
    Fs2csArithmeticError,
    Remainder,
    _fix_up,
    exact_percentages,
    fs2cs_percentages,
    percentages,
    weight_capacity,
)
from tests.convert.helpers import allocations, children_weights, codes, cs, run


def in_order(weights: list[float]) -> Remainder:
    """The children met in document order, the largest (first among equals) taking the remainder."""
    return Remainder.in_document_order(len(weights))


@pytest.mark.parametrize(
    ("weights", "expected", "zero_sum"),
    [
        (
            [1.0],
            ["100.000"],
            False,
        ),  # TestWeightToPercentageConverter#testSingleChildQueueConversion (row 59)
        ([1.0, 2.0, 3.0], ["16.667", "33.333", "50.000"], False),  # #testMultiWeightConversion (row 60)
        (
            [0.0, 1.0, 1.0],
            ["0.000", "50.000", "50.000"],
            False,
        ),  # #testChildrenCapacityWithOneZeroWeight (row 61)
        ([0.0, 0.0, 0.0], ["0.000", "0.000", "0.000"], True),  # #testChildrenCapacityWithZeroWeights (row 62)
        ([1.0, 1.0, 1.0], ["33.334", "33.333", "33.333"], False),  # #testCapacityFixing...(row 63)
        ([0.5, 0.5], ["50.000", "50.000"], False),  # fs2cs.md §2.6 edge cases (J)
        ([1.5, 2.5], ["37.500", "62.500"], False),
        ([1.0, 2.0], ["33.333", "66.667"], False),
        ([3.0, 7.0], ["30.000", "70.000"], False),
        ([1.0] * 7, ["14.284"] + ["14.286"] * 6, False),
        ([1.0] * 6, ["16.665"] + ["16.667"] * 5, False),
        ([2.5, 2.5, 2.5], ["28.572", "35.714", "35.714"], False),  # fs2cs's distortion, reproduced
        ([0.5, 0.25], ["0.000", "0.000"], True),  # the truncated total is 0
        ([0.1, 0.9], ["0.000", "0.000"], True),  # 0.99999998 as a double sum of floats
    ],
)
def test_fs2cs_percentages(weights: list[float], expected: list[str], zero_sum: bool) -> None:
    result = fs2cs_percentages(weights, in_order(weights))
    assert [str(v) for v in result.values] == expected
    assert result.zero_sum is zero_sum


@pytest.mark.parametrize("weights", [[0.1, 1.0], [0.3, 1.0], [1.0, 0.015625 + 1e-9]])
def test_fs2cs_crashes_on_unrepresentable_weights(weights: list[float]) -> None:
    # fs2cs.md §2.6 "Crash": setScale(5) throws ArithmeticException: Rounding necessary
    with pytest.raises(Fs2csArithmeticError):
        fs2cs_percentages(weights, in_order(weights))


def test_fix_capacities_hadoop_totals() -> None:
    # the Hadoop test checks the largest against a total of 100.001 / 99.999 with the others at 25/25
    over = _fix_up([Decimal("50.001"), Decimal("25.000"), Decimal("25.000")], Remainder.in_document_order(3))
    under = _fix_up([Decimal("49.999"), Decimal("25.000"), Decimal("25.000")], Remainder.in_document_order(3))
    assert str(over.values[0]) == "50.000" and str(under.values[0]) == "50.000"
    assert [str(v) for v in over.values[1:]] == ["25.000", "25.000"]


@pytest.mark.parametrize(
    ("weights", "expected", "difference"),
    [
        ([0.5, 0.25], ["66.667", "33.333"], "all-zero"),
        ([0.1, 0.9], ["10.000", "90.000"], "all-zero"),
        ([2.5, 2.5, 2.5], ["33.334", "33.333", "33.333"], "distorted"),
        ([0.1, 1.0], ["9.091", "90.909"], "crash"),
        ([1.0, 2.0, 3.0], ["16.667", "33.333", "50.000"], None),
    ],
)
def test_fsctl_is_right_where_fs2cs_fails(
    weights: list[float], expected: list[str], difference: str | None
) -> None:
    result = percentages(weights, in_order(weights))
    assert [str(v) for v in result.values] == expected
    assert result.difference == difference
    assert sum(result.values) == Decimal("100.000")


def test_exact_percentages_all_zero_weights() -> None:
    assert exact_percentages([0.0, 0.0], in_order([0.0, 0.0])).zero_sum


@pytest.mark.parametrize(
    ("weights", "code"),
    [(["0.5", "0.25"], "CV402"), (["2.5", "2.5", "2.5"], "CV403"), (["0.1", "1"], "CV401")],
)
def test_differences_are_findings(weights: list[str], code: str) -> None:
    result = run(children_weights(weights), percentage=True)
    assert codes(result, code) == ["root"]
    assert not result.failed
    assert "allow-zero-capacity-sum" not in " ".join(cs(result))


@pytest.mark.parametrize(
    ("weight", "text"),
    [
        (1.0, "1.0w"),
        (3.0, "3.0w"),
        (0.0, "0.0w"),
        (2.5, "2.5w"),
        (0.3, "0.3w"),
        (1e7, "1.0E7w"),
        (1e-4, "1.0E-4w"),
    ],
)
def test_weight_capacity_uses_float_to_string(weight: float, text: str) -> None:
    # WeightToWeightConverter: Float.toString(weight) + "w" (fs2cs.md §2.5, §2.8)
    assert weight_capacity(weight) == text


def test_weight_mode_root_without_children() -> None:
    # TestWeightToWeightConverter#testNoChildQueueConversion (row 66): a lone root is an FS parent
    xml = allocations('<queue name="root" type="parent"></queue>')
    props = cs(run(xml))
    assert props["root.capacity"] == "1.0w"
    assert props["root.auto-queue-creation-v2.enabled"] == "true"


def test_weight_mode_weights() -> None:
    # TestWeightToWeightConverter#testMultiWeightConversion (row 67)
    props = cs(run(children_weights(["1", "2", "3"])))
    keys = ("root.capacity", "root.a.capacity", "root.b.capacity", "root.c.capacity")
    assert [props[k] for k in keys] == [
        "1.0w", "1.0w", "2.0w", "3.0w",
    ]  # fmt: skip


def test_percentage_mode_has_no_weight_keys() -> None:
    # fs2cs.md §2.9: no root.capacity, no AQCv2 in percentage mode
    props = cs(run(percentage=True))
    assert "root.capacity" not in props
    assert not [k for k in props if "auto-queue-creation-v2" in k]
