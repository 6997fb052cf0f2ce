"""A real ResourceManager for the tests: ``oracle/run rm`` (oracle/.../live/LiveRM.java) with its web
services on 127.0.0.1, under the load of ``tests/data/rm/<scheduler>/conf/workload.json``.

The responses it gives are recorded in ``tests/data/rm/<scheduler>-<version>/`` for the JVM-free
tier (``tests/io/test_snapshot_replay.py``); ``tests/oracle/test_live_rm.py`` records them afresh and
holds the recording to them. Re-record with::

    python -m tests.oracle.live_rm
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.oracle.oracle import FIRST_ANSWER_SECONDS, ROOT, RUN

DATA = ROOT / "tests" / "data" / "rm"
SCHEDULERS = ("fair", "capacity")
VERSIONS = ("3.4", "3.3")
#: what is recorded, by file name: the request path (JSON, as fsctl snapshot asks for it)
RECORDED = {
    "scheduler.json": "/ws/v1/cluster/scheduler",
    "apps.json": "/ws/v1/cluster/apps?states=RUNNING,ACCEPTED",
    "metrics.json": "/ws/v1/cluster/metrics",
    "info.json": "/ws/v1/cluster/info",
    "conf.json": "/conf",
}


class LiveRMError(RuntimeError):
    """The ResourceManager did not start: its own error, or no answer in time."""


class LiveRM:
    """One ``oracle/run rm`` process: ``url`` its web address, ``answer`` its first line."""

    def __init__(self, version: str, scheduler: str, *extra: str) -> None:
        self._stderr = open(Path("/tmp") / f"fsctl-live-rm-{scheduler}-{version}.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                str(RUN),
                "--hadoop-version",
                version,
                "rm",
                "--scheduler",
                scheduler,
                "--conf-dir",
                str(DATA / scheduler / "conf"),
                *extra,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            cwd=ROOT,
        )
        line = self._first_line(FIRST_ANSWER_SECONDS)
        self.answer: dict[str, Any] = json.loads(line)
        if not self.answer.get("ok"):
            self.close()
            raise LiveRMError(f"oracle/run rm ({scheduler}, {version}): {self.answer.get('error')}")
        self.url: str = self.answer["url"]

    def _first_line(self, seconds: float) -> str:
        assert self.process.stdout is not None
        result: list[str] = []
        reader = threading.Thread(target=lambda: result.append(self.process.stdout.readline()))  # type: ignore[union-attr]
        reader.daemon = True
        reader.start()
        reader.join(seconds)
        if not result or not result[0]:
            self.close()
            raise LiveRMError(f"oracle/run rm: no address within {seconds} s (see {self._stderr.name})")
        return result[0]

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            try:
                self.process.stdin.close()  # the RM stops when its stdin closes
                self.process.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        self._stderr.close()


@contextmanager
def live_rm(version: str, scheduler: str, *extra: str) -> Iterator[LiveRM]:
    rm = LiveRM(version, scheduler, *extra)
    try:
        yield rm
    finally:
        rm.close()


def fetch(url: str) -> dict[str, Any]:
    """Every recorded response of the ResourceManager at ``url``, by file name."""
    import requests

    answers = {}
    for name, path in RECORDED.items():
        response = requests.get(url + path, headers={"Accept": "application/json"}, timeout=60)
        response.raise_for_status()
        answers[name] = response.json()
    return answers


def case_dir(scheduler: str, version: str) -> Path:
    return DATA / f"{scheduler}-{version}"


def record(versions: tuple[str, ...] = VERSIONS) -> None:
    for version in versions:
        for scheduler in SCHEDULERS:
            with live_rm(version, scheduler) as rm:
                answers = fetch(rm.url)
            folder = case_dir(scheduler, version)
            folder.mkdir(parents=True, exist_ok=True)
            for name, document in answers.items():
                (folder / name).write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
            print(f"recorded {folder}")


if __name__ == "__main__":
    record(tuple(sys.argv[1:]) or VERSIONS)
