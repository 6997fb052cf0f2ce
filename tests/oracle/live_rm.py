"""Real ResourceManagers for the tests: ``oracle/run rm`` (oracle/.../live/LiveRM.java) with its web
services on 127.0.0.1, one per configuration of ``tests/data/rm/<configuration>/conf/`` (the
scheduler's file and ``workload.json``: the nodes, and the applications each user submits to each
queue with the containers they ask for).

The responses each one gives are recorded in ``tests/data/rm/<configuration>/<version>/`` for the
JVM-free tier (``tests/io/test_snapshot.py``); ``tests/oracle/test_live_rm.py`` takes them afresh
and holds the recording to them. Re-record with::

    python -m tests.oracle.live_rm [CONFIGURATION ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.oracle.oracle import FIRST_ANSWER_SECONDS, ROOT, RUN

DATA = ROOT / "tests" / "data" / "rm"
VERSIONS = ("3.4", "3.3")
#: what is recorded, by file name: the request path (JSON, as fsctl snapshot asks for it)
RECORDED = {
    "scheduler.json": "/ws/v1/cluster/scheduler",
    "apps.json": "/ws/v1/cluster/apps?states=RUNNING,ACCEPTED",
    "metrics.json": "/ws/v1/cluster/metrics",
    "info.json": "/ws/v1/cluster/info",
    "conf.json": "/conf",
}
SCHEDULER_FILES = {"fair": "fair-scheduler.xml", "capacity": "capacity-scheduler.xml"}


@dataclass(frozen=True)
class Configuration:
    """One live ResourceManager's configuration: ``tests/data/rm/<name>/conf/``."""

    name: str
    scheduler: str
    #: the Hadoop lines that run it (queue weights are 3.4's)
    versions: tuple[str, ...] = VERSIONS

    @property
    def conf_dir(self) -> Path:
        return DATA / self.name / "conf"

    @property
    def scheduler_file(self) -> Path:
        return self.conf_dir / SCHEDULER_FILES[self.scheduler]

    def recorded(self, version: str) -> Path:
        return DATA / self.name / version

    def workload(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads((self.conf_dir / "workload.json").read_text())
        return loaded


CONFIGURATIONS = (
    # nested queues, drf and fair, a minimum and a maximum share, maxRunningApps, a managed AM
    Configuration("fair", "fair"),
    # queues created at submission for each user, several users per queue, a user's and a queue's
    # limit on running applications, fifo, a maximum in percent, maxChildResources
    Configuration("fair-users", "fair"),
    # percentages, nested, a user limit factor
    Configuration("capacity", "capacity"),
    # absolute resources, nested, several users per queue
    Configuration("capacity-absolute", "capacity"),
    # weights, nested, the dominant resource calculator, several users per queue
    Configuration("capacity-weight", "capacity", ("3.4",)),
)
BY_NAME = {configuration.name: configuration for configuration in CONFIGURATIONS}
#: every (configuration, version) a real ResourceManager runs
CASES = [(c, v) for c in CONFIGURATIONS for v in c.versions]


class LiveRMError(RuntimeError):
    """The ResourceManager did not start: its own error, or no answer in time."""


class LiveRM:
    """One ``oracle/run rm`` process: ``url`` its web address, ``answer`` its first line."""

    def __init__(self, version: str, configuration: Configuration, *extra: str) -> None:
        log = Path("/tmp") / f"fsctl-live-rm-{configuration.name}-{version}.log"
        self._stderr = open(log, "w")  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen(
            [
                str(RUN),
                "--hadoop-version",
                version,
                "rm",
                "--scheduler",
                configuration.scheduler,
                "--conf-dir",
                str(configuration.conf_dir),
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
            raise LiveRMError(f"oracle/run rm ({configuration.name}, {version}): {self.answer.get('error')}")
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
def live_rm(version: str, configuration: Configuration, *extra: str) -> Iterator[LiveRM]:
    rm = LiveRM(version, configuration, *extra)
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


def record(names: tuple[str, ...]) -> None:
    for configuration, version in CASES:
        if names and configuration.name not in names:
            continue
        with live_rm(version, configuration) as rm:
            answers = fetch(rm.url)
        folder = configuration.recorded(version)
        folder.mkdir(parents=True, exist_ok=True)
        for name, document in answers.items():
            (folder / name).write_text(json.dumps(document, indent=1, sort_keys=True) + "\n")
        print(f"recorded {folder}")


if __name__ == "__main__":
    record(tuple(sys.argv[1:]))
