"""A capacity-scheduler.xml from a ratio file: percentages (or weights) of the parent.

Percentage mode writes each share as ``capacity`` with at most four decimals; the Capacity Scheduler
wants siblings to add up to 100 (AbstractParentQueue.setChildQueues, within 0.05 %), so the rounding
remainder is given to the first child in document order and the written values add up to exactly
100. Weight mode (``--weights``) writes ``<weight>w`` (the queue's ``weight``, else its share).
``max`` becomes ``maximum-capacity`` (percent of the parent's maximum in both modes). Other Fair
settings are carried over the way Hadoop's fs2cs converter maps them (FSQueueConverter); those with
no Capacity Scheduler equivalent are reported (GN201).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from fsctl.capacity.keys import PREFIX
from fsctl.catalogue import generate as rules
from fsctl.generate.ratios import (
    HUNDRED,
    RatioFile,
    RatioQueue,
    exact_sum,
    format_number,
    in_setting_order,
)
from fsctl.model.diagnostics import Diagnostic

PLACES = Decimal("0.0001")
DOMINANT_RESOURCE_CALCULATOR = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"

#: Fair element -> Capacity Scheduler key suffix, as FSQueueConverter carries them
ACL_KEYS = {
    "aclSubmitApps": "acl_submit_applications",
    "aclAdministerApps": "acl_administer_queue",
    "aclAdministerReservations": "acl_administer_reservations",
    "aclListReservations": "acl_list_reservations",
    "aclSubmitReservations": "acl_submit_reservations",
}
NOT_CARRIED = (
    "minSharePreemptionTimeout",
    "fairSharePreemptionTimeout",
    "fairSharePreemptionThreshold",
    "maxChildResources",
)


@dataclass
class CapacityQueue:
    name: str
    path: str
    capacity: str  # as written: "40", "33.3334" or "2w"
    maximum_capacity: str | None
    properties: list[tuple[str, str]] = field(default_factory=list)
    children: list[CapacityQueue] = field(default_factory=list)


@dataclass
class CapacityOutput:
    root: CapacityQueue
    properties: list[tuple[str, str]] = field(default_factory=list)  # full keys, document order
    diagnostics: list[Diagnostic] = field(default_factory=list)


def to_decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def text_of(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return "0" if text in ("-0", "") else text


def split_hundred(shares: list[Fraction]) -> list[Decimal]:
    """Each share to four decimals, the first child absorbing the remainder so the sum is 100."""
    rounded = [to_decimal(s).quantize(PLACES, rounding=ROUND_HALF_EVEN) for s in shares]
    if not rounded or exact_sum(shares) != HUNDRED:
        return rounded
    remainder = Decimal(100) - sum(rounded, Decimal(0))
    if remainder:
        # the first child in document order, unless that would make it negative
        index = next((i for i, value in enumerate(rounded) if value + remainder >= 0), 0)
        rounded[index] += remainder
    return rounded


def build_capacity(ratios: RatioFile, *, weights: bool = False) -> CapacityOutput:
    root = CapacityQueue("root", "root", "100", None)
    output = CapacityOutput(root)
    root.children = _children(ratios.queues, output, weights)
    _emit(root, output)
    if any(
        q.settings.get("schedulingPolicy") and q.settings["schedulingPolicy"].value == "drf"
        for q in ratios.walk()
    ):
        # fs2cs: DRF anywhere -> the Dominant Resource Calculator (FSConfigToCSConfigConverter)
        output.properties.insert(0, (PREFIX + "resource-calculator", DOMINANT_RESOURCE_CALCULATOR))
    return output


def _children(sources: list[RatioQueue], output: CapacityOutput, weights: bool) -> list[CapacityQueue]:
    if weights:
        capacities = [
            f"{q.settings['weight'].raw if 'weight' in q.settings else format_number(q.share)}w"
            for q in sources
        ]
    else:
        capacities = [text_of(value) for value in split_hundred([q.share for q in sources])]
    queues = []
    for source, capacity in zip(sources, capacities, strict=True):
        maximum = None
        if source.max is not None:
            value = to_decimal(source.max).quantize(PLACES, rounding=ROUND_HALF_EVEN)
            if not weights and value < Decimal(capacity):
                value = Decimal(capacity)  # rounding must not put the maximum below the capacity
            maximum = text_of(value)
        queue = CapacityQueue(source.name, source.path, capacity, maximum)
        queue.properties = _carried(source, output, weights)
        queue.children = _children(source.children, output, weights)
        queues.append(queue)
    return queues


def _carried(source: RatioQueue, output: CapacityOutput, weights: bool) -> list[tuple[str, str]]:
    """Fair settings as Capacity Scheduler key suffixes (FSQueueConverter)."""
    found: list[tuple[str, str]] = []
    settings = source.settings
    for name in in_setting_order(settings):
        setting = settings[name]
        if name in ACL_KEYS:
            found.append((ACL_KEYS[name], setting.raw))
        elif name == "maxRunningApps":
            found.append(("max-parallel-apps", setting.raw))
        elif name == "maxAMShare":
            # FSQueueConverter: -1 (check off) becomes 1.0
            found.append(("maximum-am-resource-percent", "1.0" if setting.value == -1 else setting.raw))
        elif name == "allowPreemptionFrom":
            if setting.value is False:
                found.append(("disable_preemption", "true"))
        elif name == "schedulingPolicy":
            if source.is_leaf:  # FSQueueConverter: leaves only; drf and fair -> fair, fifo -> fifo
                found.append(("ordering-policy", "fifo" if setting.value == "fifo" else "fair"))
        elif name == "reservation":
            if setting.value and source.is_leaf:
                found.append(("reservable", "true"))
        elif name == "maxContainerAllocation":
            amounts = _absolute(setting.raw)
            if amounts is None:
                _not_carried(source, name, output, "it is not an absolute memory and vcores amount")
            else:
                found.append(("maximum-allocation-mb", str(amounts[0])))
                found.append(("maximum-allocation-vcores", str(amounts[1])))
        elif name == "weight":
            if not weights and "weight" not in source.from_defaults:
                _not_carried(
                    source, name, output, "in percentage mode the share is the capacity; use --weights"
                )
        elif name in NOT_CARRIED and name not in source.from_defaults:
            _not_carried(source, name, output, "the Capacity Scheduler has no such setting")
    return found


def _absolute(text: str) -> tuple[int, int] | None:
    from fsctl.fair.resources import ResourceParseError, parse_resource_config_value

    try:
        spec = parse_resource_config_value(text)
    except ResourceParseError:
        return None
    amounts = spec.amounts()
    if spec.is_percentage or "memory-mb" not in amounts or "vcores" not in amounts:
        return None
    if max(amounts["memory-mb"], amounts["vcores"]) >= 2**31:
        return None
    return amounts["memory-mb"], amounts["vcores"]


def _not_carried(source: RatioQueue, name: str, output: CapacityOutput, why: str) -> None:
    setting = source.settings[name]
    output.diagnostics.append(
        rules.GN201.at(
            setting.location,
            f"queue {source.path}: {name} is not written to capacity-scheduler.xml: {why}",
            queue=source.path,
            property=name,
        )
    )


def _emit(queue: CapacityQueue, output: CapacityOutput) -> None:
    """Properties in document order: a queue's own keys, then its children's."""
    key = PREFIX + queue.path + "."
    if queue.children:
        output.properties.append((key + "queues", ",".join(c.name for c in queue.children)))
    if queue.path != "root":
        output.properties.append((key + "capacity", queue.capacity))
        if queue.maximum_capacity is not None:
            output.properties.append((key + "maximum-capacity", queue.maximum_capacity))
    output.properties.extend((key + suffix, value) for suffix, value in queue.properties)
    for child in queue.children:
        _emit(child, output)
