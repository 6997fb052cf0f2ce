"""``root.default`` per Hadoop version, as the oracle answered (tests/data/oracle holds the answers):
3.3.6 creates it as a leaf before reading the file, 3.4.2 only when the file declares it."""

from __future__ import annotations

from collections.abc import Callable

from fsctl.loader import load
from fsctl.model.versions import HadoopVersion


def _read(write: Callable[[str, str], str], body: str, version: HadoopVersion) -> tuple[list[str], list[str]]:
    path = write("fair-scheduler.xml", f'<?xml version="1.0"?>\n<allocations>\n{body}\n</allocations>\n')
    result = load(path, hadoop_version=version).result
    assert result.tree is not None
    return [q.path for q in result.tree.root.walk()], [
        f"{d.code}:{d.line}:{d.queue}" for d in result.diagnostics
    ]


def test_undeclared_default_exists_on_33_only(write: Callable[[str, str], str]) -> None:
    assert _read(write, '<queue name="a"/>', (3, 3)) == (["root", "root.default", "root.a"], [])
    assert _read(write, '<queue name="a"/>', (3, 4)) == (["root", "root.a"], [])


def test_leaves_under_default_are_not_created_on_33(write: Callable[[str, str], str]) -> None:
    body = '<queue name="default">\n<queue name="x"/>\n</queue>'
    queues, found = _read(write, body, (3, 3))
    assert found == ["FS116:4:root.default.x"]
    assert queues == ["root", "root.default", "root.default.x"]  # kept in the tree, marked dropped
    assert _read(write, body, (3, 4))[1] == []


def test_declared_default_merges_with_the_implicit_one(write: Callable[[str, str], str]) -> None:
    queues, found = _read(write, '<queue name="default"><weight>3</weight></queue>', (3, 3))
    assert (queues, found) == (["root", "root.default"], [])
