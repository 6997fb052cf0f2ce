"""Hadoop's precedence, resolved by fsctl.fair.effective on trees built in memory (declared values as
the reader stores them), with the expected values of TestAllocationFileLoaderService (fs-parse.md
§6.1, facts numbered there) and fs-parse.md §2.6; and every engine reads the same resolved values."""

from __future__ import annotations

import pytest

from fsctl.convert import fairview
from fsctl.evaluate.fair import evaluate_fair
from fsctl.evaluate.preemption import queue_settings
from fsctl.fair.effective import resolve_tree
from fsctl.fair.model import FairInfo
from fsctl.fair.site import FairSiteSettings
from fsctl.hadoop.javanum import LONG_MAX
from fsctl.model.resources import INT_MAX, UNBOUNDED, ResourceSpec
from fsctl.model.tree import FAIR, Queue, QueueTree, Setting
from tests.fair.conftest import Reader

TYPES = ("memory-mb", "vcores")


def spec(memory: int, vcores: int) -> ResourceSpec:
    return ResourceSpec.of({"memory-mb": memory, "vcores": vcores})


def build(queues: dict[str, dict[str, object]], settings: dict[str, object] | None = None) -> QueueTree:
    """``{path: declared values}`` (parents before children) and top-level settings (as written)."""
    root = Queue("root", "root")
    index = {"root": root}
    for path, declared in queues.items():
        queue = root
        if path != "root":
            parent, _, name = path.rpartition(".")
            queue = index[path] = index[parent].add_child(Queue(name, path))
        queue.declared.update({k: Setting(v, str(v)) for k, v in declared.items()})
    tree = QueueTree(FAIR, "<memory>", root)
    tree.settings.update({k: Setting(v, str(v)) for k, v in (settings or {}).items()})
    resolve_tree(tree, TYPES)
    return tree


def values(tree: QueueTree, path: str):  # type: ignore[no-untyped-def]
    queue = tree.find(path)
    assert queue is not None
    return queue.effective


BIG_SETTINGS = {
    "queueMaxAppsDefault": 15,
    "queueMaxResourcesDefault": spec(4096, 100),
    "userMaxAppsDefault": 5,
    "queueMaxAMShareDefault": 0.5,
    "defaultMinSharePreemptionTimeout": 120,  # seconds, as written
    "defaultFairSharePreemptionTimeout": 300,
    "defaultFairSharePreemptionThreshold": 0.4,
    "defaultQueueSchedulingPolicy": "drf",
}


@pytest.fixture
def big() -> QueueTree:
    return build(
        {
            "root.queueA": {"minResources": spec(1024, 0), "maxResources": spec(2048, 10)},
            "root.queueB": {"schedulingPolicy": "fair", "aclAdministerApps": "alice,bob admins"},
            "root.queueD": {"maxRunningApps": 3, "maxAMShare": 0.4},
            "root.queueE": {"minSharePreemptionTimeout": 60000},  # declared values are ms
            "root.queueG": {
                "minSharePreemptionTimeout": 50000,
                "fairSharePreemptionTimeout": 120000,
                "fairSharePreemptionThreshold": 0.6,
                "maxContainerAllocation": spec(512, 16),
            },
            "root.queueG.queueH": {
                "minSharePreemptionTimeout": 40000,
                "maxContainerAllocation": spec(1024, 8),
            },
            "root.queueG.queueI": {},
        },
        BIG_SETTINGS,
    )


