"""fsctl's Capacity Scheduler load model and the oracle's ``cs-load`` answer, side by side.

:func:`divergences` lists every value the two disagree on (empty when they agree): per queue the
used, reserved and pending resources and a leaf's AM usage, AM limit and application limits; per
user of a leaf the usage, the user limit and whether it is active; per application its state,
priority, allocated, reserved and pending resources and its containers.
"""

from __future__ import annotations

from typing import Any

from fsctl.evaluate.capacity_load import LoadResult, evaluate_capacity_load

QUEUE_KEYS = ("used", "reserved", "pending")
LEAF_KEYS = ("am_used", "am_limit", "max_applications", "max_applications_per_user")
APP_KEYS = ("state", "priority", "allocated", "reserved", "pending", "containers")


def fsctl_side(result: LoadResult) -> dict[str, Any]:
    """The model's result in the oracle's shape."""
    queues = []
    for q in result.queues:
        row: dict[str, Any] = {"path": q.path, "used": q.used, "reserved": q.reserved, "pending": q.pending}
        if q.leaf:
            row.update(
                am_used=q.am_used,
                am_limit=q.am_limit,
                max_applications=q.max_applications,
                max_applications_per_user=q.max_applications_per_user,
                users=[
                    {"user": u.name, "used": u.used, "user_limit": u.user_limit, "active": u.active}
                    for u in q.users
                ],
            )
        queues.append(row)
    apps = [
        {
            "name": a.name,
            "queue": a.queue,
            "state": a.state,
            "priority": a.priority if a.state != "refused" else None,
            "allocated": a.allocated,
            "reserved": a.reserved,
            "pending": a.pending,
            "containers": a.containers,
        }
        for a in result.applications
    ]
    return {"queues": queues, "applications": apps}


def fsctl_load(cs: str, site: str | None, cluster: str, snapshot: str, version: str) -> dict[str, Any]:
    """The model's answer for the files (a snapshot as ``fsctl simulate --demand`` reads it), in
    the oracle's shape."""
    from fsctl.fair.cluster import parse_cluster
    from fsctl.io.demand import read_demand
    from fsctl.io.loader import load, load_site
    from fsctl.model.versions import parse_version

    conf = load_site(site).conf if site is not None else None
    tree = load(cs, yarn_site=conf, hadoop_version=parse_version(version)).result.tree
    assert tree is not None
    demand, problems = read_demand(snapshot)
    assert demand is not None, problems
    return fsctl_side(evaluate_capacity_load(tree, parse_cluster(cluster), demand, parse_version(version)))


def divergences(hadoop: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    found: list[str] = []
    theirs = {q["path"]: q for q in hadoop["queues"]}
    mine = {q["path"]: q for q in ours["queues"]}
    if set(theirs) != set(mine):
        return [f"queues differ: Hadoop {sorted(theirs)} fsctl {sorted(mine)}"]
    for path, q in mine.items():
        h = theirs[path]
        for key in QUEUE_KEYS + (LEAF_KEYS if h.get("leaf") else ()):
            if q.get(key) != h.get(key):
                found.append(f"{path} {key}: Hadoop {h.get(key)} fsctl {q.get(key)}")
        if h.get("leaf"):
            hu = {u["user"]: u for u in h["users"]}
            mu = {u["user"]: u for u in q["users"]}
            if set(hu) != set(mu):
                found.append(f"{path} users: Hadoop {sorted(hu)} fsctl {sorted(mu)}")
                continue
            for name, u in mu.items():
                for key in ("used", "user_limit", "active"):
                    if u[key] != hu[name][key]:
                        found.append(f"{path} user {name} {key}: Hadoop {hu[name][key]} fsctl {u[key]}")
    happs, mapps = hadoop["applications"], ours["applications"]
    if len(happs) != len(mapps):
        return [*found, f"applications: Hadoop {len(happs)} fsctl {len(mapps)}"]
    for h, m in zip(happs, mapps, strict=True):
        for key in APP_KEYS:
            hv = h.get(key)
            if h.get("state") == "refused" and key not in ("state",):
                continue
            if m.get(key) != hv:
                found.append(f"app {m['name']} ({m['queue']}) {key}: Hadoop {hv} fsctl {m.get(key)}")
    return found
