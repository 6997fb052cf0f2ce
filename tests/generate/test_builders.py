"""The values each target gets: Fair absolute resources rounded to the increments, Capacity
percentages that add up to exactly 100, weights, and settings carried across."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest

from fsctl.generate.capacity import build_capacity, split_hundred
from fsctl.generate.fair import build_fair, floor_to, increments_from_site, placement_rules
from fsctl.generate.ratios import RatioFile, read_ratios
from fsctl.hadoop.conf import HadoopConf

CLUSTER = "memory-mb=102400, vcores=100"


@pytest.fixture
def ratios(write: Callable[[str, str], str]) -> Callable[..., RatioFile]:
    def _read(text: str, **options: object) -> RatioFile:
        result = read_ratios(write("r.yaml", text), cluster=CLUSTER, **options)  # type: ignore[arg-type]
        assert result.ok, result.diagnostics
        assert result.ratios is not None
        return result.ratios

    return _read


@pytest.mark.parametrize(
    ("amount", "increment", "expected"),
    [
        (Fraction(40960), 1024, 40960),
        (Fraction(40959), 1024, 39936),
        (Fraction(1023), 1024, 0),
        (Fraction(333, 10), 1, 33),
        (Fraction(7), 0, 7),
    ],
)
def test_floor_to_increment(amount: Fraction, increment: int, expected: int) -> None:
    assert floor_to(amount.numerator, amount.denominator, increment) == expected


def test_increments_follow_fair_scheduler_configuration() -> None:
    # FairSchedulerConfiguration.getIncrementAllocation: defaults 1024 MB / 1 vcore; the
    # yarn.resource-types.<name>.increment-allocation key wins over the older one
    assert increments_from_site(None) == {"memory-mb": 1024, "vcores": 1}
    site = HadoopConf.from_pairs(
        [
            ("yarn.scheduler.increment-allocation-mb", "512"),
            ("yarn.scheduler.increment-allocation-vcores", "2"),
            ("yarn.resource-types.vcores.increment-allocation", "4"),
        ]
    )
    assert increments_from_site(site) == {"memory-mb": 512, "vcores": 4}
    assert increments_from_site(site, {"memory-mb": 256}) == {"memory-mb": 256, "vcores": 4}
    custom = HadoopConf.from_pairs(
        [
            ("yarn.resource-types", "yarn.io/gpu"),
            ("yarn.resource-types.yarn.io/gpu.increment-allocation", "2"),
        ]
    )
    assert increments_from_site(custom) == {"memory-mb": 1024, "vcores": 1, "yarn.io/gpu": 2}


def test_fair_minimums_are_share_of_parent_rounded_down(ratios: Callable[..., RatioFile]) -> None:
    tree = ratios(
        "queues:\n"
        "  a:\n    share: 33.3\n    max: 50\n    queues:\n"
        "      x: {share: 50, max: 100}\n      y: {share: 50}\n"
        "  b: {share: 66.7}\n"
    )
    out = build_fair(tree, {"memory-mb": 102400, "vcores": 100}, {"memory-mb": 1024, "vcores": 1})
    a, x, y, b = (
        next(q for q in out.queues() if q.path == p) for p in ("root.a", "root.a.x", "root.a.y", "root.b")
    )
    # 102400 × 0.333 = 34099.2 -> 33792 (33 × 1024); 100 × 0.333 = 33.3 -> 33
    assert a.min_resources == {"memory-mb": 33792, "vcores": 33}
    assert a.max_resources == {"memory-mb": 51200, "vcores": 50}
    # computed from the exact parent amount (17049.6 MB), not the rounded one
    assert x.min_resources == {"memory-mb": 16384, "vcores": 16}
    # max is a percentage of the parent's maximum, like maximum-capacity
    assert x.max_resources == {"memory-mb": 51200, "vcores": 50}
    assert y.max_resources is None
    assert b.min_resources == {"memory-mb": 67584, "vcores": 66}  # 68300.8 -> 66 × 1024
    assert ("weight", "33.3") in a.elements and ("weight", "66.7") in b.elements
    # siblings never get more than their parent
    assert x.min_resources["memory-mb"] + y.min_resources["memory-mb"] <= a.min_resources["memory-mb"]


def test_fair_rounding_to_zero_warns(ratios: Callable[..., RatioFile]) -> None:
    tree = ratios("queues:\n  a: {share: 99.5}\n  b: {share: 0.5}\n")
    out = build_fair(tree, {"memory-mb": 102400, "vcores": 100}, {"memory-mb": 1024, "vcores": 1})
    # 512 MB and 0.5 vcores both round down to nothing
    assert [(d.code, d.queue) for d in out.diagnostics] == [("GN202", "root.b")] * 2
    assert "512 memory-mb" in out.diagnostics[0].message and "0.5 vcores" in out.diagnostics[1].message


def test_fair_carries_settings_and_explicit_weight(ratios: Callable[..., RatioFile]) -> None:
    tree = ratios(
        "defaults: {schedulingPolicy: drf}\n"
        "queues:\n"
        "  a: {share: 70, weight: 3, aclSubmitApps: 'alice ', reservation: true, schedulingMode: fair}\n"
        "  b: {share: 30, fairSharePreemptionTimeout: 60}\n"
    )
    out = build_fair(tree, {"memory-mb": 102400, "vcores": 100}, {})
    a, b = out.root.children
    assert out.settings == [("defaultQueueSchedulingPolicy", "drf")]
    assert ("weight", "3") in a.elements and not any(n == "weight" and v == "70" for n, v in a.elements)
    assert ("aclSubmitApps", "alice ") in a.elements  # ACLs are not trimmed (fs-parse.md §3.10)
    assert ("reservation", "") in a.elements
    assert ("schedulingPolicy", "fair") in a.elements
    assert not any(n == "schedulingPolicy" for n, _ in b.elements)  # from defaults: written once
    assert ("fairSharePreemptionTimeout", "60") in b.elements


@pytest.mark.parametrize(
    ("names", "has_default", "expected"),
    [
        (
            ["specified", "user", "default"],
            True,
            [
                {"name": "specified"},
                {"name": "user", "create": "false"},
                {"name": "default", "queue": "root.default"},
            ],
        ),
        (["specified", "default"], False, [{"name": "specified"}, {"name": "default"}]),
        (
            ["primaryGroup", "reject"],
            False,
            [{"name": "primaryGroup", "create": "false"}, {"name": "reject"}],
        ),
    ],
)
def test_placement_preset(names: list[str], has_default: bool, expected: list[dict[str, str]]) -> None:
    assert placement_rules(names, has_default) == expected


@pytest.mark.parametrize(
    ("shares", "expected"),
    [
        ([Fraction(40), Fraction(35), Fraction(25)], ["40", "35", "25"]),
        ([Fraction(100, 3)] * 3, ["33.3334", "33.3333", "33.3333"]),
        ([Fraction(200, 3), Fraction(100, 3)], ["66.6667", "33.3333"]),
        ([Fraction(0), Fraction(100, 3), Fraction(200, 3)], ["0", "33.3333", "66.6667"]),
        ([Fraction(100, 7)] * 7, ["14.2858", *["14.2857"] * 6]),
    ],
)
def test_split_hundred_first_child_absorbs_the_remainder(shares: list[Fraction], expected: list[str]) -> None:
    values = split_hundred(shares)
    assert [format(v.normalize(), "f") for v in values] == expected
    assert sum(values, Decimal(0)) == 100


def test_capacity_percentages_and_carried_keys(ratios: Callable[..., RatioFile]) -> None:
    tree = ratios(
        "queues:\n"
        "  a:\n    share: 1\n    max: 60\n    aclSubmitApps: 'alice admins'\n    maxRunningApps: 7\n"
        "    queues:\n"
        "      x: {share: 1, schedulingPolicy: drf, maxAMShare: -1, allowPreemptionFrom: false}\n"
        "      y: {share: 1, maxContainerAllocation: '4096 mb, 2 vcores', fairSharePreemptionTimeout: 9}\n"
        "  b: {share: 2, weight: 5}\n",
        normalize=True,
    )
    out = build_capacity(tree)
    props = dict(out.properties)
    p = "yarn.scheduler.capacity."
    assert props[p + "resource-calculator"].endswith("DominantResourceCalculator")
    assert props[p + "root.queues"] == "a,b"
    assert (props[p + "root.a.capacity"], props[p + "root.b.capacity"]) == ("33.3333", "66.6667")
    assert props[p + "root.a.maximum-capacity"] == "60"
    assert (props[p + "root.a.x.capacity"], props[p + "root.a.y.capacity"]) == ("50", "50")
    assert props[p + "root.a.acl_submit_applications"] == "alice admins"
    assert props[p + "root.a.max-parallel-apps"] == "7"
    assert props[p + "root.a.x.ordering-policy"] == "fair"  # drf -> fair (FSQueueConverter)
    assert props[p + "root.a.x.maximum-am-resource-percent"] == "1.0"  # -1 -> 1.0
    assert props[p + "root.a.x.disable_preemption"] == "true"
    assert (props[p + "root.a.y.maximum-allocation-mb"], props[p + "root.a.y.maximum-allocation-vcores"]) == (
        "4096",
        "2",
    )
    assert p + "root.a.ordering-policy" not in props  # parents get none
    carried = sorted((d.code, d.queue, d.property) for d in out.diagnostics)
    assert carried == [("GN201", "root.a.y", "fairSharePreemptionTimeout"), ("GN201", "root.b", "weight")]


def test_capacity_weight_mode(ratios: Callable[..., RatioFile]) -> None:
    tree = ratios("queues:\n  a: {share: 60, max: 80}\n  b: {share: 40, weight: 1.5}\n")
    props = dict(build_capacity(tree, weights=True).properties)
    p = "yarn.scheduler.capacity.root."
    assert props[p + "a.capacity"] == "60w"
    assert props[p + "b.capacity"] == "1.5w"
    assert props[p + "a.maximum-capacity"] == "80"
