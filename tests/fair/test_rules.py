"""One failing and one passing snippet per rule of fsctl.catalogue.fair (FS1xx, FS2xx) and
fsctl.catalogue.placement (PL1xx, PL2xx): exact code, line and column of the offending element."""

from __future__ import annotations

import pytest

from fsctl.catalogue import fair as fair_rules
from fsctl.catalogue import placement as placement_rules
from fsctl.model.diagnostics import Severity

from .conftest import Reader

# (code, failing body, marker: the text at which the diagnostic must point, passing body)
CASES = [
    ("FS101", '<queue name="a.b"/>', '<queue name="a.b"', '<queue name="a"/>'),
    ("FS102", '<queue name="   "/>', "<queue", '<queue name=" a "/>'),
    (
        "FS103",
        '<queue name="a"/>\n<queue name="Root"/>',
        '<queue name="Root"',
        '<queue name="root"><queue name="a"/></queue>',
    ),
    (
        "FS104",
        '<queue name="a">\n  <weight/>\n</queue>',
        "<weight/>",
        '<queue name="a"><weight>2</weight></queue>',
    ),
    (
        "FS104",
        "<userMaxAppsDefault></userMaxAppsDefault>",
        "<userMaxAppsDefault>",
        "<userMaxAppsDefault>3</userMaxAppsDefault>",
    ),
    (
        "FS105",
        '<queue name="a"><weight><v>2</v></weight></queue>',
        "<weight>",
        '<queue name="a"><weight>2<v/></weight></queue>',
    ),
    (
        "FS106",
        '<queue name="a"><maxRunningApps>10.5</maxRunningApps></queue>',
        "<maxRunningApps>",
        '<queue name="a"><maxRunningApps> +10 </maxRunningApps></queue>',
    ),
    (
        "FS106",
        '<user name="u"><maxRunningApps>x</maxRunningApps></user>',
        "<maxRunningApps>",
        '<user name="u"><maxRunningApps>1</maxRunningApps></user>',
    ),
    (
        "FS106",
        "<defaultMinSharePreemptionTimeout>60s</defaultMinSharePreemptionTimeout>",
        "<defaultMinSharePreemptionTimeout>",
        "<defaultMinSharePreemptionTimeout>60</defaultMinSharePreemptionTimeout>",
    ),
    (
        "FS107",
        '<queue name="a"><maxAMShare>50%</maxAMShare></queue>',
        "<maxAMShare>",
        '<queue name="a"><maxAMShare>0.5f</maxAMShare></queue>',
    ),
    (
        "FS107",
        "<queueMaxAMShareDefault>half</queueMaxAMShareDefault>",
        "<queueMaxAMShareDefault>",
        "<queueMaxAMShareDefault>-1</queueMaxAMShareDefault>",
    ),
    (
        "FS108",
        '<queue name="a"><maxResources>1024</maxResources></queue>',
        "<maxResources>",
        '<queue name="a"><maxResources>1024 mb, 1 vcores</maxResources></queue>',
    ),
    (
        "FS108",
        "<queueMaxResourcesDefault>lots</queueMaxResourcesDefault>",
        "<queueMaxResourcesDefault>",
        "<queueMaxResourcesDefault>50%</queueMaxResourcesDefault>",
    ),
    (
        "FS109",
        '<queue name="p" type="parent"><reservation/></queue>',
        "<reservation/>",
        '<queue name="p" type="Parent"><reservation/></queue>',
    ),
    (
        "FS110",
        '<queue name="p" type="parent"><maxAMShare>0.5</maxAMShare></queue>',
        "<maxAMShare>",
        '<queue name="p"><queue name="c"><maxAMShare>0.5</maxAMShare></queue></queue>',
    ),
    (
        "FS111",
        "<defaultQueueSchedulingPolicy>FIFO</defaultQueueSchedulingPolicy>",
        "<defaultQueueSchedulingPolicy>",
        "<defaultQueueSchedulingPolicy>fair</defaultQueueSchedulingPolicy>",
    ),
    (
        "FS111",
        "<defaultQueueSchedulingMode>fifo</defaultQueueSchedulingMode>",
        "<defaultQueueSchedulingMode>",
        "<defaultQueueSchedulingMode>drf</defaultQueueSchedulingMode>",
    ),
    (
        "FS112",
        '<queue name="a"><schedulingPolicy>dominant</schedulingPolicy></queue>',
        "<schedulingPolicy>",
        '<queue name="a"><schedulingPolicy> FAIR </schedulingPolicy></queue>',
    ),
    (
        "FS112",
        '<queue name="a"><schedulingMode>fair share</schedulingMode></queue>',
        "<schedulingMode>",
        '<queue name="a"><schedulingMode>fifo</schedulingMode></queue>',
    ),
    (
        "FS113",
        '<queue name="a"><schedulingPolicy>java.lang.String</schedulingPolicy></queue>',
        "<schedulingPolicy>",
        '<queue name="a"><schedulingPolicy>fair</schedulingPolicy></queue>',
    ),
    (
        "FS114",
        '<queue name="a">\n<schedulingPolicy>drf</schedulingPolicy>\n</queue>',
        "<schedulingPolicy>",
        '<queue name="root"><schedulingPolicy>drf</schedulingPolicy>'
        '<queue name="a"><schedulingPolicy>drf</schedulingPolicy></queue></queue>',
    ),
    (
        "FS114",
        '<queue name="a"/>\n<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>'
        '<queue name="root"><schedulingPolicy>fair</schedulingPolicy></queue>',
        '<queue name="a"',
        '<queue name="root"><schedulingPolicy>fair</schedulingPolicy><queue name="a"/></queue>',
    ),
    (
        "FS115",
        '<queue name="a"><schedulingPolicy>fifo</schedulingPolicy><queue name="b"/></queue>',
        "<schedulingPolicy>",
        '<queue name="a"><queue name="b"><schedulingPolicy>fifo</schedulingPolicy></queue></queue>',
    ),
    (
        "FS115",
        '<queue name="root">\n  <schedulingPolicy>fifo</schedulingPolicy>\n  <queue name="b"/>\n</queue>',
        "<schedulingPolicy>",
        '<queue name="root"><schedulingPolicy>fifo</schedulingPolicy></queue>',
    ),
    (
        "FS201",
        "<maxRunningApps>5</maxRunningApps>",
        "<maxRunningApps>",
        "<queueMaxAppsDefault>5</queueMaxAppsDefault>",
    ),
    ("FS201", "<ueue name='x'/>", "<ueue", '<queue name="x"><ueue name="y"/></queue>'),
    (
        "FS202",
        '<queue name="a"><minResources>2048 mb, 2 vcores</minResources>'
        "<maxResources>1024 mb, 4 vcores</maxResources></queue>",
        "<maxResources>",
        '<queue name="a"><minResources>1024 mb, 2 vcores</minResources>'
        "<maxResources>50%</maxResources></queue>",
    ),
    (
        "FS203",
        '<queue name="a"><schedulingPolicy>com.example.MyPolicy</schedulingPolicy></queue>',
        "<schedulingPolicy>",
        '<queue name="a"><schedulingPolicy>'
        "org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.FifoPolicy"
        "</schedulingPolicy></queue>",
    ),
    (
        "FS204",
        '<queue name="a">2<weight>1</weight></queue>',
        '<queue name="a"',
        '<queue name="a">\n  <weight>1</weight> <!-- a comment is fine -->\n</queue>',
    ),
    (
        "PL101",
        "<queuePlacementPolicy/>",
        "<queuePlacementPolicy",
        "<queuePlacementPolicy> </queuePlacementPolicy>",
    ),
    (
        "PL102",
        '<queuePlacementPolicy>\n  <rule create="false"/>\n</queuePlacementPolicy>',
        "<rule",
        '<queuePlacementPolicy><rule name="reject"/></queuePlacementPolicy>',
    ),
    (
        "PL103",
        '<queuePlacementPolicy><rule name="primarygroup"/></queuePlacementPolicy>',
        "<rule",
        '<queuePlacementPolicy><rule name="primaryGroup"/></queuePlacementPolicy>',
    ),
    (
        "PL104",
        '<queuePlacementPolicy><rule name="nestedUserQueue"><rule name="nestedUserQueue"/></rule>'
        "</queuePlacementPolicy>",
        '<rule name="nestedUserQueue"/>',
        '<queuePlacementPolicy><rule name="nestedUserQueue">'
        '<rule name="default"/></rule></queuePlacementPolicy>',
    ),
    (
        "PL105",
        '<queuePlacementPolicy><rule name="nestedUserQueue"/></queuePlacementPolicy>',
        "<rule",
        '<queuePlacementPolicy><rule name="nestedUserQueue"><rule name="primaryGroup"'
        ' create="false"/></rule><rule name="reject"/></queuePlacementPolicy>',
    ),
    (
        "PL106",
        '<queuePlacementPolicy>\n<rule name="user"/>\n<rule name="reject"/>\n</queuePlacementPolicy>',
        '<rule name="user"',
        '<queuePlacementPolicy><rule name="user" create="false"/><rule name="reject"/>'
        "</queuePlacementPolicy>",
    ),
    (
        "PL107",
        '<queuePlacementPolicy><rule name="specified"/>\n<rule name="secondaryGroupExistingQueue"/>'
        "</queuePlacementPolicy>",
        '<rule name="secondaryGroupExistingQueue"',
        '<queuePlacementPolicy><rule name="specified"/><rule name="default"/></queuePlacementPolicy>',
    ),
    (
        "PL108",
        '<queuePlacementPolicy><rule name="default">'
        '<rule name="primaryGroup"/></rule></queuePlacementPolicy>',
        '<rule name="default"',
        '<queuePlacementPolicy><rule name="nestedUserQueue">'
        '<rule name="primaryGroup"/></rule></queuePlacementPolicy>',
    ),
    (
        "PL201",
        '<queuePlacementPolicy><rule name="nestedUserQueue"><rule name="primaryGroup"/>\n'
        '<rule name="default"/></rule></queuePlacementPolicy>',
        '<rule name="default"',
        '<queuePlacementPolicy><rule name="nestedUserQueue">'
        '<rule name="default"/></rule></queuePlacementPolicy>',
    ),
    (
        "PL202",
        '<queuePlacementPolicy><rule name="default" queue=" adhoc"/></queuePlacementPolicy>',
        "<rule",
        '<queuePlacementPolicy><rule name="default" queue="root.adhoc"/></queuePlacementPolicy>',
    ),
]


