"""fsctl's preemption round in the shape of the oracle's ``cs-preempt`` answer, and the comparison
of the two (the differential test and the recorded cases share them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fsctl.evaluate.capacity_preemption import Orders, PreemptionPreview
from fsctl.evaluate.capacity_preemption_ideal import TempQueue
from fsctl.evaluate.capacity_preemption_select import ContainerInfo
from fsctl.evaluate.capacity_preemption_state import AppState, ContainerState, LeafState, PreemptionState
from fsctl.hadoop.javanum import to_float32


def state_of(leaves: Mapping[str, Mapping[str, Any]]) -> PreemptionState:
    """The load of a ``cs-preempt`` request (``leaves``) as fsctl's state."""
    state = PreemptionState()
    for path, leaf in leaves.items():
        state.leaves[path] = LeafState(
            apps=[
                AppState(
                    name=f"app{app['id']}",
                    user=app["user"],
                    priority=app["priority"],
                    containers=[
                        ContainerState(dict(c["resource"]), am=c["am"], reserved=c["reserved"])
                        for c in app["containers"]
                    ],
                    pending=dict(app["pending"]),
                    am_resource=dict(app["am"]) if app["am"] is not None else None,
                    activated=app["activated"],
                )
                for app in leaf["apps"]
            ],
            user_limits=leaf["user_limits"],
            active_user_limits=leaf["active_user_limits"],
        )
    return state


def leaves_of(state: PreemptionState, tree_order: list[str]) -> dict[str, dict[str, Any]]:
    """The ``leaves`` of a ``cs-preempt`` request for fsctl's state, leaves in tree order (both sides
    number applications in that order)."""
    leaves: dict[str, dict[str, Any]] = {}
    app_id = 1
    for path in tree_order:
        leaf = state.leaves.get(path)
        if leaf is None:
            continue
        apps = []
        for app in leaf.apps:
            apps.append(
                {
                    "id": app_id,
                    "user": app.user,
                    "priority": app.priority,
                    "am": app.am_resource,
                    "activated": app.activated,
                    "containers": [
                        {"resource": dict(c.resource), "am": c.am, "reserved": c.reserved}
                        for c in app.containers
                    ],
                    "pending": dict(app.pending),
                }
            )
            app_id += 1
        leaves[path] = {
            "apps": apps,
            "user_limits": leaf.user_limits,
            "active_user_limits": leaf.active_user_limits,
        }
    return leaves


VECTORS = (
    "guaranteed",
    "maximum",
    "used",
    "pending",
    "ideal_assigned",
    "to_be_preempted",
    "to_obtain",
    "untouchable_extra",
    "preemptable_extra",
)


def hadoop_orders(answer: Mapping[str, Any]) -> Orders:
    """The orders Hadoop took from object identity in this run, for fsctl to follow."""
    set_orders = answer["set_orders"]
    visits = [tuple(ref) for ref in answer["deduct_visits"]]
    cursor = [0]

    def set_order(parent: str, queues: list[TempQueue], zero: bool) -> list[TempQueue]:
        names = set_orders[parent]["zero" if zero else "nonzero"]
        by_name = {q.path: q for q in queues}
        if set(names) != set(by_name):  # the split itself differs: the comparison says so
            return queues
        return [by_name[name] for name in names]

    def deduct_order(containers: list[ContainerInfo]) -> list[ContainerInfo]:
        """Each deducting selector visits every container chosen before it: the next pass."""
        by_ref = {(c.app.app_id, c.container_id): c for c in containers}
        start = cursor[0]
        taken = visits[start : start + len(by_ref)]
        if set(taken) != set(by_ref):  # fsctl chose other containers: the comparison says so
            return containers
        cursor[0] = start + len(taken)
        return [by_ref[ref] for ref in taken]

    return Orders(set_order=set_order, deduct_order=deduct_order)


def fsctl_round(
    capacity_xml: str,
    yarn_site: str | None,
    version: str,
    cluster: dict[str, int],
    state: PreemptionState,
    orders: Orders | None,
) -> PreemptionPreview:
    """fsctl's round on the files and load the oracle was asked about."""
    from fsctl.evaluate.capacity import evaluate_capacity
    from fsctl.evaluate.capacity_preemption import preview_preemption
    from fsctl.evaluate.capacity_preemption_state import read_settings
    from fsctl.io.loader import load, load_site
    from fsctl.model.versions import parse_version

    site = load_site(yarn_site).conf if yarn_site is not None else None
    tree = load(capacity_xml, yarn_site=site, hadoop_version=parse_version(version)).result.tree
    assert tree is not None
    result = evaluate_capacity(tree, cluster)
    settings_, problems = read_settings(tree.info.properties)
    assert not problems, problems
    return preview_preemption(result, tree, state, settings_, parse_version(version), orders)


