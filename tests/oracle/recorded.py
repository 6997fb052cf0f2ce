"""Hadoop's answers, checked in, so every divergence the oracle found stays fixed without a JVM.

Each folder of ``tests/data/oracle/`` holds one input (``fair-scheduler.xml`` or
``capacity-scheduler.xml``), optionally ``case.json`` (``{"cluster": ..., "demand": {...}}``),
``demand.json`` (a demand snapshot, ``{"queues": {...}}``, as ``fsctl simulate --demand`` reads it;
``case.json`` may also name the ``hadoop_versions`` a case is for)
and ``yarn-site.xml``, and ``hadoop.json``: the oracle's answers per Hadoop version and verb. A
Capacity file with a snapshot is asked ``cs-load`` too: the allocation under that load.
Re-record after a change to the oracle or a new case with::

    python -m tests.oracle.recorded
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parents[1] / "data" / "oracle"
VERSIONS = ("3.4", "3.3")
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
    """The Hadoop lines a case is recorded for (``case.json``'s ``hadoop_versions``, else both)."""
    return tuple(case_settings(case).get("hadoop_versions", VERSIONS))


def demand_file(case: Path) -> Path | None:
    path = case / "demand.json"
    return path if path.exists() else None


def yarn_site(case: Path) -> Path | None:
    path = case / "yarn-site.xml"
    return path if path.exists() else None


def requests(case: Path) -> dict[str, dict[str, Any]]:
    """verb -> the oracle request for this case (paths relative to the repository root)."""
    source = case_input(case)
    settings = case_settings(case)
    file = str(source)
    site = yarn_site(case)
    snapshot = demand_file(case)
    if source.name == "capacity-scheduler.xml":
        capacity = {"capacity": {"verb": "capacity", "file": file, "cluster": settings["cluster"]}}
        if snapshot is None:
            return capacity
        load: dict[str, Any] = {
            "verb": "cs-load",
            "file": file,
            "cluster": settings["cluster"],
            "demand": json.loads(snapshot.read_text())["queues"],
        }
        if site is not None:
            load["yarn_site"] = str(site)
        return {**capacity, "cs-load": load}
    shares: dict[str, Any] = {"verb": "shares", "file": file, "cluster": settings["cluster"]}
    if "demand" in settings:
        shares["demand"] = settings["demand"]
    if snapshot is not None:
        shares["demand"] = json.loads(snapshot.read_text())["queues"]
    if site is not None:
        shares["yarn_site"] = str(site)
    return {"load": {"verb": "load", "file": file}, "shares": shares}


def expected(case: Path) -> dict[str, dict[str, Any]]:
    answers: dict[str, dict[str, Any]] = json.loads((case / "hadoop.json").read_text())
    return answers


def record(names: list[str]) -> None:
    from tests.oracle.oracle import Oracle

    oracles = {v: Oracle(v) for v in VERSIONS}
    try:
        for case in sorted(p for p in CASES.iterdir() if p.is_dir()):
            if names and case.name not in names:
                continue
            answers = {
                version: {verb: _portable(oracle.ask(req)) for verb, req in requests(case).items()}
                for version, oracle in oracles.items()
                if version in case_versions(case)
            }
            (case / "hadoop.json").write_text(json.dumps(answers, indent=1, sort_keys=True) + "\n")
            print(f"recorded {case.name}")
    finally:
        for oracle in oracles.values():
            oracle.close()


def _portable(answer: dict[str, Any]) -> dict[str, Any]:
    """Drop the parts that name this machine (temporary paths in messages)."""
    answer = dict(answer)
    error = answer.get("error")
    if isinstance(error, dict) and error.get("message"):
        answer["error"] = {**error, "message": error["message"].replace(str(CASES), "<case>")}
    return answer


if __name__ == "__main__":
    record(sys.argv[1:])
