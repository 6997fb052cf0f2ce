"""fs2cs.md §4.2 rows 1–35: per-queue and global settings.

QC = TestFSQueueConverter (newest), CC = TestFSConfigToCSConfigConverter (newest), on Hadoop's
fair-scheduler-conversion.xml. fs2cs lists children in Java hash order (admins,users,misc,default);
fsctl keeps document order, so child lists are compared as sets and in document order.
"""

from __future__ import annotations

import pytest

from tests.convert.helpers import CONVERSION_XML, allocations, codes, cs, run

ALL_QUEUES = (
    "root", "root.default", "root.users", "root.users.john", "root.users.joe", "root.admins",
    "root.admins.alice", "root.admins.bob", "root.misc", "root.misc.a", "root.misc.b",
)  # fmt: skip


@pytest.mark.parametrize(
    ("queue", "children"),
    [
        # QC testConvertQueueHierarchy (rows 1-3); fs2cs: admins,users,misc,default / bob,alice / john,joe
        ("root", "default,users,admins,misc"),
        ("root.admins", "alice,bob"),
        ("root.users", "john,joe"),
    ],
)
def test_children_in_document_order(queue: str, children: str) -> None:
    assert cs(run())[f"{queue}.queues"] == children


def test_no_queues_key_for_leaves() -> None:
    # QC testConvertQueueHierarchy (row 4)
    props = cs(run())
    for leaf in ("default", "admins.alice", "admins.bob", "users.joe", "users.john", "misc.a", "misc.b"):
        assert f"root.{leaf}.queues" not in props


def test_max_am_share() -> None:
    # QC testQueueMaxAMShare (rows 5-7)
    props = cs(run())
    assert props["root.admins.bob.maximum-am-resource-percent"] == "1.0"
    assert props["root.admins.alice.maximum-am-resource-percent"] == "0.15"
    others = [k for k in props if k.endswith(".maximum-am-resource-percent") and k.startswith("root.")]
    assert sorted(others) == [
        "root.admins.alice.maximum-am-resource-percent",
        "root.admins.bob.maximum-am-resource-percent",
    ]


def test_max_parallel_apps() -> None:
    # QC testQueueMaxParallelApps, CC testDefaultMaxApplications (row 8)
    props = cs(run())
    assert props["root.admins.alice.max-parallel-apps"] == "2"
    assert [k for k in props if k.startswith("root.") and k.endswith("max-parallel-apps")] == [
        "root.admins.alice.max-parallel-apps"
    ]


def test_max_allocation() -> None:
    # QC testQueueMaximumAllocations (rows 9-11)
    props = cs(run())
    assert props["root.admins.maximum-allocation-vcores"] == "3"
    assert props["root.admins.maximum-allocation-mb"] == "4096"
    assert props["root.users.john.maximum-allocation-vcores"] == "2"
    assert props["root.users.john.maximum-allocation-mb"] == "8192"
    keys = sorted(k for k in props if ".maximum-allocation-" in k)
    assert keys == [
        "root.admins.maximum-allocation-mb", "root.admins.maximum-allocation-vcores",
        "root.users.john.maximum-allocation-mb", "root.users.john.maximum-allocation-vcores",
    ]  # fmt: skip


def test_disable_preemption_when_preemption_on() -> None:
    # QC testQueuePreemptionDisabled (row 12)
    props = cs(run(site={"yarn.scheduler.fair.preemption": "true"}))
    assert sorted(k for k in props if k.endswith("disable_preemption")) == [
        "root.admins.alice.disable_preemption",
        "root.users.joe.disable_preemption",
    ]


def test_disable_preemption_inherited() -> None:
    # fs-parse.md §2.6: allowPreemptionFrom=false propagates to every descendant
    xml = CONVERSION_XML.replace(
        '<queue name="users" type="parent">',
        '<queue name="users" type="parent"><allowPreemptionFrom>false</allowPreemptionFrom>',
    )
    props = cs(run(xml, site={"yarn.scheduler.fair.preemption": "true"}))
    assert props["root.users.john.disable_preemption"] == "true"
    assert props["root.users.disable_preemption"] == "true"


def test_no_disable_preemption_when_preemption_off() -> None:
    # QC testQueuePreemptionDisabledWhenGlobalPreemptionDisabled (row 13)
    assert not [k for k in cs(run()) if k.endswith("disable_preemption")]


