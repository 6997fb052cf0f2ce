"""A small allocation-file builder for the converter's tests.

It produces the tree shape the Fair reader produces (declared settings keyed by element name, typed
values, ``declared_parent`` for ``type="parent"`` and ``<reservation>``, the placement policy), so the
fs2cs facts can be tested independently of the reader; the golden tests go through the real reader.
"""

from __future__ import annotations

from lxml import etree

from fsctl.fair.effective import resolve_defaults, resolve_tree
from fsctl.fair.elements import BY_QUEUE_NAME, BY_TOP_NAME, QUEUE_PROPERTIES
from fsctl.fair.model import FairInfo
from fsctl.fair.resources import parse_resource_config_value
from fsctl.model.location import Location
from fsctl.model.resources import MANDATORY_TYPES, UNBOUNDED
from fsctl.model.tree import FAIR, PlacementRule, Queue, QueueTree, Setting


def _value(tag: str, text: str) -> object:
    """The text parsed as the element's kind (fsctl/fair/elements.py), without Hadoop's checks."""
    element = BY_QUEUE_NAME.get(QUEUE_PROPERTIES.get(tag, tag)) or BY_TOP_NAME.get(tag)
    kind = element.kind if element is not None else "text"
    if kind in ("resource0", "resource"):
        missing = 0 if kind == "resource0" else UNBOUNDED
        return parse_resource_config_value(text.strip(), missing, MANDATORY_TYPES)
    if kind in ("weight", "share", "fraction"):
        return float(text)
    if kind in ("int", "seconds"):
        return int(text)
    if kind == "bool":
        return text.strip().lower() == "true"
    if kind == "presence":
        return True
    return text.strip()


def _queue(element: etree._Element, parent: Queue, source: str) -> Queue:
    name = element.get("name", "")
    queue = Queue(name, f"{parent.path}.{name}", location=Location(source, element.sourceline or 0, 1))
    parent.add_child(queue)
    if element.get("type") == "parent":
        queue.declared_parent = True
    for child in element:
        if not isinstance(child.tag, str):
            continue
        if child.tag in ("queue", "pool"):
            _queue(child, queue, source)
            continue
        text = child.text or ""
        queue.declared[QUEUE_PROPERTIES.get(child.tag, child.tag)] = Setting(
            _value(child.tag, text), text, Location(source, child.sourceline or 0, 1)
        )
        if child.tag == "reservation":
            queue.declared_parent = True
    return queue


def _rule(element: etree._Element) -> PlacementRule:
    create = element.get("create")
    parent = None
    for child in element:
        if isinstance(child.tag, str) and child.tag.lower() == "rule":
            parent = _rule(child)
    return PlacementRule(
        element.get("name", ""),
        True if create in (None, "") else create.lower() == "true",
        element.get("queue"),
        parent,
        Location("fair-scheduler.xml", element.sourceline or 0, 1),
    )


def fair_tree(xml: str, source: str = "fair-scheduler.xml") -> QueueTree:
    root_element = etree.fromstring(xml.encode())
    root = Queue("root", "root", location=Location(source, 1, 1))
    tree = QueueTree(FAIR, source, root)
    users: dict[str, dict[str, Setting]] = {}
    for element in root_element:
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("queue", "pool"):
            if element.get("name") == "root":
                root.location = Location(source, element.sourceline or 0, 1)
                for child in element:
                    if not isinstance(child.tag, str):
                        continue
                    if child.tag in ("queue", "pool"):
                        _queue(child, root, source)
                    else:
                        text = child.text or ""
                        root.declared[QUEUE_PROPERTIES.get(child.tag, child.tag)] = Setting(
                            _value(child.tag, text), text
                        )
            else:
                _queue(element, root, source)
        elif element.tag == "user":
            apps = element.findtext("maxRunningApps")
            if apps is not None:
                users[element.get("name", "")] = {"maxRunningApps": Setting(int(apps), apps)}
        elif element.tag == "queuePlacementPolicy":
            tree.placement = [_rule(r) for r in element if isinstance(r.tag, str) and r.tag.lower() == "rule"]
        else:
            text = element.text or ""
            value = _value(element.tag, text)
            tree.settings[element.tag] = Setting(value, text, Location(source, element.sourceline or 0, 1))
    tree.info = FairInfo(resolve_defaults({}, MANDATORY_TYPES), users=users)
    resolve_tree(tree)
    tree.reindex()
    return tree
