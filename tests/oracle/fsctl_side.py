"""fsctl's answers in the oracle's shapes, so a differential test compares like with like."""

from __future__ import annotations

import io
import json
from typing import Any

from fsctl.catalogue.fair import LOADS_ANYWAY
from fsctl.commands.simulate import SimulateOptions
from fsctl.commands.simulate import run as simulate
from fsctl.io.loader import load, load_site
from fsctl.model.diagnostics import Severity
from fsctl.model.tree import FAIR
from fsctl.model.versions import parse_version


def load_verdict(
    path: str, version: str, yarn_site: str | None = None
) -> tuple[bool, list[str], dict[str, str]]:
    """(loads, error lines, {queue path: "leaf" | "parent"}) as fsctl reads the file."""
    site = load_site(yarn_site).conf if yarn_site is not None else None
    result = load(path, yarn_site=site, hadoop_version=parse_version(version)).result
    errors = [
        f"{d.code} {d.message}"
        for d in result.diagnostics
        if d.severity == Severity.ERROR and d.code not in LOADS_ANYWAY
    ]
    queues: dict[str, str] = {}
    if result.tree is not None:
        # queues Hadoop refuses to create (QueueManager.createNewQueues) stay in fsctl's tree, marked
        dropped = tuple(result.tree.info.dropped_queues) if result.tree.format == FAIR else ()
        for queue in result.tree.root.walk():
            if not any(queue.path == d or queue.path.startswith(d + ".") for d in dropped):
                queues[queue.path] = "leaf" if queue.is_leaf else "parent"
    return not errors, errors, queues


def shares(
    path: str,
    version: str,
    cluster: dict[str, int],
    *,
    demand: str | None = None,
    yarn_site: str | None = None,
) -> dict[str, Any]:
    """``fsctl simulate --format json`` on the file (with a demand snapshot and a yarn-site), parsed."""
    out, err = io.StringIO(), io.StringIO()
    options = SimulateOptions(
        path,
        cluster=cluster,
        demand=demand,
        yarn_site=yarn_site,
        hadoop_version=parse_version(version),
        fmt="json",
    )
    code = simulate(options, out, err)
    assert code == 0, err.getvalue()
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


def reservable_queues(path: str, version: str) -> list[str]:
    """The queues fsctl reads as reservable (``<reservation/>``)."""
    tree = load(path, hadoop_version=parse_version(version)).result.tree
    return [] if tree is None else [q.path for q in tree.queues() if q.effective.reservation]


def not_created(path: str, version: str, cluster: dict[str, int], demand: str) -> frozenset[str]:
    """The queues ``fsctl simulate`` shows as not created (Hadoop refuses them) on this snapshot."""
    from fsctl.evaluate.fair import evaluate_fair
    from fsctl.io.demand import read_demand

    tree = load(path, hadoop_version=parse_version(version)).result.tree
    snapshot, _ = read_demand(demand)
    assert tree is not None
    result = evaluate_fair(tree, cluster, snapshot, hadoop_version=parse_version(version))
    return frozenset(q.path for q in result.queues if not q.created)


def snapshot_warnings(
    path: str, version: str, cluster: dict[str, int], demand: str, yarn_site: str | None = None
) -> list[str]:
    """The codes of the warnings ``fsctl simulate`` writes about the snapshot (SM108)."""
    from fsctl.commands.simulate import build_report

    options = SimulateOptions(
        path, cluster=cluster, demand=demand, yarn_site=yarn_site, hadoop_version=parse_version(version)
    )
    return [d.code for d in build_report(options).findings]


def resource_or_zero(value: dict[str, int | None] | None) -> dict[str, int]:
    """fsctl writes null for a resource the queue's policy does not compute; Hadoop leaves it 0."""
    return {k: (v or 0) for k, v in (value or {}).items()}


#: what the oracle prints for a value fsctl writes as null: 0 (a type the queue's policy does not
#: compute) or Long.MAX_VALUE (unbounded)
NULL_IN_HADOOP = (0, 2**63 - 1)


def same_resource(ours: dict[str, int | None] | None, theirs: dict[str, int]) -> bool:
    """fsctl's resource (``null`` meaning unbounded or not computed) against Hadoop's numbers."""
    ours = ours or {}
    return set(ours) <= set(theirs) and all(
        theirs[k] in NULL_IN_HADOOP if ours.get(k) is None else ours.get(k) == theirs[k] for k in theirs
    )
