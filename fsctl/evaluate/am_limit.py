"""The Fair Scheduler's application-master limit (``maxAMShare``) for every leaf of a simulation.

``FSLeafQueue.computeMaxAMResource``: the leaf's instantaneous fair share, each type that is 0 there
replaced by ``min(available, maxShare)`` (available = cluster minus root usage), times ``maxAMShare``
rounded up (``Resources.multiplyAndRoundUp``). ``FSLeafQueue.canRunAppAM``: an AM may start when the
AMs already running plus its own fit in that limit; ``-1`` means no limit. An application whose AM
waits and does not fit is reported blocked (``FSAppAttempt.isOverAMShareLimit``), each waiting AM
checked on its own against the AMs running at the snapshot's instant.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from fsctl.evaluate.compute_fair_shares import LONG_MAX, java_float
from fsctl.evaluate.fair import FairResult, QueueShares
from fsctl.fair.model import FairTree


def _max_am_share(leaf: QueueShares, tree: FairTree, known: dict[float, float] | None = None) -> float:
    default = tree.info.defaults.queue_max_am_share_default
    value = float(leaf.queue.effective.max_am_share if leaf.queue is not None else default)
    if known is None or not value:  # 0.0 and -0.0 are one key but the report spells each
        return java_float(value)
    rounded = known.get(value)  # leaves repeat a few values: each is rounded once per tree
    if rounded is None:
        rounded = known[value] = java_float(value)
    return rounded


def unlimited(max_am_share: float) -> bool:
    """``Math.abs(maxAMShare - -1.0f) < 0.0001``."""
    return abs(max_am_share + 1.0) < 0.0001


def am_limit(leaf: QueueShares, available: Mapping[str, int], types: tuple[str, ...]) -> dict[str, int]:
    """``computeMaxAMResource`` (memory and vcores first, then ``fillInValuesFromAvailableResources``)."""
    limit: dict[str, int] = {}
    for t in types:
        value = leaf.fair_share.get(t, 0)  # a type the policy did not compute is Hadoop's stale 0
        if value == 0:
            value = min(available.get(t, 0), leaf.max_share.get(t, 0))
        product = float(value) * leaf.max_am_share  # long * (double) float
        limit[t] = LONG_MAX if product >= 2.0**63 else math.ceil(product)
    return limit


def apply_am_limits(result: FairResult, tree: FairTree) -> None:
    """Fill every created leaf's ``max_am_share``, ``am_usage`` and ``am_limit``, and each
    application's ``am_running`` and ``am_blocked``."""
    types = result.types
    root = result.queues[0]
    available = {t: result.cluster.get(t, 0) - root.usage.get(t, 0) for t in types}
    rounded: dict[float, float] = {}
    none = dict.fromkeys(types, 0)  # the AM usage of every leaf without applications
    # by the ids of the vectors am_limit reads, which stay theirs while the leaves hold them
    limits: dict[tuple[int, int, float], dict[str, int]] = {}
    for leaf in result.queues:
        if not leaf.leaf or not leaf.created:
            continue
        leaf.max_am_share = _max_am_share(leaf, tree, rounded)
        usage = dict.fromkeys(types, 0) if leaf.applications else none
        for app in leaf.applications:
            # an AM the snapshot shows running is part of the app's usage (FSAppAttempt.recoverContainer)
            app.am_running = app.am_resource is not None and any(app.usage.get(t, 0) for t in types)
            if app.am_running and app.am_resource is not None:
                for t in types:
                    usage[t] += app.am_resource.get(t, 0)
        leaf.am_usage = usage
        if unlimited(leaf.max_am_share):
            leaf.am_limit = None
            continue
        # leaves that share their fair and max share vectors (evaluate_fair) share the limit too
        key = (id(leaf.fair_share), id(leaf.max_share), leaf.max_am_share)
        limit = limits.get(key)
        if limit is None:
            limit = limits[key] = am_limit(leaf, available, types)
        leaf.am_limit = limit
        for app in leaf.applications:
            if app.am_resource is not None and not app.am_running:
                app.am_blocked = any(usage[t] + app.am_resource.get(t, 0) > limit[t] for t in types)
