"""capacity-scheduler.xml (and any Hadoop configuration file) from properties or a queue tree.

Output is deterministic: the same input gives the same bytes (UTF-8, 2-space indent, ``\\n`` line
ends, a trailing newline). Values are written exactly as given, whitespace included, because
Hadoop's getters differ in how they treat it (cs.md §1.4); only XML special characters are escaped.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import CapacityValue
from fsctl.capacity.values import CapacityInfo, CapacityTree
from fsctl.hadoop.javanum import java_float_str
from fsctl.io.escape import escaper
from fsctl.model.tree import Queue, Setting

HEADER = (
    "Capacity Scheduler configuration written by fsctl.\n"
    "Scheduler-wide settings first, then each queue's settings in tree order."
)


def write_configuration(props: list[tuple[str, str]], header: str = "") -> bytes:
    """A Hadoop ``<configuration>`` document holding ``props`` in the order given."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    if header.strip():
        lines.append("<!--")
        lines.extend(f"  {_comment(line)}".rstrip() for line in header.strip().splitlines())
        lines.append("-->")
    lines.append("<configuration>")
    # one search over every name and value first: there is nearly always nothing to escape (and
    # then the escaper returns its argument itself)
    joined = "".join(chain.from_iterable(props))
    if _escape(joined) is not joined:
        props = [(_escape(name), _escape(value)) for name, value in props]
    lines.extend(
        f"  <property>\n    <name>{name}</name>\n    <value>{value}</value>\n  </property>"
        for name, value in props
    )
    lines.append("</configuration>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def write_capacity(tree: CapacityTree) -> bytes:
    """capacity-scheduler.xml for a tree: globals, then every queue's keys in tree order."""
    return write_configuration(capacity_properties(tree), HEADER)


def capacity_properties(tree: CapacityTree) -> list[tuple[str, str]]:
    """The (name, value) pairs :func:`write_capacity` writes.

    A setting's ``raw`` text is written when it has one (values read from a file), else its value
    rendered in Hadoop's syntax (trees built in memory).
    """
    props: list[tuple[str, str]] = [(name, render(setting)) for name, setting in tree.settings.items()]
    for queue in tree.queues():
        prefix = f"{keys.PREFIX}{queue.path}."
        queues = _queues_value(queue)
        if queues is not None:
            props.append((prefix + "queues", queues))
        props.extend(
            (prefix + suffix, render(s)) for suffix, s in queue.declared.items() if suffix != "queues"
        )
    info: CapacityInfo | None = tree.info  # None for a tree built in memory
    if info is not None:
        for path, settings in info.wildcard_templates.items():
            props.extend((f"{keys.PREFIX}{path}.{suffix}", render(s)) for suffix, s in settings.items())
        props.extend((name, render(setting)) for name, setting in info.orphans.items())
    return props


def _queues_value(queue: Queue) -> str | None:
    """The ``queues`` list: as written when it names the same children, else the children's names."""
    declared = queue.declared.get("queues")
    names = [child.name for child in queue.children]
    if declared is not None and declared.raw:
        listed = declared.value if isinstance(declared.value, list) else []
        if list(dict.fromkeys(listed)) == names:
            return declared.raw
    return ",".join(names) if names else None


def render(setting: Setting) -> str:
    if setting.raw:
        return setting.raw
    return render_value(setting.value)


def render_value(value: Any) -> str:
    """A typed value in the syntax Hadoop reads back to the same value."""
    if isinstance(value, CapacityValue):
        return value.canonical()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        text = java_float_str(value)
        return text[:-2] if text.endswith(".0") else text
    if isinstance(value, (list, tuple)):
        return ",".join(str(item) for item in value)
    return "" if value is None else str(value)


_escape = escaper({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;", "\t": "&#9;"})


def _comment(line: str) -> str:
    while "--" in line:
        line = line.replace("--", "- -")
    return line
