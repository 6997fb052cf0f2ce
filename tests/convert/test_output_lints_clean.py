"""``fsctl convert``'s output passes ``fsctl lint`` with default settings: the writer and the lint
rules agree (CS313 once flagged the ``root.maximum-capacity=100.0`` every conversion writes, which
Hadoop reads as no limit at all: tests/data/oracle/cs-root-maximum-hundred). A lint warning on the
output is allowed only where convert itself warned about that queue for the same reason: a
guarantee above the queue's maximum (CS306) is the CV411 convert reports."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from fsctl.commands.check import CheckOptions, check_files
from fsctl.commands.convert import ConvertCommand
from fsctl.commands.convert import run as convert
from fsctl.convert.options import ConvertOptions
from fsctl.convert.output import HEADER_SITE, configuration_xml
from fsctl.io.loader import load_site
from fsctl.model.diagnostics import Severity
from tests.conftest import SAMPLES
from tests.oracle.allocation_files import allocation_files

CLUSTER = {"memory-mb": 1024000, "vcores": 1000}
#: a lint warning on the converted file -> the convert warning that reported the same on the queue
EXPLAINED_BY = {"CS306": "CV411"}


def _lint_findings(fair: Path, out: Path, percentage: bool, yarn_site: str | None) -> list[str]:
    """The lint warnings on the converted files that convert did not report itself."""
    import io
    import json

    options = ConvertCommand(
        str(fair),
        yarn_site=yarn_site,
        output_dir=str(out),
        fmt="json",
        convert=ConvertOptions(percentage=percentage, cluster=CLUSTER),
    )
    report = io.StringIO()
    convert(options, report, io.StringIO())
    reported = {
        (d["code"], d["queue"])
        for f in json.loads(report.getvalue())["files"]
        for d in f["diagnostics"]
        if d["severity"] != "info"
    }
    written = out / "capacity-scheduler.xml"
    if not written.exists():  # the conversion refused the input (an error finding): nothing to lint
        return []
    # the yarn-site.xml the ResourceManager reads after the switch: the user's with the delta
    delta = load_site(str(out / "yarn-site.xml")).conf
    assert delta is not None
    merged = delta if yarn_site is None else load_site(yarn_site).conf.layered(delta)[0]  # type: ignore[union-attr]
    site = out / "merged-yarn-site.xml"
    site.write_bytes(configuration_xml(dict(merged.items()), HEADER_SITE))
    reports = check_files(CheckOptions([str(written)], lint=True, yarn_site=str(site)))
    return [
        f"{d.code} {d.message}"
        for r in reports
        for d in r.diagnostics
        if d.severity >= Severity.WARNING and (EXPLAINED_BY.get(d.code), d.queue) not in reported
    ]


@pytest.mark.parametrize("percentage", [False, True], ids=["weight", "percentage"])
@pytest.mark.parametrize("sample", sorted((SAMPLES / "fair").glob("*.xml")), ids=lambda p: p.name)
def test_converted_samples_lint_clean(sample: Path, percentage: bool, tmp_path: Path) -> None:
    assert _lint_findings(sample, tmp_path / "out", percentage, str(SAMPLES / "yarn-site.xml")) == []


def test_converted_generated_files_lint_clean(tmp_path: Path) -> None:
    counter = iter(range(10**9))

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(allocation_files(malformed=False))
    def check(text: str) -> None:
        folder = tmp_path / str(next(counter))
        folder.mkdir()
        fair = folder / "fair-scheduler.xml"
        fair.write_text(text, encoding="utf-8")
        for percentage in (False, True):
            found = _lint_findings(fair, folder / ("pct" if percentage else "weight"), percentage, None)
            assert found == [], f"{found}\n{text}"

    check()