def test_own_values_else_the_top_level_defaults(big: QueueTree) -> None:
    # facts 8-14, 20: maxResources, maxRunningApps, maxAMShare and the policy come from the
    # top-level defaults, never from the parent
    assert values(big, "root.queueA").max_resources.amounts() == {"memory-mb": 2048, "vcores": 10}
    assert values(big, "root.queueD").max_resources.amounts() == {"memory-mb": 4096, "vcores": 100}
    assert values(big, "root.queueB").max_running_apps == 15
    assert values(big, "root.queueD").max_running_apps == 3
    assert values(big, "root.queueA").max_am_share == 0.5
    assert values(big, "root.queueD").max_am_share == 0.4
    assert values(big, "root").scheduling_policy == "drf"
    assert values(big, "root.queueB").scheduling_policy == "fair"
    assert values(big, "root.queueG.queueH").scheduling_policy == "drf"  # not G's, the default
    assert values(big, "root.queueA").weight == 1.0
    assert values(big, "root.queueD").min_resources.amounts() == {"memory-mb": 0, "vcores": 0}  # fact 10
    assert values(big, "root.queueA").max_child_resources is None  # fact 11


def test_preemption_values_inherit_and_root_takes_the_top_level_defaults(big: QueueTree) -> None:
    # facts 16-18 with FSQueue#updatePreemptionVariables: an unset (-1) value is the parent's
    root = values(big, "root")
    assert (root.min_share_preemption_timeout, root.fair_share_preemption_timeout) == (120000, 300000)
    assert root.fair_share_preemption_threshold == 0.4
    assert values(big, "root.queueA").min_share_preemption_timeout == 120000
    assert values(big, "root.queueE").min_share_preemption_timeout == 60000
    h = values(big, "root.queueG.queueH")
    assert (h.min_share_preemption_timeout, h.fair_share_preemption_timeout) == (40000, 120000)
    assert h.fair_share_preemption_threshold == 0.6
    assert values(big, "root.queueG.queueI").min_share_preemption_timeout == 50000


def test_max_container_allocation_inherits_and_is_capped(big: QueueTree) -> None:
    # fact 15; FairScheduler#getMaximumResourceCapability caps it with yarn.scheduler.maximum-allocation-*
    default_max = FairSiteSettings().maximum_allocation
    cap = {t: default_max.get(t, UNBOUNDED) for t in TYPES}
    assert values(big, "root.queueA").max_container_allocation.amounts() == cap
    assert values(big, "root.queueG").max_container_allocation.amounts() == {
        "memory-mb": 512,
        "vcores": min(16, cap["vcores"]),
    }
    assert values(big, "root.queueG.queueI").max_container_allocation.amounts() == {
        "memory-mb": 512,
        "vcores": min(16, cap["vcores"]),
    }  # G's, inherited


def test_defaults_when_the_file_sets_nothing() -> None:
    tree = build({"root.a": {}, "root.a.b": {}})
    defaults = tree.info.defaults
    assert (defaults.queue_max_apps_default, defaults.user_max_apps_default) == (INT_MAX, INT_MAX)
    assert defaults.queue_max_am_share_default == 0.5
    assert defaults.default_queue_scheduling_policy == "fair"
    assert defaults.queue_max_resources_default.amounts() == dict.fromkeys(TYPES, UNBOUNDED)
    b = values(tree, "root.a.b")
    assert (b.min_share_preemption_timeout, b.fair_share_preemption_timeout) == (LONG_MAX, LONG_MAX)
    assert b.fair_share_preemption_threshold == 0.5
    assert b.allow_preemption_from is True
    # ACLs: root everybody, the others nobody (AllocationFileQueueParser); reservation ACLs unset
    assert values(tree, "root").acl_submit_apps == "*"
    assert (b.acl_submit_apps, b.acl_administer_apps, b.acl_submit_reservations) == (" ", " ", None)


def test_siblings_that_declare_nothing_share_one_record() -> None:
    tree = build({"root.a": {}, "root.b": {}, "root.c": {"weight": 2.0}})
    assert values(tree, "root.a") is values(tree, "root.b")
    assert values(tree, "root.c").weight == 2.0 and values(tree, "root.a").weight == 1.0


