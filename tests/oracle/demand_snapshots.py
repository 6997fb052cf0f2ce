"""Hypothesis strategies for demand snapshots with applications listed one by one, and the
preemption settings (allocation-file timeouts and thresholds, yarn-site gate) they run under.

Usage stays inside the cluster so Hadoop can hold it; ties in start times, zero usage (an AM
waiting), AM containers and users shared across queues are frequent, as they change the order, the
AM limit and which applications run (a user's maxRunningApps). Besides the declared leaves, a
snapshot may load dynamic queues (:func:`dynamic_queues`): a user queue under a parent, a user queue
under a group queue (``nestedUserQueue``), a reservable queue's default queue.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.oracle.allocation_files import USERS

CLUSTER = {"memory-mb": 65536, "vcores": 64}
CLUSTER_SPEC = "memory-mb=65536, vcores=64"
MEMORY = (0, 1024, 2048, 4096, 8192, 16384)
VCORES = (0, 1, 2, 4, 8)


def _resource(memory: int, vcores: int) -> str:
    return f"memory-mb={memory}, vcores={vcores}"


@st.composite
def preemption_elements(draw: st.DrawFn) -> list[str]:
    """Top-level defaults: timeouts 0 or finite (elapsed) or unset (never), thresholds."""
    elements = []
    for tag in ("defaultMinSharePreemptionTimeout", "defaultFairSharePreemptionTimeout"):
        value = draw(st.sampled_from((None, "0", "10", "300")))
        if value is not None:
            elements.append(f"<{tag}>{value}</{tag}>")
    threshold = draw(st.sampled_from((None, "0.5", "0.8", "1.0", "0.1")))
    if threshold is not None:
        elements.append(
            f"<defaultFairSharePreemptionThreshold>{threshold}</defaultFairSharePreemptionThreshold>"
        )
    return elements


def with_preemption(text: str, elements: list[str]) -> str:
    return text.replace("<allocations>\n", "<allocations>\n" + "".join(f"  {e}\n" for e in elements), 1)


@st.composite
def yarn_site(draw: st.DrawFn) -> str:
    threshold = draw(st.sampled_from(("0", "0.5", "0.8")))
    size_based = draw(st.booleans())
    props = {
        "yarn.scheduler.fair.preemption": "true",
        "yarn.scheduler.fair.preemption.cluster-utilization-threshold": threshold,
        "yarn.scheduler.fair.sizebasedweight": "true" if size_based else "false",
    }
    body = "".join(f"<property><name>{k}</name><value>{v}</value></property>\n" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'


def dynamic_queues(parents: list[str], reservable: list[str]) -> list[str]:
    """Queues the Fair Scheduler creates when an application is submitted to them: under each
    parent (root included) a user's queue and a group's queue holding a user's (the two levels a
    ``nestedUserQueue`` rule makes), and each reservable queue's default reservation queue."""
    paths = []
    for parent in parents:
        paths += [f"{parent}.alice", f"{parent}.eng.bob"]
    paths += [f"{plan}.{plan.rsplit('.', 1)[-1]}-default" for plan in reservable]
    return paths


@st.composite
def snapshots(draw: st.DrawFn, leaves: list[str], dynamic: list[str] | None = None) -> dict[str, Any]:
    """``{leaf: {"applications": [...]}}`` for some of ``leaves`` and of the ``dynamic`` queues, in
    the order given."""
    chosen = [leaf for leaf in leaves if draw(st.integers(0, 3)) > 0] or leaves[:1]
    chosen += [path for path in dynamic or () if draw(st.integers(0, 3)) == 0]
    left = dict(CLUSTER)
    queues: dict[str, Any] = {}
    for leaf in chosen:
        if draw(st.integers(0, 3)) == 0:  # totals: Hadoop makes the apps, the first holds the usage
            demand_m, demand_v = draw(st.sampled_from(MEMORY[1:])), draw(st.sampled_from(VCORES[1:]))
            usage_m = min(draw(st.sampled_from(MEMORY)), demand_m, left["memory-mb"])
            usage_v = min(draw(st.sampled_from(VCORES)), demand_v, left["vcores"])
            if (usage_m == 0) != (usage_v == 0):
                usage_m = usage_v = 0
            left["memory-mb"] -= usage_m
            left["vcores"] -= usage_v
            queues[leaf] = {
                "demand": _resource(demand_m, demand_v),
                "usage": _resource(usage_m, usage_v),
                "apps": draw(st.integers(1, 3)),
            }
            continue
        apps = []
        for index in range(draw(st.integers(1, 3))):
            demand_m = draw(st.sampled_from(MEMORY[1:]))
            demand_v = draw(st.sampled_from(VCORES[1:]))
            usage_m = min(draw(st.sampled_from(MEMORY)), demand_m, left["memory-mb"])
            usage_v = min(draw(st.sampled_from(VCORES)), demand_v, left["vcores"])
            if (usage_m == 0) != (usage_v == 0):  # a container holds both or nothing
                usage_m = usage_v = 0
            left["memory-mb"] -= usage_m
            left["vcores"] -= usage_v
            app: dict[str, Any] = {
                "name": f"{leaf.rsplit('.', 1)[-1]}-{index}",
                "demand": _resource(demand_m, demand_v),
                "usage": _resource(usage_m, usage_v),
                "start": draw(st.integers(0, 3)),
            }
            user = draw(st.sampled_from((None, *USERS)))
            if user is not None:  # an application without one is the only one of its user
                app["user"] = user
            if draw(st.booleans()):
                am_m = draw(st.sampled_from((512, 1024, 2048)))
                # a running AM is one of the app's containers: inside its usage
                app["am"] = _resource(min(am_m, usage_m), min(1, usage_v)) if usage_m else _resource(am_m, 1)
            apps.append(app)
        queues[leaf] = {"applications": apps}
    return queues
