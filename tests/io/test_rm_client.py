"""The client's faults beyond the one situation per code of tests/io/test_snapshot_codes.py, on real
loopback sockets (tests/io/loopback.py: 403, truncated JSON, a standby's redirect), and hypothesis
throwing damaged responses at the snapshot builder. No server here stands in for a
ResourceManager's answers (those are recorded from real ones: tests/data/rm/). Every case is one
line, exit 2, nothing written."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.commands import snapshot
from tests.io.loopback import answering

DATA = Path(__file__).resolve().parents[1] / "data" / "rm"


def take(tmp_path: Path, *urls: str, timeout: float = 5.0) -> tuple[int, str]:
    err = io.StringIO()
    out = tmp_path / "snapshot.json"
    options = snapshot.SnapshotOptions(urls=list(urls), output=str(out), timeout=timeout)
    code = snapshot.run(options, io.StringIO(), err)
    assert not out.exists()
    assert err.getvalue().count("\n") == 1, err.getvalue()
    return code, err.getvalue()


@pytest.mark.parametrize("status", [401, 403])
def test_access_denied(tmp_path: Path, status: int) -> None:
    with answering(status, b"denied") as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN103" in err and f"HTTP {status}" in err and "--negotiate" in err


def test_truncated_json(tmp_path: Path) -> None:
    with answering(200, b'{"clusterInfo": {"haState": "ACT', {"Content-Type": "application/json"}) as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN105" in err and "truncated" in err


def test_a_standby_that_names_the_active_one(tmp_path: Path) -> None:
    """RMWebAppFilter's redirect: the active RM is named by its address, never asked."""
    page = b"This is standby RM. The redirect url is: http://rm2.example.com:8088/ws/v1/cluster/info"
    location = {"Location": "http://rm2.example.com:8088/ws/v1/cluster/info", "Content-Type": "text/plain"}
    with answering(307, page, location) as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN104" in err and "the active one is http://rm2.example.com:8088" in err


# -- damaged responses ----------------------------------------------------------------------------

RESPONSES = {
    name: json.loads((DATA / "fair" / "3.4" / name).read_text()) for name in ("scheduler.json", "apps.json")
}
CAPACITY = {
    name: json.loads((DATA / "capacity" / "3.4" / name).read_text())
    for name in ("scheduler.json", "apps.json")
}


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*prefix, index))
    return found


def _damage(document: Any, path: tuple[Any, ...], how: str, replacement: Any) -> Any:
    copy = json.loads(json.dumps(document))
    if not path:
        return replacement
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    if how == "drop":
        del parent[path[-1]]
    else:
        parent[path[-1]] = replacement
    return copy


WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.just([]),
    st.just({}),
    st.just([1, "x"]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    data=st.data(),
    which=st.sampled_from(["scheduler.json", "apps.json"]),
    scheduler=st.sampled_from(["fair", "capacity"]),
    how=st.sampled_from(["drop", "replace", "truncate"]),
)
def test_damaged_responses_are_one_line_never_a_traceback(
    tmp_path: Path, data: st.DataObject, which: str, scheduler: str, how: str
) -> None:
    documents = dict(RESPONSES if scheduler == "fair" else CAPACITY)
    folder = tmp_path / f"{scheduler}-{which}-{how}"
    folder.mkdir(exist_ok=True)
    if how == "truncate":
        text = json.dumps(documents[which])
        cut = data.draw(st.integers(0, len(text) - 1))
        damaged = text[:cut]
    else:
        path = data.draw(st.sampled_from(_paths(documents[which])[1:]))
        damaged = json.dumps(_damage(documents[which], path, how, data.draw(WRONG)))
    (folder / which).write_text(damaged)
    other = "apps.json" if which == "scheduler.json" else "scheduler.json"
    (folder / other).write_text(json.dumps(documents[other]))
    out = folder / "snapshot.json"
    err = io.StringIO()
    options = snapshot.SnapshotOptions(
        sources=[str(folder / "scheduler.json"), str(folder / "apps.json")], output=str(out), force=True
    )
    code = snapshot.run(options, io.StringIO(), err)
    assert code in (0, 2)
    if code == 2:
        assert err.getvalue().count("\n") == 1 and "SN1" in err.getvalue(), err.getvalue()
        assert "Traceback" not in err.getvalue()
    else:  # a damage the snapshot does not depend on: what was written reads back
        from fsctl.io.demand import read_demand

        snap, problems = read_demand(str(out))
        assert snap is not None and not problems, problems
