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
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "oracle" / "run"
#: first answer includes a Maven build on a fresh machine
FIRST_ANSWER_SECONDS = 900
ANSWER_SECONDS = 120
#: the last lines of the JVM's (or Maven's) stderr that an error carries
STDERR_TAIL_LINES = 40


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
    """No answer from Hadoop: the oracle did not start (a failed Maven build), died, or did not answer
    in time (the message ends with the tail of its stderr, where Maven and the JVM say why); or the
    request ran past the oracle's own time limit, or asked for what this Hadoop line does not have
    (``ok: null`` in the oracle's answer)."""


class Oracle:
    """``oracle/run --hadoop-version V serve`` as a request/answer object."""

    def __init__(self, version: str) -> None:
        self.version = version
        self._lock = threading.Lock()
        self._answered = False
        self._stopped: str | None = None  # why an error stopped it: every later request says so
        self._start()
        self.hadoop = self.ask({"verb": "version"})["hadoop"]

    def _start(self) -> None:
        self._process = subprocess.Popen(
            [str(RUN), "--hadoop-version", self.version, "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        # stderr is drained all the time (a full pipe would block the JVM) and only its tail is kept
        self._stderr_tail: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        self._stderr_reader = threading.Thread(target=self._keep_stderr_tail, daemon=True)
        self._stderr_reader.start()
        self._restart = False

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """Hadoop's answer (``ok`` true or false); OracleError where there is none."""
        with self._lock:
            if self._stopped is not None:
                raise OracleError(self._stopped)
            if self._restart:
                # the JVM ends itself after a time-out (its stuck request holds global state)
                self.close()
                self._start()
            process = self._process
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(json.dumps(request) + "\n")
                process.stdin.flush()
            except BrokenPipeError as exc:
                raise self._exited() from exc
            line = self._read_line(FIRST_ANSWER_SECONDS if not self._answered else ANSWER_SECONDS)
            self._answered = True
            try:
                answer: dict[str, Any] = json.loads(line)
            except json.JSONDecodeError as exc:
                raise self._error(f"answered with a line that is not JSON: {line[:200]!r}") from exc
            if answer.get("ok", False) is None:
                self._restart = bool(answer.get("timeout"))
                raise OracleError(f"oracle {self.version}: {answer.get('message')} ({request.get('verb')})")
            return answer

    def _read_line(self, seconds: float) -> str:
        assert self._process.stdout is not None
        result: list[str] = []
        reader = threading.Thread(target=lambda: result.append(self._process.stdout.readline()))  # type: ignore[union-attr]
        reader.daemon = True
        reader.start()
        reader.join(seconds)
        if not result:
            raise self._error(f"no answer within {seconds} s")
        if not result[0]:
            raise self._exited()
        return result[0]

    def _keep_stderr_tail(self) -> None:
        assert self._process.stderr is not None
        for line in self._process.stderr:
            self._stderr_tail.append(line.rstrip("\n"))

    def _exited(self) -> OracleError:
        try:
            code = self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            return self._error("closed its output but did not exit")
        return self._error(f"exited with status {code} (a failed Maven build, or a JVM that died)")

    def _error(self, what: str) -> OracleError:
        """The oracle is stopped (an error leaves its answers out of step) and its last words read."""
        self.close()
        self._stderr_reader.join(5)
        tail = "\n".join(self._stderr_tail)
        said = f"; its stderr ends:\n{tail}" if tail else "; nothing on its stderr"
        self._stopped = f"oracle/run --hadoop-version {self.version} serve: {what}{said}"
        return OracleError(self._stopped)

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
