"""Load-time validation (cs.md §6.1-§6.3) with the expected results of cs.md §9.2-§9.6 and §9.16."""

from __future__ import annotations

import pytest

from .helpers import BASIC, codes, errors, only, read

NON_LEGACY = {"legacy-queue-mode.enabled": "false"}


def messages(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.message for d in errors(result)]


# -- TestCapacitySchedulerConfigValidator (cs.md §9.2) ---------------------------------------------


def test_basic_configuration_is_valid() -> None:
    assert errors(read(BASIC)) == []


def test_invalid_capacity() -> None:
    # testValidateCSConfigInvalidCapacity (#14)
    diagnostic = only(read({**BASIC, "root.test1.capacity": "500"}), "CS102")
    assert diagnostic.message == "Illegal capacity of 500.0 for queue root.test1"
    assert (diagnostic.queue, diagnostic.property) == ("root.test1", "capacity")
    assert (diagnostic.line, diagnostic.column) == (4, 3)


def test_stop_a_leaf_queue() -> None:
    # testValidateCSConfigStopALeafQueue (#15)
    assert errors(read({**BASIC, "root.test1.state": "STOPPED"})) == []


def test_stop_a_parent_with_running_children() -> None:
    # testValidateCSConfigStopANonLeafQueueInvalid (#16)
    result = read({**BASIC, "root.state": "STOPPED"})
    assert codes(result) == ["CS106", "CS106"]
    assert "The parent queue:root cannot be STOPPED" in result.diagnostics[0].message


def test_stop_everything() -> None:
    # testValidateCSConfigStopANonLeafQueue (#17)
    pairs = {**BASIC, "root.state": "STOPPED", "root.test1.state": "STOPPED", "root.test2.state": "STOPPED"}
    assert errors(read(pairs)) == []


def test_child_without_state_inherits_stopped() -> None:
    pairs = {k: v for k, v in BASIC.items() if not k.endswith(".state")}
    result = read({**pairs, "root.state": "STOPPED"})
    assert errors(result) == []
    assert result.tree is not None and result.tree.find("root.test1").effective.state == "STOPPED"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("extra", "legacy_ok"),
    [
        ({"root.test3.capacity": "30"}, False),
        ({"root.test3.capacity": "30", "root.test1.capacity": "20"}, True),
    ],
)
def test_add_a_leaf_queue(extra: dict[str, str], legacy_ok: bool) -> None:
    # testValidateCSConfigAddALeafQueueInvalid / ...Valid (#18, #19)
    pairs = {**BASIC, "root.queues": "test1, test2, test3", **extra}
    result = read(pairs)
    assert (errors(result) == []) is legacy_ok
    if not legacy_ok:
        assert only(result, "CS122").message.startswith(
            "Illegal capacity sum of 1.3 for children of queue root"
        )
    assert errors(read({**pairs, **NON_LEGACY})) == []


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        ({"yarn.scheduler.minimum-allocation-mb": "0"}, ["CS126"]),  # #24
        (
            {"yarn.scheduler.minimum-allocation-mb": "8192", "yarn.scheduler.maximum-allocation-mb": "1024"},
            ["CS126"],
        ),  # #25
        (
            {
                "yarn.scheduler.minimum-allocation-mb": "1024",
                "yarn.scheduler.maximum-allocation-mb": "8192",
                "yarn.scheduler.minimum-allocation-vcores": "1",
                "yarn.scheduler.maximum-allocation-vcores": "4",
            },
            [],
        ),  # #26
        ({"yarn.scheduler.minimum-allocation-vcores": "0"}, ["CS126"]),  # #27
        (
            {
                "yarn.scheduler.minimum-allocation-vcores": "4",
                "yarn.scheduler.maximum-allocation-vcores": "1",
            },
            ["CS126"],
        ),
    ],
)
def test_allocation_limits(pairs: dict[str, str], expected: list[str]) -> None:
    # testValidateMemoryAllocation*, testValidateVCores* (#24-#27)
    assert codes(read({**BASIC, **pairs})) == expected