@pytest.mark.parametrize(
    ("queue", "capacity"),
    [
        # QC testChildCapacityInCapacityMode (rows 14-17): users takes the remainder, the first of
        # the largest in the HashMap order of the full names
        ("root.default", "33.333"),
        ("root.users", "33.334"),
        ("root.admins", "33.333"),
        ("root.misc", "0.000"),
        ("root.users.john", "25.000"),
        ("root.users.joe", "75.000"),
        ("root.admins.alice", "75.000"),
        ("root.admins.bob", "25.000"),
        ("root.misc.a", "0.000"),
        ("root.misc.b", "0.000"),
    ],
)
def test_percentage_capacities(queue: str, capacity: str) -> None:
    assert cs(run(percentage=True))[f"{queue}.capacity"] == capacity


def test_allow_zero_capacity_sum_only_on_misc() -> None:
    # QC testZeroSumCapacityValidation (row 17)
    props = cs(run(percentage=True))
    assert [k for k in props if k.endswith("allow-zero-capacity-sum")] == [
        "root.misc.allow-zero-capacity-sum"
    ]
    assert props["root.misc.allow-zero-capacity-sum"] == "true"


@pytest.mark.parametrize(
    ("queue", "capacity"),
    [
        # QC testChildCapacityInWeightMode (row 18)
        ("root.default", "1.0w"), ("root.admins", "1.0w"), ("root.users", "1.0w"),
        ("root.users.john", "1.0w"), ("root.admins.bob", "1.0w"),
        ("root.users.joe", "3.0w"), ("root.admins.alice", "3.0w"),
        ("root.misc", "0.0w"), ("root.misc.a", "0.0w"), ("root.misc.b", "0.0w"),
    ],
)  # fmt: skip
def test_weight_capacities(queue: str, capacity: str) -> None:
    assert cs(run())[f"{queue}.capacity"] == capacity


def test_auto_queue_creation_v2_on_fs_parents() -> None:
    # QC testAutoCreateV2FlagsInWeightMode (row 19): alice is an FS parent because of <reservation>
    props = cs(run())
    enabled = {q for q in ALL_QUEUES if props.get(f"{q}.auto-queue-creation-v2.enabled") == "true"}
    assert enabled == {"root", "root.admins", "root.users", "root.misc", "root.admins.alice"}


def test_maximum_capacity_everywhere_and_max_resources_warnings() -> None:
    # QC testQueueMaxResources / testQueueMaximumCapacity (row 20)
    result = run()
    props = cs(result)
    assert all(props[f"{q}.maximum-capacity"] == "100.0" for q in ALL_QUEUES)
    assert sorted(codes(result, "CV201")) == ["root.admins.alice", "root.admins.bob", "root.users.joe"]


def test_min_resources_warnings() -> None:
    # QC testQueueMinimumResources (row 21)
    assert sorted(codes(run(), "CV202")) == ["root.users.joe", "root.users.john"]


def test_no_v1_auto_create() -> None:
    # QC testQueueAutoCreateChildQueue (row 22)
    assert not [k for k in cs(run()) if k.endswith("auto-create-child-queue.enabled")]


@pytest.mark.parametrize("enabled", [True, False])
def test_size_based_weight(enabled: bool) -> None:
    # QC testQueueSizeBasedWeightEnabled / Disabled (row 23)
    props = cs(run(site={"yarn.scheduler.fair.sizebasedweight": str(enabled).lower()}))
    keys = {k.removesuffix(".ordering-policy.fair.enable-size-based-weight") for k in props
            if k.endswith("enable-size-based-weight")}  # fmt: skip
    assert keys == (set(ALL_QUEUES) if enabled else set())


def _ordering_policy_xml() -> str:
    # fair-scheduler-orderingpolicy.xml: fair everywhere, john and alice fifo, alice without reservation
    xml = CONVERSION_XML.replace(
        "<schedulingPolicy>drf</schedulingPolicy>", "<schedulingPolicy>fair</schedulingPolicy>"
    )
    xml = xml.replace("<reservation>memory-mb=16384, vcores=4</reservation>", "")
    xml = xml.replace(
        "<maxContainerAllocation>vcores=2,memory-mb=8192</maxContainerAllocation>",
        "<maxContainerAllocation>vcores=2,memory-mb=8192</maxContainerAllocation><schedulingPolicy>fifo</schedulingPolicy>",
    )
    return xml.replace(
        "<maxAMShare>0.15</maxAMShare>",
        "<maxAMShare>0.15</maxAMShare><schedulingPolicy>fifo</schedulingPolicy>",
    )


def test_ordering_policy() -> None:
    # QC testQueueOrderingPolicy (row 24)
    props = cs(run(_ordering_policy_xml()))
    assert props["root.default.ordering-policy"] == "fair"
    assert props["root.users.joe.ordering-policy"] == "fair"
    assert props["root.users.john.ordering-policy"] == "fifo"
    assert props["root.admins.alice.ordering-policy"] == "fifo"
    assert props["root.admins.bob.ordering-policy"] == "fair"
    for parent in ("root", "root.admins", "root.users"):
        assert f"{parent}.ordering-policy" not in props


