"""The brief on generated 50-100-queue Fair clusters (issue 24's trial: nested departments with
repeated leaf names, user queues, a reservation queue, percentage maxima; tests/convert/
migration_files.py): each change is shown once, ranked, labelled by its size, with a cause; and the
changes are exactly those ``fsctl simulate`` finds between the Fair file and the converted file,
each side simulated on its own (two commands asked the same question give the same answer)."""

from __future__ import annotations

import io
import json
import re
import tempfile
from itertools import pairwise
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.commands.convert import ConvertCommand, run
from fsctl.commands.simulate import SimulateOptions, build_report
from fsctl.convert.brief import MAJOR, MAJOR_POINTS, MAJOR_RATIO, ROUNDING_POINTS, ROUNDING_UNITS
from fsctl.convert.options import ConvertOptions
from fsctl.report.brief import FIRST_CHANGES, TEXT_CHANGES
from tests.convert.migration_files import migration_case

CLUSTER = {"memory-mb": 1024000, "vcores": 1000}
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
EXAMPLES = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


def convert(fair: Path, out: Path, fmt: str, **kwargs: Any) -> str:
    options = ConvertCommand(fair_path=str(fair), output_dir=str(out), force=True, fmt=fmt, **kwargs)
    stdout, stderr = io.StringIO(), io.StringIO()
    code = run(options, stdout, stderr)
    assert code in (0, 1), stderr.getvalue()
    assert "internal error" not in stderr.getvalue() and "Traceback" not in stderr.getvalue()
    return stdout.getvalue()


def rows(path: Path, site: Path | None = None) -> dict[str, dict[str, Any]]:
    options = SimulateOptions(path=str(path), cluster=dict(CLUSTER), yarn_site=str(site) if site else None)
    return {str(row["path"]): row for row in build_report(options).rows}


def differs(old: dict[str, int | None], new: dict[str, int | None], unbounded_is_cluster: bool) -> bool:
    """Beyond rounding in some type both sides compute (the brief's rule, from its constants)."""
    for resource, total in CLUSTER.items():
        a, b = old.get(resource), new.get(resource)
        if unbounded_is_cluster:
            a, b = (total if a is None else a), (total if b is None else b)
        if a is None or b is None:
            continue
        a, b = min(a, total), min(b, total)
        if abs(b - a) > ROUNDING_UNITS and abs(b - a) / total * 100 > ROUNDING_POINTS:
            return True
    return False


def expected_changes(fair: Path, out: Path) -> set[tuple[str, str]]:
    """Queue and measure of every difference simulate shows between the two files."""
    before = rows(fair)
    after = rows(out / "capacity-scheduler.xml", out / "yarn-site.xml")
    effective: dict[str, dict[str, int | None]] = {}
    found: set[tuple[str, str]] = set()
    for path, row in before.items():  # pre-order: the parent's effective maximum first
        ceiling = effective.get(str(row["parent"]), {}) if row["parent"] else {}
        own = row["max_share"]
        effective[path] = {
            t: min(v for v in (own.get(t), ceiling.get(t)) if v is not None)
            if own.get(t) is not None or ceiling.get(t) is not None
            else None
            for t in CLUSTER
        }
        if path not in after or row["_note"]:
            continue
        if differs(row["steady_fair_share"], after[path]["guaranteed"], False):
            found.add((path, "guaranteed"))
        if differs(effective[path], after[path]["maximum"], True):
            found.add((path, "maximum"))
    return found


@EXAMPLES
@given(SEEDS)
def test_each_change_once_ranked_and_the_same_as_simulate(seed: int) -> None:
    case = migration_case(seed)
    assert 50 <= case.queues <= 100
    with tempfile.TemporaryDirectory(prefix="fsctl-brief-") as tmp:
        folder = Path(tmp)
        fair = folder / "fair-scheduler.xml"
        fair.write_text(case.fair)
        out = folder / "out"
        conv = ConvertOptions(cluster=dict(CLUSTER))
        brief = json.loads(convert(fair, out, "json", convert=conv))["brief"]
        shown: list[tuple[str, str]] = []
        for team in brief["teams"]:
            points = [abs(c["change_points"]) for c in team["changes"]]
            assert all(a >= b - 0.01 for a, b in pairwise(points)), team["team"]
            for change in team["changes"]:
                shown.append((change["queue"], change["measure"]))
                shown += [(queue, change["measure"]) for queue in change["queues_below"]]
                assert change["causes"], change
                ratio = change["ratio"]
                big = ratio is None or ratio >= MAJOR_RATIO or ratio <= 1 / MAJOR_RATIO
                if big or abs(change["change_points"]) > MAJOR_POINTS:
                    assert change["level"] == MAJOR, change
        assert len(shown) == len(set(shown)), "a change shown twice"
        assert set(shown) == expected_changes(fair, out)
        impacts = [max((abs(c["change_points"]) for c in t["changes"]), default=0.0) for t in brief["teams"]]
        assert all(a >= b - 0.01 for a, b in pairwise(impacts))

        text = convert(fair, out, "text", convert=conv)
        listed = [
            (match.group(2), match.group(1))
            for match in re.finditer(
                r"^  (?:MAJOR|moderate|minor)\s+(guaranteed|maximum)\s+(\S+)", text, re.M
            )
        ]
        assert len(listed) == len(set(listed)), "a change listed twice in the text"
        own = [(c["queue"], c["measure"]) for t in brief["teams"] for c in t["changes"]]
        assert set(listed) <= set(own)
        assert len(listed) == min(len(own), FIRST_CHANGES + TEXT_CHANGES)


@EXAMPLES
@given(SEEDS)
def test_under_a_demand_snapshot_with_user_queues(seed: int) -> None:
    case = migration_case(seed)
    with tempfile.TemporaryDirectory(prefix="fsctl-brief-") as tmp:
        folder = Path(tmp)
        fair = folder / "fair-scheduler.xml"
        fair.write_text(case.fair)
        demand = folder / "demand.yaml"
        demand.write_text(case.demand)
        for fmt in ("json", "text", "markdown", "html"):
            report = convert(fair, folder / "out", fmt, demand=str(demand))
            assert report
        brief = json.loads(convert(fair, folder / "out", "json", demand=str(demand)))["brief"]
        assert brief["cluster_from"] == "the demand snapshot's cluster"
        loaded = [t for t in brief["teams"] if t["under_load"] is not None]
        assert loaded
        # the Capacity Scheduler under the same load, or the one line that says why not
        computed = brief["capacity_under_load"]
        assert computed == (brief["capacity_under_load_problem"] is None)
        converted = [t for t in loaded if t["guaranteed"]["after"] is not None]
        assert all((t["under_load"]["after"] is not None) == computed for t in converted)
