"""fsctl against Hadoop's FairScheduler on generated allocation files: load verdicts, the queues
Hadoop creates (their types and policies), and steady fair shares and maximum shares to the unit,
with two resource types and with a third (``yarn.io/gpu``, declared in a yarn-site as ResourceUtils
reads it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.oracle import fsctl_side
from tests.oracle.allocation_files import allocation_files
from tests.oracle.conftest import oracle_for
from tests.oracle.lines import LINES, line_cases
from tests.oracle.oracle import write_temporary

CLUSTER = {"memory-mb": 102400, "vcores": 100}
CLUSTER_SPEC = "memory-mb=102400, vcores=100"
#: a cluster past 2^31 MB: shares are long arithmetic on every line fsctl follows (2.10 included)
HUGE_CLUSTER = {"memory-mb": 2**33, "vcores": 100}
HUGE_CLUSTER_SPEC = f"memory-mb={2**33}, vcores=100"
GPU_CLUSTER = {**CLUSTER, "yarn.io/gpu": 8}
GPU_CLUSTER_SPEC = CLUSTER_SPEC + ", yarn.io/gpu=8"
GPU_SITE = (
    '<?xml version="1.0"?>\n<configuration>\n'
    "  <property><name>yarn.resource-types</name><value>yarn.io/gpu</value></property>\n"
    "</configuration>\n"
)


def _compare_load(version: str, text: str, *, gpu: bool = False, huge: bool = False) -> None:
    path = write_temporary(text, "fsctl-fair-")
    site = write_temporary(GPU_SITE, "fsctl-yarn-site-") if gpu else None
    cluster, spec = (GPU_CLUSTER, GPU_CLUSTER_SPEC) if gpu else (CLUSTER, CLUSTER_SPEC)
    if huge:
        cluster, spec = HUGE_CLUSTER, HUGE_CLUSTER_SPEC
    try:
        request: dict[str, object] = {"verb": "load", "file": path}
        if site is not None:
            request["yarn_site"] = site
        answer = oracle_for(version).ask(request)
        loads, errors, queues = fsctl_side.load_verdict(path, version, site)
        context = f"\n--- Hadoop {version}: {answer.get('error')}\n--- fsctl: {errors}\n{text}"
        assert loads == answer["ok"], "load verdicts differ" + context
        if not loads:
            return
        hadoop_queues = {q: v["type"] for q, v in answer["queues"].items()}
        assert queues == hadoop_queues, "queues differ" + context
        hadoop = oracle_for(version).ask({**request, "verb": "shares", "cluster": spec})
        ours = fsctl_side.shares(path, version, cluster, yarn_site=site)
        theirs = {q["path"]: q for q in hadoop["queues"]}
        # simulate also lists the queues Hadoop does not create, as "not created" rows
        rows = [row for row in ours["queues"] if row["path"] in queues]
        assert {row["path"] for row in rows} == set(theirs), "simulated queues differ" + context
        for row in rows:
            hadoop_policy = theirs[row["path"]]["policy"].lower()
            assert row["policy"] == hadoop_policy, (
                f"policy of {row['path']} differs: Hadoop {hadoop_policy}, fsctl {row['policy']}" + context
            )
            for key in ("steady_fair_share", "max_share"):
                assert fsctl_side.same_resource(row[key], theirs[row["path"]][key]), (
                    f"{key} of {row['path']} differs: Hadoop {theirs[row['path']][key]}, fsctl {row[key]}"
                    + context
                )
    finally:
        Path(path).unlink()
        if site is not None:
            Path(site).unlink()


@pytest.mark.parametrize("version", LINES)
def test_generated_allocation_files(version: str, hadoop_cases: int) -> None:
    cases = line_cases(version, hadoop_cases)

    @settings(max_examples=cases, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False), st.integers(0, 4))
    def check(text: str, one_in_five: int) -> None:
        _compare_load(version, text, huge=one_in_five == 0)

    check()


@pytest.mark.parametrize("version", LINES)
def test_generated_allocation_files_with_gpus(version: str, hadoop_cases: int) -> None:
    cases = line_cases(version, max(1, hadoop_cases // 2))

    @settings(max_examples=cases, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False, gpu=True))
    def check(text: str) -> None:
        _compare_load(version, text, gpu=True)

    check()


@pytest.mark.parametrize("version", LINES)
def test_generated_malformed_allocation_files(version: str, hadoop_cases: int) -> None:
    cases = line_cases(version, max(1, hadoop_cases // 2))

    @settings(max_examples=cases, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=True))
    def check(text: str) -> None:
        _compare_load(version, text)

    check()
