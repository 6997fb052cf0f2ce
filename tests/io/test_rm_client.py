"""Network faults on real sockets (127.0.0.1, port 0): a closed port, a server that never answers,
one answering HTML, 401, a standby's page, truncated JSON. No server here stands in for a
ResourceManager's answers (those are recorded from a real one: tests/io/test_snapshot.py); and
hypothesis throws damaged responses at the snapshot builder. Every case is one line, exit 2,
nothing written."""

from __future__ import annotations

import io
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.commands import snapshot

DATA = Path(__file__).resolve().parents[1] / "data" / "rm"


@contextmanager
def answering(status: int, body: bytes, headers: dict[str, str] | None = None) -> Iterator[str]:
    """A loopback HTTP server giving every GET this one answer (a network fault, not an RM)."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            for name, value in (headers or {"Content-Type": "text/html"}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def take(tmp_path: Path, *urls: str, timeout: float = 5.0) -> tuple[int, str]:
    err = io.StringIO()
    out = tmp_path / "snapshot.json"
    options = snapshot.SnapshotOptions(urls=list(urls), output=str(out), timeout=timeout)
    code = snapshot.run(options, io.StringIO(), err)
    assert not out.exists()
    assert err.getvalue().count("\n") == 1, err.getvalue()
    return code, err.getvalue()


def test_a_closed_port_is_unreachable(tmp_path: Path) -> None:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    code, err = take(tmp_path, f"http://127.0.0.1:{port}")
    assert code == 2 and "SN101" in err and "connection refused" in err


def test_a_server_that_never_answers_times_out(tmp_path: Path) -> None:
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    try:
        code, err = take(tmp_path, f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.5)
    finally:
        silent.close()
    assert code == 2 and "SN102" in err and "0.5 s" in err


def test_a_proxys_html_page(tmp_path: Path) -> None:
    with answering(200, b"<html><body>Please log in</body></html>") as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN105" in err and "text/html" in err


@pytest.mark.parametrize("status", [401, 403])
def test_access_denied(tmp_path: Path, status: int) -> None:
    with answering(status, b"denied") as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN103" in err and f"HTTP {status}" in err and "--negotiate" in err


def test_truncated_json(tmp_path: Path) -> None:
    with answering(200, b'{"clusterInfo": {"haState": "ACT', {"Content-Type": "application/json"}) as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN105" in err and "truncated" in err


def test_a_standby_with_no_active_rm(tmp_path: Path) -> None:
    page = b"Can not find any active RM. Will retry in next 5 seconds.\nHA Zookeeper Connection State: x"
    with answering(307, page, {"Refresh": "5;url=http://x/", "Content-Type": "text/plain"}) as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN104" in err


def test_a_server_error(tmp_path: Path) -> None:
    with answering(500, b"java.lang.NullPointerException\n\tat ...", {"Content-Type": "text/plain"}) as url:
        code, err = take(tmp_path, url)
    assert code == 2 and "SN107" in err and "HTTP 500" in err and "NullPointerException" in err


def test_negotiate_without_the_extra_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "requests_gssapi", None)  # not installed
    err = io.StringIO()
    options = snapshot.SnapshotOptions(
        urls=["http://127.0.0.1:9"], output=str(tmp_path / "s"), negotiate=True
    )
    assert snapshot.run(options, io.StringIO(), err) == 2
    assert "SN109" in err.getvalue() and "fsctl[kerberos]" in err.getvalue()


# -- damaged responses ----------------------------------------------------------------------------

RESPONSES = {
    name: json.loads((DATA / "fair-3.4" / name).read_text()) for name in ("scheduler.json", "apps.json")
}
CAPACITY = {
    name: json.loads((DATA / "capacity-3.4" / name).read_text()) for name in ("scheduler.json", "apps.json")
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
