"""``fsctl validate|lint FILE...`` without options skips click (fsctl/cli/__init__.py): the same
output and exit code as through click, and only the modules the check needs."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, allocations, configuration, run_fsctl

HEAVY = ("rich", "jinja2", "xmlschema")
#: standard modules a check never needs: tempfile (with shutil, bz2, lzma, random) is for writing
#: files, difflib for a "did you mean" on a finding
UNNEEDED = ("tempfile", "shutil", "difflib")

BAD_FAIR = '<?xml version="1.0"?>\n<allocations><queue name="a"><weight>x</weight></queue></allocations>\n'


@pytest.mark.parametrize("command", ["validate", "lint"])
def test_the_direct_path_equals_click(command: str, write: Callable[[str, str], str], tmp_path: Path) -> None:
    bad = write("fair-scheduler.xml", BAD_FAIR)
    files = [bad, str(SAMPLES / "capacity" / "team-cluster.xml"), str(tmp_path / "missing.xml")]
    # pyproject.toml in cwd sets what the defaults resolve to, on both paths
    write("pyproject.toml", '[tool.fsctl]\nignore = ["FS3"]\nhadoop-version = "3.3"\n')
    direct = run_fsctl(command, *files, cwd=str(tmp_path))
    # --fail-on=VALUE, a spelling fsctl.cli.direct leaves to click, given its default value
    through_click = run_fsctl(command, *files, "--fail-on=warning", cwd=str(tmp_path))
    assert direct.returncode == 2 and "XML001" in direct.stdout
    assert (direct.returncode, direct.stdout, direct.stderr) == (
        through_click.returncode,
        through_click.stdout,
        through_click.stderr,
    )


def imported_modules(*args: str) -> set[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "fsctl", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Traceback" not in result.stderr
    modules = set()
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            modules.add(line.rsplit("|", 1)[1].strip())
    return modules


@pytest.mark.parametrize("kind", ["fair", "capacity"])
def test_validate_imports_nothing_heavy(write, kind: str) -> None:  # type: ignore[no-untyped-def]
    if kind == "fair":
        path = write("fair-scheduler.xml", allocations('<queue name="a"><weight>2</weight></queue>'))
    else:
        path = write(
            "capacity-scheduler.xml",
            configuration(
                {
                    "yarn.scheduler.capacity.root.queues": "a,b",
                    "yarn.scheduler.capacity.root.a.capacity": "50",
                    "yarn.scheduler.capacity.root.b.capacity": "50",
                }
            ),
        )
    modules = imported_modules("validate", path)
    assert "fsctl.commands.check" in modules  # the measurement itself works
    for heavy in (*HEAVY, *UNNEEDED):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in modules), heavy
    # the other commands' machinery stays out too
    for other in ("fsctl.convert", "fsctl.evaluate", "fsctl.generate", "fsctl.diff"):
        assert not any(m == other or m.startswith(other + ".") for m in modules), other


def test_lint_of_samples_imports_nothing_heavy() -> None:
    files = sorted(str(p) for p in (SAMPLES / "fair").glob("*.xml"))
    assert files
    modules = imported_modules("lint", *files)
    for heavy in (*HEAVY, *UNNEEDED):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in modules), heavy


def test_a_bad_project_setting_is_a_usage_error_without_click(
    write: Callable[[str, str], str], tmp_path: Path
) -> None:
    fair = write("fair-scheduler.xml", BAD_FAIR)
    write("pyproject.toml", '[tool.fsctl]\nfail-on = "sometimes"\n')
    direct = run_fsctl("validate", fair, cwd=str(tmp_path))
    assert (
        direct.returncode == 2
        and direct.stderr == "Error: --fail-on: 'sometimes' is not error, warning or info\n"
    )


def test_validate_imports_neither_click_nor_pathlib() -> None:
    script = (
        "import sys\n"
        f"sys.argv = ['fsctl', 'validate', {str(SAMPLES / 'fair' / 'team-cluster.xml')!r}]\n"
        "from fsctl.cli import _run\n"
        "code = _run()\n"
        "unwanted = ('click', 'pathlib', 'rich', 'fsctl.cli.group')\n"
        "print(code, sorted(m for m in unwanted if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "0 []"


def test_selecting_a_validate_rule_leaves_the_lint_checks_unimported() -> None:
    # importlib.import_module'd modules do not show in -X importtime: look at sys.modules instead
    script = (
        "import sys\n"
        f"sys.argv = ['fsctl', 'validate', {str(SAMPLES / 'fair' / 'team-cluster.xml')!r}, '--select', "
        "'queue-name-has-dot']\n"
        "from fsctl.cli import _run\n"
        "code = _run()\n"
        "lint = any(m.startswith('fsctl.lint.') for m in sys.modules)\n"
        "print(code, 'fsctl.catalogue.fair' in sys.modules, lint)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "0 True False"  # the name was looked up, lint stayed out


def test_the_usual_options_leave_click_unimported() -> None:
    sample = str(SAMPLES / "fair" / "team-cluster.xml")
    script = (
        "import sys\n"
        f"sys.argv = ['fsctl', 'lint', {sample!r}, '--exit-zero', '--format', 'json', '--select', 'FS']\n"
        "from fsctl.cli import _run\n"
        "code = _run()\n"
        "print(code, sorted(m for m in ('click', 'fsctl.cli.group') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "0 []"
