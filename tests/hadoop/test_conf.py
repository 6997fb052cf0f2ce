"""Hadoop Configuration XML (cs.md §1, §9.14): parsing, duplicates, final, expansion, getters."""

from __future__ import annotations

import pytest

from fsctl.hadoop.conf import HadoopConf, parse_conf_boolean, read_configuration
from fsctl.hadoop.javanum import ConfValueError
from fsctl.io.xmldoc import load_xml


def conf_xml(body: str, path: str = "conf.xml") -> tuple[HadoopConf, list[str]]:
    doc = load_xml(path, f'<?xml version="1.0"?>\n<configuration>\n{body}\n</configuration>\n'.encode())
    conf, diagnostics = read_configuration(doc)
    return conf, [d.code for d in diagnostics]


def prop(name: str, value: str, final: bool = False) -> str:
    flag = "<final>true</final>" if final else ""
    return f"<property><name>{name}</name><value>{value}</value>{flag}</property>"


# -- TestConfiguration (cs.md §9.14) ---------------------------------------------------------------


def test_final_warnings_across_resources() -> None:
    # TestConfiguration#testFinalWarnings (#152): resource 1 prop=A final, resource 2 prop=BB final
    first, _ = conf_xml(prop("prop", "A", final=True), "core-site.xml")
    second, _ = conf_xml(prop("prop", "BB", final=True), "capacity-scheduler.xml")
    merged, diagnostics = first.layered(second)
    assert merged.get("prop") == "A"
    assert [d.message for d in diagnostics] == [
        "capacity-scheduler.xml:an attempt to override final parameter: prop;  Ignoring."
    ]


def test_final_twice_same_value_no_warning() -> None:
    # TestConfiguration#testFinalWarningsMultiple (#153)
    conf, codes = conf_xml(prop("prop", "A", final=True) + prop("prop", "A", final=True))
    assert conf.get("prop") == "A"
    assert "CS005" not in codes


def test_final_override_in_one_file() -> None:
    # TestConfiguration#testFinalWarningsMultipleOverride (#154)
    conf, codes = conf_xml(prop("prop", "A", final=True) + prop("prop", "BB", final=True))
    assert conf.get("prop") == "A"
    assert codes.count("CS005") == 1


def test_empty_final_blocks_later_definitions() -> None:
    # TestConfiguration#testFinalParam (#155): my.var="" final, then my.var=myval -> null
    first, _ = conf_xml("<property><name>my.var</name><value></value><final>true</final></property>")
    second, _ = conf_xml(prop("my.var", "myval"))
    merged, diagnostics = first.layered(second)
    assert merged.get("my.var") is None
    assert diagnostics == []  # nothing stored, so no "override" warning either


def test_names_are_trimmed_values_are_not() -> None:
    # TestConfiguration#testTrim (#156)
    conf, _ = conf_xml("<property><name>\n  a.b \t</name><value> v </value></property>")
    assert conf.names() == ["a.b"]
    assert conf.get("a.b") == " v "
    assert conf.get_trimmed("a.b") == "v"


def test_compact_form() -> None:
    # TestConfiguration#testCompactFormat (#157)
    conf, _ = conf_xml('<property name="c" value="d" final="true"/>')
    assert conf.get("c") == "d"
    assert conf.is_final("c")


# -- parsing details (cs.md §1.1, §1.2) ------------------------------------------------------------


def test_last_definition_wins() -> None:
    conf, codes = conf_xml(prop("k", "1") + prop("k", "2"))
    assert conf.get("k") == "2"
    assert codes == ["CS006"]


def test_cdata_and_description() -> None:
    # TestConfiguration#testCDATA
    conf, codes = conf_xml(
        "<property><name>k</name><value><![CDATA[<a&b>]]></value><description>x</description></property>"
    )
    assert conf.get("k") == "<a&b>"
    assert codes == []


def test_empty_value_is_not_stored() -> None:
    conf, codes = conf_xml("<property><name>k</name><value/></property>")
    assert conf.get("k") is None and "k" not in conf
    assert codes == ["CS004"]


def test_final_must_be_exactly_true() -> None:
    conf, codes = conf_xml(
        "<property><name>k</name><value>1</value><final>TRUE</final></property>" + prop("k", "2")
    )
    assert conf.get("k") == "2"
    assert "CS007" in codes


def test_setting_has_location_of_property() -> None:
    conf, _ = conf_xml("\n\n    " + prop("k", "v"))
    setting = conf.setting("k")
    assert setting is not None and setting.value == "v" and setting.raw == "v"
    assert setting.location is not None
    assert (setting.location.line, setting.location.column) == (5, 5)


def test_from_pairs_and_names_in_order() -> None:
    conf = HadoopConf.from_pairs([("b", "1"), ("a", "2"), ("b", "3")])
    assert conf.names() == ["b", "a"]
    assert conf.get("b") == "3"


