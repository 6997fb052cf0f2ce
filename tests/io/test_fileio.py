"""Nothing is lost: no overwrite without force, no write through a symlink, atomic replacement."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fsctl.io.fileio import OutputExistsError, UnsafeOutputError, write_atomic


def test_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    out = tmp_path / "out.xml"
    out.write_bytes(b"old")
    with pytest.raises(OutputExistsError):
        write_atomic(str(out), b"new")
    assert out.read_bytes() == b"old"
    write_atomic(str(out), b"new", force=True)
    assert out.read_bytes() == b"new"


def test_refuses_symlink_even_with_force(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_bytes(b"keep me")
    link = tmp_path / "out.xml"
    link.symlink_to(target)
    with pytest.raises(UnsafeOutputError):
        write_atomic(str(link), b"new", force=True)
    assert target.read_bytes() == b"keep me"
    assert link.is_symlink()


def test_no_temporary_files_left_behind(tmp_path: Path) -> None:
    write_atomic(str(tmp_path / "a.xml"), b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.xml"]


def test_killed_writer_leaves_old_or_new_file(tmp_path: Path) -> None:
    """A writer killed mid-write never leaves a partial file at the destination."""
    out = tmp_path / "out.xml"
    out.write_bytes(b"old")
    script = (
        "import sys, time\n"
        "from fsctl.io import fileio\n"
        "real = fileio.os.fsync\n"
        "def slow(fd):\n"
        "    print('writing', flush=True); time.sleep(30); real(fd)\n"
        "fileio.os.fsync = slow\n"
        f"fileio.write_atomic({str(out)!r}, b'new' * 1000000, force=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == b"writing"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    time.sleep(0.05)
    assert out.read_bytes() == b"old"
