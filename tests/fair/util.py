"""Helpers shared by the Fair Scheduler tests."""

from __future__ import annotations

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import ReadResult


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
