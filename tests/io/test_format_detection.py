"""Which reader a file goes to (DESIGN.md §2): queue definitions or the name make a
capacity-scheduler.xml, RM keys or the name a yarn-site.xml, a near-miss root element an allocation
file Hadoop refuses."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import example, given
from hypothesis import strategies as st

from fsctl.io.loader import configuration_kind, load
from tests.conftest import configuration, run_fsctl

Write = Callable[[str, str], str]
P = "yarn.scheduler.capacity."
CS_CLASS = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"


def test_a_yarn_site_with_one_capacity_key_is_a_yarn_site(write: Write) -> None:
    props = {"yarn.resourcemanager.scheduler.class": CS_CLASS, P + "maximum-am-resource-percent": "0.2"}
    for name in ("yarn-site.xml", "rm-conf.xml"):
        loaded = load(write(name, configuration(props)))
        assert loaded.result.format == "yarn-site"
        assert loaded.result.diagnostics == []
    # the pre-commit hook runs validate on yarn-site*.xml: a normal file passes
    assert run_fsctl("validate", write("yarn-site-prod.xml", configuration(props))).returncode == 0


def test_queue_definitions_make_a_capacity_scheduler_file(write: Write) -> None:
    props = {P + "root.queues": "a", P + "root.a.capacity": "100", "yarn.resourcemanager.x": "1"}
    assert load(write("cs.xml", configuration(props))).result.format == "capacity-scheduler"


def test_the_name_decides_when_it_says(write: Write) -> None:
    props = {P + "maximum-applications": "500"}
    named = write("capacity-scheduler-new.xml", configuration(props))
    assert load(named).result.format == "capacity-scheduler"
    assert load(write("yarn-site.xml", configuration(props))).result.format == "yarn-site"


def test_an_ambiguous_file_gets_a_finding_not_an_error(write: Write) -> None:
    loaded = load(write("conf.xml", configuration({P + "maximum-applications": "500"})))
    assert loaded.result.format == "yarn-site"
    assert [(d.code, d.severity.name) for d in loaded.result.diagnostics] == [("XML006", "INFO")]
    result = run_fsctl("validate", loaded.result.path)
    assert result.returncode == 0 and "XML006" in result.stdout  # info: below the default --fail-on


def test_a_near_miss_root_element_is_an_allocation_file_hadoop_refuses(write: Write) -> None:
    for tag in ("allocation", "Allocations", "alocations"):
        path = write(f"{tag}.xml", f'<?xml version="1.0"?>\n<{tag}>\n  <queue name="a"/>\n</{tag}>\n')
        loaded = load(path)
        assert loaded.result.format == "fair-scheduler"
        assert [(d.code, d.line, d.message) for d in loaded.result.diagnostics] == [
            ("FS100", 2, "Bad fair scheduler config file: top-level element not <allocations>")
        ]
        assert run_fsctl("validate", path).returncode == 1
    assert run_fsctl("validate", write("x.xml", "<unrelated/>")).returncode == 2


_KEY_PART = st.text("abcdefghijklmnopqrstuvwxyz-.", min_size=1, max_size=12)


_KEYS = st.lists(_KEY_PART, max_size=5)
#: a scheduler-wide key: anything after the prefix but a queue's (CapacitySchedulerConfiguration
#: .getQueuePrefix: yarn.scheduler.capacity.root. starts root's own keys and its descendants')
_GLOBAL_KEYS = st.lists(_KEY_PART.filter(lambda k: not k.startswith("root.")), max_size=5)


@given(_KEYS, _GLOBAL_KEYS, _KEYS)
@example([], ["root", "rootx", "root-"], [])  # not a queue prefix: a scheduler-wide key
def test_detection_follows_the_keys(queue_keys: list[str], global_keys: list[str], rm: list[str]) -> None:
    names = [P + "root." + k for k in queue_keys] + [P + k for k in global_keys]
    names += ["yarn.resourcemanager." + k for k in rm]
    kind = configuration_kind("conf.xml", names)
    if queue_keys:
        assert kind == "capacity-scheduler"
    elif names:
        assert kind == "yarn-site"
    else:
        assert kind is None
    assert configuration_kind("/etc/hadoop/yarn-site.xml", names) == "yarn-site"
    assert configuration_kind("capacity-scheduler.xml", names) == "capacity-scheduler"
