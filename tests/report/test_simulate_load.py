"""``fsctl simulate CS.xml --demand``: the allocation under load in every format, against golden
files (``FSCTL_REGENERATE=1 pytest tests/report/test_simulate_load.py`` rewrites them; review the
diff), byte-identical from run to run."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.conftest import ROOT, run_fsctl
from tests.report.test_markdown import GOLDEN, check_golden

SAMPLE = [
    "simulate",
    "samples/capacity/departments.xml",
    "--demand",
    "samples/demand/departments-load.yaml",
    "--yarn-site",
    "samples/yarn-site.xml",
]
FORMATS = {"text": "txt", "json": "json", "csv": "csv", "markdown": "md", "html": "html"}


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_every_format_matches_its_golden_file(fmt: str) -> None:
    args = [*SAMPLE, "--queue", "root.qb"] if fmt in ("text", "html") else SAMPLE
    first = run_fsctl(*args, "--format", fmt, cwd=str(ROOT))
    assert first.returncode == 0, first.stderr
    check_golden(f"simulate-load.{FORMATS[fmt]}", first.stdout)
    assert run_fsctl(*args, "--format", fmt, cwd=str(ROOT)).stdout == first.stdout


def test_json_holds_the_load_and_every_queue_user_and_application() -> None:
    document = json.loads((GOLDEN / "simulate-load.json").read_text(encoding="utf-8"))
    load = document["load"]
    assert (load["hadoop_version"], load["resource_calculator"]) == ("3.4", "dominant")
    assert load["end"].startswith("the scheduler keeps proposing a container for index-build")
    rows = {row["path"]: row for row in document["queues"]}
    p1 = rows["root.qb.p1"]["load"]
    assert [u["name"] for u in p1["users"]] == ["kim", "lee"]
    kim = p1["users"][0]
    assert (kim["limit"], kim["user_limit"]["memory-mb"]) == ("user limit", 161792)
    sweep = next(a for a in p1["applications"] if a["name"] == "ads-sweep-1")
    assert (sweep["used_start"]["memory-mb"], sweep["allocated"]["memory-mb"]) == (153600, 163840)
    parallel = [a for a in rows["root.qa.p2"]["load"]["applications"] if a["state"] == "not-runnable"]
    assert [a["name"] for a in parallel] == ["app21", "app22", "app23", "app24"]
    assert {a["limit"] for a in parallel} == {"max-parallel-apps"}
    assert rows["root"]["load"]["used"]["memory-mb"] == 1020928


def test_csv_is_one_line_per_queue_user_and_application() -> None:
    lines = list(csv.DictReader(io.StringIO((GOLDEN / "simulate-load.csv").read_text(encoding="utf-8"))))
    kinds = {line["kind"] for line in lines}
    assert kinds == {"queue", "user", "application"}
    kim = next(line for line in lines if line["kind"] == "user" and line["name"] == "kim")
    assert (kim["path"], kim["limit"], kim["user_limit.memory-mb"]) == ("root.qb.p1", "user limit", "161792")


def test_queue_and_depth_focus_the_rows_and_the_findings(tmp_path: object) -> None:
    case = ROOT / "tests" / "data" / "oracle" / "cs-load-am-limits-and-applications"
    args = [
        "simulate",
        str(case / "capacity-scheduler.xml"),
        "--demand",
        str(case / "demand.json"),
        "--yarn-site",
        str(case / "yarn-site.xml"),
        "--cluster",
        "memory-mb=40960, vcores=40",
        "--format",
        "json",
    ]
    everything = json.loads(run_fsctl(*args).stdout)
    assert [f["code"] for f in everything["load"]["findings"]] == ["SM204"]  # root.a refuses a4
    focused = json.loads(run_fsctl(*args, "--queue", "root.b").stdout)
    assert [row["path"] for row in focused["queues"]] == ["root.b"]
    assert focused["load"]["findings"] == []
    text = run_fsctl(*args[:-2], "--queue", "root.a").stdout
    assert "SM204" in text.splitlines()[-1]


def test_a_snapshot_the_configuration_cannot_hold_is_one_located_line() -> None:
    case = ROOT / "tests" / "data" / "oracle" / "cs-load-user-limits"
    done = run_fsctl(
        "simulate",
        "samples/capacity/departments.xml",
        "--demand",
        str(case / "demand.json"),
        "--cluster",
        "memory-mb=1024000, vcores=1000",
        cwd=str(ROOT),
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "demand.json:3:5: SM200 root.a: no such queue in the configuration (and 1 more)" in done.stderr


@pytest.mark.parametrize(
    ("readme", "queue"), [("README.md", "root.qb"), ("samples/demand/README.md", "root.qb.p1")]
)
def test_the_readme_examples_are_what_the_command_prints(readme: str, queue: str) -> None:
    printed = run_fsctl(*SAMPLE, "--queue", queue, cwd=str(ROOT)).stdout
    text = (ROOT / readme).read_text(encoding="utf-8")
    assert f"--yarn-site samples/yarn-site.xml --queue {queue}\n{printed}```" in text
