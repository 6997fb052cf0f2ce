"""Duplicate leaf names and target versions (cs.md §10, STORIES.md), and what fsctl carries over
with ``--cluster`` (maxResources, maxChildResources) plus the before/after share table."""

from __future__ import annotations

import pytest

from tests.convert.helpers import CONVERSION_XML, allocations, codes, cs, run

PROJECTS = allocations(
    "".join(
        f'<queue name="{project}"><weight>{weight}</weight>'
        '<queue name="p0"><weight>5</weight></queue><queue name="p1"><weight>3</weight></queue>'
        '<queue name="p2"><weight>2</weight></queue></queue>'
        for project, weight in (("qa", 4), ("qb", 3), ("qc", 3))
    )
)
CLUSTER = {"memory-mb": 102400, "vcores": 100}


def test_duplicate_leaves_on_3_4_are_a_warning_and_convert() -> None:
    result = run(PROJECTS)
    assert not result.failed
    clashes = [d.message for d in result.findings if d.code == "CV404"]
    assert len(clashes) == 3
    assert "root.qa.p0, root.qb.p0, root.qc.p0" in clashes[0]
    props = cs(result)
    assert props["root.qb.p1.capacity"] == "3.0w"  # every key is a full path
    assert codes(result, "CV407")


def test_a_name_shared_by_many_leaves_lists_five_and_a_count() -> None:
    many = allocations("".join(f'<queue name="team{i:03}"><queue name="p0"/></queue>' for i in range(100)))
    (message,) = [d.message for d in run(many).findings if d.code == "CV404"]
    listed = ", ".join(f"root.team{i:03}.p0" for i in range(5))
    assert f"{listed} and 95 more" in message
    assert "root.team005.p0" not in message and len(message) < 400


def test_duplicate_leaves_on_3_2_fail_with_the_clashes() -> None:
    # cs.md §10: 3.2 refuses "Two leaf queues were named <n>. Leaf queue names must be distinct"
    result = run(PROJECTS, hadoop_version=(3, 2), percentage=True, convert_placement=False)
    errors = [d.message for d in result.findings if d.code == "CV103"]
    assert len(errors) == 3 and all("Leaf queue names must be distinct" in m for m in errors)
    assert result.failed


def test_a_3_3_target_converts_as_3_3_fs2cs_does_by_itself() -> None:
    # 3.3.6's fs2cs has no -pc and no JSON rules: percentages and no placement rules, unasked
    result = run(PROJECTS, hadoop_version=(3, 3))
    assert not result.failed and codes(result, "CV404") and not codes(result, "CV108")
    props = cs(result)
    assert props["root.qa.capacity"] == "40.000" and props["root.qa.p0.capacity"] == "50.000"
    assert not any("auto-queue-creation-v2" in key or "mapping-rule" in key for key in props)
    assert props == cs(run(PROJECTS, hadoop_version=(3, 3), percentage=True, convert_placement=False))


TEAMS = allocations(
    '<queue name="a"><weight>3</weight><queue name="x"/><queue name="y"/></queue><queue name="b"/>'
    '<queuePlacementPolicy><rule name="specified" create="false"/><rule name="primaryGroup" create="true"/>'
    '<rule name="default" queue="b"/></queuePlacementPolicy>'
)


@pytest.mark.parametrize("line", [(3, 3), (3, 2), (3, 1), (2, 10)])
def test_an_older_target_converts_unasked_with_percentages_and_names_the_placement_left_out(
    line: tuple[int, int],
) -> None:
    # 3.2, 3.1 and 2.10 have no fs2cs, no weight mode and no JSON mapping rules: as 3.3.6's fs2cs
    result = run(TEAMS, hadoop_version=line)
    assert not result.failed and not codes(result, "CV108")
    props = cs(result)
    assert (props["root.a.capacity"], props["root.b.capacity"]) == ("75.000", "25.000")
    assert props["root.a.x.capacity"] == "50.000"
    assert not any("auto-queue-creation-v2" in key or "mapping-rule" in key for key in props)
    (left_out,) = [d for d in result.findings if d.code == "CV440"]
    assert left_out.severity.name == "INFO"
    policy = "placement policy (specified, primaryGroup, default) is not converted"
    assert f"{policy}: Hadoop {line[0]}.{line[1]} has no JSON mapping rules" in left_out.message
    # the same output when the user asks for it, and then no finding: the loss is intended
    asked = run(TEAMS, hadoop_version=line, percentage=True, convert_placement=False)
    assert cs(asked) == props and not codes(asked, "CV440")


def test_a_3_4_target_converts_the_placement_policy_and_leaves_nothing_out() -> None:
    result = run(TEAMS)
    assert not codes(result, "CV440") and "mapping-rule-json" in cs(result)


