"""Helpers shared by the Fair Scheduler tests."""

from __future__ import annotations

from typing import Any

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import PlacementRule, QueueTree, ReadResult, Setting


def allocations(body: str) -> str:
    """An allocation file whose first body line is line 3 (line 1 the declaration, 2 <allocations>)."""
    return f'<?xml version="1.0"?>\n<allocations>\n{body}\n</allocations>\n'


def codes(result: ReadResult) -> list[str]:
    return sorted(d.code for d in result.diagnostics)


def only(result: ReadResult, code: str) -> Diagnostic:
    """The one diagnostic with this code (fails when there is none or several)."""
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, [(d.code, d.message) for d in result.diagnostics]
    return found[0]


def fair_snapshot(tree: QueueTree) -> dict[str, Any]:
    """Everything a Fair file declares, without locations or spelling (for round trips)."""

    def rule(r: PlacementRule | None) -> Any:
        return None if r is None else (r.name, r.create, r.queue, rule(r.parent))

    def values(settings: dict[str, Setting]) -> dict[str, Any]:
        return {k: s.value for k, s in settings.items()}

    return {
        "queues": {
            q.path: (values(q.declared), q.is_leaf, q.declared_parent, [c.name for c in q.children])
            for q in tree.queues()
        },
        "settings": values(tree.settings),
        "users": {name: values(s) for name, s in tree.info.users.items()},
        # a policy without rules is ignored by Hadoop, and the writer leaves it out
        "placement": [rule(r) for r in tree.placement] if tree.placement else None,
    }