ABSOLUTE_TREE = {
    "root.queues": "parentA",
    "root.parentA.queues": "leafA",
    "root.parentA.capacity": "[memory=16384,vcores=10]",
    "root.parentA.maximum-capacity": "[memory=16384,vcores=10]",
    "root.parentA.leafA.capacity": "[memory=16384,vcores=10]",
}
DRC = {"resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"}


@pytest.mark.parametrize("calculator", [{}, DRC])
def test_absolute_max_above_parent_max(calculator: dict[str, str]) -> None:
    # testValidateCSConfigDefaultRCAbsoluteModeParentMaxMemoryExceeded / DominantRC variant (#28)
    result = read(
        {**ABSOLUTE_TREE, **calculator, "root.parentA.leafA.maximum-capacity": "[memory=49152,vcores=30]"}
    )
    assert only(result, "CS108").message.startswith("Max resource configuration")


def test_absolute_max_vcores_only_compared_by_drc() -> None:
    # testValidateCSConfigDefaultRCAbsoluteModeParentMaxVcoreExceeded / DominantRC (#29)
    pairs = {**ABSOLUTE_TREE, "root.parentA.leafA.maximum-capacity": "[memory=16384,vcores=50]"}
    assert errors(read(pairs)) == []
    assert codes(read({**pairs, **DRC})) == ["CS108"]


# -- TestQueueParsing / TestParentQueue (cs.md §9.3) -----------------------------------------------

QUEUE_PARSING = {
    "root.queues": "a,b,c",
    "root.a.capacity": "10",
    "root.a.maximum-capacity": "15",
    "root.b.capacity": "20",
    "root.c.capacity": "70",
    "root.c.maximum-capacity": "70",
    "root.a.queues": "a1,a2",
    "root.a.a1.capacity": "30",
    "root.a.a1.maximum-capacity": "45",
    "root.a.a2.capacity": "70",
    "root.a.a2.maximum-capacity": "85",
    "root.b.queues": "b1,b2,b3",
    "root.b.b1.capacity": "50",
    "root.b.b1.maximum-capacity": "85",
    "root.b.b2.capacity": "30",
    "root.b.b2.maximum-capacity": "35",
    "root.b.b3.capacity": "20",
    "root.b.b3.maximum-capacity": "35",
    "root.c.queues": "c1,c2,c3,c4",
    "root.c.c1.capacity": "50",
    "root.c.c1.maximum-capacity": "55",
    "root.c.c2.capacity": "10",
    "root.c.c2.maximum-capacity": "25",
    "root.c.c3.capacity": "35",
    "root.c.c3.maximum-capacity": "38",
    "root.c.c4.capacity": "5",
    "root.c.c4.maximum-capacity": "5",
    "root.c.c1.queues": "c11,c12,c13",
    "root.c.c1.c11.capacity": "15",
    "root.c.c1.c11.maximum-capacity": "30",
    "root.c.c1.c12.capacity": "45",
    "root.c.c1.c12.maximum-capacity": "70",
    "root.c.c1.c13.capacity": "40",
    "root.c.c1.c13.maximum-capacity": "40",
}


def test_queue_parsing() -> None:
    # TestQueueParsing#testQueueParsing (#30)
    result = read(QUEUE_PARSING)
    assert result.diagnostics == []
    assert result.tree is not None and len(list(result.tree.queues())) == 16


def test_children_not_100_percent() -> None:
    # testQueueParsingFailWhenSumOfChildrenNonLabeledCapacityNot100Percent (#31)
    result = read({**QUEUE_PARSING, "root.c.c2.capacity": "5"})
    diagnostic = only(result, "CS122")
    assert diagnostic.message == (
        "Illegal capacity sum of 0.95 for children of queue c for label=. It should be either 0 or 1.0"
    )
    assert (diagnostic.queue, diagnostic.property) == ("root.c", "queues")
    assert errors(read({**QUEUE_PARSING, "root.c.c2.capacity": "5", **NON_LEGACY})) == []


