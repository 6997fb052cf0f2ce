"""A queue with only capacities and plain keys takes the rest from its parent in one step
(``_Builder._resolve_all``): its effective values are what the general resolution finds."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from fsctl.capacity import reader
from fsctl.model.tree import ReadResult
from fsctl.model.versions import HadoopVersion
from tests.capacity.helpers import read

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(path for path in DATA.rglob("*.xml") if b"yarn.scheduler.capacity.root" in path.read_bytes())

PARENT = {
    "root.queues": "a,b",
    "root.a.capacity": "50",
    "root.b.capacity": "50",
    "root.a.queues": "x,y",
    "root.a.x.capacity": "40",
    "root.a.x.maximum-capacity": "60",
    "root.a.x.user-limit-factor": "3",
    "root.a.y.capacity": "60",
    "root.a.y.acl_submit_applications": "alice",
}
CASES: dict[str, dict[str, str]] = {
    "plain": PARENT,
    "stopped parent": {**PARENT, "root.a.state": "STOPPED"},
    "parent ordering": {**PARENT, "root.a.ordering-policy": "priority-utilization"},
    "blank parent ordering": {**PARENT, "root.a.ordering-policy": "  "},
    "lifetimes": {
        **PARENT,
        "root.a.maximum-application-lifetime": "100",
        "root.a.default-application-lifetime": "50",
    },
    "lifetime default only": {**PARENT, "root.a.default-application-lifetime": "50"},
    "allocation": {**PARENT, "root.a.maximum-allocation-mb": "2048", "root.a.maximum-allocation-vcores": "2"},
    "labels and expression": {
        **PARENT,
        "root.a.accessible-node-labels": "gpu",
        "root.a.default-node-label-expression": "gpu",
    },
    "preemption": {
        **PARENT,
        "root.a.disable_preemption": "true",
        "root.a.intra-queue-preemption.disable_preemption": "true",
    },
    "user weights": {**PARENT, "root.a.user-settings.bob.weight": "2"},
    "bad capacities": {**PARENT, "root.a.x.capacity": "x", "root.a.y.maximum-capacity": "-1"},
    "weights": {**PARENT, "root.a.x.capacity": "2w", "root.a.y.capacity": "1w"},
    "reservable leaf": {**PARENT, "root.b.reservable": "true"},
    "plain keys everywhere": {
        **PARENT,
        "root.a.y.minimum-user-limit-percent": "25",
        "root.a.y.maximum-applications": "10",
        "root.a.y.max-parallel-apps": "3",
        "root.a.y.priority": "2",
        "root.a.y.allow-zero-capacity-sum": "yes",
    },
    "ordering": {
        **PARENT,
        "root.a.ordering-policy": "priority-utilization",
        "root.a.x.ordering-policy": "fair",
        "root.a.y.ordering-policy": " fifo ",
    },
    "auto-creation v1": {**PARENT, "root.b.auto-create-child-queue.enabled": "true"},
    "auto-creation v2": {
        **PARENT,
        "root.a.auto-queue-creation-v2.enabled": "true",
        "root.a.x.auto-queue-creation-v2.enabled": "false",
        "root.b.auto-queue-creation-v2.enabled": "TRUE",
    },
    "auto-creation both": {
        **PARENT,
        "root.b.auto-create-child-queue.enabled": "true",
        "root.b.auto-queue-creation-v2.enabled": "true",
        "root.a.y.auto-create-child-queue.enabled": "maybe",
    },
    "global defaults": {
        **PARENT,
        "user-limit-factor": "4",
        "maximum-am-resource-percent": "0.3",
        "auto-queue-creation-v2.maximum-queue-depth": "3",
    },
}


def _effective(result: ReadResult) -> list[tuple[str, dict[str, Any]]]:
    assert result.tree is not None
    return [(q.path, dataclasses.asdict(q.effective)) for q in result.tree.queues()]


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    def resolve(builder: Any, ordered: list[Any], info: Any, wildcards: Any) -> None:
        for queue in ordered:
            builder._resolve_queue(info, queue, wildcards)

    monkeypatch.setattr(reader._Builder, "_resolve_all", resolve)


@pytest.mark.parametrize("version", [(3, 3), (3, 4)])
@pytest.mark.parametrize("pairs", CASES.values(), ids=CASES.keys())
def test_inheriting_queues_resolve_as_in_general(
    pairs: dict[str, str], version: HadoopVersion, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = read(pairs, version)
    _general(monkeypatch)
    general = read(pairs, version)
    assert _effective(fast) == _effective(general)
    assert fast.diagnostics == general.diagnostics


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_inheriting_queues_of_the_test_files(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.capacity.helpers import read_xml

    data = path.read_bytes()
    fast = read_xml(data)
    _general(monkeypatch)
    general = read_xml(data)
    if fast.tree is None:
        assert general.tree is None
        return
    assert _effective(fast) == _effective(general)
    assert fast.diagnostics == general.diagnostics


def test_siblings_share_their_inherited_containers() -> None:
    """Made once per parent (a tenth of a large tree's memory): equal to what each queue would get,
    and the same object for every sibling without keys of its own."""
    tree = read(PARENT, (3, 4)).tree
    assert tree is not None
    x, y = tree.find("root.a.x"), tree.find("root.a.y")
    assert x is not None and y is not None
    for name in ("accessible_node_labels", "user_settings", "node_labels", "auto_queue_creation_v2_template"):
        assert getattr(x.effective, name) is getattr(y.effective, name)
    assert x.effective.accessible_node_labels == ["*"] and x.effective.node_labels == {}
