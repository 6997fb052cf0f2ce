"""Hadoop's answers, checked in, so every divergence the oracle found stays fixed without a JVM.

Each folder of ``tests/data/oracle/`` holds one input (``fair-scheduler.xml`` or
``capacity-scheduler.xml``), optionally ``case.json`` (``{"cluster": ..., "demand": {...}}``, and
``"fs2cs": {"percentage": true}`` to record Hadoop's converter too), ``demand.json`` (a demand
snapshot, ``{"queues": {...}}``, as ``fsctl simulate --demand`` reads it), ``apps.json``
(applications to submit, ``[{"user", "groups", "queue"}]``, as ``fsctl route`` takes them) and
``yarn-site.xml``, and ``hadoop.json``: the oracle's answers per Hadoop release line (every line of
``tests.oracle.lines.LINES``) and verb. A Capacity Scheduler case whose ``case.json`` holds
``leaves`` (the load of a ``cs-preempt`` request) is also asked for one round of the preemption
policy (3.3 and later); one with a snapshot (``demand.json``) for the allocation under that load
(``cs-load``, 3.3 and later; ``case.json`` may name the ``hadoop_versions`` it is asked of, and
``"preempt": true`` for one round of the preemption policy on the state the allocation reached).
Re-record after a change to the oracle or a new case with::

    python -m tests.oracle.recorded
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.oracle.lines import FS2CS_LINES, LINES, MODERN_LINES

CASES = Path(__file__).resolve().parents[1] / "data" / "oracle"
DEFAULT_CLUSTER = "memory-mb=102400, vcores=100"


def case_input(case: Path) -> Path:
    for name in ("fair-scheduler.xml", "capacity-scheduler.xml"):
        if (case / name).exists():
            return case / name
    raise FileNotFoundError(f"{case}: no fair-scheduler.xml or capacity-scheduler.xml")


def case_settings(case: Path) -> dict[str, Any]:
    path = case / "case.json"
    settings: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    settings.setdefault("cluster", DEFAULT_CLUSTER)
    return settings


def case_versions(case: Path) -> tuple[str, ...]:
    """The Hadoop lines a case's load is asked of (``case.json``'s ``hadoop_versions``, else those
    of the load verbs, 3.3 and later)."""
    return tuple(case_settings(case).get("hadoop_versions", MODERN_LINES))


def demand_file(case: Path) -> Path | None:
    path = case / "demand.json"
    return path if path.exists() else None


def submitted_apps(case: Path) -> list[dict[str, Any]] | None:
    path = case / "apps.json"
    if not path.exists():
        return None
    apps: list[dict[str, Any]] = json.loads(path.read_text())
    return apps


def yarn_site(case: Path) -> Path | None:
    path = case / "yarn-site.xml"
    return path if path.exists() else None


def fs2cs_options(case: Path, version: str) -> dict[str, Any] | None:
    """The fs2cs switches the case asks for on this Hadoop line, or None for no fs2cs answer;
    3.3.6's fs2cs has no --percentage: it writes percentages only."""
    options = case_settings(case).get("fs2cs")
    if options is None or version not in FS2CS_LINES:
        return None
    from fsctl.model.versions import parse_version

    before_34 = parse_version(version) < (3, 4)
    return {k: v for k, v in options.items() if not (k == "percentage" and before_34)}


def convert_flags(case: Path, version: str) -> list[str]:
    """``fsctl convert``'s switches for what fs2cs was asked on this line."""
    options = fs2cs_options(case, version) or {}
    site = yarn_site(case)
    return [
        "--hadoop-version",
        version,
        *(["--percentage"] if options.get("percentage") else []),
        *(["--yarn-site", str(site)] if site is not None else []),
    ]


def requests(case: Path, version: str) -> dict[str, dict[str, Any]]:
    """verb -> the oracle request for this case on a Hadoop line (paths relative to the repository
    root)."""
    source = case_input(case)
    settings = case_settings(case)
    file = str(source)
    apps = submitted_apps(case)
    site = yarn_site(case)
    snapshot = demand_file(case)
    place = {"place": {"verb": "place", "file": file, "apps": apps}} if apps is not None else {}
    if source.name == "capacity-scheduler.xml":
        asked: dict[str, dict[str, Any]] = {
            "capacity": {"verb": "capacity", "file": file, "cluster": settings["cluster"]},
            **place,
        }
        if site is not None:  # its resource types, its calculator
            asked["capacity"]["yarn_site"] = str(site)
        if "leaves" in settings and version in MODERN_LINES:  # a load: one round of the policy on it
            preempt = {
                "verb": "cs-preempt",
                "file": file,
                "cluster": settings["cluster"],
                "leaves": settings["leaves"],
            }
            if site is not None:
                preempt["yarn_site"] = str(site)
            asked["cs-preempt"] = preempt
        if snapshot is not None and version in MODERN_LINES and version in case_versions(case):
            load: dict[str, Any] = {
                "verb": "cs-load",
                "file": file,
                "cluster": settings["cluster"],
                "demand": json.loads(snapshot.read_text())["queues"],
            }
            if site is not None:
                load["yarn_site"] = str(site)
            if settings.get("preempt"):  # then one round of the preemption policy on that state
                load["preempt"] = True
            asked["cs-load"] = load
        return asked
    shares: dict[str, Any] = {"verb": "shares", "file": file, "cluster": settings["cluster"]}
    if "demand" in settings:
        shares["demand"] = settings["demand"]
    if snapshot is not None:
        shares["demand"] = json.loads(snapshot.read_text())["queues"]
    if site is not None:
        shares["yarn_site"] = str(site)
        if apps is not None:
            place["place"]["yarn_site"] = str(site)
    asked = {"load": {"verb": "load", "file": file}, "shares": shares, **place}
    fs2cs = fs2cs_options(case, version)
    if fs2cs is not None:
        asked["fs2cs"] = {"verb": "fs2cs", "file": file, **fs2cs}
        if site is not None:
            asked["fs2cs"]["yarn_site"] = str(site)
    return asked


def expected(case: Path) -> dict[str, dict[str, Any]]:
    answers: dict[str, dict[str, Any]] = json.loads((case / "hadoop.json").read_text())
    return answers


def record(names: list[str]) -> None:
    from tests.oracle.oracle import Oracle

    oracles = {v: Oracle(v) for v in LINES}
    try:
        for case in sorted(p for p in CASES.iterdir() if p.is_dir()):
            if names and case.name not in names:
                continue
            answers = {
                version: {verb: _portable(oracle.ask(req)) for verb, req in requests(case, version).items()}
                for version, oracle in oracles.items()
            }
            (case / "hadoop.json").write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
            print(f"recorded {case.name}")
    finally:
        for oracle in oracles.values():
            oracle.close()


def _portable(answer: dict[str, Any]) -> dict[str, Any]:
    """Drop the parts that name this machine (the cases' folder in messages and their causes)."""
    portable: dict[str, Any] = json.loads(json.dumps(answer).replace(str(CASES), "<case>"))
    return portable


if __name__ == "__main__":
    record(sys.argv[1:])
