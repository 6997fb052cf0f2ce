"""The Fair Scheduler's placement (fsctl.fair.assign) against Hadoop's own expectations:
``TestQueuePlacementPolicy`` (fs-parse.md §6.2, cases 35-57). Groups as ``SimpleGroupsMapping``
gives them: user -> [user+"group", user+"subgroup1", user+"subgroup2"]."""

from __future__ import annotations

from fsctl.fair.assign import Assignment, FairQueues, assign
from fsctl.fair.reader import effective_placement, read_fair
from fsctl.io.xmldoc import load_xml
from tests.fair.util import allocations


def policy(rules: str, queues: str = "") -> tuple[FairQueues, list]:  # type: ignore[type-arg]
    xml = allocations(f"{queues}<queuePlacementPolicy>{rules}</queuePlacementPolicy>")
    result = read_fair(load_xml("fair-scheduler.xml", xml.encode()))
    assert result.tree is not None
    return FairQueues(result.tree), effective_placement(result.tree)


def place(rules: str, queue: str, user: str, queues: str = "") -> str | None:
    fair_queues, rule_list = policy(rules, queues)
    groups = [user + "group", user + "subgroup1", user + "subgroup2"]
    return assign(fair_queues, rule_list, user=user, groups=groups, queue=queue).queue


def test_specified_then_user() -> None:  # case 35
    rules = '<rule name="specified"/><rule name="user"/>'
    assert place(rules, "specifiedq", "someuser") == "root.specifiedq"
    assert place(rules, "default", "someuser") == "root.someuser"
    assert place(rules, "default", "otheruser") == "root.otheruser"


def test_user_without_create_falls_to_default() -> None:  # case 36
    rules = '<rule name="specified"/><rule name="user" create="false"/><rule name="default"/>'
    existing = '<queue name="someuser"/>'
    assert place(rules, "specifiedq", "someuser", existing) == "root.specifiedq"
    assert place(rules, "default", "someuser", existing) == "root.someuser"
    assert place(rules, "specifiedq", "otheruser", existing) == "root.specifiedq"
    assert place(rules, "default", "otheruser", existing) == "root.default"


def test_reject() -> None:  # case 37
    rules = '<rule name="specified"/><rule name="reject"/>'
    assert place(rules, "specifiedq", "someuser") == "root.specifiedq"
    fair_queues, rule_list = policy(rules)
    assert assign(fair_queues, rule_list, user="someuser") == Assignment(
        None, "no rule", "application rejected by placement rules"
    )


def test_default_queue_attribute() -> None:  # case 41
    rules = '<rule name="specified" create="false"/><rule name="default" queue="root.someDefaultQueue"/>'
    assert place(rules, "default", "user1", '<queue name="someDefaultQueue"/>') == "root.someDefaultQueue"


def test_nested_user_queue_under_primary_group() -> None:  # case 49
    rules = (
        '<rule name="specified" create="false"/>'
        '<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>'
    )
    assert place(rules, "default", "user1") == "root.user1group.user1"
    assert place(rules, "root.specifiedq", "user2", '<queue name="specifiedq"/>') == "root.specifiedq"
    # root.user3group exists as a leaf: the nested rule fails
    assert place(rules, "default", "user3", '<queue name="user3group"/>') is None


def test_nested_user_queue_under_an_existing_primary_group_parent() -> None:  # case 50
    rules = (
        '<rule name="nestedUserQueue"><rule name="primaryGroup" create="false"/></rule><rule name="default"/>'
    )
    assert place(rules, "default", "user1") == "root.default"
    parent = '<queue name="user1group" type="parent"/>'
    assert place(rules, "default", "user1", parent) == "root.user1group.user1"


def test_nested_user_queue_under_a_secondary_group() -> None:  # case 51
    nested = '<rule name="nestedUserQueue"><rule name="secondaryGroupExistingQueue"/></rule>'
    rules = nested + '<rule name="default"/>'
    assert place(rules, "default", "user1") == "root.default"
    parent = '<queue name="user1subgroup1" type="parent"/>'
    assert place(rules, "default", "user1", parent) == "root.user1subgroup1.user1"


def test_nested_user_queue_under_the_specified_parent() -> None:  # case 52
    nested = '<rule name="nestedUserQueue"><rule name="specified" create="false"/></rule>'
    rules = nested + '<rule name="default"/>'
    parents = '<queue name="parent1" type="parent"/><queue name="parent2" type="parent"/>'
    assert place(rules, "root.parent1", "user1", parents) == "root.parent1.user1"
    assert place(rules, "root.parent2", "user2", parents) == "root.parent2.user2"


def test_nested_user_queue_under_the_default_queue() -> None:  # case 53
    rules = (
        '<rule name="specified" create="false"/>'
        '<rule name="nestedUserQueue"><rule name="default" queue="root.parent"/></rule>'
    )
    assert place(rules, "default", "user1") == "root.parent.user1"
    assert place(rules, "default", "user1", '<queue name="parent" type="parent"/>') == "root.parent.user1"
    assert place(rules, "default", "user1", '<queue name="parent"/>') is None  # a leaf now


def test_dots_in_user_and_group_names() -> None:  # cases 54, 55
    assert place('<rule name="user"/>', "default", "first.last") == "root.first_dot_last"
    nested = '<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>'
    fair_queues, rule_list = policy('<rule name="specified" create="false"/>' + nested)
    found = assign(fair_queues, rule_list, user="user1", groups=["user1.group"])
    assert found.queue == "root.user1_dot_group.user1"


