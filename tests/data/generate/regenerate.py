"""Regenerate the golden outputs of ``fsctl generate`` (review the diff before committing):

    .venv/bin/python tests/data/generate/regenerate.py

Each case is a ratio file under samples/ratios/ and the command-line options it is generated with;
tests/generate/test_golden.py checks that fsctl still produces exactly these bytes.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).resolve().parent / "golden"
DEPARTMENTS = "samples/ratios/departments.yaml"
TEAM = "samples/ratios/team.yaml"
TEAM_CLUSTER = "memory-mb=200000, vcores=190"

#: golden file name -> (ratio file relative to the repository, options)
CASES: dict[str, tuple[str, dict[str, object]]] = {
    "departments-fair.xml": (DEPARTMENTS, {"target": "fair", "placement": "specified,user,default"}),
    "departments-capacity.xml": (DEPARTMENTS, {"target": "capacity"}),
    "departments-capacity-weights.xml": (DEPARTMENTS, {"target": "capacity", "weights": True}),
    "team-fair.xml": (TEAM, {"target": "fair", "cluster": TEAM_CLUSTER, "increment": "memory-mb=512"}),
    "team-capacity.xml": (TEAM, {"target": "capacity", "cluster": TEAM_CLUSTER}),
}


def produce(name: str) -> tuple[int, str, str]:
    """(exit code, generated text, diagnostics) for one case, run from the repository root."""
    import os

    from fsctl.commands.generate import GenerateOptions, run

    ratios, options = CASES[name]
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        code = run(GenerateOptions(ratios=ratios, **options), out, err)  # type: ignore[arg-type]
    finally:
        os.chdir(cwd)
    return code, out.getvalue(), err.getvalue()


def main() -> int:
    failed = 0
    for name in CASES:
        code, text, err = produce(name)
        if code != 0:
            sys.stderr.write(f"{name}: exit {code}\n{err}")
            failed += 1
            continue
        (GOLDEN / name).write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN / name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
