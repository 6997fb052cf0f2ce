"""What ``fsctl convert`` writes loads in the real CapacityScheduler (booted as Hadoop's
ConvertedConfigValidator boots fs2cs's output, with the user's yarn-site.xml merged in), and what it
refuses to write would not have loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.conftest import SAMPLES, run_fsctl
from tests.oracle.allocation_files import allocation_files
from tests.oracle.boot import boot
from tests.oracle.conftest import oracle_for
from tests.oracle.lines import LINES, line_cases
from tests.oracle.oracle import write_temporary

SITE = SAMPLES / "yarn-site.xml"


def check_conversion_boots(
    source: Path, out: Path, site: Path | None, flags: list[str], version: str = "3.4"
) -> None:
    oracle = oracle_for(version)
    site_flags = ["--yarn-site", str(site)] if site is not None else []
    result = run_fsctl("convert", str(source), "-o", str(out), *site_flags, *flags)
    if (out / "capacity-scheduler.xml").exists():
        answer = boot(oracle, out, site)
        assert answer["ok"], f"{source.name} {flags}: fsctl wrote output Hadoop refuses: {answer['error']}"
        return
    assert result.returncode in (1, 2), result.stderr
    unverified = out.with_name(out.name + "-unverified")
    run_fsctl("convert", str(source), "-o", str(unverified), "--skip-verification", *site_flags, *flags)
    if (unverified / "capacity-scheduler.xml").exists():
        answer = boot(oracle, unverified, site)
        assert not answer["ok"], f"{source.name} {flags}: fsctl refused output Hadoop loads\n{result.stdout}"


def for_line(version: str) -> list[str]:
    """A target before 3.4 needs no other flag: convert chooses percentages and no placement rules
    by itself, as 3.3.6's fs2cs does (the lines before 3.3 have no fs2cs, nor weights or JSON rules)."""
    return ["--hadoop-version", version]


#: (flags, the line whose Capacity Scheduler boots the output): 3.4's choices, then every older line
TARGETS = {
    "weights": ([], "3.4"),
    "percentage": (["--percentage"], "3.4"),
    "cluster": (["--cluster", "memory-mb=1024000, vcores=1000"], "3.4"),
    **{f"target-{line}": (for_line(line), line) for line in LINES if line != "3.4"},
}


@pytest.mark.parametrize("target", list(TARGETS))
@pytest.mark.parametrize("site", [None, SITE], ids=["no-site", "sample-site"])
@pytest.mark.parametrize("sample", sorted((SAMPLES / "fair").glob("*.xml")), ids=lambda p: p.name)
def test_converted_samples_boot(sample: Path, site: Path | None, target: str, tmp_path: Path) -> None:
    flags, version = TARGETS[target]
    check_conversion_boots(sample, tmp_path / "out", site, flags, version)


@pytest.mark.parametrize("version", LINES)
def test_converted_generated_files_boot(version: str, hadoop_cases: int, tmp_path: Path) -> None:
    counter = iter(range(10**9))
    flags = [] if version == "3.4" else for_line(version)
    cases = line_cases(version, max(1, hadoop_cases // 4))

    @settings(max_examples=cases, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        path = Path(write_temporary(text, "fsctl-boot-"))
        try:
            check_conversion_boots(path, tmp_path / f"out-{next(counter)}", None, flags, version)
        finally:
            path.unlink()

    check()
