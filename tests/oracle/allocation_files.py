"""Hypothesis strategies for whole allocation files, well-formed and not.

They cover what changes Hadoop's answer: nesting, weights (0, fractions, one past any int: 1e20),
min/max/maxChild resources (absolute, percentage, vector, a vector that leaves a type out, amounts
past Integer.MAX_VALUE; with ``gpu`` a third resource type, ``yarn.io/gpu``), queueMaxResourcesDefault,
fair/drf/fifo at every level (root too), ``type="parent"``, reservable queues (``<reservation/>``),
ACLs, ``root.default`` declared or not, a root element with settings of its own, with no children,
or spelled ``ROOT``, a placement policy, the running applications a user may have, and malformed
values Hadoop refuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st

NAMES = ("a", "b", "c", "default", "p0", "p1")
#: the users whose applications demand snapshots list (demand_snapshots.py) and whose running
#: applications a file may limit
USERS = ("alice", "bob", "carol")
WEIGHTS = ("0", "0.5", "1", "1.0", "2", "3", "2.5", "10", "0.1", "1e20")
BAD_WEIGHTS = ("abc", "-1", "")
MEMORY = (0, 1024, 2048, 4096, 10240, 40960)
VCORES = (0, 1, 2, 4, 10, 40)
PERCENT = (0, 10, 25, 50, 60, 100)
GPUS = (0, 1, 2, 4, 8)
#: past Integer.MAX_VALUE (vcores saturates there) and near Long.MAX_VALUE (shares saturate)
HUGE = (2**31, 9223372036854775000)
ACLS = ("alice", "alice,bob admins", " ops", "*")


@dataclass
class QueueSpec:
    name: str
    elements: list[str] = field(default_factory=list)
    children: list[QueueSpec] = field(default_factory=list)
    attributes: str = ""


def _absolute(gpu: bool) -> st.SearchStrategy[str]:
    forms = [
        st.builds(lambda m, v: f"{m} mb, {v} vcores", st.sampled_from(MEMORY), st.sampled_from(VCORES)),
        st.builds(
            lambda m, v: f"memory-mb={m}, vcores={v}", st.sampled_from(MEMORY), st.sampled_from(VCORES)
        ),
    ]
    # a vector that leaves a type out: the others take Long.MAX_VALUE, vcores its int (-1)
    forms.append(st.builds(lambda m: f"memory-mb={m}", st.sampled_from(MEMORY)))
    forms.append(st.builds(lambda v: f"vcores={v}", st.sampled_from(VCORES)))
    if gpu:  # only the key=value form names other resource types (FairSchedulerConfiguration)
        forms.append(
            st.builds(
                lambda m, v, g: f"memory-mb={m}, vcores={v}, yarn.io/gpu={g}",
                st.sampled_from(MEMORY),
                st.sampled_from(VCORES),
                st.sampled_from(GPUS),
            )
        )
    return st.one_of(*forms)


def _percentage(gpu: bool) -> st.SearchStrategy[str]:
    forms = [
        st.builds(lambda p: f"{p}%", st.sampled_from(PERCENT)),
        st.builds(
            lambda m, v: f"memory-mb={m}%, vcores={v}%", st.sampled_from(PERCENT), st.sampled_from(PERCENT)
        ),
    ]
    if gpu:
        forms.append(
            st.builds(
                lambda m, g: f"memory-mb={m}%, vcores={m}%, yarn.io/gpu={g}%",
                st.sampled_from(PERCENT),
                st.sampled_from(PERCENT),
            )
        )
    return st.one_of(*forms)


def _elements(leaf: bool, malformed: bool, gpu: bool) -> st.SearchStrategy[list[str]]:
    weight = st.sampled_from(WEIGHTS + (BAD_WEIGHTS if malformed else ()))
    policy = st.sampled_from(("fair", "drf", "fifo") if leaf or malformed else ("fair", "drf"))
    huge = st.builds(lambda m, v: f"memory-mb={m}, vcores={v}", st.sampled_from(HUGE), st.sampled_from(HUGE))
    options = [
        st.builds(lambda w: f"<weight>{w}</weight>", weight),
        st.builds(lambda r: f"<minResources>{r}</minResources>", st.one_of(_absolute(gpu), huge)),
        st.builds(
            lambda tag, acl: f"<{tag}>{acl}</{tag}>",
            st.sampled_from(("aclSubmitApps", "aclAdministerApps")),
            st.sampled_from(ACLS),
        ),
        st.builds(lambda r: f"<maxResources>{r}</maxResources>", st.one_of(_absolute(gpu), _percentage(gpu))),
        st.builds(lambda p: f"<schedulingPolicy>{p}</schedulingPolicy>", policy),
        st.builds(lambda n: f"<maxRunningApps>{n}</maxRunningApps>", st.sampled_from((0, 1, 5, 50))),
    ]
    if leaf or malformed:
        options.append(
            st.builds(
                lambda s: f"<maxAMShare>{s}</maxAMShare>", st.sampled_from(("0.5", "1.0", "-1.0", "0.1"))
            )
        )
    if not leaf:
        options.append(
            st.builds(
                lambda r: f"<maxChildResources>{r}</maxChildResources>",
                st.one_of(_absolute(gpu), _percentage(gpu)),
            )
        )
    return st.lists(st.one_of(*options), max_size=4, unique_by=lambda e: e.split(">")[0])


@st.composite
def _queue(draw: st.DrawFn, name: str, depth: int, malformed: bool, gpu: bool) -> QueueSpec:
    has_children = depth < 3 and draw(st.booleans()) and draw(st.booleans())
    spec = QueueSpec(name)
    if has_children:
        names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=3, unique=True))
        spec.children = [draw(_queue(n, depth + 1, malformed, gpu)) for n in names]
    else:
        kind = draw(st.integers(0, 9))
        if kind == 0:
            spec.attributes = ' type="parent"'
        elif kind == 1:
            # a reservable (plan) queue: a parent whose applications without a reservation run in
            # its <name>-default leaf (FairScheduler.resolveReservationQueueName)
            spec.elements = ["<reservation/>"]
    leaf = not has_children and not spec.attributes and not spec.elements
    spec.elements += draw(_elements(leaf, malformed, gpu))
    if malformed and draw(st.integers(0, 19)) == 0:
        spec.name = name + ".x"  # Hadoop: queue name shouldn't contain period
    return spec


def _render(spec: QueueSpec, indent: str) -> list[str]:
    lines = [f'{indent}<queue name="{spec.name}"{spec.attributes}>']
    lines += [f"{indent}  {e}" for e in spec.elements]
    for child in spec.children:
        lines += _render(child, indent + "  ")
    lines.append(f"{indent}</queue>")
    return lines


def _root_element(gpu: bool) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda p: f"<schedulingPolicy>{p}</schedulingPolicy>", st.sampled_from(("drf", "fifo"))),
        st.builds(
            lambda r: f"<maxChildResources>{r}</maxChildResources>",
            st.one_of(_absolute(gpu), _percentage(gpu)),
        ),
        st.builds(lambda a: f"<aclSubmitApps>{a}</aclSubmitApps>", st.sampled_from(ACLS)),
    )


PLACEMENTS = (
    "",
    '<rule name="specified"/><rule name="default"/>',
    '<rule name="specified" create="false"/><rule name="reject"/>',
    '<rule name="user"/><rule name="default" queue="root.a"/>',
)


@st.composite
def allocation_files(draw: st.DrawFn, malformed: bool = False, gpu: bool = False) -> str:
    """The text of one allocation file; ``gpu`` adds ``yarn.io/gpu`` amounts (the yarn-site must
    declare the resource type)."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    top = [draw(_queue(n, 1, malformed, gpu)) for n in names]
    lines = ['<?xml version="1.0"?>', "<allocations>"]
    if draw(st.booleans()):
        lines.append(
            f"  <defaultQueueSchedulingPolicy>{draw(st.sampled_from(('fair', 'drf')))}"
            "</defaultQueueSchedulingPolicy>"
        )
    if draw(st.booleans()):
        lines.append(f"  <queueMaxAppsDefault>{draw(st.sampled_from((1, 10, 100)))}</queueMaxAppsDefault>")
    if draw(st.integers(0, 3)) == 0:
        lines.append(f"  <userMaxAppsDefault>{draw(st.sampled_from((0, 1, 2, 10)))}</userMaxAppsDefault>")
    for user in draw(st.lists(st.sampled_from(USERS), max_size=2, unique=True)):
        limit = draw(st.sampled_from((0, 1, 2)))
        lines.append(f'  <user name="{user}"><maxRunningApps>{limit}</maxRunningApps></user>')
    if draw(st.integers(0, 3)) == 0:
        lines.append(
            f"  <queueMaxAMShareDefault>{draw(st.sampled_from(('0.5', '1.0', '-1')))}"
            "</queueMaxAMShareDefault>"
        )
    if draw(st.integers(0, 3)) == 0:
        default_max = draw(st.one_of(_absolute(gpu), _percentage(gpu)))
        lines.append(f"  <queueMaxResourcesDefault>{default_max}</queueMaxResourcesDefault>")
    if draw(st.booleans()):
        # an explicit root, as many real files have: with settings of its own, now and then with no
        # children, or spelled in another case (taken as the root element, its settings never read)
        root_name = draw(st.sampled_from(("root",) * 6 + ("ROOT", "Root")))
        root_elements = draw(st.lists(_root_element(gpu), max_size=2, unique_by=lambda e: e.split(">")[0]))
        if draw(st.integers(0, 7)) == 0:
            top = []
        lines.append(f'  <queue name="{root_name}">{"".join(root_elements)}')
        for spec in top:
            lines += _render(spec, "    ")
        lines.append("  </queue>")
    else:
        for spec in top:
            lines += _render(spec, "  ")
    placement = draw(st.sampled_from(PLACEMENTS))
    if placement:
        lines.append(f"  <queuePlacementPolicy>{placement}</queuePlacementPolicy>")
    lines.append("</allocations>")
    return "\n".join(lines) + "\n"
