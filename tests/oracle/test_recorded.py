"""Every divergence the oracle found, replayed against Hadoop's recorded answers (no JVM needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle import fsctl_side, load_compare
from tests.oracle.app_divergences import divergences
from tests.oracle.recorded import (
    CASES,
    case_input,
    case_settings,
    case_versions,
    demand_file,
    expected,
    yarn_site,
)

CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir())


def _cluster(spec: str) -> dict[str, int]:
    from fsctl.fair.cluster import parse_cluster

    return parse_cluster(spec)


APP_CASES = [
    p for p in CASE_DIRS if demand_file(p) is not None and case_input(p).name == "fair-scheduler.xml"
]
LOAD_CASES = [
    p for p in CASE_DIRS if demand_file(p) is not None and case_input(p).name == "capacity-scheduler.xml"
]


@pytest.mark.parametrize("version", ["3.4", "3.3"])
@pytest.mark.parametrize("case", APP_CASES, ids=[p.name for p in APP_CASES])
def test_fsctl_gives_hadoops_recorded_applications(case: Path, version: str) -> None:
    # with a demand snapshot: instantaneous shares, leaf starvation and AM limits, per-application rows
    hadoop = expected(case)[version]["shares"]
    assert hadoop["ok"], hadoop.get("error")
    site = yarn_site(case)
    ours = fsctl_side.shares(
        str(case_input(case)),
        version,
        _cluster(case_settings(case)["cluster"]),
        demand=str(demand_file(case)),
        yarn_site=None if site is None else str(site),
    )
    assert divergences(hadoop, ours) == []


@pytest.mark.parametrize(
    ("case", "version"),
    [(p, v) for p in LOAD_CASES for v in case_versions(p)],
    ids=[f"{p.name}-{v}" for p in LOAD_CASES for v in case_versions(p)],
)
def test_fsctl_gives_hadoops_recorded_allocation(case: Path, version: str) -> None:
    # a Capacity file under load: every queue's, user's and application's allocation and limits
    hadoop = expected(case)[version]["cs-load"]
    assert hadoop["ok"], hadoop.get("error")
    site = yarn_site(case)
    snapshot = demand_file(case)
    assert snapshot is not None
    ours = load_compare.fsctl_load(
        str(case_input(case)),
        None if site is None else str(site),
        case_settings(case)["cluster"],
        str(snapshot),
        version,
    )
    assert load_compare.divergences(hadoop, ours) == []


@pytest.mark.parametrize(
    ("case", "version"),
    [(p, v) for p in CASE_DIRS for v in case_versions(p)],
    ids=[f"{p.name}-{v}" for p in CASE_DIRS for v in case_versions(p)],
)
def test_fsctl_gives_hadoops_recorded_answer(case: Path, version: str) -> None:
    answers = expected(case)[version]
    source = str(case_input(case))
    if "load" in answers:
        load = answers["load"]
        loads, errors, queues = fsctl_side.load_verdict(source, version)
        assert loads == load["ok"], (load.get("error"), errors)
        if loads:
            assert queues == {q: v["type"] for q, v in load["queues"].items()}
    if "capacity" in answers:
        capacity = answers["capacity"]
        loads, errors, _ = fsctl_side.load_verdict(source, version)
        assert loads == capacity["ok"], (capacity.get("error"), errors)
        if loads:
            ours = fsctl_side.shares(source, version, _cluster(case_settings(case)["cluster"]))
            theirs = {q["path"]: q for q in capacity["queues"]}
            assert {row["path"] for row in ours["queues"]} == set(theirs)
            for row in ours["queues"]:
                hadoop = theirs[row["path"]]
                for key in ("absolute_capacity", "absolute_maximum_capacity"):
                    assert abs(row[key] - hadoop[key]) <= 1e-3, (row["path"], key)
                for key in ("guaranteed", "maximum"):
                    assert fsctl_side.resource_or_zero(row[key]) == hadoop[key], (row["path"], key)
    if "shares" in answers and answers["shares"]["ok"]:
        settings = case_settings(case)
        # with the snapshot, as Hadoop had it: its queues may be dynamic ones
        snapshot = demand_file(case)
        site = yarn_site(case)
        ours = fsctl_side.shares(
            source,
            version,
            _cluster(settings["cluster"]),
            demand=None if snapshot is None else str(snapshot),
            yarn_site=None if site is None else str(site),
        )
        theirs = {q["path"]: q for q in answers["shares"]["queues"]}
        rows = [row for row in ours["queues"] if row["path"] in theirs]
        assert {row["path"] for row in rows} == set(theirs)
        for row in rows:
            assert (
                fsctl_side.resource_or_zero(row["steady_fair_share"])
                == theirs[row["path"]]["steady_fair_share"]
            ), row["path"]
