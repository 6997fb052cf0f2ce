"""The root element and root.default as Hadoop reads them (AllocationFileQueueParser, QueueManager,
FairScheduler.applyChildDefaults): each expectation is the oracle's answer, kept in
``tests/data/oracle/fair-root-*`` and ``fair-default-max-child-33``."""

from __future__ import annotations

from fsctl.model.resources import ResourceSpec

from .conftest import Reader
from .util import only


def test_root_spelled_otherwise_keeps_its_queues_but_none_of_their_settings(read_xml: Reader) -> None:
    body = (
        '<queue name="ROOT"><weight>4</weight><queue name="a"><weight>3</weight><maxRunningApps>5'
        '</maxRunningApps></queue><queue name="b"><queue name="c"><schedulingPolicy>drf'
        "</schedulingPolicy></queue></queue></queue>"
    )
    result = read_xml(body)
    tree = result.tree
    assert [q.path for q in tree.queues()] == [
        "root",
        "root.ROOT",
        "root.ROOT.a",
        "root.ROOT.b",
        "root.ROOT.b.c",
    ]
    a, c = tree.find("root.ROOT.a"), tree.find("root.ROOT.b.c")
    assert a.effective.weight == 1.0 and a.effective.max_running_apps == 2**31 - 1
    # keyed ROOT.b.c, the drf is never applied, so no fair parent refuses it (FS114)
    assert c.effective.scheduling_policy == "fair" and not tree.info.dropped_queues
    assert tree.find("root.ROOT.b").is_leaf is False and tree.info.unkeyed_subtree == "root.ROOT"
    assert not result.diagnostics


def test_a_bad_value_under_root_spelled_otherwise_is_still_an_error(read_xml: Reader) -> None:
    # the parser reads the value before it keys it
    only(read_xml('<queue name="Root"><queue name="a"><weight>x</weight></queue></queue>'), "FS107")


def test_root_without_children_is_a_parent(read_xml: Reader) -> None:
    root = read_xml('<queue name="root"><weight>2</weight></queue>').tree.root
    assert not root.children and not root.is_leaf


def test_a_fifo_root_without_children_is_no_error(read_xml: Reader) -> None:
    # 3.4.2 loads it, root with the fifo policy
    result = read_xml('<queue name="root"><schedulingPolicy>fifo</schedulingPolicy></queue>')
    assert not result.diagnostics and result.tree.root.effective.scheduling_policy == "fifo"


def test_a_fifo_root_refuses_its_children_but_not_itself(read_xml: Reader) -> None:
    tree = read_xml(
        '<queue name="root"><schedulingPolicy>fifo</schedulingPolicy><queue name="a"/></queue>'
    ).tree
    assert tree.info.dropped_queues == ["root.a"]


def test_before_3_4_a_fifo_root_keeps_fair(read_xml: Reader) -> None:
    body = '<queue name="root"><schedulingPolicy>fifo</schedulingPolicy><queue name="a"/></queue>'
    result = read_xml(body, version=(3, 3))
    assert "root keeps fair" in only(result, "FS115").message
    assert result.tree.root.effective.scheduling_policy == "fair" and not result.tree.info.dropped_queues


def test_before_3_4_the_early_root_default_takes_roots_max_child_resources(read_xml: Reader) -> None:
    body = (
        '<queue name="root"><maxChildResources>memory-mb=4096, vcores=4</maxChildResources>'
        '<queue name="a"/></queue>'
    )
    limit = ResourceSpec.of({"memory-mb": 4096, "vcores": 4})
    assert read_xml(body, version=(3, 3)).tree.find("root.default").effective.max_resources == limit
    assert read_xml(body, version=(3, 4)).tree.find("root.default") is None
    # declared in the file, it is a configured queue and keeps its own maximum
    declared = body.replace('<queue name="a"/>', '<queue name="default"/>')
    assert read_xml(declared, version=(3, 3)).tree.find("root.default").effective.max_resources != limit
