"""yarn-site.xml: RM / Capacity Scheduler settings and their accessors (cs.md §2.1, §6.1)."""

from __future__ import annotations

import pytest

from fsctl.capacity.site import (
    DOMINANT_CALCULATOR,
    PCPP,
    check_resource_calculator,
    check_site,
    monitor_policies,
    node_labels_enabled,
    preemption_enabled,
    resource_calculator,
    resource_types,
    scheduler_kind,
)

from .rule_helpers import conf_of

SCHEDULER = "yarn.resourcemanager.scheduler.class"
RM = "org.apache.hadoop.yarn.server.resourcemanager.scheduler."


def codes(pairs: dict[str, str]) -> list[str]:
    return [d.code for d in check_site(conf_of(pairs))]


@pytest.mark.parametrize(
    "value, kind",
    [
        (None, "capacity"),  # YarnConfiguration.DEFAULT_RM_SCHEDULER
        (RM + "capacity.CapacityScheduler", "capacity"),
        (" " + RM + "fair.FairScheduler\n", "fair"),  # getClass trims
        (RM + "fifo.FifoScheduler", "fifo"),
        ("com.example.MyScheduler", None),
    ],
)
def test_scheduler_kind(value: str | None, kind: str | None) -> None:
    pairs = {} if value is None else {SCHEDULER: value}
    assert scheduler_kind(conf_of(pairs)) == kind


def test_scheduler_kind_without_yarn_site_is_the_default() -> None:
    assert scheduler_kind(None) == "capacity"


def test_unknown_scheduler_suggests_the_hadoop_class() -> None:
    [diagnostic] = check_site(conf_of({SCHEDULER: RM + "capacity.capacityscheduler"}))
    assert diagnostic.code == "CS401"
    assert (
        "did you mean org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"
        in (diagnostic.message)
    )


def test_resource_types_in_order_and_invalid_names_dropped() -> None:
    conf = conf_of({"yarn.resource-types": " yarn.io/gpu , fpga,memory-mb, 1bad ,yarn.io/gpu"})
    assert resource_types(conf) == ("memory-mb", "vcores", "yarn.io/gpu", "fpga")
    assert resource_types(None) == ("memory-mb", "vcores")


@pytest.mark.parametrize(
    "types, expected",
    [
        ("yarn.io/gpu", []),
        ("memory", ["CS404"]),
        ("vcores", ["CS404"]),
        ("1gpu", ["CS404"]),
        ("gpu_1.x-y", []),
        ("nvidia.com/gpu", []),
        ("-bad.com/gpu", ["CS404"]),
    ],
)
def test_resource_type_names(types: str, expected: list[str]) -> None:
    # ResourceUtils.checkSpecialResources / validateNameOfResourceNameAndThrowException
    assert codes({"yarn.resource-types": types}) == expected


@pytest.mark.parametrize("units, expected", [("Gi", []), ("G", []), ("", []), ("GB", ["CS405"])])
def test_resource_type_units(units: str, expected: list[str]) -> None:
    assert codes({"yarn.resource-types": "gpu", "yarn.resource-types.gpu.units": units}) == expected


def test_resource_type_kind_must_be_countable() -> None:
    assert codes({"yarn.resource-types": "gpu", "yarn.resource-types.gpu.type": "COUNTABLE"}) == []
    assert codes({"yarn.resource-types": "gpu", "yarn.resource-types.gpu.type": "countable"}) == ["CS405"]


def test_default_calculator_with_custom_types_fails_the_start() -> None:
    # CapacityScheduler#initResourceCalculator
    conf = conf_of({"yarn.resource-types": "yarn.io/gpu"})
    assert [d.code for d in check_resource_calculator(conf)] == ["CS403"]
    conf = conf_of(
        {
            "yarn.resource-types": "yarn.io/gpu",
            "yarn.scheduler.capacity.resource-calculator": DOMINANT_CALCULATOR,
        }
    )
    assert check_resource_calculator(conf) == []
    assert resource_calculator(conf) == DOMINANT_CALCULATOR


def test_yarn_site_without_calculator_is_not_judged_alone() -> None:
    # the calculator usually lives in capacity-scheduler.xml; check_site cannot know it
    assert codes({"yarn.resource-types": "yarn.io/gpu"}) == []