def where(body: str, marker: str) -> tuple[int, int]:
    """Line and column of ``marker`` in an allocation file whose body starts on line 3."""
    for number, line in enumerate(body.split("\n"), start=3):
        if marker in line:
            return number, line.index(marker) + 1
    raise AssertionError(f"{marker!r} not in the body")


@pytest.mark.parametrize(
    ("code", "body", "marker", "passing"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_rule_fails_with_location(read_xml: Reader, code: str, body: str, marker: str, passing: str) -> None:
    result = read_xml(body)
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, [(d.code, d.message) for d in result.diagnostics]
    assert (found[0].line, found[0].column) == where(body, marker)
    assert found[0].file == result.path
    assert found[0].property
    clean = read_xml(passing)
    assert not clean.diagnostics, [(d.code, d.message) for d in clean.diagnostics]


@pytest.mark.parametrize("code", ["FS101", "FS104", "FS106", "FS108", "FS109", "FS114"])
def test_queue_of_each_queue_diagnostic(read_xml: Reader, code: str) -> None:
    body = next(case[1] for case in CASES if case[0] == code)
    diagnostic = next(d for d in read_xml(body).diagnostics if d.code == code)
    assert diagnostic.queue is not None and diagnostic.queue.startswith("root.")


def test_root_not_allocations(read_xml: Reader) -> None:
    result = read_xml('<?xml version="1.0"?>\n<Allocations>\n</Allocations>\n', raw=True)
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("FS100", 2, 1)]
    assert (
        result.diagnostics[0].message == "Bad fair scheduler config file: top-level element not <allocations>"
    )


def test_internal_error_is_a_diagnostic(read_xml: Reader, monkeypatch: pytest.MonkeyPatch) -> None:
    import fsctl.fair.reader as reader

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(reader, "parse_resource_config_value", explode)
    result = read_xml(
        '<queue name="a">\n<minResources>1 mb, 1 vcores</minResources>\n</queue>\n<queue name="b"/>'
    )
    assert [(d.code, d.line, d.column) for d in result.diagnostics] == [("FS199", 4, 1)]
    assert result.tree is not None and result.tree.find("root.b") is not None  # the rest was read


def test_every_declared_rule_is_tested_and_documented() -> None:
    declared = [
        value
        for module in (fair_rules, placement_rules)
        for name, value in vars(module).items()
        if name[:2] in ("FS", "PL") and name[2:].isdigit()
    ]
    # FS116 exists on Hadoop 3.3 only: tests/fair/test_default_queue.py
    tested = {case[0] for case in CASES} | {"FS100", "FS199", "FS116"}
    site_rules = {"FS401", "FS402", "FS403", "FS404", "FS405", "FS406"}  # tests/fair/test_site.py
    assert {rule.code for rule in declared} == tested | site_rules
    for rule in declared:
        assert rule.name == rule.name.lower() and " " not in rule.name
        lines = rule.documentation.splitlines()
        assert len(lines) > 2 and lines[0].endswith(".")
        expected = (
            Severity.WARNING if rule.code[2] == "2" or rule.code in ("FS403", "FS406") else Severity.ERROR
        )
        assert rule.severity == expected, rule.code


@pytest.mark.parametrize(
    "body",
    [
        'stray\n<queue name="a"/>',
        '<queue name="a"/>\nstray',
        '<user name="u">stray<maxRunningApps>1</maxRunningApps></user>',
        '<pool name="a"><![CDATA[stray]]></pool>',
        '<queuePlacementPolicy>stray<rule name="default"/></queuePlacementPolicy>',
        '<queuePlacementPolicy><rule name="nestedUserQueue">stray<rule name="primaryGroup"/></rule>'
        "</queuePlacementPolicy>",
    ],
    ids=["allocations", "allocations-tail", "user", "pool-cdata", "policy", "rule"],
)
def test_stray_text_in_every_container_is_found(read_xml: Reader, body: str) -> None:
    # the schema's element-only containers: text directly inside any of them is reported
    assert "FS204" in {d.code for d in read_xml(body).diagnostics}
