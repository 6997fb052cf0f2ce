"""Fair Scheduler settings in yarn-site.xml (fsctl.fair.site) and the FS4xx rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from fsctl.fair.site import FairSiteSettings, check_fair_site
from fsctl.hadoop.conf import HadoopConf, read_configuration
from fsctl.io.xmldoc import load_xml

from .conftest import Reader


def site_file(tmp_path: Path, props: dict[str, str]) -> HadoopConf:
    rows = "\n".join(f"  <property><name>{k}</name><value>{v}</value></property>" for k, v in props.items())
    path = tmp_path / "yarn-site.xml"
    path.write_text(f'<?xml version="1.0"?>\n<configuration>\n{rows}\n</configuration>\n', encoding="utf-8")
    conf, problems = read_configuration(load_xml(str(path)))
    assert not problems
    return conf


def test_defaults_without_site() -> None:
    settings = FairSiteSettings.from_conf(None)
    assert settings.allow_undeclared_pools and settings.user_as_default_queue
    assert not settings.preemption
    assert settings.preemption_cluster_utilization_threshold == pytest.approx(0.8)
    assert settings.maximum_allocation == {"memory-mb": 8192, "vcores": 4}
    assert settings.increment_allocation == {"memory-mb": 1024, "vcores": 1}
    assert settings.resource_types == ("memory-mb", "vcores")
    assert settings.allocation_file == "fair-scheduler.xml"


def test_typed_settings() -> None:
    conf = HadoopConf.from_pairs(
        [
            ("yarn.scheduler.fair.allocation.file", " /etc/hadoop/fs.xml "),
            ("yarn.scheduler.fair.user-as-default-queue", "FALSE"),
            ("yarn.scheduler.fair.allow-undeclared-pools", "false"),
            ("yarn.scheduler.fair.preemption", "true"),
            ("yarn.scheduler.fair.preemption.cluster-utilization-threshold", "0.7"),
            ("yarn.scheduler.fair.sizebasedweight", "true"),
            ("yarn.scheduler.fair.assignmultiple", "true"),
            ("yarn.scheduler.fair.max.assign", "4"),
            ("yarn.scheduler.fair.continuous-scheduling-enabled", "true"),
            ("yarn.scheduler.fair.update-interval-ms", "250"),
            ("yarn.resource-types", " gpu , fpga"),
            ("yarn.resource-types.gpu.maximum-allocation", "8"),
            ("yarn.resource-types.gpu.increment-allocation", "1"),
            ("yarn.resource-types.vcores.increment-allocation", "2"),
            ("yarn.resource-types.memory-mb.increment-allocation", "1 Gi"),
            ("yarn.scheduler.maximum-allocation-mb", "16384"),
        ]
    )
    s = FairSiteSettings.from_conf(conf)
    assert s.diagnostics == []
    assert s.allocation_file == "/etc/hadoop/fs.xml"
    assert (s.user_as_default_queue, s.allow_undeclared_pools, s.preemption) == (False, False, True)
    assert s.preemption_cluster_utilization_threshold == pytest.approx(0.7)
    assert s.size_based_weight and s.assign_multiple and s.continuous_scheduling_enabled
    assert (s.max_assign, s.update_interval_ms) == (4, 250)
    assert s.resource_types == ("memory-mb", "vcores", "gpu", "fpga")
    assert s.maximum_allocation == {"memory-mb": 16384, "vcores": 4, "gpu": 8, "fpga": 2**63 - 1}
    assert s.increment_allocation == {"memory-mb": 1024, "vcores": 2, "gpu": 1}  # 1 Gi in Mi


# (code, properties, the property the diagnostic names, passing properties)
SITE_CASES = [
    # TestAllocationFileLoaderService#testDenyGetAllocationFileFromUnsupportedFileSystem
    (
        "FS401",
        {"yarn.scheduler.fair.allocation.file": "badfs:///badfile"},
        "yarn.scheduler.fair.allocation.file",
        {"yarn.scheduler.fair.allocation.file": "hdfs:///conf/fair-scheduler.xml"},
    ),
    (
        "FS402",
        {"yarn.scheduler.fair.max.assign": "many"},
        "yarn.scheduler.fair.max.assign",
        {"yarn.scheduler.fair.max.assign": " 0x10 "},
    ),
    (
        "FS402",
        {"yarn.scheduler.fair.preemption.cluster-utilization-threshold": "80%"},
        "yarn.scheduler.fair.preemption.cluster-utilization-threshold",
        {"yarn.scheduler.fair.preemption.cluster-utilization-threshold": ".8f"},
    ),
    (
        "FS403",
        {"yarn.scheduler.fair.preemption": "yes"},
        "yarn.scheduler.fair.preemption",
        {"yarn.scheduler.fair.preemption": " True "},
    ),
    (
        "FS404",
        {"yarn.scheduler.minimum-allocation-mb": "16384"},
        "yarn.scheduler.minimum-allocation-mb",
        {"yarn.scheduler.minimum-allocation-mb": "8192"},
    ),
    (
        "FS404",
        {"yarn.scheduler.minimum-allocation-vcores": "-1"},
        "yarn.scheduler.minimum-allocation-vcores",
        {"yarn.scheduler.minimum-allocation-vcores": "0"},
    ),
    (
        "FS405",
        {"yarn.scheduler.increment-allocation-mb": "0"},
        "yarn.scheduler.increment-allocation-mb",
        {"yarn.scheduler.increment-allocation-mb": "1"},
    ),
    (
        "FS405",
        {"yarn.resource-types.vcores.increment-allocation": "two"},
        "yarn.resource-types.vcores.increment-allocation",
        {"yarn.resource-types.vcores.increment-allocation": "2"},
    ),
    (
        "FS406",
        {
            "yarn.scheduler.increment-allocation-mb": "512",
            "yarn.resource-types.memory-mb.increment-allocation": "1 Gi",
        },
        "yarn.resource-types.memory-mb.increment-allocation",
        {"yarn.resource-types.memory-mb.increment-allocation": "1024"},
    ),
]


@pytest.mark.parametrize(
    ("code", "props", "key", "passing"), SITE_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(SITE_CASES)]
)
def test_site_rules(
    tmp_path: Path, code: str, props: dict[str, str], key: str, passing: dict[str, str]
) -> None:
    found = check_fair_site(site_file(tmp_path, props))
    assert [d.code for d in found] == [code]
    diagnostic = found[0]
    assert diagnostic.property == key
    # the <property> element of that key: one property per line from line 3, indented by 2
    line = 3 + list(props).index(key)
    assert (diagnostic.line, diagnostic.column) == (line, 3)
    assert check_fair_site(site_file(tmp_path, passing)) == []


def test_messages() -> None:
    conf = HadoopConf.from_pairs([("yarn.scheduler.fair.allocation.file", "badfs:///badfile")])
    assert (
        check_fair_site(conf)[0].message == "Allocation file badfs:///badfile uses an unsupported filesystem"
    )
    conf = HadoopConf.from_pairs([("yarn.scheduler.minimum-allocation-mb", "16384")])
    assert check_fair_site(conf)[0].message == (  # FairScheduler#validateConf, Java's spacing kept
        "Invalid resource scheduler memory allocation configuration: "
        "yarn.scheduler.minimum-allocation-mb=16384, yarn.scheduler.maximum-allocation-mb=8192.  Both values "
        "must be greater than or equal to 0and the maximum allocation value must be greater than or equal "
        "tothe minimum allocation value."
    )
    conf = HadoopConf.from_pairs([("yarn.scheduler.increment-allocation-vcores", "0")])
    assert check_fair_site(conf)[0].message == (
        "Invalid resource scheduler vcores allocation configuration: "
        "yarn.scheduler.increment-allocation-vcores=0. Values must be greater than 0."
    )


def test_custom_resource_types_feed_the_resource_grammar(read_xml: Reader) -> None:
    body = '<queue name="a"><maxResources>memory-mb=1024, vcores=1, gpu=2</maxResources></queue>'
    assert [d.code for d in read_xml(body).diagnostics] == ["FS108"]  # gpu unknown without yarn-site
    result = read_xml(body, site={"yarn.resource-types": "gpu"})
    assert result.diagnostics == []
    assert result.tree.find("root.a").effective.max_resources.amounts() == {
        "memory-mb": 1024,
        "vcores": 1,
        "gpu": 2,
    }


def test_scheduler_maximum_caps_container_allocation(read_xml: Reader) -> None:
    body = (
        '<queue name="a"><maxContainerAllocation>memory-mb=20000, vcores=2</maxContainerAllocation></queue>'
    )
    tree = read_xml(body, site={"yarn.scheduler.maximum-allocation-mb": "16384"}).tree
    assert tree.find("root.a").effective.max_container_allocation.amounts() == {
        "memory-mb": 16384,
        "vcores": 2,
    }
    assert tree.root.effective.max_container_allocation.amounts() == {"memory-mb": 16384, "vcores": 4}
