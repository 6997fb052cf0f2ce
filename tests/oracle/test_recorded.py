"""Every divergence the oracle found, replayed against Hadoop's recorded answers (no JVM needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fsctl.model.versions import parse_version
from tests.oracle import fs2cs_side, fsctl_side
from tests.oracle.app_divergences import divergences
from tests.oracle.lines import FS2CS_LINES, LINES, MODERN_LINES, effective_resources
from tests.oracle.recorded import (
    CASES,
    case_input,
    case_settings,
    convert_flags,
    demand_file,
    expected,
    fs2cs_options,
    yarn_site,
)

pytestmark = pytest.mark.jvm_free

CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir())


def _cluster(spec: str, case: Path | None = None) -> dict[str, int]:
    """The case's cluster, in the resource types its yarn-site declares."""
    from fsctl.capacity.site import resource_types
    from fsctl.fair.cluster import parse_cluster
    from fsctl.io.loader import load_site

    # every type the spec names is known, and with the case those its yarn-site.xml declares
    named = [part.split("=")[0].strip() for part in spec.split(",") if "=" in part]
    site = yarn_site(case) if case is not None else None
    declared = list(resource_types(None if site is None else load_site(str(site)).conf))
    return parse_cluster(spec, [*declared, *(name for name in named if name not in declared)])


def _site(case: Path) -> str | None:
    site = yarn_site(case)
    return None if site is None else str(site)


APP_CASES = [p for p in CASE_DIRS if demand_file(p) is not None]


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("case", APP_CASES, ids=[p.name for p in APP_CASES])
def test_fsctl_gives_hadoops_recorded_applications(case: Path, version: str) -> None:
    # with a demand snapshot: instantaneous shares, leaf starvation and AM limits, per-application rows
    hadoop = expected(case)[version]["shares"]
    if not hadoop["ok"]:
        # this line refuses the file (the shares of another line are the case): so must fsctl
        assert not fsctl_side.load_verdict(str(case_input(case)), version)[0], hadoop["error"]
        return
    site = yarn_site(case)
    ours = fsctl_side.shares(
        str(case_input(case)),
        version,
        _cluster(case_settings(case)["cluster"]),
        demand=str(demand_file(case)),
        yarn_site=None if site is None else str(site),
    )
    assert divergences(hadoop, ours) == []


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
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
            ours = fsctl_side.shares(
                source, version, _cluster(case_settings(case)["cluster"], case), yarn_site=_site(case)
            )
            theirs = {q["path"]: q for q in capacity["queues"]}
            assert {row["path"] for row in ours["queues"]} == set(theirs)
            for row in ours["queues"]:
                hadoop = theirs[row["path"]]
                for key in ("capacity", "maximum_capacity", "absolute_capacity", "absolute_maximum_capacity"):
                    assert abs(row[key] - hadoop[key]) <= 1e-3, (row["path"], key)
                for key in effective_resources(version):
                    assert fsctl_side.resource_or_zero(row[key]) == hadoop[key], (row["path"], key)
    if "shares" in answers and answers["shares"]["ok"]:
        settings = case_settings(case)
        # with the snapshot, as Hadoop had it: its queues may be dynamic ones
        snapshot = demand_file(case)
        site = yarn_site(case)
        ours = fsctl_side.shares(
            source,
            version,
            _cluster(settings["cluster"], case),
            demand=None if snapshot is None else str(snapshot),
            yarn_site=None if site is None else str(site),
        )
        theirs = {q["path"]: q for q in answers["shares"]["queues"]}
        rows = [row for row in ours["queues"] if row["path"] in theirs]
        assert {row["path"] for row in rows} == set(theirs)
        for row in rows:
            for key in ("steady_fair_share", "max_share"):
                hadoop_value = theirs[row["path"]][key]
                assert fsctl_side.same_resource(row[key], hadoop_value), (row["path"], key, hadoop_value)


PREEMPT_CASES = [p for p in CASE_DIRS if "leaves" in case_settings(p)]


@pytest.mark.parametrize("version", MODERN_LINES)
@pytest.mark.parametrize("case", PREEMPT_CASES, ids=[p.name for p in PREEMPT_CASES])
def test_fsctl_gives_hadoops_recorded_preemption(case: Path, version: str) -> None:
    # one round of ProportionalCapacityPreemptionPolicy on the case's load, in the orders Hadoop took
    # from object identity that run
    from tests.oracle import preemption_side

    hadoop = expected(case)[version]["cs-preempt"]
    assert hadoop["ok"], hadoop.get("error")
    settings = case_settings(case)
    ours = preemption_side.fsctl_round(
        str(case_input(case)),
        _site(case),
        version,
        _cluster(settings["cluster"], case),
        preemption_side.state_of(settings["leaves"]),
        preemption_side.hadoop_orders(hadoop),
    )
    assert preemption_side.divergences(hadoop, ours) == []


FS2CS_CASES = [p for p in CASE_DIRS if fs2cs_options(p, "3.4") is not None]


@pytest.mark.parametrize("version", FS2CS_LINES)
@pytest.mark.parametrize("case", FS2CS_CASES, ids=[p.name for p in FS2CS_CASES])
def test_convert_gives_fs2cs_recorded_output(case: Path, version: str, tmp_path: Path) -> None:
    # fs2cs's verdict and files, property for property, but for the departures' rows
    hadoop = expected(case)[version]["fs2cs"]
    converted = fs2cs_side.fsctl_convert(case_input(case), tmp_path / "out", convert_flags(case, version))
    line = parse_version(version)
    assert fs2cs_side.divergences(case.name, converted, hadoop, (line[0], line[1])) == []
