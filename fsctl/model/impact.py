"""How much a change a migration makes matters: the one table of thresholds that ``fsctl convert``'s
findings and ``fsctl diff``'s changes both read.

A change someone must look at is a warning (in ``diff``: a difference not expected from the
conversion, exit 1); a change within the rounding of percentages and weights, or too small to
matter, is information (``diff``: expected). Shares and limits are compared as fractions of the
cluster, per resource type; the type that moved most decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fsctl.model.diagnostics import Severity

#: a limit (a maximum) or a guarantee loosened or tightened by this factor or more
RATIO = 2.0
#: a share of the cluster moving by more than this many points (percent of the cluster)
SHARE_POINTS = 10.0
#: within this many points of the cluster a difference is the rounding of percentages and weights
ROUNDING_POINTS = 0.1


@dataclass(frozen=True, slots=True)
class Threshold:
    """One row of the table: which change, the severity it gets, and when."""

    change: str
    severity: Severity
    when: str


THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(
        "limit", Severity.WARNING, f"a maximum loosened or tightened {RATIO:g}x or more, lifted or newly set"
    ),
    Threshold("guarantee", Severity.WARNING, f"a guarantee {RATIO:g}x or more apart, or from or to nothing"),
    Threshold("guarantee-above-maximum", Severity.WARNING, "a guarantee above the queue's old maximum"),
    Threshold("share", Severity.WARNING, f"a share of the cluster moving more than {SHARE_POINTS:g} points"),
    Threshold("placement", Severity.WARNING, "an application landing in another queue, or rejected"),
    Threshold(
        "rounding",
        Severity.INFO,
        f"within {ROUNDING_POINTS:g} points of the cluster: the rounding of percentages and weights",
    ),
    Threshold("other", Severity.INFO, "any other change of a limit or a share"),
)


def documentation(indent: str = "    ") -> str:
    """The table as the rules' documentation quotes it (``fsctl rules CODE``), each line indented
    as a rule's docstring body is."""
    rows = [f"{indent}- {row.severity.label}: {row.when}" for row in THRESHOLDS]
    head = f"{indent}Severity (one table for ``fsctl convert`` and ``fsctl diff``):\n\n"
    return head + "\n".join(rows) + "\n"


def _ratio(old: float, new: float) -> float:
    low, high = sorted((old, new))
    if low <= 0:
        return float("inf") if high > 0 else 1.0
    return high / low


def limit_severity(old: Mapping[str, float | None], new: Mapping[str, float | None]) -> Severity:
    """A maximum before and after, per resource type, as fractions of the cluster (None: no limit)."""
    for t in old.keys() | new.keys():
        before, after = old.get(t), new.get(t)
        if (before is None) != (after is None):
            return Severity.WARNING  # lifted, or newly set
        if before is not None and after is not None and _ratio(before, after) >= RATIO:
            return Severity.WARNING
    return Severity.INFO


def share_severity(
    old: Mapping[str, float], new: Mapping[str, float], old_maximum: Mapping[str, float | None] | None = None
) -> Severity:
    """A share or guarantee before and after, per resource type, as fractions of the cluster, and
    (for a guarantee) the queue's maximum before, per type (None: no limit)."""
    if old_maximum and above(new, old_maximum):
        return Severity.WARNING
    for t in old.keys() & new.keys():
        before, after = old[t], new[t]
        points = abs(after - before) * 100
        if points <= ROUNDING_POINTS:
            continue
        if points > SHARE_POINTS or _ratio(before, after) >= RATIO:
            return Severity.WARNING
    return Severity.INFO


def above(share: Mapping[str, float], maximum: Mapping[str, float | None]) -> bool:
    """A share above a maximum in some type, beyond the rounding of percentages and weights."""
    return any(
        limit is not None and share.get(t, 0.0) * 100 > limit * 100 + ROUNDING_POINTS
        for t, limit in maximum.items()
    )


def is_rounding(old: Mapping[str, float], new: Mapping[str, float]) -> bool:
    """Every type within the rounding of percentages and weights."""
    return all(abs(new[t] - old[t]) * 100 <= ROUNDING_POINTS for t in old.keys() & new.keys())
