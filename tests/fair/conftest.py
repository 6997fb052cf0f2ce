"""Fixtures for the Fair Scheduler tests: small allocation files written to tmp_path and read."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from fsctl.fair.reader import read_fair
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.xmldoc import load_xml
from fsctl.model.tree import ReadResult
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

from .util import allocations

Reader = Callable[..., ReadResult]


@pytest.fixture
def read_xml(tmp_path: Path) -> Reader:
    """``read_xml(body, site={...}, version=(3, 4), raw=False)`` -> ReadResult of an allocation file."""
    counter = iter(range(1_000_000))

    def _read(
        body: str,
        site: dict[str, str] | None = None,
        version: HadoopVersion = DEFAULT_VERSION,
        raw: bool = False,
    ) -> ReadResult:
        path = tmp_path / f"fair-{next(counter)}.xml"
        path.write_text(body if raw else allocations(body), encoding="utf-8")
        conf = HadoopConf.from_pairs(site.items(), "yarn-site.xml") if site is not None else None
        return read_fair(load_xml(str(path)), conf, version)

    return _read
