"""Hypothesis strategies for random scheduler files: Fair allocation files, Capacity Scheduler
configurations and ratio files, built from values a real file could hold (and some odd ones)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from hypothesis import strategies as st

from fsctl.capacity.writer import write_configuration

NAMES = st.sampled_from(["a", "b", "c", "etl", "adhoc", "p0", "default", "Q1", "x_y", "team-a"])
ACL = st.sampled_from(["*", " ", "alice", "alice,bob admins", " hadoop-ops", ""])
FAIR_VALUES: dict[str, st.SearchStrategy[str]] = {
    "weight": st.sampled_from(["1", "2.5", "0", "0.1", "1.0E2", "3"]),
    "minResources": st.sampled_from(
        ["1024 mb, 1 vcores", "memory-mb=2048, vcores=2", "memory-mb=1%, vcores=2%", "4096mb,4vcores"]
    ),
    "maxResources": st.sampled_from(
        ["memory-mb=50%, vcores=50%", "8192 mb, 8 vcores", "60%", "memory-mb=12.5%, vcores=33.3333%"]
    ),
    "maxChildResources": st.sampled_from(["memory-mb=4096, vcores=4", "10%"]),
    "maxContainerAllocation": st.sampled_from(["memory-mb=1024, vcores=1"]),
    "maxRunningApps": st.sampled_from(["0", "5", "100"]),
    "maxAMShare": st.sampled_from(["0.5", "-1", "1.0", "0.25"]),
    "schedulingPolicy": st.sampled_from(["fair", "drf", "fifo", "FAIR"]),
    "aclSubmitApps": ACL,
    "aclAdministerApps": ACL,
    "minSharePreemptionTimeout": st.sampled_from(["60", "5"]),
    "fairSharePreemptionTimeout": st.sampled_from(["120", "10"]),
    "fairSharePreemptionThreshold": st.sampled_from(["0.5", "0.8", "1"]),
    "allowPreemptionFrom": st.sampled_from(["false", "true"]),
}
FAIR_TOP: dict[str, st.SearchStrategy[str]] = {
    "queueMaxAppsDefault": st.sampled_from(["10", "50"]),
    "queueMaxAMShareDefault": st.sampled_from(["0.5", "-1"]),
    "defaultQueueSchedulingPolicy": st.sampled_from(["fair", "drf"]),
    "userMaxAppsDefault": st.sampled_from(["5"]),
    "defaultFairSharePreemptionThreshold": st.sampled_from(["0.5"]),
    "defaultMinSharePreemptionTimeout": st.sampled_from(["30"]),
}
PLACEMENT = st.lists(
    st.sampled_from(
        [
            '<rule name="specified" create="false"/>',
            '<rule name="user"/>',
            '<rule name="primaryGroup" create="false"/>',
            '<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>',
            '<rule name="default" queue="root.a"/>',
            '<rule name="reject"/>',
        ]
    ),
    max_size=4,
)


@st.composite
def fair_queue(draw: st.DrawFn, name: str, depth: int) -> str:
    props = draw(st.lists(st.sampled_from(sorted(FAIR_VALUES)), unique=True, max_size=5))
    body = [f"<{p}>{escape(draw(FAIR_VALUES[p]))}</{p}>" for p in props]
    if depth < 3:
        body += fair_queues(draw, depth + 1, 0, 3 if depth < 2 else 2)
    kind = draw(st.sampled_from(["", ' type="parent"']))
    return f"<queue name={quoteattr(name)}{kind}>{''.join(body)}</queue>"


def fair_queues(draw: st.DrawFn, depth: int, least: int, most: int) -> list[str]:
    # sibling names are unique: a queue split over two elements does not survive a rewrite (see
    # test_roundtrip_properties.test_queue_split_over_two_elements)
    names = draw(st.lists(NAMES, unique=True, min_size=least, max_size=most))
    return [draw(fair_queue(name, depth)) for name in names]


@st.composite
def fair_file(draw: st.DrawFn) -> bytes:
    top = draw(st.lists(st.sampled_from(sorted(FAIR_TOP)), unique=True, max_size=3))
    body = [f"<{t}>{draw(FAIR_TOP[t])}</{t}>" for t in top]
    body += fair_queues(draw, 1, 1, 4)
    if draw(st.booleans()):
        body.append('<user name="bob"><maxRunningApps>3</maxRunningApps></user>')
    rules = draw(PLACEMENT)
    if rules:
        body.append(f"<queuePlacementPolicy>{''.join(rules)}</queuePlacementPolicy>")
    return f'<?xml version="1.0"?>\n<allocations>\n{chr(10).join(body)}\n</allocations>\n'.encode()


P = "yarn.scheduler.capacity."
CS_LEAF_OR_PARENT: dict[str, st.SearchStrategy[str]] = {
    "maximum-capacity": st.sampled_from(["100", "60", "-1", "75.5"]),
    "state": st.sampled_from(["RUNNING", "STOPPED"]),
    "user-limit-factor": st.sampled_from(["1", "2.5", "-1"]),
    "acl_submit_applications": ACL,
    "ordering-policy": st.sampled_from(["fifo", "fair", "priority-utilization"]),
    "max-parallel-apps": st.sampled_from(["10", "100"]),
    "minimum-user-limit-percent": st.sampled_from(["100", "25"]),
    "disable_preemption": st.sampled_from(["true", "false"]),
}


@st.composite
def capacity_file(draw: st.DrawFn) -> bytes:
    """A tree in one capacity mode: percentages that may or may not add up, or weights."""
    weights = draw(st.booleans())
    props: list[tuple[str, str]] = []

    def children(path: str, depth: int) -> None:
        names = draw(
            st.lists(NAMES, unique=True, min_size=1 if depth == 0 else 0, max_size=3 if depth < 2 else 0)
        )
        if names:
            props.append((f"{P}{path}.queues", ",".join(names)))
        for index, name in enumerate(names):
            child = f"{path}.{name}"
            if weights:
                value = f"{draw(st.sampled_from(['1', '2', '0.5', '3']))}w"
            else:
                even = 100 // len(names) + (100 % len(names) if index == 0 else 0)
                value = draw(st.sampled_from([str(even), str(even), "12.5", "0"]))
            props.append((f"{P}{child}.capacity", value))
            for key in draw(st.lists(st.sampled_from(sorted(CS_LEAF_OR_PARENT)), unique=True, max_size=3)):
                props.append((f"{P}{child}.{key}", draw(CS_LEAF_OR_PARENT[key])))
            children(child, depth + 1)

    children("root", 0)
    if draw(st.booleans()):
        props.append((f"{P}maximum-am-resource-percent", draw(st.sampled_from(["0.1", "0.5"]))))
    if draw(st.booleans()):
        props.append(
            (f"{P}resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator")
        )
    return write_configuration(props)


@st.composite
def ratio_file(draw: st.DrawFn) -> str:
    """A YAML ratio file whose shares add up (so generate writes something)."""

    def level(indent: str, depth: int) -> list[str]:
        names = draw(st.lists(NAMES, unique=True, min_size=1, max_size=3 if depth < 2 else 2))
        cuts = sorted(
            draw(st.lists(st.integers(1, 99), unique=True, min_size=len(names) - 1, max_size=len(names) - 1))
        )
        shares = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
        lines = []
        for name, share in zip(names, shares, strict=True):
            lines.append(f"{indent}{name}:")
            lines.append(f"{indent}  share: {share}")
            if draw(st.booleans()):
                lines.append(f"{indent}  max: {draw(st.sampled_from([share, 100, min(100, share + 20)]))}")
            if draw(st.booleans()):
                lines.append(f"{indent}  maxRunningApps: {draw(st.sampled_from([5, 50]))}")
            if depth < 2 and draw(st.booleans()):
                lines.append(f"{indent}  queues:")
                lines += level(indent + "    ", depth + 1)
        return lines

    head = []
    if draw(st.booleans()):
        head.append(f"defaults: {{schedulingPolicy: {draw(st.sampled_from(['fair', 'drf']))}}}")
    return "\n".join([*head, "queues:", *level("  ", 0)]) + "\n"
