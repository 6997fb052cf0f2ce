"""docs/json.md holds real output: each example is compared with what the command in the comment
above it prints, so the documented JSON contract cannot drift from the code.

An example object lists every key of the real one; ``"…"`` stands for any value, and ``"…"`` as the
last item of a list for the items left out."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

import pytest

from tests.conftest import ROOT, run_fsctl

DOC = ROOT / "docs" / "json.md"
EXAMPLE = re.compile(r"<!-- example: (fsctl [^\n]*?) -->\n```json\n(.*?)```", re.S)
ANY = "…"
#: every command with --format json, and the simulate inputs of both formats
DOCUMENTED = ("validate", "lint", "simulate", "convert", "diff", "route", "generate", "rules")


def examples() -> list[tuple[str, str]]:
    return EXAMPLE.findall(DOC.read_text(encoding="utf-8"))


def mismatches(example: Any, real: Any, where: str = "$") -> list[str]:
    """Where ``example`` says something ``real`` does not (an empty list when it holds)."""
    if example == ANY:
        return []
    if isinstance(example, dict):
        if not isinstance(real, dict):
            return [f"{where}: an object in the example, {type(real).__name__} in the output"]
        if set(example) != set(real):
            return [f"{where}: keys {sorted(example)} in the example, {sorted(real)} in the output"]
        return [m for key in example for m in mismatches(example[key], real[key], f"{where}.{key}")]
    if isinstance(example, list):
        if not isinstance(real, list):
            return [f"{where}: a list in the example, {type(real).__name__} in the output"]
        shown, more = (example[:-1], True) if example and example[-1] == ANY else (example, False)
        if len(real) < len(shown) or (not more and len(real) != len(shown)):
            return [f"{where}: {len(shown)} items in the example, {len(real)} in the output"]
        return [m for i, item in enumerate(shown) for m in mismatches(item, real[i], f"{where}[{i}]")]
    if example != real or (type(example) is bool and type(real) is not bool):
        return [f"{where}: {example!r} in the example, {real!r} in the output"]
    return []


def test_every_command_with_json_output_has_an_example() -> None:
    commands = {shlex.split(command)[1] for command, _ in examples()}
    assert commands == set(DOCUMENTED)
    simulated = [c for c, _ in examples() if shlex.split(c)[1] == "simulate"]
    assert len(simulated) == 2  # a Fair and a Capacity Scheduler file


@pytest.mark.parametrize(("command", "example"), examples(), ids=[c for c, _ in examples()])
def test_the_example_is_what_the_command_prints(command: str, example: str) -> None:
    result = run_fsctl(*shlex.split(command)[1:], cwd=str(ROOT))
    assert result.returncode in (0, 1), result.stderr
    assert mismatches(json.loads(example), json.loads(result.stdout)) == []


def test_a_wrong_example_is_caught() -> None:
    real = {"version": 1, "queues": [{"path": "root", "leaf": False}, {"path": "root.a", "leaf": True}]}
    assert mismatches({"version": 1, "queues": [{"path": "root", "leaf": False}, ANY]}, real) == []
    assert mismatches({"version": 1, "queues": [{"path": "root", "leaf": ANY}]}, real) == [
        "$.queues: 1 items in the example, 2 in the output"
    ]
    assert mismatches({"version": 1, "queues": [{"path": "root"}, ANY]}, real) == [
        "$.queues[0]: keys ['path'] in the example, ['leaf', 'path'] in the output"
    ]
    assert mismatches({"version": 2, "queues": ANY}, real) == ["$.version: 2 in the example, 1 in the output"]
    assert mismatches({"version": True, "queues": ANY}, real) == [
        "$.version: True in the example, 1 in the output"
    ]