def test_deprecated_top_level_timeout_only_without_the_new_element() -> None:
    # AllocationFileParser: the deprecated element counts only without defaultFairSharePreemptionTimeout
    old = build({}, {"fairSharePreemptionTimeout": 20})
    assert values(old, "root").fair_share_preemption_timeout == 20000
    both = build({}, {"fairSharePreemptionTimeout": 20, "defaultFairSharePreemptionTimeout": 30})
    assert values(both, "root").fair_share_preemption_timeout == 30000


def test_percentage_min_resources_is_unset_and_allow_preemption_is_one_way() -> None:
    percent = ResourceSpec.of_fractions({"memory-mb": 0.5, "vcores": 0.5})
    tree = build(
        {
            "root.a": {"minResources": percent, "allowPreemptionFrom": False},
            "root.a.b": {"allowPreemptionFrom": True},
        }
    )
    assert values(tree, "root.a").min_resources.amounts() == {"memory-mb": 0, "vcores": 0}
    assert tree.find("root.a").declared["minResources"].value is percent  # type: ignore[union-attr]
    assert values(tree, "root.a.b").allow_preemption_from is False


def test_user_limits_fall_back_to_user_max_apps_default() -> None:
    tree = build({}, {"userMaxAppsDefault": 5})
    assert isinstance(tree.info, FairInfo)
    tree.info.users.update({"user1": {"maxRunningApps": Setting(10, "10")}, "user2": {}})
    resolve_tree(tree, TYPES)
    assert tree.info.user_max_apps == {"user1": 10, "user2": 5}  # fact 13


def test_every_engine_reads_the_same_values(read_xml: Reader) -> None:
    body = """
<queueMaxAMShareDefault>0.3</queueMaxAMShareDefault>
<queueMaxAppsDefault>7</queueMaxAppsDefault>
<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>
<defaultMinSharePreemptionTimeout>90</defaultMinSharePreemptionTimeout>
<queue name="a">
  <weight>2.5</weight><allowPreemptionFrom>false</allowPreemptionFrom>
  <minResources>50.0%</minResources>
  <queue name="b"><maxAMShare>0.9</maxAMShare><schedulingPolicy>fair</schedulingPolicy></queue>
  <queue name="c"><maxRunningApps>3</maxRunningApps></queue>
</queue>"""
    tree = read_xml(body).tree
    assert tree is not None
    shares = evaluate_fair(tree, {"memory-mb": 102400, "vcores": 100})
    preemption = queue_settings(tree)
    defaults = fairview.globals_of(tree)
    for queue in tree.queues():
        record, row = queue.effective, shares.find(queue.path)
        assert row is not None
        assert row.weight == fairview.weight(queue) == record.weight
        assert row.policy == fairview.scheduling_policy(queue) == record.scheduling_policy
        assert row.max_running_apps == fairview.max_running_apps(queue, defaults) == record.max_running_apps
        assert fairview.max_am_share(queue, defaults) == pytest.approx(record.max_am_share)
        preemptable = record.allow_preemption_from
        assert fairview.preemptable(queue) == preemption[queue.path].preemptable == preemptable
        assert preemption[queue.path].min_share_timeout_ms == record.min_share_preemption_timeout == 90000
    a = tree.find("root.a")
    assert fairview.resource(a, "minResources") is a.effective.min_resources  # a percentage counts as unset
    assert not fairview.is_nonzero_min(a.effective.min_resources)


def test_a_file_hadoop_refuses_still_gives_every_queue_its_values(read_xml: Reader) -> None:
    refused = read_xml('<?xml version="1.0"?>\n<Allocations><queue name="a"/></Allocations>\n', raw=True)
    assert refused.tree is not None
    assert [d.code for d in refused.diagnostics] == ["FS100"]
    assert refused.tree.root.effective.acl_submit_apps == "*"
    broken = read_xml('<queue name="a"><weight><w/></weight></queue>')  # FS105: Hadoop fails, fsctl goes on
    assert broken.tree is not None
    assert broken.tree.find("root.a").effective.weight == 1.0  # type: ignore[union-attr]
