"""Writer: Hadoop configuration format, deterministic; read -> write -> read gives the same tree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fsctl.capacity.capacity_value import parse_capacity
from fsctl.capacity.reader import read_capacity
from fsctl.capacity.values import CapacityTree
from fsctl.capacity.writer import write_capacity, write_configuration
from fsctl.hadoop.conf import read_configuration
from fsctl.io.xmldoc import load_xml
from fsctl.model.tree import CAPACITY, Queue, QueueTree, Setting

from .helpers import P

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "capacity").glob("*.xml"))


def snapshot(tree: CapacityTree) -> dict[str, Any]:
    """Everything a tree says, without locations."""
    return {
        "queues": [
            (q.path, q.is_leaf, {k: (s.value, s.raw) for k, s in q.declared.items()}, q.effective.as_dict())
            for q in tree.queues()
        ],
        "settings": {k: (s.value, s.raw) for k, s in tree.settings.items()},
        "effective": tree.info.as_dict(),
        "orphans": {k: s.raw for k, s in tree.info.orphans.items()},
        "wildcards": {p: {k: s.raw for k, s in d.items()} for p, d in tree.info.wildcard_templates.items()},
    }


def test_samples_exist() -> None:
    assert len(SAMPLES) >= 6


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_samples_load_cleanly(path: Path) -> None:
    result = read_capacity(load_xml(str(path)))
    assert result.tree is not None
    assert [(d.code, d.message) for d in result.diagnostics] == []


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_round_trip(path: Path) -> None:
    first = read_capacity(load_xml(str(path)))
    assert first.tree is not None
    written = write_capacity(first.tree)
    second = read_capacity(load_xml("again.xml", written))
    assert second.tree is not None and second.diagnostics == []
    assert snapshot(second.tree) == snapshot(first.tree)
    assert write_capacity(second.tree) == written  # deterministic


def test_departments_fail_on_hadoop_32() -> None:
    departments = next(p for p in SAMPLES if p.name == "departments.xml")
    result = read_capacity(load_xml(str(departments)), hadoop_version=(3, 2))
    assert {d.code for d in result.diagnostics} == {"CS123"}


def test_write_configuration_format() -> None:
    data = write_configuration([("a.b", " x<y & z "), ("c", "1")], header="hello -- world")
    assert data == (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b"<!--\n  hello - - world\n-->\n"
        b"<configuration>\n"
        b"  <property>\n    <name>a.b</name>\n    <value> x&lt;y &amp; z </value>\n  </property>\n"
        b"  <property>\n    <name>c</name>\n    <value>1</value>\n  </property>\n"
        b"</configuration>\n"
    )
    conf, diagnostics = read_configuration(load_xml("w.xml", data))
    assert diagnostics == [] and conf.get("a.b") == " x<y & z "


def test_globals_first_then_queues_in_tree_order() -> None:
    root = Queue("root", "root")
    b = root.add_child(Queue("b", "root.b"))
    a = root.add_child(Queue("a", "root.a"))
    b.declared["capacity"] = Setting(parse_capacity("2w", "root.b"))
    a.declared["capacity"] = Setting(parse_capacity("1w", "root.a"))
    a.declared["disable_preemption"] = Setting(True)
    tree = QueueTree(CAPACITY, "<memory>", root, settings={P + "maximum-applications": Setting(500)})
    data = write_capacity(tree).decode()
    names = [line.strip()[6:-7] for line in data.splitlines() if line.strip().startswith("<name>")]
    assert names == [
        P + "maximum-applications",
        P + "root.queues",
        P + "root.b.capacity",
        P + "root.a.capacity",
        P + "root.a.disable_preemption",
    ]
    assert "<value>b,a</value>" in data and "<value>2w</value>" in data and "<value>true</value>" in data
    again = read_capacity(load_xml("t.xml", data.encode()))
    assert again.tree is not None and again.diagnostics == []
    assert [q.path for q in again.tree.queues()] == ["root", "root.b", "root.a"]
