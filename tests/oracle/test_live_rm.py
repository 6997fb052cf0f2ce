"""fsctl snapshot against a real ResourceManager (``oracle/run rm``: MockRM with its web app on
127.0.0.1, NodeManagers registered, applications of several users in several queues, some
containers running, some pending), Fair and Capacity Scheduler, Hadoop 3.4 and 3.3:

- ``fsctl snapshot --rm URL`` reads it over HTTP, and ``simulate`` on that snapshot equals the RM's
  own shares to the unit (Fair: fair and steady shares, usage, settings; Capacity: capacities,
  effective resources, usage): the live check finds no difference;
- the responses recorded for the JVM-free tier (tests/data/rm/) still give the same snapshot;
- HA: a real standby RM (redirecting to the active one) is passed over for the active one.

Without Java and Maven these skip; under a non-empty ``CI`` they fail (tests/oracle/conftest.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_fsctl
from tests.oracle.conftest import oracle_for
from tests.oracle.live_rm import DATA, RECORDED, LiveRM, case_dir, live_rm

CONFIG = {"fair": "fair-scheduler.xml", "capacity": "capacity-scheduler.xml"}
CASES = [(v, s) for v in ("3.4", "3.3") for s in ("fair", "capacity")]


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[1]}-{c[0]}")
def rm(request: pytest.FixtureRequest) -> Iterator[tuple[str, str, LiveRM]]:
    version, scheduler = request.param
    oracle_for(version)  # skips (or fails under CI) without Java and Maven
    with live_rm(version, scheduler) as running:
        yield version, scheduler, running


def comparable(path: Path) -> dict[str, Any]:
    """A snapshot without what changes from one start of the RM to the next (ids, times, addresses)."""
    document = json.loads(path.read_text())
    document.pop("source")
    document.pop("configuration", None)
    # the Fair Scheduler's outstanding requests after LiveRM's allocation rounds vary from one
    # start to the next (an ask of 4 after 3 allocated reads back as 4 or 7), and the demand and
    # fair shares with them: those are checked live above, not held to the recording
    for load in document["queues"].values():
        for app in load["applications"]:
            for key in ("name", "start", "demand"):
                app.pop(key)
    for reported in document["reported"].values():
        for key in ("demand", "fair_share", "usage", "am_usage", "am_limit"):
            reported.pop(key, None)
    for load in document["queues"].values():
        for app in load["applications"]:
            app.pop("usage")
        load["applications"].sort(key=lambda a: (a["user"], json.dumps(a, sort_keys=True)))
    return document


def test_snapshot_over_http_equals_the_rms_shares(rm: tuple[str, str, LiveRM], tmp_path: Path) -> None:
    version, scheduler, running = rm
    out = tmp_path / "today.json"
    taken = run_fsctl("snapshot", "--rm", running.url, "-o", str(out))
    assert taken.returncode == 0, taken.stderr
    document = json.loads(out.read_text())
    assert document["source"]["rm"] == running.url
    assert document["source"]["hadoop"] == running.answer["hadoop"]
    assert document["source"]["scheduler"] == scheduler
    assert len(document["reported"]) == 6
    assert {a["user"] for q in document["queues"].values() for a in q["applications"]} == {
        "alice",
        "bob",
        "carol",
        "dave",
        "eve",
    }
    config = DATA / scheduler / "conf" / CONFIG[scheduler]
    shares = run_fsctl(
        "simulate", str(config), "--demand", str(out), "--hadoop-version", version, "--format", "json"
    )
    assert shares.returncode == 0, shares.stdout[-3000:] + shares.stderr
    check = json.loads(shares.stdout)["live_check"]
    assert check["queues"] == 6 and check["values"] >= 30 and check["differences"] == []


def test_the_recorded_responses_are_current(rm: tuple[str, str, LiveRM], tmp_path: Path) -> None:
    version, scheduler, running = rm
    live = tmp_path / "live.json"
    assert run_fsctl("snapshot", "--rm", running.url, "-o", str(live)).returncode == 0
    recorded = tmp_path / "recorded.json"
    case = case_dir(scheduler, version)
    taken = run_fsctl("snapshot", "--from", *(str(case / name) for name in RECORDED), "-o", str(recorded))
    assert taken.returncode == 0, taken.stderr
    assert comparable(live) == comparable(recorded), "re-record with: python -m tests.oracle.live_rm"


@pytest.fixture(scope="module")
def ha_pair() -> Iterator[tuple[LiveRM, LiveRM]]:
    oracle_for("3.4")
    with (
        live_rm("3.4", "fair", "--ha") as active,
        live_rm("3.4", "fair", "--standby-of", f"{active.url},{active.answer['admin']}") as standby,
    ):
        yield active, standby


def test_ha_reads_the_active_rm(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    active, standby = ha_pair
    assert standby.answer["state"] == "standby"
    out = tmp_path / "today.json"
    taken = run_fsctl("snapshot", "--rm", standby.url, "--rm", active.url, "-o", str(out))
    assert taken.returncode == 0, taken.stderr
    assert json.loads(out.read_text())["source"]["rm"] == active.url


def test_a_standby_alone_names_the_active_one(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    active, standby = ha_pair
    taken = run_fsctl("snapshot", "--rm", standby.url, "-o", str(tmp_path / "s.json"))
    assert taken.returncode == 2 and "SN104" in taken.stderr
    assert f":{active.url.rsplit(':', 1)[1]}/" in taken.stderr and "the active one is" in taken.stderr
    assert taken.stderr.count("\n") == 1
    assert not (tmp_path / "s.json").exists()


def test_a_standby_redirects_to_the_active_one(ha_pair: tuple[LiveRM, LiveRM]) -> None:
    """What the real standby answers (RMWebAppFilter): a 307 to the active RM, which fsctl does not
    follow but names."""
    import requests

    active, standby = ha_pair
    answer = requests.get(standby.url + "/ws/v1/cluster/scheduler", allow_redirects=False, timeout=30)
    assert answer.status_code == 307
    assert "This is standby RM" in answer.text
    port = active.url.rsplit(":", 1)[1]
    assert f":{port}/ws/v1/cluster/scheduler" in answer.headers["Location"], answer.headers["Location"]
