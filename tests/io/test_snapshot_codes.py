"""Every rule code of ``fsctl snapshot`` (SN1xx) and of simulate's live check (SM26x) is raised here
by a situation a user meets: a network fault on a loopback socket, a saved response of another
scheduler, or the responses recorded from a real ResourceManager (tests/data/rm/) with the one thing
changed that the situation changes (a node joined, an application finished, the file in git is not
the one deployed). The table covers every code the two catalogue modules define: a code no
situation raises fails here, and is either given one or removed."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from fsctl.catalogue import live_check
from fsctl.catalogue import snapshot as snapshot_rules
from fsctl.commands import simulate, snapshot
from fsctl.model.diagnostics import Rule
from tests.io.loopback import answering, closed_port, silent
from tests.oracle.live_rm import BY_NAME

FILES = ("scheduler.json", "apps.json", "metrics.json", "info.json", "conf.json")
FAIR = BY_NAME["fair"]
CAPACITY = BY_NAME["capacity"]

#: code -> a situation: it returns what fsctl printed (one line on stderr, or simulate's report)
SITUATIONS: dict[str, Callable[[Path], str]] = {}


def situation(code: str) -> Callable[[Callable[[Path], str]], Callable[[Path], str]]:
    def register(function: Callable[[Path], str]) -> Callable[[Path], str]:
        SITUATIONS[code] = function
        return function

    return register


def take_live(tmp_path: Path, *urls: str, timeout: float = 5.0, **options: object) -> str:
    """``fsctl snapshot --rm URL...``: it must fail with one line and write nothing."""
    err = io.StringIO()
    out = tmp_path / "snapshot.json"
    settings = snapshot.SnapshotOptions(urls=list(urls), output=str(out), timeout=timeout)
    for name, value in options.items():
        setattr(settings, name, value)
    assert snapshot.run(settings, io.StringIO(), err) == 2
    assert not out.exists()
    assert err.getvalue().count("\n") == 1, err.getvalue()
    return err.getvalue()


def take_saved(tmp_path: Path, *sources: Path, force: bool = False) -> tuple[int, str, Path]:
    """``fsctl snapshot --from SOURCES``: (exit code, stderr, the snapshot)."""
    err = io.StringIO()
    out = tmp_path / "snapshot.json"
    settings = snapshot.SnapshotOptions(sources=[str(s) for s in sources], output=str(out), force=force)
    return snapshot.run(settings, io.StringIO(), err), err.getvalue(), out


def recorded_copy(tmp_path: Path, case: Path) -> Path:
    """A copy of a recorded case, to change one thing in."""
    copy = tmp_path / "responses"
    shutil.copytree(case, copy)
    return copy


def edit(path: Path, change: Callable[[dict], None]) -> None:  # type: ignore[type-arg]
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))


def live_check_of(tmp_path: Path, responses: Path, config: Path) -> str:
    """simulate's report on the snapshot of these responses; the live check finds a difference."""
    code, err, out = take_saved(tmp_path, *(responses / f for f in FILES))
    assert code == 0, err
    stdout = io.StringIO()
    options = simulate.SimulateOptions(path=str(config), demand=str(out))
    assert simulate.run(options, stdout, io.StringIO()) == 1, stdout.getvalue()
    return stdout.getvalue()


