"""The preemption preview's parts that Hadoop's answers alone do not pin: Java's collections and
arithmetic where the policy depends on them, the settings the policy reads, a snapshot turned into
running containers, and the preview's inputs and findings. Hadoop's own answers for whole rounds are
in tests/oracle (recorded cases and the differential test)."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.evaluate.capacity import evaluate_capacity
from fsctl.evaluate.capacity_preemption import PreemptionInputError, preview_of_snapshot, preview_preemption
from fsctl.evaluate.capacity_preemption_calc import Calculator, float_ratio
from fsctl.evaluate.capacity_preemption_state import (
    AppState,
    ContainerState,
    LeafState,
    PreemptionSettings,
    PreemptionState,
    containers_of,
    read_settings,
    state_from_snapshot,
)
from fsctl.hadoop.conf import HadoopConf
from fsctl.hadoop.javaqueue import JavaPriorityQueue
from fsctl.io.demand import read_demand
from fsctl.io.loader import load, load_site
from tests.conftest import configuration
from tests.oracle.capacity_files import capacity_files

Write = Callable[[str, str], str]
CS = "yarn.scheduler.capacity."
PRE = "yarn.resourcemanager.monitor.capacity.preemption."
TWO_QUEUES = {CS + "root.queues": "a,b", CS + "root.a.capacity": "50", CS + "root.b.capacity": "50"}


def test_the_heap_is_javas_priority_queue() -> None:
    # JDK 17's java.util.PriorityQueue, keys compared, ties left to the heap: iteration is the array
    # order, and polling after more adds gives 9 8 4 7 2 1 6 3 0 (printed by Java, kept here)
    keys = [3, 1, 1, 2, 1, 0, 2, 1]
    heap: JavaPriorityQueue[tuple[int, int]] = JavaPriorityQueue(lambda x, y: (x[0] > y[0]) - (x[0] < y[0]))
    for index, key in enumerate(keys):
        heap.add((key, index))
    assert [i for _, i in heap] == [5, 4, 1, 7, 3, 2, 6, 0]
    heap.remove()
    heap.add((1, 8))
    heap.add((0, 9))
    polled = []
    while len(heap):
        polled.append(heap.remove()[1])
    assert polled == [9, 8, 4, 7, 2, 1, 6, 3, 0]


def test_the_calculators_keep_hadoops_quirks() -> None:
    default, dominant = Calculator(False, 2), Calculator(True, 2)
    # DefaultResourceCalculator.multiplyAndNormalizeUp makes Resources.createResource(memory): one vcore
    assert default.multiply_and_normalize_up_each([1000, 50], [0.25, 0.9]) == [250, 1]
    assert default.multiply_and_normalize_up_each([1, 50], [0.25, 0.9]) == [0, 0]  # (long) (0.25 + 0.5)
    # DominantResourceCalculator rounds each type up, the scalar form through a float first
    assert dominant.multiply_and_normalize_up_each([1000, 50], [0.25, 0.9]) == [250, 45]
    assert dominant.multiply_and_normalize_up([10011, 9], 0.2) == [2003, 2]
    # divideSafelyAsFloat: 0/0 is 0, x/0 infinite
    assert float_ratio(0, 0) == 0.0 and math.isinf(float_ratio(5, 0))
    # the dominant share decides, then the other one
    assert dominant.compare([100, 10], [50, 1], [10, 5]) == 0  # both dominate at one half
    assert dominant.compare([100, 10], [50, 2], [10, 5]) == 1


def test_settings_are_read_as_the_policy_reads_them() -> None:
    settings, problems = read_settings(HadoopConf.from_pairs([]))
    assert settings == PreemptionSettings() and problems == []
    conf = HadoopConf.from_pairs(
        [
            ("yarn.resourcemanager.scheduler.monitor.enable", "true"),
            (PRE + "total_preemption_per_round", " 0.25 "),
            (PRE + "natural_termination_factor", "1"),
            (PRE + "intra-queue-preemption.preemption-order-policy", "Priority_First"),
            (PRE + "observe_only", "maybe"),  # getBoolean: anything else is the default
        ]
    )
    settings, problems = read_settings(conf)
    assert problems == []
    assert settings.monitor and settings.total_preemption_per_round == 0.25
    assert settings.natural_termination_factor == 1.0
    assert settings.intra_order_policy == "PRIORITY_FIRST" and not settings.observe_only


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("total_preemption_per_round", "10%"),
        ("max_ignored_over_capacity", "a tenth"),
        ("max_wait_before_kill", "15s"),
        # valueOf(get(...).toUpperCase()): the value is not trimmed
        ("intra-queue-preemption.preemption-order-policy", " priority_first"),
    ],
)
def test_a_setting_the_policy_cannot_read_is_sm241(key: str, value: str) -> None:
    _, problems = read_settings(HadoopConf.from_pairs([(PRE + key, value)]))
    assert [p.code for p in problems] == ["SM241"]
    assert PRE + key in problems[0].message


def test_usage_becomes_whole_containers() -> None:
    size = {"memory-mb": 4096, "vcores": 2}
    assert containers_of({"memory-mb": 8192, "vcores": 4}, size) == [size, size]
    # 4 GiB per vcore on the default 1 GiB / 1 vcore: as many as the vcores hold, the memory shared
    assert (
        containers_of({"memory-mb": 12288, "vcores": 3}, {"memory-mb": 1024, "vcores": 1})
        == [{"memory-mb": 4096, "vcores": 1}] * 3
    )
    assert containers_of({"memory-mb": 5000, "vcores": 0}, size) == [{"memory-mb": 5000, "vcores": 0}]
    assert containers_of({"memory-mb": 0, "vcores": 0}, size) == []


def _snapshot(write: Write, text: str) -> PreemptionState:
    path = write("demand.yaml", text)
    snapshot, problems = read_demand(path)
    assert snapshot is not None, problems
    state, _ = state_from_snapshot(snapshot, {"root.a": 0, "root.b": 1}, {"memory-mb": 1024, "vcores": 1})
    return state


def test_a_snapshot_becomes_applications_with_containers(write: Write) -> None:
    state = _snapshot(
        write,
        """queues:
  root.a:
    applications:
      - {name: late, user: bob, start: 2, usage: "memory-mb=6144, vcores=3",
         demand: "memory-mb=8192, vcores=4", am: "memory-mb=2048, vcores=1",
         container: "memory-mb=2048, vcores=1"}
      - {name: early, start: 1, usage: "memory-mb=2048, vcores=1"}
  root.b: {usage: "memory-mb=3072, vcores=3", demand: "memory-mb=5120, vcores=5", apps: 2}
