"""The queue tree back into a fair-scheduler.xml allocation file.

Deterministic: the same tree always gives the same bytes. Settings are written in one canonical
order (top-level defaults, users, queues, placement policy; inside a queue the order of the
Hadoop documentation), each with the text it was read from when there is one (``Setting.raw``:
``1024 mb, 2 vcores`` stays as written, an ACL keeps its exact spacing) and otherwise a canonical
spelling of its value. Aliases come out under their main name (``pool`` as ``queue``,
``schedulingMode`` as ``schedulingPolicy``). Two-space indentation, UTF-8, a trailing newline.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from fsctl.fair.elements import ACL_PROPERTIES, QUEUE_ORDER, SECONDS, TOP_LEVEL_ORDER
from fsctl.fair.model import FairTree
from fsctl.hadoop.javanum import java_trim, to_float32
from fsctl.io.escape import escaper
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import PlacementRule, Queue, Setting

HEADER = (
    "Fair Scheduler allocation file written by fsctl: settings in canonical order. "
    "Run `fsctl validate` and `fsctl lint` on it after editing."
)
INDENT = "  "
RULE_ATTRIBUTE_ORDER = ("name", "create", "queue")


def write_fair(tree: FairTree) -> bytes:
    """The allocation file for ``tree`` (UTF-8 bytes)."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f"<!-- {HEADER} -->", "<allocations>"]
    sections: list[list[str]] = [
        _top_level(tree.settings),
        _users(tree.info.users),
        _queues(tree),
        _placement(tree.placement),
    ]
    first = True
    for section in sections:
        if not section:
            continue
        if not first:
            lines.append("")
        lines.extend(section)
        first = False
    lines.append("</allocations>")
    return ("\n".join(lines) + "\n").encode("utf-8")


# -- sections ----------------------------------------------------------------------------------


def _top_level(settings: Mapping[str, Setting]) -> list[str]:
    lines = []
    for name in TOP_LEVEL_ORDER:
        setting = settings.get(name)
        if setting is not None:
            lines.append(_element(1, name, _text(name, setting)))
    return lines


def _users(users: Mapping[str, Mapping[str, Setting]]) -> list[str]:
    lines = []
    for name in users:  # document order
        limit = users[name].get("maxRunningApps")
        if limit is None:
            lines.append(f"{INDENT}<user name={_attr(name)}/>")
            continue
        lines.append(f"{INDENT}<user name={_attr(name)}>")
        lines.append(_element(2, "maxRunningApps", _text("maxRunningApps", limit)))
        lines.append(f"{INDENT}</user>")
    return lines


def _queues(tree: FairTree) -> list[str]:
    root = tree.root
    types = _type_attributes(tree)
    # root's own settings need an explicit root element, and so does a child named "root" (any
    # case), which at the top level would be taken for the root itself
    if root.declared or any(child.name.lower() == "root" for child in root.children):
        return _queue(root, 1, types)
    lines: list[str] = []
    for child in root.children:
        lines.extend(_queue(child, 1, types))
    return lines


def _type_attributes(tree: FairTree) -> set[str]:
    """Paths written with ``type="parent"`` in the source (the reader lists every queue element)."""
    return {str(entry["path"]) for entry in tree.info.queue_elements if entry["type"] == "parent"}


def _queue(queue: Queue, depth: int, types: set[str]) -> list[str]:
    pad = INDENT * depth
    attributes = f"name={_attr(queue.name)}"
    childless_parent = queue.declared_parent and "reservation" not in queue.declared
    if queue.path in types or childless_parent:
        attributes += ' type="parent"'
    body: list[str] = []
    for name in QUEUE_ORDER:
        setting = queue.declared.get(name)
        if setting is None:
            continue
        if name == "reservation":
            body.append(f"{pad}{INDENT}<reservation/>")
        else:
            body.append(_element(depth + 1, name, _text(name, setting)))
    for child in queue.children:
        body.extend(_queue(child, depth + 1, types))
    if not body:
        return [f"{pad}<queue {attributes}/>"]
    return [f"{pad}<queue {attributes}>", *body, f"{pad}</queue>"]


def _placement(rules: list[PlacementRule] | None) -> list[str]:
    if rules is None:
        return []
    if not rules:
        # Hadoop ignores a policy without rules; an empty element would be a load error (PL101)
        return []
    lines = [f"{INDENT}<queuePlacementPolicy>"]
    for rule in rules:
        lines.extend(_rule(rule, 2))
    lines.append(f"{INDENT}</queuePlacementPolicy>")
    return lines


def _rule(rule: PlacementRule, depth: int) -> list[str]:
    pad = INDENT * depth
    attributes = dict(rule.attributes)
    attributes["name"] = rule.name
    if "create" not in attributes and not rule.create:
        attributes["create"] = "false"
    if rule.name == "default" and "queue" not in attributes and rule.queue and rule.queue != "root.default":
        attributes["queue"] = rule.queue
    ordered = [k for k in RULE_ATTRIBUTE_ORDER if k in attributes]
    ordered += sorted(k for k in attributes if k not in RULE_ATTRIBUTE_ORDER)
    text = " ".join(f"{k}={_attr(attributes[k])}" for k in ordered)
    if rule.parent is None:
        return [f"{pad}<rule {text}/>"]
    return [f"{pad}<rule {text}>", *_rule(rule.parent, depth + 1), f"{pad}</rule>"]


# -- values ------------------------------------------------------------------------------------


def _element(depth: int, name: str, text: str) -> str:
    return f"{INDENT * depth}<{name}>{_escape(text)}</{name}>"


def _text(name: str, setting: Setting) -> str:
    """The text as written when known, else a canonical spelling of the value."""
    if name in ACL_PROPERTIES and setting.raw:
        return setting.raw  # not trimmed: Hadoop splits the raw text (AccessControlList)
    text = java_trim(setting.raw)
    return text if text else format_value(name, setting.value)


def format_value(name: str, value: Any) -> str:
    """A canonical spelling Hadoop reads back as ``value``."""
    if isinstance(value, ResourceSpec):
        return value.canonical()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if name in SECONDS:
            # the file holds whole seconds; a value in milliseconds that is not one is truncated
            return str(int(value / 1000))
        return str(value)
    if isinstance(value, float):
        return _float(value)
    return "" if value is None else str(value)


def _float(value: float) -> str:
    """The shortest decimal that reads back as the same 32-bit float (Java's Float.parseFloat)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    for digits in range(1, 18):
        text = f"{value:.{digits}g}"
        if to_float32(float(text)) == to_float32(value):
            return text if any(c in text for c in ".eE") else text + ".0"
    return repr(value)


_TEXT = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_escape = escaper(_TEXT)
# attribute values are whitespace-normalised by XML parsers: tabs and newlines kept as references
_escape_attribute = escaper({**_TEXT, '"': "&quot;", "\t": "&#9;", "\n": "&#10;"})


def _attr(text: str) -> str:
    return f'"{_escape_attribute(text)}"'


def iter_settings(queue: Queue) -> Iterable[tuple[str, Setting]]:
    """A queue's declared settings in canonical order (what :func:`write_fair` writes)."""
    return ((name, queue.declared[name]) for name in QUEUE_ORDER if name in queue.declared)
