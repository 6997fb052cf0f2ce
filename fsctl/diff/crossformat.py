"""A Fair Scheduler file against a Capacity Scheduler file: the migration check.

Queue paths are compared as they are; on queues found on both sides, each Fair property is compared
with the Capacity Scheduler key ``yarn fs2cs`` writes for it (fs2cs.md §2.4), and each queue's share
of its parent (Fair weights against capacities) is compared, or with a cluster size its share of the
cluster. Differences the conversion is known to make (a Fair property with no Capacity Scheduler
equivalent) are marked *expected* and say why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fsctl.capacity.values import CapacityTree
from fsctl.convert.resources import fair_maxima
from fsctl.diff.changes import ADDED, CHANGED, REMOVED, Change, canonical, canonical_property, percent_text
from fsctl.diff.queues import properties, queue_kind
from fsctl.diff.rules import CS_PROPERTY, capacity_rules, mapping_text, rule_changes
from fsctl.model.diagnostics import Severity
from fsctl.model.impact import share_severity
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES, ResourceSpec, Vector
from fsctl.model.tree import FAIR, Queue, QueueTree

EXPECTED = "expected from the conversion"

#: limits whose loss lifts a queue's cap: convert warns (CV201, CV203), a difference not expected
LIFTED = frozenset({"maxResources", "maxChildResources"})
#: Fair elements fs2cs does not carry over, and what it does instead (fs2cs.md §2.4, §5)
NOT_CONVERTED: dict[str, str] = {
    "minResources": "minResources has no Capacity Scheduler equivalent (fs2cs warns and drops it)",
    "maxResources": "maxResources is not converted (fs2cs writes maximum-capacity 100 and warns)",
    "maxChildResources": "maxChildResources is not converted (fs2cs warns)",
    "minSharePreemptionTimeout": "preemption timeouts have no per-queue Capacity Scheduler equivalent",
    "fairSharePreemptionTimeout": "preemption timeouts have no per-queue Capacity Scheduler equivalent",
    "fairSharePreemptionThreshold": "the preemption threshold has no Capacity Scheduler equivalent",
    "aclAdministerReservations": "reservation ACLs are not converted",
    "aclListReservations": "reservation ACLs are not converted",
    "aclSubmitReservations": "reservation ACLs are not converted",
}


def _policy(value: Any) -> str:
    # FSQueueConverter: drf and fair become the fair ordering policy, fifo stays fifo
    text = canonical(value).lower()
    return {"drf": "fair", "fair": "fair", "fifo": "fifo"}.get(
        text.rsplit(".", 1)[-1].replace("policy", ""), text
    )


def _am_share(value: Any) -> str:
    # -1.0 (disabled) becomes 1.0 (fs2cs.md §2.4 step 2)
    text = canonical(value)
    return "1.0" if text == "-1.0" else text


def _not_preemptable(value: Any) -> str:
    return "true" if canonical(value) == "false" else "false"


def _allocation(part: str) -> Callable[[Any], str | None]:
    def convert(value: Any) -> str | None:
        if isinstance(value, ResourceSpec) and value.absolute:
            amount = value.amounts().get(part)
            return None if amount is None or amount >= UNBOUNDED else str(amount)
        if isinstance(value, dict):
            amount = value.get(part)
            return None if amount is None or amount >= UNBOUNDED else str(amount)
        return None

    return convert


#: Fair element -> (Capacity Scheduler key, the value fs2cs would give it; None = not comparable)
CONVERTED: dict[str, list[tuple[str, Callable[[Any], str | None]]]] = {
    "maxRunningApps": [("max-parallel-apps", canonical)],
    "maxAMShare": [("maximum-am-resource-percent", _am_share)],
    "maxContainerAllocation": [
        ("maximum-allocation-mb", _allocation(MEMORY)),
        ("maximum-allocation-vcores", _allocation(VCORES)),
    ],
    "allowPreemptionFrom": [("disable_preemption", _not_preemptable)],
    "schedulingPolicy": [("ordering-policy", _policy)],
    "aclSubmitApps": [("acl_submit_applications", lambda v: canonical_property("acl", v))],
    "aclAdministerApps": [("acl_administer_queue", lambda v: canonical_property("acl", v))],
}
LEAF_ONLY = frozenset({"schedulingPolicy", "maxAMShare"})
#: keys fs2cs writes only in some configurations (FSQueueConverter), so a mismatch may be expected
CONDITIONAL = {
    "disable_preemption": "fs2cs writes disable_preemption only when yarn.scheduler.fair.preemption is "
    "true, and without preemption it changes nothing",
}


def cross_format_changes(
    old: QueueTree, new: QueueTree, *, cluster: Vector | None = None, demand: Any = None
) -> list[Change]:
    fair, capacity = (old, new) if old.format == FAIR else (new, old)
    fair_is_old = fair is old
    changes: list[Change] = []
    fair_index = {q.path: q for q in fair.queues()}
    cs_index = {q.path: q for q in capacity.queues()}

    def oriented(fair_text: str | None, cs_text: str | None) -> tuple[str | None, str | None]:
        return (fair_text, cs_text) if fair_is_old else (cs_text, fair_text)

    sides = (
        (fair_index, cs_index, True, "Fair Scheduler"),
        (cs_index, fair_index, False, "Capacity Scheduler"),
    )
    for index, other, is_fair, scheduler in sides:
        for path, queue in index.items():
            if path in other:
                continue
            kind = REMOVED if is_fair == fair_is_old else ADDED
            text = queue_kind(queue)
            old_text, new_text = oriented(text, None) if is_fair else oriented(None, text)
            changes.append(
                Change(kind, path, None, old_text, new_text, f"{text} queue only in the {scheduler} file")
            )

    preemption = fair.info.site.preemption
    dropped = frozenset(fair.info.dropped_queues)  # queues the Fair Scheduler refuses to create
    maximums = converted_maximums(fair, capacity, cluster) if cluster else None
    absolute_maximum = _absolute_maximums(capacity, cluster) if cluster else {}
    maxima = fair_maxima(fair.queues(), cluster) if cluster else {}
    for path, fq in fair_index.items():
        cq = cs_index.get(path)
        if cq is None:
            continue
        changes.extend(_type_change(fq, cq, oriented, dropped))
        changes.extend(_property_changes(fq, cq, fair_is_old, oriented, preemption, bool(cluster)))
        compared = _max_resources(fq, cq, maximums, oriented) if "maxResources" in fq.declared else []
        changes.extend(compared)
        if cluster:  # the limits as convert judges them, where the value is the one convert writes
            from fsctl.diff.migration import limit_changes

            held = maxima.get(path, {})
            changes.extend(limit_changes(fq, cq, absolute_maximum, held, cluster, oriented, bool(compared)))
    changes.extend(_share_changes(dropped, fair, capacity, fair_index, cs_index, cluster, demand, oriented))
    changes.extend(placement_vs_mapping(fair, capacity, fair_is_old))
    from fsctl.diff.migration import routing_changes

    changes.extend(routing_changes(fair, capacity, fair_is_old))
    order = {p: i for i, p in enumerate(list(fair_index) + [p for p in cs_index if p not in fair_index])}
    return sorted(
        changes, key=lambda c: (order.get(c.queue or "", -1), c.property is not None, c.property or "")
    )


def _type_change(fq: Queue, cq: Queue, oriented: Any, dropped: frozenset[str]) -> list[Change]:
    if fq.is_leaf == cq.is_leaf:
        return []
    old_text, new_text = oriented(queue_kind(fq), queue_kind(cq))
    # fs2cs turns a childless Fair parent (type="parent" or <reservation>, or one whose children
    # the Fair Scheduler refuses to create) into a CS parent with auto-queue-creation-v2 (weight
    # mode), or a leaf (percentage mode): that is the conversion working as designed
    created = [c for c in fq.children if c.path not in dropped]
    expected = not fq.is_leaf and not created
    effect = f"a {queue_kind(fq)} in the Fair file, a {queue_kind(cq)} in the Capacity file"
    if expected:
        effect += f" ({EXPECTED}: a childless Fair parent becomes an auto-creating parent)"
    return [Change(CHANGED, fq.path, "type", old_text, new_text, effect, expected=expected)]


def _property_changes(
    fq: Queue, cq: Queue, fair_is_old: bool, oriented: Any, preemption: bool, cluster: bool
) -> list[Change]:
    changes: list[Change] = []
    fair_values = properties(fq)
    cs_values = properties(cq)
    for element in sorted(fq.declared):
        if element not in NOT_CONVERTED or _kept(element, fq, cq, cluster):
            continue
        old_text, new_text = oriented(canonical_property(element, fair_values.get(element)), None)
        lifted = element in LIFTED and limits_below_cluster(fq.declared[element].value)
        effect = (
            f"{NOT_CONVERTED[element]}: the limit is lifted (fsctl convert --cluster keeps it)"
            if lifted
            else f"{NOT_CONVERTED[element]} ({EXPECTED})"
        )
        changes.append(
            Change(
                REMOVED if fair_is_old else ADDED,
                fq.path,
                element,
                old_text,
                new_text,
                effect,
                expected=not lifted,
            )
        )
    inherited = fq.effective.max_resources
    if (
        "maxResources" not in fq.declared
        and limits_below_cluster(inherited)
        and not _kept("maxResources", fq, cq, cluster)
    ):
        # queueMaxResourcesDefault's maximum (root's too): dropped as an own maxResources is (CV201)
        old_text, new_text = oriented(canonical_property("maxResources", inherited), None)
        effect = (
            f"{NOT_CONVERTED['maxResources']}: the limit queueMaxResourcesDefault gives it is lifted "
            "(fsctl convert --cluster keeps it)"
        )
        changes.append(
            Change(REMOVED if fair_is_old else ADDED, fq.path, "maxResources", old_text, new_text, effect)
        )
    for element, targets in sorted(CONVERTED.items()):
        if element not in fair_values:
            continue
        if element in LEAF_ONLY and not fq.is_leaf:
            continue  # parent policies are dropped, the AM share is a leaf setting (fs2cs.md §2.4)
        for key, convert in targets:
            want = convert(fair_values[element])
            if want is None:
                continue
            have = canonical_property(key, cs_values[key]) if key in cs_values else None
            if have == want:
                continue
            # compared in the Capacity Scheduler's terms: what fs2cs makes of the Fair value
            old_text, new_text = oriented(want, have)
            prop = key
            effect = (
                f"Fair {element} {canonical_property(element, fair_values[element])} converts to "
                f"{key} {want}, the Capacity file has {have or 'nothing'}"
            )
            expected = key in CONDITIONAL and not preemption
            if expected:
                effect += f" ({EXPECTED}: {CONDITIONAL[key]})"
            elif want == "nobody" and key.startswith("acl"):
                effect += (
                    "; fs2cs writes no ACL that allows nobody, so the Capacity Scheduler default "
                    "applies: set it by hand"
                )
            changes.append(Change(CHANGED, fq.path, prop, old_text, new_text, effect, expected=expected))
    return changes


def _kept(element: str, fq: Queue, cq: Queue, cluster: bool) -> bool:
    """The limit is compared elsewhere: with a cluster size maxResources always is, as the most the
    queue may hold before and after (:func:`fsctl.diff.migration.limit_changes`), else when the
    Capacity file keeps it (convert --cluster wrote it)."""
    if element == "maxResources":
        return cluster or _written_maximum(cq) is not None
    if element == "maxChildResources":
        from fsctl.diff.migration import TEMPLATE_MAXIMUM

        return TEMPLATE_MAXIMUM in cq.declared
    return False


def limits_below_cluster(value: Any) -> bool:
    """A limit below the whole cluster (a percentage of 100 or more limits nothing)."""
    if isinstance(value, ResourceSpec) and value.is_percentage:
        return any(fraction < 1.0 for _, fraction in value.fractions or ())
    return isinstance(value, ResourceSpec) and any(v < UNBOUNDED for v in value.amounts().values())


def _written_maximum(cq: Queue) -> str | None:
    """The queue's maximum-capacity when it limits the queue (``fsctl convert --cluster`` wrote one
    for maxResources); None when absent or 100."""
    value = properties(cq).get("maximum-capacity")
    if value is None:
        return None
    text = canonical_property("maximum-capacity", value)
    return None if text in ("100", "100.0", "-1") else text


def converted_maximums(fair: QueueTree, capacity: QueueTree, cluster: Vector) -> dict[str, str]:
    """queue -> the maximum-capacity ``fsctl convert --cluster`` writes for its maxResources, in
    the capacity file's mode (weights or percentages)."""
    from fsctl.convert.converter import convert
    from fsctl.convert.options import CS_PREFIX, ConvertOptions

    weights = any(_weight(properties(q).get("capacity")) is not None for q in capacity.queues())
    options = ConvertOptions(percentage=not weights, cluster=dict(cluster), convert_placement=False)
    written = convert(fair, None, options).capacity
    suffix = ".maximum-capacity"
    return {
        key[len(CS_PREFIX) : -len(suffix)]: canonical_property("maximum-capacity", value)
        for key, value in written.items()
        if key.startswith(CS_PREFIX) and key.endswith(suffix)
    }


