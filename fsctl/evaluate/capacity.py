"""Capacity Scheduler effective capacities for a cluster (cs.md §7).

Legacy queue mode (the default) follows ``CSQueueUtils.updateAbsoluteCapacitiesByNodeLabels``,
``AbstractParentQueue.updateClusterResourceLegacyMode`` and ``AbstractCSQueue.updateEffectiveResources``:
percentages and normalised weights multiply down the tree in Java floats, absolute queues are
downscaled by their parent when the children ask for more than it has. Non-legacy mode follows
``ResourceCalculationDriver`` per resource type: absolute children first, then percentages of what is
left, then weights; each queue's capacities are then its resources over its parent's
(``CapacitySchedulerQueueCapacityHandler.setQueueCapacities``). User limits and AM limits are the
idle-cluster preview of cs.md §7.3–§7.4.

Walks are iterative (pre-order), linear in the number of queues.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fsctl.capacity.capacity_value import CapacityMode, CapacityValue, EntryKind, parse_capacity
from fsctl.capacity.values import CapacityQueue, CapacityTree
from fsctl.hadoop.javanum import java_double_divide, java_float_divide, java_min, to_float32
from fsctl.model.resources import MEMORY, Vector, java_int, java_long, resource_types


class _Float32(dict[float, float]):
    """Java's ``(float) d`` by value: a tree's capacities repeat a few products and fractions.
    Bounded, so a long-lived process cannot grow it without limit."""

    def __missing__(self, value: float) -> float:
        rounded = to_float32(value)
        if value:  # 0.0 and -0.0 are one key but each rounds to itself, its sign kept
            if len(self) >= 65536:
                self.clear()
            self[value] = rounded
        return rounded


f32 = _Float32().__getitem__


@dataclass(slots=True)
class LabelCapacity:
    """Percentages of one node label (partition) for one queue."""

    capacity: float
    absolute_capacity: float
    maximum_capacity: float
    absolute_maximum_capacity: float


@dataclass(slots=True)
class CapacityShares:
    path: str
    name: str
    parent: str | None
    leaf: bool
    mode: str
    #: fractions (0..1), Java floats; the report shows them as percentages. ``capacity`` is
    #: QueueCapacities.capacity: 0 for a weight (getNonLabeledQueueCapacity reads no percentage in
    #: "2w"; oracle: 3.4.2), whose share is ``normalized_weight``
    capacity: float = 0.0
    absolute_capacity: float = 0.0
    maximum_capacity: float = 1.0
    absolute_maximum_capacity: float = 1.0
    weight: float = -1.0
    normalized_weight: float = 0.0
    guaranteed: Vector = field(default_factory=dict)
    maximum: Vector = field(default_factory=dict)
    configured_min: Vector | None = None
    configured_max: Vector | None = None
    labels: dict[str, LabelCapacity] = field(default_factory=dict)
    user_limit_percent: float = 100.0
    user_limit_factor: float = 1.0
    single_user_limit: Vector = field(default_factory=dict)
    am_limit: Vector = field(default_factory=dict)
    user_am_limit: Vector = field(default_factory=dict)
    max_applications: int = 0
    max_applications_per_user: int = 0
    warnings: list[str] = field(default_factory=list)
    depth: int = 0
    queue: CapacityQueue | None = field(default=None, repr=False)
    children: list[CapacityShares] = field(default_factory=list, repr=False)


@dataclass(slots=True)
class CapacityResult:
    cluster: Vector
    types: tuple[str, ...]
    legacy: bool
    queues: list[CapacityShares]
    notes: list[str] = field(default_factory=list)
    index: dict[str, CapacityShares] = field(default_factory=dict)

    def find(self, path: str) -> CapacityShares | None:
        return self.index.get(path)


def capacity_value(raw: Any, path: str, *, maximum: bool, types: tuple[str, ...]) -> CapacityValue | None:
    """A CapacityValue from the reader, or parsed from text/number (hand-built trees); None if unusable."""
    if raw is None or isinstance(raw, CapacityValue):
        return raw
    try:
        return parse_capacity(str(raw), path, maximum=maximum, resource_types=types)
    except ValueError:
        return None


def _float(value: Any, default: float) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def _dominant(tree: CapacityTree) -> bool:
    return "Dominant" in str(tree.info.defaults["resource-calculator"])


Amounts = Mapping[str, int]


def _dominant_share(v: Amounts, cluster: Amounts, types: tuple[str, ...]) -> float:
    return max((v.get(t, 0) / cluster[t] for t in types if cluster.get(t)), default=0.0)


def _less_than(a: Amounts, b: Amounts, cluster: Amounts, types: tuple[str, ...], dominant: bool) -> bool:
    """``Resources.lessThan(rc, cluster, a, b)``: memory for DefaultRC, dominant share for DominantRC."""
    if not dominant:
        return a.get(MEMORY, 0) < b.get(MEMORY, 0)
    return _dominant_share(a, cluster, types) < _dominant_share(b, cluster, types)


def _divide(a: Amounts, b: Amounts, cluster: Amounts, types: tuple[str, ...], dominant: bool) -> float:
    """``Resources.divide(rc, cluster, a, b)``: memory ratio (DefaultRC) or dominant-share ratio."""
    if not dominant:
        return a.get(MEMORY, 0) / b[MEMORY] if b.get(MEMORY) else 0.0
    denominator = _dominant_share(b, cluster, types)
    return _dominant_share(a, cluster, types) / denominator if denominator else 0.0


def evaluate_capacity(tree: CapacityTree, cluster: Mapping[str, int]) -> CapacityResult:
    """Capacities, effective resources and limits of every queue for a cluster of the given size."""
    types = resource_types([*cluster.keys(), *tree.info.resource_types])
    full = {t: int(cluster.get(t, 0)) for t in types}
    legacy = tree.info.legacy_queue_mode
    result = CapacityResult(cluster=full, types=types, legacy=legacy, queues=[])
    stack: list[tuple[CapacityQueue, CapacityShares | None]] = [(tree.root, None)]
    while stack:
        queue, parent = stack.pop()
        shares = _shares(queue, parent, types)
        if parent is not None:
            parent.children.append(shares)
        result.queues.append(shares)
        result.index[shares.path] = shares
        stack.extend((child, shares) for child in reversed(queue.children))
    dominant = _dominant(tree)
    if legacy:
        _legacy(result, dominant, divides=(3, 1) <= tree.info.hadoop_version < (3, 2))
    else:
        _non_legacy(result, dominant)
    _labels(result)
    _limits(tree, result)
    return result


#: a capacity mode's name in the report (the enum's value, without the enum's property per queue)
_MODE_NAMES = {mode: mode.value for mode in CapacityMode}


def _shares(queue: CapacityQueue, parent: CapacityShares | None, types: tuple[str, ...]) -> CapacityShares:
    path, values = queue.path, queue.effective
    # the reader's CapacityValue, or text or a number in a hand-built tree
    capacity: CapacityValue | None = values.capacity
    if capacity is not None and type(capacity) is not CapacityValue:
        capacity = capacity_value(capacity, path, maximum=False, types=types)
    maximum: CapacityValue | None = values.maximum_capacity
    if maximum is not None and type(maximum) is not CapacityValue:
        maximum = capacity_value(maximum, path, maximum=True, types=types)
    is_root = parent is None
    if is_root:
        mode = "percentage"
    elif capacity is None:
        mode = "none"
    elif capacity.mode is CapacityMode.VECTOR and capacity.weight >= 0:
        mode = "weight"  # a vector of one common weight counts as that weight (AbstractCSQueue)
    else:
        mode = _MODE_NAMES[capacity.mode]
    shares = CapacityShares(
        path=path,
        name=queue.name,
        parent=None if parent is None else parent.path,
        leaf=queue.is_leaf,
        mode=mode,
        capacity=1.0 if is_root else (capacity.fraction if capacity is not None else 0.0),
        # unset, -1, bracketed: 100 %
        maximum_capacity=maximum.fraction
        if maximum is not None and maximum.mode is CapacityMode.PERCENTAGE
        else 1.0,
        weight=capacity.weight if capacity is not None and mode == "weight" else -1.0,
        queue=queue,
        depth=path.count("."),
    )
    if capacity is not None and capacity.mode is CapacityMode.ABSOLUTE and capacity.resources:
        shares.configured_min = {t: dict(capacity.resources).get(t, 0) for t in types}
    if maximum is not None and maximum.mode is CapacityMode.ABSOLUTE and maximum.resources:
        shares.configured_max = {t: dict(maximum.resources).get(t, 0) for t in types}
    return shares


# -- legacy mode -------------------------------------------------------------------------------


def _legacy(result: CapacityResult, dominant: bool, divides: bool) -> None:
    """``divides``: Hadoop 3.1's absolute capacity of an absolute-resource queue (see _legacy_absolute)."""
    types, cluster = result.types, result.cluster
    root = result.queues[0]
    root.capacity = root.absolute_capacity = 1.0
    # root keeps the whole cluster, but its maximum-capacity scales every absolute maximum below it
    # (oracle, 3.4.2: root.maximum-capacity=50 halves them; 3.3.6 refuses it, CS124)
    root.absolute_maximum_capacity = root.maximum_capacity
    root.guaranteed = dict(cluster)
    root.maximum = dict(cluster)
    # the resources of an absolute capacity: queues with equal capacities share one vector (results
    # are read, never changed)
    resources: dict[float, Vector] = {}
    for parent in result.queues:
        children = parent.children
        if not children:
            continue
        # weight normalisation among siblings (CSQueueUtils / AbstractParentQueue)
        weight_sum = sum(max(0.0, c.weight) for c in children if c.mode == "weight")
        for child in children:
            if child.mode == "weight" and weight_sum > 0:
                child.normalized_weight = f32(child.weight / weight_sum)
        absolute = [c for c in children if c.mode == "absolute" and c.configured_min is not None]
        ratio = _downscale(parent, absolute, cluster, types, dominant)
        for child in children:
            if child.mode == "absolute":
                _legacy_absolute(child, parent, ratio, cluster, types, dominant, divides)
                continue
            fraction = max(child.capacity, child.normalized_weight)
            child.absolute_capacity = f32(fraction * parent.absolute_capacity) if fraction > 0 else 0.0
            child.absolute_maximum_capacity = (
                f32(child.maximum_capacity * parent.absolute_maximum_capacity)
                if child.maximum_capacity > 0
                else 0.0
            )
            for fraction in (child.absolute_capacity, child.absolute_maximum_capacity):
                if fraction not in resources:
                    resources[fraction] = {t: int(cluster[t] * fraction) for t in types}
            child.guaranteed = resources[child.absolute_capacity]
            child.maximum = resources[child.absolute_maximum_capacity]


