"""Writing outputs without ever losing anything: no overwrite without ``force``, atomic replace."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable
from typing import TextIO


class OutputExistsError(Exception):
    """The output exists and ``force`` was not given."""


class UnsafeOutputError(Exception):
    """The output path is not a place fsctl will write to (a symlink, a directory, ...)."""


def write_atomic(path: str, data: bytes, *, force: bool = False) -> None:
    """Write ``data`` to ``path`` via a temporary file in the same folder and a rename.

    A reader of ``path`` sees the old file or the new one, never a partial one, even if fsctl is
    killed mid-write. A symlink at ``path`` is refused rather than followed or replaced.
    """
    if os.path.islink(path):
        raise UnsafeOutputError(f"{path}: is a symbolic link; refusing to write through it")
    if os.path.isdir(path):
        raise UnsafeOutputError(f"{path}: is a directory")
    if os.path.exists(path) and not force:
        raise OutputExistsError(f"{path}: exists; use --force to overwrite it")
    folder = os.path.dirname(os.path.abspath(path))
    import tempfile  # here: only a command that writes pays for it (it brings shutil, random, ...)

    fd, tmp = tempfile.mkstemp(prefix=".fsctl-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class InputRefusedError(OSError):
    """An input fsctl will not read (not a regular file, or too large); ``str()`` is just the reason."""

    def __str__(self) -> str:
        return self.strerror or super().__str__()


#: the path that stands for standard input, as in most command-line tools
STDIN = "-"


def read_stdin(max_bytes: int) -> bytes:
    """Standard input, all of it, refused past ``max_bytes`` (``OSError`` as :func:`read_input`)."""
    import errno
    import sys

    data = sys.stdin.buffer.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputRefusedError(errno.EFBIG, f"is larger than {max_bytes} bytes, more than fsctl reads")
    return data


def read_input(path: str, max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (``-``: standard input); a FIFO, device or directory,
    or a file larger than ``max_bytes``, raises ``OSError`` (with a ``strerror`` fit for a one-line
    message).

    Opened non-blocking and checked on the open descriptor: ``open()`` on a FIFO would wait for a
    writer forever, and ``/dev/zero`` would be read until memory runs out.
    """
    import errno
    import stat

    if path == STDIN:
        return read_stdin(max_bytes)

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputRefusedError(errno.EISDIR, "is a directory")
        if stat.S_ISREG(info.st_mode):
            raise InputRefusedError(errno.EFBIG, f"is larger than {max_bytes} bytes, more than fsctl reads")
        raise InputRefusedError(errno.EINVAL, "is not a regular file (a FIFO or a device)")
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(max_bytes + 1)  # and if it grew meanwhile
    if len(data) > max_bytes:
        raise InputRefusedError(errno.EFBIG, f"is larger than {max_bytes} bytes, more than fsctl reads")
    return data


def input_at(output: str, inputs: list[str | None]) -> str | None:
    """The input that ``output`` names (the same file, by any path or link), if any: an output
    written over an input is a typo to refuse, even with ``--force``."""
    if not os.path.exists(output):
        return None
    for candidate in inputs:
        if candidate and os.path.exists(candidate):
            with contextlib.suppress(OSError):
                if os.path.samefile(output, candidate):
                    return candidate
    return None


#: folders a search never enters: version control, virtual environments, dependencies, caches and
#: build output (the usual excludes of ruff and friends)
EXCLUDED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".svn",
        ".bzr",
        ".venv",
        "venv",
        ".tox",
        ".nox",
        ".eggs",
        "node_modules",
        "__pycache__",
        ".mypy_cache",
        ".pytest_cache",
        ".ruff_cache",
        ".idea",
        ".vscode",
        "build",
        "dist",
        "target",
        "site-packages",
    }
)


def search_directory(
    folder: str, names: str, recognised: Callable[[str], bool]
) -> list[tuple[str, str | None]]:
    """The ``.xml`` files below ``folder``, sorted, that match the regular expression ``names`` or
    that ``recognised`` accepts (by content), each with None; and each folder or file the search
    could not read, with the reason (it may hold a scheduler file: reported, never skipped).
    Symbolic links to folders are not followed."""
    entries: list[tuple[str, str | None]] = []
    pattern = re.compile(names)

    def unlistable(error: OSError) -> None:
        entries.append((error.filename or folder, error.strerror or str(error)))

    for top, folders, files in os.walk(folder, onerror=unlistable):
        folders[:] = sorted(f for f in folders if f not in EXCLUDED_FOLDERS and not f.endswith(".egg-info"))
        for name in sorted(files):
            if not name.lower().endswith(".xml"):
                continue
            path = os.path.join(top, name)
            if pattern.search(name):
                entries.append((path, None))  # read next by the command, which reports an unreadable one
                continue
            reason = _unopenable(path)
            if reason is not None:
                entries.append((path, reason))
            elif recognised(path):
                entries.append((path, None))
    return entries


def _unopenable(path: str) -> str | None:
    """Why ``path`` cannot be opened for reading, or None (non-blocking: a FIFO never waits)."""
    try:
        os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def write_report(
    text: str, output: str | None, stdout: TextIO, *, force: bool, inputs: list[str | None]
) -> str | None:
    """``text`` to standard output (``output`` None or ``-``), else atomically to the file ``output``
    (never over an input, never over a file without ``force``); the reason it failed, or None."""
    if output in (None, STDIN):
        stdout.write(text)
        return None
    assert output is not None
    if input_at(output, inputs):
        return f"{output}: is an input; refusing to overwrite it"
    try:
        write_atomic(output, text.encode("utf-8"), force=force)
    except (OutputExistsError, UnsafeOutputError) as exc:
        return str(exc)
    except OSError as exc:
        return f"{output}: cannot write: {exc.strerror or exc}"
    return None
