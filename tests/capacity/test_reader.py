"""The queue tree, declared and effective values, short names (cs.md §2, §5, §9.3, §9.5, §9.7, §9.8)."""

from __future__ import annotations

import pytest

from fsctl.capacity.capacity_value import CapacityMode, CapacityValue
from fsctl.capacity.reader import parse_acl
from fsctl.capacity.values import QueueStore
from fsctl.hadoop.conf import HadoopConf
from fsctl.model.tree import Queue

from .helpers import P, codes, errors, read, read_xml, xml_of


def test_tree_from_queues_lists_and_keys_by_suffix() -> None:
    result = read(
        {
            "root.queues": "a,b",
            "root.a.capacity": "40",
            "root.b.capacity": "60",
            "root.b.queues": "b1",
            "root.b.b1.capacity": "100",
            "root.b.b1.accessible-node-labels.gpu.capacity": "100",
            "root.b.b1.user-settings.alice.weight": "2",
            "maximum-applications": "5000",
        }
    )
    tree = result.tree
    assert tree is not None
    assert [q.path for q in tree.queues()] == ["root", "root.a", "root.b", "root.b.b1"]
    b1 = tree.find("root.b.b1")
    assert b1 is not None and b1.is_leaf
    assert set(b1.declared) == {
        "capacity",
        "accessible-node-labels.gpu.capacity",
        "user-settings.alice.weight",
    }
    capacity = b1.declared["capacity"]
    assert isinstance(capacity.value, CapacityValue) and capacity.raw == "100"
    assert capacity.location is not None and capacity.location.line == 7  # pairs[4] -> line 4 + 3
    assert tree.settings[P + "maximum-applications"].value == 5000
    assert tree.info.defaults["maximum-applications"] == 5000
    assert isinstance(tree.info.properties, HadoopConf)


def test_queues_list_is_trimmed() -> None:
    # TestQueueParsing#testQueueParsingShouldTrimSpaces / testNestedQueueParsingShouldTrimSpaces (#32, #33)
    result = read(
        {
            "root.queues": " a ,b, c",
            "root.a.capacity": "10",
            "root.a.maximum-capacity": "15",
            "root.b.capacity": "20",
            "root.c.capacity": "70",
            "root.c.maximum-capacity": "70",
            "root.a.queues": "a1, a2 ",
            "root.a.a1.capacity": "60",
            "root.a.a2.capacity": "40",
        }
    )
    assert errors(result) == []
    assert result.tree is not None
    assert [q.path for q in result.tree.queues()] == [
        "root",
        "root.a",
        "root.a.a1",
        "root.a.a2",
        "root.b",
        "root.c",
    ]


def test_orphan_keys_and_unknown_suffixes() -> None:
    result = read(
        {"root.queues": "a", "root.a.capacity": "100", "root.zz.capacity": "5", "root.a.capacty": "1"}
    )
    tree = result.tree
    assert tree is not None
    assert list(tree.info.orphans) == [P + "root.zz.capacity"]
    a = tree.find("root.a")
    assert a is not None and "capacty" in a.declared  # kept for lint's "did you mean"


def test_duplicate_children_recorded_once_in_tree() -> None:
    # cs.md §5.1: Hadoop builds "a" twice; the sum check counts it twice (50 + 50 = 100 passes)
    result = read({"root.queues": "a,a", "root.a.capacity": "50"})
    assert result.tree is not None
    assert [q.path for q in result.tree.queues()] == ["root", "root.a"]
    assert [(p, n) for p, n, _ in result.tree.info.duplicate_children] == [("root", "a")]
    assert errors(result) == []


def test_auto_creation_makes_parent_and_templates() -> None:
    result = read(
        {
            "root.queues": "users,projects",
            "root.users.capacity": "50",
            "root.users.auto-create-child-queue.enabled": "true",
            "root.users.leaf-queue-template.capacity": "10",
            "root.projects.capacity": "50",
            "root.projects.auto-queue-creation-v2.enabled": "true",
            "root.projects.auto-queue-creation-v2.template.maximum-capacity": "40",
            "root.projects.auto-queue-creation-v2.leaf-template.capacity": "2w",
        }
    )
    assert errors(result) == []
    tree = result.tree
    assert tree is not None
    users, projects = tree.find("root.users"), tree.find("root.projects")
    assert users is not None and projects is not None
    assert not users.is_leaf and not projects.is_leaf
    assert users.effective.auto_create == "v1"
    assert users.effective.leaf_queue_template == {"capacity": "10"}
    assert projects.effective.auto_create == "v2"
    assert projects.effective.auto_queue_creation_v2_template == {"maximum-capacity": "40"}
    assert projects.effective.auto_queue_creation_v2_leaf_template == {"capacity": "2w"}


