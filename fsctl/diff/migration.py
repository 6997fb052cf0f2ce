"""A Fair file against a Capacity file, judged as ``fsctl convert`` judges its own output: the same
computations and the same table of thresholds (:mod:`fsctl.model.impact`), so a change convert
warns about is a difference ``diff`` does not expect (exit 1), and one it reports as information is
expected.

- limits: a maxResources or maxChildResources the Capacity file does not keep is lifted (convert's
  CV201, CV203); one it keeps is compared, with a cluster size, as the most the queue may hold
  before (its maxResources and its parents') and after (its absolute maximum capacity): moved 2x is
  a warning (CV301, CV302);
- guarantees: each queue's steady fair share against its guaranteed capacity (capped by its
  maximum, as CV406 compares them), and a guarantee above the most the queue could hold before
  (CV411);
- placement: the applications convert's routing report makes up (probes), through the Fair policy
  and the Capacity file's mapping rules, one change per cause (RT201).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fsctl.diff.changes import CHANGED, Change, canonical
from fsctl.model.diagnostics import Severity
from fsctl.model.impact import above, share_severity
from fsctl.model.resources import MEMORY, ResourceSpec, Vector
from fsctl.model.tree import Queue, QueueTree

TEMPLATE_MAXIMUM = "auto-queue-creation-v2.leaf-template.maximum-capacity"
Oriented = Callable[[str | None, str | None], tuple[str | None, str | None]]


def _percent(value: Any) -> float | None:
    """A maximum-capacity percentage as the reader read it (a CapacityValue), or as text."""
    if value is None:
        return None
    percent = getattr(value, "percent", None)
    if isinstance(percent, float):
        return percent
    try:
        return float(str(value).strip())
    except ValueError:
        return None


def limit_changes(
    fq: Queue,
    cq: Queue,
    absolute_maximum: dict[str, float],
    held: dict[str, float | None],
    cluster: Vector,
    oriented: Oriented,
    max_compared: bool = False,
) -> list[Change]:
    """maxResources and maxChildResources kept by the Capacity file, compared as limits of the
    cluster; ``absolute_maximum`` is each Capacity queue's absolute maximum capacity.
    ``held``: the most the Fair queue may hold (its maxResources and its parents');
    ``max_compared``: the maximum-capacity already differs from the one convert writes."""
    from fsctl.convert.resources import chain_limits, fair_maximum, limit_change

    changes: list[Change] = []
    path = fq.path
    # root's maximum may come from queueMaxResourcesDefault, and the Capacity Scheduler's root
    # always has the whole cluster: the cap the migration lifts (convert's CV410)
    root = fq.parent is None
    from fsctl.diff.crossformat import limits_below_cluster

    # its own maxResources, or queueMaxResourcesDefault's (which applies to root as well)
    limited = "maxResources" in fq.declared or root or limits_below_cluster(fq.effective.max_resources)
    if limited and path in absolute_maximum and not max_compared:
        if root:
            held = fair_maximum([fq.effective.max_resources], cluster)
        severity, moved = limit_change(held, absolute_maximum[path])
        if severity >= Severity.WARNING:
            old, new = oriented(canonical(fq.effective.max_resources), f"{absolute_maximum[path] * 100:.1f}%")
            effect = (
                f"root's maximum caps the whole cluster under the Fair Scheduler (CV410): {moved}"
                if root
                else f"the queue's maximum (maxResources and its parents') as a share of the cluster: {moved}"
            )
            changes.append(Change(CHANGED, path, "maximum-capacity", old, new, effect))
    template = _percent(cq.declared[TEMPLATE_MAXIMUM].value) if TEMPLATE_MAXIMUM in cq.declared else None
    spec = fq.effective.max_child_resources
    if template is not None and isinstance(spec, ResourceSpec) and path in absolute_maximum:
        child = template / 100.0 * absolute_maximum[path]
        severity, moved = limit_change(fair_maximum([spec, *chain_limits(fq)], cluster), child)
        if severity >= Severity.WARNING:
            old, new = oriented(canonical(spec), f"{child * 100:.1f}%")
            effect = f"a dynamic child's maximum (maxChildResources) as a share of the cluster: {moved}"
            changes.append(Change(CHANGED, path, TEMPLATE_MAXIMUM, old, new, effect))
    return changes


def guarantee_changes(
    held: dict[str, float | None],
    steady: Vector,
    capacity: float,
    guaranteed: Vector,
    maximum: Vector,
    cluster: Vector,
    childless: bool,
) -> tuple[bool, str]:
    """Whether the move from the steady fair share to the guarantee is one convert warns about
    (CV411 for any queue: the absolute ``capacity`` above the old maximum; CV406 for one without
    children the Fair Scheduler creates, as convert's share table has them: the guaranteed memory,
    capped by the maximum, against the steady share), and why; ``held`` is the most the queue could
    hold under the Fair Scheduler (:func:`fsctl.convert.resources.fair_maxima`)."""
    if above(dict.fromkeys(held, capacity), held):
        return True, "a guarantee above the most the queue could hold under the Fair Scheduler (CV411)"
    if not childless:
        return False, ""
    total = cluster.get(MEMORY) or 1
    old = {MEMORY: steady.get(MEMORY, 0) / total}
    new = {MEMORY: min(guaranteed.get(MEMORY, 0), maximum.get(MEMORY, 0)) / total}
    if share_severity(old, new) >= Severity.WARNING:
        return True, "a guarantee moved 2x or more than 10 points of the cluster (CV406)"
    return False, ""


def routing_changes(fair: QueueTree, capacity: QueueTree, fair_is_old: bool) -> list[Change]:
    """convert's probe applications through the Fair policy and the Capacity file's mapping rules:
    one change per cause that lands elsewhere (RT201)."""
    from fsctl.convert.routing import causes, moved_probes

    moved = moved_probes(fair, capacity)
    changes = []
    for (_, before, _, after), items in causes(moved).items():
        cases = "; ".join(item.app.label() for item in items[:3]) + (
            f"; and {len(items) - 3} more" if len(items) > 3 else ""
        )
        old, new = (before, after) if fair_is_old else (after, before)
        count = f"{len(items)} probe case{'s' if len(items) != 1 else ''} ({cases})"
        lands = "land" if len(items) != 1 else "lands"
        effect = (
            f"{count} {lands} elsewhere: {before} under the Fair Scheduler, {after} under the Capacity "
            "Scheduler (RT201)"
        )
        changes.append(Change(CHANGED, None, "placement", old, new, effect))
    return changes


def load_changes(
    fair: QueueTree, capacity: QueueTree, fair_result: Any, cluster: Vector, demand: Any, oriented: Any
) -> list[Change]:
    """Under a demand snapshot: each queue's instantaneous fair share at most its demand (the Fair
    side, ``fair_result``)
    against the Capacity Scheduler's allocation when the same demand persists, the snapshot's
    applications where the Capacity file's mapping rules place them (``fsctl.convert.load``), as
    ``fsctl convert --demand`` compares them; judged by the table of thresholds as a share of the
    cluster. A snapshot that cannot describe a state of the Capacity file is one scheduler-wide line."""
    from fsctl.convert.load import snapshot_between
    from fsctl.diff.crossformat import EXPECTED
    from fsctl.diff.shares import share_of_cluster
    from fsctl.evaluate.capacity_load import LoadInputError, evaluate_capacity_load

    after = snapshot_between(fair, capacity, demand)
    try:
        load = evaluate_capacity_load(capacity, cluster, after.snapshot, capacity.info.hadoop_version)
    except LoadInputError as exc:
        first = exc.diagnostics[0]
        where = f"{first.location}: " if first.location is not None else ""
        effect = f"the Capacity Scheduler under the load is not computed: {where}{first.code} {first.message}"
        return [Change(CHANGED, None, "shareUnderLoad", None, None, effect, expected=True)]
    changes = []
    for queue in fair.queues():
        before, allocated = fair_result.find(queue.path), load.find(queue.path)
        if before is None or allocated is None or not before.created or queue.parent is None:
            continue
        usable = before.usable_fair_share  # as convert's brief compares them
        a_text = share_of_cluster(usable, fair_result.cluster)
        b_text = share_of_cluster(allocated.used, load.cluster)
        if a_text is None or b_text is None or a_text == b_text:
            continue
        fractions = [
            {t: v / cluster[t] for t, v in vector.items() if cluster.get(t)}
            for vector in (usable, allocated.used)
        ]
        warned = share_severity(*fractions) >= Severity.WARNING
        old_text, new_text = oriented(a_text, b_text)
        effect = (
            f"under the load: instantaneous fair share {a_text} of the cluster (at most the demand), "
            f"{b_text} allocated by the Capacity Scheduler when the demand persists"
        )
        effect += (
            ": a share of the cluster moving more than 10 points, or 2x (the table of thresholds)"
            if warned
            else f" ({EXPECTED}: within the table of thresholds)"
        )
        changes.append(
            Change(CHANGED, queue.path, "shareUnderLoad", old_text, new_text, effect, expected=not warned)
        )
    return changes
