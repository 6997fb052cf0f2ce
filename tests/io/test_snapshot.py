"""fsctl snapshot without a JVM: the responses recorded from real ResourceManagers
(tests/data/rm/<configuration>/<version>/, recorded by tests/oracle/live_rm.py and held current by
tests/oracle/test_live_rm.py) replayed through ``--from``, then simulate's live check on them."""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from pathlib import Path

import pytest

from fsctl.commands import simulate, snapshot
from fsctl.io.demand import read_demand
from fsctl.io.rm_client import check_url, public_address
from fsctl.io.snapshot_conf import REDACTED, Redactor, properties_of, split_sections
from fsctl.model.versions import parse_version
from tests.conftest import run_fsctl
from tests.oracle.live_rm import BY_NAME, CASES, Configuration

FILES = ("scheduler.json", "apps.json", "metrics.json", "info.json", "conf.json")
RECORDED = [(configuration, configuration.recorded(version)) for configuration, version in CASES]
FAIR_34 = BY_NAME["fair"].recorded("3.4")
CAPACITY_34 = BY_NAME["capacity"].recorded("3.4")


def config_of(case: Path) -> Path:
    return BY_NAME[case.parent.name].scheduler_file


def simulate_options(case: Path, snapshot_file: Path) -> simulate.SimulateOptions:
    """simulate on a recorded case's snapshot, following the release that case ran."""
    return simulate.SimulateOptions(
        path=str(config_of(case)), demand=str(snapshot_file), hadoop_version=parse_version(case.name)
    )


def take(case: Path, output: Path) -> tuple[int, str]:
    err = io.StringIO()
    options = snapshot.SnapshotOptions(sources=[str(case / f) for f in FILES], output=str(output))
    return snapshot.run(options, io.StringIO(), err), err.getvalue()


def test_every_case_is_recorded() -> None:
    missing = [str(case) for _, case in RECORDED if not all((case / f).is_file() for f in FILES)]
    assert RECORDED and not missing, "record with: python -m tests.oracle.live_rm"


@pytest.mark.parametrize(("configuration", "case"), RECORDED, ids=lambda v: getattr(v, "name", ""))
def test_simulate_on_a_recorded_snapshot_equals_the_rm(
    configuration: Configuration, case: Path, tmp_path: Path
) -> None:
    out = tmp_path / "snapshot.json"
    code, err = take(case, out)
    assert code == 0, err
    snap, problems = read_demand(str(out))
    assert not problems and snap is not None
    assert snap.scheduler == configuration.scheduler
    apps = [a for q in snap.queues.values() for a in q.applications]
    workload = configuration.workload()["apps"]
    assert sorted(str(a.user) for a in apps) == sorted(a["user"] for a in workload)
    report = simulate.build_report(simulate_options(case, out))
    check = report.live_check
    assert check is not None
    assert check.queues == len(snap.reported) and check.values >= 5 * check.queues
    assert check.differences == [], [d.message for d in check.differences]


@pytest.mark.parametrize(("configuration", "case"), RECORDED, ids=lambda v: getattr(v, "name", ""))
def test_the_live_check_is_in_the_json_report(
    configuration: Configuration, case: Path, tmp_path: Path
) -> None:
    # whichever way the rows are written (the Capacity Scheduler under load writes them as rows)
    out = tmp_path / "snapshot.json"
    assert take(case, out)[0] == 0
    options = dataclasses.replace(simulate_options(case, out), fmt="json")
    stdout = io.StringIO()
    assert simulate.run(options, stdout, io.StringIO()) == 0
    check = json.loads(stdout.getvalue())["live_check"]
    assert check["differences"] == [] and check["queues"] == len(json.loads(out.read_text())["reported"])


