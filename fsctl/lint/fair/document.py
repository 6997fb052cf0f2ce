"""What the FS3xx rules share: the grammar of an allocation file as far as lint needs it, the source
XML of a tree, value helpers, and :class:`Walk`, the one pass over the XML that hands each element to
the rules that look at it (yamllint's token dispatch).

Checks on the *text* need the XML itself: the tree keeps only what Hadoop keeps. They use
``tree.info.document`` when the reader left it there, else parse ``tree.source`` again (safely, see
``fsctl.io.xmldoc``); a tree built in memory simply gets no text checks.
"""

from __future__ import annotations

import os
import re
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, fields
from types import ModuleType
from typing import TYPE_CHECKING, Any

from fsctl.fair.elements import (  # the element table's views: the grammar as lint needs it
    ALIASES,
    QUEUE_ELEMENT_SET,
    QUEUE_ELEMENTS,
    RESOURCE_ELEMENTS,
    TOP_LEVEL_ALIASES,
    TOP_LEVEL_SCALARS,
    USER_ELEMENTS,
    VALUE_CHECKED,
)
from fsctl.fair.names import trim_queue_name
from fsctl.fair.reader import NESTED_QUEUE_TAGS
from fsctl.hadoop.javanum import JavaNumberFormatError, java_trim, parse_double
from fsctl.io.xmldoc import XmlDocument, XmlLoadError, element_text, load_xml, local_name
from fsctl.lint import handlers
from fsctl.model.diagnostics import Diagnostic, Rule, Severity
from fsctl.model.location import Location
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import Queue, QueueTree, Setting

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint import LintContext

    #: an earlier definition of the same queue path: its element, and whether it made a parent
    Earlier = tuple[etree._Element, bool] | None

# --------------------------------------------------------------------------------------------------
# The grammar, as far as lint needs it (fs-parse.md §2.2-§2.4; AllocationFileParser.VALID_TAG_NAMES,
# AllocationFileQueueParser)

QUEUE_PARSER = "ALLOC/AllocationFileQueueParser.java"
FILE_PARSER = "ALLOC/AllocationFileParser.java"

QUEUE_TAGS = ("queue", "pool")
#: "queue".endsWith(tag) in AllocationFileQueueParser also accepts these
QUIRK_QUEUE_TAGS = ("ueue", "eue", "ue", "e")
QUEUE_ATTRIBUTES = ("name", "type")
#: resources of which AllocationConfiguration keeps only the absolute part (a percentage means 0)
PERCENTAGE_IGNORED = ("minResources", "maxContainerAllocation")

# --------------------------------------------------------------------------------------------------
# the source XML and names


_DOCUMENTS: weakref.WeakKeyDictionary[QueueTree, XmlDocument | None] = weakref.WeakKeyDictionary()


def source_document(tree: QueueTree) -> XmlDocument | None:
    """The XML the tree was read from, or None for a tree built in memory (parsed once per tree)."""
    stored = tree.info.document
    if stored is not None:
        return stored
    if tree in _DOCUMENTS:
        return _DOCUMENTS[tree]
    doc: XmlDocument | None = None
    if tree.source and os.path.isfile(tree.source):
        try:
            doc = load_xml(tree.source)
        except XmlLoadError:
            doc = None
    if doc is not None and local_name(doc.root) != "allocations":
        doc = None
    _DOCUMENTS[tree] = doc
    return doc


def suggest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean <x>?)`` for the closest known name, or an empty string."""
    choices = list(known)
    for choice in choices:
        if choice.lower() == name.lower():
            return f" (did you mean <{choice}>?)"
    lowered = {c.lower(): c for c in choices}
    import difflib  # here: a suggestion is only worked out for a finding

    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean <{lowered[close[0]]}>?)" if close else ""


# --------------------------------------------------------------------------------------------------
# values on the tree and in the text


def spec(setting: Setting | None) -> ResourceSpec | None:
    if setting is None:
        return None
    return setting.value if isinstance(setting.value, ResourceSpec) else None


def absolute(resources: ResourceSpec | None) -> dict[str, int] | None:
    """The amounts of an absolute resource value; None for a percentage or no value."""
    if resources is None or resources.fractions is not None:
        return None
    return resources.amounts()


def number(setting: Setting | None) -> float | None:
    """A numeric setting as a Python number (from the parsed value, else from its text)."""
    if setting is None:
        return None
    value = setting.value
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    try:
        return parse_double(java_trim(setting.raw))
    except JavaNumberFormatError:
        return None


def text(setting: Setting | None) -> str:
    if setting is None:
        return ""
    if setting.raw:
        return java_trim(setting.raw)
    return str(setting.value) if setting.value is not None else ""


_PLAIN_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")


def parse(parser: Any, value: str) -> Any:
    """A value through one of Hadoop's Java number parsers, None when it refuses it."""
    if parser is parse_double and _PLAIN_DECIMAL.fullmatch(value):
        return float(value)  # the common case; Java's full grammar (and its cost) only for the rest
    try:
        return parser(value)
    except JavaNumberFormatError:
        return None  # a Hadoop load error; validate reports it