def _max_resources(fq: Queue, cq: Queue, maximums: dict[str, str] | None, oriented: Any) -> list[Change]:
    """maxResources against the maximum-capacity convert writes for it (only with --cluster)."""
    have = _written_maximum(cq)
    if have is None:
        return []  # reported as not converted
    if maximums is None:
        effect = (
            f"maxResources became maximum-capacity {have} for the cluster convert was given "
            f"({EXPECTED}; give --cluster to check the value)"
        )
        old_text, new_text = oriented(
            canonical_property("maxResources", properties(fq).get("maxResources")), have
        )
        return [Change(CHANGED, fq.path, "maximum-capacity", old_text, new_text, effect, expected=True)]
    want = maximums.get(fq.path)
    if want is None or _percent(want) == _percent(have):
        return []
    old_text, new_text = oriented(want, have)
    effect = f"maxResources converts to maximum-capacity {want} on this cluster; the Capacity file has {have}"
    return [Change(CHANGED, fq.path, "maximum-capacity", old_text, new_text, effect)]


def fair_parent_shares(tree: QueueTree) -> dict[str, float]:
    """Each queue's steady share of its parent from weights alone (root 1)."""
    shares: dict[str, float] = {tree.root.path: 1.0}
    for queue in tree.queues():
        weights = [_number(properties(c).get("weight"), 1.0) for c in queue.children]
        total = sum(w for w in weights if w > 0)
        for child, weight in zip(queue.children, weights, strict=True):
            shares[child.path] = (max(weight, 0.0) / total) if total > 0 else 0.0
    return shares