def _downscale(
    parent: CapacityShares,
    absolute: list[CapacityShares],
    cluster: Mapping[str, int],
    types: tuple[str, ...],
    dominant: bool,
) -> dict[str, float]:
    """The parent's per-type ratio when its absolute children ask for more than it has."""
    if not absolute:
        return {}
    asked = {t: sum((c.configured_min or {}).get(t, 0) for c in absolute) for t in types}
    have = parent.guaranteed
    if not _less_than(have, asked, cluster, types, dominant):
        return {}
    # (float) nValue / dValue (getEffectiveMinRatio): a float division of the two longs as floats
    return {t: f32(f32(have.get(t, 0)) / f32(asked[t])) for t in types if asked[t]}


def _legacy_absolute(
    child: CapacityShares,
    parent: CapacityShares,
    ratio: Mapping[str, float],
    cluster: Mapping[str, int],
    types: tuple[str, ...],
    dominant: bool,
    divides: bool,
) -> None:
    configured = child.configured_min or dict.fromkeys(types, 0)
    # (long) (value * ratio) with a Float ratio (AbstractCSQueue.createNormalizedMinResource, 3.3's
    # ParentQueue.getMinResourceNormalized): the long is promoted to float, the product is a float,
    # so 341 * (1024f / 682) is 512, not the double's 511.99
    child.guaranteed = {
        t: java_long(f32(f32(configured.get(t, 0)) * ratio[t])) if t in ratio else configured.get(t, 0)
        for t in types
    }
    parent_max = parent.configured_max or parent.maximum
    if child.configured_max is None:
        child.maximum = dict(parent_max)
    else:
        # AbstractCSQueue.getOrInheritMaxResource: Resources.min(rc, clusterResource, configured,
        # parent's) picks one whole vector of the two; the cluster is only the calculator's
        # yardstick, never a candidate (oracle: a max above the cluster stays as configured)
        configured_max = child.configured_max
        less = _less_than(parent_max, configured_max, cluster, types, dominant)
        child.maximum = dict(parent_max if less else configured_max)
    child.capacity = f32(_divide(child.guaranteed, parent.guaranteed, cluster, types, dominant))
    child.maximum_capacity = f32(_divide(child.maximum, parent.maximum, cluster, types, dominant))
    if divides:
        # ParentQueue.deriveCapacityFromAbsoluteConfigurations of 3.1 divides by the parent's
        # absolute capacities (3.2.0 multiplies; oracle: 3.1.4 gives 62.5% for 25% of a 40% parent)
        child.absolute_capacity = java_float_divide(child.capacity, parent.absolute_capacity)
        child.absolute_maximum_capacity = java_float_divide(
            child.maximum_capacity, parent.absolute_maximum_capacity
        )
        return
    child.absolute_capacity = f32(child.capacity * parent.absolute_capacity)
    child.absolute_maximum_capacity = f32(child.maximum_capacity * parent.absolute_maximum_capacity)


