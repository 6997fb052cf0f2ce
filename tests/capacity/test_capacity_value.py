"""Capacity value syntax (cs.md §3, §9.1)."""

from __future__ import annotations

import pytest

from fsctl.capacity.capacity_value import (
    CapacityError,
    CapacityMode,
    EntryKind,
    parse_absolute,
    parse_capacity,
    parse_vector,
)

GPU = ("memory-mb", "vcores", "yarn.io/gpu")
A, P, W = EntryKind.ABSOLUTE, EntryKind.PERCENTAGE, EntryKind.WEIGHT


def vec(text: str | None, path: str = "root.test", types: tuple[str, ...] = ("memory-mb", "vcores")):
    return [(e.resource, e.value, e.kind) for e in parse_vector(text, path, types)]


# TestQueueCapacityConfigParser (cs.md §9.1)
@pytest.mark.parametrize(
    ("text", "path", "types", "expected"),
    [
        ("50.0", "root.test", ("memory-mb", "vcores"), [("memory-mb", 50.0, P), ("vcores", 50.0, P)]),  # 1
        ("50.0", "root", ("memory-mb", "vcores"), [("memory-mb", 100.0, P), ("vcores", 100.0, P)]),  # 2
        ("6.0w", "root.test", ("memory-mb", "vcores"), [("memory-mb", 6.0, W), ("vcores", 6.0, W)]),  # 3
        (  # 4 testAbsoluteCapacityVectorConfig
            "[memory-mb=12Gi, vcores=6.0, yarn.io/gpu=10.0]",
            "root.test",
            GPU,
            [("memory-mb", 12288.0, A), ("vcores", 6.0, A), ("yarn.io/gpu", 10.0, A)],
        ),
        (  # 5
            "[memory-mb=12Gi, vcores=6.0]",
            "root.test",
            GPU,
            [("memory-mb", 12288.0, A), ("vcores", 6.0, A), ("yarn.io/gpu", 0.0, A)],
        ),
        (  # 6 testMixedCapacityConfig
            "[memory-mb=1024.0, vcores=50.0%, yarn.io/gpu=6.0w]",
            "root.test",
            GPU,
            [("memory-mb", 1024.0, A), ("vcores", 50.0, P), ("yarn.io/gpu", 6.0, W)],
        ),
        ("50nonexistingsuffix", "root.test", GPU, []),  # 7 testInvalidCapacityConfigs
        ("[memory-100,vcores-60]", "root.test", GPU, []),  # 8
        ("[invalid]", "root.test", GPU, []),  # 9
        ("[]", "root.test", GPU, []),  # 10
        ("", "root.test", GPU, []),  # 11
        (None, "root.test", GPU, []),  # 12
        # 13: 3.4.2's heterogeneousParser drops a vector without memory ("Memory always have to be
        # defined"); testZeroAbsoluteCapacityConfig (YARN-11646) is a later release's
        ("[memory-mb=0, vcores=0]", "root.test", ("memory-mb", "vcores"), []),
        ("[memory-mb=0%, vcores=1w]", "root.test", ("memory-mb", "vcores"), []),
    ],
)
def test_capacity_vector_parser(text: str | None, path: str, types: tuple[str, ...], expected: list) -> None:
    assert vec(text, path, types) == expected


def test_memory_is_renamed_memory_mb_in_vectors() -> None:
    assert vec("[memory=50%,vcores=2w]") == [("memory-mb", 50.0, P), ("vcores", 2.0, W)]


# cs.md §3.1 / §3.4: how legacy mode classifies a value
@pytest.mark.parametrize(
    ("text", "mode", "percent", "weight"),
    [
        ("50", CapacityMode.PERCENTAGE, 50.0, -1.0),
        ("12.5", CapacityMode.PERCENTAGE, 12.5, -1.0),
        (" 50 ", CapacityMode.PERCENTAGE, 50.0, -1.0),  # Float.parseFloat trims
        ("2w", CapacityMode.WEIGHT, 0.0, 2.0),
        ("2.0w", CapacityMode.WEIGHT, 0.0, 2.0),
        ("[memory=1024,vcores=1]", CapacityMode.ABSOLUTE, 0.0, -1.0),
        ("[memory=50%,vcores=2w,yarn.io/gpu=1]", CapacityMode.VECTOR, 0.0, -1.0),  # read as 0%
        ("[memory=1024] ", CapacityMode.VECTOR, 0.0, -1.0),  # "$" fails on the space: 0%
        # a vector of one common weight counts as that weight in legacy mode (cs.md §4, code reading)
        ("[memory=2w,vcores=2w]", CapacityMode.VECTOR, 0.0, 2.0),
    ],
)
def test_legacy_classification(text: str, mode: CapacityMode, percent: float, weight: float) -> None:
    value = parse_capacity(text, "root.a")
    assert value is not None
    assert (value.mode, value.percent, value.weight) == (mode, percent, weight)