LABELS = {
    "root.queues": "a,b",
    "root.accessible-node-labels.red.capacity": "100",
    "root.accessible-node-labels.blue.capacity": "100",
    "root.a.capacity": "10",
    "root.a.maximum-capacity": "15",
    "root.a.accessible-node-labels": "red,blue",
    "root.a.accessible-node-labels.red.capacity": "50",
    "root.a.accessible-node-labels.red.maximum-capacity": "50",
    "root.a.accessible-node-labels.blue.capacity": "50",
    "root.b.capacity": "90",
    "root.b.accessible-node-labels": "red,blue",
    "root.b.accessible-node-labels.red.capacity": "50",
    "root.b.accessible-node-labels.blue.capacity": "50",
    "root.a.queues": "a1,a2",
    "root.a.a1.capacity": "30",
    "root.a.a1.accessible-node-labels.red.capacity": "50",
    "root.a.a1.accessible-node-labels.blue.capacity": "100",
    "root.a.a2.capacity": "70",
    "root.a.a2.maximum-capacity": "85",
    "root.a.a2.accessible-node-labels": "red",
    "root.a.a2.accessible-node-labels.red.capacity": "50",
    "root.a.a2.accessible-node-labels.red.maximum-capacity": "60",
    "root.b.queues": "b1,b2,b3",
    "root.b.b1.capacity": "50",
    "root.b.b1.accessible-node-labels.red.capacity": "50",
    "root.b.b1.accessible-node-labels.blue.capacity": "100",
    "root.b.b2.capacity": "30",
    "root.b.b2.accessible-node-labels.red.capacity": "25",
    "root.b.b3.capacity": "20",
    "root.b.b3.accessible-node-labels.red.capacity": "25",
}


def test_labeled_capacities() -> None:
    # TestQueueParsing#checkQueueLabels setup (#34)
    assert errors(read(LABELS)) == []


def test_labeled_children_not_100_percent() -> None:
    # testQueueParsingFailWhenSumOfChildrenLabeledCapacityNot100Percent (#35)
    result = read({**LABELS, "root.b.b3.accessible-node-labels.red.capacity": "24"})
    diagnostic = only(result, "CS122")
    assert "for children of queue b for label=red. It should be either 0 or 1.0" in diagnostic.message


def test_only_child_with_label_capacity_70() -> None:
    # TestQueueParsing#testRMStartWrongNodeCapacity (#36)
    pairs = {"root.queues": "a", "root.a.capacity": "100"}
    for label in "xyz":
        pairs[f"root.accessible-node-labels.{label}.capacity"] = "100"
        pairs[f"root.a.accessible-node-labels.{label}.capacity"] = "100"
    assert errors(read(pairs)) == []
    result = read({**pairs, "root.a.accessible-node-labels.z.capacity": "70"})
    assert "for label=z" in only(result, "CS122").message


def test_capacity_above_maximum_allowed_since_34() -> None:
    # TestQueueParsing#testQueueParsingWithLeafQueueDisableElasticity (#37); 3.3 rejects it on the
    # absolute values (oracle: 3.3.6, the message below)
    pairs = {
        "root.queues": "a,b",
        "root.a.capacity": "50",
        "root.b.capacity": "50",
        "root.b.queues": "b2",
        "root.b.b2.capacity": "100",
        "root.b.b2.maximum-capacity": "40",
    }
    assert errors(read(pairs)) == []
    old = only(read(pairs, version=(3, 3)), "CS124")
    assert (
        old.message == "Illegal queue capacity setting (abs-capacity=0.5) > (abs-maximum-capacity=0.4) "
        "for queue=[root.b.b2],label=[]"
    )


def test_weight_with_labels_only_child() -> None:
    # TestQueueParsing#testQueueCapacityWithWeight (#40)
    pairs = {"root.queues": "a", "root.a.capacity": "100w"}
    for label in "xyz":
        pairs[f"root.accessible-node-labels.{label}.capacity"] = "100w"
    pairs.update(
        {
            "root.a.accessible-node-labels.x.capacity": "100w",
            "root.a.accessible-node-labels.y.capacity": "100w",
            "root.a.accessible-node-labels.z.capacity": "70w",
        }
    )
    assert errors(read(pairs)) == []