# -- non-legacy mode ---------------------------------------------------------------------------

#: ResourceCalculationDriver.CALCULATOR_PRECEDENCE
_PRECEDENCE = (EntryKind.ABSOLUTE, EntryKind.PERCENTAGE, EntryKind.WEIGHT)
#: what QueueCapacityVector.newInstance() holds for a resource: an amount of 0 (a queue's maximum
#: when its maximum-capacity does not parse or is unset)
_NO_AMOUNT = (EntryKind.ABSOLUTE, 0.0)

Entries = dict[str, tuple[EntryKind, float]]


def _entries(queue: CapacityQueue | None, key: str, types: tuple[str, ...], maximum: bool) -> Entries:
    """A queue's configured capacity vector (QueueCapacityConfigParser), per resource."""
    if queue is None:
        return {}
    value = capacity_value(queue.effective.value_of(key), queue.path, maximum=maximum, types=types)
    if value is None or not value.text:
        return {}
    return {e.resource: (e.kind, e.value) for e in value.vector}


def _rounded(value: float, kind: EntryKind) -> float:
    """DefaultQueueResourceRoundingStrategy: Math.round for the last type (weights), else Math.floor."""
    if kind is EntryKind.WEIGHT:
        return float(math.floor(value + 0.5)) if math.isfinite(value) else (0.0 if value != value else value)
    return math.floor(value) if math.isfinite(value) else value


