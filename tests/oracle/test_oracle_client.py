"""The oracle client tells the truth about a broken oracle: Maven's or the JVM's own words end every
error, a broken start is not retried inside every Hypothesis example, and a missing JVM is a skip
locally and a failure under CI. A fake ``oracle/run`` (a shell script) plays the broken oracle, so
these tests need no JVM."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle import oracle as client
from tests.oracle import session
from tests.oracle.oracle import Oracle, OracleError

pytestmark = pytest.mark.jvm_free

MAVEN_FAILURE = """\
echo '[ERROR] COMPILATION ERROR :' >&2
echo '[ERROR] /oracle/src/main/java/dev/fsctl/oracle/Oracle.java:[12,8] cannot find symbol' >&2
exit 1
"""


def fake_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str) -> Path:
    script = tmp_path / "run"
    script.write_text("#!/usr/bin/env bash\n" + body)
    script.chmod(0o755)
    monkeypatch.setattr(client, "RUN", script)
    return script


def test_a_failed_build_shows_mavens_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_run(tmp_path, monkeypatch, MAVEN_FAILURE)
    with pytest.raises(OracleError) as raised:
        Oracle("3.4")
    message = str(raised.value)
    assert "exited with status 1" in message
    assert "Oracle.java:[12,8] cannot find symbol" in message


def test_a_jvm_that_dies_shows_its_last_words_and_stays_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_run(
        tmp_path,
        monkeypatch,
        'read -r _; echo \'{"hadoop": "3.4.2"}\'\n'
        "read -r _; echo 'java.lang.OutOfMemoryError: Java heap space' >&2; exit 3\n",
    )
    oracle = Oracle("3.4")
    assert oracle.hadoop == "3.4.2"
    with pytest.raises(OracleError, match=r"(?s)exited with status 3.*OutOfMemoryError"):
        oracle.ask({"verb": "load", "file": "x.xml"})
    with pytest.raises(OracleError, match=r"(?s)exited with status 3.*OutOfMemoryError"):
        oracle.ask({"verb": "load", "file": "x.xml"})


def test_silence_is_a_time_out_not_a_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_run(tmp_path, monkeypatch, "echo 'Picked up JAVA_TOOL_OPTIONS: -Xmx1g' >&2\nexec sleep 600\n")
    monkeypatch.setattr(client, "FIRST_ANSWER_SECONDS", 0.5)
    with pytest.raises(OracleError, match=r"(?s)no answer within 0.5 s.*Picked up JAVA_TOOL_OPTIONS"):
        Oracle("3.4")


def test_an_answer_that_is_not_json_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_run(tmp_path, monkeypatch, "read -r _; echo 'SLF4J: multiple bindings'; exec sleep 600")
    with pytest.raises(OracleError, match="not JSON: 'SLF4J: multiple bindings"):
        Oracle("3.4")


def test_a_broken_oracle_is_started_once_per_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    starts = tmp_path / "starts"
    fake_run(tmp_path, monkeypatch, f"echo started >> {starts}\n" + MAVEN_FAILURE)
    monkeypatch.setattr(session, "_missing_tools", lambda: None)
    monkeypatch.setattr(session, "_RUNNING", {})
    monkeypatch.setattr(session, "_FAILED", {})
    for _ in range(3):
        with pytest.raises(OracleError, match="cannot find symbol"):
            session.oracle_for("3.4")
    assert starts.read_text() == "started\n"


@pytest.mark.parametrize(("ci", "outcome"), [("", pytest.skip.Exception), ("true", pytest.fail.Exception)])
def test_without_java_and_maven_a_skip_locally_a_failure_under_ci(
    ci: str, outcome: type[BaseException], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CI", ci)
    monkeypatch.setattr(session, "_missing_tools", lambda: "the Hadoop oracle needs java on PATH")
    with pytest.raises(outcome, match="needs java on PATH"):
        session.oracle_for("3.4")