def divergences(hadoop: Mapping[str, Any], ours: PreemptionPreview) -> list[str]:
    """Every way fsctl's round differs from Hadoop's (empty when they agree)."""
    found: list[str] = []
    types = list(ours.types)

    def vec(v: Mapping[str, int]) -> dict[str, int]:
        return {t: int(v.get(t, 0)) for t in types}

    rows = {q.path: q for q in ours.queues}
    capacities = hadoop["capacities"]
    for path, capacity in capacities.items():  # what the policy reads of each queue besides resources
        mine_abs = ours.absolute_capacities.get(path)
        if mine_abs is not None and mine_abs != to_float32(capacity["absolute_capacity"]):
            theirs_abs = capacity["absolute_capacity"]
            found.append(f"{path} absolute capacity: Hadoop {theirs_abs!r}, fsctl {mine_abs!r}")
    for path, theirs in hadoop["queues"].items():
        mine = rows.get(path)
        if mine is None:
            found.append(f"{path}: not in fsctl's tree")
            continue
        for key in VECTORS:
            if vec(theirs[key]) != vec(getattr(mine, key)):
                found.append(f"{path} {key}: Hadoop {vec(theirs[key])}, fsctl {vec(getattr(mine, key))}")
        if theirs["preemption_disabled"] != mine.preemption_disabled:
            found.append(f"{path} preemption_disabled: Hadoop {theirs['preemption_disabled']}")
        hadoop_apps = [
            (
                a["app"],
                vec(a["ideal_assigned"]),
                vec(a["to_be_preempted"]),
                vec(a["to_obtain"]),
                vec(a["to_be_preempt_from_other"]),
            )
            for a in theirs["apps"]
        ]
        our_apps = [
            (
                a.app_id,
                vec(a.ideal_assigned),
                vec(a.to_be_preempted),
                vec(a.to_obtain),
                vec(a.to_be_preempt_from_other),
            )
            for a in mine.apps
        ]
        if hadoop_apps != our_apps:
            found.append(f"{path} intra-queue apps: Hadoop {hadoop_apps}, fsctl {our_apps}")
        hadoop_users = {
            u: (vec(v["user_limit"]), vec(v["ideal_assigned"])) for u, v in theirs["users"].items()
        }
        our_users = {u: (vec(v.user_limit), vec(v.ideal_assigned)) for u, v in mine.users.items()}
        if hadoop_users != our_users:
            found.append(f"{path} intra-queue users: Hadoop {hadoop_users}, fsctl {our_users}")
        children = capacities[path].get("children")
        ours_children = [q.path for q in ours.queues if q.parent == path]
        if children is not None and children != ours_children:
            found.append(f"{path} children: Hadoop {children}, fsctl {ours_children}")
    if hadoop["leaf_order"] != ours.leaf_order:
        found.append(f"leaf order: Hadoop {hadoop['leaf_order']}, fsctl {ours.leaf_order}")
    if hadoop["underserved"] != ours.underserved:
        found.append(f"under-served order: Hadoop {hadoop['underserved']}, fsctl {ours.underserved}")
    names = [s["selector"] for s in hadoop["selectors"]]
    if names != ours.selectors:
        found.append(f"selectors: Hadoop {names}, fsctl {ours.selectors}")
    for selector in hadoop["selectors"]:
        if selector["candidates"] is None:  # observe_only: Hadoop keeps no candidates to read
            continue
        chosen = sorted(
            [c.app_id, c.container_id] for c in ours.selected if c.selector == selector["selector"]
        )
        if chosen != selector["candidates"]:
            found.append(
                f"{selector['selector']} candidates: Hadoop {selector['candidates']}, fsctl {chosen}"
            )
    unreserved = [
        [e["app"], e["container"]] for e in hadoop["events"] if e["type"] == "KILL_RESERVED_CONTAINER"
    ]
    if unreserved != [[c.app_id, c.container_id] for c in ours.unreserved]:
        found.append(
            f"unreserved: Hadoop {unreserved}, fsctl {[[c.app_id, c.container_id] for c in ours.unreserved]}"
        )
    marked = sorted(
        [e["app"], e["container"]] for e in hadoop["events"] if e["type"] == "MARK_CONTAINER_FOR_PREEMPTION"
    )
    expected = [] if ours.settings.observe_only else sorted([c.app_id, c.container_id] for c in ours.selected)
    if marked != expected:
        found.append(f"marked for preemption: Hadoop {marked}, fsctl {expected}")
    return found
