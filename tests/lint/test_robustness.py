"""Lint never crashes: mangled versions of the samples go through reader and lint without an
exception (what the reader cannot understand is its diagnostic, not lint's problem)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from fsctl.io.loader import load
from fsctl.lint import LintContext, run_lint

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "samples" / "fair").glob("*.xml"))
SNIPPETS = [
    "<queue/>",
    '<queue name=""><e name="x"/></queue>',
    "<weight></weight>",
    "<weight>NaN</weight>",
    "<aclSubmitApps>\t</aclSubmitApps>",
    "<minResources>50%</minResources>",
    "<maxResources>memory-mb=-1</maxResources>",
    '<rule name="nestedUserQueue"><rule/></rule>',
    "<queuePlacementPolicy/>",
    '<user name="x"><maxRunningApps>9999999999</maxRunningApps></user>',
    "<!-- c -->",
    '<queue name="ROOT"/>',
]


def mangle(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        index = rng.randrange(len(lines))
        action = rng.random()
        if action < 0.4:
            lines.insert(index, rng.choice(SNIPPETS))
        elif action < 0.7:
            lines[index] = lines[index].replace(">", "> ", 1) if rng.random() < 0.5 else lines[index][::-1]
        else:
            del lines[index]
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(40))
def test_mangled_samples_never_crash(seed: int, write: Callable[[str, str | bytes], str]) -> None:
    rng = random.Random(seed)
    text = mangle(SAMPLES[seed % len(SAMPLES)].read_text(encoding="utf-8"), rng)
    path = write(f"mangled-{seed}.xml", text)
    loaded = load(path)
    context = LintContext(cluster={"memory-mb": 1024, "vcores": 1}, hadoop_version=(3, 2))
    findings = run_lint(loaded.result, context)
    assert all(d.location is not None and d.line >= 1 for d in findings)
