"""Hadoop versions whose behaviour differs (``--hadoop-version``)."""

from __future__ import annotations

import re

HadoopVersion = tuple[int, int]
DEFAULT_VERSION: HadoopVersion = (3, 4)
#: the release lines whose behaviour fsctl follows (``--hadoop-version``), each checked against that
#: line's own ResourceManager code: 3.4.2, 3.3.6, 3.2.4, 3.1.4 and 2.10.2 ("2", the last 2.x line)
SUPPORTED_VERSIONS = ("3.4", "3.3", "3.2", "3.1", "2")


#: a bare major version is that major's line fsctl follows: "2" is 2.10 (the oracle runs 2.10.2)
_LAST_MINOR = {2: 10}


def parse_version(text: str) -> HadoopVersion:
    """``3.2`` -> (3, 2); ``2`` -> (2, 10); ``3.3.6`` -> (3, 3). Raises ValueError on anything else."""
    match = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?(?:\.\d+)*\s*", text)
    if not match:
        raise ValueError(f"not a Hadoop version: {text!r} (expected e.g. 3.4, 3.3, 3.2, 3.1 or 2)")
    major = int(match.group(1))
    minor = match.group(2)
    return major, int(minor) if minor is not None else _LAST_MINOR.get(major, 0)
