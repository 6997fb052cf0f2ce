"""The element table agrees with the schema, the writer, the reader and the typed records, element
for element; and the views lint and the ratio files read keep their values."""

from __future__ import annotations

import dataclasses

from lxml import etree

from fsctl.fair import elements
from fsctl.fair.model import FairDefaults, FairQueueValues
from fsctl.fair.reader import TOP_LEVEL_TAGS, read_fair
from fsctl.fair.writer import write_fair
from fsctl.io.xmldoc import load_xml
from tests.conftest import ROOT

SCHEMA = ROOT / "schemas" / "fair-scheduler.xsd"
XS = "{http://www.w3.org/2001/XMLSchema}"


def test_the_schema_lists_every_element_of_the_table() -> None:
    appinfo = etree.parse(str(SCHEMA)).getroot().find(f"{XS}annotation/{XS}appinfo")
    assert appinfo is not None
    listed = [(e.get("name"), e.get("scope"), e.get("type"), e.get("alias-of")) for e in appinfo]
    expected = [
        (name, e.scope, e.xsd, None if name == e.name else e.name)
        for e in elements.ELEMENTS
        for name in (e.name, *e.aliases)
    ]
    assert listed == expected


def test_the_reader_reads_every_element_and_the_writer_writes_them_in_table_order() -> None:
    sample = {"resource0": "1024 mb, 1 vcores", "resource": "2048 mb, 2 vcores", "policy": "fair"}
    body = "".join(f"<{e.name}>{sample.get(e.kind, 1)}</{e.name}>" for e in reversed(elements.QUEUE_ROWS))
    top = "".join(f"<{e.name}>{sample.get(e.kind, 1)}</{e.name}>" for e in elements.TOP_ROWS)
    user = '<user name="u"><maxRunningApps>3</maxRunningApps></user>'
    data = f'<allocations>{top}{user}<queue name="a">{body}</queue></allocations>'
    tree = read_fair(load_xml("t.xml", data.encode())).tree
    assert tree is not None
    queue = tree.find("root.a")
    assert queue is not None
    assert set(queue.declared) == {e.name for e in elements.QUEUE_ROWS}
    assert set(tree.settings) == {e.name for e in elements.TOP_ROWS}
    assert {e.name for e in elements.TOP_ROWS} <= TOP_LEVEL_TAGS
    written = etree.fromstring(write_fair(tree))
    queue_element = written.find("queue")
    assert queue_element is not None
    assert [child.tag for child in queue_element] == list(elements.QUEUE_ORDER)
    top_written = [c.tag for c in written if c.tag not in ("queue", "user", "queuePlacementPolicy")]
    assert top_written == [e.name for e in elements.TOP_ROWS]
    assert [c.tag for c in written.find("user")] == list(elements.USER_ELEMENTS)  # type: ignore[union-attr]


def test_the_records_have_one_attribute_per_row() -> None:
    assert [f.name for f in dataclasses.fields(FairQueueValues)] == [e.attribute for e in elements.QUEUE_ROWS]
    assert [f.name for f in dataclasses.fields(FairDefaults)] == [e.attribute for e in elements.TOP_ROWS]
    assert not hasattr(FairQueueValues(*range(18)), "__dict__")  # slotted


