"""Fair placement policy to Capacity Scheduler JSON mapping rules (``QueuePlacementConverter.java``,
newest; fs2cs.md §3), plus fsctl's fallback queue.

Every generated rule has ``type: user``, ``matches: *`` and ``fallbackResult: skip`` (the Fair
Scheduler falls through to the next rule when one yields no queue). The JSON is written the way
fs2cs's Jackson ``DefaultPrettyPrinter`` writes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fsctl.capacity.keys import MAPPING_RULE_FIELDS
from fsctl.catalogue import convert as rules
from fsctl.convert.options import ConvertOptions, Emitter
from fsctl.model.tree import PlacementRule

PRIMARY_GROUP_PATH = "root.<primaryGroup>"
SECONDARY_GROUP_PATH = "root.<secondaryGroup>"


def assure_root(queue: str | None) -> str:
    """``FairQueuePlacementUtils.assureRoot``; a missing queue means ``root.default``."""
    if not queue:
        return "root.default"
    if queue == "root" or queue.startswith("root."):
        return queue
    return "root." + queue


def default_policy(allow_undeclared_pools: bool, user_as_default_queue: bool) -> list[PlacementRule]:
    """``QueuePlacementPolicy.fromConfiguration``: the policy when the file has none (fs2cs.md §3.3)."""
    create = allow_undeclared_pools
    policy = [PlacementRule("specified", create)]
    if user_as_default_queue:
        policy.append(PlacementRule("user", create))
    if not user_as_default_queue or not create:
        policy.append(PlacementRule("default", True))
    return policy


def _rule(
    policy: str, *, create: bool | None = None, parent: str | None = None, **extra: Any
) -> dict[str, Any]:
    rule: dict[str, Any] = {"type": "user", "matches": "*", "policy": policy, "fallbackResult": "skip"}
    if parent is not None:
        rule["parentQueue"] = parent
    if create is not None:
        rule["create"] = create
    rule.update(extra)
    return {key: rule[key] for key in MAPPING_RULE_FIELDS if key in rule}


@dataclass
class PlacementResult:
    rules: list[dict[str, Any]]
    ok: bool = True


def convert_placement(
    policy: Sequence[PlacementRule],
    options: ConvertOptions,
    out: Emitter,
    static_children: Callable[[str], bool],
) -> PlacementResult:
    """One JSON rule per Fair rule, in order. ``static_children(path)`` says whether the converted
    queue ``path`` already has static children (``childStaticDynamicConflict``)."""
    weight_mode = options.weight_mode
    result = PlacementResult([])
    group_parent = "root" if weight_mode else None
    for fs_rule in policy:
        name = fs_rule.name
        location = fs_rule.location
        nested = fs_rule.parent is not None and name in ("user", "nestedUserQueue")
        if name == "nestedUserQueue" and fs_rule.parent is None:
            nested = False  # the Fair reader refuses this; treat it as a user rule
        if nested:
            converted = _nested(fs_rule, options, out, static_children)
            if converted is None:
                result.ok = False
                continue
            result.rules.append(converted)
        elif name == "specified":
            result.rules.append(_rule("specified", create=fs_rule.create))
        elif name in ("user", "nestedUserQueue"):
            result.rules.append(_rule("user", create=fs_rule.create, parent=group_parent))
        elif name in ("primaryGroup", "secondaryGroupExistingQueue"):
            cs_policy = "primaryGroup" if name == "primaryGroup" else "secondaryGroup"
            result.rules.append(_rule(cs_policy, create=fs_rule.create, parent=group_parent))
            if not weight_mode and fs_rule.create:
                path = PRIMARY_GROUP_PATH if name == "primaryGroup" else SECONDARY_GROUP_PATH
                _dynamic_create(path, location, out)
        elif name == "default":
            target = assure_root(fs_rule.queue)
            if target == "root.default" and options.fallback_queue is None:
                result.rules.append(_rule("defaultQueue", create=fs_rule.create))
            else:
                # with a fallback queue %default is the fallback, so root.default is named explicitly
                result.rules.append(_rule("custom", create=fs_rule.create, customPlacement=target))
        elif name == "reject":
            result.rules.append(_rule("reject", create=False))
        else:
            result.ok = False
            out.finding(
                rules.CV106, location, f"Unknown placement rule: {name}", property="queuePlacementPolicy"
            )
    return result


def _nested(
    fs_rule: PlacementRule, options: ConvertOptions, out: Emitter, static_children: Callable[[str], bool]
) -> dict[str, Any] | None:
    parent = fs_rule.parent
    assert parent is not None
    location = fs_rule.location
    weight_mode = options.weight_mode
    if parent.name == "primaryGroup":
        policy, parent_queue, path = "primaryGroupUser", ("root" if weight_mode else None), PRIMARY_GROUP_PATH
    elif parent.name == "secondaryGroupExistingQueue":
        policy, parent_queue, path = (
            "secondaryGroupUser",
            ("root" if weight_mode else None),
            SECONDARY_GROUP_PATH,
        )
    elif parent.name == "default":
        policy, parent_queue = "user", assure_root(parent.queue)
        path = parent_queue
    else:
        out.finding(
            rules.CV106,
            location,
            f"Unsupported parent nested rule: {parent.name}",
            property="queuePlacementPolicy",
        )
        return None
    if weight_mode:
        create = parent.create or fs_rule.create
        if parent.create != fs_rule.create:
            out.fs2cs_rule(
                "parentChildCreateDiff",
                rules.CV209,
                location,
                f'Placement rules: the policy {policy} originally uses true/false or false/true "create" '
                "settings on the Fair Scheduler side. This is not supported and create flag will be set to "
                "*true* in the generated JSON rule chain",
                property="queuePlacementPolicy",
            )
    else:
        create = fs_rule.create
        if fs_rule.create:
            _dynamic_create(path, location, out)
            if parent.name == "default" and static_children(path):
                out.fs2cs_rule(
                    "childStaticDynamicConflict",
                    rules.CV208,
                    location,
                    f"Placement rules: rule maps to path {path}, but this queue already contains "
                    "static queue definitions! This configuration is invalid and *must* be corrected",
                    property="queuePlacementPolicy",
                )
        if parent.create:
            out.fs2cs_rule(
                "parentDynamicCreate",
                rules.CV207,
                location,
                f"Placement rules: create=true is enabled for parent path {path} - this is not supported "
                "in Capacity Scheduler. The parent must exist as a static queue and cannot be created "
                "automatically",
                property="queuePlacementPolicy",
            )
    return _rule(policy, create=create, parent=parent_queue)


def _dynamic_create(path: str, location: Any, out: Emitter) -> None:
    out.fs2cs_rule(
        "queueDynamicCreate",
        rules.CV206,
        location,
        f"Placement rules: create=true is enabled for path {path} - you have to make sure that these queues "
        "are managed queues and set auto-create-child-queues=true. Other queues cannot statically exist "
        "under this path!",
        property="queuePlacementPolicy",
    )


def with_fallback(converted: list[dict[str, Any]], fallback: str) -> list[dict[str, Any]]:
    """``%default`` becomes ``fallback`` first; a last ``defaultQueue`` rule catches the rest. With no
    rule converted (``--skip-placement-rules``) a submitted queue that exists is kept, as without
    mapping rules: the rules override it (queue-mappings-override), so a ``specified`` rule does."""
    kept = converted or [_rule("specified", create=False)]
    return [
        _rule("setDefaultQueue", value=fallback),
        *kept,
        {**_rule("defaultQueue", create=False), "fallbackResult": "reject"},
    ]


def to_json(rules_list: Sequence[dict[str, Any]]) -> str:
    """``{"rules": [...]}`` as Jackson's ``DefaultPrettyPrinter`` writes it (fs2cs.md §1.4)."""
    if not rules_list:
        return '{\n  "rules" : [ ]\n}'
    blocks = []
    for rule in rules_list:
        ordered = [(key, rule[key]) for key in MAPPING_RULE_FIELDS if key in rule and rule[key] is not None]
        fields = ",\n".join(f"    {json.dumps(key)} : {json.dumps(value)}" for key, value in ordered)
        blocks.append("{\n" + fields + "\n  }")
    return '{\n  "rules" : [ ' + ", ".join(blocks) + " ]\n}"