def test_root_is_always_100_and_unset_is_none() -> None:
    value = parse_capacity("30", "root")
    assert value is not None and value.percent == 100.0
    assert parse_capacity(None, "root.a") is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("500", "Illegal capacity of 500.0 for queue root.test1"),  # testValidateCSConfigInvalidCapacity
        ("-1", "Illegal capacity of -1.0 for queue root.test1"),
        ("50%", 'For input string: "50%"'),
        ("2w ", 'For input string: "2w"'),  # a weight with trailing whitespace fails (cs.md §1.4)
        ("w", "empty String"),
        (
            "10001w",
            "Illegal weight=10001.0 for queue=root.test1label=. Acceptable values: [0, 10000], "
            "-1 is same as not set",
        ),
        ("[memory=1.5Gi]", 'For input string: "1.5"'),  # Long.valueOf
    ],
)
def test_capacity_errors(text: str, message: str) -> None:
    with pytest.raises(CapacityError) as info:
        parse_capacity(text, "root.test1")
    assert info.value.message == message


def test_maximum_capacity() -> None:
    # getNonLabeledQueueMaximumCapacity: -1 reads as 100, no range check, weights fail
    assert parse_capacity("-1", "root.a", maximum=True).percent == 100.0  # type: ignore[union-attr]
    assert parse_capacity("150", "root.a", maximum=True).percent == 150.0  # type: ignore[union-attr]
    assert parse_capacity("[memory=1024]", "root.a", maximum=True).percent == 100.0  # type: ignore[union-attr]
    with pytest.raises(CapacityError, match='For input string: "2w"'):
        parse_capacity("2w", "root.a", maximum=True)


def test_label_capacity_range_applies_to_maximum_too() -> None:
    with pytest.raises(CapacityError) as info:
        parse_capacity("120", "root.a", label="red", maximum=True)
    assert info.value.message == (
        "Illegal capacity of 120.0 for node-label=red in queue=root.a, "
        "valid capacity should in range of [0, 100]."
    )


@pytest.mark.parametrize(
    ("text", "resources", "skipped"),
    [
        ("[memory=10240,vcores=12]", (("memory-mb", 10240), ("vcores", 12)), 0),
        ("[memory=10Gi,vcores=2]", (("memory-mb", 10240), ("vcores", 2)), 0),
        # UnitsConversionUtil.convert divides the factors first: 2 * (10^9 // 2^20) = 1906
        ("[memory-mb=2G,vcores=2]", (("memory-mb", 1906), ("vcores", 2)), 0),
        ("[memory=0]", (), 0),  # memory 0: no resource at all
        ("[vcores=10]", (), 0),
        ("[memory=1024,gpu=1]", (("memory-mb", 1024), ("vcores", 0)), 1),  # "gpu not supported."
        ("[memory=1024,vcores=2Xi]", (("memory-mb", 1024), ("vcores", 0)), 1),  # unknown unit skipped
        ("[memory=1024,vcores]", (("memory-mb", 1024), ("vcores", 0)), 1),  # no "="
    ],
)
def test_legacy_absolute(text: str, resources: tuple, skipped: int) -> None:
    # CapacitySchedulerConfiguration#internalGetLabeledResourceRequirementForQueue (cs.md §3.2)
    got, skipped_entries = parse_absolute(text)
    assert got == resources
    assert len(skipped_entries) == skipped


def test_canonical_round_trips() -> None:
    for text in ("50", "12.5", "2w", "[memory=1024,vcores=2]", "[memory=10Gi,vcores=2]"):
        value = parse_capacity(text, "root.a")
        assert value is not None
        again = parse_capacity(value.canonical(), "root.a")
        assert again is not None
        assert (again.mode, again.percent, again.weight, again.resources) == (
            value.mode,
            value.percent,
            value.weight,
            value.resources,
        )
