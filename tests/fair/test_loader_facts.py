"""Facts of Hadoop's TestAllocationFileLoaderService, TestQueueManager and TestSchedulingPolicy that
concern loading (fs-parse.md §6.1, §6.3), read through ``read_fair``."""

from __future__ import annotations

import math

import pytest

from fsctl.model.resources import INT_MAX, UNBOUNDED, ResourceSpec

from .conftest import Reader
from .util import codes, only

LONG_MAX = 2**63 - 1

BIG_FILE = """
<queue name="queueA">
  <minResources>1024mb,0vcores</minResources>
  <maxResources>2048mb,10vcores</maxResources>
</queue>
<queue name="queueB">
  <minResources>2048mb,0vcores</minResources>
  <maxResources>5120mb,110vcores</maxResources>
  <aclAdministerApps>alice,bob admins</aclAdministerApps>
  <schedulingPolicy>fair</schedulingPolicy>
</queue>
<queue name="queueC">
  <minResources>5120mb,0vcores</minResources>
  <aclSubmitApps>alice,bob admins</aclSubmitApps>
</queue>
<queue name="queueD">
  <maxRunningApps>3</maxRunningApps>
  <maxAMShare>0.4</maxAMShare>
</queue>
<queue name="queueE">
  <minSharePreemptionTimeout>60</minSharePreemptionTimeout>
</queue>
<queue name="queueF" type="parent">
  <maxChildResources>2048mb,64vcores</maxChildResources>
</queue>
<queue name="queueG">
  <maxChildResources>2048mb,64vcores</maxChildResources>
  <fairSharePreemptionTimeout>120</fairSharePreemptionTimeout>
  <minSharePreemptionTimeout>50</minSharePreemptionTimeout>
  <fairSharePreemptionThreshold>0.6</fairSharePreemptionThreshold>
  <maxContainerAllocation>vcores=16, memory-mb=512, a-custom-resource=10</maxContainerAllocation>
  <queue name="queueH">
    <fairSharePreemptionTimeout>180</fairSharePreemptionTimeout>
    <minSharePreemptionTimeout>40</minSharePreemptionTimeout>
    <fairSharePreemptionThreshold>0.7</fairSharePreemptionThreshold>
    <maxContainerAllocation>1024mb,8vcores</maxContainerAllocation>
  </queue>
</queue>
<queueMaxAppsDefault>15</queueMaxAppsDefault>
<queueMaxResourcesDefault>4096mb,100vcores</queueMaxResourcesDefault>
<userMaxAppsDefault>5</userMaxAppsDefault>
<queueMaxAMShareDefault>0.5f</queueMaxAMShareDefault>
<defaultMinSharePreemptionTimeout>120</defaultMinSharePreemptionTimeout>
<defaultFairSharePreemptionTimeout>300</defaultFairSharePreemptionTimeout>
<defaultFairSharePreemptionThreshold>0.4</defaultFairSharePreemptionThreshold>
<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>
<user name="user1"><maxRunningApps>10</maxRunningApps></user>
"""
# a cluster that knows the custom resource of queueG, and a large enough maximum allocation
BIG_SITE = {
    "yarn.resource-types": "a-custom-resource",
    "yarn.scheduler.maximum-allocation-mb": "1000000",
    "yarn.scheduler.maximum-allocation-vcores": "1000",
}
LEAVES = {"root.queueA", "root.queueB", "root.queueC", "root.queueD", "root.queueE", "root.queueG.queueH"}


@pytest.fixture
def big(read_xml: Reader):
    result = read_xml(BIG_FILE, site=BIG_SITE)
    # root fair by default? no: defaultQueueSchedulingPolicy drf makes root drf, so nothing is dropped
    assert codes(result) == []
    assert result.tree is not None
    return result.tree


def eff(tree, path: str, key: str):
    queue = tree.find(path)
    assert queue is not None, path
    return queue.effective.as_dict()[key]


def absolute(memory: int, vcores: int, custom: int | None = None) -> dict[str, int]:
    amounts = {"memory-mb": memory, "vcores": vcores}
    if custom is not None:
        amounts["a-custom-resource"] = custom
    return amounts