# -- variable expansion (cs.md §1.3) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ([("x", "${y}/z"), ("y", "base")], "base/z"),
        ([("x", "${unknown}/z")], "${unknown}/z"),  # unbound: left as written
        ([("x", "a${x}b")], "a${x}b"),  # self reference: the original expression
        ([("x", "${java.io.tmpdir}/q")], "${java.io.tmpdir}/q"),  # system property: not known
        ([("x", "${env.NO_SUCH_VAR:-fallback}")], "fallback"),
        ([("x", "${env.NO_SUCH_VAR-fb}")], "fb"),
        ([("x", "${env.NO_SUCH_VAR}")], "${env.NO_SUCH_VAR}"),
        ([("x", "${a b}")], "${a b}"),  # a space ends the candidate name
        ([("x", "${y}${z}"), ("y", "1"), ("z", "2")], "12"),
        ([("x", "${}")], "${}"),
    ],
)
def test_expansion(pairs: list[tuple[str, str]], expected: str) -> None:
    assert HadoopConf.from_pairs(pairs).get("x") == expected


def test_expansion_depth_limit() -> None:
    pairs = [(f"v{i}", f"${{v{i + 1}}}") for i in range(25)] + [("v25", "end")]
    conf = HadoopConf.from_pairs(pairs)
    with pytest.raises(ConfValueError, match=r"Variable substitution depth too large: 20 \$\{v0\}"):
        conf.expand("${v0}")
    assert conf.get("v0") == "${v1}"  # get never raises; the reader reports CS009
    assert conf.get("v10") == "end"  # 15 steps is fine


def test_expansion_depth_reported_located() -> None:
    body = "".join(prop(f"v{i}", f"${{v{i + 1}}}") for i in range(22)) + prop("v22", "x")
    _, codes = conf_xml(body)
    assert "CS009" in codes


# -- typed getters (cs.md §1.4) --------------------------------------------------------------------


def test_get_int_trims_and_reads_hex() -> None:
    conf = HadoopConf.from_pairs([("a", " 42 "), ("b", "0x10"), ("c", "-0x10"), ("d", "4x")])
    assert conf.get_int("a", 0) == 42
    assert conf.get_int("b", 0) == 16
    assert conf.get_int("c", 0) == -16
    assert conf.get_int("missing", 7) == 7
    with pytest.raises(ConfValueError, match='For input string: "4x"'):
        conf.get_int("d", 0)


def test_get_int_overflow_and_long() -> None:
    conf = HadoopConf.from_pairs([("a", "2147483648")])
    with pytest.raises(ConfValueError):
        conf.get_int("a", 0)
    assert conf.get_long("a", 0) == 2147483648


def test_get_boolean_never_fails() -> None:
    conf = HadoopConf.from_pairs([("a", " TRUE "), ("b", "ture"), ("c", "False")])
    assert conf.get_boolean("a", False) is True
    assert conf.get_boolean("b", True) is True  # invalid: the default
    assert conf.get_boolean("b", False) is False
    assert conf.get_boolean("c", True) is False


@pytest.mark.parametrize(
    ("text", "value"),
    [("true", True), ("TRUE", True), ("False", False), ("ture", None), ("1", None), ("", None), (None, None)],
)
def test_parse_conf_boolean_falls_back_where_get_boolean_does(text: str | None, value: bool | None) -> None:
    assert parse_conf_boolean(text) is value


def test_get_int_hex_errors_name_the_radix() -> None:
    conf = HadoopConf.from_pairs([("a", "0xzz"), ("b", "0x+1f"), ("c", "-0x-1")])
    with pytest.raises(ConfValueError, match=r'^For input string: "zz" under radix 16$'):
        conf.get_int("a", 0)
    assert conf.get_int("b", 0) == 31  # Integer.parseInt("+1f", 16)
    with pytest.raises(ConfValueError, match=r'^For input string: "--1" under radix 16$'):
        conf.get_int("c", 0)


def test_get_strings_and_trimmed_collections() -> None:
    conf = HadoopConf.from_pairs([("q", " a ,b,, c"), ("m", " u:a:b ,\n g:c:d , u:a:b ,, "), ("e", ",,")])
    assert conf.get_strings("q") == [" a ", "b", " c"]  # StringTokenizer: not trimmed
    assert conf.get_strings("e") is None
    assert conf.get_trimmed_string_collection("m") == ["u:a:b", "g:c:d"]  # dedupe, newlines split
    assert conf.get_trimmed_strings("q") == ["a", "b", "", "c"]


def test_layering_over_no_final_key_loads_as_one_by_one() -> None:
    # layered() merges in bulk when nothing below is final: the same values, places, finals, key
    # order and records as loading every record of the upper resource in turn
    lower, _ = conf_xml(prop("a", "1") + prop("b", "2") + prop("c", "3"), "lower.xml")
    upper, _ = conf_xml(
        prop("d", "4")
        + prop("b", "20", final=True)
        + prop("b", "21")  # ignored: final above
        + "<property><name>c</name><value></value></property>"  # no value: c keeps 3
        + "<property><name>e</name><value></value><final>true</final></property>"
        + prop("e", "5")  # ignored: final without a value
        + prop("a", "10"),
        "upper.xml",
    )
    merged, diagnostics = lower.layered(upper)
    expected = lower.copy()
    for record in upper.records:
        expected._load(record)
    assert diagnostics == []
    assert (
        list(merged.items()) == list(expected.items()) == [("a", "10"), ("b", "20"), ("c", "3"), ("d", "4")]
    )
    assert [merged.location(n) for n in merged.names()] == [expected.location(n) for n in expected.names()]
    assert (merged._final, merged.records) == (expected._final, expected.records)
