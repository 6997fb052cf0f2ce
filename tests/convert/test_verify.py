"""Verification reads the converted properties in memory: the same findings, at the same places, as
parsing the written file would give (convert/converter.py ``verify``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fsctl.convert import output
from fsctl.hadoop.conf import document_location, read_configuration
from fsctl.io.xmldoc import XmlLoadError, load_xml
from tests.convert.test_command import CONVERSION, ConvertOptions, call, small


def test_written_lines_match_the_parsed_file_past_libxml2s_line_limit() -> None:
    # 70,000 lines and more; a multi-line value (like inline mapping rules) shifts what follows
    props = {f"yarn.scheduler.capacity.root.q{i}.capacity": str(i % 100) for i in range(17_000)}
    props["yarn.scheduler.capacity.mapping-rule-json"] = '{\n  "rules": [\n    "a < b"\n  ]\n}'
    props.update({f"yarn.scheduler.capacity.root.r{i}.capacity": "1" for i in range(200)})
    data = output.configuration_xml(props, output.HEADER_CAPACITY)
    assert output.is_plain(data)
    doc = load_xml("cs.xml", data)
    conf, _ = read_configuration(doc)
    lines = output.WrittenLines("cs.xml", data)
    names = list(props)
    for index in (0, 1, 16_382, 16_999, 17_000, 17_001, len(names) - 1):
        assert lines.property(index) == conf.location(names[index])
    assert lines.property(len(names) - 1).line > 65_535
    assert lines.root() == document_location(doc, doc.root, "configuration")


@pytest.mark.parametrize("text", ["a\x01b", "\ufffe", "\uffff", "x ]]> <y> & \r\t\n z", "\U0001f600"])
def test_plain_means_it_parses(text: str) -> None:
    data = output.configuration_xml({"k": text}, output.HEADER_CAPACITY)
    try:
        conf, _ = read_configuration(load_xml("cs.xml", data))
    except XmlLoadError:
        assert not output.is_plain(data)
    else:
        assert output.is_plain(data) and conf.get_raw("k") == text


def _cv104(document: str) -> list[dict[str, object]]:
    return [d for f in json.loads(document)["files"] for d in f["diagnostics"] if d["code"] == "CV104"]


@pytest.mark.parametrize("case", ["max-allocation", "mapping-rules"])
def test_in_memory_verification_equals_parsing_the_output(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if case == "max-allocation":
        body = '<queue name="a"><maxContainerAllocation>memory-mb=16384, vcores=2</maxContainerAllocation>'
        fair, convert = small(tmp_path, body + "</queue>"), ConvertOptions()
    else:  # percentage mode cannot create root.admins.devs.<user>: located on the inlined rules
        fair, convert = CONVERSION, ConvertOptions(percentage=True)
    in_memory = call(fair, dry_run=True, fmt="json", convert=convert)
    monkeypatch.setattr(output, "is_plain", lambda data: False)
    parsed = call(fair, dry_run=True, fmt="json", convert=convert)
    assert in_memory == parsed and _cv104(in_memory[1])
    assert all(d["line"] and d["column"] for d in _cv104(in_memory[1]))