@pytest.mark.parametrize(("b", "valid"), [("70.5", False), ("70", True), ("70.005", True)])
def test_single_level_precision(b: str, valid: bool) -> None:
    # TestQueueParsing#testSingleLevelQueuesPrecision (#41, #42): |1 - sum| <= 0.0005f in float32
    result = read({"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": b})
    assert (errors(result) == []) is valid


@pytest.mark.parametrize(
    ("children", "valid"),
    [
        (["33.3", "33.3", "33.4"], True),
        (["33.33"] * 3, True),
        (["33.3"] * 3, False),
        (["99.95"], False),
        (["100.05"], False),
    ],
)
def test_sum_tolerance_table(children: list[str], valid: bool) -> None:
    # cs.md §6.3 "Exact tolerance" (verified with JDK 17)
    pairs = {"root.queues": ",".join(f"q{i}" for i in range(len(children)))}
    pairs.update({f"root.q{i}.capacity": c for i, c in enumerate(children)})
    if children == ["100.05"]:
        assert codes(read(pairs)) == ["CS102"]  # out of range before the sum is even checked
        return
    assert (errors(read(pairs)) == []) is valid


MULTI = {
    "root.queues": "a,b,c,d",
    "root.a.capacity": "10",
    "root.b.capacity": "50",
    "root.c.capacity": "19.5",
    "root.d.capacity": "20.5",
    "root.b.queues": "b1,b2,b3",
    "root.b.b1.capacity": "10",
    "root.b.b2.capacity": "20",
    "root.b.b3.capacity": "70",
}


def test_children_zero_under_nonzero_parent() -> None:
    # TestParentQueue#testQueueCapacitySettingChildZero (#43)
    result = read({**MULTI, "root.b.b1.capacity": "0", "root.b.b2.capacity": "0", "root.b.b3.capacity": "0"})
    assert only(result, "CS122").message.endswith(
        "It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0"
    )


def test_parent_zero_children_positive() -> None:
    # TestParentQueue#testQueueCapacitySettingParentZero (#44) and ...ZeroSumAllowed (#45)
    pairs = {**MULTI, "root.b.capacity": "0", "root.a.capacity": "60"}
    assert only(read(pairs), "CS122").message.endswith(
        "queue=b has zero capacity, but childqueues have positive capacities"
    )
    assert errors(read({**pairs, "root.b.allow-zero-capacity-sum": "true"})) == []


def test_parent_zero_children_half() -> None:
    # TestParentQueue#testQueueCapacitySettingParentZeroChildren50pctZeroSumAllowed (#46)
    pairs = {
        **MULTI,
        "root.b.capacity": "0",
        "root.a.capacity": "100",
        "root.b.b3.capacity": "20",
        "root.b.allow-zero-capacity-sum": "true",
    }
    found = [d.message for d in read(pairs).diagnostics if d.code == "CS122"]
    assert any(m.startswith("Illegal capacity sum of 0.5 for children of queue b") for m in found)
    assert any("for children of queue root" in m for m in found)  # 140 % at root too


def test_zero_sum_allowed_and_all_zero() -> None:
    # ...ParentNonZeroChildrenZeroSumAllowed (#47), testQueueCapacityZero (#48)
    zero_children = {"root.b.b1.capacity": "0", "root.b.b2.capacity": "0", "root.b.b3.capacity": "0"}
    pairs = {
        **MULTI,
        "root.b.capacity": "10",
        "root.a.capacity": "50",
        **zero_children,
        "root.b.allow-zero-capacity-sum": "true",
    }
    assert errors(read(pairs)) == []
    assert errors(read({**MULTI, "root.b.capacity": "0", "root.a.capacity": "60", **zero_children})) == []


def test_root_capacity_is_ignored() -> None:
    # TestQueueParsing#testRootQueueParsing (#49): from XML root.capacity is simply ignored
    result = read({**BASIC, "root.capacity": "90"})
    assert codes(result) == ["CS205"]
    assert result.tree is not None and result.tree.root.effective.capacity.percent == 100.0


