"""Hypothesis strategies for the Capacity Scheduler under load: a capacity-scheduler.xml with the
settings the allocation depends on, a yarn-site.xml, a cluster and a demand snapshot.

The configurations nest queues in percentage, weight and absolute modes (and on request, for 3.4,
mixed vectors with legacy queue mode off), with user limits (minimum-user-limit-percent,
user-limit-factor including -1, user weights), AM limits, maximum applications, max-parallel-apps
(queues, users), application and queue ordering policies (fifo, fair with and without size-based
weight, utilization, priority-utilization with queue priorities), default application priorities
and both resource calculators. The snapshots list applications with users, demand, usage (running
containers: AMs and tasks), container sizes and priorities, or ``apps: N`` totals.

They stay inside what a snapshot can express on one node of the cluster's size (the README's node
layout): every container is at most the maximum allocation, which is at most the cluster, and the
usage fits in the cluster.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

PREFIX = "yarn.scheduler.capacity."
NAMES = ("a", "b", "c", "d")
USERS = ("alice", "bob", "carol")
#: (memory, vcores): large ones leave room, small ones fill up (reservations, a full cluster), and
#: few vcores make the dominant resource calculator count them
CLUSTERS = (
    (32768, 32),
    (65536, 64),
    (49152, 24),
    (100000, 100),
    (12288, 12),
    (16384, 8),
    (20480, 40),
    (10240, 6),
)


@st.composite
def _children(
    draw: st.DrawFn,
    path: str,
    depth: int,
    props: dict[str, str],
    leaves: list[str],
    v34: bool,
    legacy: bool,
    absolute_parent: bool = False,
) -> None:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
    props[f"{PREFIX}{path}.queues"] = ",".join(names)
    modes = ["percentage", "percentage", "absolute"] + (["weight"] if v34 else [])
    if v34 and not legacy:
        modes.append("mixed")
    mode = draw(st.sampled_from(modes))
    if mode == "percentage":
        cuts = sorted(draw(st.lists(st.integers(0, 100), min_size=len(names) - 1, max_size=len(names) - 1)))
        bounds = [0, *cuts, 100]
        values = [str(bounds[i + 1] - bounds[i]) for i in range(len(names))]
    elif mode == "weight":
        values = [f"{draw(st.sampled_from(('1', '2', '3', '0.5')))}w" for _ in names]
    elif mode == "absolute":
        # absolute children need an absolute parent (or root): percentages under any other one
        if path != "root" and not absolute_parent:
            values = [str(100 // len(names) + (100 % len(names) if i == 0 else 0)) for i in range(len(names))]
        else:
            values = [
                f"[memory={draw(st.sampled_from((2048, 4096, 8192, 16384)))},"
                f"vcores={draw(st.sampled_from((2, 4, 8, 16)))}]"
                for _ in names
            ]
    else:
        values = [
            draw(st.sampled_from(("[memory=50%,vcores=2w]", "[memory=8192,vcores=25%]", "1w", "25")))
            for _ in names
        ]
    if draw(st.booleans()):
        props[f"{PREFIX}{path}.ordering-policy"] = draw(
            st.sampled_from(("utilization", "priority-utilization"))
        )
    if draw(st.integers(0, 5)) == 0:
        props[f"{PREFIX}{path}.max-parallel-apps"] = str(draw(st.integers(1, 4)))
    if mode == "weight" and draw(st.integers(0, 2)) == 0:
        # 3.4 creates queues under it (auto-queue-creation-v2): the snapshot may name new leaves,
        # one level down or two
        props[f"{PREFIX}{path}.auto-queue-creation-v2.enabled"] = "true"
        template = f"{PREFIX}{path}.auto-queue-creation-v2"
        if draw(st.booleans()):
            props[f"{template}.leaf-template.capacity"] = draw(st.sampled_from(("2w", "0.5w")))
        if draw(st.booleans()):
            props[f"{template}.template.maximum-capacity"] = draw(st.sampled_from(("50", "80")))
        if draw(st.booleans()):
            props[f"{template}.leaf-template.minimum-user-limit-percent"] = "50"
        if draw(st.booleans()):
            props[f"{template}.leaf-template.user-limit-factor"] = "2"  # Hadoop sets -1 first
        leaves.extend(
            f"{path}.{new}" for new in draw(st.sampled_from((["new1"], ["new1", "new2"], ["grp.new3"])))
        )
    for name, value in zip(names, values, strict=True):
        child = f"{path}.{name}"
        props[f"{PREFIX}{child}.capacity"] = value
        if draw(st.integers(0, 2)) == 0:
            props[f"{PREFIX}{child}.priority"] = str(draw(st.integers(0, 3)))
        if draw(st.integers(0, 2)) == 0 and not value.startswith("["):
            props[f"{PREFIX}{child}.maximum-capacity"] = str(draw(st.sampled_from((40, 60, 80, 100, -1))))
        if depth < 3 and draw(st.integers(0, 3)) == 0:
            draw(
                _children(
                    child,
                    depth + 1,
                    props,
                    leaves,
                    v34,
                    legacy,
                    value.startswith("[memory=") and "%" not in value and "w" not in value,
                )
            )
        else:
            leaves.append(child)
            _leaf_settings(draw, child, props)


def _leaf_settings(draw: st.DrawFn, leaf: str, props: dict[str, str]) -> None:
    def maybe(key: str, values: tuple[str, ...], odds: int = 2) -> None:
        if draw(st.integers(0, odds)) == 0:
            props[f"{PREFIX}{leaf}.{key}"] = draw(st.sampled_from(values))

    maybe("minimum-user-limit-percent", ("25", "50", "100", "33"))
    # -1: no limit on 3.4; 3.3 multiplies by it and refuses every submission
    maybe("user-limit-factor", ("1", "2", "0.5", "3", "-1"))
    maybe("maximum-am-resource-percent", ("0.1", "0.2", "0.5", "1.0", "0.05", "0.3"))
    maybe("maximum-applications", ("1", "2", "3", "10"), 5)
    maybe("max-parallel-apps", ("1", "2", "3"), 5)
    maybe("ordering-policy", ("fifo", "fair"))
    if props.get(f"{PREFIX}{leaf}.ordering-policy") == "fair" and draw(st.booleans()):
        props[f"{PREFIX}{leaf}.ordering-policy.fair.enable-size-based-weight"] = "true"
    maybe("default-application-priority", ("0", "1", "3"), 4)
    maybe("state", ("STOPPED",), 12)
    for user in USERS:
        if draw(st.integers(0, 8)) == 0:
            props[f"{PREFIX}{leaf}.user-settings.{user}.weight"] = draw(
                st.sampled_from(("0.5", "2", "1.5", "3"))
            )


@st.composite
def configurations(
    draw: st.DrawFn, version: str, legacy: bool | None = None
) -> tuple[str, str, list[str], tuple[int, int]]:
    """(capacity-scheduler.xml, yarn-site.xml, leaf paths, cluster (memory, vcores)); ``legacy``
    False draws 3.4's flexible queue mode (``legacy-queue-mode.enabled=false``, mixed vectors).

    The sweep draws legacy mode only: in flexible mode fsctl's capacities (``evaluate/capacity.py``)
    differ from ResourceCalculationDriver's by a unit here and there, and the maximum applications
    built on them by far (SM212 says so to the user); the allocation on given capacities is the
    same code in both modes."""
    v34 = version == "3.4"
    if legacy is None:
        legacy = True
    props: dict[str, str] = {}
    if not legacy:
        props[f"{PREFIX}legacy-queue-mode.enabled"] = "false"
    leaves: list[str] = []
    draw(_children("root", 1, props, leaves, v34, legacy))
    if draw(st.integers(0, 2)) == 0:
        props[f"{PREFIX}resource-calculator"] = (
            "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
        )
    if draw(st.integers(0, 6)) == 0:
        props[f"{PREFIX}maximum-applications"] = str(draw(st.integers(2, 8)))
    if draw(st.integers(0, 6)) == 0:
        props[f"{PREFIX}user.max-parallel-apps"] = str(draw(st.integers(1, 3)))
    if draw(st.integers(0, 6)) == 0:
        props[f"{PREFIX}user.{draw(st.sampled_from(USERS))}.max-parallel-apps"] = str(draw(st.integers(1, 2)))
    # every queue's default on 3.4, nothing on 3.3
    if draw(st.integers(0, 4)) == 0:
        props[f"{PREFIX}minimum-user-limit-percent"] = draw(st.sampled_from(("50", "25")))
    if draw(st.integers(0, 4)) == 0:
        props[f"{PREFIX}user-limit-factor"] = draw(st.sampled_from(("2", "0.5")))
    if draw(st.integers(0, 6)) == 0:
        props[f"{PREFIX}global-queue-max-application"] = str(draw(st.integers(1, 4)))
    if draw(st.integers(0, 5)) == 0:
        props[f"{PREFIX}reservations-continue-look-all-nodes"] = "false"
    site = {
        "yarn.scheduler.minimum-allocation-mb": str(draw(st.sampled_from((1024, 1024, 512, 2048)))),
        "yarn.scheduler.maximum-allocation-mb": "8192",
        "yarn.scheduler.minimum-allocation-vcores": "1",
        "yarn.scheduler.maximum-allocation-vcores": "4",
    }
    if draw(st.integers(0, 2)) == 0:
        site["yarn.cluster.max-application-priority"] = str(draw(st.sampled_from((1, 5))))
    # a resource type the cluster and the snapshot do not name is 0 there (with the default
    # calculator, a resource type stops the ResourceManager: CS403)
    if f"{PREFIX}resource-calculator" in props and draw(st.integers(0, 3)) == 0:
        site["yarn.resource-types"] = "yarn.io/gpu"
        site["yarn.resource-types.yarn.io/gpu.maximum-allocation"] = "4"
    cluster = draw(st.sampled_from(CLUSTERS))
    return _xml(props), _xml(site), leaves, cluster


def _xml(props: dict[str, str]) -> str:
    body = "".join(f"  <property><name>{k}</name><value>{v}</value></property>\n" for k, v in props.items())
    return f'<?xml version="1.0"?>\n<configuration>\n{body}</configuration>\n'


def _resource(memory: int, vcores: int) -> str:
    return f"memory-mb={memory}, vcores={vcores}"


@st.composite
def snapshots(draw: st.DrawFn, leaves: list[str], cluster: tuple[int, int]) -> dict[str, Any]:
    """``{leaf: load}`` for some of ``leaves``; the usage fits in the cluster."""
    chosen = [leaf for leaf in leaves if draw(st.integers(0, 3)) > 0] or leaves[:1]
    left = [cluster[0], cluster[1]]
    share = draw(st.sampled_from((2, 1)))  # how much of what is left one application's usage may take
    queues: dict[str, Any] = {}
    for leaf in chosen:
        if draw(st.integers(0, 4)) == 0:  # totals
            apps = draw(st.integers(1, 3))
            demand = draw(st.sampled_from((4096, 8192, 16384, 32768)))
            usage = min(draw(st.sampled_from((0, 0, 2048, 4096, 8192))), demand, left[0] // share)
            usage_v = min(usage // 1024, left[1] // share)
            usage = usage if usage_v else 0
            left[0] -= usage
            left[1] -= usage_v
            queues[leaf] = {
                "demand": _resource(demand, max(1, demand // 1024)),
                "usage": _resource(usage, usage_v),
                "apps": apps,
            }
            continue
        listed = []
        for index in range(draw(st.integers(1, 4))):
            # some containers are vcore-heavy: the dominant calculator's checks then turn on vcores
            sizes = ((1024, 1), (2048, 1), (2048, 2), (3072, 1), (512, 1), (4096, 2), (1024, 3))
            container = draw(st.sampled_from(sizes))
            count = draw(st.integers(0, 20))
            running = draw(st.integers(0, 6))
            am = draw(st.sampled_from((None, (1024, 1), (2048, 1), (512, 1))))
            am_running = am is not None and running > 0
            usage_m = running * container[0] + (am[0] if am_running and am else 0)
            usage_v = running * container[1] + (am[1] if am_running and am else 0)
            if usage_m > left[0] // share or usage_v > left[1] // share:
                running, usage_m, usage_v, am_running = 0, 0, 0, False
            left[0] -= usage_m
            left[1] -= usage_v
            demand_m = usage_m + count * container[0] + (am[0] if am and not am_running else 0)
            demand_v = usage_v + count * container[1] + (am[1] if am and not am_running else 0)
            app: dict[str, Any] = {
                "name": f"{leaf.rsplit('.', 1)[-1]}{index}",
                "demand": _resource(demand_m, demand_v),
                "usage": _resource(usage_m, usage_v),
                "container": _resource(*container),
                "start": draw(st.integers(0, 3)),
            }
            if draw(st.integers(0, 3)) > 0:
                app["user"] = draw(st.sampled_from(USERS))
            if am is not None:
                app["am"] = _resource(*am)
            if draw(st.integers(0, 3)) == 0:
                app["priority"] = draw(st.integers(0, 6))
            listed.append(app)
        queues[leaf] = {"applications": listed}
    return queues
