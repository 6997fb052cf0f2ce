"""fsctl's Capacity Scheduler load model against the real CapacityScheduler (``cs-load``): generated
configurations and snapshots, both Hadoop lines. Every queue's, user's and application's usage,
pending demand and limits after the allocation, to the unit."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.oracle.capacity_load_cases import configurations, snapshots
from tests.oracle.conftest import oracle_for
from tests.oracle.load_compare import divergences, fsctl_load


def _write(text: str, suffix: str) -> str:
    fd, path = tempfile.mkstemp(suffix=suffix, prefix="fsctl-load-")
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    return path


def compare(version: str, cs: str, site: str, cluster: str, demand: dict[str, Any]) -> list[str]:
    """Both answers for one case; the divergences (empty when they agree)."""
    from tests.oracle import fsctl_side as loads

    cs_path, site_path = _write(cs, ".xml"), _write(site, ".xml")
    try:
        ok, _, _ = loads.load_verdict(cs_path, version, site_path)
        assume(ok)
        request = {
            "verb": "cs-load",
            "file": cs_path,
            "yarn_site": site_path,
            "cluster": cluster,
            "demand": demand,
        }
        hadoop = oracle_for(version).ask(request)
        assert hadoop["ok"], hadoop["error"]
        snapshot = _write(json.dumps({"queues": demand}), ".json")
        try:
            ours = fsctl_load(cs_path, site_path, cluster, snapshot, version)
        finally:
            Path(snapshot).unlink()
        return divergences(hadoop, ours)
    finally:
        Path(cs_path).unlink()
        Path(site_path).unlink()


@st.composite
def cases(draw: st.DrawFn, version: str, legacy: bool | None = None) -> tuple[str, str, str, dict[str, Any]]:
    cs, site, leaves, (memory, vcores) = draw(configurations(version, legacy))
    return cs, site, f"memory-mb={memory}, vcores={vcores}", draw(snapshots(leaves, (memory, vcores)))


@pytest.mark.parametrize("version", ["3.4", "3.3"])
def test_generated_load(version: str, hadoop_cases: int) -> None:
    # a MockRM boots per case (well under a second): half the cases for each line
    count = max(1, hadoop_cases // 2)

    @settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck))
    @given(cases(version))
    def check(case: tuple[str, str, str, dict[str, Any]]) -> None:
        cs, site, cluster, demand = case
        found = compare(version, cs, site, cluster, demand)
        context = (
            f"\n--- capacity-scheduler.xml\n{cs}--- yarn-site.xml\n{site}--- cluster {cluster}\n"
            f"--- demand\n{json.dumps(demand, indent=1)}"
        )
        assert not found, "\n".join(found[:20]) + context

    check()
