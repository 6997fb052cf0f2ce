"""The one-pass reading of plain ``<property>`` elements gives what the general reading gives: the
same values, finals, records (with their locations) and findings, in the same order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fsctl.hadoop import conf as hadoop_conf
from fsctl.io.xmldoc import load_xml

_CASES = {
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
    "final not true": "<property><name>a</name><value>1</value><final>false</final></property>"
    "<property><name>a</name><value>1</value><final>True</final></property>",
    "two names": "<property><name>a</name><name>b</name><value>1</value></property>",
    "no name": "<property><value>1</value></property><property><name>b</name><value>1</value></property>",
    "blank name": "<property><name> </name><value>1</value></property>",
    "empty property": "<property/><property><name>b</name><value>1</value></property>",
    "compact form": '<property name="a" value="1"/><property><name>b</name><value>1</value></property>',
    "unknown field": "<property><name>a</name><value>1</value><other/></property>",
    "nested field": "<property><name>a</name><value>1<b>2</b>3</value></property>",
    "cdata": "<property><name>a</name><value><![CDATA[<x>]]></value></property>",
    "namespaced": '<property xmlns="urn:x"><name>a</name><value>1</value></property>',
    "element between": "<property><name>a</name><value>1</value></property><group>"
    "<property><name>b</name><value>2</value></property></group>",
    "include": '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x.xml"/>'
    "<property><name>a</name><value>1</value></property>",
    "variables": "<property><name>a</name><value>${a}</value></property>",
    "empty": "",
    "one per line": "<property><name>a</name><value>1</value></property>\n"
    "<property><name>b</name><value>2</value></property>",
    "a start tag over two lines": "<property\n><name>a</name><value>1</value></property>\n"
    "<property><name>b</name><value>2</value></property>",
    "windows line ends": "<property>\r\n<name>a</name>\r\n<value>1</value>\r\n</property>\r\n"
    "<property><name>b</name><value>2</value></property>\r\n",
    "a comment naming a property on its line": "<!-- <property> --><property><name>a</name><value>1</value>"
    "</property>\n<property><name>b</name><value>2</value></property>",
    "a longer tag name": "<propertyx/>\n<property><name>a</name><value>1</value></property>",
}


@pytest.mark.parametrize("body", _CASES.values(), ids=_CASES.keys())
@pytest.mark.parametrize("root", ["configuration", "conf"])
def test_the_plain_reading_is_the_general_one(body: str, root: str, monkeypatch: pytest.MonkeyPatch) -> None:
    data = f'<?xml version="1.0"?>\n<{root}>\n{body}\n</{root}>\n'.encode()
    fast, fast_found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    monkeypatch.setattr(hadoop_conf, "_read_plain_properties", lambda *args: None)
    general, general_found = hadoop_conf._read_configuration(load_xml("c.xml", data))
    assert (fast._raw, fast._final, fast.records) == (general._raw, general._final, general.records)
    assert [fast.location(n) for n in fast.names()] == [general.location(n) for n in general.names()]
    assert fast_found == general_found


def _same_reading(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    doc = load_xml("c.xml", data)
    fast, fast_found = hadoop_conf._read_configuration(doc)
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
