"""Hadoop's answers, checked in, so every divergence the oracle found stays fixed without a JVM.

Each folder of ``tests/data/oracle/`` holds one input (``fair-scheduler.xml`` or
``capacity-scheduler.xml``), optionally ``case.json`` (``{"cluster": ..., "demand": {...}}``),
``demand.json`` (a demand snapshot, ``{"queues": {...}}``, as ``fsctl simulate --demand`` reads it)
and ``yarn-site.xml``, and ``hadoop.json``: the oracle's answers per Hadoop release line (every line
of ``tests.oracle.lines.LINES``) and verb. A Capacity Scheduler case whose ``case.json`` holds
``leaves`` (the load of a ``cs-preempt`` request) is also asked for one round of the preemption
policy (3.3 and later).
Re-record after a change to the oracle or a new case with::

    python -m tests.oracle.recorded
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.oracle.lines import LINES, MODERN_LINES

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
    if source.name == "capacity-scheduler.xml":
        asked: dict[str, dict[str, Any]] = {
            "capacity": {"verb": "capacity", "file": file, "cluster": settings["cluster"]}
        }
        site = yarn_site(case)
        if site is not None:  # its resource types, its calculator
            asked["capacity"]["yarn_site"] = str(site)
        if "leaves" in settings:  # a load: one round of the preemption policy on it
            preempt = {
                "verb": "cs-preempt",
                "file": file,
                "cluster": settings["cluster"],
                "leaves": settings["leaves"],
            }
            if site is not None:
                preempt["yarn_site"] = str(site)
            asked["cs-preempt"] = preempt
        return asked
    shares: dict[str, Any] = {"verb": "shares", "file": file, "cluster": settings["cluster"]}
    if "demand" in settings:
        shares["demand"] = settings["demand"]
    snapshot = demand_file(case)
    if snapshot is not None:
        shares["demand"] = json.loads(snapshot.read_text())["queues"]
    site = yarn_site(case)
    if site is not None:
        shares["yarn_site"] = str(site)
    return {"load": {"verb": "load", "file": file}, "shares": shares}


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
                version: {
                    verb: _portable(oracle.ask(req))
                    for verb, req in requests(case).items()
                    if verb != "cs-preempt" or version in MODERN_LINES
                }
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