@pytest.mark.parametrize(("configuration", "case"), RECORDED, ids=lambda v: getattr(v, "name", ""))
def test_the_live_check_finds_a_changed_share(
    configuration: Configuration, case: Path, tmp_path: Path
) -> None:
    """The comparison can fail: one share the RM reported, moved by one unit, is named."""
    out = tmp_path / "snapshot.json"
    assert take(case, out)[0] == 0
    document = json.loads(out.read_text())
    key = "fair_share" if configuration.scheduler == "fair" else "guaranteed"
    leaf = next(path for path, queue in document["reported"].items() if queue["leaf"])
    document["reported"][leaf][key]["memory-mb"] += 1
    out.write_text(json.dumps(document))
    code = simulate.run(
        simulate_options(case, out),
        stdout := io.StringIO(),
        io.StringIO(),
    )
    assert code == 1
    assert leaf in stdout.getvalue() and "1 differ" in stdout.getvalue()


def test_a_snapshot_of_the_other_scheduler_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "snapshot.json"
    assert take(FAIR_34, out)[0] == 0
    err = io.StringIO()
    options = simulate.SimulateOptions(path=str(config_of(CAPACITY_34)), demand=str(out))
    assert simulate.run(options, io.StringIO(), err) == 2
    assert "SM266" in err.getvalue() and err.getvalue().count("\n") == 1