def test_fair_as_drf_mixed() -> None:
    # QC testQueueOrderingPolicyMixed / orderingpolicy-mixed.xml (row 25): 5 fairAsDrf warnings
    xml = CONVERSION_XML.replace(
        "<schedulingPolicy>drf</schedulingPolicy>", "<schedulingPolicy>fair</schedulingPolicy>"
    )
    xml = xml.replace(
        '<queue name="root">\n        <weight>1.0</weight>\n        <schedulingPolicy>fair',
        '<queue name="root">\n        <weight>1.0</weight>\n        <schedulingPolicy>drf',
    )
    # the mixed file has no misc queue and no reservation on alice
    xml = xml.replace("<reservation>memory-mb=16384, vcores=4</reservation>", "")
    start, end = xml.index('<queue name="misc"'), xml.index("</queue>\n    </queue>\n    <user")
    xml = xml[:start] + xml[end + len("</queue>\n") :]
    result = run(xml)
    assert sorted(codes(result, "CV205")) == [
        "root.admins.alice",
        "root.admins.bob",
        "root.default",
        "root.users.joe",
        "root.users.john",
    ]


def test_max_child_capacity_abort() -> None:
    # QC testQueueMaxChildCapacityNotSupported (row 26)
    from fsctl.convert.rules_file import read_rules

    result = run(rules=read_rules("maxChildCapacity.action=abort\n"))
    assert result.aborted and result.failed
    assert [d.severity.label for d in result.findings if d.code == "CV203"] == ["error"]
    assert codes(result, "CV101")


@pytest.mark.parametrize(
    ("default", "expected"),
    [
        ("0.16", "0.16"),  # CC testDefaultMaxAMShare (row 27)
        ("-1.0", "1.0"),  # CC testDefaultMaxAMShareDisabled (row 28)
    ],
)
def test_global_max_am_share(default: str, expected: str) -> None:
    xml = CONVERSION_XML.replace("<queueMaxAMShareDefault>0.16<", f"<queueMaxAMShareDefault>{default}<")
    assert cs(run(xml))["maximum-am-resource-percent"] == expected


def test_max_am_share_default_disabled() -> None:
    # CC testDefaultMaxAMShareDisabled (row 28): bob -1.0 = default -> none; alice 0.15; joe (no own) none
    xml = CONVERSION_XML.replace("<queueMaxAMShareDefault>0.16<", "<queueMaxAMShareDefault>-1.0<")
    xml = xml.replace("<maxAMShare>0.16</maxAMShare>", "")
    props = cs(run(xml))
    assert "root.admins.bob.maximum-am-resource-percent" not in props
    assert props["root.admins.alice.maximum-am-resource-percent"] == "0.15"
    assert "root.users.joe.maximum-am-resource-percent" not in props


def test_global_max_am_share_default_is_half() -> None:
    # fs2cs.md §2.3 (D): without the element, FS's default 0.5 is written
    assert cs(run(allocations_only()))["maximum-am-resource-percent"] == "0.5"


def allocations_only() -> str:
    return '<?xml version="1.0"?>\n<allocations><queue name="a"/></allocations>'


def test_user_limit_factor() -> None:
    # CC testUserLimitFactorDefault... (row 29), YARN-11393 / YARN-11408
    props = cs(run())
    for leaf in ("root.default", "root.users.joe", "root.admins.bob", "root.users.john", "root.misc.a"):
        assert props[f"{leaf}.user-limit-factor"] == "-1.0"
    assert "root.users.user-limit-factor" not in props
    assert "root.admins.alice.user-limit-factor" not in props  # childless FS parent: AQCv2 instead


def test_user_limit_factor_percentage_mode_on_childless_parent() -> None:
    # fs2cs.md §4.3 "With -pc": ULF -1.0 also for admins.alice
    assert cs(run(percentage=True))["root.admins.alice.user-limit-factor"] == "-1.0"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        # CC testConvertACLs (rows 30-32)
        ("root.acl_submit_applications", "alice,bob,joe,john hadoop_users"),
        ("root.acl_administer_queue", "alice,bob,joe,john hadoop_users"),
        ("root.admins.bob.acl_submit_applications", "bob "),
        ("root.admins.bob.acl_administer_queue", "bob "),
        ("root.admins.alice.acl_submit_applications", "alice "),
        ("root.users.joe.acl_administer_queue", "joe "),
        ("root.users.john.acl_submit_applications", "*"),
        ("root.users.john.acl_administer_queue", "*"),
    ],
)
def test_acls(key: str, value: str) -> None:
    assert cs(run())[key] == value


