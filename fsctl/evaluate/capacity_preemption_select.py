"""Which containers the preemption policy takes: ``FifoCandidatesSelector`` and the helpers every
selector shares (``CapacitySchedulerPreemptionUtils``, ``PreemptionCandidatesSelector``).

Leaf queues in the order of the policy's ``HashSet`` of their names; in each leaf the applications
in its ordering policy's preemption order (lowest priority, then latest submitted, first); in each
application its reserved containers first (each one unreserved, ``KILL_RESERVED_CONTAINER``), then
its running containers latest first, AM containers set aside and taken last, only while the queue
keeps more AM resource than its ``maximum-am-resource-percent`` of its guarantee. A container is
taken while the queue still has something to obtain and it fits in what the round may still
preempt (``total_preemption_per_round`` of the cluster, shared by every queue and selector).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from fsctl.evaluate import capacity_preemption_calc as R
from fsctl.evaluate.capacity_preemption_calc import Calculator, Res
from fsctl.evaluate.capacity_preemption_ideal import (
    AppInfo,
    ContainerInfo,
    IdealCalculator,
    SetOrder,
    TempQueue,
)

#: the order Hadoop visits containers selected by earlier selectors in, when deducting them
#: (a ``HashMap`` of ``HashSet``\\ s): the containers in selection order -> Hadoop's order
DeductOrder = Callable[[list[ContainerInfo]], list[ContainerInfo]]


def selection_order(containers: list[ContainerInfo]) -> list[ContainerInfo]:
    """fsctl's order for the selected containers Hadoop keeps in hash sets: selection order."""
    return containers


KILL_RESERVED = "KILL_RESERVED_CONTAINER"
MARK_FOR_PREEMPTION = "MARK_CONTAINER_FOR_PREEMPTION"


class PolicyThrows(Exception):
    """The round ends on an exception Hadoop's policy throws (``editSchedule`` selects nothing)."""

    def __init__(self, queue: str, app: str) -> None:
        super().__init__(f"{queue} {app}")
        self.queue = queue
        self.app = app


@dataclass
class PolicyContext:
    """What ``ProportionalCapacityPreemptionPolicy`` shares with its selectors for one round."""

    rc: Calculator
    cluster: Res
    root: TempQueue
    queues: dict[str, TempQueue]
    leaf_names: list[str]  # getLeafQueueNames(), in the HashSet's order
    total_allowed: Res  # what the round may still preempt; every selector takes from it
    max_ignored: float
    natural: float
    conservative_drf: bool
    intra_conservative_drf: bool
    hadoop_34: bool
    observe_only: bool
    set_order: SetOrder
    deduct_order: DeductOrder
    #: partitionToUnderServedQueues for the default partition: a LinkedHashSet
    underserved: dict[str, None] = field(default_factory=dict)
    #: toPreempt: every container selected so far, by application, in selection order
    selected: dict[int, dict[int, ContainerInfo]] = field(default_factory=dict)
    #: (event, container) sent while selecting (KILL_RESERVED_CONTAINER), in order
    events: list[tuple[str, ContainerInfo]] = field(default_factory=list)
    #: every container selected, in the order the selectors took them
    choice_log: list[ContainerInfo] = field(default_factory=list)
    #: leaves ``CapacityScheduler.getQueue`` cannot find by the short name their applications carry
    #: (3.3: a name another queue shares), where the intra-queue plugin throws (SM215)
    unfindable: frozenset[str] = frozenset()

    def is_selected(self, container: ContainerInfo) -> bool:
        chosen = self.selected.get(container.app.app_id)
        return chosen is not None and container.container_id in chosen

    def selected_so_far(self) -> list[ContainerInfo]:
        return [c for chosen in self.selected.values() for c in chosen.values()]

    def try_preempt(
        self,
        obtain: dict[str, Res],
        container: ContainerInfo,
        current: dict[int, dict[int, ContainerInfo]],
        conservative: bool,
    ) -> bool:
        """``tryPreemptContainerAndDeductResToObtain`` for a container of the default partition."""
        rc = self.rc
        if self.is_selected(container):
            return False
        to_obtain = obtain.get("")
        if to_obtain is None:
            return False
        for i, value in enumerate(to_obtain):
            if value == 0:  # so that a 0 type cannot make isAnyMajorResourceZero true
                to_obtain[i] = -1
        size = container.resource
        if not (rc.any_major_above_zero(to_obtain) and rc.fits_in(size, self.total_allowed)):
            return False
        if conservative:
            preempt = not rc.any_major_zero_or_negative(to_obtain)
        else:
            after = R.subtract(to_obtain, size)
            zero = R.zeros(len(size))
            preempt = rc.less_than(
                self.cluster, R.componentwise_max(after, zero), R.componentwise_max(to_obtain, zero)
            )
        if not preempt:
            return False
        R.subtract_from(to_obtain, size)
        R.subtract_from(self.total_allowed, size)
        if rc.less_than_or_equal(self.cluster, to_obtain, R.zeros(len(size))):
            del obtain[""]
        self.selected.setdefault(container.app.app_id, {})[container.container_id] = container
        current.setdefault(container.app.app_id, {})[container.container_id] = container
        self.choice_log.append(container)
        return True

    def deduct_selected(self) -> None:
        """``deductPreemptableResourcesBasedSelectedCandidates``: what earlier selectors took comes
        off each queue's (and its applications') amount to obtain, one container at a time."""
        for container in self.deduct_order(self.selected_so_far()):
            tq = self.queues[container.app.queue]
            tq.deduct_actually_to_be_preempted(self.rc, tq.total, container.resource)
            for app in tq.apps:
                if self.rc.greater_than(tq.total, app.actually_to_be_preempted, container.resource):
                    R.subtract_from(app.actually_to_be_preempted, container.resource)

    def obtain_for_leaf(self, tq: TempQueue) -> dict[str, Res]:
        """``getResToObtainByPartitionForLeafQueue`` for the default partition."""
        if tq.preemption_disabled:
            return {}
        if self.rc.greater_than(self.cluster, tq.actually_to_be_preempted, R.zeros(len(self.cluster))):
            return {"": R.clone(tq.actually_to_be_preempted)}
        return {}


