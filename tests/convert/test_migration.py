"""The README's migration, end to end through the CLI: convert the department sample (duplicate leaf
names, STORIES.md) with a fallback queue, and the result validates clean with its yarn-site delta."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, run_fsctl

CLUSTER = "memory-mb=1024000, vcores=1000"


@pytest.mark.parametrize("mode", [[], ["--percentage"]], ids=["weights", "percentage"])
def test_department_migration_validates_clean(tmp_path: Path, mode: list[str]) -> None:
    out = tmp_path / "migrated"
    converted = run_fsctl(
        "convert",
        str(SAMPLES / "fair" / "departments.xml"),
        "--yarn-site",
        str(SAMPLES / "yarn-site.xml"),
        "-o",
        str(out),
        "--cluster",
        CLUSTER,
        "--fallback-queue",
        "root.default",
        "--format",
        "json",
        *mode,
    )
    # written: its warnings (the settings fs2cs cannot carry over) are the review list, not a failure
    assert converted.returncode == 0, converted.stderr
    report = json.loads(converted.stdout)
    codes = {d["code"] for f in report["files"] for d in f["diagnostics"]}
    assert "CV404" in codes  # p0/p1/p2 repeat: submissions need full paths
    assert not any(d["severity"] == "error" for f in report["files"] for d in f["diagnostics"])
    checked = run_fsctl(
        "validate",
        str(out / "capacity-scheduler.xml"),
        "--yarn-site",
        str(out / "yarn-site.xml"),
        "--format",
        "json",
    )
    assert checked.returncode == 0, checked.stdout
    assert json.loads(checked.stdout)["summary"] == {"errors": 0, "warnings": 0, "infos": 0}
    from fsctl.hadoop.conf import read_configuration
    from fsctl.io.xmldoc import load_xml

    conf, _ = read_configuration(load_xml(str(out / "capacity-scheduler.xml")))
    rules = json.loads(conf.get("yarn.scheduler.capacity.mapping-rule-json") or "{}")
    assert rules["rules"][0]["policy"] == "setDefaultQueue"
    assert rules["rules"][0]["value"] == "root.default"