def capacity_parent_shares(tree: QueueTree) -> dict[str, float]:
    """Each queue's configured share of its parent: percentages as written, weights normalised
    over their siblings (cs.md §7.1); absolute values are left out (they need a cluster)."""
    shares: dict[str, float] = {tree.root.path: 1.0}
    for queue in tree.queues():
        values = [properties(c).get("capacity") for c in queue.children]
        weights = [_weight(v) for v in values]
        total = sum(w for w in weights if w is not None and w > 0)
        for child, value, weight in zip(queue.children, values, weights, strict=True):
            if weight is not None:
                shares[child.path] = (max(weight, 0.0) / total) if total > 0 else 0.0
            else:
                percent = _percent(value)
                if percent is not None:
                    shares[child.path] = percent / 100
    return shares


def _number(value: Any, default: float) -> float:
    try:
        return float(value) if value is not None else default
    except (TypeError, ValueError):
        return default


def _weight(value: Any) -> float | None:
    mode = getattr(getattr(value, "mode", None), "value", None)
    if mode == "weight":
        return float(value.weight)
    if isinstance(value, str) and value.strip().endswith("w"):
        try:
            return float(value.strip()[:-1])
        except ValueError:
            return None
    return None


def _percent(value: Any) -> float | None:
    mode = getattr(getattr(value, "mode", None), "value", None)
    if mode == "percentage":
        return float(value.percent)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _share_changes(
    dropped: frozenset[str],
    fair: QueueTree,
    capacity: QueueTree,
    fair_index: dict[str, Queue],
    cs_index: dict[str, Queue],
    cluster: Vector | None,
    demand: Any,
    oriented: Any,
) -> list[Change]:
    changes: list[Change] = []
    by_weight = fair_parent_shares(fair)
    by_capacity = capacity_parent_shares(capacity)
    for path in fair_index:
        if path not in cs_index or path == fair.root.path:
            continue
        a, b = by_weight.get(path), by_capacity.get(path)
        if a is None or b is None:
            continue
        fa, fb = percent_text(a), percent_text(b)
        if fa == fb:
            continue
        old_text, new_text = oriented(fa, fb)
        effect = f"share of its parent {fa} by Fair weights, {fb} by Capacity Scheduler capacity"
        # with a cluster size the share of the cluster is judged (shareOfCluster); without one, this
        # share by the table of thresholds
        judged = share_severity({MEMORY: a}, {MEMORY: b}) >= Severity.WARNING
        expected = bool(cluster) or not judged
        if expected:
            why = "judged as a share of the cluster" if cluster else "within the table of thresholds"
            effect += f" ({EXPECTED}: {why})"
        changes.append(Change(CHANGED, path, "shareOfParent", old_text, new_text, effect, expected=expected))
    if cluster:
        from fsctl.diff.migration import guarantee_changes
        from fsctl.diff.shares import share_of_cluster
        from fsctl.evaluate.capacity import evaluate_capacity
        from fsctl.evaluate.fair import evaluate_fair

        fair_result = evaluate_fair(fair, cluster, demand)
        cs = {q.path: q for q in evaluate_capacity(capacity, cluster).queues}
        maxima = fair_maxima(fair.queues(), cluster)
        for path in fair_index:
            if path not in cs_index or path == fair.root.path:
                continue
            before, after = fair_result.find(path), cs.get(path)
            if before is None or after is None or not before.created:
                continue
            a_text = share_of_cluster(before.steady_fair_share, fair_result.cluster)
            if a_text is None:
                continue
            b_text = percent_text(after.absolute_capacity)
            warned, why = guarantee_changes(
                maxima[path],
                before.steady_fair_share,
                after.absolute_capacity,
                after.guaranteed,
                after.maximum,
                cluster,
                not [c for c in fair_index[path].children if c.path not in dropped],
            )
            if a_text == b_text and not warned:  # (a guarantee above the old maximum may look alike)
                continue
            old_text, new_text = oriented(a_text, b_text)
            effect = f"steady fair share {a_text} of the cluster, guaranteed capacity {b_text}"
            effect += f": {why}" if warned else f" ({EXPECTED}: within the table of thresholds)"
            changes.append(
                Change(CHANGED, path, "shareOfCluster", old_text, new_text, effect, expected=not warned)
            )
        if demand is not None:
            from fsctl.diff.migration import load_changes

            changes.extend(load_changes(fair, capacity, fair_result, cluster, demand, oriented))
    return changes