""",
    )
    early, late = state.leaves["root.a"].apps
    assert (early.name, early.user) == ("early", "unknown")  # started first: the lower application id
    assert [(c.resource["memory-mb"], c.am) for c in late.containers] == [
        (2048, True),
        (2048, False),
        (2048, False),
    ]
    assert late.pending == {"memory-mb": 2048, "vcores": 1}
    first, second = state.leaves["root.b"].apps
    assert len(first.containers) == 2 and len(second.containers) == 1  # dealt out in turn
    assert first.pending == second.pending == {"memory-mb": 1024, "vcores": 1}


def test_a_given_container_size_the_usage_does_not_fit_is_sm246(write: Write) -> None:
    path = write(
        "demand.yaml",
        """queues:
  root.a:
    applications:
      - {name: odd, usage: "memory-mb=5120, vcores=2", container: "memory-mb=2048, vcores=1"}
""",
    )
    snapshot, _ = read_demand(path)
    assert snapshot is not None
    _, notes = state_from_snapshot(snapshot, {"root.a": 0}, {"memory-mb": 1024, "vcores": 1})
    assert [n.code for n in notes] == ["SM246"]
    assert notes[0].location is not None and notes[0].location.line == 4


def _tree(write: Write, props: dict[str, str], site: dict[str, str] | None = None) -> object:
    conf = load_site(write("yarn-site.xml", configuration(site))).conf if site is not None else None
    tree = load(write("capacity-scheduler.xml", configuration(props)), yarn_site=conf).result.tree
    assert tree is not None
    return tree


def test_the_preview_runs_when_the_monitor_does_or_when_asked(write: Write) -> None:
    cluster = {"memory-mb": 10240, "vcores": 10}
    snapshot, _ = read_demand(
        write("demand.yaml", 'queues:\n  root.a: {usage: "memory-mb=8192, vcores=8"}\n')
    )
    tree = _tree(write, TWO_QUEUES)
    result = evaluate_capacity(tree, cluster)  # type: ignore[arg-type]
    assert preview_of_snapshot(tree, result, snapshot) is None  # type: ignore[arg-type]
    asked = preview_of_snapshot(tree, result, snapshot, asked=True)  # type: ignore[arg-type]
    assert asked is not None and [f.code for f in asked.findings][:2] == ["SM240", "SM244"]
    on = _tree(write, TWO_QUEUES, {"yarn.resourcemanager.scheduler.monitor.enable": "true"})
    assert preview_of_snapshot(on, evaluate_capacity(on, cluster), None) is None  # type: ignore[arg-type]
    shown = preview_of_snapshot(on, evaluate_capacity(on, cluster), snapshot)  # type: ignore[arg-type]
    assert shown is not None and "SM240" not in [f.code for f in shown.findings]


@pytest.mark.parametrize(
    ("entry", "code"),
    [("root.c: {}", "SM104"), ("root: {}", "SM105")],
)
def test_a_snapshot_entry_that_is_no_leaf_is_refused(write: Write, entry: str, code: str) -> None:
    snapshot, _ = read_demand(write("demand.yaml", f"queues:\n  {entry}\n"))
    tree = _tree(write, TWO_QUEUES)
    with pytest.raises(PreemptionInputError) as raised:
        preview_of_snapshot(
            tree, evaluate_capacity(tree, {"memory-mb": 10240, "vcores": 10}), snapshot, asked=True
        )  # type: ignore[arg-type]
    assert raised.value.diagnostic.code == code


def test_what_the_preview_leaves_out_is_named(write: Write) -> None:
    props = {
        **TWO_QUEUES,
        CS + "root.a.ordering-policy": "fair",
        CS + "root.accessible-node-labels": "*",
        CS + "root.a.accessible-node-labels": "gpu",
        CS + "root.accessible-node-labels.gpu.capacity": "100",
        CS + "root.a.accessible-node-labels.gpu.capacity": "100",
    }
    site = {
        PRE + "select_based_on_reserved_containers": "true",
        PRE + "observe_only": "true",
    }
    tree = _tree(write, props, site)
    result = evaluate_capacity(tree, {"memory-mb": 10240, "vcores": 10})  # type: ignore[arg-type]
    settings, _ = read_settings(tree.info.properties)  # type: ignore[attr-defined]
    preview = preview_preemption(result, tree, PreemptionState(), settings)  # type: ignore[arg-type]
    assert sorted(f.code for f in preview.findings) == ["SM242", "SM243", "SM245", "SM247"]


def test_only_keeps_a_subtree(write: Write) -> None:
    tree = _tree(write, TWO_QUEUES)
    result = evaluate_capacity(tree, {"memory-mb": 10240, "vcores": 10})  # type: ignore[arg-type]
    busy = AppState("busy", "u", 0, [ContainerState({"memory-mb": 1024, "vcores": 1})] * 9)
    waiting = AppState("waiting", "v", 0, [], {"memory-mb": 5120, "vcores": 5})
    state = PreemptionState({"root.a": LeafState([busy]), "root.b": LeafState([waiting])})
    settings = PreemptionSettings(total_preemption_per_round=1.0, natural_termination_factor=1.0)
    preview = preview_preemption(result, tree, state, settings)  # type: ignore[arg-type]
    assert {c.queue for c in preview.selected} == {"root.a"}
    preview.only({"root", "root.b"})
    assert [q.path for q in preview.queues] == ["root", "root.b"] and preview.selected == []


def test_recorded_case_folders_exist() -> None:
    # the recorded rounds tests/oracle/test_recorded.py replays (one per selector and quirk)
    cases = Path(__file__).resolve().parents[1] / "data" / "oracle"
    assert len([p for p in cases.glob("cs-preempt-*") if (p / "hadoop.json").exists()]) >= 8


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=capacity_files(),
    usage=st.lists(st.integers(0, 2**40), min_size=0, max_size=6),
    dominant=st.booleans(),
)
def test_any_loadable_tree_and_load_gives_a_round(
    write: Write, text: str, usage: list[int], dominant: bool
) -> None:
    # whatever the capacities (0, tiny, absolute) and however big the usage, one round and no error
    if dominant:
        text = text.replace(
            "<configuration>\n",
            "<configuration>\n  <property><name>yarn.scheduler.capacity.resource-calculator</name>"
            "<value>org.apache.hadoop.yarn.util.resource.DominantResourceCalculator</value></property>\n",
        )
    tree = load(write("capacity-scheduler.xml", text)).result.tree
    assert tree is not None
    result = evaluate_capacity(tree, {"memory-mb": 10240, "vcores": 0})
    leaves = [q.path for q in result.queues if q.leaf]
    state = PreemptionState()
    for index, amount in enumerate(usage):
        path = leaves[index % len(leaves)]
        containers = [ContainerState({"memory-mb": amount, "vcores": index}, am=index == 0)]
        app = AppState(f"app{index}", f"u{index % 2}", index % 3, containers, {"memory-mb": amount // 3})
        state.leaves.setdefault(path, LeafState()).apps.append(app)
    for intra in (False, True):
        settings_ = PreemptionSettings(
            intra_queue=intra, balance_after_satisfied=intra, total_preemption_per_round=1.0
        )
        preview = preview_preemption(result, tree, state, settings_)
        assert {q.path for q in preview.queues} == {q.path for q in result.queues}
