"""Commands that produce something succeed when they do (issue 24, item 11): ``convert`` that has
converted exits 0 whatever its warnings (the README's ``convert ... && next-step`` goes on) unless
``--fail-on`` asks for more, and ``simulate`` exits 0 whenever it shows the shares."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import SAMPLES, allocations, run_fsctl

CLUSTER = "memory-mb=1024000, vcores=1000"


def convert_departments(cwd: Path, *flags: str) -> tuple[int, str]:
    result = run_fsctl(
        "convert", "samples/fair/departments.xml", "--yarn-site", "samples/yarn-site.xml", "-o", "out",
        "--cluster", CLUSTER, *flags, cwd=str(cwd),
    )  # fmt: skip
    return result.returncode, result.stdout


def test_a_written_conversion_with_warnings_exits_0(tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    code, report = convert_departments(tmp_path)
    assert " warning: " in report and code == 0
    assert (tmp_path / "out" / "capacity-scheduler.xml").exists()


def test_fail_on_makes_the_warnings_fail_a_written_conversion(tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    code, _ = convert_departments(tmp_path, "--fail-on", "warning")
    assert code == 1 and (tmp_path / "out" / "capacity-scheduler.xml").exists()


def test_the_projects_fail_on_gates_lint_not_convert(tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    (tmp_path / "pyproject.toml").write_text('[tool.fsctl]\nfail-on = "info"\n')
    policy = '<queuePlacementPolicy><rule name="default"/></queuePlacementPolicy>'
    undefined_default = allocations(f'<queue name="a"/>\n{policy}')
    (tmp_path / "fair.xml").write_text(undefined_default)
    linted = run_fsctl("lint", "fair.xml", cwd=str(tmp_path))
    assert " info: " in linted.stdout and linted.returncode == 1  # an info fails lint, as the project asks
    code, report = convert_departments(tmp_path)
    assert " warning: " in report and code == 0


def test_a_conversion_with_errors_writes_nothing_and_exits_1(tmp_path: Path) -> None:
    shutil.copytree(SAMPLES, tmp_path / "samples")
    (tmp_path / "rules.properties").write_text("maxResources.action=abort\n")
    code, report = convert_departments(tmp_path, "--rules", "rules.properties")
    assert code == 1 and " error: " in report and not (tmp_path / "out").exists()


def test_simulate_with_starvation_and_preemption_notes_exits_0() -> None:
    result = run_fsctl(
        "simulate", "samples/fair/departments.xml", "--demand", "samples/demand/departments.yaml",
        "--yarn-site", "samples/yarn-site.xml", cwd=str(SAMPLES.parent),
    )  # fmt: skip
    assert "STARVED" in result.stdout and "may lose up to" in result.stdout
    assert result.returncode == 0, result.stderr


def test_simulate_of_a_snapshot_above_a_maximum_exits_0(tmp_path: Path) -> None:
    # usage Hadoop could not have allowed: worth a note, never a failure of the simulation
    fair = tmp_path / "fair.xml"
    fair.write_text(
        allocations('<queue name="a"><maxResources>memory-mb=1024, vcores=1</maxResources></queue>')
    )
    demand = tmp_path / "demand.yaml"
    demand.write_text(
        "queues:\n  root.a: {demand: 'memory-mb=8192, vcores=8', usage: 'memory-mb=8192, vcores=8'}\n"
    )
    result = run_fsctl(
        "simulate", str(fair), "--demand", str(demand), "--cluster", "memory-mb=102400, vcores=100"
    )
    assert result.returncode == 0, result.stderr
