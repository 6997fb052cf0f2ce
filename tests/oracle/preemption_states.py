"""Hypothesis strategies for the preemption policy's differential tests: a capacity-scheduler.xml
(percentage, weight and absolute capacities, nesting, maximum capacities, ``disable_preemption`` and
its intra-queue flag, priorities under ``priority-utilization``, AM percentages, either resource
calculator), a yarn-site.xml running the policy with generated settings, and a load per leaf
(applications with users, priorities, AM and task containers, a reserved container now and then,
pending demand, user limits or none).

Names are drawn from a small pool, unique among siblings, so that different parents often share a
child's short name (``root.a.x`` and ``root.b.x``), as Hadoop allows since YARN-9879.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from fsctl.evaluate.capacity_preemption_state import PreemptionState

PREFIX = "yarn.scheduler.capacity."
PREEMPTION = "yarn.resourcemanager.monitor.capacity.preemption."
NAMES = ("a", "b", "c", "d", "e", "f", "g", "h", "eng", "ads", "etl", "default", "prod", "dev", "adhoc", "x9")
CLUSTERS = ((20480, 20), (102400, 100), (40960, 16), (65536, 64))
SIZES = ((1024, 1), (2048, 1), (512, 1), (1024, 2), (4096, 4), (3072, 1))
USERS = ("alice", "bob", "carol")


@dataclass
class PreemptionCase:
    capacity_xml: str
    yarn_site_xml: str
    cluster: dict[str, int]
    #: leaf path -> the request's JSON for it, in tree order
    leaves: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def cluster_spec(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.cluster.items())

    def state(self) -> PreemptionState:
        """The same load as fsctl's state."""
        from tests.oracle.preemption_side import state_of

        return state_of(self.leaves)


def _vector(memory: int, vcores: int) -> dict[str, int]:
    return {"memory-mb": memory, "vcores": vcores}


