"""fsctl snapshot without a JVM: the responses recorded from a real ResourceManager
(tests/data/rm/<scheduler>-<version>/, recorded by tests/oracle/live_rm.py and held current by
tests/oracle/test_live_rm.py) replayed through ``--from``, then simulate's live check on them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from fsctl.commands import simulate, snapshot
from fsctl.io.demand import read_demand
from fsctl.io.rm_client import check_url, public_address
from fsctl.io.snapshot_conf import REDACTED, Redactor, properties_of, split_sections
from tests.conftest import run_fsctl

DATA = Path(__file__).resolve().parents[1] / "data" / "rm"
RECORDED = sorted(p for p in DATA.iterdir() if p.is_dir() and "-" in p.name)
FILES = ("scheduler.json", "apps.json", "metrics.json", "info.json", "conf.json")


def config_of(case: Path) -> Path:
    scheduler = case.name.split("-")[0]
    name = "fair-scheduler.xml" if scheduler == "fair" else "capacity-scheduler.xml"
    return DATA / scheduler / "conf" / name


def take(case: Path, output: Path) -> tuple[int, str]:
    err = io.StringIO()
    options = snapshot.SnapshotOptions(sources=[str(case / f) for f in FILES], output=str(output))
    return snapshot.run(options, io.StringIO(), err), err.getvalue()


def test_recorded_cases_exist() -> None:
    assert {p.name for p in RECORDED} >= {"fair-3.4", "capacity-3.4"}


@pytest.mark.parametrize("case", RECORDED, ids=lambda p: p.name)
def test_simulate_on_a_recorded_snapshot_equals_the_rm(case: Path, tmp_path: Path) -> None:
    out = tmp_path / "snapshot.json"
    code, err = take(case, out)
    assert code == 0, err
    snap, problems = read_demand(str(out))
    assert not problems and snap is not None
    assert snap.scheduler == case.name.split("-")[0]
    assert sum(len(q.applications) for q in snap.queues.values()) == 5
    assert all(a.user for q in snap.queues.values() for a in q.applications)
    report = simulate.build_report(simulate.SimulateOptions(path=str(config_of(case)), demand=str(out)))
    check = report.live_check
    assert check is not None
    assert check.queues == 6 and check.values >= 30
    assert check.differences == [], [d.message for d in check.differences]


@pytest.mark.parametrize("case", RECORDED, ids=lambda p: p.name)
def test_the_live_check_finds_a_changed_share(case: Path, tmp_path: Path) -> None:
    """The comparison can fail: one share the RM reported, moved by one unit, is named."""
    out = tmp_path / "snapshot.json"
    assert take(case, out)[0] == 0
    document = json.loads(out.read_text())
    key = "fair_share" if case.name.startswith("fair") else "guaranteed"
    document["reported"]["root.etl"][key]["memory-mb"] += 1
    out.write_text(json.dumps(document))
    code = simulate.run(
        simulate.SimulateOptions(path=str(config_of(case)), demand=str(out)),
        stdout := io.StringIO(),
        io.StringIO(),
    )
    assert code == 1
    assert "root.etl" in stdout.getvalue() and "1 differ" in stdout.getvalue()


def test_a_snapshot_of_the_other_scheduler_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "snapshot.json"
    assert take(DATA / "fair-3.4", out)[0] == 0
    err = io.StringIO()
    options = simulate.SimulateOptions(path=str(config_of(DATA / "capacity-3.4")), demand=str(out))
    assert simulate.run(options, io.StringIO(), err) == 2
    assert "SM266" in err.getvalue() and err.getvalue().count("\n") == 1


def test_the_snapshot_is_byte_identical_run_to_run(tmp_path: Path) -> None:
    take(DATA / "capacity-3.4", tmp_path / "a.json")
    take(DATA / "capacity-3.4", tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()


def test_an_existing_snapshot_needs_force(tmp_path: Path) -> None:
    out = tmp_path / "snapshot.json"
    out.write_text("keep")
    code, err = take(DATA / "fair-3.4", out)
    assert code == 2 and "SN111" in err and out.read_text() == "keep"


def test_the_command_line_walkthrough(tmp_path: Path) -> None:
    case = DATA / "fair-3.4"
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
    options = snapshot.SnapshotOptions(
        sources=[str(DATA / "fair-3.4" / "metrics.json")], output=str(tmp_path / "s")
    )
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
