"""fsctl.io.yamlsafe.compose: the nodes PyYAML composes, minus what would exhaust or crash fsctl."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.io.yamlsafe import YamlLimitError, compose
from tests.hardening.test_input_file_properties import STRUCTURES, YAML_TEXT

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def shape(node: Any) -> Any:
    """A node graph as plain data: tags, values, marks and styles."""
    mark = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    if isinstance(node, yaml.MappingNode):
        return (node.tag, mark, node.flow_style, [(shape(k), shape(v)) for k, v in node.value])
    if isinstance(node, yaml.SequenceNode):
        return (node.tag, mark, node.flow_style, [shape(v) for v in node.value])
    return (node.tag, mark, node.style, node.value)


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*/*.yaml")), ids=lambda p: "/".join(p.parts[-2:]))
def test_samples_compose_exactly_as_pyyaml_does(path: Path) -> None:
    text = path.read_text()
    assert shape(compose(text)) == shape(yaml.compose(text, Loader=LOADER))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(STRUCTURES.map(lambda v: yaml.safe_dump(v, allow_unicode=True)), YAML_TEXT))
def test_same_nodes_as_pyyaml_or_a_refusal_pyyaml_would_also_make(text: str) -> None:
    try:
        ours = compose(text)
    except YamlLimitError:
        # refused as hostile or unbuildable: PyYAML's own loader fails on it too (small inputs here)
        with pytest.raises(Exception):  # noqa: B017 - any of PyYAML's errors
            yaml.load(text, Loader=LOADER)
        return
    except yaml.YAMLError:
        with pytest.raises(yaml.YAMLError):
            yaml.compose(text, Loader=LOADER)
        return
    theirs = yaml.compose(text, Loader=LOADER)
    assert (ours is None) == (theirs is None)
    if ours is not None:
        assert shape(ours) == shape(theirs)
        yaml.load(text, Loader=LOADER)  # and what we accept, PyYAML constructs without error


def test_limits() -> None:
    assert compose("a: " + "[" * 499 + "]" * 499) is not None
    with pytest.raises(YamlLimitError, match="nested more than 500 levels"):
        compose("a: " + "[" * 501 + "]" * 501)
    with pytest.raises(YamlLimitError, match="nested more than 2 levels"):
        compose("a: {b: {c: 1}}", max_depth=2)
    with pytest.raises(YamlLimitError, match="refers to a node that contains it") as caught:
        compose("a: &x [1, *x]")
    assert (caught.value.problem_mark.line, caught.value.problem_mark.column) == (0, 10)
    # aliases may add max_expansion nodes plus ten times the document's own size
    nine = ", ".join(["*a"] * 9)
    small = f"a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9]\nb: &b [{nine}]\nc: [{nine.replace('a', 'b')}]\n"
    assert compose(small) is not None
    with pytest.raises(YamlLimitError, match="beyond 10 nodes") as caught:
        compose(small, max_expansion=10)
    assert caught.value.problem_mark.line == 2  # the first alias of c over the limit


def test_aliases_stay_shared_nodes() -> None:
    node = compose("a: &a {x: 1}\nb: *a\n")
    assert node is not None
    assert node.value[0][1] is node.value[1][1]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: !!int abc", "not a valid int value"),
        ("a: 2020-99-99", "not a valid timestamp value"),
        ("a: 0x_", "not a valid int value"),
        ("a: !!binary a", "not a valid binary value"),
        ("a: !!python/object:os.system x", "not a valid"),
        ("a: !custom x", "not a valid"),
        ("? [1]\n: x", "a mapping key must be a plain value"),
        ("a: <<", "only valid as a mapping key"),
        ("a: {<<: 1}", "merges a mapping or a list of mappings"),
        ("a: &a 1\na: &a 2", "found duplicate anchor"),
        ("a: *nope", "found undefined alias"),
        ("a: 1\n---\nb: 2", "expected a single document"),
    ],
)
def test_refusals_are_located_yaml_errors(text: str, message: str) -> None:
    with pytest.raises(yaml.MarkedYAMLError, match=message) as caught:
        compose(text)
    assert caught.value.problem_mark is not None


def test_control_character_is_located_on_one_line() -> None:
    with pytest.raises(yaml.MarkedYAMLError) as caught:
        compose("a: 1\nb: caf\u00e9\x00\n")
    mark = caught.value.problem_mark
    assert mark is not None and (mark.line, mark.column) == (1, 7)
    assert "\n" not in str(caught.value.problem)


def test_merge_keys_can_be_read_as_plain_strings() -> None:
    node = compose("a: {<<: 1}", merge_keys=False)
    assert node is not None
    assert node.value[0][1].value[0][0].tag == "tag:yaml.org,2002:str"
    merged = compose("x: &x {k: 1}\na: {<<: *x}")
    assert merged is not None
    assert merged.value[1][1].value[0][0].tag == "tag:yaml.org,2002:merge"


def test_empty_documents() -> None:
    assert compose("") is None
    assert compose("# just a comment\n") is None


@pytest.mark.parametrize(
    ("text", "accepted"), [("{=}", True), ("=: 1", True), ("a: =", False), ("- =", False)]
)
def test_equals_sign_is_a_string_only_as_a_key(text: str, accepted: bool) -> None:
    # SafeConstructor.flatten_mapping retags a "=" (tag:yaml.org,2002:value) key as a string;
    # anywhere else PyYAML has no constructor for it (found by hypothesis: '{=}')
    if accepted:
        assert shape(compose(text)) == shape(yaml.compose(text, Loader=LOADER))
        yaml.load(text, Loader=LOADER)
    else:
        with pytest.raises(YamlLimitError):
            compose(text)
        with pytest.raises(yaml.YAMLError):
            yaml.load(text, Loader=LOADER)
