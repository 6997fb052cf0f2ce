#!/usr/bin/env python3
"""Rewrite the golden conversions under tests/data/convert/golden/.

For every Fair Scheduler sample (samples/fair/*.xml and Hadoop's fair-scheduler-conversion.xml) and
both modes (weight, percentage), ``fsctl convert`` runs with samples/yarn-site.xml and a fixed
cluster; the golden folder holds the files it writes plus ``report.json`` (findings and share table;
the migration brief's golden files are tests/data/convert/brief/).
Review the diff after running:  .venv/bin/python tests/data/convert/regenerate.py
tests/convert/test_golden.py compares a fresh run with these files.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = Path(__file__).resolve().parent / "golden"
YARN_SITE = "samples/yarn-site.xml"
CLUSTER = {"memory-mb": 1024000, "vcores": 1000}
MODES = ("weight", "percentage")
OUTPUTS = ("capacity-scheduler.xml", "yarn-site.xml")


def samples() -> dict[str, str]:
    """Sample name -> path relative to the repository root."""
    found = {p.stem: str(p.relative_to(ROOT)) for p in sorted((ROOT / "samples" / "fair").glob("*.xml"))}
    found["hadoop-conversion"] = "tests/data/convert/hadoop/fair-scheduler-conversion.xml"
    return found


def convert_sample(path: str, mode: str) -> dict[str, bytes]:
    """The golden files of one sample and mode (run from the repository root, paths relative)."""
    from fsctl.commands.convert import ConvertCommand, run
    from fsctl.convert.options import ConvertOptions

    previous = os.getcwd()
    os.chdir(ROOT)
    try:
        with tempfile.TemporaryDirectory(prefix="fsctl-golden-") as tmp:
            options = ConvertCommand(
                fair_path=path,
                yarn_site=YARN_SITE,
                output_dir=tmp,
                fmt="json",
                convert=ConvertOptions(percentage=mode == "percentage", cluster=dict(CLUSTER)),
            )
            out, err = io.StringIO(), io.StringIO()
            code = run(options, out, err)
            report: dict[str, Any] = json.loads(out.getvalue())
            report.pop("written", None)
            report.pop("brief", None)  # the brief has golden files of its own (tests/data/convert/brief)
            report["exit_code"] = code
            files = {"report.json": (json.dumps(report, indent=2, ensure_ascii=False) + "\n").encode()}
            for name in OUTPUTS:
                target = Path(tmp) / name
                if target.exists():
                    files[name] = target.read_bytes()
            return files
    finally:
        os.chdir(previous)


def main() -> int:
    sys.path.insert(0, str(ROOT))
    if GOLDEN.exists():
        shutil.rmtree(GOLDEN)
    for name, path in samples().items():
        for mode in MODES:
            folder = GOLDEN / name / mode
            folder.mkdir(parents=True)
            for file_name, data in convert_sample(path, mode).items():
                (folder / file_name).write_bytes(data)
            print(f"wrote {folder.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
