"""``fsctl convert`` against Hadoop's fs2cs on Hadoop's converter test files and fsctl's samples:
the same verdict and the same capacity-scheduler.xml, except the departures fsctl lists in
``fsctl.convert.departures`` (each with its reason)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from fsctl.convert.departures import explained
from tests.conftest import SAMPLES, run_fsctl
from tests.hadoop.boot import boot
from tests.hadoop.conftest import oracle_for
from tests.hadoop.hadoop_resources import CONVERTER_RESOURCES, RULES_RESOURCE, extract
from tests.hadoop.oracle import Oracle

CLUSTER = "memory-mb=102400, vcores=100"


def _properties(path: Path) -> dict[str, str]:
    root = etree.parse(str(path)).getroot()
    props = {}
    for prop in root.iter("property"):
        props[prop.findtext("name") or ""] = prop.findtext("value") or ""
    return props


def _fsctl_convert(source: Path, out: Path, extra: list[str]) -> tuple[int, dict[str, str], dict[str, str]]:
    result = run_fsctl("convert", str(source), "-o", str(out), *extra)
    csxml, site = out / "capacity-scheduler.xml", out / "yarn-site.xml"
    return (
        result.returncode,
        _properties(csxml) if csxml.exists() else {},
        _properties(site) if site.exists() else {},
    )


def _inputs(tmp: Path) -> list[Path]:
    return [*extract(CONVERTER_RESOURCES, tmp), *sorted((SAMPLES / "fair").glob("*.xml"))]


def _output_would_not_boot(oracle: Oracle, source: Path, out: Path, flags: list[str]) -> bool:
    """The departure "verify-with-yarn-site": fs2cs verifies its output with the converted yarn-site
    delta alone; fsctl with the user's yarn-site merged in, as the ResourceManager will read it. True
    when the real CapacityScheduler, booted that way, refuses fsctl's unverified output."""
    run_fsctl("convert", str(source), "-o", str(out), "--skip-verification", *flags)
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
        code, ours, our_site = _fsctl_convert(source, out, flags)
        theirs = hadoop["capacity-scheduler"] or {}
        if not hadoop["ok"]:
            if ours and code == 0:
                divergences.append(f"{source.name}: fs2cs fails ({hadoop['messages'][-1:]}), fsctl converts")
            continue
        if not ours:
            if not _output_would_not_boot(oracle, source, out.with_name(out.name + "-unverified"), flags):
                divergences.append(f"{source.name}: fs2cs converts, fsctl does not (exit {code})")
            continue
        for name, mine_all, hers_all in (
            ("capacity-scheduler.xml", ours, theirs),
            ("yarn-site.xml", our_site, hadoop["yarn-site"] or {}),
        ):
            for key in sorted(set(hers_all) | set(mine_all)):
                mine, hers = mine_all.get(key), hers_all.get(key)
                if mine != hers and not explained(key, hers, mine, hers_all, mine_all):
                    divergences.append(f"{source.name} {name}: {key}: fs2cs {hers!r}, fsctl {mine!r}")
    assert not divergences, "\n".join(divergences)


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
