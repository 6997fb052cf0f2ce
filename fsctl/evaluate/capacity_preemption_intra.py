"""Preemption inside a queue: ``IntraQueueCandidatesSelector`` with ``FifoIntraQueuePreemptionPlugin``.

For each under-served leaf (in the order the ideal assignment found them) whose used capacity is
at least ``intra-queue-preemption.minimum-threshold``: applications from the highest priority down
get an ideal share of what the queue keeps (its usage less what inter-queue preemption takes and
its AM containers), each user capped at its user limit; the lower-priority applications then give
back, up to ``max-allowable-limit`` of the queue's guarantee. ``userlimit_first`` also stops taking
from a user once it would fall to its user limit, and never leaves an application below one
minimum allocation; ``priority_first`` does neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fsctl.evaluate import capacity_preemption_calc as R
from fsctl.evaluate.capacity_preemption_calc import Res
from fsctl.evaluate.capacity_preemption_ideal import AppInfo, ContainerInfo, TempQueue
from fsctl.evaluate.capacity_preemption_select import PolicyContext, PolicyThrows, sorted_containers
from fsctl.model.resources import INT_MAX, UNBOUNDED

USERLIMIT_FIRST = "USERLIMIT_FIRST"
PRIORITY_FIRST = "PRIORITY_FIRST"


@dataclass(eq=False, slots=True)
class TempUser:
    """``TempUserPerPartition``."""

    name: str
    used: Res
    am_used: Res
    user_limit: Res
    ideal_assigned: Res
    selected: Res
    quota_for_ul_delta_done: bool = False

    def used_deduct_am(self) -> Res:
        return R.subtract(self.used, self.am_used)

    def user_limit_reached(self, ctx: PolicyContext) -> bool:
        return ctx.rc.greater_than(ctx.cluster, self.used_deduct_am(), self.user_limit)


@dataclass(eq=False, slots=True)
class TempApp:
    """``TempAppPerPartition``."""

    app: AppInfo
    used: Res
    am_used: Res
    pending: Res
    user: TempUser
    ideal_assigned: Res
    selected: Res
    to_be_preempted: Res
    actually_to_be_preempted: Res
    to_be_preempt_from_other: Res = field(default_factory=list)

    def used_deduct_am(self) -> Res:
        return R.subtract(self.used, self.am_used)


def _unbounded(size: int) -> Res:
    """No user limit: ``Resources.clone(Resources.unbounded())``, whose vcores an int holds."""
    out = [UNBOUNDED] * size
    out[1] = INT_MAX
    return out


def _priority_order(a: AppInfo) -> tuple[int, int]:
    """``TAPriorityComparator`` ascending: higher priority first, then the earlier application."""
    return (-a.priority, a.app_id)


class IntraQueueSelector:
    name = "IntraQueueCandidatesSelector"

    def __init__(self, order_policy: str, minimum_threshold: float, max_allowable: float) -> None:
        self.order_policy = order_policy
        self.minimum_threshold = minimum_threshold
        self.max_allowable = max_allowable

    def select(self, ctx: PolicyContext) -> dict[int, dict[int, ContainerInfo]]:
        current: dict[int, dict[int, ContainerInfo]] = {}
        queues = [ctx.queues[name] for name in ctx.underserved]
        for tq in queues:
            if tq.leaf_info is None:
                continue
            reassignable = R.subtract(tq.used, tq.actually_to_be_preempted)
            if tq.leaf_info.used_capacity < self.minimum_threshold:
                continue
            self._ideal_per_app(ctx, tq, reassignable)
        ctx.deduct_selected()
        for tq in queues:
            info = tq.leaf_info
            if info is None or info.intra_disabled:
                continue
            demand = R.zeros(len(ctx.cluster))
            for app in tq.apps:
                R.add_to(demand, app.actually_to_be_preempted)
            obtain = {"": demand}
            preemptable = [a for a in tq.apps if not R.is_none(a.actually_to_be_preempted)]
            rolling = {user: R.clone(used) for user, used in info.user_usage.items()}
            for app in preemptable:
                self._preempt_from_least_starved(ctx, tq, app, obtain, rolling, current)
        return current

    # -- the ideal share of each application ------------------------------------------------

    def _ideal_per_app(self, ctx: PolicyContext, tq: TempQueue, reassignable: Res) -> None:
        """``FifoIntraQueuePreemptionPlugin.computeAppsIdealAllocation``."""
        info = tq.leaf_info
        assert info is not None
        size = len(ctx.cluster)
        per_user_am: dict[str, Res] = {}
        am_used = R.zeros(size)
        for app in info.apps:
            R.add_to(per_user_am.setdefault(app.user, R.zeros(size)), app.am_size)
            R.add_to(am_used, app.am_size)
        R.subtract_from(reassignable, am_used)
        every_app = info.all_apps
        if len(every_app) == 1:
            return
        by_priority = self._temp_apps(ctx, tq, every_app, per_user_am)
        ordered = self._ideal_assigned(ctx, tq, reassignable, by_priority)
        limit = R.multiply(tq.guaranteed(), self.max_allowable)
        if ctx.rc.greater_than(ctx.cluster, limit, tq.actually_to_be_preempted):
            R.subtract_from(limit, tq.actually_to_be_preempted)
        else:
            limit = R.zeros(size)
        limit = ctx.rc.min(ctx.cluster, limit, ctx.total_allowed)
        self._to_be_preempted(ctx, ordered, R.clone(limit), info.minimum_allocation)
        tq.apps = ordered
        self._validate_same_priority(ctx, ordered, tq.users)

    def _temp_apps(
        self, ctx: PolicyContext, tq: TempQueue, apps: list[AppInfo], per_user_am: dict[str, Res]
    ) -> list[TempApp]:
        """``createTempAppForResCalculation``: one TempApp per application, one TempUser per user
        (made at the user's first application in the queue's order), highest priority first."""
        info = tq.leaf_info
        assert info is not None
        size = len(ctx.cluster)
        out: list[TempApp] = []
        for app in apps:
            user = tq.users.get(app.user)
            if user is None:
                used = info.user_usage.get(app.user, R.zeros(size))
                am = R.clone(per_user_am.get(app.user, R.zeros(size)))
                if info.user_limits is None or app.user not in info.user_limits:
                    limit = _unbounded(size)
                else:
                    limit = R.clone(info.user_limits[app.user])
                user = TempUser(
                    name=app.user,
                    used=R.clone(used),
                    am_used=am,
                    user_limit=R.subtract(limit, am),
                    ideal_assigned=R.zeros(size),
                    selected=R.zeros(size),
                )
                tq.users[app.user] = user
            out.append(
                TempApp(
                    app=app,
                    used=app.used(size),
                    am_used=R.clone(app.am_size) if app.am_running else R.zeros(size),
                    pending=R.clone(app.pending),
                    user=user,
                    ideal_assigned=R.zeros(size),
                    selected=R.zeros(size),
                    to_be_preempted=R.zeros(size),
                    actually_to_be_preempted=R.zeros(size),
                    to_be_preempt_from_other=R.zeros(size),
                )
            )
        return sorted(out, key=lambda t: _priority_order(t.app))

    def _ideal_assigned(
        self, ctx: PolicyContext, tq: TempQueue, reassignable: Res, by_priority: list[TempApp]
    ) -> list[TempApp]:
        """``calculateIdealAssignedResourcePerApp``; returns the applications low to high priority."""
        rc, cluster = ctx.rc, ctx.cluster
        size = len(cluster)
        for temp in by_priority:
            if rc.less_than_or_equal(cluster, reassignable, R.zeros(size)) or (
                rc.any_major_zero_or_negative(reassignable) and ctx.intra_conservative_drf
            ):
                continue
            user = temp.user
            temp.selected = R.zeros(size)
            for container in ctx.selected.get(temp.app.app_id, {}).values():
                R.add_to(temp.selected, container.resource)
                R.add_to(user.selected, container.resource)
            wanted = R.add(temp.used_deduct_am(), temp.pending)
            R.subtract_from(wanted, temp.selected)
            if not rc.less_than(cluster, user.ideal_assigned, user.user_limit):
                continue
            ideal = rc.min(cluster, wanted, R.subtract(user.user_limit, user.ideal_assigned))
            temp.ideal_assigned = R.clone(rc.min(cluster, reassignable, ideal))
            R.add_to(user.ideal_assigned, temp.ideal_assigned)
            kept = R.subtract(temp.used_deduct_am(), temp.selected)
            if rc.greater_than(cluster, temp.ideal_assigned, kept):
                temp.to_be_preempt_from_other = R.subtract(temp.ideal_assigned, kept)
            R.subtract_from_non_negative(reassignable, temp.ideal_assigned)
        return list(reversed(by_priority))

    def _to_be_preempted(
        self, ctx: PolicyContext, ordered: list[TempApp], limit: Res, minimum_allocation: Res
    ) -> None:
        """``calculateToBePreemptedResourcePerApp``, lowest priority first."""
        rc, cluster = ctx.rc, ctx.cluster
        size = len(cluster)
        for temp in ordered:
            if rc.less_than_or_equal(cluster, limit, R.zeros(size)) or rc.less_than_or_equal(
                cluster, temp.used, R.zeros(size)
            ):
                continue
            preemptable = R.subtract(temp.used, temp.ideal_assigned)
            R.subtract_from_non_negative(preemptable, temp.selected)
            R.subtract_from_non_negative(preemptable, temp.am_used)
            if self.order_policy == USERLIMIT_FIRST:
                R.subtract_from_non_negative(preemptable, minimum_allocation)
            temp.to_be_preempted = rc.min(
                cluster, rc.max(cluster, preemptable, R.zeros(size)), R.clone(limit)
            )
            limit = R.subtract_from_non_negative(limit, temp.to_be_preempted)

    def _validate_same_priority(
        self, ctx: PolicyContext, apps: list[TempApp], users: dict[str, TempUser]
    ) -> None:
        """``validateOutSameAppPriorityFromDemand``: which lower-priority applications give to
        which higher-priority ones (a user's own apps of the same or higher priority never do)."""
        rc, cluster = ctx.rc, ctx.cluster
        size = len(cluster)
        userlimit_first = self.order_policy == USERLIMIT_FIRST
        for high in reversed(apps):
            if not rc.greater_than(cluster, high.to_be_preempt_from_other, R.zeros(size)):
                continue
            for low in apps:
                if not rc.greater_than(cluster, low.to_be_preempted, R.zeros(size)):
                    continue
                same_user = high.app.user == low.app.user
                if same_user and low.app.priority >= high.app.priority:
                    continue
                if rc.less_than_or_equal(cluster, low.to_be_preempted, low.actually_to_be_preempted) or (
                    R.is_none(high.to_be_preempt_from_other)
                ):
                    continue
                user = users[low.app.user]
                if not same_user and not user.user_limit_reached(ctx) and userlimit_first:
                    continue
                wanted = high.to_be_preempt_from_other
                already = low.actually_to_be_preempted
                preemptable = R.subtract(low.to_be_preempted, already)
                if not same_user and low.app.priority == high.app.priority and user.user_limit_reached(ctx):
                    delta = R.subtract(user.used_deduct_am(), user.selected)
                    R.subtract_from(delta, user.user_limit)
                    if user.quota_for_ul_delta_done:
                        delta = R.zeros(size)
                    if rc.less_than(cluster, delta, preemptable):
                        user.quota_for_ul_delta_done = True
                        preemptable = delta
                if rc.greater_than(cluster, preemptable, R.zeros(size)):
                    take = rc.min(cluster, wanted, preemptable)
                    high.to_be_preempt_from_other = R.subtract(wanted, take)
                    low.actually_to_be_preempted = R.add(already, take)

    # -- choosing the containers ------------------------------------------------------------

    def _preempt_from_least_starved(
        self,
        ctx: PolicyContext,
        tq: TempQueue,
        temp: TempApp,
        obtain: dict[str, Res],
        rolling: dict[str, Res],
        current: dict[int, dict[int, ContainerInfo]],
    ) -> None:
        app = temp.app
        user_used = rolling.get(app.user)
        for container in sorted_containers(app.live):
            if not obtain:
                return
            if ctx.is_selected(container) or container.am:
                continue
            if self._skip_for_user_limit(ctx, tq, app, user_used, container):
                break
            taken = ctx.try_preempt(obtain, container, current, ctx.intra_conservative_drf)
            if taken and self.order_policy == USERLIMIT_FIRST and user_used is not None:
                R.subtract_from(user_used, container.resource)

    def _skip_for_user_limit(
        self, ctx: PolicyContext, tq: TempQueue, app: AppInfo, used: Res | None, container: ContainerInfo
    ) -> bool:
        """``skipContainerBasedOnIntraQueuePolicy``: under userlimit_first, a container whose loss
        would bring its user to (or under) the user limit is kept, and so are the later ones. It
        first looks the queue up by the application's short queue name, whatever the order policy:
        3.3 finds none for a name another queue shares, and throws."""
        if tq.path in ctx.unfindable:
            raise PolicyThrows(tq.path, app.name)
        user = tq.users.get(app.user)
        if user is None or used is None:
            return False
        limit = R.add(user.user_limit, user.am_used)
        return (
            ctx.rc.less_than_or_equal(ctx.cluster, R.subtract(used, container.resource), limit)
            and self.order_policy == USERLIMIT_FIRST
        )
