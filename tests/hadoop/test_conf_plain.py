"""The one-pass reading of plain ``<property>`` elements gives what the general reading gives: the
same values, finals, records (with their locations) and findings, in the same order. The shapes it
declines are held to the values Hadoop's Configuration.Parser reads, written out here (the recorded
cases ``cs-property-fields-as-parsed`` and ``cs-compact-empty-value`` have Hadoop's own answer)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fsctl.hadoop import conf as hadoop_conf
from fsctl.io.xmldoc import load_xml

#: shapes the one-pass reading takes: it must read them exactly as the general reading does
_READ_IN_ONE_PASS = {
    "plain": "<property><name>a</name><value>1</value></property>"
    "<property><name>b</name><value>2</value></property>",
    "padded names, spaces kept in values": "<property>\n <name> a\t</name>\n <value> 1 </value>\n</property>",
    "comments between and inside": "<!-- c --><property><!-- x --><name>a</name><value>1</value></property>"
    "<?pi x?><property><name>b</name><!-- y --><value>2</value></property>",
    "description, source and tag": "<property><name>a</name><value>1</value><description>d</description>"
    "<source>s</source><tag>t</tag></property>",
    "empty value": "<property><name>a</name><value></value></property>"
    "<property><name>b</name><value/></property>",
    "no value": "<property><name>a</name></property>",
    "an empty value after a value keeps it": "<property><name>a</name><value>1</value><value/></property>",
    "an empty name after a name keeps it": "<property><name>a</name><name/><value>1</value></property>",
    "redefined": "<property><name>a</name><value>1</value></property>"
    "<property><name>a</name><value>2</value></property>",
    "redefined after an empty value": "<property><name>a</name><value/></property>"
    "<property><name>a</name><value>1</value></property><property><name>a</name><value>2</value></property>",
    "redefined after another empty value": "<property><name>a</name><value>1</value></property>"
    "<property><name>c</name></property><property><name>a</name><value>2</value></property>"
    "<property><name>b</name><value>3</value></property><property><name>b</name><value>4</value></property>",
    "final": "<property><name>a</name><value>1</value><final>true</final></property>"
    "<property><name>a</name><value>2</value></property><property><name>b</name><value>3</value></property>"
    "<property><name>b</name><value>4</value></property>",
    "final without a value": "<property><name>a</name><final>true</final></property>"
    "<property><name>a</name><value>2</value></property>",
    "two names": "<property><name>a</name><name>b</name><value>1</value></property>",
    "cdata": "<property><name>a</name><value><![CDATA[<x>]]></value></property>",
    "variables": "<property><name>a</name><value>${a}</value></property>",
    "one per line": "<property><name>a</name><value>1</value></property>\n"
    "<property><name>b</name><value>2</value></property>",
    "a start tag over two lines": "<property\n><name>a</name><value>1</value></property>\n"
    "<property><name>b</name><value>2</value></property>",
    "windows line ends": "<property>\r\n<name>a</name>\r\n<value>1</value>\r\n</property>\r\n"
    "<property><name>b</name><value>2</value></property>\r\n",
    "a comment naming a property on its line": "<!-- <property> --><property><name>a</name><value>1</value>"
    "</property>\n<property><name>b</name><value>2</value></property>",
}


def _document(body: str, root: str) -> bytes:
    """``body`` on line 3, inside ``root`` (``conf`` is a root Hadoop reads anyway, with CS001)."""
    return f'<?xml version="1.0"?>\n<{root}>\n{body}\n</{root}>\n'.encode()


@pytest.mark.parametrize("body", _READ_IN_ONE_PASS.values(), ids=_READ_IN_ONE_PASS.keys())
@pytest.mark.parametrize("root", ["configuration", "conf"])
def test_the_one_pass_reading_equals_the_general_one(
    body: str, root: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _document(body, root)
    assert hadoop_conf._read_plain_properties(load_xml("c.xml", data)) is not None, "the one pass declined"
    fast, fast_found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    monkeypatch.setattr(hadoop_conf, "_read_plain_properties", lambda *args: None)
    general, general_found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    assert (fast._raw, fast._final, fast.records) == (general._raw, general._final, general.records)
    assert [fast.location(n) for n in fast.names()] == [general.location(n) for n in general.names()]
    assert fast_found == general_found


#: shapes the one-pass reading declines, and what the general reading must make of them, as Hadoop's
#: Configuration.Parser does: (values, final names, records as (name, value, final, line, column),
#: findings as (code, line, column)); the body starts at line 3
_DECLINED: dict[
    str, tuple[str, dict[str, str], set[str], list[tuple[object, ...]], list[tuple[object, ...]]]
] = {
    "final not true": (
        "<property><name>a</name><value>1</value><final>false</final></property>"
        "<property><name>a</name><value>1</value><final>True</final></property>",
        {"a": "1"},
        set(),
        [("a", "1", False, 3, 1), ("a", "1", False, 3, 72)],
        [("CS007", 3, 72), ("CS006", 3, 72)],
    ),
    "no name": (
        "<property><value>1</value></property><property><name>b</name><value>1</value></property>",
        {"b": "1"},
        set(),
        [("b", "1", False, 3, 38)],
        [("CS003", 3, 1)],
    ),
    "blank name": ("<property><name> </name><value>1</value></property>", {}, set(), [], [("CS003", 3, 1)]),
    "empty property": (
        "<property/><property><name>b</name><value>1</value></property>",
        {"b": "1"},
        set(),
        [("b", "1", False, 3, 12)],
        [("CS003", 3, 1)],
    ),
    "compact form": (
        '<property name="a" value="1"/><property><name>b</name><value>1</value></property>',
        {"a": "1", "b": "1"},
        set(),
        [("a", "1", False, 3, 1), ("b", "1", False, 3, 31)],
        [],
    ),
    "compact form, an empty value is kept": (
        '<property name="a" value=""/><property name="b"/>',
        {"a": ""},
        set(),
        [("a", "", False, 3, 1), ("b", None, False, 3, 30)],
        [("CS004", 3, 30)],
    ),
    "compact form, final, a field after the attributes": (
        '<property name="a" value="1" final="true"><value>2</value></property>',
        {"a": "2"},
        {"a"},
        [("a", "2", True, 3, 1)],
        [],
    ),
    "unknown field": (
        "<property><name>a</name><value>1</value><other/></property>",
        {"a": "1"},
        set(),
        [("a", "1", False, 3, 1)],
        [("CS002", 3, 41)],
    ),
    "text inside an unknown element counts": (
        "<property><name>a</name><value>1<b>2</b>3</value></property>",
        {"a": "123"},
        set(),
        [("a", "123", False, 3, 1)],
        [],
    ),
    "a field inside a field starts the text again": (
        "<property><name>a</name><value>1<tag>2</tag>3</value></property>",
        {"a": "23"},
        set(),
        [("a", "23", False, 3, 1)],
        [],
    ),
    "a name split by an element and a comment": (
        "<property><name>a<i>b</i><!-- c -->c</name><value>1</value></property>",
        {"abc": "1"},
        set(),
        [("abc", "1", False, 3, 1)],
        [],
    ),
    "fields inside an unknown element": (
        "<property><group><name>a</name><value>1</value></group></property>",
        {"a": "1"},
        set(),
        [("a", "1", False, 3, 1)],
        [("CS002", 3, 11)],
    ),
    "namespaced": (
        '<property xmlns="urn:x"><name>a</name><value>1</value></property>',
        {"a": "1"},
        set(),
        [("a", "1", False, 3, 1)],
        [],
    ),
    "element between": (
        "<property><name>a</name><value>1</value></property><group>"
        "<property><name>b</name><value>2</value></property></group>",
        {"a": "1", "b": "2"},
        set(),
        [("a", "1", False, 3, 1), ("b", "2", False, 3, 59)],
        [("CS002", 3, 52)],
    ),
    "include": (
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x.xml"/>'
        "<property><name>a</name><value>1</value></property>",
        {"a": "1"},
        set(),
        [("a", "1", False, 3, 70)],
        [("CS008", 3, 1)],
    ),
    "empty": ("", {}, set(), [], []),
    "a longer tag name": (
        "<propertyx/>\n<property><name>a</name><value>1</value></property>",
        {"a": "1"},
        set(),
        [("a", "1", False, 4, 1)],
        [("CS002", 3, 1)],
    ),
}


@pytest.mark.parametrize(
    ("body", "values", "finals", "records", "findings"), _DECLINED.values(), ids=_DECLINED.keys()
)
@pytest.mark.parametrize("root", ["configuration", "conf"])
def test_shapes_the_one_pass_declines_are_read_as_hadoop_reads_them(
    body: str,
    values: dict[str, str],
    finals: set[str],
    records: list[tuple[object, ...]],
    findings: list[tuple[object, ...]],
    root: str,
) -> None:
    data = _document(body, root)
    assert hadoop_conf._read_plain_properties(load_xml("c.xml", data)) is None, "the one pass took it"
    conf, found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    assert conf._raw == values
    assert conf._final == finals
    assert [(r.name, r.value, r.final, r.location.line, r.location.column) for r in conf.records] == records
    expected = [("CS001", 2, 1)] * (root == "conf") + findings
    assert [(d.code, d.line, d.column) for d in found] == expected


def _same_reading(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = load_xml("c.xml", data)
    fast, fast_found = hadoop_conf._read_configuration(doc)
    assert doc._root is None, "the one pass declined (it lets the tree go when it reads)"
    with monkeypatch.context() as patched:
        patched.setattr(hadoop_conf, "_read_plain_properties", lambda *args: None)
        general, general_found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    assert (fast._raw, fast.records) == (general._raw, general.records)
    assert [fast.location(n) for n in fast.names()] == [general.location(n) for n in general.names()]
    assert fast_found == general_found


def test_a_plain_reading_lets_the_tree_go_and_places_properties_from_the_text() -> None:
    data = b"<configuration>\n<property><name>a</name><value>1</value></property>\n</configuration>\n"
    doc = load_xml("c.xml", data)
    conf, _ = hadoop_conf._read_configuration(doc)
    assert doc._root is None  # released: nothing read keeps an element
    assert conf.location("a") == (("c.xml", 2, 1))
    assert doc._root is None  # the line alone placed it: no second parse
    assert doc.root.tag == "configuration"  # asked for, the tree is parsed again


def test_a_general_reading_keeps_the_tree() -> None:
    data = b'<configuration><property name="a" value="1"/></configuration>'
    doc = load_xml("c.xml", data)
    hadoop_conf._read_configuration(doc)
    assert doc._root is not None  # its locations hold elements of this tree


_PROPERTY = st.sampled_from(
    [
        "<property><name>{n}</name><value>1</value></property>",
        "<property>\n  <name>{n}</name>\n  <value>1</value>\n</property>",
        "<property\n  ><name>{n}</name><value>1</value></property>",
        "<property><name>{n}</name>\r\n<value>1</value></property>",
    ]
)
_BETWEEN = st.sampled_from(["", "\n", "\r\n", " ", "<!-- <property> -->", "\n<!-- c -->\n", "<?pi x?>"])


@given(st.lists(st.tuples(_PROPERTY, _BETWEEN), min_size=1, max_size=6))
def test_released_trees_place_every_property_where_the_tree_does(parts: list[tuple[str, str]]) -> None:
    body = "".join(template.format(n=f"k{i % 3}") + between for i, (template, between) in enumerate(parts))
    with pytest.MonkeyPatch.context() as monkeypatch:
        _same_reading(f"<configuration>{body}</configuration>".encode(), monkeypatch)