def _absolute_maximums(capacity: QueueTree, cluster: Vector) -> dict[str, float]:
    """Each Capacity queue's absolute maximum capacity on this cluster."""
    from fsctl.evaluate.capacity import evaluate_capacity

    return {q.path: q.absolute_maximum_capacity for q in evaluate_capacity(capacity, cluster).queues}


def converted_placement(
    fair: QueueTree, capacity: QueueTree, percentage: bool, fallback: str | None = None
) -> list[str]:
    """The mapping rules ``fsctl convert`` (fs2cs) makes of the Fair placement policy, with the
    rules ``--fallback-queue`` adds when ``fallback`` is given."""
    from fsctl.convert.options import ConvertOptions, Emitter
    from fsctl.convert.placement import convert_placement, default_policy, with_fallback
    from fsctl.convert.rules_file import RulesFile

    policy = fair.placement
    if policy is None:
        site = fair.info.site
        policy = default_policy(site.allow_undeclared_pools, site.user_as_default_queue)

    def static_children(path: str) -> bool:
        queue = capacity.find(path)
        return queue is not None and bool(queue.children)

    options = ConvertOptions(percentage=percentage, fallback_queue=fallback)
    converted = convert_placement(policy, options, Emitter(RulesFile()), static_children).rules
    if fallback is not None:
        converted = with_fallback(converted, fallback)
    return [mapping_text(rule) for rule in converted]


