#!/usr/bin/env python3
"""Rewrite the golden outputs of ``fsctl route`` under tests/data/route/.

``departments-migrated.xml`` is samples/fair/departments.xml converted with
``--fallback-queue root.default``; ``expected.txt`` and ``expected.json`` route apps.csv through
both. Review the diff after running:  .venv/bin/python tests/data/route/regenerate.py
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
FAIR = "samples/fair/departments.xml"
MIGRATED = "tests/data/route/departments-migrated.xml"
APPS = "tests/data/route/apps.csv"


def migrated() -> bytes:
    from fsctl.commands.convert import ConvertCommand, run
    from fsctl.convert.options import ConvertOptions

    with tempfile.TemporaryDirectory(prefix="fsctl-route-") as tmp:
        options = ConvertCommand(
            fair_path=str(ROOT / FAIR),
            output_dir=tmp,
            exit_zero=True,
            convert=ConvertOptions(fallback_queue="root.default"),
        )
        run(options, io.StringIO(), io.StringIO())
        return (Path(tmp) / "capacity-scheduler.xml").read_bytes()


def route(fmt: str) -> tuple[int, str]:
    """``fsctl route FAIR MIGRATED --apps APPS --format FMT`` from the repository root."""
    from fsctl.commands.route import RouteOptions, run

    previous = os.getcwd()
    os.chdir(ROOT)
    try:
        out, err = io.StringIO(), io.StringIO()
        code = run(RouteOptions([FAIR, MIGRATED], apps_file=APPS, fmt=fmt), out, err)
        assert not err.getvalue(), err.getvalue()
        return code, out.getvalue()
    finally:
        os.chdir(previous)


def main() -> None:
    sys.path.insert(0, str(ROOT))
    (ROOT / MIGRATED).write_bytes(migrated())
    for fmt, name in (("text", "expected.txt"), ("json", "expected.json")):
        (HERE / name).write_text(route(fmt)[1], encoding="utf-8")
        print(f"wrote tests/data/route/{name}")


if __name__ == "__main__":
    main()