def test_undeclared_acls_are_not_written_even_on_root() -> None:
    # oracle/ (fs2cs 3.4.2 on Hadoop's test-fair-scheduler.xml): no root ACL when the file declares
    # none; the Capacity Scheduler's default for root is * anyway
    props = cs(run(allocations_only()))
    assert "root.acl_submit_applications" not in props
    assert "root.acl_administer_queue" not in props
    assert "root.a.acl_submit_applications" not in props


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("max-parallel-apps", "15"),  # CC testDefaultMaxRunningApps (row 33)
        ("user.max-parallel-apps", "10"),  # CC testDefaultUserMaxRunningApps (row 34)
        ("user.alice.max-parallel-apps", "30"),  # CC testUserMaxRunningApps (row 35)
    ],
)
def test_global_app_limits(key: str, value: str) -> None:
    props = cs(run())
    assert props[key] == value
    assert not [k for k in props if k.startswith("user.") and k.endswith(".max-parallel-apps")
                and k not in ("user.max-parallel-apps", "user.alice.max-parallel-apps")]  # fmt: skip


def test_dropped_settings_are_findings() -> None:
    # fs2cs.md §1.7: silently ignored by fs2cs; listed by fsctl
    result = run()
    dropped = [d.property for d in result.findings if d.code == "CV303"]
    for name in ("defaultFairSharePreemptionTimeout", "defaultMinSharePreemptionTimeout",
                 "defaultFairSharePreemptionThreshold"):  # fmt: skip
        assert name in dropped
    assert codes(result, "CV306") == ["root.admins.alice"]


def test_queues_the_fair_scheduler_refuses_are_left_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # fs2cs.md §2.4 "Queues that are silently not converted": a fair parent cannot have a drf child
    from fsctl.convert.converter import convert
    from fsctl.convert.options import ConvertOptions
    from fsctl.io.loader import load
    from tests.convert.helpers import allocations

    path = tmp_path / "fair-scheduler.xml"
    path.write_text(
        allocations(
            '<queue name="p"><schedulingPolicy>fair</schedulingPolicy>'
            '<queue name="d"><schedulingPolicy>drf</schedulingPolicy><queue name="x"/></queue>'
            '<queue name="ok"/></queue><queue name="b"/>'
        )
    )
    tree = load(str(path)).result.tree
    assert tree is not None
    result = convert(tree, None, ConvertOptions())
    props = cs(result)
    assert props["root.p.queues"] == "ok"
    assert not [k for k in props if k.startswith("root.p.d")]
    assert codes(result, "CV307") == ["root.p.d"]
    assert tree.find("root.p.d") is not None  # the caller's tree is untouched


def test_root_acl_nobody_stays_closed() -> None:
    # fs2cs leaves " " out, and the Capacity Scheduler's root default * would open every queue
    xml = allocations_root("<aclSubmitApps> </aclSubmitApps><aclAdministerApps> ops</aclAdministerApps>")
    result = run(xml)
    props = cs(result)
    assert props["root.acl_submit_applications"] == " "
    assert props["root.acl_administer_queue"] == " ops"
    assert codes(result, "CV408") == ["root"]


def allocations_root(body: str) -> str:
    return (
        f'<?xml version="1.0"?>\n<allocations><queue name="root">{body}<queue name="a"/></queue>'
        + "</allocations>"
    )


def test_target_33_is_what_33_fs2cs_writes() -> None:
    # oracle/ (fs2cs 3.3.6 on Hadoop's converter test files and generated ones): maximum-capacity
    # "100", no user-limit-factor, the last child takes the rounding remainder, and without a
    # placement policy every parent but root auto-creates (v1)
    xml = allocations(
        '<queue name="a"><queue name="x"><weight>2</weight></queue><queue name="y"/><queue name="z"/></queue>'
    )
    props = cs(run(xml, hadoop_version=(3, 3), percentage=True, convert_placement=False))
    assert props["root.a.x.maximum-capacity"] == "100"
    assert "root.a.x.user-limit-factor" not in props
    assert [props[f"root.a.{q}.capacity"] for q in "xyz"] == ["50.000", "25.000", "25.000"]
    three = allocations('<queue name="a"/><queue name="b"/><queue name="c"/>')
    thirds = cs(run(three, hadoop_version=(3, 3), percentage=True, convert_placement=False))
    assert [thirds[f"root.{q}.capacity"] for q in "abc"] == ["33.333", "33.333", "33.334"]
    assert props["root.a.auto-create-child-queue.enabled"] == "true"
    assert "root.auto-create-child-queue.enabled" not in props
    modern = cs(run(three, percentage=True))
    assert [modern[f"root.{q}.capacity"] for q in "abc"] == ["33.334", "33.333", "33.333"]
