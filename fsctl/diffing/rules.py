"""Placement rules (Fair Scheduler) and mapping rules (Capacity Scheduler): added, removed, reordered.

Rules are tried top to bottom and the first that decides wins, so order is meaning. Each rule is
reduced to a canonical one-line spelling; the longest common subsequence of the two lists is what
stayed in place, a rule found on both sides outside it was *moved*, the rest were added or removed.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from typing import Any

from fsctl.diffing.changes import ADDED, MOVED, REMOVED, Change
from fsctl.model.tree import PlacementRule, QueueTree

FAIR_PROPERTY = "queuePlacementPolicy"
CS_PROPERTY = "mapping-rules"


def placement_text(rule: PlacementRule) -> str:
    """``nestedUserQueue(create=true, parent=primaryGroup(create=false))``: what Hadoop reads of a
    rule (``QueuePlacementPolicy``: the name, ``create``, the ``queue`` of ``default``, the parent)."""
    parts = [f"create={'true' if rule.create else 'false'}"]
    if rule.queue is not None:
        parts.append(f"queue={rule.queue}")
    if rule.parent is not None:
        parts.append(f"parent={placement_text(rule.parent)}")
    return f"{rule.name}({', '.join(parts)})"


def default_placement() -> list[str]:
    """fs-parse.md §5.8 with yarn-site defaults (allow-undeclared-pools and user-as-default-queue
    true): ``specified(create=true)``, ``user(create=true)`` (``QueuePlacementPolicy.fromConfiguration``)."""
    return ["specified(create=true)", "user(create=true)"]


def fair_rules(tree: QueueTree) -> list[str]:
    if tree.placement is None:
        return default_placement()
    return [placement_text(rule) for rule in tree.placement]


def mapping_text(rule: Any) -> str:
    """A Capacity Scheduler mapping rule in one line, whatever object the reader keeps."""
    if isinstance(rule, str):
        return " ".join(rule.split())
    if isinstance(rule, dict):
        return json.dumps(rule, sort_keys=True, separators=(", ", ": "))
    if hasattr(rule, "policy") and hasattr(rule, "matches"):
        # MappingRule: the fields Hadoop reads, defaults resolved (MappingRuleCreator)
        fields: dict[str, Any] = {
            "type": rule.type,
            "matches": rule.matches,
            "policy": rule.policy,
            "parentQueue": getattr(rule, "parentQueue", None),
            "fallbackResult": getattr(rule, "effective_fallback", None),
            "create": getattr(rule, "effective_create", None),
            "value": getattr(rule, "value", None),
            "customPlacement": getattr(rule, "customPlacement", None),
        }
        return json.dumps({k: v for k, v in fields.items() if v is not None}, separators=(", ", ": "))
    for name in ("canonical", "to_json", "as_dict"):
        method = getattr(rule, name, None)
        if callable(method):
            return mapping_text(method())
    return str(rule)


def capacity_rules(tree: QueueTree) -> list[str] | None:
    """The mapping rules the reader found (None when it keeps none)."""
    for key in ("mapping_rules", "mapping-rules", "mappings"):
        rules = tree.extras.get(key)
        if isinstance(rules, list | tuple):
            return [mapping_text(rule) for rule in rules]
    for value in tree.extras.values():  # a MappingConfig kept under any name
        rules = getattr(value, "rules", None)
        if isinstance(rules, list) and hasattr(value, "override"):
            return [mapping_text(rule) for rule in rules]
    return None


def rule_changes(old: Sequence[str], new: Sequence[str], prop: str, noun: str) -> list[Change]:
    matcher = difflib.SequenceMatcher(None, list(old), list(new), autojunk=False)
    kept_old: set[int] = set()
    kept_new: set[int] = set()
    for block in matcher.get_matching_blocks():
        kept_old.update(range(block.a, block.a + block.size))
        kept_new.update(range(block.b, block.b + block.size))
    gone = [i for i in range(len(old)) if i not in kept_old]
    came = [j for j in range(len(new)) if j not in kept_new]
    changes: list[Change] = []
    for i in list(gone):
        j = next((j for j in came if new[j] == old[i]), None)
        if j is None:
            continue
        gone.remove(i)
        came.remove(j)
        changes.append(
            Change(
                MOVED, None, prop, f"#{i + 1} {old[i]}", f"#{j + 1} {new[j]}",
                f"{noun} moved from position {i + 1} to {j + 1}: rules are tried in order, the first "
                "that decides wins",
            )
        )
    for i in gone:
        changes.append(Change(REMOVED, None, prop, f"#{i + 1} {old[i]}", None, f"{noun} removed"))
    for j in came:
        changes.append(Change(ADDED, None, prop, None, f"#{j + 1} {new[j]}", f"{noun} added at position {j + 1}"))
    return changes


def placement_changes(old: QueueTree, new: QueueTree) -> list[Change]:
    if old.format != new.format:
        return []
    if old.format == "fair-scheduler":
        return rule_changes(fair_rules(old), fair_rules(new), FAIR_PROPERTY, "placement rule")
    before, after = capacity_rules(old), capacity_rules(new)
    if before is None or after is None:
        return []
    return rule_changes(before, after, CS_PROPERTY, "mapping rule")
