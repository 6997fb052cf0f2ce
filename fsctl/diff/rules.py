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

from fsctl.capacity.keys import MAPPING_RULE_FIELDS
from fsctl.capacity.values import CapacityTree
from fsctl.diff.changes import ADDED, MOVED, REMOVED, Change
from fsctl.model.tree import PlacementRule, QueueTree

FAIR_PROPERTY = "queuePlacementPolicy"
CS_PROPERTY = "mapping-rules"
#: settings that spell mapping rules; compared rule by rule instead of as text
CS_RULE_SETTINGS = frozenset(
    {"queue-mappings", "mapping-rule-json", "yarn.scheduler.queue-placement-rules.app-name"}
)


def placement_text(rule: PlacementRule) -> str:
    """``nestedUserQueue(create=true, parent=primaryGroup(create=false))``: what Hadoop reads of a
    rule (``QueuePlacementPolicy``: the name, ``create``, the ``queue`` of ``default``, the parent)."""
    parts = [f"create={'true' if rule.create else 'false'}"]
    if rule.queue is not None:
        parts.append(f"queue={rule.queue}")
    if rule.parent is not None:
        parts.append(f"parent={placement_text(rule.parent)}")
    return f"{rule.name}({', '.join(parts)})"


def default_placement(create: bool = True, user_as_default: bool = True) -> list[str]:
    """The policy built from yarn-site when the file has none (fs-parse.md §5.8,
    ``QueuePlacementPolicy.fromConfiguration``): ``specified(create=C)``, ``user(create=C)`` if U,
    then ``default(create=true)`` if not U or not C; C = allow-undeclared-pools, U =
    user-as-default-queue, both true by default."""
    flag = "true" if create else "false"
    rules = [f"specified(create={flag})"]
    if user_as_default:
        rules.append(f"user(create={flag})")
    if not user_as_default or not create:
        rules.append("default(create=true)")
    return rules


def fair_rules(tree: QueueTree) -> list[str]:
    if tree.placement is None:
        site = tree.info.site
        return default_placement(site.allow_undeclared_pools, site.user_as_default_queue)
    return [placement_text(rule) for rule in tree.placement]


def mapping_text(rule: Any) -> str:
    """A Capacity Scheduler mapping rule in one line, defaults resolved as ``MappingRuleCreator``
    does (fallbackResult ``skip``, create ``true``, ``defaultQueue`` never creates)."""
    if isinstance(rule, str):
        return " ".join(rule.split())
    origin = getattr(rule, "origin", "json")
    if origin in ("legacy", "app-name") and getattr(rule, "customPlacement", None) is not None:
        # the legacy spelling, parts trimmed (CSC.parseLegacyMappingRules): u:bob:q, g:eng:q, app:q
        prefix = {"user": "u:", "group": "g:"}.get(rule.type, "") if origin == "legacy" else ""
        return f"{prefix}{rule.matches}:{rule.customPlacement}"
    if isinstance(rule, dict):
        fields = {name: rule.get(name) for name in MAPPING_RULE_FIELDS}
    elif hasattr(rule, "policy") and hasattr(rule, "matches"):
        fields = {name: getattr(rule, name, None) for name in MAPPING_RULE_FIELDS}
    else:
        return str(rule)
    policy = fields.get("policy")
    fields["fallbackResult"] = fields.get("fallbackResult") or "skip"
    if policy in ("reject", "setDefaultQueue"):
        fields["create"] = None  # no queue to create
    elif policy == "defaultQueue":
        fields["create"] = False
    elif fields.get("create") is None:
        fields["create"] = True
    return json.dumps({k: v for k, v in fields.items() if v is not None}, separators=(", ", ": "))


def capacity_rules(tree: CapacityTree) -> list[str]:
    """The mapping rules the reader found, as JSON rule text."""
    config = tree.info.mapping
    if config is None:  # not validated at load: read them as the ResourceManager would
        from fsctl.capacity.mapping import read_mapping_config

        config, _ = read_mapping_config(tree.info.properties, tree.source, tree.info.hadoop_version)
    return [mapping_text(rule) for rule in config.rules]


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
                MOVED,
                None,
                prop,
                f"#{i + 1} {old[i]}",
                f"#{j + 1} {new[j]}",
                f"{noun} {old[i]} moved from position {i + 1} to {j + 1} (rules are tried in order, "
                "the first that decides wins)",
            )
        )
    for i in gone:
        changes.append(
            Change(
                REMOVED,
                None,
                prop,
                f"#{i + 1} {old[i]}",
                None,
                f"{noun} removed from position {i + 1}: {old[i]}",
            )
        )
    for j in came:
        changes.append(
            Change(
                ADDED, None, prop, None, f"#{j + 1} {new[j]}", f"{noun} added at position {j + 1}: {new[j]}"
            )
        )
    return changes


def placement_changes(old: QueueTree, new: QueueTree) -> list[Change]:
    if old.format != new.format:
        return []
    if old.format == "fair-scheduler":
        return rule_changes(fair_rules(old), fair_rules(new), FAIR_PROPERTY, "placement rule")
    return rule_changes(capacity_rules(old), capacity_rules(new), CS_PROPERTY, "mapping rule")
