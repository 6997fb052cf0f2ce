"""``fsctl route`` against Hadoop's placement engines, on every release line: the Fair placement
rules on generated allocation files, and the Capacity Scheduler's mapping rules on fsctl's
conversion of each of them for that line, for a fixed table of applications (groups given, never
looked up)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from fsctl.commands.route import RouteOptions
from fsctl.commands.route import run as route
from fsctl.model.versions import parse_version
from tests.conftest import run_fsctl
from tests.oracle import fsctl_side
from tests.oracle.allocation_files import allocation_files
from tests.oracle.capacity_files import NAMES, capacity_files
from tests.oracle.conftest import oracle_for
from tests.oracle.lines import LINES, line_cases
from tests.oracle.oracle import write_temporary

APPS = (
    {"user": "alice", "groups": ["eng"], "queue": None},
    {"user": "bob", "groups": ["etl", "eng"], "queue": "root.a"},
    {"user": "carol", "groups": [], "queue": "a"},
    {"user": "alice", "groups": ["eng"], "queue": "root.default"},
    {"user": "dan", "groups": ["ops"], "queue": "root.nope"},
    {"user": "erin", "groups": ["eng"], "queue": "root.a.b"},
    {"user": "frank", "groups": ["b"], "queue": "p0"},
    # secondaryGroupExistingQueue: before 3.4 the primary group's queue is skipped
    {"user": "gina", "groups": ["a", "b"], "queue": None},
)


def target_flags(version: str) -> tuple[str, ...]:
    """What a conversion for a line before 3.4 needs: no weights, no JSON mapping rules there."""
    return ("--percentage", "--skip-placement-rules") if parse_version(version) < (3, 4) else ()


def _spec(app: dict[str, Any]) -> str:
    parts = [f"user={app['user']}"]
    if app["groups"]:
        parts.append("groups=" + ":".join(app["groups"]))
    if app["queue"]:
        parts.append(f"queue={app['queue']}")
    return ",".join(parts)


def _fsctl_route(path: str, version: str, apps: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    out, err = io.StringIO(), io.StringIO()
    options = RouteOptions(
        [path], app_specs=[_spec(a) for a in apps], hadoop_version=parse_version(version), fmt="json"
    )
    route(options, out, err)
    return [app["placements"][0] for app in json.loads(out.getvalue())["apps"]]


def _compare(path: str, text: str, what: str, version: str, apps: tuple[dict[str, Any], ...] = APPS) -> None:
    # every application submitted to a ResourceManager running the file (oracle: Submissions)
    submitted = [{k: v for k, v in app.items() if v is not None} for app in apps]
    hadoop = oracle_for(version).ask({"verb": "place", "file": path, "apps": submitted})
    assert hadoop["ok"], hadoop
    ours = _fsctl_route(path, version, apps)
    for app, landing, theirs in zip(apps, ours, hadoop["placements"], strict=True):
        assert (landing["queue"], landing["rejected"]) == (theirs["queue"], theirs["rejected"]), (
            f"{what}: {_spec(app)}: fsctl {landing}, Hadoop {theirs}\n{text}"
        )


@pytest.mark.parametrize("version", LINES)
def test_fair_placement_and_converted_mapping_rules(version: str, hadoop_cases: int, tmp_path: Path) -> None:
    counter = iter(range(10**9))

    @settings(
        max_examples=line_cases(version, max(1, hadoop_cases // 4)),
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        path = write_temporary(text, "fsctl-route-")
        try:
            if not fsctl_side.load_verdict(path, version)[0]:
                return
            _compare(path, text, "fair", version)
            out = tmp_path / f"converted-{next(counter)}"
            converting = ("convert", path, "-o", str(out), "--fail-on", "error", "--hadoop-version", version)
            if run_fsctl(*converting, *target_flags(version)).returncode != 0:
                return
            converted = out / "capacity-scheduler.xml"
            _compare(str(converted), converted.read_text(), "converted", version)
        finally:
            Path(path).unlink()

    check()


#: every short name the capacity generator uses and some full paths: before 3.3 a short name goes
#: to the queue registered last and a full path is unknown (CS312), from 3.3 a shared short name is
#: refused and a full path found
CAPACITY_APPS = tuple(
    {"user": "alice", "groups": [], "queue": queue}
    for queue in (*NAMES, "root.a", "root.a.b", "root.b.c", "root.c.c", "root.default")
)


@pytest.mark.parametrize("version", LINES)
def test_capacity_submissions_by_short_name_and_path(version: str, hadoop_cases: int) -> None:
    @settings(
        max_examples=line_cases(version, max(1, hadoop_cases // 4)),
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(capacity_files(malformed=False))
    def check(text: str) -> None:
        path = write_temporary(text, "fsctl-cs-route-")
        try:
            if fsctl_side.load_verdict(path, version)[0] and not _limit_unasked(text):
                _compare(path, text, "capacity", version, CAPACITY_APPS)
        finally:
            Path(path).unlink()

    check()


def _limit_unasked(text: str) -> bool:
    """Whether an application limit decides a submission where the oracle cannot say: the place
    verb's MockRM has no nodes, so a queue with an absolute capacity has a limit of 0 there (fsctl,
    with no cluster, counts it as a share). Elsewhere the limit is compared too."""
    return "<value>[memory=" in text