def test_leaf_queues(big) -> None:
    # TestAllocationFileLoaderService#testAllocationFileParsing: LEAF count 6 (fact 6), PARENT F, G (fact 19)
    assert {q.path for q in big.leaves()} == LEAVES
    assert not big.find("root.queueF").is_leaf and big.find("root.queueF").declared_parent
    assert not big.find("root.queueG").is_leaf


def test_max_resources(big) -> None:
    # facts 8, 9: explicit values, else queueMaxResourcesDefault
    # old-style values give custom resource types 0 (fs-parse.md §4.1)
    assert eff(big, "root.queueA", "maxResources").amounts() == absolute(2048, 10, 0)
    assert eff(big, "root.queueB", "maxResources").amounts() == absolute(5120, 110, 0)
    for name in ("queueC", "queueD", "queueE", "queueF", "queueG", "queueG.queueH"):
        assert eff(big, f"root.{name}", "maxResources").amounts() == absolute(4096, 100, 0)


def test_min_resources(big) -> None:
    # fact 10 (and fact 7: an unconfigured queue has min 0)
    assert eff(big, "root.queueA", "minResources").amounts() == absolute(1024, 0, 0)
    assert eff(big, "root.queueB", "minResources").amounts() == absolute(2048, 0, 0)
    assert eff(big, "root.queueC", "minResources").amounts() == absolute(5120, 0, 0)
    for name in ("queueD", "queueE", "queueF", "queueG", "queueG.queueH"):
        assert eff(big, f"root.{name}", "minResources").amounts() == absolute(0, 0, 0)


def test_max_child_resources(big) -> None:
    # fact 11
    for name in ("queueA", "queueB", "queueC", "queueD", "queueE", "queueG.queueH"):
        assert eff(big, f"root.{name}", "maxChildResources") is None
    for name in ("queueF", "queueG"):
        assert eff(big, f"root.{name}", "maxChildResources").amounts() == absolute(2048, 64, 0)


def test_max_apps_and_am_share(big) -> None:
    # facts 12, 13, 14
    for name in ("queueA", "queueB", "queueC", "queueE"):
        assert eff(big, f"root.{name}", "maxRunningApps") == 15
        assert eff(big, f"root.{name}", "maxAMShare") == pytest.approx(0.5)
    assert eff(big, "root.queueD", "maxRunningApps") == 3
    assert eff(big, "root.queueD", "maxAMShare") == pytest.approx(0.4)
    assert big.info.user_max_apps == {"user1": 10}
    assert big.info.defaults.user_max_apps_default == 5  # user2 -> 5


def test_max_container_allocation(big) -> None:
    # fact 15: G's own value, H's own value, everyone else unbounded (here: the scheduler maximum)
    assert eff(big, "root.queueG", "maxContainerAllocation").amounts() == absolute(512, 16, 10)
    assert eff(big, "root.queueG.queueH", "maxContainerAllocation").amounts() == absolute(1024, 8, 0)
    for name in ("queueA", "queueB", "queueF"):
        assert eff(big, f"root.{name}", "maxContainerAllocation").amounts() == absolute(
            1000000, 1000, UNBOUNDED
        )


def test_preemption_timeouts_and_threshold(big) -> None:
    # facts 16, 17, 18: declared values (ms); root from the top-level defaults; others inherit
    root = big.root
    assert root.effective.min_share_preemption_timeout == 120000
    assert root.effective.fair_share_preemption_timeout == 300000
    assert root.effective.fair_share_preemption_threshold == pytest.approx(0.4)
    assert big.find("root.queueE").declared["minSharePreemptionTimeout"].value == 60000
    assert big.find("root.queueG").declared["minSharePreemptionTimeout"].value == 50000
    assert big.find("root.queueG.queueH").declared["minSharePreemptionTimeout"].value == 40000
    assert big.find("root.queueG").declared["fairSharePreemptionTimeout"].value == 120000
    assert big.find("root.queueG.queueH").declared["fairSharePreemptionTimeout"].value == 180000
    assert big.find("root.queueG").declared["fairSharePreemptionThreshold"].value == pytest.approx(0.6)
    assert big.find("root.queueG.queueH").declared["fairSharePreemptionThreshold"].value == pytest.approx(0.7)
    for name in ("queueA", "queueB", "queueC", "queueD", "queueF"):
        assert "minSharePreemptionTimeout" not in big.find(f"root.{name}").declared  # -1 in Hadoop
        assert eff(big, f"root.{name}", "minSharePreemptionTimeout") == 120000  # FSQueue inherits
        assert eff(big, f"root.{name}", "fairSharePreemptionTimeout") == 300000
    assert eff(big, "root.queueE", "minSharePreemptionTimeout") == 60000


