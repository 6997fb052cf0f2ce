"""``fsctl convert`` against Hadoop's fs2cs on Hadoop's converter test files and fsctl's samples:
the same verdict and the same capacity-scheduler.xml, except the departures fsctl lists in
``fsctl.convert.departures`` (each with its reason)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from lxml import etree

from fsctl.convert.departures import Difference, explained
from tests.conftest import SAMPLES, run_fsctl
from tests.oracle.allocation_files import allocation_files
from tests.oracle.boot import boot
from tests.oracle.conftest import oracle_for
from tests.oracle.hadoop_resources import CONVERTER_RESOURCES, RULES_RESOURCE, extract
from tests.oracle.oracle import Oracle, write_temporary

CLUSTER = "memory-mb=102400, vcores=100"


def _properties(path: Path) -> dict[str, str]:
    root = etree.parse(str(path)).getroot()
    props = {}
    for prop in root.iter("property"):
        props[prop.findtext("name") or ""] = prop.findtext("value") or ""
    return props


def _fsctl_convert(
    source: Path, out: Path, extra: list[str]
) -> tuple[int, dict[str, str], dict[str, str], frozenset[tuple[str, str | None]]]:
    """(exit code, capacity-scheduler.xml, yarn-site.xml, the (code, queue) of every finding)."""
    result = run_fsctl("convert", str(source), "-o", str(out), "--format", "json", *extra)
    csxml, site = out / "capacity-scheduler.xml", out / "yarn-site.xml"
    report = json.loads(result.stdout) if result.stdout.startswith("{") else {"files": []}
    reported = frozenset((d["code"], d.get("queue")) for f in report["files"] for d in f["diagnostics"])
    return (
        result.returncode,
        _properties(csxml) if csxml.exists() else {},
        _properties(site) if site.exists() else {},
        reported,
    )


def _inputs(tmp: Path) -> list[Path]:
    return [*extract(CONVERTER_RESOURCES, tmp), *sorted((SAMPLES / "fair").glob("*.xml"))]


def _output_would_not_boot(oracle: Oracle, source: Path, out: Path, flags: list[str]) -> bool:
    """The departure "verify-with-yarn-site": fs2cs verifies its output with the converted yarn-site
    delta alone; fsctl with the user's yarn-site merged in, as the ResourceManager will read it. True
    when the real CapacityScheduler, booted that way, refuses fsctl's unverified output."""
    run_fsctl("convert", str(source), "-o", str(out), "--skip-verification", *flags)
    if not (out / "capacity-scheduler.xml").exists():
        return False  # fsctl refuses for another reason than the verification
    site = Path(flags[flags.index("--yarn-site") + 1]) if "--yarn-site" in flags else None
    return not boot(oracle, out, site)["ok"]


