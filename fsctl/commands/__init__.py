"""Commands as plain functions of parsed options that return an exit code (0, 1 or 2)."""

import contextlib
import gc
from collections.abc import Iterator

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a command builds and renders a large tree.

    A 10,000-queue run allocates hundreds of thousands of long-lived containers; the collector's
    full passes over them cost about a third of simulate's CPU time and find nothing to free (the
    trees live until the command ends). Reference counting still frees everything else. The
    previous state is restored, so in-process callers (tests) keep their own setting.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