def test_v2_template_precedence() -> None:
    # TestAutoCreatedQueueTemplate#testTemplatePrecedence (#70): the explicit path beats wildcards
    base = {
        "root.queues": "a",
        "root.a.capacity": "100",
        "root.a.queues": "b",
        "root.a.b.capacity": "100",
        "root.a.b.auto-queue-creation-v2.enabled": "true",
    }
    key = "auto-queue-creation-v2.template.capacity"
    all_three = read({**base, f"root.a.b.{key}": "6w", f"root.a.*.{key}": "4w", f"root.*.*.{key}": "2w"})
    assert all_three.tree is not None
    b = all_three.tree.find("root.a.b")
    assert b is not None and b.effective.auto_queue_creation_v2_template == {"capacity": "6w"}
    wildcard = read({**base, f"root.a.*.{key}": "4w", f"root.*.*.{key}": "2w"})
    assert wildcard.tree is not None
    b = wildcard.tree.find("root.a.b")
    assert b is not None and b.effective.auto_queue_creation_v2_template == {"capacity": "4w"}


def test_root_wildcard_template_ignored() -> None:
    # TestAutoCreatedQueueTemplate#testIgnoredWhenRootWildcarded (#72)
    result = read(
        {
            "root.queues": "a",
            "root.a.capacity": "1w",
            "root.auto-queue-creation-v2.enabled": "true",
            "*.auto-queue-creation-v2.template.capacity": "6w",
        }
    )
    assert result.tree is not None
    assert result.tree.root.effective.auto_queue_creation_v2_template == {}


def test_queue_specific_templates() -> None:
    # TestAutoCreatedQueueTemplate#testQueueSpecificTemplates (#71)
    result = read(
        {
            "root.queues": "a",
            "root.a.capacity": "1w",
            "root.auto-queue-creation-v2.enabled": "true",
            "root.auto-queue-creation-v2.template.capacity": "2w",
            "root.auto-queue-creation-v2.leaf-template.capacity": "10w",
            "root.auto-queue-creation-v2.leaf-template.default-node-label-expression": "test",
            "root.auto-queue-creation-v2.parent-template.auto-queue-creation-v2.queue-auto-removal.enable": (
                "false"
            ),
        }
    )
    assert result.tree is not None
    eff = result.tree.root.effective
    assert eff.auto_queue_creation_v2_template == {"capacity": "2w"}
    assert eff.auto_queue_creation_v2_leaf_template == {
        "capacity": "10w",
        "default-node-label-expression": "test",
    }
    assert eff.auto_queue_creation_v2_parent_template == {
        "auto-queue-creation-v2.queue-auto-removal.enable": "false"
    }


def test_default_user_limit_values() -> None:
    # TestQueueParsing#testQueueParsingWithDefaultUserLimitValues (#39)
    base = {
        "root.queues": "a,b",
        "root.a.capacity": "50",
        "root.b.capacity": "50",
        "root.a.minimum-user-limit-percent": "15",
        "root.a.user-limit-factor": "1.5",
    }
    result = read({**base, "minimum-user-limit-percent": "20", "user-limit-factor": "2.0"})
    assert result.tree is not None
    a, b = result.tree.find("root.a"), result.tree.find("root.b")
    assert a is not None and b is not None
    assert (a.effective.minimum_user_limit_percent, a.effective.user_limit_factor) == (15.0, 1.5)
    assert (b.effective.minimum_user_limit_percent, b.effective.user_limit_factor) == (20.0, 2.0)
    plain = read(base)
    assert plain.tree is not None
    b = plain.tree.find("root.b")
    assert b is not None
    assert (b.effective.minimum_user_limit_percent, b.effective.user_limit_factor) == (100.0, 1.0)


def test_acl_defaults() -> None:
    # TestCapacitySchedulerConfiguration (#85-#87): root "*", other queues " " (nobody)
    result = read({"root.queues": "test", "root.test.capacity": "100"})
    assert result.tree is not None
    assert result.tree.root.effective.acl_submit_applications == "*"
    test = result.tree.find("root.test")
    assert test is not None and test.effective.acl_submit_applications == " "
    closed = read(
        {"root.queues": "test", "root.test.capacity": "100", "root.acl_submit_applications": "user1 group1"}
    )
    assert closed.tree is not None
    assert closed.tree.root.effective.acl_submit_applications == "user1 group1"
    test = closed.tree.find("root.test")
    assert test is not None and test.effective.acl_submit_applications == " "  # not inherited as a value


def test_effective_defaults_and_inheritance() -> None:
    result = read(
        {
            "root.queues": "a",
            "root.a.capacity": "100",
            "root.a.queues": "x",
            "root.a.x.capacity": "100",
            "root.a.state": "STOPPED",
            "root.a.disable_preemption": "true",
            "root.a.accessible-node-labels": "red, ,blue",
            "root.a.maximum-allocation-mb": "4096",
        }
    )
    assert result.tree is not None
    x = result.tree.find("root.a.x")
    assert x is not None
    eff = x.effective
    assert eff.state == "STOPPED"  # inherited from the stopped parent
    assert eff.disable_preemption is True
    assert eff.accessible_node_labels == ["red", "blue"]
    assert eff.maximum_allocation_mb == 4096
    assert eff.maximum_allocation_vcores == 4  # yarn.scheduler.maximum-allocation-vcores default
    assert eff.ordering_policy == "fifo"
    assert eff.maximum_capacity.percent == 100.0
    assert eff.maximum_am_resource_percent == 0.1
    assert eff.capacity.mode is CapacityMode.PERCENTAGE