def test_queue_max_allocation_above_cluster() -> None:
    # TestCapacityScheduler#testRefreshQueuesMaxAllocationPerQueueLarge (#51)
    result = read({**BASIC, "root.test1.maximum-allocation-mb": str(8192 + 2048)})
    assert "maximum allocation" in only(result, "CS110").message


# -- TestAbsoluteResourceConfiguration (cs.md §9.4) ------------------------------------------------

ABS = {
    "root.queues": "queueA,queueB",
    "root.queueA.capacity": "[memory=51200,vcores=5]",
    "root.queueB.capacity": "[memory=153600,vcores=30]",
    "root.queueB.maximum-capacity": "[memory=153600,vcores=30]",
    "root.queueB.queues": "queueB1",
    "root.queueB.queueB1.capacity": "[memory=153600,vcores=30]",
}


def test_absolute_min_above_max() -> None:
    # testSimpleValidateAbsoluteResourceConfig (#52)
    result = read({**ABS, "root.queueB.queueB1.maximum-capacity": "[memory=40960,vcores=10]"})
    assert only(result, "CS107").message == (
        "Min resource configuration <memory:153600, vCores:30> is greater than its max value:"
        "<memory:40960, vCores:10> in queue:root.queueB.queueB1"
    )


def test_absolute_max_above_parents_max() -> None:
    # testSimpleValidateAbsoluteResourceConfig (#53)
    result = read({**ABS, "root.queueB.queueB1.maximum-capacity": "[memory=204800,vcores=30]"})
    assert only(result, "CS108").message == (
        "Max resource configuration <memory:204800, vCores:30> is greater than parents max value:"
        "<memory:153600, vCores:30> in queue:root.queueB.queueB1"
    )


def test_parent_below_children() -> None:
    # testComplexValidateAbsoluteResourceConfig (#54)
    pairs = {
        **ABS,
        "root.queueA.capacity": "[memory=50Gi,vcores=5]",
        "root.queueA.queues": "a1,a2",
        "root.queueA.a1.capacity": "[memory=50Gi,vcores=5]",
        "root.queueA.a2.capacity": "[memory=50Gi,vcores=5]",
    }
    assert only(read(pairs), "CS121").message == (
        "Parent Queues capacity: <memory:51200, vCores:5> is less than to its children:"
        "<memory:102400, vCores:10> for queue:queueA"
    )
    assert errors(read({**pairs, **NON_LEGACY})) == []


def test_percentage_parents_over_absolute_children() -> None:
    # testComplexValidateAbsoluteResourceConfig (#55)
    pairs = {
        "root.queues": "a,b",
        "root.a.capacity": "50",
        "root.b.capacity": "50",
        "root.a.queues": "a1",
        "root.a.a1.capacity": "[memory=1024,vcores=1]",
    }
    assert codes(read(pairs)) == ["CS120"]
    assert errors(read({**pairs, **NON_LEGACY})) == []


def test_memory_zero_is_not_mixed() -> None:
    # testValidateAbsoluteResourceConfig (#56)
    pairs = {
        "root.queues": "queueA,queueB",
        "root.queueA.capacity": "[memory=125]",
        "root.queueB.capacity": "[memory=0]",
        "root.queueA.queues": "a1,a2",
        "root.queueA.a1.capacity": "[memory=125]",
        "root.queueA.a2.capacity": "[memory=0]",
    }
    assert errors(read(pairs)) == []


# -- weights (cs.md §9.5, §9.6, §9.16) --------------------------------------------------------------


def test_weight_and_percent_mixed_across_levels() -> None:
    # TestCapacitySchedulerWeightMode#...WeightAndPercentMixed1 / Mixed2 (#161, #162)
    weights_over_percent = {
        "root.queues": "a,b",
        "root.a.capacity": "1w",
        "root.b.capacity": "9w",
        "root.a.queues": "a1",
        "root.a.a1.capacity": "100",
        "root.b.queues": "b1,b2",
        "root.b.b1.capacity": "50",
        "root.b.b2.capacity": "50",
    }
    assert errors(read(weights_over_percent)) == []
    percent_over_weights = {
        "root.queues": "a,b",
        "root.a.capacity": "10",
        "root.b.capacity": "90",
        "root.a.queues": "a1",
        "root.a.a1.capacity": "1w",
        "root.b.queues": "b1,b2",
        "root.b.b1.capacity": "1w",
        "root.b.b2.capacity": "1w",
    }
    assert errors(read(percent_over_weights)) == []