def fallback_queue(capacity: CapacityTree) -> str | None:
    """The queue ``fsctl convert --fallback-queue`` named, recognised by the rules it adds: a first
    ``setDefaultQueue`` for every user and a last ``defaultQueue`` that rejects."""
    from fsctl.capacity.mapping import read_mapping_config

    rules = read_mapping_config(capacity.info.properties, capacity.source, capacity.info.hadoop_version)[
        0
    ].rules
    if len(rules) < 2:
        return None
    first, last = rules[0], rules[-1]
    if (first.type, first.matches, first.policy) != ("user", "*", "setDefaultQueue"):
        return None
    if last.policy != "defaultQueue" or last.fallbackResult != "reject":
        return None
    return first.value


def placement_vs_mapping(fair: QueueTree, capacity: QueueTree, fair_is_old: bool) -> list[Change]:
    """Fair placement rules against the Capacity mapping rules, through the conversion; either
    conversion mode (weight, percentage) that gives the same rules counts as a match."""
    have = capacity_rules(capacity)
    fallback = fallback_queue(capacity)
    candidates = [converted_placement(fair, capacity, percentage, fallback) for percentage in (False, True)]
    if have in candidates:
        return []
    want = candidates[0]
    old, new = (want, have) if fair_is_old else (have, want)
    changes = rule_changes(old, new, CS_PROPERTY, "mapping rule (Fair placement converted)")
    return changes
