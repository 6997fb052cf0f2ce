"""Each leaf's share before and after: steady fair share under the Fair Scheduler
(``fsctl.evaluate.fair``) beside guaranteed and maximum resources under the converted Capacity
Scheduler configuration (cs.md §7.1, from the converter's :class:`~fsctl.convert.resources.Plan`).

The change is the relative change of the memory share, the type the Fair policy computes; a leaf
whose guarantee moves by more than the tolerance gets a finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fsctl.catalogue import convert as rules
from fsctl.convert.options import Emitter
from fsctl.convert.resources import Plan
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


def report_moves(tree: QueueTree, rows: list[ShareRow], tolerance: float, out: Emitter) -> None:
    for row in rows:
        old = row.fair_steady_share.get(MEMORY, 0)
        new = row.guaranteed.get(MEMORY, 0)
        moved = (row.change_percent is not None and abs(row.change_percent) > tolerance) or (
            row.change_percent is None and new > 0
        )
        if not moved:
            continue
        queue = tree.find(row.queue)
        change = (
            "from nothing" if row.change_percent is None else f"{round(row.change_percent, 1) + 0.0:+.1f}%"
        )
        out.finding(
            rules.CV406,
            queue.location if queue is not None else None,
            f"guaranteed share of {row.queue} moves {change} (more than {tolerance:g}%): steady fair share "
            f"{old} MB under the Fair Scheduler, {new} MB guaranteed under the Capacity Scheduler "
            f"({fmt_vector(row.guaranteed)}; maximum {fmt_vector(row.maximum)})",
            queue=row.queue,
        )
