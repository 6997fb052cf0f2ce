"""The generated Fair and Capacity files as text, written directly (no template engine).

The bytes are those of fsctl's shipped templates (``templates/*.j2``) rendered with jinja2's
autoescaping: every value and name is escaped as markupsafe's ``escape`` does (``&<>"'``), two-space
indentation, a header comment, a trailing newline. ``tests/generate`` renders the templates and
compares, so the templates stay a faithful starting point for a user's ``--template``.
"""

from __future__ import annotations

from fsctl.generate.capacity import CapacityOutput
from fsctl.generate.fair import FairOutput, FairQueue
from fsctl.io.escape import escaper

#: ``markupsafe.escape``'s entities, without the library
escape = escaper({"&": "&amp;", ">": "&gt;", "<": "&lt;", "'": "&#39;", '"': "&#34;"})


def _prolog(header: list[str], root: str) -> list[str]:
    """The XML declaration, the header comment (one indented line each) and the root's start tag."""
    return [
        '<?xml version="1.0" encoding="UTF-8"?>\n<!--',
        *(f"\n  {escape(line)}" for line in header),
        f"\n-->\n<{root}>",
    ]


def fair_text(fair: FairOutput, header: list[str]) -> str:
    """``templates/fair-scheduler.xml.j2``: top-level settings, the queue tree, placement rules."""
    out = _prolog(header, "allocations")
    for name, value in fair.settings:
        tag = escape(name)
        out.append(f"\n  <{tag}>{escape(value)}</{tag}>")
    _fair_queue(fair.root, "  ", out)
    if fair.placement:
        out.append("\n  <queuePlacementPolicy>")
        for rule in fair.placement:
            attributes = "".join(f' {escape(name)}="{escape(value)}"' for name, value in rule.items())
            out.append(f"\n    <rule{attributes}/>")
        out.append("\n  </queuePlacementPolicy>")
    out.append("\n</allocations>\n")
    return "".join(out)


def _fair_queue(queue: FairQueue, pad: str, out: list[str]) -> None:
    out.append(f'\n{pad}<queue name="{escape(queue.name)}">')
    for name, value in queue.elements:
        tag = escape(name)
        out.append(f"\n{pad}  <{tag}/>" if value == "" else f"\n{pad}  <{tag}>{escape(value)}</{tag}>")
    for child in queue.children:
        _fair_queue(child, pad + "  ", out)
    out.append(f"\n{pad}</queue>")


def capacity_text(capacity: CapacityOutput, header: list[str]) -> str:
    """``templates/capacity-scheduler.xml.j2``: one ``<property>`` per key, in document order."""
    out = _prolog(header, "configuration")
    out.extend(
        f"\n  <property>\n    <name>{escape(name)}</name>\n    <value>{escape(value)}</value>\n  </property>"
        for name, value in capacity.properties
    )
    out.append("\n</configuration>\n")
    return "".join(out)
