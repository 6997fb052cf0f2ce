"""Where fsctl's data files live (``templates/``, ``schemas/``).

In a source checkout or an editable install they sit beside the package, at the repository root;
a wheel installs them under ``<prefix>/share/fsctl/`` (``[tool.setuptools.data-files]``).
"""

from __future__ import annotations

import os
import sys

# os.path, not pathlib: validate loads the schema, and pathlib costs more to import than the check;
# three levels up from fsctl/io/assets.py is the repository root
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
INSTALLED = os.path.join(sys.prefix, "share", "fsctl")


def asset_path(kind: str, name: str) -> str:
    """``asset_path("templates", "fair-scheduler.xml.j2")`` -> ``<repo>/templates/fair-scheduler.xml.j2``."""
    beside = os.path.join(ROOT, kind, name)
    if os.path.exists(beside):
        return beside
    installed = os.path.join(INSTALLED, kind, name)
    return installed if os.path.exists(installed) else beside