def _non_legacy(result: CapacityResult, dominant: bool) -> None:
    """``CapacitySchedulerQueueCapacityHandler`` in flexible mode: each parent's
    ``ResourceCalculationDriver`` sets its children's effective resources, then
    ``setQueueCapacities`` derives their capacities from those resources.

    What the ResourceManager runs when the handler reads the same capacity-scheduler.xml as the
    queues (its configuration directory on the classpath); a handler built from another
    configuration keeps legacy mode's capacities (a percentage as configured, a weight at 0) for the
    same resources."""
    types, cluster = result.types, result.cluster
    root = result.queues[0]
    root.guaranteed = dict(cluster)
    root.maximum = dict(cluster)
    root.capacity = root.absolute_capacity = 1.0
    # the fractions below root scale by its maximum-capacity; the resources do not (oracle, 3.4.2)
    root.absolute_maximum_capacity = root.maximum_capacity
    # each queue's absolute maximum capacity from its configured maximum
    setup = {root.path: root.absolute_maximum_capacity}
    for parent in result.queues:  # pre-order: a parent's resources are set before its children's
        if not parent.children:
            continue
        _drive(parent, types, cluster)
        for child in parent.children:
            # what the queue's setup left (updateAbsoluteCapacities on the configured maximum, 0
            # when that is 0), kept where the resources give no maximum capacity
            configured = child.maximum_capacity
            child.absolute_maximum_capacity = f32(configured * setup[parent.path]) if configured > 0 else 0.0
            setup[child.path] = child.absolute_maximum_capacity
            _capacities_from_resources(child, parent, cluster, types, dominant)