def test_yarn_site_is_the_lower_layer() -> None:
    site = HadoopConf.from_pairs(
        [("yarn.scheduler.maximum-allocation-mb", "16384"), (P + "maximum-applications", "7")],
        "yarn-site.xml",
    )
    result = read({"root.queues": "a", "root.a.capacity": "100"}, site=site)
    assert result.tree is not None
    assert result.tree.info.defaults["yarn.scheduler.maximum-allocation-mb"] == 16384
    assert result.tree.info.defaults["maximum-applications"] == 7
    assert P + "maximum-applications" not in result.tree.settings  # not declared in this file


# -- CSQueueStore (cs.md §5.2, §9.7) --------------------------------------------------------------


def store_of(paths: list[str]) -> QueueStore:
    root = Queue("root", "root")
    index = {"root": root}
    for path in paths:
        parts = path.split(".")
        for depth in range(1, len(parts)):
            sub = ".".join(parts[: depth + 1])
            if sub not in index:
                index[sub] = index[".".join(parts[:depth])].add_child(Queue(parts[depth], sub))
    return QueueStore(root.walk())


def test_ambiguous_leaves() -> None:
    # TestCSQueueStore#testAmbiguousMapping (#79, #80)
    store = store_of(["root.main.A.C", "root.main.B.C", "root.main.A.D.F"])
    assert store.get("C") is None and store.is_ambiguous("C")
    assert store.get("root.main.A.C") is not None and store.get("root.main.B.C") is not None
    found = store.get("F")
    assert found is not None and found.path == "root.main.A.D.F"


def test_leaf_does_not_win_over_parent() -> None:
    # TestCSQueueStore#testQueueReferencePrecedence (#81)
    store = store_of(["root.main.A.B", "root.second.A.D.B.x"])
    assert store.is_ambiguous("B") and store.is_ambiguous("A")


def test_root_is_always_accessible() -> None:
    # TestCSQueueStore#testRootIsAlwaysAccesible (#82)
    store = store_of(["root.root"])
    found = store.get("root")
    assert found is not None and found.path == "root"
    assert not store.is_ambiguous("root")
    assert store.get("root.root") is not None


def test_duplicate_leaf_names_allowed_from_33_not_in_32() -> None:
    # TestCapacitySchedulerAmbiguousLeafs (#84); branch-3.2 parseQueue: "Two leaf queues were named"
    pairs = {
        "root.queues": "a,b,default",
        "root.a.capacity": "45",
        "root.b.capacity": "45",
        "root.default.capacity": "10",
        "root.a.queues": "unique,ambi",
        "root.a.unique.capacity": "50",
        "root.a.ambi.capacity": "50",
        "root.b.queues": "ambi",
        "root.b.ambi.capacity": "100",
    }
    result = read(pairs)
    assert errors(result) == []
    assert result.tree is not None
    store = result.tree.info.store
    assert store.get("unique") is not None and store.get("ambi") is None
    old = read(pairs, version=(3, 2))
    assert codes(old) == ["CS123"]
    assert old.diagnostics[0].message == "Two leaf queues were named ambi. Leaf queue names must be distinct"


def test_reader_reports_internal_errors_instead_of_raising() -> None:
    result = read_xml(xml_of({P + "root.queues": "a", P + "root.a.capacity": "100"}))
    assert result.tree is not None and errors(result) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("*", (True, [], [])),  # #85 root default: everyone
        ("", (False, [], [])),  # #86 nobody
        (" ", (False, [], [])),  # #86
        ("user1 group1", (False, ["user1"], ["group1"])),  # #87
        ("user1,user2 group1, group2", (False, ["user1", "user2"], ["group1", "group2"])),  # #88
        (" hadoop-ops", (False, [], ["hadoop-ops"])),  # leading space: groups only
    ],
)
def test_acl_strings(text: str, expected: tuple[bool, list[str], list[str]]) -> None:
    # TestCapacitySchedulerConfiguration ACL tests (cs.md §9.8); AccessControlList(String)
    assert parse_acl(text) == expected


def test_queue_values_follow_the_key_table() -> None:
    from dataclasses import fields

    from fsctl.capacity import keys
    from fsctl.capacity.values import CapacityQueueValues

    assert [f.name for f in fields(CapacityQueueValues)] == [
        keys.attribute(k) for k in keys.EFFECTIVE_QUEUE_KEYS
    ]
    result = read({"root.queues": "a", "root.a.capacity": "100"})
    assert result.tree is not None
    leaf = result.tree.find("root.a")
    assert leaf is not None
    assert "parent-ordering-policy" not in leaf.effective.as_dict()
    assert leaf.effective.value_of("parent-ordering-policy", "none") == "none"
    assert result.tree.root.effective.as_dict()["parent-ordering-policy"] == "utilization"
    assert leaf.effective.value_of("capacity") is leaf.effective.capacity
