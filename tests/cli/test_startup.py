"""`fsctl validate` is a pre-commit step: it must not import what it does not need (issue 2 §11).

`python -X importtime` lists every module a run imports; jinja2 and xmlschema never belong on the
validate path, and rich only when the text report goes to a terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import SAMPLES, allocations, configuration

HEAVY = ("rich", "jinja2", "xmlschema")


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
    for heavy in HEAVY:
        assert not any(m == heavy or m.startswith(heavy + ".") for m in modules), heavy
    # the other commands' machinery stays out too
    for other in ("fsctl.convert", "fsctl.evaluate", "fsctl.generate", "fsctl.diff"):
        assert not any(m == other or m.startswith(other + ".") for m in modules), other


def test_lint_of_samples_imports_nothing_heavy() -> None:
    files = sorted(str(p) for p in (SAMPLES / "fair").glob("*.xml"))
    assert files
    modules = imported_modules("lint", *files)
    for heavy in HEAVY:
        assert not any(m == heavy or m.startswith(heavy + ".") for m in modules), heavy