@pytest.mark.parametrize("switch", ["fallback_queue", "rules_to_file"])
def test_switches_that_need_json_mapping_rules_need_3_4(switch: str) -> None:
    option = {"fallback_queue": "root.qa.p0"} if switch == "fallback_queue" else {"rules_to_file": True}
    result = run(PROJECTS, hadoop_version=(3, 3), **option)
    (message,) = [d.message for d in result.findings if d.code == "CV108"]
    assert "JSON mapping rules" in message and result.failed


def test_max_resources_become_percentages_of_the_parent() -> None:
    xml = allocations(
        '<queue name="a"><maxResources>memory-mb=51200, vcores=50</maxResources>'
        '<queue name="x"><maxResources>memory-mb=10240, vcores=5</maxResources></queue>'
        '<queue name="y"/></queue><queue name="b"/>'
    )
    result = run(xml, percentage=True, cluster=CLUSTER)
    props = cs(result)
    assert props["root.a.maximum-capacity"] == "50.0"
    # 10240 MB of a's 51200 is 20%; 5 of 50 vcores is 10%: one percentage, the larger, and the loss named
    assert props["root.a.x.maximum-capacity"] == "20.0"
    lost = [d.message for d in result.findings if d.code == "CV301" and d.queue == "root.a.x"]
    assert lost and "one percentage for every resource type" in lost[0]
    assert not codes(result, "CV201")


def test_max_resources_percent_of_cluster() -> None:
    result = run(CONVERSION_XML, percentage=True, cluster=CLUSTER)
    props = cs(result)
    assert props["root.users.joe.maximum-capacity"] == "50.0"
    assert props["root.admins.alice.maximum-capacity"] == "16.0"  # 16384 MB of 102400
    assert props["root.admins.bob.maximum-capacity"] == "8.0"


def test_max_resources_without_cluster_is_fs2cs_behaviour() -> None:
    props = cs(run(CONVERSION_XML, percentage=True))
    assert props["root.users.joe.maximum-capacity"] == "100.0"


def test_max_child_resources_become_the_leaf_template_in_weight_mode() -> None:
    result = run(CONVERSION_XML, cluster=CLUSTER)
    assert cs(result)["root.admins.auto-queue-creation-v2.leaf-template.maximum-capacity"] == "8.0"
    assert codes(result, "CV302") == ["root.admins"]
    assert not codes(result, "CV203")


def test_min_resources_finding_names_the_guarantee() -> None:
    result = run(CONVERSION_XML, cluster=CLUSTER)
    message = next(d.message for d in result.findings if d.code == "CV202" and d.queue == "root.users.john")
    assert "memory-mb=4096" in message and "guaranteed" in message


def test_share_table_rows_and_moves() -> None:
    xml = allocations(
        '<queue name="a"><weight>1</weight><minResources>memory-mb=61440, vcores=60</minResources></queue>'
        '<queue name="b"><weight>1</weight></queue>'
    )
    result = run(xml, percentage=True, cluster=CLUSTER)
    assert result.shares is not None
    rows = {row.queue: row for row in result.shares}
    # the Fair steady share honours minResources (60%); the CS guarantee follows the weights (50%)
    assert rows["root.a"].fair_steady_share["memory-mb"] == 61440
    assert rows["root.a"].guaranteed["memory-mb"] == 51200
    assert rows["root.a"].change_percent == pytest.approx(-16.67, abs=0.01)
    assert sorted(codes(result, "CV406")) == ["root.a", "root.b"]
    quiet = run(xml, percentage=True, cluster=CLUSTER, share_tolerance=25.0)
    assert not codes(quiet, "CV406")


def test_share_table_for_duplicate_leaves() -> None:
    result = run(PROJECTS, cluster=CLUSTER)
    assert result.shares is not None
    assert [r.queue for r in result.shares][:3] == ["root.qa.p0", "root.qa.p1", "root.qa.p2"]
    assert all(r.change_percent is not None and abs(r.change_percent) < 0.1 for r in result.shares)


def test_old_targets_raise_a_maximum_below_the_capacity() -> None:
    # cs.md §10: before 3.4 "Illegal queue capacity setting (abs-capacity=…) > (abs-maximum-capacity=…)"
    xml = allocations(
        '<queue name="a"><maxResources>memory-mb=10%, vcores=10%</maxResources></queue><queue name="b"/>'
    )
    new = cs(run(xml, percentage=True, cluster=CLUSTER))
    assert new["root.a.maximum-capacity"] == "10.0"  # 3.4 accepts capacity 50 > maximum 10
    old = run(xml, percentage=True, cluster=CLUSTER, hadoop_version=(3, 3), convert_placement=False)
    assert cs(old)["root.a.maximum-capacity"] == "50.0"
    assert any("raised to 50.0" in d.message for d in old.findings if d.code == "CV301")