def _drive(parent: CapacityShares, types: tuple[str, ...], cluster: Mapping[str, int]) -> None:
    """``ResourceCalculationDriver.calculateResources`` for one parent, in its double arithmetic:
    per resource (memory first), absolute children, then percentages, then weights, each phase
    taking its share of what the phases before it left (``getRemainingRatioOfResource``)."""
    children = parent.children
    mins = [_entries(c.queue, "capacity", types, False) for c in children]
    maxes = [_entries(c.queue, "maximum-capacity", types, True) for c in children]
    parent_min, parent_max = parent.guaranteed, parent.maximum
    # a ManagedParentQueue (v1 auto-creation) neither scales its absolute children down nor lets
    # them past what is left: they get 0
    managed = parent.queue is not None and parent.queue.effective.auto_create == "v1"
    # the resources of the parent's own vector are those it scales (root's: every resource)
    scaled = types if parent.parent is None else tuple(_entries(parent.queue, "capacity", types, False))
    ratios = None if managed else _normalized_ratios(parent.guaranteed, mins, scaled)
    weights: dict[str, float] = {}
    for entries in mins:
        for t, (kind, value) in entries.items():
            if kind is EntryKind.WEIGHT:
                weights[t] = weights.get(t, 0.0) + value
    guaranteed: list[Vector] = [{} for _ in children]
    maximum: list[Vector] = [{} for _ in children]
    for t in types:
        have, most, whole = parent_min.get(t, 0), parent_max.get(t, 0), cluster.get(t, 0)
        overall = batch = float(have)  # overallRemainingResource, batchRemainingResource
        for phase in _PRECEDENCE:
            used = 0.0
            for i, child in enumerate(children):
                kind_value = mins[i].get(t)
                if kind_value is None or kind_value[0] is not phase:
                    continue
                value = kind_value[1]
                remaining_ratio = java_double_divide(batch, have)
                if phase is EntryKind.ABSOLUTE:
                    ratio = 1.0 if ratios is None else ratios.get(t, 0.0)
                    low = ratio * remaining_ratio * value
                elif phase is EntryKind.PERCENTAGE:
                    low = whole * (java_double_divide(have, whole) * remaining_ratio * value / 100)
                else:
                    normalized = java_double_divide(value, weights[t])
                    # "use all remaining resources if no other resource uses weight"
                    low = (
                        batch
                        if normalized == 1
                        else whole * (java_double_divide(have, whole) * remaining_ratio * normalized)
                    )
                max_kind, max_value = maxes[i].get(t, _NO_AMOUNT)
                if max_kind is EntryKind.PERCENTAGE:
                    high = whole * (java_double_divide(most, whole) * max_value / 100)
                else:
                    high = max_value
                low, high = _rounded(low, phase), _rounded(high, max_kind)
                # validateCalculatedResources
                if t != MEMORY and guaranteed[i].get(MEMORY, 0) == 0:
                    low = 0.0  # memory is the primary resource: without it there is none
                if high != 0 and high > most:
                    child.warnings.append(f"QUEUE_MAX_RESOURCE_EXCEEDS_PARENT: {t}")
                high = float(most) if high == 0 else java_min(high, most)
                if high < low:
                    child.warnings.append(f"QUEUE_EXCEEDS_MAX_RESOURCE: {t}")
                    low = high
                if low > overall:
                    if managed:
                        low = 0.0
                    else:
                        child.warnings.append(f"QUEUE_OVERUTILIZED: {t}")
                        low = overall
                if low == 0:
                    child.warnings.append(f"QUEUE_ZERO_RESOURCE: {t}")
                guaranteed[i][t], maximum[i][t] = java_long(low), java_long(high)
                overall -= low
                used += low
            batch -= used
    for i, child in enumerate(children):
        # a resource no phase set keeps the 0 a queue starts with
        child.guaranteed = {t: guaranteed[i].get(t, 0) for t in types}
        child.maximum = {t: maximum[i].get(t, 0) for t in types}


def _normalized_ratios(have: Amounts, mins: list[Entries], types: tuple[str, ...]) -> dict[str, float] | None:
    """``AbsoluteResourceCapacityCalculator.setNormalizedResourceRatio``: per resource, the float
    ratio by which the absolute children are scaled down to fit the parent (1 when they fit); None
    where no child asks for an amount (every ratio then reads as 1)."""
    ratios: dict[str, float] | None = None
    for t in types:
        asked = 0
        for entries in mins:
            kind, value = entries.get(t, _NO_AMOUNT)
            if kind is EntryKind.ABSOLUTE:
                asked = java_long(asked + value)  # long += double
        if asked == 0:
            continue
        numerator = f32(asked) if have.get(t, 0) >= asked else f32(have.get(t, 0))
        if ratios is None:
            ratios = {}  # ResourceVector.newInstance(): the resources without a ratio read as 0
        ratios[t] = java_float_divide(numerator, f32(asked))
    return ratios


