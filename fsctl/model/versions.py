"""Hadoop versions whose behaviour differs (``--hadoop-version``)."""

from __future__ import annotations

import re

HadoopVersion = tuple[int, int]
DEFAULT_VERSION: HadoopVersion = (3, 4)
#: the releases whose behaviour fsctl follows (``--hadoop-version``); "2" is the last 2.x line
SUPPORTED_VERSIONS = ("3.4", "3.3", "3.2", "2")


def parse_version(text: str) -> HadoopVersion:
    """``3.2`` -> (3, 2); ``2`` -> (2, 0); ``3.3.6`` -> (3, 3). Raises ValueError on anything else."""
    match = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?(?:\.\d+)*\s*", text)
    if not match:
        raise ValueError(f"not a Hadoop version: {text!r} (expected e.g. 3.4, 3.3, 3.2 or 2)")
    return int(match.group(1)), int(match.group(2) or 0)