def test_no_groups_fails_the_submission() -> None:  # case 56
    fair_queues, rule_list = policy('<rule name="primaryGroup" create="false"/><rule name="default"/>')
    found = assign(fair_queues, rule_list, user="emptygroupuser", groups=[], queue="root.fake")
    assert found == Assignment(None, "primaryGroup", "No groups returned for user emptygroupuser")


def test_illegal_requested_queue_names() -> None:  # case 57
    fair_queues, rule_list = policy('<rule name="specified"/><rule name="default"/>')
    for name in ("A ", "A\u00a0"):
        found = assign(fair_queues, rule_list, user="u", queue=name)
        assert found.queue is None
        assert found.reason == f"Application submitted by user uwith illegal queue name '{name}'."


def test_a_placed_queue_must_be_or_become_a_leaf() -> None:
    # FairScheduler.addApplication: "<queue> is not a leaf queue" for a parent, or under a leaf
    rules = '<rule name="specified"/><rule name="default"/>'
    queues = '<queue name="qa"><queue name="p0"/></queue>'
    fair_queues, rule_list = policy(rules, queues)
    assert assign(fair_queues, rule_list, user="u", queue="qa").reason == "root.qa is not a leaf queue"
    under_leaf = assign(fair_queues, rule_list, user="u", queue="qa.p0.x")
    assert under_leaf.reason == "root.qa.p0.x is not a leaf queue"
    assert assign(fair_queues, rule_list, user="u", queue="qa.new").queue == "root.qa.new"


def test_an_undeclared_root_default_exists_before_34_only() -> None:
    # QueueManager.initialize made root.default before YARN-7769 (3.4.0); main's oracle answers agree
    xml = allocations(
        '<queue name="a"/><queuePlacementPolicy><rule name="specified" create="false"/>'
        '<rule name="default" create="false"/><rule name="reject"/></queuePlacementPolicy>'
    )
    for version, landing in (((3, 3), "root.default"), ((3, 4), None)):
        result = read_fair(load_xml("fair-scheduler.xml", xml.encode()), hadoop_version=version)
        assert result.tree is not None
        found = assign(FairQueues(result.tree), effective_placement(result.tree), user="u")
        assert found.queue == landing, version


def test_secondary_group_rule_tries_every_group_in_order() -> None:
    # SecondaryGroupExistingPlacementRule iterates Groups.getGroupsSet from its first element
    rules = '<rule name="secondaryGroupExistingQueue"/><rule name="default"/>'
    queues = '<queue name="user1group"/><queue name="user1subgroup2"/>'
    assert place(rules, "default", "user1", queues) == "root.user1group"


def test_the_secondary_group_rule_skips_the_primary_group_before_34() -> None:
    # oracle/ (place, alice in eng and etl, root.eng and root.etl declared): 3.4.2 root.eng;
    # 3.3.6 (SecondaryGroupExistingPlacementRule from index 1) and 3.2.4 root.etl
    xml = allocations(
        '<queue name="eng"/><queue name="etl"/><queuePlacementPolicy>'
        '<rule name="secondaryGroupExistingQueue"/><rule name="reject"/></queuePlacementPolicy>'
    )
    for version, landing in (((3, 4), "root.eng"), ((3, 3), "root.etl"), ((3, 2), "root.etl")):
        result = read_fair(load_xml("fair-scheduler.xml", xml.encode()), hadoop_version=version)
        assert result.tree is not None
        found = assign(
            FairQueues(result.tree), effective_placement(result.tree), user="alice", groups=["eng", "etl"]
        )
        assert found.queue == landing, version


def test_before_33_a_rule_without_create_needs_a_queue_the_file_declares() -> None:
    # QueuePlacementRule.assignAppToQueue checks AllocationConfiguration.getConfiguredQueues: the
    # root.default QueueManager made is not one (oracle/, place to root.default: 3.3.6 root.default,
    # 3.2.4 and 2.10.2 rejected)
    xml = allocations(
        '<queue name="a"/><queuePlacementPolicy><rule name="specified" create="false"/>'
        '<rule name="reject"/></queuePlacementPolicy>'
    )
    for version, landing in (((3, 3), "root.default"), ((3, 2), None), ((2, 10), None)):
        result = read_fair(load_xml("fair-scheduler.xml", xml.encode()), hadoop_version=version)
        assert result.tree is not None
        found = assign(
            FairQueues(result.tree), effective_placement(result.tree), user="u", queue="root.default"
        )
        assert found.queue == landing, version


def test_a_new_queue_under_a_fair_parent_cannot_be_drf() -> None:
    # oracle/ (place, 3.4.2): the new leaf takes the default policy drf, which the fair parent refuses
    queues = (
        "<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>"
        '<queue name="a" type="parent"><schedulingPolicy>fair</schedulingPolicy></queue>'
        '<queue name="b" type="parent"/>'
    )
    fair_queues, rule_list = policy('<rule name="specified"/>', queues)
    assert fair_queues.refuses_new_child("root.a") and not fair_queues.refuses_new_child("root.b")
    refused = assign(fair_queues, rule_list, user="erin", queue="root.a.b")
    assert refused.queue is None and "fair parent root.a" in refused.reason
    assert place('<rule name="specified"/>', "root.b.c", "erin", queues) == "root.b.c"


def test_a_fifo_parent_takes_no_new_child() -> None:
    # oracle/ (place, 3.4.2): a fifo root without children rejects user=alice, which the user rule
    # would send to a new root.alice (FifoPolicy.isChildPolicyAllowed is always false)
    fair_queues, rule_list = policy(
        '<rule name="user"/>', '<queue name="root"><schedulingPolicy>fifo</schedulingPolicy></queue>'
    )
    refused = assign(fair_queues, rule_list, user="alice")
    assert refused.queue is None and "fifo parent root" in refused.reason
