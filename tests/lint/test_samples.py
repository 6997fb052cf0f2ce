"""The bundled samples: valid for Hadoop, clean for lint (no errors, no warnings), and round-trip
through the writer."""

from __future__ import annotations

from pathlib import Path

import pytest

from fsctl.fair.cluster import parse_cluster
from fsctl.io.loader import load, load_site
from fsctl.lint import LintContext, run_lint
from fsctl.model.diagnostics import Severity

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
FAIR_SAMPLES = sorted((SAMPLES / "fair").glob("*.xml"))
#: the cluster each sample's header comment describes
CLUSTERS = {
    "team-cluster.xml": "memory-mb=1966080, vcores=480",
    "departments.xml": "memory-mb=1024000, vcores=1000",
    "every-element.xml": "memory-mb=1024000, vcores=1000",
}


def test_the_three_fair_samples_exist() -> None:
    assert [p.name for p in FAIR_SAMPLES] == sorted(CLUSTERS)


def test_yarn_site_sample_is_clean() -> None:
    site = load_site(str(SAMPLES / "yarn-site.xml"))
    assert site.conf is not None
    assert site.diagnostics == []
    loaded = load(str(SAMPLES / "yarn-site.xml"))
    assert loaded.result.format == "yarn-site"
    assert [d for d in loaded.result.diagnostics if d.severity >= Severity.WARNING] == []
    scheduler = site.conf.get("yarn.resourcemanager.scheduler.class") or ""
    assert scheduler.endswith(".fair.FairScheduler")


@pytest.mark.parametrize("path", FAIR_SAMPLES, ids=lambda p: p.name)
@pytest.mark.parametrize("with_site", [False, True], ids=["alone", "with-yarn-site"])
def test_sample_validates_and_lints_clean(path: Path, with_site: bool) -> None:
    site = load_site(str(SAMPLES / "yarn-site.xml")).conf if with_site else None
    loaded = load(str(path), yarn_site=site)
    assert loaded.result.tree is not None
    assert [(d.code, d.line, d.message) for d in loaded.result.diagnostics] == []
    context = LintContext(cluster=parse_cluster(CLUSTERS[path.name]), yarn_site=site)
    findings = run_lint(loaded.result, context)
    # infos are advice
    assert [(d.code, d.line, d.message) for d in findings if d.severity >= Severity.WARNING] == []


def test_departments_repeats_leaf_names_under_every_department() -> None:
    loaded = load(str(SAMPLES / "fair" / "departments.xml"))
    tree = loaded.result.tree
    assert tree is not None
    for department in ("root.qa", "root.qb", "root.qc"):
        queue = tree.find(department)
        assert queue is not None
        assert [c.name for c in queue.children] == ["p0", "p1", "p2"]
    codes = [d.code for d in run_lint(loaded.result, LintContext(hadoop_version=(3, 2)))]
    assert codes.count("FS322") == 6  # p0, p1, p2 under qb and qc repeat qa's


def test_every_element_sample_uses_every_queue_element() -> None:
    from fsctl.fair.elements import QUEUE_ELEMENTS, TOP_LEVEL_SCALARS
    from fsctl.lint.fair.document import QUIRK_QUEUE_TAGS

    text = (SAMPLES / "fair" / "every-element.xml").read_text(encoding="utf-8")
    # aliases of the same setting cannot both appear without overriding each other
    skipped = {"defaultQueueSchedulingMode", "fairSharePreemptionTimeout"}
    for tag in (*QUEUE_ELEMENTS, *TOP_LEVEL_SCALARS, "user"):
        if tag in skipped:
            continue
        assert f"<{tag}" in text, tag
    assert not any(f"<{tag} " in text for tag in QUIRK_QUEUE_TAGS)
    rules = ("specified", "user", "primaryGroup", "secondaryGroupExistingQueue", "nestedUserQueue", "default")
    for rule in rules:
        assert f'<rule name="{rule}"' in text, rule
    assert 'type="parent"' in text and "<pool " in text and "<reservation/>" in text