def test_policies(big) -> None:
    # fact 20: root DRF (default), A DRF, B fair (explicit)
    assert big.root.effective.scheduling_policy == "drf"
    assert eff(big, "root.queueA", "schedulingPolicy") == "drf"
    assert eff(big, "root.queueB", "schedulingPolicy") == "fair"
    assert big.info.defaults.default_queue_scheduling_policy == "drf"  # what a new root.newqueue gets


def test_acls(big) -> None:
    assert eff(big, "root.queueB", "aclAdministerApps") == "alice,bob admins"
    assert eff(big, "root.queueC", "aclSubmitApps") == "alice,bob admins"
    assert eff(big, "root.queueA", "aclSubmitApps") == " "
    assert big.root.effective.acl_submit_apps == "*"


def test_pool_tags_are_equivalent(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testBackwardsCompatibleAllocationFileParsing (fact 21)
    result = read_xml(
        """
        <pool name="queueA"><minResources>1024mb,0vcores</minResources></pool>
        <pool name="queueE"><fairSharePreemptionThreshold>0.3</fairSharePreemptionThreshold></pool>
        <defaultMinSharePreemptionTimeout>120</defaultMinSharePreemptionTimeout>
        <defaultFairSharePreemptionTimeout>300</defaultFairSharePreemptionTimeout>
        <defaultFairSharePreemptionThreshold>0.6</defaultFairSharePreemptionThreshold>
        """
    )
    tree = result.tree
    assert codes(result) == []
    assert tree.find("root.queueE").effective.fair_share_preemption_threshold == pytest.approx(0.3)
    assert tree.root.effective.fair_share_preemption_threshold == pytest.approx(0.6)
    assert tree.root.effective.min_share_preemption_timeout == 120000
    assert tree.root.effective.fair_share_preemption_timeout == 300000
    assert tree.find("root.queueA").effective.min_resources.amounts() == {"memory-mb": 1024, "vcores": 0}


def test_simple_placement_and_leaves(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testReload (fact 3)
    result = read_xml(
        '<queue name="queueA"><maxRunningApps>1</maxRunningApps></queue><queue name="queueB"/>'
        '<queuePlacementPolicy><rule name="default"/></queuePlacementPolicy>'
    )
    tree = result.tree
    assert codes(result) == []
    assert [r.name for r in tree.placement] == ["default"]
    assert tree.find("root.queueA").effective.max_running_apps == 1
    assert {q.path for q in tree.leaves()} == {"root.queueA", "root.queueB"}


def test_reloaded_placement_with_nested_rule(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testReload (fact 4)
    result = read_xml(
        '<queue name="queueB"><maxRunningApps>3</maxRunningApps></queue>'
        '<queuePlacementPolicy><rule name="specified"/>'
        '<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule></queuePlacementPolicy>'
    )
    placement = result.tree.placement
    assert codes(result) == []
    assert [r.name for r in placement] == ["specified", "nestedUserQueue"]
    assert placement[1].parent is not None and placement[1].parent.name == "primaryGroup"


def test_placement_from_site_when_file_has_none(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testSimplePlacementPolicyFromConf (fact 22)
    from fsctl.fair.reader import effective_placement

    site = {
        "yarn.scheduler.fair.allow-undeclared-pools": "false",
        "yarn.scheduler.fair.user-as-default-queue": "false",
    }
    result = read_xml("", site=site)
    assert result.tree.placement is None
    rules = effective_placement(result.tree)
    assert [(r.name, r.create) for r in rules] == [("specified", False), ("default", True)]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ('<queue name="root"/><queue name="other"/>', "FS103"),  # testQueueAlongsideRoot (fact 23)
        ('<queue name="parent1.child"/>', "FS101"),  # testQueueNameContainingPeriods (fact 24)
        ('<queue name="      "/>', "FS102"),  # testQueueNameContainingOnlyWhitespace (fact 25)
        ('<queue name="\u00a0"/>', "FS102"),  # testQueueNameContainingNBWhitespace (fact 31)
        (
            "<defaultQueueSchedulingPolicy>fifo</defaultQueueSchedulingPolicy>",
            "FS111",
        ),  # testDefaultQueue... (32)
        ('<queue name="notboth" type="parent"><reservation/></queue>', "FS109"),  # fact 34
    ],
)
def test_load_errors(read_xml: Reader, body: str, code: str) -> None:
    assert codes(read_xml(body)) == [code]


def test_parent_with_reservation_message(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testParentTagWithReservation / testParentWithReservation (26, 27)
    for body in (
        '<queue name="parent" type="parent"><reservation/></queue>',
        '<queue name="parent"><reservation/><queue name="child"/></queue>',
    ):
        diagnostic = only(read_xml(body), "FS109")
        assert diagnostic.message == (
            "The configuration settings for root.parent are invalid. A queue element that contains child "
            "queue elements or that has the type='parent' attribute cannot also include a"
            " reservation element."
        )


def test_parent_with_max_am_share(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testParentTagWithMaxAMShare / testParentWithMaxAMShare (28, 29)
    for body in (
        '<queue name="parent" type="parent"><maxAMShare>0.75</maxAMShare></queue>',
        '<queue name="parent"><maxAMShare>0.76</maxAMShare><queue name="child"/></queue>',
    ):
        diagnostic = only(read_xml(body), "FS110")
        assert diagnostic.message.endswith("cannot also include a maxAMShare element.")
        assert diagnostic.queue == "root.parent"


def test_parent_tag_without_reservation(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testParentTagWithChild (fact 30)
    result = read_xml('<queue name="parent" type="parent"><queue name="child"/></queue>')
    assert codes(result) == []
    assert not result.tree.find("root.parent").is_leaf
    assert result.tree.find("root.parent.child").is_leaf


def test_reservable_queue(read_xml: Reader) -> None:
    # TestAllocationFileLoaderService#testReservableQueue (fact 33)
    result = read_xml(
        '<queue name="reservable"><reservation/></queue><queue name="other"/>'
        "<reservation-agent>DummyAgentName</reservation-agent>"
        "<reservation-policy>AnyAdmissionPolicy</reservation-policy>"
    )
    tree = result.tree
    assert codes(result) == []
    assert tree.find("root.reservable").effective.reservation is True
    assert tree.find("root.other").effective.reservation is False
    assert not tree.find("root.reservable").is_leaf  # recorded as PARENT, not LEAF
    assert tree.info.defaults.reservation_agent == "DummyAgentName"
    assert tree.info.defaults.reservation_policy == "AnyAdmissionPolicy"
    assert tree.info.defaults.reservation_planner.endswith("SimpleCapacityReplanner")


# TestQueueManager#testCheckQueueNodeName (fact 58): names with inner spaces are valid, outer are trimmed
def test_queue_name_trimming(read_xml: Reader) -> None:
    result = read_xml('<queue name=" a "/><queue name="a b"/><queue name="\u00a0c\u3000"/>')
    assert codes(result) == []
    assert [q.path for q in result.tree.root.children] == ["root.a", "root.a b", "root.c"]


def test_new_leaf_defaults(read_xml: Reader) -> None:
    # TestQueueManager#testCreateLeafQueueWithDefaults... (fact 61): min 0, max unbounded
    queue = read_xml('<queue name="q"/>').tree.find("root.q")
    assert queue.effective.min_resources.amounts() == {"memory-mb": 0, "vcores": 0}
    assert queue.effective.max_resources.amounts() == {"memory-mb": UNBOUNDED, "vcores": UNBOUNDED}
    assert queue.effective.max_running_apps == INT_MAX
    assert queue.effective.weight == 1.0
    assert queue.effective.min_share_preemption_timeout == LONG_MAX


def test_max_child_resources_recorded(read_xml: Reader) -> None:
    # TestQueueManager#testCreateQueueWithChildDefaults (fact 60): the parent keeps the limit for dynamic
    # children; configured children stay unbounded
    tree = read_xml(
        '<queue name="test" type="parent"><maxChildResources>8192mb,256vcores</maxChildResources>'
        '<queue name="childA"/></queue>'
    ).tree
    assert tree.find("root.test").effective.max_child_resources.amounts() == {
        "memory-mb": 8192,
        "vcores": 256,
    }
    assert tree.find("root.test.childA").effective.max_resources.amounts()["memory-mb"] == UNBOUNDED


def test_policy_violation_root_fair_default_drf(read_xml: Reader) -> None:
    # TestSchedulingPolicy#testSchedulingPolicyViolation (fact 62): child1 drf not created, child2 fair is
    result = read_xml(
        '<queue name="root"><schedulingPolicy>fair</schedulingPolicy>'
        '<queue name="child1"><schedulingPolicy>drf</schedulingPolicy></queue>'
        '<queue name="child2"><schedulingPolicy>fair</schedulingPolicy></queue></queue>'
        "<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>"
    )
    diagnostic = only(result, "FS114")
    assert diagnostic.queue == "root.child1"
    assert result.tree.info.dropped_queues == ["root.child1"]


def test_policy_violation_deep(read_xml: Reader) -> None:
    # TestSchedulingPolicy#testSchedulingPolicyViolationInTheMiddleLevel (fact 63)
    result = read_xml(
        '<queue name="level2"><schedulingPolicy>fair</schedulingPolicy>'
        '<queue name="level3"><schedulingPolicy>drf</schedulingPolicy>'
        '<queue name="leaf"><schedulingPolicy>fair</schedulingPolicy></queue></queue></queue>'
    )
    assert only(result, "FS114").queue == "root.level2.level3"
    assert result.tree.info.dropped_queues == ["root.level2.level3"]


def test_fifo_parent(read_xml: Reader) -> None:
    # TestSchedulingPolicy#testFIFOPolicyOnlyForLeafQueues (fact 64)
    result = read_xml(
        '<queue name="intermediate"><schedulingPolicy>fifo</schedulingPolicy><queue name="leaf"/></queue>'
    )
    assert (
        only(result, "FS115").message
        == "Can't create queue 'root.intermediate', since FIFO is only for leaf queues."
    )
    ok = read_xml(
        '<queue name="intermediate"><schedulingPolicy>fair</schedulingPolicy>'
        '<queue name="leaf"><schedulingPolicy>fifo</schedulingPolicy></queue></queue>'
    )
    assert codes(ok) == []


def test_policy_compatibility_allowed_pairs(read_xml: Reader) -> None:
    # TestSchedulingPolicy#testSchedulingPolicyViolation reload: root drf, child1 drf, child2 fifo (fact 65)
    result = read_xml(
        '<queue name="root"><schedulingPolicy>drf</schedulingPolicy>'
        '<queue name="child1"><schedulingPolicy>drf</schedulingPolicy></queue>'
        '<queue name="child2"><schedulingPolicy>fifo</schedulingPolicy></queue></queue>'
    )
    assert codes(result) == []
    assert result.tree.find("root.child2").effective.scheduling_policy == "fifo"


@pytest.mark.parametrize(
    ("text", "policy"),
    [
        ("org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies.FairSharePolicy", "fair"),
        ("DRF", "drf"),
        ("drf", "drf"),
        ("fair", "fair"),
        ("FIFO", "fifo"),
        (" Fair ", "fair"),
    ],
)
def test_scheduling_policy_parse(read_xml: Reader, text: str, policy: str) -> None:
    # TestSchedulingPolicy#testParseSchedulingPolicy (fact 66)
    result = read_xml(f'<queue name="q"><schedulingPolicy>{text}</schedulingPolicy></queue>')
    assert "FS112" not in codes(result)
    assert result.tree.find("root.q").effective.scheduling_policy == policy


def test_weights_are_java_floats(read_xml: Reader) -> None:
    tree = read_xml(
        '<queue name="q"><weight>0.1</weight></queue><queue name="n"><weight>NaN</weight></queue>'
    ).tree
    weight = tree.find("root.q").effective.weight
    assert weight == pytest.approx(0.1)
    assert weight != 0.1  # (float) 0.1
    assert math.isnan(tree.find("root.n").effective.weight)


def test_root_defaults_not_consulted_are_never_parsed(read_xml: Reader) -> None:
    # AllocationFileLoaderService#setupRootQueueProperties: the default is ignored when root has its own
    result = read_xml(
        '<queue name="root"><minSharePreemptionTimeout>10</minSharePreemptionTimeout></queue>'
        "<defaultMinSharePreemptionTimeout>oops</defaultMinSharePreemptionTimeout>"
        "<defaultFairSharePreemptionTimeout>30</defaultFairSharePreemptionTimeout>"
        "<fairSharePreemptionTimeout>also-ignored</fairSharePreemptionTimeout>"
    )
    assert codes(result) == []
    assert result.tree.root.effective.min_share_preemption_timeout == 10000
    assert result.tree.root.effective.fair_share_preemption_timeout == 30000


def test_deprecated_top_level_fair_share_timeout(read_xml: Reader) -> None:
    result = read_xml("<fairSharePreemptionTimeout>20</fairSharePreemptionTimeout>")
    assert result.tree.root.effective.fair_share_preemption_timeout == 20000
    assert codes(read_xml("<fairSharePreemptionTimeout>x</fairSharePreemptionTimeout>")) == ["FS106"]


def test_clamps_and_preemption_inheritance(read_xml: Reader) -> None:
    tree = read_xml(
        '<queue name="a"><allowPreemptionFrom>false</allowPreemptionFrom><maxAMShare>3</maxAMShare>'
        "<fairSharePreemptionThreshold>-2</fairSharePreemptionThreshold>"
        '<queue name="b"><allowPreemptionFrom>true</allowPreemptionFrom><maxAMShare>0.2</maxAMShare></queue>'
        "</queue>"
        "<queueMaxAMShareDefault>7</queueMaxAMShareDefault>"
    ).tree
    assert tree.find("root.a.b").effective.allow_preemption_from is False  # one-way inheritance
    assert tree.find("root.a").declared["maxAMShare"].value == 1.0  # min(v, 1)
    assert tree.info.defaults.queue_max_am_share_default == 1.0
    assert tree.find("root.a").effective.fair_share_preemption_threshold == 0.0  # clamped to [0, 1]
    assert tree.find("root.a.b").effective.fair_share_preemption_threshold == 0.0  # inherited


def test_duplicates_last_wins_and_definitions_merge(read_xml: Reader) -> None:
    result = read_xml(
        '<queue name="a"><weight>1</weight><weight>3</weight></queue>'
        '<queue name="a"><maxRunningApps>4</maxRunningApps></queue>'
        '<user name="u"><maxRunningApps>1</maxRunningApps></user>'
        '<user name="u"><maxRunningApps>2</maxRunningApps></user>'
    )
    tree = result.tree
    assert codes(result) == []
    assert [q.path for q in tree.root.children] == ["root.a"]
    assert tree.find("root.a").effective.weight == 3.0
    assert tree.find("root.a").effective.max_running_apps == 4
    assert [e["path"] for e in tree.info.queue_elements] == ["root.a", "root.a"]
    assert tree.info.user_max_apps == {"u": 2}


def test_quirky_nested_tags(read_xml: Reader) -> None:
    # AllocationFileQueueParser#isSchedulableQueue: "queue".endsWith(tag)
    result = read_xml(
        '<queue name="p"><ueue name="a"/><e name="b"/><pool name="c"/><queues name="x"/></queue>'
    )
    tree = result.tree
    assert [c.name for c in tree.find("root.p").children] == ["a", "b", "c"]
    assert [e["tag"] for e in tree.info.queue_elements] == ["queue", "ueue", "e", "pool"]
    assert [e["tag"] for e in tree.info.ignored_elements] == ["queues"]


def test_root_element_named_upper_case(read_xml: Reader) -> None:
    # fs-parse.md §3.4: name="ROOT" is the root element, but its queues end up under root.ROOT
    tree = read_xml('<queue name="ROOT"><queue name="x"/></queue>').tree
    assert tree.find("root.ROOT.x") is not None


def test_percentage_min_resources_is_dropped(read_xml: Reader) -> None:
    # fs-parse.md §3.6: only the absolute part is kept
    queue = read_xml('<queue name="a"><minResources>50%</minResources></queue>').tree.find("root.a")
    assert queue.declared["minResources"].value == ResourceSpec.of_fractions(
        {"memory-mb": 0.5, "vcores": 0.5}
    )
    assert queue.effective.min_resources.amounts() == {"memory-mb": 0, "vcores": 0}


def test_acl_text_is_not_trimmed(read_xml: Reader) -> None:
    queue = read_xml('<queue name="a"><aclSubmitApps>\n  alice\n</aclSubmitApps></queue>').tree.find("root.a")
    assert queue.effective.acl_submit_apps == "\n  alice\n"


def test_comment_before_value_is_ignored(read_xml: Reader) -> None:
    # Hadoop's DOM drops comments (setIgnoringComments) and joins the text around them
    result = read_xml('<queue name="a"><weight><!-- heavy -->2<!-- c -->5</weight></queue>')
    assert codes(result) == []
    assert result.tree.find("root.a").effective.weight == 25.0


def test_every_queue_has_the_documented_effective_keys(read_xml: Reader) -> None:
    # the contract other engineers build on (fsctl/fair/model.py, by element name)
    documented = {
        "weight",
        "minResources",
        "maxResources",
        "maxChildResources",
        "maxContainerAllocation",
        "maxRunningApps",
        "maxAMShare",
        "schedulingPolicy",
        "minSharePreemptionTimeout",
        "fairSharePreemptionTimeout",
        "fairSharePreemptionThreshold",
        "allowPreemptionFrom",
        "aclSubmitApps",
        "aclAdministerApps",
        "aclAdministerReservations",
        "aclListReservations",
        "aclSubmitReservations",
        "reservation",
    }
    tree = read_xml('<queue name="a"><queue name="b"/></queue>').tree
    for queue in tree.queues():
        assert set(queue.effective.as_dict()) == documented, queue.path
    assert set(tree.info.defaults.as_dict()) == {
        "userMaxAppsDefault",
        "queueMaxAppsDefault",
        "queueMaxResourcesDefault",
        "queueMaxAMShareDefault",
        "defaultQueueSchedulingPolicy",
        "defaultMinSharePreemptionTimeout",
        "defaultFairSharePreemptionTimeout",
        "defaultFairSharePreemptionThreshold",
        "reservation-planner",
        "reservation-agent",
        "reservation-policy",
    }


def test_max_am_share_on_parent_is_refused_from_3_2_on(read_xml: Reader) -> None:
    # AllocationFileQueueParser since 3.2.0 (oracle: 3.2.4 refuses; 3.1.4 and 2.10.2 load)
    body = '<queue name="p" type="parent"><maxAMShare>0.5</maxAMShare></queue>'
    assert codes(read_xml(body)) == ["FS110"]
    assert codes(read_xml(body, version=(3, 2))) == ["FS110"]
    assert codes(read_xml(body, version=(3, 1))) == []
    assert codes(read_xml(body, version=(2, 10))) == []


def test_processing_instruction_before_the_value(read_xml: Reader) -> None:
    # a PI is a DOM node Hadoop does not drop: the cast of the first child to Text fails
    assert codes(read_xml('<queue name="a"><weight><?pi x?>2</weight></queue>')) == ["FS105"]


def test_bad_queue_names_keep_their_subtree_out_of_the_tree_but_checked(read_xml: Reader) -> None:
    result = read_xml('<queue name="a.b"><queue name="c"><weight>x</weight></queue></queue>')
    assert codes(result) == ["FS101", "FS107"]
    assert only(result, "FS107").queue == "root.a.b.c"
    assert result.tree.find("root.a.b") is None and result.tree.find("root.a.b.c") is None