@pytest.mark.parametrize(
    "low, high, expected",
    [
        ("1024", "8192", []),
        ("0", "8192", ["CS126"]),  # CapacitySchedulerConfigValidator: min must be > 0
        ("4096", "2048", ["CS126"]),
        ("1024", "-1", ["CS126"]),
    ],
)
def test_memory_allocation_limits(low: str, high: str, expected: list[str]) -> None:
    # TestCapacitySchedulerConfigValidator#testValidateMemoryAllocation*
    pairs = {"yarn.scheduler.minimum-allocation-mb": low, "yarn.scheduler.maximum-allocation-mb": high}
    assert codes(pairs) == expected


def test_vcores_allocation_message() -> None:
    # TestCapacitySchedulerConfigValidator#testValidateVCoresInvalidMin
    [diagnostic] = check_site(conf_of({"yarn.scheduler.minimum-allocation-vcores": "0"}))
    assert diagnostic.message == (
        "Invalid resource scheduler vcores allocation configuration, "
        "yarn.scheduler.minimum-allocation-vcores=0, yarn.scheduler.maximum-allocation-vcores=4, "
        "min and max should be greater than 0, max should be no "
        "smaller than min."
    )


def test_allocation_limits_are_the_capacity_schedulers_only() -> None:
    pairs = {"yarn.scheduler.minimum-allocation-mb": "0", SCHEDULER: RM + "fair.FairScheduler"}
    assert codes(pairs) == []


@pytest.mark.parametrize(
    "value, expected",
    [("user-group,app-name", []), ("user-group,user-group", ["CS127"]), ("user-group, user-group", [])],
)
def test_duplicate_placement_rules(value: str, expected: list[str]) -> None:
    # CapacitySchedulerConfigValidator#validatePlacementRules (getStringCollection does not trim)
    assert codes({"yarn.scheduler.queue-placement-rules": value}) == expected


@pytest.mark.parametrize(
    "value, expected", [("true", []), (" TRUE ", []), ("yes", ["CS201"]), ("1", ["CS201"])]
)
def test_booleans(value: str, expected: list[str]) -> None:
    # Configuration#getBoolean: anything but true/false silently takes the default
    assert codes({"yarn.node-labels.enabled": value}) == expected


def test_accessors_for_preemption_and_labels() -> None:
    conf = conf_of(
        {"yarn.resourcemanager.scheduler.monitor.enable": "true", "yarn.node-labels.enabled": "True"}
    )
    assert preemption_enabled(conf) and node_labels_enabled(conf)
    assert monitor_policies(conf) == [PCPP]
    conf = conf_of(
        {
            "yarn.resourcemanager.scheduler.monitor.enable": "true",
            "yarn.resourcemanager.scheduler.monitor.policies": " a.B , ,c.D",
        }
    )
    assert monitor_policies(conf) == ["a.B", "c.D"]
    assert not preemption_enabled(conf)
    assert not preemption_enabled(None) and not node_labels_enabled(None)


@pytest.mark.parametrize(
    "pairs, expected",
    [
        (
            {"yarn.resourcemanager.scheduler.monitor.enable": "true", SCHEDULER: RM + "fair.FairScheduler"},
            ["CS407"],
        ),
        (
            {"yarn.resourcemanager.scheduler.monitor.enable": "false", SCHEDULER: RM + "fair.FairScheduler"},
            [],
        ),
        ({"yarn.resourcemanager.scheduler.monitor.enable": "true"}, []),
        ({"yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval": "0"}, ["CS409", "CS410"]),
        (
            {
                "yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill": "0",
                "yarn.resourcemanager.scheduler.monitor.enable": "true",
            },
            [],
        ),
        (
            {
                "yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor": "1.0",
                "yarn.resourcemanager.scheduler.monitor.enable": "true",
            },
            [],
        ),
        (
            {
                "yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor": "NaN",
                "yarn.resourcemanager.scheduler.monitor.enable": "true",
            },
            ["CS409"],
        ),
        (
            {
                "yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round": "ten",
                "yarn.resourcemanager.scheduler.monitor.enable": "true",
            },
            ["CS406"],
        ),
        (
            {
                "yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval": "0x10",
                "yarn.resourcemanager.scheduler.monitor.enable": "true",
            },
            [],
        ),  # getLong takes hex
    ],
)
def test_preemption(pairs: dict[str, str], expected: list[str]) -> None:
    assert sorted(codes(pairs)) == expected