def changed_file(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    """``source`` with one setting changed: the file in git that is not the one deployed."""
    text = source.read_text()
    assert old in text
    changed = tmp_path / source.name
    changed.write_text(text.replace(old, new, 1))
    return changed


# -- fsctl snapshot: SN1xx ---------------------------------------------------------------------------


@situation("SN101")
def a_port_nothing_listens_on(tmp_path: Path) -> str:
    line = take_live(tmp_path, f"http://127.0.0.1:{closed_port()}")
    assert "connection refused" in line
    return line


@situation("SN102")
def a_server_that_never_answers(tmp_path: Path) -> str:
    with silent() as url:
        line = take_live(tmp_path, url, timeout=0.5)
    assert "0.5 s" in line
    return line


@situation("SN103")
def a_gateway_that_refuses(tmp_path: Path) -> str:
    with answering(401, b"denied") as url:
        line = take_live(tmp_path, url)
    assert "HTTP 401" in line and "--negotiate" in line
    return line


@situation("SN104")
def a_standby_that_knows_no_active_rm(tmp_path: Path) -> str:
    """RMWebAppFilter's page while no RM of the pair is active (tests/oracle/test_live_rm.py has
    the real standby, with and without an active one)."""
    page = b"Can not find any active RM. Will retry in next 5 seconds.\nHA Zookeeper Connection State: x"
    with answering(307, page, {"Refresh": "5;url=http://x/", "Content-Type": "text/plain"}) as url:
        line = take_live(tmp_path, url)
    assert "knows no active one" in line
    return line


@situation("SN105")
def a_proxys_login_page(tmp_path: Path) -> str:
    with answering(200, b"<html><body>Please log in</body></html>") as url:
        line = take_live(tmp_path, url)
    assert "text/html" in line
    return line


@situation("SN106")
def a_saved_response_of_the_fifo_scheduler(tmp_path: Path) -> str:
    """FifoSchedulerInfo, as a ResourceManager running the FifoScheduler answers."""
    scheduler = tmp_path / "scheduler.json"
    scheduler.write_text(
        json.dumps(
            {
                "scheduler": {
                    "schedulerInfo": {
                        "type": "fifoScheduler",
                        "capacity": 1.0,
                        "usedCapacity": 0.0,
                        "qstate": "RUNNING",
                        "minQueueMemoryCapacity": 1024,
                        "maxQueueMemoryCapacity": 8192,
                        "numNodes": 2,
                        "usedNodeCapacity": 0,
                        "availNodeCapacity": 32768,
                        "totalNodeCapacity": 32768,
                        "numContainers": 0,
                    }
                }
            }
        )
    )
    code, line, out = take_saved(tmp_path, scheduler, FAIR.recorded("3.4") / "apps.json")
    assert code == 2 and not out.exists()
    assert "fifoScheduler" in line and "$.scheduler.schedulerInfo.type" in line
    return line


@situation("SN107")
def an_error_inside_the_rm(tmp_path: Path) -> str:
    with answering(500, b"java.lang.NullPointerException\n\tat ...", {"Content-Type": "text/plain"}) as url:
        line = take_live(tmp_path, url)
    assert "HTTP 500" in line and "NullPointerException" in line
    return line


@situation("SN108")
def https_to_an_rm_that_serves_http(tmp_path: Path) -> str:
    """The address given with https:// where the RM serves plain HTTP: the handshake fails."""
    with answering(200, b"{}", {"Content-Type": "application/json"}) as url:
        line = take_live(tmp_path, url.replace("http://", "https://"))
    assert "TLS failed" in line and "is its address http://" in line
    return line


@situation("SN109")
def negotiate_without_the_kerberos_extra(tmp_path: Path) -> str:
    sys.modules["requests_gssapi"] = None  # type: ignore[assignment] - not installed
    try:
        line = take_live(tmp_path, f"http://127.0.0.1:{closed_port()}", negotiate=True)
    finally:
        del sys.modules["requests_gssapi"]
    assert "fsctl[kerberos]" in line
    return line


@situation("SN110")
def saved_responses_without_the_scheduler(tmp_path: Path) -> str:
    code, line, out = take_saved(tmp_path, FAIR.recorded("3.4") / "metrics.json")
    assert code == 2 and not out.exists() and "/ws/v1/cluster/scheduler" in line
    return line


@situation("SN111")
def an_existing_snapshot(tmp_path: Path) -> str:
    (tmp_path / "snapshot.json").write_text("keep")
    code, line, out = take_saved(tmp_path, *(FAIR.recorded("3.4") / f for f in FILES))
    assert code == 2 and out.read_text() == "keep" and "--force" in line
    return line


# -- the live check: SM26x ---------------------------------------------------------------------------


@situation("SM260")
def the_load_moved_between_the_requests(tmp_path: Path) -> str:
    """The only application of root.default, which had no container yet, was killed between the
    scheduler's answer and the applications': the queue is idle in the snapshot, its siblings'
    fair shares are not the ones the RM computed while it was active (usage did not change)."""
    responses = recorded_copy(tmp_path, FAIR.recorded("3.4"))

    def killed(document: dict) -> None:  # type: ignore[type-arg]
        document["apps"]["app"] = [app for app in document["apps"]["app"] if app["user"] != "eve"]

    edit(responses / "apps.json", killed)
    report = live_check_of(tmp_path, responses, FAIR.scheduler_file)
    assert "root.default fair share" in report and "SM264" not in report
    return report


@situation("SM261")
def a_weight_that_is_not_the_deployed_one(tmp_path: Path) -> str:
    config = changed_file(
        tmp_path,
        FAIR.scheduler_file,
        "<weight>2</weight>\n    <maxResources>",
        "<weight>3</weight>\n    <maxResources>",
    )
    report = live_check_of(tmp_path, FAIR.recorded("3.4"), config)
    assert "root.etl steady fair share" in report
    return report


@situation("SM262")
def a_capacity_that_is_not_the_deployed_one(tmp_path: Path) -> str:
    config = changed_file(
        tmp_path,
        CAPACITY.scheduler_file,
        "root.analytics.adhoc.capacity</name><value>50<",
        "root.analytics.adhoc.capacity</name><value>60<",
    )
    config.write_text(
        config.read_text().replace(
            "root.analytics.reports.capacity</name><value>50<",
            "root.analytics.reports.capacity</name><value>40<",
        )
    )
    report = live_check_of(tmp_path, CAPACITY.recorded("3.4"), config)
    assert "root.analytics.adhoc capacity: fsctl 60.0000%" in report
    return report


@situation("SM263")
def a_node_that_joined_between_the_requests(tmp_path: Path) -> str:
    """The cluster metrics count a node the scheduler's answer did not: the effective resources
    fsctl computes for that cluster are not the ones the RM reported, the percentages are."""
    responses = recorded_copy(tmp_path, CAPACITY.recorded("3.4"))

    def one_more_node(document: dict) -> None:  # type: ignore[type-arg]
        document["clusterMetrics"]["totalMB"] += 16384
        document["clusterMetrics"]["totalVirtualCores"] += 16

    edit(responses / "metrics.json", one_more_node)
    report = live_check_of(tmp_path, responses, CAPACITY.scheduler_file)
    assert "effective minimum resource" in report and "SM262" not in report
    return report


@situation("SM264")
def an_application_that_finished_between_the_requests(tmp_path: Path) -> str:
    responses = recorded_copy(tmp_path, FAIR.recorded("3.4"))

    def finished(document: dict) -> None:  # type: ignore[type-arg]
        document["apps"]["app"] = [app for app in document["apps"]["app"] if app["user"] != "dave"]

    edit(responses / "apps.json", finished)
    report = live_check_of(tmp_path, responses, FAIR.scheduler_file)
    assert "root.etl usage" in report
    return report


@situation("SM265")
def a_limit_that_is_not_the_deployed_one(tmp_path: Path) -> str:
    config = changed_file(tmp_path, FAIR.scheduler_file, "<maxRunningApps>4<", "<maxRunningApps>5<")
    report = live_check_of(tmp_path, FAIR.recorded("3.4"), config)
    assert "root.etl maxRunningApps: fsctl 5, the ResourceManager 4" in report
    return report


@situation("SM266")
def a_snapshot_of_the_other_scheduler(tmp_path: Path) -> str:
    code, err, out = take_saved(tmp_path, *(FAIR.recorded("3.4") / f for f in FILES))
    assert code == 0, err
    stderr = io.StringIO()
    options = simulate.SimulateOptions(path=str(CAPACITY.scheduler_file), demand=str(out))
    assert simulate.run(options, io.StringIO(), stderr) == 2
    assert stderr.getvalue().count("\n") == 1
    return stderr.getvalue()


@pytest.mark.parametrize("code", sorted(SITUATIONS))
def test_the_situation_raises_its_code(code: str, tmp_path: Path) -> None:
    printed = SITUATIONS[code](tmp_path)
    assert f"{code} " in printed or f"[{code} " in printed, printed


def _codes(module: object) -> set[str]:
    return {value.code for value in vars(module).values() if isinstance(value, Rule)}


def test_every_snapshot_and_live_check_code_has_a_situation() -> None:
    assert set(SITUATIONS) == _codes(snapshot_rules) | _codes(live_check)


def test_a_certificate_fsctl_does_not_trust_and_one_it_does(tmp_path: Path) -> None:
    """SN108 for a self-signed certificate; with it given as --ca-bundle the request goes through
    (and the answer, not an RM's, is the next problem: SN105)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl makes the certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-keyout",
            str(key),
            "-out",
            str(cert),
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )
    with answering(200, b"<html>not an RM</html>", tls=(cert, key)) as url:
        untrusted = take_live(tmp_path, url)
        trusted = take_live(tmp_path, url, ca_bundle=str(cert))
    assert "SN108" in untrusted and "--ca-bundle" in untrusted and "CERTIFICATE_VERIFY_FAILED" in untrusted
    assert "SN105" in trusted
