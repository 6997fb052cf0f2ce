"""fsctl snapshot against real ResourceManagers (``oracle/run rm``: MockRM with its web app on
127.0.0.1, NodeManagers registered, applications of several users in several queues, some
containers running, some pending), one per configuration of tests/oracle/live_rm.py (Fair and
Capacity Scheduler; nested queues, drf, fifo, minimum and maximum shares, queues created for users
at submission, user and queue limits on running applications, percentages, absolute resources and
weights), on each Hadoop line that runs it:

- ``fsctl snapshot --rm URL`` reads it over HTTP, and ``simulate`` on that snapshot equals the RM's
  own shares to the unit (Fair: fair and steady shares, usage, settings; Capacity: capacities,
  effective resources, usage): the live check finds no difference;
- the responses recorded for the JVM-free tier (tests/data/rm/) still give the same snapshot, every
  value held (demand, usage and shares included): the driver makes the same load on every start;
- HA: a real standby RM is passed over for the active one it redirects to, and said to be one
  when it is given alone, with or without an active RM to name.

Without Java and Maven these skip; under a non-empty ``CI`` they fail (tests/oracle/conftest.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_fsctl
from tests.oracle.conftest import oracle_for
from tests.oracle.live_rm import BY_NAME, CASES, RECORDED, Configuration, LiveRM, live_rm

#: the scratch directory LiveRM gives each start (hadoop.tmp.dir and the paths below it)
SCRATCH = re.compile(r"/tmp/fsctl-live-rm\d+")
#: an application id's cluster timestamp (the RM's start)
CLUSTER_TIMESTAMP = re.compile(r"^application_\d+_")


@pytest.fixture(scope="module", params=CASES, ids=lambda c: f"{c[0].name}-{c[1]}")
def rm(request: pytest.FixtureRequest) -> Iterator[tuple[Configuration, str, LiveRM]]:
    configuration, version = request.param
    oracle_for(version)  # skips (or fails under CI) without Java and Maven
    with live_rm(version, configuration) as running:
        yield configuration, version, running


def comparable(path: Path) -> dict[str, Any]:
    """A snapshot without what changes from one start of the RM to the next: its address and the
    time (``source``), the applications' ids and start times (the RM's clock), and the scratch
    directory of the configuration. Everything else (demand, usage, shares, settings) is held."""
    document: dict[str, Any] = json.loads(path.read_text())
    source = document.pop("source")
    document["source"] = {key: source[key] for key in ("hadoop", "scheduler")}
    for load in document["queues"].values():
        for app in load["applications"]:
            app["name"] = CLUSTER_TIMESTAMP.sub("application_", app["name"])
            app.pop("start")
        load["applications"].sort(key=lambda app: app["name"])
    for section in document.get("configuration", {}).values():
        for key, value in section.items():
            section[key] = SCRATCH.sub("<scratch>", value)
    return document


def simulate_args(configuration: Configuration) -> list[str]:
    site = configuration.conf_dir / "yarn-site.xml"
    return [str(configuration.scheduler_file), *(["--yarn-site", str(site)] if site.exists() else [])]


def test_snapshot_over_http_equals_the_rms_shares(
    rm: tuple[Configuration, str, LiveRM], tmp_path: Path
) -> None:
    configuration, version, running = rm
    out = tmp_path / "today.json"
    taken = run_fsctl("snapshot", "--rm", running.url, "-o", str(out))
    assert taken.returncode == 0, taken.stderr
    document = json.loads(out.read_text())
    assert document["source"]["rm"] == running.url
    assert document["source"]["hadoop"] == running.answer["hadoop"]
    assert document["source"]["scheduler"] == configuration.scheduler
    workload = configuration.workload()["apps"]
    apps = [a for q in document["queues"].values() for a in q["applications"]]
    assert len(apps) == len(workload)
    assert sorted(a["user"] for a in apps) == sorted(a["user"] for a in workload)
    shares = run_fsctl(
        "simulate",
        *simulate_args(configuration),
        "--demand",
        str(out),
        "--hadoop-version",
        version,
        "--format",
        "json",
    )
    assert shares.returncode == 0, shares.stdout[-3000:] + shares.stderr
    check = json.loads(shares.stdout)["live_check"]
    assert check["differences"] == []
    assert check["queues"] == len(document["reported"]) and check["values"] >= 5 * check["queues"]


def test_the_recorded_responses_are_current(rm: tuple[Configuration, str, LiveRM], tmp_path: Path) -> None:
    configuration, version, running = rm
    live = tmp_path / "live.json"
    assert run_fsctl("snapshot", "--rm", running.url, "-o", str(live)).returncode == 0
    recorded = tmp_path / "recorded.json"
    case = configuration.recorded(version)
    taken = run_fsctl("snapshot", "--from", *(str(case / name) for name in RECORDED), "-o", str(recorded))
    assert taken.returncode == 0, taken.stderr
    assert comparable(live) == comparable(recorded), (
        f"re-record with: python -m tests.oracle.live_rm {configuration.name}"
    )


@pytest.fixture(scope="module")
def ha_pair() -> Iterator[tuple[LiveRM, LiveRM]]:
    oracle_for("3.4")
    fair = BY_NAME["fair"]
    with (
        live_rm("3.4", fair, "--ha") as active,
        live_rm("3.4", fair, "--standby-of", f"{active.url},{active.answer['admin']}") as standby,
    ):
        yield active, standby


def test_ha_reads_the_active_rm(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    active, standby = ha_pair
    assert standby.answer["state"] == "standby"
    out = tmp_path / "today.json"
    taken = run_fsctl("snapshot", "--rm", standby.url, "--rm", active.url, "-o", str(out))
    assert taken.returncode == 0, taken.stderr
    assert json.loads(out.read_text())["source"]["rm"] == active.url


def test_progress_takes_every_step_of_a_live_snapshot(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    """The bar's length is what a live snapshot does: ask each --rm, read the five paths, build."""
    import io

    from fsctl.commands import snapshot

    active, standby = ha_pair
    steps: list[str] = []

    def progress(message: str, *, advance: bool = True) -> None:
        if advance:
            steps.append(message)

    options = snapshot.SnapshotOptions(
        urls=[standby.url, active.url], output=str(tmp_path / "s.json"), progress=progress
    )
    assert snapshot.run(options, io.StringIO(), io.StringIO()) == 0
    assert len(steps) == snapshot.steps(options), steps
    assert (
        steps[:2] == [f"asking {standby.url}", f"asking {active.url}"]
        and steps[-1] == "building the snapshot"
    )


def test_a_standby_alone_names_the_active_one(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    active, standby = ha_pair
    taken = run_fsctl("snapshot", "--rm", standby.url, "-o", str(tmp_path / "s.json"))
    assert taken.returncode == 2 and "SN104" in taken.stderr
    port = active.url.rsplit(":", 1)[1]
    assert re.search(rf"is STANDBY, the active one is http://[^ :]+:{port}\b", taken.stderr), taken.stderr
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


def test_a_standby_whose_active_rm_stopped(ha_pair: tuple[LiveRM, LiveRM], tmp_path: Path) -> None:
    """The last test of the pair: it stops the active RM. The standby then finds no active one
    (RMWebApp asks RMHAUtils.findActiveRMHAId on every request) and says so; fsctl names it as a
    standby with no active RM to read from."""
    active, standby = ha_pair
    active.close()
    taken = run_fsctl("snapshot", "--rm", standby.url, "--rm", active.url, "-o", str(tmp_path / "s.json"))
    assert taken.returncode == 2 and "SN104" in taken.stderr, taken.stderr
    assert "no active ResourceManager" in taken.stderr and "STANDBY" in taken.stderr, taken.stderr
    assert taken.stderr.count("\n") == 1
    assert not (tmp_path / "s.json").exists()
