"""The shortcuts the capacity reader takes on large files keep its results exact.

Locations are worked out only when read, a document is read once, collection is paused only while
reading, and per-queue fast paths give what the general code gives.
"""

from __future__ import annotations

import gc

import pytest

from fsctl.capacity.reader import read_capacity
from fsctl.hadoop.conf import read_configuration
from fsctl.io.xmldoc import load_xml
from fsctl.model.location import Location
from tests.capacity.helpers import P, only, read, read_xml, xml_of


def test_property_locations_match_the_document_locations() -> None:
    # several properties on one line (the fast path cannot place them) and one on its own line
    data = (
        b'<?xml version="1.0"?>\n<configuration>'
        b"<property><name>a</name><value>1</value></property>"
        b"<property><name>b</name><value>2</value></property>\n"
        b"  <property>\n    <name>c</name><value>3</value></property>\n"
        b"</configuration>\n"
    )
    doc = load_xml("conf.xml", data)
    conf, _ = read_configuration(doc)
    nodes = doc.root.findall("property")
    assert [conf.location(n) for n in "abc"] == [doc.location(node) for node in nodes]
    assert conf.location("b") == Location("conf.xml", 2, 67)
    setting = conf.setting("c")
    assert setting is not None and setting.location == Location("conf.xml", 3, 3)
    assert [r.location for r in conf.records] == [doc.location(node) for node in nodes]


def test_a_document_is_read_once() -> None:
    doc = load_xml("capacity-scheduler.xml", xml_of({P + "root.queues": "a", P + "root.a.capacity": "100"}))
    first, _ = read_configuration(doc)
    second, _ = read_configuration(doc)
    assert first is second
    result = read_capacity(doc)
    assert result.tree is not None and result.tree.info.file_properties is first


@pytest.mark.parametrize("enabled", [True, False])
def test_collection_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        read({"root.queues": "a", "root.a.capacity": "100"})
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()


def test_findings_are_located_at_their_property() -> None:
    # the sum check, the duplicate-definition check and a typed value: each at its own <property>
    result = read_xml(
        xml_of(
            [
                (P + "root.queues", "a,b"),
                (P + "root.a.capacity", "60"),
                (P + "root.b.capacity", "60"),
                (P + "root.a.maximum-applications", "x"),
                (P + "root.a.maximum-applications", "y"),
            ]
        )
    )
    assert only(result, "CS122").location == Location("capacity-scheduler.xml", 3, 3)
    assert only(result, "CS103").location == Location("capacity-scheduler.xml", 7, 3)
    assert only(result, "CS006").message.endswith("(first at line 6); the last definition wins")


def test_percentage_children_sum_checked_with_and_without_labels() -> None:
    base = {"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "40"}
    plain = read(base)
    assert only(plain, "CS122").message.startswith("Illegal capacity sum of 0.9 for children of queue root")
    labelled = read(
        {
            **base,
            "root.accessible-node-labels.x.capacity": "100",
            "root.a.accessible-node-labels.x.capacity": "50",
            "root.b.accessible-node-labels.x.capacity": "50",
        }
    )
    sums = [d.message for d in labelled.diagnostics if d.code == "CS122"]
    assert [m.split(" for label=")[1].split(".")[0] for m in sums] == [""]


def test_repeated_values_report_each_queue() -> None:
    # a value read once is reused for other queues only when it read without a finding
    result = read(
        {
            "root.queues": "a,b",
            "root.a.capacity": "150",
            "root.b.capacity": "150",
        }
    )
    assert sorted(d.queue for d in result.diagnostics if d.code == "CS102") == ["root.a", "root.b"]
