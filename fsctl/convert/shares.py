"""Each leaf's share before and after: steady fair share under the Fair Scheduler
(``fsctl.evaluate.fair``) beside guaranteed and maximum resources under the converted Capacity
Scheduler configuration (cs.md §7.1, from the converter's :class:`~fsctl.convert.resources.Plan`).

The change is the relative change of the memory share, the type the Fair policy computes; a leaf
whose guarantee moves by more than the tolerance gets a finding (CV406), a warning or information
as the one table of thresholds says (:mod:`fsctl.model.impact`); a guarantee above the most the
queue could hold under the Fair Scheduler is a warning of its own (CV411).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fsctl.catalogue import convert as rules
from fsctl.convert.options import Emitter
from fsctl.convert.resources import Plan, fair_maxima
from fsctl.model.impact import above, share_severity
from fsctl.model.resources import MEMORY, fmt_vector
from fsctl.model.tree import QueueTree


@dataclass(frozen=True)
class ShareRow:
    queue: str
    fair_steady_share: dict[str, int]
    guaranteed: dict[str, int]
    maximum: dict[str, int]
    change_percent: float | None  # rounded to 0.01; None when the Fair share is 0

    def to_json(self) -> dict[str, Any]:
        return {
            "queue": self.queue,
            "fair_steady_share": self.fair_steady_share,
            "cs_guaranteed": self.guaranteed,
            "cs_maximum": self.maximum,
            "change_percent": self.change_percent,
        }


def share_table(tree: QueueTree, plan: Plan, cluster: dict[str, int]) -> list[ShareRow]:
    from fsctl.evaluate.fair import evaluate_fair

    before = evaluate_fair(tree, cluster)
    rows: list[ShareRow] = []
    for leaf in (q for q in tree.queues() if not q.children):
        fair = before.find(leaf.path)
        steady = dict(fair.steady_fair_share) if fair is not None else {}
        maximum = plan.maximum(leaf.path)
        # a queue never holds more than its maximum, whatever its capacity (cs.md §6.4: 3.4 allows both)
        guaranteed = {
            name: min(amount, maximum.get(name, amount))
            for name, amount in plan.guaranteed(leaf.path).items()
        }
        old = steady.get(MEMORY, 0)
        change = None if old <= 0 else round((guaranteed.get(MEMORY, 0) - old) * 100.0 / old, 2) + 0.0
        rows.append(ShareRow(leaf.path, steady, guaranteed, maximum, change))
    return rows


def guarantees_above_maximum(tree: QueueTree, plan: Plan, cluster: dict[str, int], out: Emitter) -> None:
    """CV411 for each queue guaranteed more of the cluster than it could hold before."""
    maxima = fair_maxima(tree.queues(), cluster)
    for queue in tree.queues():
        if queue.parent is None or queue.path not in plan.abs_capacity:
            continue
        guarantee = plan.abs_capacity[queue.path]
        held = maxima[queue.path]
        if not above(dict.fromkeys(held, guarantee), held):
            continue
        most = ", ".join(f"{t} {v * 100:.1f}%" for t, v in held.items() if v is not None)
        out.finding(
            rules.CV411,
            queue.location,
            f"{queue.path} is guaranteed {guarantee * 100:.1f}% of the cluster under the Capacity "
            f"Scheduler, above the most it could hold under the Fair Scheduler ({most}: its maxResources "
            "and its parents'); the rest of its guarantee is lost to its siblings",
            queue=queue.path,
        )


def report_moves(
    tree: QueueTree, rows: list[ShareRow], tolerance: float, cluster: dict[str, int], out: Emitter
) -> None:
    for row in rows:
        queue = tree.find(row.queue)
        where = queue.location if queue is not None else None
        old = row.fair_steady_share.get(MEMORY, 0)
        new = row.guaranteed.get(MEMORY, 0)
        moved = (row.change_percent is not None and abs(row.change_percent) > tolerance) or (
            row.change_percent is None and new > 0
        )
        if not moved:
            continue
        change = (
            "from nothing" if row.change_percent is None else f"{round(row.change_percent, 1) + 0.0:+.1f}%"
        )
        total = cluster.get(MEMORY) or 1
        severity = share_severity({MEMORY: old / total}, {MEMORY: new / total})
        out.finding(
            rules.CV406,
            where,
            f"guaranteed share of {row.queue} moves {change} (more than {tolerance:g}%): steady fair share "
            f"{old} MB under the Fair Scheduler, {new} MB guaranteed under the Capacity Scheduler "
            f"({fmt_vector(row.guaranteed)}; maximum {fmt_vector(row.maximum)})",
            queue=row.queue,
            severity=severity,
        )
