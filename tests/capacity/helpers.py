"""Builders for the capacity reader tests: configuration XML from pairs, read results."""

from __future__ import annotations

from fsctl.capacity.reader import read_capacity, read_capacity_conf
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.xmldoc import load_xml
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import ReadResult
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

P = "yarn.scheduler.capacity."


def xml_of(pairs: list[tuple[str, str]] | dict[str, str]) -> bytes:
    """One ``<property>`` per line: the property of pairs[i] is at line i + 3, column 3."""
    items = pairs.items() if isinstance(pairs, dict) else pairs
    rows = "".join(f"  <property><name>{k}</name><value>{v}</value></property>\n" for k, v in items)
    return f'<?xml version="1.0"?>\n<configuration>\n{rows}</configuration>\n'.encode()


def read_xml(
    data: bytes | str, version: HadoopVersion = DEFAULT_VERSION, site: HadoopConf | None = None
) -> ReadResult:
    raw = data.encode() if isinstance(data, str) else data
    return read_capacity(load_xml("capacity-scheduler.xml", raw), site=site, hadoop_version=version)


def read(
    pairs: dict[str, str], version: HadoopVersion = DEFAULT_VERSION, site: HadoopConf | None = None
) -> ReadResult:
    """Read ``pairs`` (keys without the ``yarn.scheduler.capacity.`` prefix unless they start with yarn.)."""
    full = {(k if k.startswith("yarn.") else P + k): v for k, v in pairs.items()}
    return read_xml(xml_of(full), version, site)


def read_conf(pairs: dict[str, str], version: HadoopVersion = DEFAULT_VERSION) -> ReadResult:
    full = [(k if k.startswith("yarn.") else P + k, v) for k, v in pairs.items()]
    return read_capacity_conf(HadoopConf.from_pairs(full), hadoop_version=version)


def codes(result: ReadResult) -> list[str]:
    return [d.code for d in result.diagnostics]


def only(result: ReadResult, code: str) -> Diagnostic:
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, [(d.code, d.message) for d in result.diagnostics]
    return found[0]


def errors(result: ReadResult) -> list[Diagnostic]:
    return [d for d in result.diagnostics if d.severity.name == "ERROR"]


#: CapacitySchedulerConfigGeneratorForTest#createBasicCSConfiguration
BASIC = {
    "root.queues": "test1, test2",
    "root.test1.capacity": "50",
    "root.test2.capacity": "50",
    "root.test1.maximum-capacity": "100",
    "root.test1.state": "RUNNING",
    "root.test2.state": "RUNNING",
    "queue-mappings": "u:test1:root.test1,u:test2:root.test2",
}
