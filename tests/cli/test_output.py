"""Text output: --quiet, --statistics, repeated findings grouped; `fsctl rules` names the commands
that report a rule; every command's help is consistent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from fsctl.cli import COMMANDS, SUMMARIES, cli
from tests.conftest import allocations, run_fsctl

# the same FS201 warning (unknown top-level element), same message, on four lines, and one FS305
REPEATED = allocations("<frobnicate>1</frobnicate>\n" * 4 + '<queue name="q"><frob>1</frob></queue>')


def test_identical_findings_are_one_line_with_a_count(write) -> None:  # type: ignore[no-untyped-def]
    path = write("f.xml", REPEATED)
    lines = run_fsctl("lint", path).stdout.splitlines()
    fs201 = [line for line in lines if " FS201 " in line]
    assert len(fs201) == 1
    assert fs201[0].startswith(f"{path}:3:1: FS201 warning: Bad element in allocations file: frobnicate")
    assert fs201[0].endswith(" ×4 (also at lines 4, 5, 6)")
    assert lines[-1] == "0 errors, 5 warnings, 0 infos in 1 file"  # the summary still counts each


def test_json_keeps_every_finding(write) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(run_fsctl("lint", write("f.xml", REPEATED), "--format", "json").stdout)
    assert sum(d["code"] == "FS201" for d in doc["files"][0]["diagnostics"]) == 4


def test_quiet_prints_findings_only(write) -> None:  # type: ignore[no-untyped-def]
    clean = run_fsctl("validate", "--quiet", write("clean.xml", allocations('<queue name="a"/>')))
    assert (clean.returncode, clean.stdout) == (0, "")
    noisy = run_fsctl("lint", "-q", write("f.xml", REPEATED))
    assert noisy.returncode == 1
    assert "errors" not in noisy.stdout and len(noisy.stdout.splitlines()) == 2


def test_statistics_counts_findings_by_rule(write) -> None:  # type: ignore[no-untyped-def]
    result = run_fsctl("lint", "--statistics", write("f.xml", REPEATED))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "4  FS201  warning unknown-top-level-element",
        "1  FS305  warning unknown-element",
        "0 errors, 5 warnings, 0 infos in 1 file",
    ]
    refused = run_fsctl("lint", "--statistics", "--format", "json", write("g.xml", REPEATED))
    assert refused.returncode == 2 and "--statistics" in refused.stderr


@pytest.mark.parametrize(
    ("code", "scope"),
    [
        ("CV304", "reported by fsctl convert)"),
        ("FS101", "reported by fsctl validate, lint and convert)"),
        ("FS305", "reported by fsctl lint (Hadoop does not check this))"),
        ("GN101", "reported by fsctl generate)"),
        ("XML002", "reported by fsctl validate, lint, simulate, convert and diff)"),
    ],
)
def test_rules_names_the_commands_that_report_a_rule(code: str, scope: str) -> None:
    first = run_fsctl("rules", code).stdout.splitlines()[0]
    assert first.endswith(scope), first
    doc = json.loads(run_fsctl("rules", code, "--format", "json").stdout)
    assert doc["commands"] == scope.removeprefix("reported by fsctl ").split(" (")[0].rstrip(")").replace(
        " and ", ", "
    ).split(", ")


def _commands() -> list[click.Command]:
    context = click.Context(cli)
    found = [cli.get_command(context, name) for name in COMMANDS]
    return [c for c in found if c is not None]


@pytest.mark.parametrize("command", _commands(), ids=lambda c: c.name)
def test_help_is_consistent(command: click.Command) -> None:
    assert command.help and "Exit 0" in command.help, "the help says what the exit codes mean"
    assert SUMMARIES[str(command.name)][0].isupper()
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        text = param.help or ""
        assert text.endswith("."), (param.name, text)
        assert text[0].isupper() or text.startswith(("yarn-site.xml", "'")), (param.name, text)
        if param.name == "cluster":
            assert text.startswith("Cluster size, e.g. 'memory-mb=102400, vcores=100'"), text
        if param.name == "hadoop_version":
            assert isinstance(param.type, click.Choice) and list(param.type.choices) == [
                "3.4",
                "3.3",
                "3.2",
                "3.1",
                "2",
            ]
        if param.name == "color":
            assert text == "Colour the text output (default: on a terminal).", text


def complete(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The installed ``fsctl`` script, as a shell runs it for completion (the variable is named
    after the program)."""
    script = Path(sys.executable).parent / "fsctl"
    return subprocess.run(
        [str(script)], capture_output=True, text=True, env={**os.environ, **env}, timeout=60
    )


def test_shell_completion_as_the_readme_documents_it() -> None:
    script = complete({"_FSCTL_COMPLETE": "bash_source"})
    assert script.returncode == 0 and "_fsctl_completion()" in script.stdout
    words = complete(
        {"_FSCTL_COMPLETE": "bash_complete", "COMP_WORDS": "fsctl diff --format ", "COMP_CWORD": "3"}
    )
    formats = ("auto", "text", "json", "sarif", "github", "markdown", "html")
    assert words.stdout.split() == [f"plain,{f}" for f in formats]


def test_the_catalogue_lists_the_commands_of_each_rule() -> None:
    rows = {line.split()[0]: line.split()[3] for line in run_fsctl("rules").stdout.splitlines()}
    assert rows["CV304"] == "convert"
    assert rows["FS305"] == "lint"
    assert rows["FS101"] == "validate,lint,convert"
    assert rows["GN101"] == "generate" and rows["SM101"] == "simulate,diff"  # diff --demand reads it too
    assert rows["RT201"] == "route,convert" and rows["SM107"] == "simulate,diff,convert"
