"""fsctl.fair.writer: deterministic output that reads back to the same declared settings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fsctl.fair.effective import resolve_tree
from fsctl.fair.reader import read_fair
from fsctl.fair.writer import format_value, write_fair
from fsctl.io.loader import load
from fsctl.io.xmldoc import load_xml
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import FAIR, PlacementRule, Queue, QueueTree, Setting
from tests.fair.util import fair_snapshot

HALF_AND_QUARTER = ResourceSpec.of_fractions({"memory-mb": 0.5, "vcores": 0.25})
SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "fair"
DATA = Path(__file__).resolve().parents[1] / "data" / "lint"
#: the samples, and every lint case file (the odd spellings are good round-trip material)
ROUND_TRIP = [
    *sorted(SAMPLES.glob("*.xml")),
    *sorted(path for area in ("fair", "placement") for path in (DATA / area).glob("*/*/*.xml")),
]


def reread(data: bytes, write: Callable[[str, str | bytes], str]) -> QueueTree:
    path = write("written.xml", data)
    result = read_fair(load_xml(path))
    assert result.tree is not None
    return result.tree


@pytest.mark.parametrize("path", ROUND_TRIP, ids=lambda p: "/".join(p.parts[-3:]))
def test_round_trip_keeps_declared_settings(path: Path, write: Callable[[str, str | bytes], str]) -> None:
    first = load(str(path)).result
    assert first.tree is not None
    data = write_fair(first.tree)
    second = reread(data, write)
    assert fair_snapshot(second) == fair_snapshot(first.tree)
    # and writing the re-read tree gives the same bytes again
    assert write_fair(second) == data
    # the written file is as valid as the original
    again = read_fair(load_xml(write("again.xml", data)))
    assert [d.code for d in again.diagnostics] == [d.code for d in first.diagnostics]


def test_output_shape(write: Callable[[str, str | bytes], str]) -> None:
    tree = load(str(SAMPLES / "team-cluster.xml")).result.tree
    assert tree is not None
    data = write_fair(tree)
    text = data.decode("utf-8")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!-- ')
    assert text.endswith("</allocations>\n")
    assert "\t" not in text
    assert all((len(line) - len(line.lstrip(" "))) % 2 == 0 for line in text.splitlines())
    # raw spelling kept: ACLs with their exact spaces, resources as written
    assert "<aclSubmitApps> </aclSubmitApps>" in text
    assert "<aclAdministerApps> hadoop-ops</aclAdministerApps>" in text
    assert "<minResources>memory-mb=786432, vcores=192</minResources>" in text
    assert write_fair(tree) == data  # deterministic


def test_canonical_element_order() -> None:
    root = Queue("root", "root")
    queue = root.add_child(Queue("etl", "root.etl"))
    # declared out of order, without raw text: canonical order and spelling
    queue.declared["aclSubmitApps"] = Setting("etl ", "etl ")
    queue.declared["maxRunningApps"] = Setting(10)
    queue.declared["minSharePreemptionTimeout"] = Setting(60000)
    queue.declared["weight"] = Setting(2.0)
    queue.declared["minResources"] = Setting(ResourceSpec.of({"memory-mb": 1024, "vcores": 1}))
    tree = QueueTree(
        FAIR,
        "<memory>",
        root,
        placement=[PlacementRule("specified", create=False), PlacementRule("default", queue="root.etl")],
    )
    resolve_tree(tree)
    text = write_fair(tree).decode()
    body = text.split('<queue name="etl">\n', 1)[1].split("  </queue>", 1)[0]
    assert body.splitlines() == [
        "    <weight>2.0</weight>",
        "    <minResources>memory-mb=1024, vcores=1</minResources>",
        "    <maxRunningApps>10</maxRunningApps>",
        "    <minSharePreemptionTimeout>60</minSharePreemptionTimeout>",
        "    <aclSubmitApps>etl </aclSubmitApps>",
    ]
    assert '<rule name="specified" create="false"/>' in text
    assert '<rule name="default" queue="root.etl"/>' in text


def test_names_and_text_are_escaped(write: Callable[[str, str | bytes], str]) -> None:
    root = Queue("root", "root")
    queue = root.add_child(Queue('a&b"<c>', 'root.a&b"<c>'))
    queue.declared["aclSubmitApps"] = Setting("a&b <admins>", "a&b <admins>")
    tree = QueueTree(FAIR, "<memory>", root)
    resolve_tree(tree)
    again = reread(write_fair(tree), write)
    child = again.find('root.a&b"<c>')
    assert child is not None
    assert child.declared["aclSubmitApps"].value == "a&b <admins>"


@pytest.mark.parametrize(
    ("name", "value", "text"),
    [
        ("weight", 1.0, "1.0"),
        ("weight", 0.1, "0.1"),  # a float32 value: shortest text that reads back the same
        ("maxAMShare", 0.30000001192092896, "0.3"),
        ("weight", float("nan"), "NaN"),
        ("maxRunningApps", 7, "7"),
        ("minSharePreemptionTimeout", 120000, "120"),
        ("minSharePreemptionTimeout", 1500, "1"),  # whole seconds only
        ("fairSharePreemptionTimeout", -1000, "-1"),
        ("allowPreemptionFrom", False, "false"),
        ("maxResources", HALF_AND_QUARTER, "memory-mb=50%, vcores=25%"),
        ("schedulingPolicy", "drf", "drf"),
    ],
)
def test_format_value(name: str, value: Any, text: str) -> None:
    assert format_value(name, value) == text
