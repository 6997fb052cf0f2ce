"""Every command that takes ``--demand``, in every output format, on generated allocation files with
generated snapshots that load dynamic queues (a user's queue under a parent, a group's queue holding
a user's, a reservable queue's default queue) and preemption on: one answer, exit 0 or 1, never an
internal error (issue 24: ``simulate`` once ended ``internal error: KeyError: 'root.eng.bob'`` once
utilisation passed the preemption threshold). The numbers for those queues are Hadoop's: the apps
differential (tests/oracle/test_apps_differential.py) loads the same kind of snapshots."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import click
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fsctl.commands.convert import ConvertCommand
from fsctl.commands.convert import run as convert
from tests.hardening.cli_batch import run_many
from tests.oracle import fsctl_side
from tests.oracle.allocation_files import allocation_files
from tests.oracle.demand_snapshots import CLUSTER_SPEC, dynamic_queues, snapshots, yarn_site

#: the files each command takes before its options
POSITIONAL = {"simulate": ("fair",), "diff": ("fair", "capacity"), "convert": ("fair", "--dry-run")}


def commands_taking_demand() -> dict[str, tuple[str, ...]]:
    """Each command with a ``--demand`` option, and the formats its ``--format`` offers."""
    import importlib

    from fsctl.cli import COMMANDS

    found = {}
    for name, module in COMMANDS.items():
        command: click.Command = importlib.import_module(module).command
        options = {param.name: param for param in command.params}
        if "demand" not in options:
            continue
        choice = options["fmt"].type
        assert isinstance(choice, click.Choice)
        found[name] = tuple(choice.choices)
    return found


def test_the_commands_taking_demand_are_the_ones_this_test_runs() -> None:
    # a new command with --demand needs its files here, or this test would not cover it
    assert set(commands_taking_demand()) <= set(POSITIONAL)
    assert {"simulate", "diff"} <= set(commands_taking_demand())


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, dict[str, Any]]:
    import tempfile

    text = draw(allocation_files(malformed=False))
    with tempfile.NamedTemporaryFile("w", suffix=".xml", delete=False) as handle:
        handle.write(text)
    try:
        loads, _, queues = fsctl_side.load_verdict(handle.name, "3.4")
        reservable = fsctl_side.reservable_queues(handle.name, "3.4")
    finally:
        Path(handle.name).unlink()
    assume(loads)
    leaves = [q for q, kind in queues.items() if kind == "leaf"]
    parents = [q for q, kind in queues.items() if kind == "parent" and q not in reservable]
    dynamic = dynamic_queues(parents, reservable)
    assume(leaves or dynamic)
    return text, draw(yarn_site()), draw(snapshots(leaves or dynamic[:1], dynamic))


def test_every_command_with_demand_answers_on_dynamic_queues_with_preemption(tmp_path: Path) -> None:
    commands = commands_taking_demand()
    counter = iter(range(10**9))

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(cases())
    def check(case: tuple[str, str, dict[str, Any]]) -> None:
        text, site, demand = case
        folder = tmp_path / str(next(counter))
        folder.mkdir()
        files = {
            "fair": folder / "fair-scheduler.xml",
            "site": folder / "yarn-site.xml",
            "demand": folder / "demand.json",
        }
        files["fair"].write_text(text)
        files["site"].write_text(site)
        files["demand"].write_text(json.dumps({"queues": demand}))
        converted = folder / "converted"
        options = ConvertCommand(str(files["fair"]), output_dir=str(converted))
        convert(options, io.StringIO(), io.StringIO())
        files["capacity"] = converted / "capacity-scheduler.xml"
        if not files["capacity"].exists():
            files["capacity"] = files["fair"]  # the conversion refused it: diff the file with itself
        jobs = []
        for name, formats in commands.items():
            head = [str(files[p]) if p in files else p for p in POSITIONAL[name]]
            for fmt in formats:
                jobs.append(
                    [name, *head, "--demand", str(files["demand"]), "--yarn-site", str(files["site"]),
                     "--cluster", CLUSTER_SPEC, "--format", fmt]
                )  # fmt: skip
        for run in run_many(jobs, limit=60):
            context = f"{' '.join(run.args)}\n{run.stderr[-2000:]}\n--- file\n{text}\n--- demand\n{demand}"
            assert "internal error" not in run.stderr and "Traceback" not in run.stderr, context
            assert run.returncode in (0, 1), context
            if run.args[-1] != "github":  # an annotation per difference: none for equal files
                assert run.stdout.strip(), context

    check()
