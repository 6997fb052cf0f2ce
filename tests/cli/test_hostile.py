"""The CLI on a folder of hostile and broken files: one located line each, exit 2, no traceback,
bounded time, and nothing written."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.conftest import run_fsctl

DEEP = 10_000


def hostile_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, expected code)"""
    files: dict[str, tuple[bytes | None, str]] = {
        "xxe.xml": (
            b'<?xml version="1.0"?>\n<!DOCTYPE allocations [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            b'<allocations><queue name="&x;"/></allocations>\n',
            "XML003",
        ),
        "laughs.xml": (
            b'<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
            b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><allocations>&c;</allocations>',
            "XML003",
        ),
        "external-dtd.xml": (
            b'<!DOCTYPE allocations SYSTEM "http://192.0.2.1/a.dtd"><allocations/>',
            "XML003",
        ),
        "empty.xml": (b"", "XML002"),
        "truncated.xml": (b'<allocations>\n  <queue name="a">\n    <weight>2</wei', "XML002"),
        "binary.xml": (bytes(range(256)) * 4, "XML002"),
        "nul.xml": (b"<allocations>\x00</allocations>", "XML002"),
        "latin1.xml": ('<allocations><queue name="caf\u00e9"/></allocations>'.encode("latin-1"), "XML002"),
        "deep.xml": (
            b"<allocations>" + b"<queue name='q'>" * DEEP + b"</queue>" * DEEP + b"</allocations>",
            "XML002",
        ),
        "html.xml": (b"<html><body>not a scheduler file</body></html>", "XML004"),
        "huge.xml": (None, "XML005"),
    }
    out = {}
    for name, (data, code) in files.items():
        path = folder / name
        if data is None:
            with open(path, "wb") as handle:  # sparse: 100 MB on paper, nothing on disk
                handle.truncate(100 * 1024 * 1024)
        else:
            path.write_bytes(data)
        out[name] = (path, code)
    fifo = folder / "fifo.xml"
    os.mkfifo(fifo)
    out["fifo.xml"] = (fifo, "XML001")
    out["directory"] = (folder, "XML001")
    return out


@pytest.mark.parametrize("command", ["validate", "lint"])
def test_each_hostile_file_gets_one_located_line(tmp_path: Path, command: str) -> None:
    files = hostile_files(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    start = time.monotonic()
    for name, (path, code) in files.items():
        result = run_fsctl(command, str(path))
        assert result.returncode == 2, (name, result.stdout, result.stderr)
        assert "Traceback" not in result.stdout + result.stderr, name
        first = result.stdout.splitlines()[0]
        assert f" {code} error: " in first, (name, first)
        assert first.startswith(f"{path}:") or first.startswith(f"{path}: "), (name, first)
    assert time.monotonic() - start < 60
    assert sorted(p.name for p in tmp_path.iterdir()) == before
