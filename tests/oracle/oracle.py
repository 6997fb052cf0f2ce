"""A client for ``oracle/run serve``: Hadoop's own scheduler code, one JVM per Hadoop version.

The JVM starts once per test session and answers one JSON request per line, so a differential
test pays the JVM start and class loading once (oracle.md).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "oracle" / "run"
#: first answer includes a Maven build on a fresh machine
FIRST_ANSWER_SECONDS = 900
ANSWER_SECONDS = 120


def unavailable_reason() -> str | None:
    """Why the oracle cannot run here, or None when it can."""
    missing = [tool for tool in ("java", "mvn") if shutil.which(tool) is None]
    if missing:
        return f"the Hadoop oracle needs {' and '.join(missing)} on PATH (oracle/run builds with Maven)"
    return None


def write_temporary(text: str, prefix: str) -> str:
    """A file holding ``text`` for both fsctl and the oracle to read; the caller deletes it."""
    fd, path = tempfile.mkstemp(suffix=".xml", prefix=prefix)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    return path


class OracleError(RuntimeError):
    """No answer from Hadoop: the oracle process died or did not answer in time, the request ran
    past the oracle's own time limit, or asked for what this Hadoop line does not have
    (``ok: null`` in the oracle's answer)."""


class Oracle:
    """``oracle/run --hadoop-version V serve`` as a request/answer object."""

    def __init__(self, version: str) -> None:
        self.version = version
        self._lock = threading.Lock()
        self._answered = False
        self._start()
        self.hadoop = self.ask({"verb": "version"})["hadoop"]

    def _start(self) -> None:
        self._stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
        self._process = subprocess.Popen(
            [str(RUN), "--hadoop-version", self.version, "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            cwd=ROOT,
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Hadoop's answer (``ok`` true or false); OracleError where there is none."""
        with self._lock:
            if self._process.poll() is not None:
                # the JVM ends itself after a time-out (its stuck request holds global state)
                self.close()
                self._start()
            process = self._process
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(json.dumps(request) + "\n")
                process.stdin.flush()
            except BrokenPipeError as exc:
                raise OracleError(f"oracle {self.version} exited ({process.poll()})") from exc
            line = self._read_line(FIRST_ANSWER_SECONDS if not self._answered else ANSWER_SECONDS)
            self._answered = True
            answer: dict[str, Any] = json.loads(line)
            if answer.get("ok", False) is None:
                if answer.get("timeout"):
                    self.close()  # the JVM ends itself after a time-out: the next ask starts another
                raise OracleError(f"oracle {self.version}: {answer.get('message')} ({request.get('verb')})")
            return answer

    def _read_line(self, seconds: float) -> str:
        assert self._process.stdout is not None
        result: list[str] = []
        reader = threading.Thread(target=lambda: result.append(self._process.stdout.readline()))  # type: ignore[union-attr]
        reader.daemon = True
        reader.start()
        reader.join(seconds)
        if not result or not result[0]:
            self.close()
            raise OracleError(f"oracle {self.version}: no answer within {seconds} s")
        return result[0]

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._stderr.close()
