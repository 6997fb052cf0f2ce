"""Mapping properties are located only for a finding (capacity/mapping.py ``read_mapping_config``):
a clean file never works their place out, and a finding's place stays exact past line 65,535."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fsctl.capacity.mapping import read_mapping_config
from fsctl.hadoop.conf import HadoopConf, PropertyRecord
from fsctl.io.loader import load
from fsctl.model.location import DeferredLocation, Location
from tests.conftest import configuration

MAPPINGS = "yarn.scheduler.capacity.queue-mappings"
JSON = "yarn.scheduler.capacity.mapping-rule-json"
FORMAT = "yarn.scheduler.capacity.mapping-rule-format"


def _never(_: object) -> Location:
    raise AssertionError("a clean mapping property was located")


def _conf(name: str, value: str, where: Callable[[object], Location]) -> HadoopConf:
    conf = HadoopConf("cs.xml")
    conf._load(PropertyRecord(name, value, False, DeferredLocation(where, None)))
    return conf


@pytest.mark.parametrize(
    ("name", "value"),
    [
        (MAPPINGS, "u:%user:root.default,g:admins:root.admins"),
        (JSON, '{"rules": [{"type": "user", "matches": "*", "policy": "user", "fallbackResult": "skip"}]}'),
    ],
)
def test_clean_mappings_are_never_located(name: str, value: str) -> None:
    conf = _conf(name, value, _never)
    fmt = {JSON: "json"}.get(name)
    if fmt:
        conf._load(
            PropertyRecord("yarn.scheduler.capacity.mapping-rule-format", fmt, False, Location("cs.xml"))
        )
    config, diagnostics = read_mapping_config(conf)
    assert diagnostics == [] and len(config.rules) == (2 if name == MAPPINGS else 1)


@pytest.mark.parametrize(
    ("name", "value", "code"), [(MAPPINGS, "u:joe", "PL501"), (JSON, '{"rules": [{"type": 1}]}', "PL507")]
)
def test_a_finding_is_located_where_the_property_is(name: str, value: str, code: str) -> None:
    conf = _conf(name, value, lambda _: Location("cs.xml", 70_001, 3))
    if name == JSON:
        conf._load(
            PropertyRecord("yarn.scheduler.capacity.mapping-rule-format", "json", False, Location("cs.xml"))
        )
    _, diagnostics = read_mapping_config(conf)
    assert [(d.code, d.location) for d in diagnostics][:1] == [(code, Location("cs.xml", 70_001, 3))]


def test_past_libxml2s_line_limit_in_a_real_file(write: Callable[[str, str], str]) -> None:
    props = {"yarn.scheduler.capacity.root.queues": "default"}
    props.update({f"yarn.scheduler.capacity.root.default.x{i}": "1" for i in range(16_500)})
    props[MAPPINGS] = "u:joe"
    text = configuration(props)
    path = write("capacity-scheduler.xml", text)
    line = text[: text.index(f"<name>{MAPPINGS}<")].count("\n")  # the <property> line above it
    assert line > 65_535
    found = [d for d in load(path).result.diagnostics if d.code == "PL501"]
    assert [(d.location.line, d.location.column) for d in found if d.location] == [(line, 3)]