def _xml(props: dict[str, str]) -> str:
    body = "".join(f"  <property><name>{k}</name><value>{v}</value></property>\n" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'


@st.composite
def _children(
    draw: st.DrawFn,
    path: str,
    depth: int,
    props: dict[str, str],
    names: list[str],
    leaves: list[str],
    cluster: tuple[int, int],
    priority_parent: bool,
    version: str,
) -> None:
    budget = len(names) - 1  # the tree's size: every queue takes one name off the pool
    count = min(draw(st.integers(2 if path == "root" else 1, 4)), budget)
    mine = draw(st.lists(st.sampled_from(NAMES), min_size=count, max_size=count, unique=True))
    del names[:count]
    props[f"{PREFIX}{path}.queues"] = ",".join(mine)
    # legacy mode (3.4's flexible mode is left out: fsctl's capacities there are not Hadoop's yet):
    # absolute children only under root or an absolute parent (Hadoop refuses the rest)
    if path == "root":
        modes: tuple[str, ...] = ("percentage", "percentage", "weight", "absolute")
    elif props.get(f"{PREFIX}{path}.capacity", "").startswith("["):
        modes = ("absolute",)
    else:
        modes = ("percentage", "weight")
    if version == "3.3":  # 3.3.6 has no weights: Float.parseFloat("2w") fails
        modes = tuple(m for m in modes if m != "weight")
    mode = draw(st.sampled_from(modes))
    if mode == "percentage":  # multiples of 5 summing to 100; a parent never gets 0 (3.3 refuses it)
        cuts = sorted(draw(st.lists(st.integers(1, 19), min_size=count - 1, max_size=count - 1, unique=True)))
        bounds = [0, *cuts, 20]
        values = [str((bounds[i + 1] - bounds[i]) * 5) for i in range(count)]
    elif mode == "weight":
        values = [f"{draw(st.sampled_from(('1', '2', '3', '0.5')))}w" for _ in mine]
    else:
        memory, vcores = _absolute_of(props, path, cluster)
        values = [f"[memory={memory // (count + 1)},vcores={max(1, vcores // (count + 1))}]" for _ in mine]
    if priority_parent:
        props[f"{PREFIX}{path}.ordering-policy"] = "priority-utilization"
    for name, value in zip(mine, values, strict=True):
        child = f"{path}.{name}"
        props[f"{PREFIX}{child}.capacity"] = value
        if mode == "percentage" and draw(st.integers(0, 2)) == 0:  # never below the capacity
            own = float(value)
            props[f"{PREFIX}{child}.maximum-capacity"] = str(
                draw(st.sampled_from(tuple(m for m in (30, 50, 80, 100) if m >= own) or (100,)))
            )
        if draw(st.integers(0, 4)) == 0:
            props[f"{PREFIX}{child}.disable_preemption"] = draw(st.sampled_from(("true", "false")))
        if draw(st.integers(0, 5)) == 0:
            props[f"{PREFIX}{child}.intra-queue-preemption.disable_preemption"] = "true"
        if priority_parent or draw(st.integers(0, 5)) == 0:
            props[f"{PREFIX}{child}.priority"] = str(draw(st.integers(0, 3)))
        if depth < 3 and len(names) > 1 and draw(st.integers(0, 3)) == 0:
            priority = draw(st.integers(0, 3)) == 0
            draw(_children(child, depth + 1, props, names, leaves, cluster, priority, version))
        else:
            leaves.append(child)
            if draw(st.integers(0, 2)) == 0:
                props[f"{PREFIX}{child}.maximum-am-resource-percent"] = str(
                    draw(st.sampled_from((0.1, 0.2, 0.5, 1.0)))
                )


def _absolute_of(props: dict[str, str], path: str, cluster: tuple[int, int]) -> tuple[int, int]:
    """The memory and vcores an absolute parent has (the cluster for root)."""
    text = props.get(f"{PREFIX}{path}.capacity", "")
    if not text.startswith("["):
        return cluster
    fields = dict(part.split("=") for part in text.strip("[]").split(","))
    return int(fields["memory"]), int(fields["vcores"])


def _site(draw: st.DrawFn, intra: bool) -> dict[str, str]:
    site = {
        "yarn.resourcemanager.scheduler.monitor.enable": "true",
        "yarn.scheduler.minimum-allocation-mb": str(draw(st.sampled_from((1024, 512, 256)))),
    }
    knobs: dict[str, Any] = {
        "total_preemption_per_round": st.sampled_from(("0.1", "0.25", "0.5", "1.0", "0.05")),
        "max_ignored_over_capacity": st.sampled_from(("0", "0.1", "0.5")),
        "natural_termination_factor": st.sampled_from(("0.2", "0.5", "1.0", "0.1")),
        "intra-queue-preemption.enabled": st.sampled_from(("true", "true", "false")),
        "intra-queue-preemption.minimum-threshold": st.sampled_from(("0", "0.5", "0.9")),
        "intra-queue-preemption.max-allowable-limit": st.sampled_from(("0.2", "0.5", "1.0")),
        "intra-queue-preemption.preemption-order-policy": st.sampled_from(
            ("userlimit_first", "priority_first")
        ),
        "conservative-drf": st.sampled_from(("true", "false")),
        "intra-queue-preemption.conservative-drf": st.sampled_from(("true", "false")),
        "preemption-to-balance-queue-after-satisfied.enabled": st.sampled_from(("true", "false")),
        "additional_res_balance_based_on_reserved_containers": st.sampled_from(("true", "false")),
        "observe_only": st.sampled_from(("false", "false", "true")),
    }
    for key, values in knobs.items():
        if draw(st.booleans()):
            site[PREEMPTION + key] = draw(values)
    if intra:
        site[PREEMPTION + "intra-queue-preemption.enabled"] = "true"
    return site


@st.composite
def _app(
    draw: st.DrawFn, room: list[int], busy: bool, hungry: bool, priorities: tuple[int, int] = (0, 3)
) -> dict[str, Any]:
    """One application, its containers taken out of ``room`` (the cluster memory and vcores left):
    a busy leaf's applications run many containers, a hungry leaf's ask for many."""
    size = draw(st.sampled_from(SIZES))
    am = draw(st.sampled_from(((1024, 1), (2048, 1), (512, 1), None)))
    running = draw(st.integers(4, 40) if busy else st.integers(0, 6))
    containers: list[dict[str, Any]] = []
    activated = draw(st.integers(0, 7)) != 0

    def take(memory: int, vcores: int, *, is_am: bool = False, reserved: bool = False) -> bool:
        if memory > room[0] or vcores > room[1]:
            return False
        room[0] -= memory
        room[1] -= vcores
        containers.append({"resource": _vector(memory, vcores), "am": is_am, "reserved": reserved})
        return True

    if activated and am is not None and running and take(*am, is_am=True):
        for _ in range(running - 1):
            if not take(*size):
                break
    elif activated and am is None:
        for _ in range(running):
            if not take(*size):
                break
    if activated and draw(st.integers(0, 5)) == 0:
        take(*size, reserved=True)
    asks = draw(st.integers(4, 60) if hungry else st.integers(0, 5))
    return {
        "user": draw(st.sampled_from(USERS)),
        "priority": draw(st.integers(*priorities)),
        "am": _vector(*am) if am is not None else None,
        "activated": activated,
        "containers": containers,
        "pending": _vector(size[0] * asks, size[1] * asks),
    }


@st.composite
def _limits(draw: st.DrawFn, users: list[str], minimum: int) -> dict[str, dict[str, int]] | None:
    if draw(st.booleans()):
        return None
    return {user: _vector(minimum * draw(st.integers(1, 40)), draw(st.integers(1, 40))) for user in users}


@st.composite
def preemption_cases(draw: st.DrawFn, version: str, intra: bool = False) -> PreemptionCase:
    """A Capacity Scheduler, a yarn-site running the policy and a load Hadoop can hold; with
    ``intra``, intra-queue preemption on and leaves whose low-priority applications run while
    their high-priority ones ask."""
    cluster = draw(st.sampled_from(CLUSTERS))
    names = list(draw(st.permutations(NAMES)))
    props: dict[str, str] = {}
    leaves: list[str] = []
    draw(_children("root", 1, props, names, leaves, cluster, draw(st.integers(0, 3)) == 0, version))
    dominant = draw(st.integers(0, 3)) == 0
    if dominant:
        props[PREFIX + "resource-calculator"] = (
            "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
        )
    site = _site(draw, intra)
    gpus = dominant and draw(st.booleans())  # a third type: the calculator sorts the shares
    if gpus:
        site["yarn.resource-types"] = "gpu"
    minimum = int(site["yarn.scheduler.minimum-allocation-mb"])
    room = [cluster[0], cluster[1]]
    case = PreemptionCase(_xml(props), _xml(site), _vector(*cluster))
    if gpus:
        case.cluster["gpu"] = 8
    loads: dict[str, dict[str, Any]] = {}
    for index, leaf in enumerate(draw(st.permutations(leaves))):  # who takes the room first varies
        # mostly a busy leaf and a hungry one, so that there is something to preempt; a mixed leaf's
        # early applications run and its later ones ask (intra-queue preemption's case)
        kinds = ("busy", "busy", "both", "mixed") if index == 0 else ("hungry", "hungry", "both", "mixed")
        if intra:
            kinds = ("mixed",)
        kind = draw(st.sampled_from(kinds if index < 2 else ("idle", "busy", "hungry", "both", "mixed")))
        count = draw(st.integers(0 if kind == "idle" else 2 if kind == "mixed" else 1, 4))
        apps = []
        for i in range(count):
            busy = kind in ("busy", "both") or (kind == "mixed" and i < count // 2)
            hungry = kind in ("hungry", "both") or (kind == "mixed" and i >= count // 2)
            priorities = ((0, 1) if busy else (2, 3)) if kind == "mixed" else (0, 3)
            apps.append(draw(_app(room, busy, hungry, priorities)))
        if gpus:  # some containers hold a gpu, the rest none
            for app in apps:
                for container in app["containers"]:
                    container["resource"] = {**container["resource"], "gpu": draw(st.integers(0, 1))}
                app["pending"] = {**app["pending"], "gpu": draw(st.integers(0, 4))}
        users = sorted({app["user"] for app in apps})
        loads[leaf] = {
            "apps": apps,
            "user_limits": draw(_limits(users, minimum)),
            "active_user_limits": draw(_limits(users, minimum)),
        }
    app_id = 1
    for leaf in leaves:  # applications are numbered in tree order, as both sides number them
        for app in loads[leaf]["apps"]:
            app["id"] = app_id
            app_id += 1
        case.leaves[leaf] = loads[leaf]
    return case