def resource_settings(tree: QueueTree, queues: list[Queue]) -> Iterator[tuple[Queue | None, str, Setting]]:
    """(queue, name, setting) of every resource value: each queue's, then queueMaxResourcesDefault
    (no queue)."""
    for queue in queues:
        declared = queue.declared
        for name in RESOURCE_ELEMENTS:
            if name in declared:
                yield queue, name, declared[name]
    default_max = tree.settings.get("queueMaxResourcesDefault")
    if default_max is not None:
        yield None, "queueMaxResourcesDefault", default_max


# --------------------------------------------------------------------------------------------------
# the walk over the text


@dataclass(frozen=True)
class Handlers:
    """The rules' ``check_<event>`` functions, per event, in the order of the rule table.

    ``tree(tree, queues, context)`` yields findings on the queue tree; the others are called by
    :class:`Walk` and report through :meth:`Walk.emit`:
    ``top_queue(walk, element, name)`` a top-level <queue> (the root), ``queue(walk, element, path,
    is_parent, earlier)`` every queue (``earlier``: the element of an earlier definition of the same
    path, with whether that one was a parent), ``user(walk, element, name, earlier)``,
    ``nested_tag(walk, tag, element, path)`` a nested queue's tag, ``unknown(walk, tag, element,
    scope, queue, known)`` an element Hadoop ignores, ``setting(walk, element, key, earlier, scope)``
    a setting (``earlier``: the same setting given before in that scope), ``value(walk, element, tag,
    text, path)`` the text of a value Hadoop parses without a range check.
    """

    tree: tuple[Callable[[QueueTree, list[Queue], LintContext], Iterator[Diagnostic]], ...]
    top_queue: tuple[Callable[[Walk, etree._Element, str], None], ...]
    queue: tuple[Callable[[Walk, etree._Element, str, bool, Earlier], None], ...]
    user: tuple[Callable[[Walk, etree._Element, str, etree._Element | None], None], ...]
    nested_tag: tuple[Callable[[Walk, str, etree._Element, str], None], ...]
    unknown: tuple[Callable[[Walk, str, etree._Element, str, str | None, tuple[str, ...]], None], ...]
    setting: tuple[Callable[[Walk, etree._Element, str, etree._Element | None, str | None], None], ...]
    value: tuple[Callable[[Walk, etree._Element, str, str, str | None], None], ...]

    @classmethod
    def of(cls, rules: Iterable[ModuleType]) -> Handlers:
        """Each rule module's ``check_<event>`` functions, by event."""
        modules = tuple(rules)
        return cls(*(handlers(modules, f.name) for f in fields(cls)))