def _capacities_from_resources(
    child: CapacityShares,
    parent: CapacityShares,
    cluster: Mapping[str, int],
    types: tuple[str, ...],
    dominant: bool,
) -> None:
    """``CapacitySchedulerQueueCapacityHandler.setQueueCapacities`` and
    ``CSQueueUtils.updateAbsoluteCapacitiesByNodeLabels`` (flexible mode): a queue's capacities
    are its resources over its parent's, in the scheduler's calculator, Java floats."""
    capacity = _ratio(child.guaranteed, parent.guaranteed, cluster, types, dominant)
    maximum = _ratio(child.maximum, parent.maximum, cluster, types, dominant)
    child.capacity = 0.0 if math.isinf(capacity) else capacity
    child.maximum_capacity = 0.0 if math.isinf(maximum) else maximum
    child.absolute_capacity = f32(child.capacity * parent.absolute_capacity)
    if child.maximum_capacity > 0:
        child.absolute_maximum_capacity = f32(child.maximum_capacity * parent.absolute_maximum_capacity)


def _ratio(a: Amounts, b: Amounts, cluster: Amounts, types: tuple[str, ...], dominant: bool) -> float:
    """``ResourceCalculator.divide``: Default's ``divideSafelyAsFloat`` on memory (0 / 0 is 0),
    Dominant's float of the ratio of the two dominant shares (types the cluster has none of left
    out)."""
    if not dominant:
        x, y = a.get(MEMORY, 0), b.get(MEMORY, 0)
        return 0.0 if x == 0 and y == 0 else java_float_divide(f32(x), f32(y))
    shares = [(a.get(t, 0) / cluster[t], b.get(t, 0) / cluster[t]) for t in types if cluster.get(t)]
    top = max((x for x, _ in shares), default=0.0)
    bottom = max((y for _, y in shares), default=0.0)
    return to_float32(java_double_divide(top, bottom))


# -- node labels ---------------------------------------------------------------------------------


def _labels(result: CapacityResult) -> None:
    """Per-label absolute capacities (percentages and weights; legacy formula, cs.md §7.1)."""
    for parent in result.queues:
        parent_labels = parent.labels if parent.parent is not None else None
        configured: dict[str, dict[str, tuple[Any, Any]]] = {}
        weight_sum: dict[str, float] = {}  # per label, over the siblings that use weights
        for child in parent.children:
            raw = child.queue.effective.node_labels if child.queue is not None else None
            if not raw or not isinstance(raw, Mapping):  # most queues have none: the cheap test first
                continue
            entries = {
                label: (v.get("capacity"), v.get("maximum-capacity"))
                for label, v in raw.items()
                if isinstance(v, Mapping)
            }
            configured[child.path] = entries
            for label, (cap, _) in entries.items():
                if isinstance(cap, CapacityValue) and cap.mode is CapacityMode.WEIGHT:
                    weight_sum[label] = weight_sum.get(label, 0.0) + max(0.0, cap.weight)
        if not configured:
            continue
        for child in parent.children:
            for label, (cap, mx) in configured.get(child.path, {}).items():
                if parent_labels is None:
                    parent_abs, parent_abs_max = 1.0, 1.0
                else:
                    parent_label = parent_labels.get(label)
                    parent_abs = parent_label.absolute_capacity if parent_label else 0.0
                    parent_abs_max = parent_label.absolute_maximum_capacity if parent_label else 0.0
                fraction = capacity = 0.0
                if isinstance(cap, CapacityValue):
                    if cap.mode is CapacityMode.WEIGHT:
                        total = weight_sum.get(label, 0.0)
                        fraction = f32(cap.weight / total) if total > 0 else 0.0
                    else:
                        fraction = capacity = cap.fraction
                maximum = (
                    mx.fraction
                    if isinstance(mx, CapacityValue) and mx.mode is CapacityMode.PERCENTAGE
                    else 1.0
                )
                child.labels[label] = LabelCapacity(
                    capacity=capacity,  # a weight's is 0, as below
                    absolute_capacity=f32(fraction * parent_abs) if fraction > 0 else 0.0,
                    maximum_capacity=maximum,
                    absolute_maximum_capacity=f32(maximum * parent_abs_max) if maximum > 0 else 0.0,
                )