def test_the_snapshot_is_byte_identical_run_to_run(tmp_path: Path) -> None:
    take(CAPACITY_34, tmp_path / "a.json")
    take(CAPACITY_34, tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_an_existing_snapshot_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "snapshot.json"
    out.write_text("keep")
    code, err = take(FAIR_34, out)
    assert code == 2 and "SN111" in err and out.read_text() == "keep"


def test_the_command_line_walkthrough(tmp_path: Path) -> None:
    case = FAIR_34
    out = tmp_path / "today.json"
    taken = run_fsctl("snapshot", "--from", *(str(case / f) for f in FILES), "-o", str(out))
    assert taken.returncode == 0, taken.stderr
    shares = run_fsctl("simulate", str(config_of(case)), "--demand", str(out))
    assert shares.returncode == 0, shares.stdout + shares.stderr
    assert "values of 6 queues compared, all equal" in shares.stdout
    routed = run_fsctl("route", str(config_of(case)), "--apps", str(out), "--groups", "local")
    assert routed.returncode == 0 and "5 applications" in routed.stdout
    assert "groups of applications that name none: from this machine's group mapping" in routed.stderr


def test_offline_needs_the_scheduler_and_the_apps(tmp_path: Path) -> None:
    err = io.StringIO()
    options = snapshot.SnapshotOptions(sources=[str(FAIR_34 / "metrics.json")], output=str(tmp_path / "s"))
    assert snapshot.run(options, io.StringIO(), err) == 2
    assert "SN110" in err.getvalue() and not (tmp_path / "s").exists()


def test_secrets_in_the_served_configuration_are_redacted() -> None:
    served = {
        "properties": [
            {"key": "yarn.resourcemanager.webapp.https.keystore.password", "value": "hunter2"},
            {"key": "yarn.nodemanager.some.secret", "value": "s3"},
            {"key": "yarn.custom.token", "value": "t0k"},
            {"key": "yarn.resourcemanager.address", "value": "rm:8032"},
            {"key": "yarn.scheduler.capacity.root.queues", "value": "a,b"},
            {"key": "hadoop.security.sensitive-config-keys", "value": "token$"},
        ]
    }
    pairs = properties_of(served, "conf")
    sections = split_sections(pairs, Redactor(dict(pairs)["hadoop.security.sensitive-config-keys"]))
    site = sections["yarn-site"]
    assert site["yarn.resourcemanager.webapp.https.keystore.password"] == REDACTED
    assert site["yarn.nodemanager.some.secret"] == REDACTED
    assert site["yarn.custom.token"] == REDACTED  # a pattern the served configuration adds
    assert site["yarn.resourcemanager.address"] == "rm:8032"
    assert sections["capacity-scheduler"] == {"yarn.scheduler.capacity.root.queues": "a,b"}


def test_the_conf_servlets_xml_is_read_and_redacted() -> None:
    xml = (
        b"<?xml version='1.0'?><configuration><property><name>yarn.a.password</name><value>p</value>"
        b"<final>false</final><source>yarn-site.xml</source></property><property><name>yarn.b</name>"
        b"<value>1</value></property></configuration>"
    )
    sections = split_sections(properties_of(None, "conf.xml", xml), Redactor())
    assert sections == {"yarn-site": {"yarn.a.password": REDACTED, "yarn.b": "1"}}


def test_a_url_password_never_reaches_the_snapshot() -> None:
    assert (
        public_address("https://alice:s3cret@rm1.example.com:8090/?token=x#f")
        == "https://rm1.example.com:8090"
    )
    assert check_url("rm1:8088") is not None and check_url("http://rm1:8088") is None


def test_a_snapshot_of_another_release_is_said_to_be(tmp_path: Path) -> None:
    """fair-users differs between 3.3 and 3.4 (3.3 creates root.default, which shares the steady
    shares): simulated with 3.4's arithmetic, the 3.3 RM's snapshot differs, and a note says why."""
    case = BY_NAME["fair-users"].recorded("3.3")
    out = tmp_path / "snapshot.json"
    assert take(case, out)[0] == 0
    other = simulate.build_report(simulate.SimulateOptions(path=str(config_of(case)), demand=str(out)))
    assert other.live_check is not None and other.live_check.differences
    note = "the snapshot's ResourceManager runs Hadoop 3.3.6, these are Hadoop 3.4's shares"
    assert f"{note} (give --hadoop-version 3.3)" in other.notes
    same = simulate.build_report(simulate_options(case, out))
    assert not any("runs Hadoop" in note for note in same.notes)


def test_progress_names_each_step_and_the_applications_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A large cluster's snapshot says how far it has come: a step per saved response and the
    building, and the applications read while it builds (every PROGRESS_EVERY; 2 here)."""
    from fsctl.io import snapshot as building

    monkeypatch.setattr(building, "PROGRESS_EVERY", 2)
    told: list[tuple[str, bool]] = []

    def progress(message: str, *, advance: bool = True) -> None:
        told.append((message, advance))

    sources = [str(FAIR_34 / f) for f in FILES]
    options = snapshot.SnapshotOptions(sources=sources, output=str(tmp_path / "s.json"), progress=progress)
    assert snapshot.run(options, io.StringIO(), io.StringIO()) == 0
    steps = [message for message, advance in told if advance]
    assert steps == [*(f"reading {s}" for s in sources), "building the snapshot"]
    assert len(steps) == snapshot.steps(options)
    notes = [message for message, advance in told if not advance]
    assert notes == [
        "building the snapshot: 2 applications read",
        "building the snapshot: 4 applications read",
    ]


def test_the_progress_bar_is_drawn_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from fsctl.cli import snapshot as shell

    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    with shell._progress_bar(3) as advance:
        assert advance is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    with shell._progress_bar(3) as advance:
        assert advance is not None
        advance("reading", advance=True)
        advance("building the snapshot: 10,000 applications read", advance=False)


@pytest.mark.parametrize("configuration", ["fair-users", "capacity-absolute"])
def test_an_application_whose_am_waits_is_sized_by_its_ask(configuration: str, tmp_path: Path) -> None:
    """The workload's application that waits (ACCEPTED, its AM ask pending at priority 0): its
    'am' is that ask (the Fair Scheduler gives no other) and it asks for no container of its own.
    A Fair application whose AM runs has no 'am', and the snapshot's notes say why."""
    case = BY_NAME[configuration].recorded("3.4")
    out = tmp_path / "snapshot.json"
    assert take(case, out)[0] == 0
    snap, _ = read_demand(str(out))
    assert snap is not None
    apps = [a for q in snap.queues.values() for a in q.applications]
    waiting = next(a for a in apps if not any(a.usage.values()) and a.am is not None and a.container is None)
    assert waiting.am == {"memory-mb": 2048, "vcores": 1} and waiting.container is None
    assert waiting.demand == waiting.am  # its one ask
    if configuration == "fair-users":
        assert "no running application master's size" in snap.provenance["notes"]
        (bob,) = [a for a in apps if a.user == "bob"]
        assert bob.am is None and any(bob.usage.values())  # a managed AM that runs
    else:
        assert "notes" not in snap.provenance
