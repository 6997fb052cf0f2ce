"""Errors met on the way (issue 24, item 12): each is one line naming the file and what is wrong, with
its rule code, and exit 2; never click's usage banner, never "no problems found", never a silent skip.

A file or folder without read permission is played by refusing its path in ``os.open``, ``open``,
``os.access`` and ``os.scandir``: the tests may run as root, who reads everything."""

from __future__ import annotations

import builtins
import errno
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fsctl import cli
from tests.conftest import SAMPLES, run_fsctl

FAIR = str(SAMPLES / "fair" / "departments.xml")
CLUSTER = "memory-mb=102400, vcores=100"


@pytest.fixture
def denied(monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """Absolute paths a user without read permission could not open or list."""
    refused: set[str] = set()

    def guard(real: Callable[..., Any]) -> Callable[..., Any]:
        def checked(path: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, str | Path) and os.path.abspath(path) in refused:
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path, *args, **kwargs)

        return checked

    monkeypatch.setattr(os, "open", guard(os.open))
    monkeypatch.setattr(os, "scandir", guard(os.scandir))
    monkeypatch.setattr(builtins, "open", guard(builtins.open))
    real_access = os.access
    monkeypatch.setattr(
        os,
        "access",
        lambda path, mode, **kw: os.path.abspath(path) not in refused and real_access(path, mode),
    )
    yield refused


def fsctl_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """fsctl in this process (so ``denied`` applies): the exit code, stdout and stderr."""
    argv = sys.argv
    sys.argv = ["fsctl", *args]
    try:
        code = cli._run()
    finally:
        sys.argv = argv
    out, err = capsys.readouterr()
    return code, out, err


# --- convert on a file that is not a Fair Scheduler allocation file ----------------------------------


def test_convert_of_a_yarn_site_says_what_the_file_is_and_what_convert_takes(tmp_path: Path) -> None:
    result = run_fsctl("convert", str(SAMPLES / "yarn-site.xml"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "no problems found" not in result.stdout
    assert (
        "CV109" in result.stdout
        and "is a yarn-site.xml, not a Fair Scheduler allocation file" in result.stdout
    )
    assert "with --yarn-site" in result.stdout
    assert not (tmp_path / "out").exists()


def test_convert_of_a_capacity_file_says_what_the_file_is(tmp_path: Path) -> None:
    result = run_fsctl("convert", str(SAMPLES / "capacity" / "departments.xml"), "-o", str(tmp_path / "out"))
    assert result.returncode == 2
    assert "is a capacity-scheduler.xml, not a Fair Scheduler allocation file" in result.stdout


# --- unreadable directories and directory searches --------------------------------------------------


def test_an_unreadable_directory_is_permission_denied(
    tmp_path: Path, denied: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "conf"
    folder.mkdir()
    (folder / "fair-scheduler.xml").write_text((SAMPLES / "fair" / "departments.xml").read_text())
    denied.add(str(folder))
    code, out, _ = fsctl_here(capsys, "validate", str(folder))
    assert code == 2
    assert out.splitlines()[0] == f"{folder}: XML001 error: cannot read: Permission denied (file-unreadable)"
    assert "holding no scheduler configuration" not in out


def test_a_directory_search_reports_unreadable_entries(
    tmp_path: Path, denied: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fair-scheduler.xml").write_text((SAMPLES / "fair" / "departments.xml").read_text())
    (tmp_path / "queues.xml").write_text("<allocations/>")  # found by its content, when readable
    (tmp_path / "locked").mkdir()
    denied.update({str(tmp_path / "queues.xml"), str(tmp_path / "locked")})
    code, out, _ = fsctl_here(capsys, "lint", str(tmp_path))
    assert code == 2
    unreadable = sorted(line for line in out.splitlines() if "XML001" in line)
    assert unreadable == [
        f"{tmp_path / 'locked'}: XML001 error: cannot read: Permission denied (file-unreadable)",
        f"{tmp_path / 'queues.xml'}: XML001 error: cannot read: Permission denied (file-unreadable)",
    ]
    assert "in 3 files" in out  # and the readable fair-scheduler.xml is checked


# --- unreadable inputs of convert, simulate and route: an I/O error line, not click's banner --------

OPTION_INPUTS = [
    ("convert", FAIR, "--yarn-site", "-o", "out"),
    ("convert", FAIR, "--rules", "-o", "out"),
    ("convert", FAIR, "--apps", "-o", "out"),
    ("simulate", FAIR, "--yarn-site", "--cluster", CLUSTER),
    ("simulate", FAIR, "--demand", "--cluster", CLUSTER),
    ("route", FAIR, "--apps", "--app", "user=alice"),
]


@pytest.mark.parametrize("command", OPTION_INPUTS, ids=lambda c: f"{c[0]} {c[2]}")
@pytest.mark.parametrize("kind", ["unreadable", "directory"])
def test_an_unreadable_input_file_is_one_io_error_line(
    command: tuple[str, ...], kind: str, tmp_path: Path, denied: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    name, source, option, *rest = command
    target = tmp_path / "input.yaml"
    if kind == "directory":
        target.mkdir()
    else:
        target.write_text("queues: {}\n")
        denied.add(str(target))
    rest = [str(tmp_path / word) if word == "out" else word for word in rest]
    code, out, err = fsctl_here(capsys, name, source, option, str(target), *rest)
    assert code == 2
    assert "Usage:" not in err and "Invalid value" not in err
    reason = "Permission denied" if kind == "unreadable" else "is a directory"
    lines = [line for line in (out + err).splitlines() if str(target) in line]
    assert len(lines) == 1 and reason in lines[0], out + err


@pytest.mark.parametrize("command", ["convert", "simulate", "route"])
def test_an_unreadable_configuration_is_one_io_error_line(
    command: str, tmp_path: Path, denied: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "fair-scheduler.xml"
    target.write_text((SAMPLES / "fair" / "departments.xml").read_text())
    denied.add(str(target))
    extra = {"convert": ["--dry-run"], "simulate": ["--cluster", CLUSTER], "route": ["--app", "user=alice"]}
    code, out, err = fsctl_here(capsys, command, str(target), *extra[command])
    assert code == 2 and "Usage:" not in err
    assert f"{target}: XML001" in out + err and "Permission denied" in out + err


# --- standard input, read once ---------------------------------------------------------------------


STDIN_TWICE = {
    "diff": (["diff", "-", "-"], "OLD, NEW"),
    "validate": (["validate", "-", "-"], "FILE, FILE"),
    "lint": (["lint", "-", "--yarn-site", "-"], "FILE, --yarn-site"),
    "convert": (["convert", "-", "--yarn-site", "-", "--dry-run"], "FAIR.xml, --yarn-site"),
    "simulate": (["simulate", "-", "--demand", "-", "--cluster", CLUSTER], "FILE, --demand"),
    "route": (["route", "-", "-", "--app", "user=alice"], "CONFIG, CONFIG"),
}


@pytest.mark.parametrize(("args", "named"), STDIN_TWICE.values(), ids=STDIN_TWICE.keys())
def test_standard_input_given_twice_is_a_usage_error(args: list[str], named: str) -> None:
    result = subprocess_with_input(args, (SAMPLES / "fair" / "departments.xml").read_text())
    assert result.returncode == 2
    assert f"'-' (standard input) is given for {named}: standard input can be read only once" in result.stderr


def subprocess_with_input(args: list[str], text: str) -> Any:
    import subprocess

    return subprocess.run(
        [sys.executable, "-m", "fsctl", *args],
        input=text,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1"},
        timeout=120,
    )
