"""fsctl against Hadoop's FairScheduler on generated allocation files with generated demand
snapshots listing applications: every queue's instantaneous fair share, usage and demand, every
leaf's starvation and AM limit, and every application's fair share, starvation and AM verdict."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.oracle import fsctl_side
from tests.oracle.allocation_files import allocation_files
from tests.oracle.app_divergences import divergences, held_as_given
from tests.oracle.conftest import oracle_for
from tests.oracle.demand_snapshots import (
    CLUSTER,
    CLUSTER_SPEC,
    dynamic_queues,
    preemption_elements,
    snapshots,
    with_preemption,
    yarn_site,
)
from tests.oracle.lines import LINES, line_cases


def _write(text: str, suffix: str) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False, prefix="fsctl-apps-") as handle:
        handle.write(text)
    return handle.name


def compare(version: str, text: str, site: str, demand: dict[str, Any]) -> list[str]:
    """Ask both; the divergences (empty when they agree). Skips (assume) states Hadoop cannot hold."""
    path, site_path = _write(text, ".xml"), _write(site, ".xml")
    demand_path = _write(json.dumps({"queues": demand}), ".json")
    try:
        request = {
            "verb": "shares",
            "file": path,
            "cluster": CLUSTER_SPEC,
            "yarn_site": site_path,
            "demand": demand,
        }
        hadoop = oracle_for(version).ask(request)
        if not hadoop["ok"]:
            # Hadoop refuses an ask a queue has 0 of a type for: no state to compare; anything else fails
            assert "InvalidResoureRequest" in hadoop["error"]["class"], hadoop["error"]
            assume(False)
        refused = fsctl_side.not_created(path, version, CLUSTER, demand_path)
        created = {queue["path"] for queue in hadoop["queues"]}
        if "root.recovery" in created:
            # the oracle's applications are recovered ones: where Hadoop cannot create their queue
            # (a policy its parent refuses) it parks them in root.recovery, and fsctl must have
            # found those queues not created; a submission would have been rejected: no state
            missing = {queue for queue in demand if queue not in created}
            assert missing and missing <= refused, (missing, refused)
            assume(False)
        assume(held_as_given(hadoop, demand))
        ours = fsctl_side.shares(path, version, CLUSTER, demand=demand_path, yarn_site=site_path)
        totals = frozenset(q for q, load in demand.items() if "applications" not in load)
        return divergences(hadoop, ours, totals, refused)
    finally:
        for p in (path, site_path, demand_path):
            Path(p).unlink()


@st.composite
def cases(draw: st.DrawFn, version: str) -> tuple[str, str, dict[str, Any]]:
    text = with_preemption(draw(allocation_files(malformed=False)), draw(preemption_elements()))
    path = _write(text, ".xml")
    try:
        loads, _, queues = fsctl_side.load_verdict(path, version)
        reservable = fsctl_side.reservable_queues(path, version)
    finally:
        Path(path).unlink()
    assume(loads)
    leaves = [q for q, kind in queues.items() if kind == "leaf"]
    assume(leaves)
    parents = [q for q, kind in queues.items() if kind == "parent" and q not in reservable]
    dynamic = dynamic_queues(parents, reservable)
    return text, draw(yarn_site()), draw(snapshots(leaves, dynamic))


@pytest.mark.parametrize("version", LINES)
def test_generated_applications(version: str, hadoop_cases: int) -> None:
    # a MockRM boots per case (about a second): a third of the cases
    count = line_cases(version, max(1, hadoop_cases // 3))

    @settings(max_examples=count, deadline=None, suppress_health_check=list(HealthCheck))
    @given(cases(version))
    def check(case: tuple[str, str, dict[str, Any]]) -> None:
        text, site, demand = case
        found = compare(version, text, site, demand)
        context = (
            f"\n--- allocation file\n{text}--- demand\n{json.dumps(demand, indent=1)}\n--- yarn-site\n{site}"
        )
        assert not found, "\n".join(found) + context

    check()