class Walk:
    """One pass over the XML, as AllocationFileParser and AllocationFileQueueParser walk it."""

    def __init__(self, doc: XmlDocument, handlers: Handlers) -> None:
        self.doc = doc
        self.handlers = handlers
        self.found: list[Diagnostic] = []
        #: full path -> (element of its last definition, whether any definition is a parent)
        self.queue_paths: dict[str, tuple[etree._Element, bool]] = {}
        #: user name -> its last <user> element
        self.users: dict[str, etree._Element] = {}
        #: (tag, text) pairs whose value checks found nothing
        self.clean_values: set[tuple[str, str]] = set()

    def run(self) -> list[Diagnostic]:
        self._top_level(self.doc.root)
        return self.found

    def at(self, element: etree._Element) -> Location:
        return self.doc.location(element)

    def flag(
        self,
        rule: Rule,
        element: etree._Element,
        message: str,
        *,
        queue: str | None = None,
        property: str | None = None,
        severity: Severity | None = None,
    ) -> None:
        """A finding of ``rule`` at ``element``: the usual way a text check reports."""
        location = self.at(element)
        self.found.append(rule.at(location, message, queue=queue, property=property, severity=severity))

    def _top_level(self, allocations: etree._Element) -> None:
        seen: dict[str, etree._Element] = {}
        for tag, element in tagged(allocations):
            if tag in QUEUE_TAGS:
                name_attr = element.get("name", "")
                for check in self.handlers.top_queue:
                    check(self, element, name_attr)
                name = trim_queue_name(name_attr)
                # a top-level "root" (any case, untrimmed) is the root; "ROOT" ends up as root.ROOT
                self._queue(element, "root" if name_attr == "root" else f"root.{name}")
                continue
            if tag == "user":
                self._user(element)
                continue
            if tag in TOP_LEVEL_SCALARS:
                self._setting(element, TOP_LEVEL_ALIASES.get(tag, tag), seen, None)
                if tag != "queuePlacementPolicy":
                    self._value(element, tag, None)

    def _setting(
        self, element: etree._Element, key: str, seen: dict[str, etree._Element], scope: str | None
    ) -> None:
        earlier = seen.get(key)
        seen[key] = element
        for check in self.handlers.setting:
            check(self, element, key, earlier, scope)

    def _user(self, element: etree._Element) -> None:
        name = element.get("name", "")
        earlier = self.users.get(name)
        self.users[name] = element
        for check in self.handlers.user:
            check(self, element, name, earlier)
        seen: dict[str, etree._Element] = {}
        scope = f'user "{name}"'
        for tag, child in tagged(element):
            if tag in USER_ELEMENTS:
                self._setting(child, tag, seen, scope)
                self._value(child, tag, None)
            else:
                for unknown in self.handlers.unknown:
                    unknown(self, tag, child, scope, None, USER_ELEMENTS)

    def _queue(self, element: etree._Element, path: str) -> None:
        # the hot loop of the walk (every queue of the file): _setting and _value's common case
        # inlined, handlers read once
        handlers = self.handlers
        fields = tagged_list(element)
        is_parent = element.get("type") == "parent" or any(tag in NESTED_QUEUE_TAGS for tag, _ in fields)
        queue_paths = self.queue_paths
        earlier = queue_paths.get(path)
        queue_paths[path] = (element, is_parent or (earlier is not None and earlier[1]))
        for check in handlers.queue:
            check(self, element, path, is_parent, earlier)
        seen: dict[str, etree._Element] = {}
        clean_values = self.clean_values
        for tag, child in fields:
            if tag in NESTED_QUEUE_TAGS:
                for nested in handlers.nested_tag:
                    nested(self, tag, child, path)
                self._queue(child, f"{path}.{trim_queue_name(child.get('name', ''))}")
                continue
            if tag not in QUEUE_ELEMENT_SET:
                for unknown in handlers.unknown:
                    unknown(self, tag, child, path, path, QUEUE_ELEMENTS)
                continue
            if tag != "reservation":
                key = ALIASES.get(tag, tag)
                earlier_setting = seen.get(key)
                seen[key] = child
                for setting_check in handlers.setting:
                    setting_check(self, child, key, earlier_setting, path)
            if tag in VALUE_CHECKED:
                text = child.text  # element_text; a (tag, text) pair found clean is not checked again
                if text and (tag, text) not in clean_values:
                    self._value(child, tag, path)

    def _value(self, element: etree._Element, tag: str, path: str | None) -> None:
        if tag not in VALUE_CHECKED:
            return  # resources: checked on the tree (FS309, FS310)
        value = element_text(element)
        if value is None:
            return  # empty or element content: a Hadoop load error (validate reports it)
        # whether a value gets a finding depends on (tag, text) alone; large files repeat a few
        # values thousands of times, so the ones found clean are not checked again
        key = (tag, value)
        if key in self.clean_values:
            return
        found = len(self.found)
        for check in self.handlers.value:
            check(self, element, tag, value, path)
        if len(self.found) == found:
            self.clean_values.add(key)


def tagged_list(parent: etree._Element) -> list[tuple[str, etree._Element]]:
    """``list(tagged(parent))`` as one comprehension (it runs for every queue of the file)."""
    return [
        (tag.rsplit("}", 1)[-1] if "}" in tag else tag, child)
        for child in parent
        if isinstance(tag := child.tag, str)
    ]


def tagged(parent: etree._Element) -> Iterator[tuple[str, etree._Element]]:
    """(local name, element) of each child element; comments and PIs skipped."""
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):
            yield (tag.rsplit("}", 1)[-1] if "}" in tag else tag), child
