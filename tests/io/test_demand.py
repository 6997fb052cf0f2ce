"""The demand snapshot of ``simulate --demand``: read into plain data, every problem located."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fsctl.io.demand import read_demand
from fsctl.model.location import DeferredLocation
from fsctl.model.resources import MEMORY, VCORES

SNAPSHOT = """\
cluster: "memory-mb=102400, vcores=100"
queues:
  root.ads: {demand: "memory-mb=4096, vcores=4", apps: 2}
  root.search:
    applications:
      - {name: a1, demand: {memory-mb: 1024, vcores: 1}, start: 3}
"""


def test_reads_queues_apps_and_cluster(tmp_path: Path) -> None:
    path = tmp_path / "demand.yaml"
    path.write_text(SNAPSHOT, encoding="utf-8")
    snapshot, diagnostics = read_demand(str(path))
    assert diagnostics == [] and snapshot is not None
    assert snapshot.cluster == {MEMORY: 102400, VCORES: 100}
    assert snapshot.queues["root.ads"].demand == {MEMORY: 4096, VCORES: 4}
    assert snapshot.queues["root.ads"].app_count == 2
    (app,) = snapshot.queues["root.search"].applications
    assert (app.name, app.demand, app.start_time) == ("a1", {MEMORY: 1024, VCORES: 1}, 3)


def test_every_problem_is_a_located_diagnostic() -> None:
    snapshot, diagnostics = read_demand("d.yaml", "queues:\n  ads: {}\n  root.x: {demand: 50%}\n")
    assert snapshot is None
    assert [(d.code, d.location.line) for d in diagnostics] == [("SM102", 2), ("SM103", 3)]


def test_an_unreadable_file_is_sm101(tmp_path: Path) -> None:
    snapshot, diagnostics = read_demand(str(tmp_path / "missing.yaml"))
    assert snapshot is None and [d.code for d in diagnostics] == ["SM101"]


def test_an_application_names_its_user_and_container_size() -> None:
    text = (
        "queues:\n  root.a:\n    applications:\n"
        '      - {name: a1, user: alice, container: "memory-mb=2048, vcores=1",\n'
        '         demand: "memory-mb=8192, vcores=4"}\n'
        "      - {name: a2}\n"
    )
    snapshot, diagnostics = read_demand("d.yaml", text)
    assert diagnostics == [] and snapshot is not None
    first, second = snapshot.queues["root.a"].applications
    assert (first.user, first.container) == ("alice", {MEMORY: 2048, VCORES: 1})
    assert (second.user, second.container) == (None, None)


def test_a_user_that_is_not_a_name_is_sm102() -> None:
    snapshot, diagnostics = read_demand(
        "d.yaml", "queues:\n  root.a:\n    applications:\n      - {user: 7}\n"
    )
    assert snapshot is None and [(d.code, d.location.line) for d in diagnostics] == [("SM102", 4)]


# -- JSON: Python's parser, positions found on demand, the same answer as the located reader -------

_AMOUNTS = st.one_of(
    st.builds(lambda m, v: f"memory-mb={m}, vcores={v}", st.integers(0, 10**6), st.integers(0, 999)),
    st.fixed_dictionaries({"memory-mb": st.integers(0, 10**6), "vcores": st.integers(0, 99)}),
    st.sampled_from(["50%", "memory-mb=-1", "plenty", 7, None, [1]]),  # refused, with a location
)
_APP = st.dictionaries(
    st.sampled_from(["name", "user", "demand", "usage", "am", "container", "start", "priority", "dmand"]),
    st.one_of(_AMOUNTS, st.integers(-2, 9), st.sampled_from(["a1", "alice", "x y", True])),
    max_size=6,
)
_QUEUE = st.one_of(
    st.dictionaries(
        st.sampled_from(["demand", "usage", "apps", "appz"]), st.one_of(_AMOUNTS, st.integers(-1, 5))
    ),
    st.fixed_dictionaries({"applications": st.one_of(st.lists(_APP, max_size=3), st.just("many"))}),
    st.sampled_from([None, 3, "busy"]),
)
_SNAPSHOT = st.fixed_dictionaries(
    {"queues": st.dictionaries(st.sampled_from(["root.a", "root.b.c", "root.é", "ads", "root.a.b"]), _QUEUE)},
    # another key holding keys that look like queues: the positions of the real ones all the same
    optional={"cluster": _AMOUNTS, "clustr": st.sampled_from([1, {"root.a": 1}])},
)


def _resolved(where: Any) -> Any:
    return where.resolve() if isinstance(where, DeferredLocation) else where


def _answer(snapshot: Any, diagnostics: list[Any], shift: int) -> tuple[Any, ...]:
    def message(text: str) -> str:  # "first at line N": the comment line moves N too
        return re.sub(r"line (\d+)", lambda m: f"line {int(m.group(1)) - shift}", text)

    found = [(d.code, d.location.line - shift, d.location.column, message(d.message)) for d in diagnostics]
    if snapshot is None:
        return None, found
    queues = {
        path: (
            q.demand,
            q.usage,
            q.apps,
            (_resolved(q.location).line - shift, _resolved(q.location).column),
            [
                (a.name, a.user, a.demand, a.usage, a.am, a.container, a.start_time, a.priority)
                for a in q.applications
            ],
            [(_resolved(a.location).line - shift, _resolved(a.location).column) for a in q.applications],
        )
        for path, q in snapshot.queues.items()
    }
    return snapshot.cluster, queues, found


@settings(max_examples=150, deadline=None)
@given(_SNAPSHOT, st.sampled_from([None, 1, 2, 4]), st.booleans(), st.randoms(use_true_random=False))
def test_json_reads_as_the_located_reader_reads_it(
    document: dict[str, Any], indent: int | None, ascii: bool, rnd: Any
) -> None:
    """A JSON snapshot goes through Python's JSON parser and finds positions only when a finding or a
    row asks for one; the same text through the located YAML reader (a comment line first) gives
    the same snapshot, the same findings and the same places, a line further down."""
    keys = list(document)
    rnd.shuffle(keys)
    text = json.dumps({k: document[k] for k in keys}, indent=indent, ensure_ascii=ascii)
    fast = read_demand("d.json", text)
    located = read_demand("d.json", "# the located reader\n" + text)
    assert _answer(*fast, shift=0) == _answer(*located, shift=1)


def test_a_key_or_application_given_twice_is_sm202_with_both_places() -> None:
    text = '{"queues": {\n "root.a": {"apps": 1},\n "root.a": {"apps": 2}\n}}\n'
    snapshot, diagnostics = read_demand("d.json", text)
    assert snapshot is None
    assert [(d.code, d.location.line) for d in diagnostics] == [("SM202", 3)]
    assert "first at line 2" in diagnostics[0].message
    twice = "queues:\n  root.a:\n    applications:\n      - {name: x}\n      - {name: x}\n"
    snapshot, diagnostics = read_demand("d.yaml", twice)
    assert snapshot is None
    assert [(d.code, d.location.line) for d in diagnostics] == [("SM202", 5)]
    assert "line 4" in diagnostics[0].message


def test_a_queue_key_is_placed_in_queues_even_when_another_key_holds_one_like_it() -> None:
    text = json.dumps({"clustr": {"root.a": 1}, "queues": {"root.a": {"apps": -1}}}, indent=1)
    _, fast = read_demand("d.json", text)
    _, located = read_demand("d.json", "#\n" + text)
    assert [(d.code, d.location.line, d.location.column) for d in fast] == [
        (d.code, d.location.line - 1, d.location.column) for d in located
    ]
    assert [d.location.line for d in fast] == [2, 7]  # clustr, then the apps of queues' root.a


def test_a_container_without_memory_is_sm103() -> None:
    text = 'queues:\n  root.a:\n    applications:\n      - {name: x, container: "memory-mb=0, vcores=1"}\n'
    snapshot, diagnostics = read_demand("d.yaml", text)
    assert snapshot is None
    assert [(d.code, d.location.line, d.message) for d in diagnostics] == [
        ("SM103", 4, "root.a x container: a container needs memory-mb above 0")
    ]