VARIANTS = {
    "weights": {},
    "percentage": {"percentage": True},
    # fs2cs's own verification refuses the node-locality-delay it copies from this yarn-site (a
    # fraction read with getInt): skip it to compare the rest (the departure "locality-thresholds")
    "site-rules-to-file": {
        "yarn_site": str(SAMPLES / "yarn-site.xml"),
        "rules_to_file": True,
        "skip_verification": True,
    },
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_convert_matches_fs2cs(tmp_path: Path, variant: str) -> None:
    oracle = oracle_for("3.4")
    options = VARIANTS[variant]
    flags = [*(["--percentage"] if options.get("percentage") else []),
             *(["--yarn-site", str(options["yarn_site"])] if "yarn_site" in options else []),
             *(["--rules-to-file"] if options.get("rules_to_file") else [])]  # fmt: skip
    divergences: list[str] = []
    for source in _inputs(tmp_path):
        hadoop = oracle.ask({"verb": "fs2cs", "file": str(source), "cluster": CLUSTER, **options})
        out = tmp_path / f"out-{source.stem}-{variant}"
        divergences += compare_conversion(oracle, source, out, flags, hadoop)
    assert not divergences, "\n".join(divergences)


def compare_conversion(
    oracle: Oracle,
    source: Path,
    out: Path,
    flags: list[str],
    hadoop: dict[str, Any],
    line: tuple[int, int] = (3, 4),
) -> list[str]:
    """fsctl convert against fs2cs's answer: the verdict, then every property of both files that no
    departure explains."""
    code, ours, our_site, reported = _fsctl_convert(source, out, flags)
    theirs = hadoop["capacity-scheduler"] or {}
    if not hadoop["ok"]:
        if ours and code == 0:
            return [f"{source.name}: fs2cs fails ({hadoop['messages'][-1:]}), fsctl converts"]
        return []
    if not ours:
        if _output_would_not_boot(oracle, source, out.with_name(out.name + "-unverified"), flags):
            return []
        return [f"{source.name}: fs2cs converts, fsctl does not (exit {code})"]
    divergences = []
    for name, mine_all, hers_all in (
        ("capacity-scheduler.xml", ours, theirs),
        ("yarn-site.xml", our_site, hadoop["yarn-site"] or {}),
    ):
        for key in sorted(set(hers_all) | set(mine_all)):
            mine, hers = mine_all.get(key), hers_all.get(key)
            difference = Difference(key, hers, mine, hers_all, mine_all, reported, line)
            if mine != hers and not explained(difference):
                divergences.append(f"{source.name} {name}: {key}: fs2cs {hers!r}, fsctl {mine!r}")
    return divergences


@pytest.mark.parametrize("percentage", [False, True], ids=["weights", "percentage"])
def test_generated_files_convert_as_fs2cs(tmp_path: Path, percentage: bool, hadoop_cases: int) -> None:
    oracle = oracle_for("3.4")
    counter = iter(range(10**9))
    flags = ["--percentage"] if percentage else []

    @settings(max_examples=max(1, hadoop_cases // 4), deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        source = Path(write_temporary(text, "fsctl-fs2cs-"))
        try:
            hadoop = oracle.ask({"verb": "fs2cs", "file": str(source), "percentage": percentage})
            divergences = compare_conversion(oracle, source, tmp_path / f"out-{next(counter)}", flags, hadoop)
            assert not divergences, "\n".join(divergences) + "\n" + text
        finally:
            source.unlink()

    check()


def test_rules_file_verdicts_match_fs2cs(tmp_path: Path) -> None:
    """Hadoop's conversion-rules.properties makes most unsupported settings fatal: fs2cs and fsctl
    must refuse (or convert) the same files, with a cluster size given."""
    oracle = oracle_for("3.4")
    (rules,) = extract((RULES_RESOURCE,), tmp_path)
    differ = []
    for source in _inputs(tmp_path):
        hadoop = oracle.ask({"verb": "fs2cs", "file": str(source), "cluster": CLUSTER, "rules": str(rules)})
        result = run_fsctl("convert", str(source), "--dry-run", "--rules", str(rules), "--cluster", CLUSTER)
        fsctl_converts = (
            result.returncode in (0, 1) and "nothing is written" not in result.stderr + result.stdout
        )
        if hadoop["ok"] != fsctl_converts:
            differ.append(
                f"{source.name}: fs2cs ok={hadoop['ok']} {hadoop['messages'][-1:]}, fsctl exit "
                f"{result.returncode}"
            )
    assert not differ, "\n".join(differ)


#: a 3.3 target: what 3.3.6's fs2cs does by itself (percentages, placement rules left alone), unasked
FOR_33 = ["--hadoop-version", "3.3"]


def test_convert_for_33_matches_33_fs2cs(tmp_path: Path) -> None:
    oracle = oracle_for("3.3")
    divergences: list[str] = []
    for source in _inputs(tmp_path):
        hadoop = oracle.ask({"verb": "fs2cs", "file": str(source)})
        divergences += compare_conversion(
            oracle, source, tmp_path / f"out33-{source.stem}", FOR_33, hadoop, (3, 3)
        )
    assert not divergences, "\n".join(divergences)


def test_generated_files_convert_as_33_fs2cs(tmp_path: Path, hadoop_cases: int) -> None:
    oracle = oracle_for("3.3")
    counter = iter(range(10**9))

    @settings(max_examples=max(1, hadoop_cases // 8), deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        source = Path(write_temporary(text, "fsctl-fs2cs33-"))
        try:
            hadoop = oracle.ask({"verb": "fs2cs", "file": str(source)})
            out = tmp_path / f"out33-{next(counter)}"
            divergences = compare_conversion(oracle, source, out, FOR_33, hadoop, (3, 3))
            assert not divergences, "\n".join(divergences) + "\n" + text
        finally:
            source.unlink()

    check()
