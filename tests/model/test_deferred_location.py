"""Locations attached to the model are worked out only when read, and read like plain fields."""

from __future__ import annotations

import dataclasses

from fsctl.fair.model import QueueElement
from fsctl.fair.reader import read_fair
from fsctl.io.xmldoc import load_xml
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.tree import Queue, Setting


class Counting:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, line: int) -> Location:
        self.calls += 1
        return Location("f.xml", line, 3)


def test_setting_resolves_once_and_compares_like_the_dataclass_it_was() -> None:
    where = Counting()
    setting = Setting(1, "1", DeferredLocation(where, 7))
    assert where.calls == 0
    assert setting.location == Location("f.xml", 7, 3)
    assert setting.location is setting.location
    assert where.calls == 1
    assert setting == Setting(1, "1", Location("f.xml", 7, 3))
    assert setting != Setting(1, "1")
    assert repr(Setting(2)) == "Setting(value=2, raw='', location=None)"
    setting.location = None
    assert setting.location is None


def test_queue_location_is_a_plain_field_that_may_be_deferred() -> None:
    where = Counting()
    queue = Queue("a", "root.a", None, [], {}, DeferredLocation(where, 4))
    assert where.calls == 0
    assert queue.location == Location("f.xml", 4, 3)
    assert where.calls == 1
    assert Queue("b", "root.b").location is None
    assert [f.name for f in dataclasses.fields(Queue)][6] == "location"


def test_reader_locations_match_the_document() -> None:
    data = b'<allocations>\n  <queue name="a">\n    <weight>2</weight>\n  </queue>\n</allocations>\n'
    doc = load_xml("f.xml", data)
    tree = read_fair(doc).tree
    assert tree is not None
    queue = tree.find("root.a")
    assert queue is not None
    assert queue.location == Location("f.xml", 2, 3)
    assert queue.declared["weight"].location == Location("f.xml", 3, 5)
    entry = tree.info.queue_elements[0]
    assert isinstance(entry, QueueElement)
    assert dict(entry) == {
        "path": "root.a",
        "tag": "queue",
        "type": None,
        "location": Location("f.xml", 2, 3),
    }
