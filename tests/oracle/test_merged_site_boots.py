"""``fsctl convert --merged-yarn-site FILE`` writes the yarn-site.xml the ResourceManager boots with:
the real CapacityScheduler boots with it as the one yarn-site.xml (no merging by the test), and
reads the same queues as with the user's yarn-site.xml and the converted delta layered by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SAMPLES, run_fsctl
from tests.oracle.boot import CLUSTER, boot
from tests.oracle.conftest import oracle_for

SITE = SAMPLES / "yarn-site.xml"
#: a 3.3 target: no weight mode and no JSON mapping rules there
FOR_33 = ["--hadoop-version", "3.3", "--percentage", "--skip-placement-rules"]


@pytest.mark.parametrize(
    "flags",
    [[], ["--percentage"], ["--cluster", "memory-mb=1024000, vcores=1000"], FOR_33],
    ids=["weights", "percentage", "cluster", "target-3.3"],
)
@pytest.mark.parametrize("sample", sorted((SAMPLES / "fair").glob("*.xml")), ids=lambda p: p.name)
def test_the_merged_yarn_site_boots(sample: Path, flags: list[str], tmp_path: Path) -> None:
    oracle = oracle_for("3.3" if flags is FOR_33 else "3.4")
    out, merged = tmp_path / "out", tmp_path / "merged-yarn-site.xml"
    result = run_fsctl(
        "convert",
        str(sample),
        "--yarn-site",
        str(SITE),
        "-o",
        str(out),
        "--merged-yarn-site",
        str(merged),
        *flags,
    )
    if not (out / "capacity-scheduler.xml").exists():  # refused: test_boot.py shows Hadoop refuses it too
        assert result.returncode == 1 and not merged.exists(), result.stderr
        return
    assert merged.exists(), result.stderr
    request = {"verb": "capacity", "file": str(out / "capacity-scheduler.xml"), "cluster": CLUSTER}
    answer = oracle.ask({**request, "yarn_site": str(merged)})
    assert answer["ok"], f"{sample.name} {flags}: the merged yarn-site.xml does not boot: {answer['error']}"
    assert answer["queues"] == boot(oracle, out, SITE)["queues"]
