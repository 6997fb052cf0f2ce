"""Where fsctl's data files live (``templates/``, ``schemas/``): beside the package, in the repository."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def asset_path(kind: str, name: str) -> Path:
    """``asset_path("templates", "fair-scheduler.xml.j2")`` -> ``<repo>/templates/fair-scheduler.xml.j2``."""
    return ROOT / kind / name