def _normalize_up(amount: int, by: float, step: int) -> int:
    """``DefaultResourceCalculator.multiplyAndNormalizeUp`` on memory: ceil of a float, up to the step."""
    value = math.ceil(f32(amount * by))
    return -(-value // step) * step if step > 0 else value


# -- limits ------------------------------------------------------------------------------------


def _leaf_limits(
    guaranteed: Vector, maximum: Vector, mulp: float, ulf: float, am: float, step: int, types: tuple[str, ...]
) -> tuple[Vector, Vector, Vector]:
    """A leaf's single-user limit, AM limit and user AM limit (cs.md §7.3–§7.4)."""
    if ulf == -1:
        single_user_limit = dict(maximum)
    else:
        single_user_limit = {t: min(int(guaranteed.get(t, 0) * ulf), maximum.get(t, 0)) for t in types}
    basis = max(guaranteed.get(MEMORY, 0), maximum.get(MEMORY, 0))
    am_limit = _normalize_up(basis, f32(am), step)
    user_share = min(max(mulp / 100, 1.0), 1.0)  # one active user
    factor = f32(am) * user_share * (1 if ulf == -1 else ulf)
    user_am_limit = min(_normalize_up(guaranteed.get(MEMORY, 0), factor, step), am_limit)
    return single_user_limit, {MEMORY: am_limit}, {MEMORY: user_am_limit}


def _limits(tree: CapacityTree, result: CapacityResult) -> None:
    """User limit, AM limits and application counts for an idle cluster (cs.md §7.3–§7.5)."""
    types = result.types
    base = int(_float(tree.info.defaults["maximum-applications"], 10000))
    global_max = int(_float(tree.info.defaults["global-queue-max-application"], -1))
    # AbstractLeafQueue.updateMaximumApplications (3.4): the global per-queue maximum, at most the
    # system's, for queues not in absolute mode, that times the absolute capacity for those;
    # LeafQueue.setupQueueConfigs and ParentQueue's absolute branch (3.3): the global per-queue
    # maximum as it is, times the absolute capacity in absolute mode (found by the load oracle)
    v34 = tree.info.hadoop_version >= (3, 4)
    if global_max > 0 and v34:
        base = min(global_max, base)
    step = int(_float(tree.info.defaults["yarn.scheduler.minimum-allocation-mb"], 1024)) or 1
    # the limits of each distinct (guaranteed, maximum, settings): leaves that share their resource
    # vectors (_legacy) and settings share the limit vectors too. Keyed by the vectors' ids, which
    # stay theirs while the queues hold them, for the whole walk
    known: dict[tuple[int, int, float, float, float], tuple[Vector, Vector, Vector]] = {}
    for q in result.queues:
        if not q.leaf or q.queue is None:
            continue
        values = q.queue.effective
        mulp = _float(values.minimum_user_limit_percent, 100.0)
        ulf = _float(values.user_limit_factor, 1.0)
        am = _float(values.maximum_am_resource_percent, 0.1)
        q.user_limit_percent, q.user_limit_factor = mulp, ulf
        guaranteed, maximum = q.guaranteed, q.maximum
        key = (id(guaranteed), id(maximum), mulp, ulf, am)
        limits = known.get(key)
        if limits is None:
            limits = known[key] = _leaf_limits(guaranteed, maximum, mulp, ulf, am, step, types)
        q.single_user_limit, q.am_limit, q.user_am_limit = limits
        explicit = int(_float(values.maximum_applications, -1))
        if explicit >= 0:
            q.max_applications = explicit
        elif global_max > 0 and q.mode != "absolute":
            q.max_applications = base if v34 else global_max
        else:
            scale = global_max if global_max > 0 and not v34 else base
            # inf, NaN: 3.1 divides
            q.max_applications = java_int(f32(scale * f32(q.absolute_capacity)))
        # a user-limit-factor of -1 is "no limit" from 3.4 on; 3.3 multiplies by it, and every
        # submission is refused (found by the load oracle)
        q.max_applications_per_user = (
            q.max_applications
            if ulf == -1 and v34
            else min(q.max_applications, int(f32(q.max_applications * mulp / 100 * ulf)))
        )
