"""``fsctl diff FAIR CS`` agrees with ``fsctl convert`` on the same pair: every change convert warns
about (a limit lifted or moved, a guarantee moved or above the old maximum, applications that land
elsewhere) is a difference diff does not expect, and diff expects everything else; diff exits 1
exactly when convert warned. Run on the samples and on generated configurations."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from fsctl.commands.convert import ConvertCommand
from fsctl.commands.convert import run as convert
from fsctl.commands.diff import DiffOptions
from fsctl.commands.diff import run as diff
from fsctl.convert.options import ConvertOptions
from tests.conftest import SAMPLES
from tests.oracle.allocation_files import allocation_files

CLUSTER = {"memory-mb": 1024000, "vcores": 1000}
#: convert's warnings, by what they are about
LIMITS = ("CV201", "CV203", "CV301", "CV302", "CV410")
GUARANTEES = ("CV406", "CV411")
#: diff's properties, by what they are about
LIMIT_PROPERTIES = (
    "maxResources",
    "maxChildResources",
    "maximum-capacity",
    "auto-queue-creation-v2.leaf-template.maximum-capacity",
)


def _convert(
    fair: Path, out: Path, percentage: bool, cluster: bool
) -> Counter[tuple[str, str | None]] | None:
    """What convert warns about: (limit|guarantee|placement, queue), counted; None if nothing is written."""
    report = io.StringIO()
    options = ConvertCommand(
        str(fair),
        output_dir=str(out),
        fmt="json",
        convert=ConvertOptions(percentage=percentage, cluster=CLUSTER if cluster else None),
    )
    convert(options, report, io.StringIO())
    if not (out / "capacity-scheduler.xml").exists():
        return None
    found: Counter[tuple[str, str | None]] = Counter()
    for f in json.loads(report.getvalue())["files"]:
        for d in f["diagnostics"]:
            if d["severity"] == "info":
                continue
            if d["code"] in LIMITS:
                found["limit", d["queue"] or "root"] = 1
            elif d["code"] in GUARANTEES:
                found["guarantee", d["queue"]] = 1
            elif d["code"] == "RT201":
                found["placement", None] += 1
            elif d["code"] == "CV307":  # a queue the Fair Scheduler never creates is not converted
                found["queue", d["queue"]] = 1
    return found


def _diff(
    fair: Path, capacity: Path, cluster: bool
) -> tuple[int, Counter[tuple[str, str | None]], list[str]]:
    from fsctl.diff import diff_trees
    from fsctl.io.loader import load

    code = diff(
        DiffOptions(str(fair), str(capacity), cluster=CLUSTER if cluster else None),
        io.StringIO(),
        io.StringIO(),
    )
    old, new = load(str(fair)).result.tree, load(str(capacity)).result.tree
    assert old is not None and new is not None
    found: Counter[tuple[str, str | None]] = Counter()
    other = []
    for change in diff_trees(old, new, cluster=CLUSTER if cluster else None):
        if change.expected:
            continue
        prop, queue = change.property, change.queue
        if prop in LIMIT_PROPERTIES:
            found["limit", queue] = 1
        elif prop in ("shareOfCluster", "shareOfParent"):
            found["guarantee", queue] = 1
        elif prop == "placement":
            found["placement", None] += 1
        elif prop is None:
            found["queue", queue] = 1
        else:
            other.append(f"{queue} {prop}: {change.effect}")
    # a queue only one side has is named once with its subtree (CV307: "it and its subtree")
    removed = [key[1] for key in found if key[0] == "queue" and key[1] is not None]
    for path in removed:
        if any(path.startswith(other_path + ".") for other_path in removed):
            del found["queue", path]
    return code, found, other


def _agree(fair: Path, folder: Path, percentage: bool, cluster: bool) -> None:
    warned = _convert(fair, folder, percentage, cluster)
    if warned is None:
        return
    code, found, other = _diff(fair, folder / "capacity-scheduler.xml", cluster)
    assert other == []
    assert code == (1 if found else 0)  # diff exits 1 while an unexpected difference remains
    if not cluster:  # convert compares shares on a cluster only (its share table): diff judges alone
        found = Counter({key: n for key, n in found.items() if key[0] != "guarantee"})
    assert found == warned


@pytest.mark.parametrize("cluster", [True, False], ids=["cluster", "no-cluster"])
@pytest.mark.parametrize("percentage", [False, True], ids=["weight", "percentage"])
@pytest.mark.parametrize("sample", sorted((SAMPLES / "fair").glob("*.xml")), ids=lambda p: p.name)
def test_samples(sample: Path, percentage: bool, cluster: bool, tmp_path: Path) -> None:
    _agree(sample, tmp_path, percentage, cluster)


def test_generated_configurations(tmp_path: Path) -> None:
    counter = iter(range(10**9))

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        folder = tmp_path / str(next(counter))
        folder.mkdir()
        fair = folder / "fair-scheduler.xml"
        fair.write_text(text, encoding="utf-8")
        for percentage in (False, True):
            for cluster in (True, False):
                out = folder / f"{percentage}-{cluster}"
                try:
                    _agree(fair, out, percentage, cluster)
                except AssertionError as exc:
                    raise AssertionError(
                        f"{exc}\npercentage={percentage} cluster={cluster}\n{text}"
                    ) from None

    check()


@pytest.mark.parametrize("percentage", [False, True], ids=["weight", "percentage"])
def test_under_a_demand_snapshot_diff_and_convert_judge_the_allocation_alike(
    percentage: bool, tmp_path: Path
) -> None:
    """``diff --demand`` of a Fair file and its conversion: each queue's instantaneous fair share
    against the Capacity Scheduler's allocation under the same load, unexpected exactly where
    convert's brief calls the move under load major (more than 10 points, or 2x), with the same
    figures."""
    from fsctl.diff import diff_trees
    from fsctl.io.demand import read_demand
    from fsctl.io.loader import load

    fair, demand = SAMPLES / "fair" / "departments.xml", SAMPLES / "demand" / "departments.yaml"
    report = io.StringIO()
    options = ConvertCommand(
        str(fair),
        output_dir=str(tmp_path),
        fmt="json",
        demand=str(demand),
        convert=ConvertOptions(percentage=percentage, cluster=CLUSTER),
    )
    convert(options, report, io.StringIO())
    brief = json.loads(report.getvalue())["brief"]
    assert brief["capacity_under_load"]
    major, moved = set(), set()
    for team in brief["teams"]:
        for change in team["changes"]:
            if change["measure"] == "load":
                moved.update([change["queue"], *change["queues_below"]])
                if change["level"] == "major":
                    major.update([change["queue"], *change["queues_below"]])
    old, new = load(str(fair)).result.tree, load(str(tmp_path / "capacity-scheduler.xml")).result.tree
    snapshot, _ = read_demand(str(demand))
    assert old is not None and new is not None and snapshot is not None
    under_load = [
        c for c in diff_trees(old, new, cluster=CLUSTER, demand=snapshot) if c.property == "shareUnderLoad"
    ]
    assert {c.queue for c in under_load if not c.expected} == major and major
    assert {c.queue for c in under_load} <= moved | {"root"}
