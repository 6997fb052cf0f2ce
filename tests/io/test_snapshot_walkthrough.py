"""The README's walkthrough ("Preview the migration under today's load"), command by command as a
user types it, on the responses recorded from real ResourceManagers (tests/data/rm/): snapshot ->
simulate (the live check) -> convert --demand -> diff --demand -> route --apps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_fsctl
from tests.oracle.live_rm import BY_NAME, Configuration

FILES = ("scheduler.json", "apps.json", "metrics.json", "info.json", "conf.json")
#: the Fair Scheduler's configurations on 3.4 (a 3.3 target needs --percentage and
#: --skip-placement-rules, whose conversion is convert's own tests')
WALKS = [(BY_NAME["fair"], "3.4"), (BY_NAME["fair-users"], "3.4")]


@pytest.mark.parametrize(("configuration", "version"), WALKS, ids=lambda v: getattr(v, "name", v))
def test_the_migration_previewed_under_todays_load(
    configuration: Configuration, version: str, tmp_path: Path
) -> None:
    fair = str(configuration.scheduler_file)
    release = ("--hadoop-version", version)
    today = tmp_path / "today.json"
    recorded = configuration.recorded(version)
    taken = run_fsctl("snapshot", "--from", *(str(recorded / f) for f in FILES), "-o", str(today))
    assert taken.returncode == 0, taken.stderr

    shares = run_fsctl("simulate", fair, "--demand", str(today), *release)
    assert shares.returncode == 0, shares.stdout + shares.stderr
    assert "compared, all equal" in shares.stdout

    migrated = tmp_path / "migrated"
    percentages = ["--percentage"] if version == "3.3" else []  # queue weights are 3.4's
    converted = run_fsctl(
        "convert", fair, "--demand", str(today), "-o", str(migrated), *release, *percentages
    )
    assert converted.returncode == 0, converted.stdout[-2000:] + converted.stderr
    brief = " ".join(converted.stdout.split())  # the brief wraps long lines
    assert f"under the load of {today}" in brief and "(the demand snapshot's cluster)" in brief
    capacity = migrated / "capacity-scheduler.xml"
    assert capacity.is_file()

    # the conversion's own changes, shares sized by the snapshot's cluster: the shares within the
    # thresholds are expected; what convert warns about (re-routed probe cases, a limit lifted, a
    # share under today's load that the Capacity Scheduler's allocation moves beyond the thresholds)
    # is not, and diff exits 1 as convert's review list is not empty
    across = run_fsctl("diff", fair, str(capacity), "--demand", str(today), *release, "--format", "json")
    assert across.returncode == 1, across.stdout[-2000:] + across.stderr
    changes = json.loads(across.stdout)["changes"]
    expected = [c for c in changes if "(expected from the conversion" in c["effect"]]
    assert {c["property"] for c in expected} >= {"shareOfCluster"}
    unexpected = {c["property"] for c in changes if c not in expected}
    allowed = {"placement", "maximum-capacity", "maxChildResources", "shareUnderLoad"}
    assert unexpected and unexpected <= allowed, unexpected

    # a change under consideration, under today's load: the shares it moves
    edited = tmp_path / "edited.xml"
    text = configuration.scheduler_file.read_text()
    edited.write_text(text.replace("<weight>2</weight>", "<weight>4</weight>", 1))
    assert edited.read_text() != text
    change = run_fsctl("diff", fair, str(edited), "--demand", str(today), *release, "--format", "json")
    assert change.returncode == 1, change.stdout[-2000:] + change.stderr
    moved = {(c["queue"], c["property"]) for c in json.loads(change.stdout)["changes"]}
    assert any(prop == "fairShare" for _, prop in moved), moved

    routed = run_fsctl("route", fair, str(capacity), "--apps", str(today), "--groups", "local")
    apps = len(configuration.workload()["apps"])
    assert routed.returncode == 0, routed.stdout[-2000:] + routed.stderr
    assert f"{apps} applications, 0 land differently" in routed.stdout
