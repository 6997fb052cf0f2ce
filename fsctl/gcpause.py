"""Pausing Python's cyclic garbage collector while fsctl builds trees that stay alive.

Reading, linting and evaluating a 10,000-queue configuration allocates hundreds of thousands of
long-lived objects and almost no cyclic garbage; each full collection would rescan all of them and
free nothing (a third of lint's and simulate's time, measured with bench/run.py). Reference counting
still frees everything else. The previous state is restored, so in-process callers keep theirs.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
