"""Pausing Python's cyclic garbage collector while fsctl builds trees that stay alive.

Reading, linting and evaluating a 10,000-queue configuration allocates hundreds of thousands of
long-lived objects and almost no cyclic garbage; each full collection would rescan all of them and
free nothing (a third of lint's and simulate's time, measured with bench/run.py). Reference counting
still frees everything else. The previous state is restored, so in-process callers keep theirs.

The command line is a short-lived process: :func:`run_and_exit` keeps the collector off for the
whole run and ends the process without tearing the heap down object by object (at 100,000 queues
that teardown, and the collections re-enabling would start, cost more than writing the output).
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Iterator


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def run_and_exit(run: Callable[[], int]) -> None:
    """Run a whole command with the collector off, flush the standard streams, and end the process
    at once with ``run``'s exit code: nothing is left to do at exit but free memory the OS reclaims
    anyway (fsctl registers no exit handlers; its files are closed or renamed before it returns)."""
    gc.disable()
    code = run()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nobody is left to read it
            stream.flush()
    os._exit(code)
