"""``fsctl convert`` against an fs2cs answer (the oracle's, or one recorded), without a JVM: the
verdict, then every property of capacity-scheduler.xml and yarn-site.xml that no departure
(``fsctl.convert.departures``) explains."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from fsctl.convert.departures import Difference, explained
from tests.conftest import run_fsctl


def properties(path: Path) -> dict[str, str]:
    root = etree.parse(str(path)).getroot()
    return {p.findtext("name") or "": p.findtext("value") or "" for p in root.iter("property")}


@dataclass(frozen=True)
class Converted:
    """What ``fsctl convert -o OUT`` did: its exit code, the files written (empty when none) and the
    (code, queue) of every finding."""

    code: int
    capacity: dict[str, str]
    site: dict[str, str]
    reported: frozenset[tuple[str, str | None]]


def fsctl_convert(source: Path, out: Path, flags: list[str]) -> Converted:
    result = run_fsctl("convert", str(source), "-o", str(out), "--format", "json", *flags)
    csxml, site = out / "capacity-scheduler.xml", out / "yarn-site.xml"
    report = json.loads(result.stdout) if result.stdout.startswith("{") else {"files": []}
    reported = frozenset((d["code"], d.get("queue")) for f in report["files"] for d in f["diagnostics"])
    return Converted(
        result.returncode,
        properties(csxml) if csxml.exists() else {},
        properties(site) if site.exists() else {},
        reported,
    )


#: the findings of the departure "weights-fs2cs-cannot-convert"
WEIGHT_FINDINGS = ("CV401", "CV402", "CV403")


def _failure_explained(hadoop: dict[str, Any], reported: frozenset[tuple[str, str | None]]) -> bool:
    """A failure of fs2cs that a departure explains where fsctl converts: weights fs2cs cannot
    convert (fsctl names them), or its verification without the resource calculator it wrote to
    yarn-site.xml ("verify-with-yarn-site"; the oracle's tests boot fsctl's output to confirm)."""
    if any(code in WEIGHT_FINDINGS for code, _ in reported):
        return True
    return any("RM uses DefaultResourceCalculator" in message for message in hadoop["messages"])


def divergences(name: str, converted: Converted, hadoop: dict[str, Any], line: tuple[int, int]) -> list[str]:
    """Every way fsctl's conversion differs from fs2cs's answer that the departures do not explain.
    A file fs2cs converts and fsctl refuses is one (the oracle's tests first check whether the
    ResourceManager would refuse fsctl's unverified output: the departure "verify-with-yarn-site")."""
    if not hadoop["ok"]:
        if converted.capacity and not _failure_explained(hadoop, converted.reported):
            return [f"{name}: fs2cs fails ({hadoop['messages'][-1:]}), fsctl converts"]
        return []
    if not converted.capacity:
        return [f"{name}: fs2cs converts, fsctl does not (exit {converted.code})"]
    found = []
    for file, mine_all, hers_all in (
        ("capacity-scheduler.xml", converted.capacity, hadoop["capacity-scheduler"] or {}),
        ("yarn-site.xml", converted.site, hadoop["yarn-site"] or {}),
    ):
        for key in sorted(set(hers_all) | set(mine_all)):
            mine, hers = mine_all.get(key), hers_all.get(key)
            difference = Difference(key, hers, mine, hers_all, mine_all, converted.reported, line)
            if mine != hers and not explained(difference):
                found.append(f"{name} {file}: {key}: fs2cs {hers!r}, fsctl {mine!r}")
    return found
