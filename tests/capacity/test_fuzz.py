"""The reader never raises and never hits an internal error, whatever the properties say."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.capacity.reader import read_capacity, read_capacity_conf
from fsctl.capacity.writer import write_configuration
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.xmldoc import load_xml

P = "yarn.scheduler.capacity."
PATHS = st.sampled_from(["root", "root.a", "root.b", "root.a.x", "root.a.*", "*", "root.zz", "root.a.a"])
SUFFIXES = st.sampled_from(
    [
        "queues",
        "capacity",
        "maximum-capacity",
        "state",
        "user-limit-factor",
        "max-parallel-apps",
        "accessible-node-labels",
        "accessible-node-labels.red.capacity",
        "accessible-node-labels.red.maximum-capacity",
        "default-node-label-expression",
        "ordering-policy",
        "reservable",
        "auto-create-child-queue.enabled",
        "auto-queue-creation-v2.enabled",
        "leaf-queue-template.capacity",
        "auto-queue-creation-v2.template.capacity",
        "user-settings.bob.weight",
        "maximum-allocation-mb",
        "maximum-allocation",
        "minimum-user-limit-percent",
        "default-application-lifetime",
        "maximum-application-lifetime",
        "allow-zero-capacity-sum",
        "disable_preemption",
    ]
)
GLOBALS = st.sampled_from(
    [
        P + "legacy-queue-mode.enabled",
        P + "resource-calculator",
        P + "mapping-rule-format",
        P + "maximum-applications",
        "yarn.scheduler.maximum-allocation-mb",
        "yarn.resource-types",
        "yarn.scheduler.queue-placement-rules",
        P + "per-node-heartbeat.maximum-offswitch-assignments",
    ]
)
VALUES = st.one_of(
    st.sampled_from(
        [
            "a,b",
            "x",
            "a,a",
            " a , ,b",
            "50",
            "100",
            "2w",
            "w",
            "-1",
            "NaN",
            "1e40",
            "[memory=1024,vcores=2]",
            "[memory=50%,vcores=2w]",
            "[memory=1.5Gi]",
            "[]",
            "true",
            "ture",
            "STOPPED",
            "fair",
            "${x}",
            "${" + P + "root.queues}",
            "0x10",
            "red,*",
            "DominantResourceCalculator",
            "json",
        ]
    ),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)
KEYS = st.one_of(st.builds(lambda p, s: f"{P}{p}.{s}", PATHS, SUFFIXES), GLOBALS)
PAIRS = st.lists(st.tuples(KEYS, VALUES), max_size=25)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PAIRS, st.sampled_from([(3, 4), (3, 3), (3, 2)]))
def test_reader_never_raises(pairs: list[tuple[str, str]], version: tuple[int, int]) -> None:
    result = read_capacity_conf(HadoopConf.from_pairs(pairs), hadoop_version=version)
    assert result.tree is not None
    assert "CS010" not in [d.code for d in result.diagnostics], result.diagnostics


@settings(max_examples=60, deadline=None)
@given(PAIRS)
def test_reader_never_raises_from_xml(pairs: list[tuple[str, str]]) -> None:
    data = write_configuration(pairs)
    result = read_capacity(load_xml("fuzz.xml", data))
    assert result.tree is not None
    assert "CS010" not in [d.code for d in result.diagnostics], result.diagnostics
