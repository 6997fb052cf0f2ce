"""fs2cs.md §2.2 / §4.2 rows 41-42, 47-58: the yarn-site.xml delta (TestFSYarnSiteConverter and
TestFSConfigToCSConfigConverter)."""

from __future__ import annotations

import pytest

from fsctl.convert.yarn_site import DELETION_POLICY, DRC, PCPP, REFRESH_POLICY
from tests.convert.helpers import CONVERSION_XML, allocations, codes, cs, run

FS = "yarn.scheduler.fair."
POLICIES = "yarn.resourcemanager.scheduler.monitor.policies"
ONLY_FAIR = allocations('<queue name="a"><schedulingPolicy>fair</schedulingPolicy></queue>')


def test_always_written() -> None:
    site = run(ONLY_FAIR).site
    assert site["yarn.resourcemanager.scheduler.class"].endswith("capacity.CapacityScheduler")
    assert site["yarn.resourcemanager.scheduler.monitor.enable"] == "true"  # TestFSYarnSiteConverter (row 52)
    assert REFRESH_POLICY in site[POLICIES].split(",")
    assert site["yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled"] == "false"


def test_continuous_scheduling() -> None:
    # TestFSYarnSiteConverter#testSiteContinuousSchedulingConversion (row 49)
    site = run(
        ONLY_FAIR,
        {FS + "continuous-scheduling-enabled": "true", FS + "continuous-scheduling-sleep-ms": "666"},
    ).site
    assert site["yarn.scheduler.capacity.schedule-asynchronously.enable"] == "true"
    assert site["yarn.scheduler.capacity.schedule-asynchronously.scheduling-interval-ms"] == "666"


def test_preemption_on() -> None:
    # TestFSYarnSiteConverter#testSitePreemptionConversion (row 50)
    site = run(ONLY_FAIR, {FS + "preemption": "true", FS + "waitTimeBeforeKill": "123",
                           FS + "waitTimeBeforeNextStarvationCheck": "321"}).site  # fmt: skip
    assert site["yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill"] == "123"
    assert site["yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval"] == "321"
    assert "yarn.resourcemanager.monitor.capacity.preemption.observe_only" not in site
    assert site[POLICIES].split(",") == [PCPP, DELETION_POLICY, REFRESH_POLICY]


@pytest.mark.parametrize("mode", ["enabled", "nopolicy"])
def test_preemption_off(mode: str) -> None:
    # TestFSYarnSiteConverter#testSiteDisabledPreemption... (row 51)
    assert PCPP not in run(ONLY_FAIR, preemption_mode=mode).site[POLICIES]


def test_nopolicy_with_preemption_on_leaves_pcpp_out_with_a_finding() -> None:
    # fs2cs.md §2.2 (D): fs2cs keeps PCPP here; fsctl honours nopolicy and says so
    result = run(ONLY_FAIR, {FS + "preemption": "true"}, preemption_mode="nopolicy")
    assert PCPP not in result.site[POLICIES]
    assert codes(result, "CV305")


def test_observe_only_goes_to_capacity_scheduler_xml() -> None:
    # TestFSConfigToCSConfigConverter#testSiteDisabledPreemptionWithObserveOnlyConversion (row 48)
    result = run(ONLY_FAIR, preemption_mode="observeonly")
    assert result.capacity["yarn.resourcemanager.monitor.capacity.preemption.observe_only"] == "true"


def test_assign_multiple_and_max_assign() -> None:
    # TestFSYarnSiteConverter#testSiteAssignMultipleConversion / testSiteMaxAssignConversion (rows 53-54)
    site = run(ONLY_FAIR, {FS + "assignmultiple": "true", FS + "max.assign": "111"}).site
    assert site["yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled"] == "true"
    assert site["yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments"] == "111"


def test_locality() -> None:
    # TestFSYarnSiteConverter#testSiteLocalityThresholdConversion (row 55)
    result = run(
        ONLY_FAIR, {FS + "locality.threshold.node": "123.123", FS + "locality.threshold.rack": "321.321"}
    )
    # fs2cs writes "123.123", which CapacitySchedulerConfiguration.getNodeLocalityDelay (getInt) cannot
    # read: the ResourceManager would not start, so fsctl leaves both keys out and says so
    assert "yarn.scheduler.capacity.node-locality-delay" not in result.site
    assert "yarn.scheduler.capacity.rack-locality-additional-delay" not in result.site
    found = codes(result, "CV304")
    assert len(found) == 2
    assert "123.123 x the number of nodes" in found[0]


def test_resource_calculator() -> None:
    # TestFSYarnSiteConverter#testSiteDrfEnabledConversion / Disabled; CC rows 41-42, 56
    assert run(CONVERSION_XML).site["yarn.scheduler.capacity.resource-calculator"] == DRC
    assert "yarn.scheduler.capacity.resource-calculator" not in run(ONLY_FAIR).site
    drf_default = allocations(
        '<queue name="a"/><defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>'
    )
    assert run(drf_default).site["yarn.scheduler.capacity.resource-calculator"] == DRC


def test_weight_mode_deletion_policy() -> None:
    # TestFSYarnSiteConverter#testAsyncSchedulingEnabled... weight mode (row 57)
    site = run(ONLY_FAIR).site
    assert DELETION_POLICY in site[POLICIES]
    assert site["yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time"] == "10"


def test_percentage_mode_no_deletion_policy() -> None:
    # row 58
    site = run(ONLY_FAIR, percentage=True).site
    assert DELETION_POLICY not in site[POLICIES]
    assert "yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time" not in site


@pytest.mark.parametrize("enabled", [True, False])
def test_async_option(enabled: bool) -> None:
    # CC testAsyncSchedulingEnabledConversion / Disabled (row 47)
    site = run(ONLY_FAIR, enable_async=enabled).site
    assert site.get("yarn.scheduler.capacity.schedule-asynchronously.enable") == ("true" if enabled else None)


def test_reservation_system_warns() -> None:
    # FSConfigToCSConfigRuleHandler reservationSystem
    result = run(ONLY_FAIR, {"yarn.resourcemanager.reservation-system.enable": "true"})
    assert codes(result, "CV204")


def test_unconverted_fair_site_properties_are_listed() -> None:
    # fs2cs.md §1.7: ignored silently by fs2cs
    result = run(ONLY_FAIR, {FS + "update-interval-ms": "500", FS + "preemption": "false"})
    assert [d.property for d in result.findings if d.code == "CV303"] == [FS + "update-interval-ms"]


def test_globals_in_capacity_scheduler_xml() -> None:
    props = cs(run(CONVERSION_XML))
    assert props["max-parallel-apps"] == "15"


def test_target_33_has_no_34_monitor_policies() -> None:
    # oracle/: a 3.3.6 ResourceManager does not start with QueueConfigurationAutoRefreshPolicy
    # ("Failed to find class"); 3.3.6's fs2cs turns the monitors on only for preemption
    site = run(hadoop_version=(3, 3), percentage=True).site
    assert "yarn.resourcemanager.scheduler.monitor.policies" not in site
    assert "yarn.resourcemanager.scheduler.monitor.enable" not in site
    preempting = run(
        site={"yarn.scheduler.fair.preemption": "true"}, hadoop_version=(3, 3), percentage=True
    ).site
    assert preempting["yarn.resourcemanager.scheduler.monitor.enable"] == "true"
    assert "yarn.resourcemanager.scheduler.monitor.policies" not in preempting
