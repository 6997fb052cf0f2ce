"""Writing outputs without ever losing anything: no overwrite without ``force``, atomic replace."""

from __future__ import annotations

import contextlib
import os
import tempfile


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
