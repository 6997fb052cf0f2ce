"""Many fsctl invocations at the cost of one Python start-up.

``run_many`` starts one helper process that imports fsctl once and then, for each argument list,
forks a child that runs the real entry point (``fsctl.cli.main``, what ``python -m fsctl`` runs)
with its own standard output and error. Each child is a separate process with its own exit code,
wall time and peak memory (``wait4``), and is killed if it overruns its time limit. A crash (a
segmentation fault) shows as a negative exit code, as with ``subprocess``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

HELPER = r"""
import json, os, signal, sys, tempfile, time
import fsctl.cli, fsctl.commands.convert, fsctl.commands.generate, fsctl.commands.simulate
import fsctl.commands.diff, fsctl.commands.check, fsctl.io.demand, fsctl.generate.ratios
import yaml, lxml.etree  # warm: every child starts from here
jobs, limit = json.load(sys.stdin), float(sys.argv[1])
results = []
for args in jobs:
    out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        os.dup2(out.fileno(), 1)
        os.dup2(err.fileno(), 2)
        sys.argv = ["fsctl", *args]
        code = 2
        try:
            fsctl.cli.main()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() - start > limit:
            os.kill(pid, signal.SIGKILL)
            done, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.005)
    seconds = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    out.seek(0)
    err.seek(0)
    results.append([code, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"),
                    seconds, usage.ru_maxrss])
json.dump(results, sys.stdout)
"""


@dataclass
class Run:
    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    peak_kb: int


def run_many(jobs: list[list[str]], limit: float = 10.0, env: dict[str, str] | None = None) -> list[Run]:
    env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    env.pop("GITHUB_ACTIONS", None)
    done = subprocess.run(
        [sys.executable, "-c", HELPER, str(limit)],
        input=json.dumps(jobs),
        capture_output=True,
        text=True,
        env=env,
        timeout=60 + limit * len(jobs),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [Run(args, *row) for args, row in zip(jobs, json.loads(done.stdout), strict=True)]
