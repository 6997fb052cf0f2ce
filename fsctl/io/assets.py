"""Where fsctl's data files live (``templates/``, ``schemas/``).

In a source checkout or an editable install they sit beside the package, at the repository root;
a wheel installs them under ``<prefix>/share/fsctl/`` (``[tool.setuptools.data-files]``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALLED = Path(sys.prefix) / "share" / "fsctl"


def asset_path(kind: str, name: str) -> Path:
    """``asset_path("templates", "fair-scheduler.xml.j2")`` -> ``<repo>/templates/fair-scheduler.xml.j2``."""
    beside = ROOT / kind / name
    if beside.exists():
        return beside
    installed = INSTALLED / kind / name
    return installed if installed.exists() else beside
