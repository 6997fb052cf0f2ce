"""``fsctl convert`` against Hadoop's fs2cs on Hadoop's converter test files and fsctl's samples:
the same verdict and the same capacity-scheduler.xml, except the departures fsctl lists in
``fsctl.convert.departures`` (each with its reason). fs2cs exists on the lines of
``tests.oracle.lines.FS2CS_LINES`` (3.4 and 3.3) only: older lines have none to compare with, which
the oracle says (test_oracle_truth); their converted output is booted instead (test_boot)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import SAMPLES, run_fsctl
from tests.oracle import fs2cs_side
from tests.oracle.allocation_files import allocation_files
from tests.oracle.boot import boot
from tests.oracle.conftest import oracle_for
from tests.oracle.hadoop_resources import CONVERTER_RESOURCES, RULES_RESOURCE, extract
from tests.oracle.oracle import Oracle, write_temporary

CLUSTER = "memory-mb=102400, vcores=100"


def _inputs(tmp: Path) -> list[Path]:
    return [*extract(CONVERTER_RESOURCES, tmp), *sorted((SAMPLES / "fair").glob("*.xml"))]


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
    """fsctl convert against fs2cs's answer (fs2cs_side.divergences), with the two verdicts that
    differ by a departure confirmed in the real CapacityScheduler: output fsctl writes where fs2cs
    fails must boot, output fsctl refuses where fs2cs converts must not."""
    converted = fs2cs_side.fsctl_convert(source, out, flags)
    found = fs2cs_side.divergences(source.name, converted, hadoop, line)
    site = Path(flags[flags.index("--yarn-site") + 1]) if "--yarn-site" in flags else None
    if not hadoop["ok"] and converted.capacity:
        answer = boot(oracle, out, site)
        if not answer["ok"]:
            found.append(f"{source.name}: fs2cs fails, and fsctl's output does not boot: {answer['error']}")
    if hadoop["ok"] and not converted.capacity:
        unverified = out.with_name(out.name + "-unverified")
        run_fsctl("convert", str(source), "-o", str(unverified), "--skip-verification", *flags)
        # fsctl refuses for another reason than the verification when it writes nothing even so
        if (unverified / "capacity-scheduler.xml").exists() and not boot(oracle, unverified, site)["ok"]:
            return []
    return found


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
