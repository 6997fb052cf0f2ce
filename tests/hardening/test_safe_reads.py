"""fsctl.io.fileio.read_input and input_at: inputs that would block, never end or be overwritten."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from fsctl.io.fileio import InputRefusedError, input_at, read_input


def test_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"x" * 10)
    assert read_input(str(path), 10) == b"x" * 10


def test_refuses_a_file_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"x" * 11)
    with pytest.raises(InputRefusedError, match="larger than 10 bytes") as caught:
        read_input(str(path), 10)
    assert str(caught.value) == caught.value.strerror  # one plain reason, no [Errno ...]


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "link-to-device"])
def test_refuses_what_is_not_a_regular_file_without_blocking(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "input"
    if kind == "fifo":
        os.mkfifo(path)  # no writer: a plain open() would wait forever
    elif kind == "directory":
        path.mkdir()
    elif kind == "link-to-device":
        path.symlink_to("/dev/zero")
    else:
        path = Path("/dev/zero")
    start = time.monotonic()
    with pytest.raises(InputRefusedError, match=r"is a directory|not a regular file"):
        read_input(str(path), 1024)
    assert time.monotonic() - start < 1


def test_missing_file_is_an_ordinary_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_input(str(tmp_path / "missing"), 10)


def test_input_at_sees_the_same_file_by_any_name(tmp_path: Path) -> None:
    real = tmp_path / "ratios.yaml"
    real.write_text("queues: {}\n")
    link = tmp_path / "link.xml"
    link.symlink_to(real)
    hard = tmp_path / "hard.xml"
    os.link(real, hard)
    relative = os.path.relpath(real)
    for output in (str(real), str(link), str(hard), str(tmp_path / "." / "ratios.yaml")):
        assert input_at(output, [None, relative]) == relative
    other = tmp_path / "other.xml"
    other.write_text("")
    assert input_at(str(other), [str(real)]) is None
    assert input_at(str(tmp_path / "new.xml"), [str(real)]) is None  # not there yet: nothing to overwrite
    assert input_at(str(real), [str(tmp_path / "missing.yaml"), None]) is None
