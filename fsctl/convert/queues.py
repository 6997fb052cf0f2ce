"""Per-queue settings and ACLs (``FSQueueConverter.java``, newest; fs2cs.md §2.4).

The tree is walked depth-first from root in document order (fs2cs uses Fair's creation order,
which follows Java hash order, fs2cs.md §2.7). Each queue's keys are set in fs2cs's order; the
capacities of a queue's children are written when the queue itself is processed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fsctl.catalogue import convert as rules
from fsctl.convert import fairview, weights
from fsctl.convert.options import CS_PREFIX, ConvertOptions, Emitter
from fsctl.convert.resources import Plan, chain_limits, fair_maximum, limit_change, maximum_percent, resolved
from fsctl.fair.creation import Creation
from fsctl.hadoop.javahash import hash_set_order
from fsctl.hadoop.javanum import java_float_str, to_float32
from fsctl.model.diagnostics import Rule, Severity
from fsctl.model.resources import INT_MAX, UNBOUNDED, ResourceSpec, fmt_vector
from fsctl.model.tree import Queue, QueueTree


@dataclass(frozen=True)
class QueueContext:
    tree: QueueTree
    defaults: fairview.Globals
    options: ConvertOptions
    preemption: bool
    size_based_weight: bool
    drf_used: bool
    #: before 3.4: ``auto-create-child-queue.enabled`` on every parent but root
    auto_create_v1: bool = False
    #: the Fair Scheduler's creation order (the order fs2cs meets a parent's children in) and the
    #: queues' hashes; None in weight mode, which never asks
    creation: Creation | None = None


#: queue elements fs2cs drops without a word (fs2cs.md §1.7)
DROPPED_QUEUE_SETTINGS = (
    "minSharePreemptionTimeout",
    "fairSharePreemptionTimeout",
    "fairSharePreemptionThreshold",
    "aclAdministerReservations",
    "aclListReservations",
    "aclSubmitReservations",
)


def convert_queues(ctx: QueueContext, plan: Plan, out: Emitter) -> None:
    plan.set_root()
    memo = _Memo(ctx)
    queues = list(ctx.tree.queues())  # walked again for the ACLs
    for queue in queues:
        _convert_queue(queue, ctx, plan, out, memo)
    _emit_acls(ctx.tree, queues, out)


class _Memo:
    """What a large tree repeats, worked out once per conversion: fairview's readings of effective
    values (a few distinct values repeat thousands of times), the tests and spelling of each
    resource value, and the inherited maxContainerAllocations (a parent's is known before its
    children are reached)."""

    def __init__(self, ctx: QueueContext) -> None:
        self.at_least_34 = ctx.options.hadoop_version >= (3, 4)
        #: queue path -> its maxContainerAllocation, for the queues that have one
        self.allocations: dict[str, dict[str, int]] = {}
        #: the raw effective value -> fairview's reading of it (zero is not kept: 0.0 and -0.0 are
        #: one key but read differently)
        self.am_shares: dict[object, float] = {}
        self.weights: dict[object, float] = {}
        self.policies: dict[str, str] = {}
        self.specs: dict[int, tuple[ResourceSpec, bool, bool, str]] = {}

    def spec(self, spec: ResourceSpec) -> tuple[ResourceSpec, bool, bool, str]:
        """(spec, fairview.is_nonzero_min, fairview.is_set_resource, fairview.shown) of a resource
        value (the reader shares one object per spelling)."""
        found = self.specs.get(id(spec))
        if found is None:
            found = self.specs[id(spec)] = (
                spec,
                fairview.is_nonzero_min(spec),
                fairview.is_set_resource(spec),
                fairview.shown(spec),
            )
        return found

    def weight(self, queue: Queue) -> float:
        """fairview.weight."""
        raw = queue.effective.weight
        found = self.weights.get(raw) if raw else None
        if found is None:
            found = fairview.weight(queue)
            if raw and raw.__class__ is float:
                self.weights[raw] = found
        return found

    def max_am_share(self, queue: Queue, defaults: fairview.Globals) -> float:
        """fairview.max_am_share (the defaults are the conversion's)."""
        raw = queue.effective.max_am_share
        found = self.am_shares.get(raw) if raw else None
        if found is None:
            found = fairview.max_am_share(queue, defaults)
            if raw and raw.__class__ is float:
                self.am_shares[raw] = found
        return found

    def max_container_allocation(self, queue: Queue) -> dict[str, int] | None:
        """fairview.max_container_allocation, the parent's taken from the memo."""
        own = fairview.own_max_container_allocation(queue)
        parent = queue.parent
        if own is None and parent is not None:
            own = self.allocations.get(parent.path)
        if own is not None:  # most queues have none: not kept
            self.allocations[queue.path] = own
        return own


def _convert_queue(queue: Queue, ctx: QueueContext, plan: Plan, out: Emitter, memo: _Memo) -> None:
    path = queue.path
    options = ctx.options
    children = queue.children
    parent = queue.parent
    effective = queue.effective
    capacity = out.capacity
    key = CS_PREFIX + path + "."  # out.cs(name, value) is capacity[key + name] = value

    # 1. children (after the rules file's child-count limit)
    limit = options.rules.max_child_queue_limit
    if limit is not None and len(children) > limit:
        out.aborted = True
        out.finding(
            rules.CV102,
            queue.location,
            f"Queue {path} has too many children: {len(children)} (maxChildQueue.limit={limit})",
            queue=path,
        )
    if children:
        capacity[key + "queues"] = ",".join([c.name for c in children])

    # 2. maxAMShare
    defaults = ctx.defaults
    default_share = defaults.queue_max_am_share_default
    share = memo.max_am_share(queue, defaults)
    if share not in (0.0, default_share, -1.0):
        capacity[key + "maximum-am-resource-percent"] = java_float_str(share)
    elif share == -1.0 and default_share != -1.0:
        capacity[key + "maximum-am-resource-percent"] = "1.0"

    # 3. maxRunningApps
    apps = effective.max_running_apps
    if apps.__class__ is not int:
        apps = fairview.max_running_apps(queue, defaults)
    if apps not in (INT_MAX, defaults.queue_max_apps_default):
        capacity[key + "max-parallel-apps"] = str(apps)

    # 4. maxContainerAllocation, when it differs from the parent's
    allocation = memo.max_container_allocation(queue)
    if allocation is not None:
        parent_allocation = memo.allocations.get(parent.path) if parent is not None else None
        memory = allocation.get("memory-mb", UNBOUNDED)
        vcores = allocation.get("vcores", UNBOUNDED)
        parent_memory = parent_vcores = -(2**31)
        if parent_allocation is not None:
            parent_memory = parent_allocation.get("memory-mb", UNBOUNDED)
            parent_vcores = parent_allocation.get("vcores", UNBOUNDED)
        if memory != parent_memory or vcores != parent_vcores:
            capacity[key + "maximum-allocation-mb"] = str(memory)
            capacity[key + "maximum-allocation-vcores"] = str(vcores)

    # 5. allowPreemptionFrom=false (inherited), only when Fair preemption is on
    if ctx.preemption and not effective.allow_preemption_from:
        capacity[key + "disable_preemption"] = "true"

    # fairview.is_fs_parent
    fs_parent = parent is None or children or queue.declared_parent or effective.reservation

    # 6. the children's capacities, then this queue's own minResources
    if options.weight_mode:
        if fs_parent:
            _weight_capacities(queue, plan, out, memo)
    else:
        _percent_capacities(queue, plan, out, _remainder(queue, ctx))
    _min_resources(queue, plan, out, memo)

    # 7. maxResources -> maximum-capacity
    _maximum_capacity(queue, plan, ctx, out, memo)

    # 8. size-based weight, every queue
    if ctx.size_based_weight:
        capacity[key + "ordering-policy.fair.enable-size-based-weight"] = "true"

    # 9. ordering policy, leaves only
    raw_policy = effective.scheduling_policy
    policy = memo.policies.get(raw_policy) if raw_policy.__class__ is str else None
    if policy is None:
        policy = fairview.scheduling_policy(queue)
        if raw_policy.__class__ is str:
            memo.policies[raw_policy] = policy
    if not fs_parent:
        if policy in ("drf", "fair"):
            capacity[key + "ordering-policy"] = "fair"
            if policy == "fair" and ctx.drf_used:
                out.fs2cs_rule(
                    "fairAsDrf",
                    rules.CV205,
                    queue.setting_location("schedulingPolicy"),
                    f"Queue {path} will use DRF policy instead of Fair",
                    queue=path,
                    property="schedulingPolicy",
                )
        elif policy == "fifo":
            capacity[key + "ordering-policy"] = "fifo"
    elif "schedulingPolicy" in queue.declared and path != "root":
        out.on_setting(
            rules.CV303,
            queue,
            "schedulingPolicy",
            f"schedulingPolicy {policy} of parent queue {path} is not converted: the Capacity Scheduler "
            "orders child queues by their used capacity",
        )

    # 10. maxChildResources
    if effective.max_child_resources is not None:
        _max_child_resources(queue, plan, ctx, out, memo)

    # 11. the default user limit factor (YARN-11393, YARN-11408: 3.4; oracle: 3.3.6 writes none)
    if not children and memo.at_least_34 and capacity.get(key + "auto-queue-creation-v2.enabled") != "true":
        capacity[key + "user-limit-factor"] = "-1.0"

    # FSQueueConverter.emitAutoCreateChildQueue (3.3)
    if ctx.auto_create_v1 and children and parent is not None:
        capacity[key + "auto-create-child-queue.enabled"] = "true"

    _dropped(queue, out)


def _weight_capacities(queue: Queue, plan: Plan, out: Emitter, memo: _Memo) -> None:
    """``WeightToWeightConverter``: on an FS parent (which a queue with children is)."""
    children = queue.children
    capacity = out.capacity
    path = queue.path
    if path == "root":
        capacity[CS_PREFIX + "root.capacity"] = weights.weight_capacity(fairview.weight(queue))
    child_weights = [memo.weight(c) for c in children]
    for child, weight in zip(children, child_weights, strict=True):
        capacity[CS_PREFIX + child.path + ".capacity"] = weights.weight_capacity(weight)
    if plan.cluster is not None:  # the plan is read for --cluster only
        total = sum(max(0.0, w) for w in child_weights)
        for child, weight in zip(children, child_weights, strict=True):
            plan.set_capacity(child.path, path, max(0.0, weight) / total if total > 0 else 0.0)
    capacity[CS_PREFIX + path + ".auto-queue-creation-v2.enabled"] = "true"


def _remainder(queue: Queue, ctx: QueueContext) -> weights.Remainder:
    """The order fs2cs meets the children in when it places the rounding remainder: the Fair
    Scheduler's creation order (``getChildQueues``), whose last child takes it before 3.4; from 3.4
    the iteration order of the ``HashMap`` of their full names filled in that order."""
    children = queue.children
    assert ctx.creation is not None
    rank, hashes = ctx.creation.rank, ctx.creation.hashes
    created = sorted(range(len(children)), key=lambda i: rank.get(children[i].path, len(rank) + i))
    if ctx.options.hadoop_version < (3, 4):
        return weights.Remainder(tuple(created), last=True)
    position = {children[i].path: i for i in created}
    return weights.Remainder(tuple(position[path] for path in hash_set_order(position, hashes)))


def _percent_capacities(queue: Queue, plan: Plan, out: Emitter, remainder: weights.Remainder) -> None:
    """``WeightToPercentConverter``, with fsctl's correction where fs2cs crashes or is wrong."""
    if not queue.children:
        return
    child_weights = [fairview.weight(c) for c in queue.children]
    conversion = weights.percentages(child_weights, remainder)
    for child, value in zip(queue.children, conversion.values, strict=True):
        out.cs(f"{child.path}.capacity", weights.format_percent(value))
        if plan.cluster is not None:  # the plan is read for --cluster only
            plan.set_capacity(child.path, queue.path, float(value) / 100.0)
    if conversion.zero_sum:
        out.cs(f"{queue.path}.allow-zero-capacity-sum", "true")
    if conversion.difference is None:
        return
    shown = ", ".join(
        f"{c.name}={java_float_str(w)}" for c, w in zip(queue.children, child_weights, strict=True)
    )
    ours = ", ".join(weights.format_percent(v) for v in conversion.values)
    location = queue.children[0].setting_location("weight")
    if conversion.difference == "crash":
        out.finding(
            rules.CV401,
            location,
            f"children of {queue.path} (weights {shown}): fs2cs fails with ArithmeticException "
            f"'Rounding necessary'; fsctl writes {ours}",
            queue=queue.path,
            property="weight",
        )
        return
    assert conversion.fs2cs is not None
    theirs = ", ".join(weights.format_percent(v) for v in conversion.fs2cs.values)
    rule = rules.CV402 if conversion.difference == "all-zero" else rules.CV403
    if conversion.difference == "negative":
        why = (
            "fs2cs gives the rounding remainder to the last child the Fair Scheduler created, which "
            f"goes below 0 (its own verification then fails), and writes {theirs}; fsctl gives it to "
            f"the largest and writes {ours}"
        )
    else:
        why = (
            f"fs2cs divides by the truncated sum of the weights and writes {theirs}; fsctl writes "
            f"{ours}, which follow the weights"
        )
    out.finding(
        rule,
        location,
        f"children of {queue.path} (weights {shown}): {why}",
        queue=queue.path,
        property="weight",
    )


def _unsupported(
    out: Emitter,
    action_key: str,
    rule: Rule,
    queue: Queue,
    name: str,
    value: str,
    why: str,
    severity: Severity | None = None,
) -> None:
    """fs2cs's "Setting <name> (value) of queue q is not supported, ignoring conversion" rule."""
    out.fs2cs_rule(
        action_key,
        rule,
        queue.setting_location(name),
        f"Setting <{name}> ({value}) of queue {queue.path} is not supported, ignoring conversion{why}",
        severity,
        queue=queue.path,
        property=name,
    )


def _limits_nothing(spec: ResourceSpec) -> bool:
    """A maximum of the whole cluster or more: dropping it lifts no limit."""
    return spec.is_percentage and all(fraction >= 1.0 for _, fraction in spec.fractions or ())


def _min_resources(queue: Queue, plan: Plan, out: Emitter, memo: _Memo) -> None:
    spec = queue.effective.min_resources
    if not isinstance(spec, ResourceSpec):
        return
    _, nonzero, _, value = memo.spec(spec)
    if not nonzero:
        return
    why = ""
    if plan.cluster is not None and queue.path in plan.abs_capacity:
        guaranteed = fmt_vector(plan.guaranteed(queue.path))
        why = f"; its guaranteed resources under the Capacity Scheduler are {guaranteed}"
    _unsupported(out, "minResources", rules.CV202, queue, "minResources", value, why)


def _maximum_capacity(queue: Queue, plan: Plan, ctx: QueueContext, out: Emitter, memo: _Memo) -> None:
    path = queue.path
    parent = queue.parent.path if queue.parent is not None else None
    spec = queue.effective.max_resources
    percent = 100.0
    # FSQueueConverter.emitMaximumCapacity: setMaximumCapacity(100f) from 3.4, the string "100" before
    text = "100.0" if memo.at_least_34 else "100"
    if isinstance(spec, ResourceSpec) and memo.spec(spec)[2]:
        value = memo.spec(spec)[3]
        # the rules file decides first: with maxResources.action=abort fs2cs stops here
        # (FSConfigToCSConfigRuleHandler.handleMaxResources), --cluster or not
        cluster = ctx.options.cluster if ctx.options.rules.action("maxResources") == "warning" else None
        if cluster is not None and parent is not None:
            limit = resolved(spec, cluster)
            conversion = maximum_percent(limit, plan.maximum(parent))
            if conversion is None:
                message = (
                    f"<maxResources> ({value}) of queue {path} does not limit it below its parent's maximum "
                    f"{fmt_vector(plan.maximum(parent))}; maximum-capacity=100.0"
                )
            else:
                percent, text = conversion.percent, conversion.text
                message = (
                    f"<maxResources> ({value}) of queue {path} became maximum-capacity={text} "
                    f"(percent of the parent's maximum, cluster {fmt_vector(cluster)})"
                )
                if conversion.lost:
                    message += f"; one percentage for every resource type: {conversion.lost}"
                raised = _raise_for_old_versions(path, parent, percent, plan, ctx)
                if raised is not None:
                    percent, text = raised
                    message += (
                        f"; raised to {text} because Hadoop before 3.4 refuses a capacity above the maximum "
                        "(CSQueueUtils.capacitiesSanityCheck)"
                    )
            plan.set_maximum(path, parent, percent)
            severity, moved = limit_change(fair_maximum(chain_limits(queue), cluster), plan.abs_maximum[path])
            out.finding(
                rules.CV301,
                queue.setting_location("maxResources"),
                message + (f"; the limit moves: {moved}" if severity >= Severity.WARNING else ""),
                queue=path,
                property="maxResources",
                severity=severity,
            )
        else:
            out.fs2cs_rule(
                "maxResources",
                rules.CV201,
                queue.setting_location("maxResources"),
                f"Setting <maxResources> ({value}) of queue {path} is not supported, ignoring conversion"
                + (
                    ""
                    if parent is not None
                    else "; the Capacity Scheduler's root has the whole cluster (CV410)"
                )
                + ("" if cluster is not None or parent is None else "; give --cluster to convert it"),
                Severity.INFO if _limits_nothing(spec) else None,
                queue=path,
                property="maxResources",
            )
    out.capacity[CS_PREFIX + path + ".maximum-capacity"] = text
    if plan.cluster is not None and path not in plan.abs_maximum:  # the plan is read for --cluster only
        plan.set_maximum(path, parent, percent)


def _raise_for_old_versions(
    path: str, parent: str, percent: float, plan: Plan, ctx: QueueContext
) -> tuple[float, str] | None:
    """Before 3.4 an absolute capacity above the absolute maximum fails to load (cs.md §10); the
    Fair steady share is capped by maxResources anyway, so the maximum is raised to the capacity."""
    if ctx.options.hadoop_version >= (3, 4):
        return None
    capacity = plan.abs_capacity.get(path, 0.0)
    parent_max = plan.abs_maximum.get(parent, 1.0)
    if parent_max <= 0 or capacity <= parent_max * percent / 100.0:
        return None
    needed = math.ceil(capacity / parent_max * 100.0 * 1000.0) / 1000.0
    needed = min(needed, 100.0)
    return needed, java_float_str(to_float32(needed))


def _max_child_resources(queue: Queue, plan: Plan, ctx: QueueContext, out: Emitter, memo: _Memo) -> None:
    spec = queue.effective.max_child_resources
    if not isinstance(spec, ResourceSpec):
        return
    _, _, is_set, value = memo.spec(spec)
    if not is_set:
        return
    path = queue.path
    # with maxChildCapacity.action=abort fs2cs stops here, --cluster or not (its
    # testConvertFSConfigurationRulesFile; found by the oracle)
    cluster = ctx.options.cluster if ctx.options.rules.action("maxChildCapacity") == "warning" else None
    auto_created = out.get_cs(f"{path}.auto-queue-creation-v2.enabled") == "true"
    if cluster is not None and auto_created:
        conversion = maximum_percent(resolved(spec, cluster), plan.maximum(path))
        text = conversion.text if conversion is not None else "100.0"
        out.cs(f"{path}.auto-queue-creation-v2.leaf-template.maximum-capacity", text)
        message = (
            f"<maxChildResources> ({value}) of queue {path} became "
            f"auto-queue-creation-v2.leaf-template.maximum-capacity={text}"
        )
        if conversion is not None and conversion.lost:
            message += f"; one percentage for every resource type: {conversion.lost}"
        # a dynamic child's maximum: maxChildResources under the parent's own chain of maxima
        percent = conversion.percent if conversion is not None else 100.0
        child = percent / 100.0 * plan.abs_maximum.get(path, 1.0)
        severity, moved = limit_change(fair_maximum([spec, *chain_limits(queue)], cluster), child)
        out.finding(
            rules.CV302,
            queue.setting_location("maxChildResources"),
            message + (f"; the limit moves: {moved}" if severity >= Severity.WARNING else ""),
            queue=path,
            property="maxChildResources",
            severity=severity,
        )
        return
    reason = "" if auto_created else " (no auto-creation in percentage mode)"
    if ctx.options.cluster is None and auto_created:
        reason = "; give --cluster to convert it"
    lifted = None if not _limits_nothing(spec) else Severity.INFO
    _unsupported(out, "maxChildCapacity", rules.CV203, queue, "maxChildResources", value, reason, lifted)


def _dropped(queue: Queue, out: Emitter) -> None:
    declared = queue.declared
    if not declared.keys().isdisjoint(DROPPED_QUEUE_SETTINGS):
        # the queue's location (a fallback) is worked out only for a queue that has a finding
        out.not_converted(declared, DROPPED_QUEUE_SETTINGS, queue.location, queue.path)
    if "reservation" in queue.declared:
        out.on_setting(
            rules.CV306,
            queue,
            "reservation",
            f"queue {queue.path} has <reservation>: it becomes a Capacity Scheduler parent queue "
            "and the reservation is not converted",
        )


def _emit_acls(tree: QueueTree, queues: list[Queue], out: Emitter) -> None:
    """``emitACLs``/``generateQueueAcl``: the ACLs of ``AllocationConfiguration.getQueueAcls``, which
    has an entry for every queue *element* of the file, its undeclared ACLs at their defaults
    (AllocationFileQueueParser: ``*`` for root, nobody for the rest, and nobody is not written). So a
    ``<queue name="root">`` element writes root's ``*``; a file without one writes no root ACL."""
    root_element = any(element.path == "root" for element in tree.info.queue_elements)
    for queue in queues:
        declared = queue.declared
        if "aclSubmitApps" not in declared and "aclAdministerApps" not in declared and queue.path != "root":
            continue  # neither ACL declared: nobody, which is not written
        for fair_name, cs_name in (
            ("aclSubmitApps", "acl_submit_applications"),
            ("aclAdministerApps", "acl_administer_queue"),
        ):
            raw = fairview.acl_raw(queue, fair_name)
            if raw is None:
                text = "*" if queue.path == "root" and root_element else None
            else:
                text = fairview.acl_string(raw)
            if text is None and raw is not None and queue.path == "root":
                # the Capacity Scheduler's root default is *, and ACLs are hierarchical (cs.md §2.2)
                text = " "
                out.finding(
                    rules.CV408,
                    queue.setting_location(fair_name),
                    f"root's {fair_name} allows nobody: root.{cs_name} is written as ' ' "
                    "(fs2cs leaves it out, and the Capacity Scheduler's default for root, *, "
                    "would let everyone in everywhere)",
                    queue="root",
                    property=fair_name,
                )
            if text is not None:
                out.cs(f"{queue.path}.{cs_name}", text)
