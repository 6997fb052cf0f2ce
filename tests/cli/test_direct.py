"""fsctl.cli.direct reads a validate or lint command line as click does, or leaves it to click."""

from __future__ import annotations

from typing import Any

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fsctl.cli import lint as lint_command
from fsctl.cli import validate as validate_command
from fsctl.cli.direct import check_arguments
from tests.conftest import SAMPLES, run_fsctl


def _clicks(lint: bool, args: list[str]) -> dict[str, Any] | None:
    """What click passes the command for ``args``, None when click refuses the line."""
    command = (lint_command if lint else validate_command).command
    try:
        with command.make_context("lint" if lint else "validate", list(args)) as context:
            return dict(context.params)
    except (click.exceptions.Exit, click.ClickException):  # --help, or a line click refuses
        return None


def _as_click(read: tuple[list[str], dict[str, Any]]) -> dict[str, Any]:
    files, params = read
    return {"files": tuple(files), **params}


READ = [
    ["f.xml"],
    ["f.xml", "g.xml"],
    ["f.xml", "--exit-zero"],
    ["--exit-zero", "f.xml"],
    ["f.xml", "-q", "--statistics", "--no-color"],
    ["f.xml", "--color", "--quiet"],
    ["f.xml", "--format", "json", "--fail-on", "error"],
    ["f.xml", "--format", "github", "--select", "FS1", "--select", "FS3,CS1", "--ignore", "FS322"],
    ["f.xml", "--yarn-site", "site.xml", "--hadoop-version", "3.3"],
    ["--select", "queue-name-has-dot", "f.xml", "dir"],
]
DECLINED = [
    ["--exit-zero"],  # no file
    ["-"],  # standard input
    ["f.xml", "--"],
    ["f.xml", "-h"],
    ["f.xml", "--help"],
    ["f.xml", "--format=json"],
    ["f.xml", "--format", "xml"],  # not a choice
    ["f.xml", "--format"],  # no value
    ["f.xml", "--select", "--exit-zero"],
    ["f.xml", "--exit-zero", "--exit-zero"],
    ["f.xml", "--color", "--no-color"],
    ["f.xml", "--format", "json", "--format", "text"],
    ["f.xml", "--hadoop-version", "2.10"],
    ["f.xml", "--unknown"],
    ["f.xml", "-qq"],
]


@pytest.mark.parametrize("lint", [False, True])
@pytest.mark.parametrize("args", READ, ids=" ".join)
def test_a_usual_line_is_read_as_click_reads_it(lint: bool, args: list[str]) -> None:
    read = check_arguments(lint, args)
    assert read is not None
    assert _as_click(read) == _clicks(lint, args)


def test_cluster_is_lint_s_only() -> None:
    args = ["f.xml", "--cluster", "memory-mb=100, vcores=1"]
    read = check_arguments(True, args)
    assert read is not None and _as_click(read) == _clicks(True, args)
    assert check_arguments(False, args) is None and _clicks(False, args) is None


@pytest.mark.parametrize("args", DECLINED, ids=" ".join)
def test_anything_else_is_left_to_click(args: list[str]) -> None:
    assert check_arguments(True, args) is None


TOKENS = st.sampled_from(
    [
        "f.xml",
        "g.xml",
        "-",
        "--",
        "-q",
        "--quiet",
        "--exit-zero",
        "--statistics",
        "--color",
        "--no-color",
        "--format",
        "json",
        "text",
        "sarif",
        "--format=json",
        "--select",
        "--ignore",
        "FS3",
        "--fail-on",
        "info",
        "--hadoop-version",
        "3.3",
        "3.4",
        "--yarn-site",
        "--cluster",
        "memory-mb=1, vcores=1",
        "-h",
        "--bogus",
    ]
)


@given(st.booleans(), st.lists(TOKENS, max_size=8))
def test_what_is_read_is_what_click_passes(lint: bool, args: list[str]) -> None:
    read = check_arguments(lint, args)
    if read is not None:
        assert _as_click(read) == _clicks(lint, args)


@pytest.mark.parametrize("command", ["validate", "lint"])
def test_options_read_directly_give_click_s_output(command: str) -> None:
    files = (str(SAMPLES / "fair" / "team-cluster.xml"), str(SAMPLES / "capacity" / "team-cluster.xml"))
    direct = run_fsctl(command, *files, "--format", "json", "--select", "FS,CS", "--exit-zero")
    # --format=json is a spelling the direct reading leaves to click
    through_click = run_fsctl(command, *files, "--format=json", "--select", "FS,CS", "--exit-zero")
    assert direct.returncode == 0 and direct.stdout.startswith("{")
    assert (direct.returncode, direct.stdout, direct.stderr) == (
        through_click.returncode,
        through_click.stdout,
        through_click.stderr,
    )


def test_a_flag_usage_error_is_click_s() -> None:
    fair = SAMPLES / "fair" / "team-cluster.xml"
    done = run_fsctl("validate", str(fair), "--statistics", "--format", "json")
    assert done.returncode == 2
    usage, _, error = done.stderr.partition("\n")
    assert usage.startswith("Usage: ") and usage.endswith(" validate [OPTIONS] FILES...")
    assert error.endswith("Error: --statistics is a text report; it cannot be combined with --format json\n")
