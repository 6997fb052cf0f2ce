"""The README's migration walkthrough ("Convert: a Fair to Capacity Scheduler migration"), run as a
user runs it on the bundled sample: every command ends at exit 0."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

from tests.conftest import ROOT, run_fsctl

SECTION = "## Convert: a Fair to Capacity Scheduler migration"


def walkthrough() -> list[list[str]]:
    """The fsctl commands of the section's first ``sh`` block, continuation lines joined and
    comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split(SECTION, 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    joined = block.group(1).replace("\\\n", " ")
    commands = [shlex.split(line, comments=True) for line in joined.splitlines()]
    return [words for words in commands if words]


def test_every_command_of_the_walkthrough_exits_zero(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    commands = walkthrough()
    assert [words[:2] for words in commands] == [
        ["fsctl", "lint"], ["fsctl", "convert"], ["fsctl", "validate"], ["fsctl", "diff"]
    ]  # fmt: skip
    for words in commands:
        # `|| true` ends the diff line: diff exits 1 on the changes convert warned about
        shown = words[: words.index("||")] if "||" in words else words
        result = run_fsctl(*shown[1:], cwd=str(tmp_path))
        assert result.returncode == (1 if "||" in words else 0), (words, result.stdout[-2000:], result.stderr)
    assert (tmp_path / "migrated" / "capacity-scheduler.xml").exists()
    # the migrated yarn-site.xml boots: no value its getter cannot read
    assert "locality" not in (tmp_path / "migrated" / "yarn-site.xml").read_text()


def test_the_route_example_is_what_route_prints(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "samples", tmp_path / "samples")
    for words in walkthrough()[:2]:
        run_fsctl(*words[1:], cwd=str(tmp_path))
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Route: where applications land", 1)[1]
    example = section.split("```console\n", 1)[1].split("```", 1)[0]
    command, _, expected = example.partition("\n")
    while command.endswith("\\"):
        more, _, expected = expected.partition("\n")
        command = command[:-1] + more
    words = shlex.split(command.removeprefix("$ "))
    result = run_fsctl(*words[1:], cwd=str(tmp_path))
    assert result.returncode == 1  # dan lands differently
    assert result.stdout == expected
