"""A Fair Scheduler allocation file from a ratio file: absolute minResources/maxResources.

Each queue's guaranteed amount is the cluster times the product of the shares on its path
(exact fractions), rounded down to the scheduler's allocation increment; its maximum is its ``max``
percent of its parent's maximum (the cluster at the root), the way a Capacity Scheduler
``maximum-capacity`` is relative to the parent's absolute maximum, so both targets describe the
same limits. Rounding down keeps every child's minimum within its parent's, and siblings' minimums
within the parent's. Weights are the shares (the Fair Scheduler normalises weights among siblings),
so steady fair shares follow the ratios.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from fsctl.catalogue import generate as rules
from fsctl.generate.ratios import (
    HUNDRED,
    RatioFile,
    RatioQueue,
    format_number,
    in_setting_order,
    percent_of,
)
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import MEMORY, VCORES

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

#: FairSchedulerConfiguration.DEFAULT_RM_SCHEDULER_INCREMENT_ALLOCATION_MB / _VCORES
DEFAULT_INCREMENTS = {MEMORY: 1024, VCORES: 1}
INCREMENT_MB = "yarn.scheduler.increment-allocation-mb"
INCREMENT_VCORES = "yarn.scheduler.increment-allocation-vcores"
PLACEMENT_RULES = ("specified", "user", "primaryGroup", "secondaryGroupExistingQueue", "default", "reject")


@dataclass
class FairQueue:
    """One ``<queue>`` of the output: its elements in writing order and its children."""

    name: str
    path: str
    elements: list[tuple[str, str]] = field(default_factory=list)
    children: list[FairQueue] = field(default_factory=list)
    share: Fraction = HUNDRED  # percent of the parent
    cluster_share: Fraction = Fraction(1)  # the fraction of the cluster
    min_resources: dict[str, int] = field(default_factory=dict)
    max_resources: dict[str, int] | None = None

    @property
    def leaf(self) -> bool:
        return not self.children

    @property
    def absolute(self) -> Fraction:
        """Percent of the cluster (worked out for a summary or a template only)."""
        return self.cluster_share * HUNDRED


@dataclass
class FairOutput:
    root: FairQueue
    settings: list[tuple[str, str]] = field(default_factory=list)  # top-level <allocations> elements
    placement: list[dict[str, str]] = field(default_factory=list)  # rule attributes, in order
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def queues(self) -> list[FairQueue]:
        found: list[FairQueue] = []
        stack = [self.root]
        while stack:
            queue = stack.pop()
            found.append(queue)
            stack.extend(reversed(queue.children))
        return found


def increments_from_site(
    site: HadoopConf | None, overrides: Mapping[str, int] | None = None
) -> dict[str, int]:
    """The allocation increment per resource type (FairSchedulerConfiguration.getIncrementAllocation):
    ``yarn.resource-types.<name>.increment-allocation`` wins over the older
    ``yarn.scheduler.increment-allocation-mb`` / ``-vcores``; defaults 1024 MB and 1 vcore."""
    increments = dict(DEFAULT_INCREMENTS)
    if site is not None:
        custom = site.get_trimmed_strings("yarn.resource-types")
        keys: list[tuple[str, tuple[str, ...]]] = [
            (MEMORY, (f"yarn.resource-types.{MEMORY}.increment-allocation", INCREMENT_MB)),
            (VCORES, (f"yarn.resource-types.{VCORES}.increment-allocation", INCREMENT_VCORES)),
            *((name, (f"yarn.resource-types.{name}.increment-allocation",)) for name in custom),
        ]
        for name, candidates in keys:
            for key in candidates:
                text = site.get_trimmed(key)
                # a unit suffix ("2 Gi") is not converted: such a value is left at the default
                if text and text.isdigit() and int(text) > 0:
                    increments[name] = int(text)
                    break
    for name, value in (overrides or {}).items():
        increments[name] = value
    return increments


def floor_to(numerator: int, denominator: int, increment: int) -> int:
    """``numerator / denominator`` (a positive denominator) rounded down to a multiple of the
    increment (never up: a child must fit in its parent), in integers."""
    step = max(increment, 1)
    return numerator // (denominator * step) * step


def resource_text(amounts: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={amount}" for name, amount in amounts.items())


def placement_rules(names: list[str], has_default_queue: bool) -> list[dict[str, str]]:
    """``specified,user,default`` -> rule attributes. Every rule but the last gets ``create="false"``
    so that it is not terminal and the rules after it stay reachable (QueuePlacementPolicy)."""
    found: list[dict[str, str]] = []
    for index, name in enumerate(names):
        attributes = {"name": name}
        if index < len(names) - 1 and name not in ("reject", "specified", "secondaryGroupExistingQueue"):
            attributes["create"] = "false"
        if name == "default" and has_default_queue:
            attributes["queue"] = "root.default"
        found.append(attributes)
    return found


def build_fair(
    ratios: RatioFile,
    cluster: Mapping[str, int],
    increments: Mapping[str, int],
    placement: list[str] | None = None,
) -> FairOutput:
    root = FairQueue("root", "root", min_resources=dict(cluster), max_resources=dict(cluster))
    output = FairOutput(root)
    policy = ratios.defaults.get("schedulingPolicy")
    if policy is not None and policy.value != "fifo":
        # a DRF default on every queue needs a DRF root too, or the root refuses its children
        # (FairSharePolicy.isChildPolicyAllowed); defaultQueueSchedulingPolicy covers the root
        output.settings.append(("defaultQueueSchedulingPolicy", str(policy.value)))
    for child in ratios.queues:
        root.children.append(
            _queue(child, Fraction(1), Fraction(1), cluster, increments, output, policy is not None)
        )
    if placement:
        output.placement = placement_rules(placement, ratios.find("root.default") is not None)
    return output


def _queue(
    source: RatioQueue,
    parent_share: Fraction,
    parent_max: Fraction,
    cluster: Mapping[str, int],
    increments: Mapping[str, int],
    output: FairOutput,
    default_policy_written: bool,
) -> FairQueue:
    """``parent_share`` and ``parent_max`` are fractions of the cluster (exact)."""
    share = percent_of(parent_share, source.share)
    maximum = percent_of(parent_max, source.max) if source.max is not None else parent_max
    queue = FairQueue(source.name, source.path, share=source.share, cluster_share=share)
    for name, total in cluster.items():
        numerator = total * share.numerator  # total * share, over share's denominator
        amount = floor_to(numerator, share.denominator, increments.get(name, 1))
        queue.min_resources[name] = amount
        if amount == 0 and numerator > 0:
            output.diagnostics.append(
                rules.GN202.at(
                    source.location,
                    f"queue {source.path}: {format_number(Fraction(numerator, share.denominator), 2)} {name} "
                    f"rounds down to 0 at the increment of {increments.get(name, 1)}",
                    queue=source.path,
                    property="share",
                )
            )
    queue.elements.append(("minResources", resource_text(queue.min_resources)))
    if source.max is not None:
        queue.max_resources = {
            name: floor_to(total * maximum.numerator, maximum.denominator, increments.get(name, 1))
            for name, total in cluster.items()
        }
        queue.elements.append(("maxResources", resource_text(queue.max_resources)))
    settings = source.settings
    if "weight" not in settings:
        queue.elements.append(("weight", format_number(source.share)))
    for name in in_setting_order(settings):
        setting = settings[name]
        inherited = default_policy_written and name in source.from_defaults
        if name == "schedulingPolicy" and inherited and setting.value != "fifo":
            continue  # written once as defaultQueueSchedulingPolicy
        if name == "reservation":
            if setting.value:
                queue.elements.append(("reservation", ""))
            continue
        queue.elements.append((name, setting.raw))
    for child in source.children:
        queue.children.append(
            _queue(child, share, maximum, cluster, increments, output, default_policy_written)
        )
    return queue
