"""``fsctl convert`` against Hadoop's fs2cs on Hadoop's converter test files and fsctl's samples:
the same verdict and the same capacity-scheduler.xml, except the departures fsctl lists in
``fsctl.convert.departures`` (each with its reason)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from fsctl.convert.departures import explained
from tests.conftest import SAMPLES, run_fsctl
from tests.hadoop.conftest import oracle_for
from tests.hadoop.hadoop_resources import CONVERTER_RESOURCES, extract

CLUSTER = "memory-mb=102400, vcores=100"


def _properties(path: Path) -> dict[str, str]:
    root = etree.parse(str(path)).getroot()
    props = {}
    for prop in root.iter("property"):
        props[prop.findtext("name") or ""] = prop.findtext("value") or ""
    return props


def _fsctl_convert(source: Path, out: Path, extra: list[str]) -> tuple[int, dict[str, str]]:
    result = run_fsctl("convert", str(source), "-o", str(out), *extra)
    csxml = out / "capacity-scheduler.xml"
    return result.returncode, _properties(csxml) if csxml.exists() else {}


def _inputs(tmp: Path) -> list[Path]:
    return [*extract(CONVERTER_RESOURCES, tmp), *sorted((SAMPLES / "fair").glob("*.xml"))]


@pytest.mark.parametrize("percentage", [False, True], ids=["weights", "percentage"])
def test_convert_matches_fs2cs(tmp_path: Path, percentage: bool) -> None:
    oracle = oracle_for("3.4")
    divergences: list[str] = []
    for source in _inputs(tmp_path):
        request = {"verb": "fs2cs", "file": str(source), "cluster": CLUSTER, "percentage": percentage}
        hadoop = oracle.ask(request)
        out = tmp_path / f"out-{source.stem}-{percentage}"
        code, ours = _fsctl_convert(source, out, ["--percentage"] if percentage else [])
        theirs = hadoop["capacity-scheduler"] or {}
        if not hadoop["ok"]:
            if ours and code == 0:
                divergences.append(f"{source.name}: fs2cs fails ({hadoop['messages'][-1:]}), fsctl converts")
            continue
        if not ours:
            divergences.append(f"{source.name}: fs2cs converts, fsctl does not (exit {code})")
            continue
        for key in sorted(set(theirs) | set(ours)):
            mine, hers = ours.get(key), theirs.get(key)
            if mine != hers and not explained(key, hers, mine, theirs, ours):
                divergences.append(f"{source.name}: {key}: fs2cs {hers!r}, fsctl {mine!r}")
    assert not divergences, "\n".join(divergences)