def test_weights_only_with_labels() -> None:
    # TestCapacitySchedulerWeightMode#testContainerAllocateWithComplexLabelsWeightOnly (#160)
    pairs = {
        "root.queues": "a,b",
        "root.a.capacity": "1w",
        "root.a.maximum-capacity": "10",
        "root.b.capacity": "9w",
        "root.a.accessible-node-labels": "x,y",
        "root.a.accessible-node-labels.x.capacity": "100w",
        "root.a.accessible-node-labels.y.capacity": "50w",
        "root.b.accessible-node-labels": "y,z",
        "root.b.accessible-node-labels.y.capacity": "50w",
        "root.b.accessible-node-labels.z.capacity": "100w",
        "root.a.queues": "a1",
        "root.a.a1.capacity": "100w",
        "root.a.a1.accessible-node-labels": "x,y",
        "root.a.a1.accessible-node-labels.x.capacity": "100w",
        "root.a.a1.accessible-node-labels.y.capacity": "100w",
        "root.b.queues": "b1,b2",
        "root.b.b1.capacity": "50w",
        "root.b.b1.maximum-capacity": "50",
        "root.b.b2.capacity": "50w",
        "root.b.b2.accessible-node-labels": "y,z",
        "root.b.b2.accessible-node-labels.y.capacity": "100w",
        "root.b.b2.accessible-node-labels.z.capacity": "100w",
    }
    for label in "xyz":
        pairs[f"root.accessible-node-labels.{label}.capacity"] = "100w"
    assert errors(read(pairs)) == []