def sorted_containers(containers: list[ContainerInfo]) -> list[ContainerInfo]:
    """``PreemptionCandidatesSelector.sortContainers``: one request priority per application in a
    snapshot, so the latest allocated first."""
    return sorted(containers, key=lambda c: (-c.app.app_id, -c.container_id))


@dataclass
class FifoSelector:
    """``FifoCandidatesSelector``; ``balance`` is the second one of
    ``preemption-to-balance-queue-after-satisfied``, ``considers_reserved`` the first one's
    ``additional_res_balance_based_on_reserved_containers``."""

    considers_reserved: bool = False
    balance: bool = False
    name: str = "FifoCandidatesSelector"

    def select(self, ctx: PolicyContext) -> dict[int, dict[int, ContainerInfo]]:
        current: dict[int, dict[int, ContainerInfo]] = {}
        calculator = IdealCalculator(
            ctx.rc, ctx.hadoop_34, self.considers_reserved, self.balance, ctx.set_order, ctx.underserved
        )
        calculator.compute(ctx.root, ctx.total_allowed, ctx.max_ignored, ctx.natural)
        ctx.deduct_selected()
        for name in ctx.leaf_names:
            tq = ctx.queues[name]
            if tq.preemption_disabled or tq.leaf_info is None:
                continue
            obtain = ctx.obtain_for_leaf(tq)
            skipped: list[ContainerInfo] = []
            skipped_size = R.zeros(len(ctx.cluster))
            for app in tq.leaf_info.preemption_order:
                if not obtain:
                    break
                self._preempt_from(ctx, app, obtain, skipped, skipped_size, current)
            am_keep = R.multiply(tq.eff_min, tq.leaf_info.max_am_percent)
            for container in skipped:
                if not obtain:
                    break
                if ctx.rc.less_than_or_equal(ctx.cluster, skipped_size, am_keep):
                    break
                if ctx.try_preempt(obtain, container, current, ctx.conservative_drf):
                    R.subtract_from(skipped_size, container.resource)
        return current

    def _preempt_from(
        self,
        ctx: PolicyContext,
        app: AppInfo,
        obtain: dict[str, Res],
        skipped: list[ContainerInfo],
        skipped_size: Res,
        current: dict[int, dict[int, ContainerInfo]],
    ) -> None:
        for container in list(app.reserved):
            if ctx.is_selected(container):
                continue
            if not obtain:
                return
            ctx.try_preempt(obtain, container, current, ctx.conservative_drf)
            if not ctx.observe_only:
                ctx.events.append((KILL_RESERVED, container))
        for container in sorted_containers(app.live):
            if not obtain:
                return
            if ctx.is_selected(container):
                continue
            if container.am:
                skipped.append(container)
                R.add_to(skipped_size, container.resource)
                continue
            ctx.try_preempt(obtain, container, current, ctx.conservative_drf)
