"""fsctl.io.jsonstream: the applications of a large answer read one at a time, and positions found
in a JSON text decoded without them; held to :mod:`json` on generated documents (hypothesis)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsctl.io.demand import read_demand
from fsctl.io.jsonstream import JsonLocator, JsonStreamError, array_items, first_key

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(allow_nan=False), st.text(max_size=8)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)
APPS = st.one_of(
    st.none(), st.lists(VALUES, max_size=6), st.dictionaries(st.text(max_size=4), VALUES, max_size=3)
)


def dump(value: Any, indent: int | None) -> str:
    return json.dumps(value, indent=indent, ensure_ascii=False)


@settings(max_examples=200)
@given(
    apps=APPS,
    before=st.dictionaries(st.text(max_size=6), VALUES, max_size=3),
    indent=st.sampled_from([None, 1]),
)
def test_the_array_is_what_json_decodes(apps: Any, before: dict[str, Any], indent: int | None) -> None:
    before.pop("apps", None)
    document = {**before, "apps": {"x": 1, "app": apps, "y": [2]}}
    items = [item for _, item in array_items(dump(document, indent), ("apps", "app"))]
    expected = [] if apps is None else [apps] if isinstance(apps, dict) else apps
    assert items == expected


@settings(max_examples=200)
@given(apps=st.lists(VALUES, min_size=1, max_size=5), cut=st.integers(min_value=0))
def test_a_truncated_answer_is_one_error(apps: list[Any], cut: int) -> None:
    text = dump({"apps": {"app": apps}}, 1)
    cut %= len(text) - 1
    with pytest.raises(JsonStreamError) as caught:
        list(array_items(text[:cut], ("apps", "app")))
    assert caught.value.where.startswith("$")


def test_shapes_and_names() -> None:
    with pytest.raises(JsonStreamError) as missing:
        list(array_items('{"scheduler": {}}', ("apps", "app")))
    assert not missing.value.syntax and missing.value.where == "$" and "no 'apps'" in missing.value.message
    with pytest.raises(JsonStreamError) as wrong:
        list(array_items('{"apps": {"app": 7}}', ("apps", "app")))
    assert not wrong.value.syntax and wrong.value.where == "$.apps.app"
    assert first_key(' {"apps": {"app": []}}') == "apps"
    assert first_key("[1]") is None and first_key("{}") is None and first_key('{"a') is None


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


@settings(max_examples=200)
@given(value=st.dictionaries(st.text(max_size=6), VALUES, max_size=5), indent=st.sampled_from([None, 1, 3]))
def test_every_position_is_where_its_value_is_written(value: dict[str, Any], indent: int | None) -> None:
    text = dump(value, indent)
    locator = JsonLocator(text)
    decoder = json.JSONDecoder()
    for path in _paths(value):
        position = locator.position(path)
        assert position is not None
        inner: Any = value
        for step in path:
            inner = inner[step]
        assert decoder.raw_decode(text, position)[0] == inner
        if path:
            key = locator.position(path, key=True)
            assert key is not None
            if isinstance(path[-1], str):
                assert decoder.raw_decode(text, key)[0] == path[-1]
    assert locator.position(("no such member", 3)) is None


def test_a_problem_in_a_json_snapshot_is_located_without_composing_it() -> None:
    """The JSON fast path of the demand reader: the line and column of the value, as an editor
    shows them, found only for the problem."""
    apps = ",\n    ".join(
        json.dumps({"name": f"a{i}", "demand": {"memory-mb": 1024, "vcores": 1}, "start": i})
        for i in range(50)
    )
    text = '{\n "queues": {\n  "root.a": {"applications": [\n    ' + apps + "\n  ]}\n }\n}\n"
    broken = text.replace('"start": 37}', '"start": "later"}')
    snapshot, problems = read_demand("s.json", broken)
    assert snapshot is None and len(problems) == 1
    (problem,) = problems
    line = next(n for n, row in enumerate(broken.splitlines(), 1) if '"later"' in row)
    column = broken.splitlines()[line - 1].index('"later"') + 1
    assert (problem.code, problem.location.line, problem.location.column) == ("SM102", line, column)
    assert "a37 start: expected a whole number" in problem.message
    good, none = read_demand("s.json", text)
    assert not none and good is not None and len(good.queues["root.a"].applications) == 50
