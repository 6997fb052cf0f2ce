"""fsctl against a real CapacityScheduler booted on generated capacity-scheduler.xml files: the
verdict, then every queue's capacity, maximum capacity (each also absolute) and guaranteed and
maximum resources."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import SAMPLES
from tests.oracle import fsctl_side
from tests.oracle.capacity_files import capacity_files
from tests.oracle.conftest import oracle_for
from tests.oracle.lines import LINES, effective_resources, line_cases
from tests.oracle.oracle import write_temporary

CLUSTER = {"memory-mb": 102400, "vcores": 100}
CLUSTER_SPEC = "memory-mb=102400, vcores=100"
#: Hadoop computes capacities in float; fsctl reports them rounded in its own arithmetic
PERCENT_TOLERANCE = 1e-3


def compare_capacity(version: str, path: str, text: str) -> None:
    answer = oracle_for(version).ask({"verb": "capacity", "file": path, "cluster": CLUSTER_SPEC})
    loads, errors, queues = fsctl_side.load_verdict(path, version)
    context = f"\n--- Hadoop {version}: {answer.get('error')}\n--- fsctl: {errors}\n{text}"
    assert loads == answer["ok"], "boot verdicts differ" + context
    if not loads:
        return
    theirs = {q["path"]: q for q in answer["queues"]}
    assert set(queues) == set(theirs), "queues differ" + context
    ours = fsctl_side.shares(path, version, CLUSTER)
    for row in ours["queues"]:
        hadoop = theirs[row["path"]]
        for key in ("capacity", "maximum_capacity", "absolute_capacity", "absolute_maximum_capacity"):
            # flexible mode divides a child's resources by its parent's: 0 / 0 is NaN in both
            same = math.isnan(row[key]) and math.isnan(hadoop[key])
            assert same or abs(row[key] - hadoop[key]) <= PERCENT_TOLERANCE, f"{row['path']} {key}" + context
        for key in effective_resources(version):
            assert fsctl_side.resource_or_zero(row[key]) == hadoop[key], f"{row['path']} {key}" + context


@pytest.mark.parametrize("sample", sorted((SAMPLES / "capacity").glob("*.xml")), ids=lambda p: p.name)
def test_samples_boot_with_hadoops_capacities(sample: Path) -> None:
    compare_capacity("3.4", str(sample), sample.read_text())


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("malformed", [False, True], ids=["valid", "malformed"])
def test_generated_capacity_files(malformed: bool, version: str, hadoop_cases: int) -> None:
    cases = line_cases(version, hadoop_cases)

    @settings(max_examples=cases, deadline=None, suppress_health_check=list(HealthCheck))
    @given(capacity_files(malformed=malformed))
    def check(text: str) -> None:
        path = write_temporary(text, "fsctl-cs-")
        try:
            compare_capacity(version, path, text)
        finally:
            Path(path).unlink()

    check()