def test_lint_views_keep_their_values() -> None:
    # the names and members fsctl/lint/fair declared before it read them here
    assert set(elements.TOP_LEVEL_SCALARS) == {
        "userMaxAppsDefault", "queueMaxAppsDefault", "queueMaxResourcesDefault", "queueMaxAMShareDefault",
        "defaultQueueSchedulingPolicy", "defaultQueueSchedulingMode", "defaultMinSharePreemptionTimeout",
        "defaultFairSharePreemptionTimeout", "fairSharePreemptionTimeout",
        "defaultFairSharePreemptionThreshold", "queuePlacementPolicy", "reservation-planner",
        "reservation-agent", "reservation-policy",
    }  # fmt: skip
    assert elements.ALIASES == {
        "schedulingMode": "schedulingPolicy",
        "pool": "queue",
        "defaultQueueSchedulingMode": "defaultQueueSchedulingPolicy",
    }
    assert elements.TOP_LEVEL_ALIASES == {
        **elements.ALIASES,
        "fairSharePreemptionTimeout": "defaultFairSharePreemptionTimeout",
    }
    assert elements.ACL_ELEMENTS == (
        "aclSubmitApps", "aclAdministerApps", "aclAdministerReservations", "aclListReservations",
        "aclSubmitReservations",
    )  # fmt: skip
    assert elements.ACL_ELEMENTS[2:] == elements.RESERVATION_ACLS
    assert set(elements.INT_ELEMENTS) == {"maxRunningApps", "userMaxAppsDefault", "queueMaxAppsDefault"}
    assert set(elements.TIMEOUT_ELEMENTS) == {
        "minSharePreemptionTimeout", "fairSharePreemptionTimeout", "defaultMinSharePreemptionTimeout",
        "defaultFairSharePreemptionTimeout",
    }  # fmt: skip
    assert set(elements.FLOAT_ELEMENTS) == {
        "weight", "maxAMShare", "fairSharePreemptionThreshold", "queueMaxAMShareDefault",
        "defaultFairSharePreemptionThreshold",
    }  # fmt: skip
    assert elements.RESOURCE_ELEMENTS == (
        "minResources", "maxResources", "maxChildResources", "maxContainerAllocation",
    )  # fmt: skip
    assert elements.USER_ELEMENTS == ("maxRunningApps",)
    assert (*elements.QUEUE_PROPERTIES, "queue", "pool") == elements.QUEUE_ELEMENTS
    assert elements.ROOT_DEFAULTS == {
        "defaultMinSharePreemptionTimeout": "minSharePreemptionTimeout",
        "defaultFairSharePreemptionTimeout": "fairSharePreemptionTimeout",
        "defaultFairSharePreemptionThreshold": "fairSharePreemptionThreshold",
    }
    assert frozenset(
        (*elements.ACL_ELEMENTS, "allowPreemptionFrom", *elements.INT_ELEMENTS, *elements.TIMEOUT_ELEMENTS,
         *elements.FLOAT_ELEMENTS)
    ) == elements.VALUE_CHECKED  # fmt: skip


def test_ratio_view_is_what_generate_accepts() -> None:
    """The ratio column, in the order the Fair writer emits it (what ratio files accepted before the
    table existed, spelled out)."""
    view = [(name, spec.kind, spec.applies_to) for name, spec in elements.RATIO_SETTINGS.items()]
    assert view == [
        ("weight", "weight", "any"),
        ("schedulingPolicy", "policy", "any"),
        ("maxRunningApps", "int", "any"),
        ("maxAMShare", "amshare", "leaf"),
        ("maxChildResources", "resource", "parent"),
        ("maxContainerAllocation", "resource", "any"),
        ("minSharePreemptionTimeout", "seconds", "any"),
        ("fairSharePreemptionTimeout", "seconds", "any"),
        ("fairSharePreemptionThreshold", "fraction", "any"),
        ("allowPreemptionFrom", "bool", "any"),
        ("aclSubmitApps", "acl", "any"),
        ("aclAdministerApps", "acl", "any"),
        ("aclAdministerReservations", "acl", "any"),
        ("aclListReservations", "acl", "any"),
        ("aclSubmitReservations", "acl", "any"),
        ("reservation", "bool", "leaf"),
    ]
    assert elements.RATIO_ALIASES == {"schedulingMode": "schedulingPolicy"}


def test_value_of_reads_one_value_by_element_name() -> None:
    from fsctl.fair.effective import resolve_tree
    from fsctl.model.tree import FAIR, Queue, QueueTree, Setting

    tree = QueueTree(format=FAIR, source="t.xml", root=Queue("root", "root"))
    tree.root.add_child(Queue("a", "root.a")).declared["weight"] = Setting(2.5, "2.5")
    resolve_tree(tree)
    values = tree.root.children[0].effective
    assert values.value_of("weight") == 2.5 == values.as_dict()["weight"]
    assert values.value_of("maxRunningApps") == 2**31 - 1
    assert values.value_of("noSuchElement", "fallback") == "fallback"
