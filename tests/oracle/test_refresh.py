"""Which changes need a ResourceManager restart and which a ``yarn rmadmin -refreshQueues``: the
brief's cutover checklist (``fsctl.convert.brief.START_ONLY``, ``restart_reason``) against the real
CapacityScheduler, booted with one configuration and refreshed to another as AdminService does
(the oracle's ``refresh`` verb). A key the brief says needs a restart keeps the value the scheduler
started with, while a refreshable change made in the same refresh takes effect; a key it says a
refresh takes changes."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fsctl.convert.brief import START_ONLY, restart_reason
from tests.conftest import configuration
from tests.oracle.conftest import oracle_for

CS = "yarn.scheduler.capacity."
DRC = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
DEFAULT_RC = "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator"
DELETION = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy"
PCPP = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"
MONITORS = "yarn.resourcemanager.scheduler.monitor."
#: a refreshable change made with every start-only one: it shows the refresh took effect
CONTROL = CS + "per-node-heartbeat.multiple-assignments-enabled"
QUEUES = {CS + "root.queues": "a,b", CS + "root.a.capacity": "50", CS + "root.b.capacity": "50"}


@dataclass(frozen=True)
class Case:
    key: str
    file: str  # where fsctl convert writes it
    before: dict[str, str]
    after: dict[str, str]
    #: the setting of the running scheduler the key decides (the oracle's settings)
    observed: str
    versions: tuple[str, ...] = ("3.4", "3.3")
    capacity_after: dict[str, str] = field(default_factory=dict)


ASYNC, INTERVAL = CS + "schedule-asynchronously.enable", CS + "schedule-asynchronously.scheduling-interval-ms"
EXPIRATION = CS + "auto-queue-creation-v2.queue-expiration-time"
MAX_ASSIGN = CS + "per-node-heartbeat.maximum-container-assignments"
ENABLE, POLICIES = MONITORS + "enable", MONITORS + "policies"

START_CASES = [
    Case(CS + "resource-calculator", "yarn-site.xml", {CS + "resource-calculator": DRC},
         {CS + "resource-calculator": DEFAULT_RC}, "resource_calculator"),
    Case(ASYNC, "yarn-site.xml", {ASYNC: "false"}, {ASYNC: "true"}, "schedule_asynchronously"),
    Case(INTERVAL, "yarn-site.xml", {ASYNC: "true", INTERVAL: "5"}, {ASYNC: "true", INTERVAL: "100"},
         "async_schedule_interval_ms"),
    # the auto-deletion policy is 3.4's (weight mode): fs2cs writes neither before 3.4
    Case(EXPIRATION, "yarn-site.xml", {ENABLE: "true", POLICIES: DELETION, EXPIRATION: "10"},
         {ENABLE: "true", POLICIES: DELETION, EXPIRATION: "300"}, "monitors", versions=("3.4",)),
]  # fmt: skip

REFRESH_CASES = [
    Case(CONTROL, "yarn-site.xml", {CONTROL: "false"}, {CONTROL: "true"}, "assign_multiple"),
    Case(MAX_ASSIGN, "yarn-site.xml", {MAX_ASSIGN: "100"}, {MAX_ASSIGN: "7"}, "max_assign_per_heartbeat"),
    Case(ENABLE, "yarn-site.xml", {ENABLE: "false", POLICIES: PCPP}, {ENABLE: "true", POLICIES: PCPP},
         "monitors"),
    Case(POLICIES, "yarn-site.xml", {ENABLE: "true", POLICIES: DELETION},
         {ENABLE: "true", POLICIES: f"{DELETION},{PCPP}"}, "monitors", versions=("3.4",)),
    Case(CS + "root.a.capacity", "capacity-scheduler.xml", {}, {}, "queues",
         capacity_after={CS + "root.a.capacity": "30", CS + "root.b.capacity": "70"}),
]  # fmt: skip


def refresh(case: Case, version: str, tmp_path: Path, control: bool) -> dict[str, Any]:
    files = {
        "file": QUEUES,
        "yarn_site": {**case.before, **({CONTROL: "false"} if control else {})},
        "new_file": {**QUEUES, **case.capacity_after},
        "new_yarn_site": {**case.after, **({CONTROL: "true"} if control else {})},
    }
    request: dict[str, Any] = {"verb": "refresh"}
    for name, props in files.items():
        path = tmp_path / f"{name}.xml"
        path.write_text(configuration(props))
        request[name] = str(path)
    answer = oracle_for(version).ask(request)
    assert answer["ok"], answer["error"]
    return answer


def cases(found: list[Case]) -> list[Any]:
    return [pytest.param(c, v, id=f"{c.key.removeprefix(CS)}-{v}") for c in found for v in c.versions]


@pytest.mark.parametrize(("case", "version"), cases(START_CASES))
def test_a_start_only_key_keeps_the_value_the_scheduler_started_with(
    case: Case, version: str, tmp_path: Path
) -> None:
    assert restart_reason(case.key, case.file) is not None  # the brief says: restart
    answer = refresh(case, version, tmp_path, control=True)
    before, after = answer["before"], answer["after"]
    assert (before["assign_multiple"], after["assign_multiple"]) == (False, True)  # the refresh happened
    assert after[case.observed] == before[case.observed]


@pytest.mark.parametrize(("case", "version"), cases(REFRESH_CASES))
def test_a_refreshable_key_takes_effect(case: Case, version: str, tmp_path: Path) -> None:
    assert restart_reason(case.key, case.file) is None  # the brief says: refreshQueues
    answer = refresh(case, version, tmp_path, control=False)
    assert answer["after"][case.observed] != answer["before"][case.observed]


def test_every_start_only_key_of_the_brief_is_proven() -> None:
    # the scheduler class is the one a refresh cannot even ask about: the ResourceManager creates
    # its scheduler once (ResourceManager.createScheduler), and a refresh reinitializes that one
    proven = {case.key for case in START_CASES} | {"yarn.resourcemanager.scheduler.class"}
    assert proven == set(START_ONLY)