def test_mixed_siblings_rejected_in_legacy_mode() -> None:
    result = read({"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "2w"})
    # root is exempt only as the first queue of the classified set, i.e. for its own type
    assert only(result, "CS119").message.startswith(
        "Parent queue 'root' have children queue used mixed of  weight mode, percentage and absolute mode"
    )
    assert (
        errors(read({"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "2w", **NON_LEGACY}))
        == []
    )


def test_zero_percentage_next_to_weight_is_not_mixed() -> None:
    # cs.md §6.3 quirk: a child at 0 % does not count as percentage
    assert errors(read({"root.queues": "a,b", "root.a.capacity": "0", "root.b.capacity": "2w"})) == []


def test_weight_maximum_capacity_in_non_legacy_mode() -> None:
    # TestMixedQueueResourceCalculation#testDifferentMinimumAndMaximumCapacityTypes (#76, #77)
    pairs = {
        **NON_LEGACY,
        "root.queues": "A,B",
        "root.A.capacity": "[memory=50%, vcores=8]",
        "root.A.maximum-capacity": "[memory=16384, vcores=80%]",
        "root.B.capacity": "[memory=6w, vcores=100%]",
        "root.B.maximum-capacity": "[memory=16384, vcores=8]",
    }
    assert errors(read(pairs)) == []
    result = read({**pairs, "root.B.maximum-capacity": "[memory=16384, vcores=10w]"})
    assert (
        only(result, "CS118").message
        == "Resource vcores has WEIGHT maximum capacity type, which is not supported"
    )


def test_vector_in_legacy_mode_reads_as_zero() -> None:
    # cs.md §3.4: [memory=50%,vcores=2w] is 0 % in legacy mode (here the sum check then fails)
    result = read({"root.queues": "a", "root.a.capacity": "[memory=50%,vcores=2w]"})
    assert "CS202" in codes(result)


def test_weights_need_hadoop_34() -> None:
    # cs.md §10: 3.3 hands "2w" to Float.parseFloat
    pairs = {"root.queues": "a,b", "root.a.capacity": "1w", "root.b.capacity": "3w"}
    assert errors(read(pairs)) == []
    assert codes(read(pairs, version=(3, 3))) == ["CS128", "CS128"]


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ("draining", "Invalid queue state configuration. We can only use RUNNING or STOPPED."),
        ("PAUSED", "No enum constant org.apache.hadoop.yarn.api.records.QueueState.PAUSED"),
    ],
)
def test_bad_state(state: str, message: str) -> None:
    assert only(read({**BASIC, "root.test1.state": state}), "CS105").message == message


def test_lowercase_state_is_fine() -> None:
    assert errors(read({**BASIC, "root.test1.state": "stopped"})) == []


def test_documented_non_legacy_example_loads() -> None:
    # DOC "Configuring Resource Allocation (non-legacy-queue-mode)" (#75) and
    # TestMixedQueueResourceCalculation#testZeroResourceIfNoMemory (#78): runtime warnings only
    pairs = {
        **NON_LEGACY,
        "root.queues": "default,test_1,test_2",
        "root.default.capacity": "[memory=1w,vcores=1w]",
        "root.test_1.capacity": "[memory=16384,vcores=16]",
        "root.test_2.capacity": "[memory=75%,vcores=75%]",
        "root.test_1.queues": "test_1_1,test_1_2,test_1_3",
        "root.test_1.test_1_1.capacity": "[memory=50%,vcores=50%]",
        "root.test_1.test_1_2.capacity": "[memory=1w,vcores=1w]",
        "root.test_1.test_1_3.capacity": "[memory=12288,vcores=12]",
    }
    result = read(pairs)
    assert result.diagnostics == []
    assert result.tree is not None
    test_2 = result.tree.find("root.test_2")
    assert test_2 is not None
    vector = [(e.resource, e.value, e.kind.value) for e in test_2.effective.capacity.vector]
    assert vector == [("memory-mb", 75.0, "percentage"), ("vcores", 75.0, "percentage")]
    zero = {**NON_LEGACY, "root.queues": "A,B", "root.A.capacity": "[memory=100%, vcores=6w]",
            "root.B.capacity": "[memory=16384, vcores=8]"}  # fmt: skip
    assert read(zero).diagnostics == []


def test_conventional_root_capacity_is_not_reported() -> None:
    # 100 (percent) and a weight are what configs and fs2cs (FSQueueConverter: root "1.0w") write
    assert codes(read({**BASIC, "root.capacity": "100"})) == []
    assert codes(read({**BASIC, "root.capacity": "1.0w"})) == []


def test_a_maximum_above_the_one_a_parent_inherits_is_refused() -> None:
    # oracle 3.4.2 and 3.3.6: root.a.p has no maximum of its own and takes root.a's
    pairs = {
        "root.queues": "a",
        "root.a.capacity": "[memory=40000,vcores=40]",
        "root.a.maximum-capacity": "[memory=50000,vcores=50]",
        "root.a.queues": "p",
        "root.a.p.capacity": "[memory=30000,vcores=30]",
        "root.a.p.queues": "x",
        "root.a.p.x.capacity": "[memory=20000,vcores=20]",
        "root.a.p.x.maximum-capacity": "[memory=60000,vcores=60]",
    }
    for version in ((3, 4), (3, 3)):
        assert only(read(pairs, version), "CS108").message == (
            "Max resource configuration <memory:60000, vCores:60> is greater than parents max value:"
            "<memory:50000, vCores:50> in queue:root.a.p.x"
        )
    # a parent whose capacity is not absolute inherits no maximum
    relative = {**pairs, "root.a.p.capacity": "100"}
    assert "CS108" not in codes(read(relative))


@pytest.mark.parametrize("value", ["1w", "abc", "150"])
def test_a_v1_template_is_read_only_by_a_managed_parent(value: str) -> None:
    # oracle 3.3.6 and 3.4.2: without auto-create-child-queue.enabled the template is never parsed
    pairs = {**BASIC, "root.test1.leaf-queue-template.capacity": value}
    for version in ((3, 4), (3, 3)):
        assert errors(read(pairs, version)) == []
    managed = {**pairs, "root.test1.auto-create-child-queue.enabled": "true"}
    assert errors(read(managed, (3, 3)))
