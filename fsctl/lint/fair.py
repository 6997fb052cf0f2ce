"""Lint for Fair Scheduler allocation files: what Hadoop loads silently but rarely means (``FS3xx``).

Two kinds of checks. Checks on the *queue tree* (sums of minimum shares, maximums below minimums,
duplicate leaf names, ...) work on any :class:`QueueTree`. Checks on the *text* of the file
(duplicate definitions, unknown or quirk elements, ACL spelling, numbers Hadoop never range-checks)
need the XML itself: the tree keeps only what Hadoop keeps. They use ``tree.info.document``
when the reader left it there, else parse ``tree.source`` again (safely, see ``fsctl.io.xmldoc``);
a tree built in memory simply gets no text checks.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import weakref
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from fsctl.catalogue import fair_lint as rules
from fsctl.fair.elements import QUEUE_PROPERTIES
from fsctl.fair.names import trim_queue_name
from fsctl.hadoop.javanum import JavaNumberFormatError, java_trim, parse_double, parse_int, parse_long
from fsctl.io.xmldoc import XmlDocument, XmlLoadError, element_text, load_xml, local_name
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.resources import UNBOUNDED, ResourceSpec
from fsctl.model.tree import FAIR, Queue, QueueTree, Setting

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint import LintContext

# --------------------------------------------------------------------------------------------------
# The grammar, as far as lint needs it (fs-parse.md §2.2-§2.4; AllocationFileParser.VALID_TAG_NAMES,
# AllocationFileQueueParser)

QUEUE_TAGS = ("queue", "pool")
#: "queue".endsWith(tag) in AllocationFileQueueParser also accepts these
QUIRK_QUEUE_TAGS = ("ueue", "eue", "ue", "e")
#: every element a <queue> may hold: the reader's properties (one list of them) and nested queues
QUEUE_ELEMENTS = (*QUEUE_PROPERTIES, *QUEUE_TAGS)
QUEUE_ATTRIBUTES = ("name", "type")
USER_ELEMENTS = ("maxRunningApps",)
TOP_LEVEL_SCALARS = (
    "userMaxAppsDefault",
    "queueMaxAppsDefault",
    "queueMaxResourcesDefault",
    "queueMaxAMShareDefault",
    "defaultQueueSchedulingPolicy",
    "defaultQueueSchedulingMode",
    "defaultMinSharePreemptionTimeout",
    "defaultFairSharePreemptionTimeout",
    "fairSharePreemptionTimeout",
    "defaultFairSharePreemptionThreshold",
    "queuePlacementPolicy",
    "reservation-planner",
    "reservation-agent",
    "reservation-policy",
)
#: a second spelling of one setting (the later one wins)
ALIASES = {
    "schedulingMode": "schedulingPolicy",
    "pool": "queue",
    "defaultQueueSchedulingMode": "defaultQueueSchedulingPolicy",
}
#: top level only: the deprecated spelling is read only when the new one is absent
TOP_LEVEL_ALIASES = {**ALIASES, "fairSharePreemptionTimeout": "defaultFairSharePreemptionTimeout"}
ACL_ELEMENTS = (
    "aclSubmitApps",
    "aclAdministerApps",
    "aclAdministerReservations",
    "aclListReservations",
    "aclSubmitReservations",
)
RESERVATION_ACLS = ACL_ELEMENTS[2:]
RESERVATION_ACL_SET = frozenset(RESERVATION_ACLS)
INT_ELEMENTS = ("maxRunningApps", "userMaxAppsDefault", "queueMaxAppsDefault")
TIMEOUT_ELEMENTS = (
    "minSharePreemptionTimeout",
    "fairSharePreemptionTimeout",
    "defaultMinSharePreemptionTimeout",
    "defaultFairSharePreemptionTimeout",
)
FLOAT_ELEMENTS = (
    "weight",
    "maxAMShare",
    "fairSharePreemptionThreshold",
    "queueMaxAMShareDefault",
    "defaultFairSharePreemptionThreshold",
)
RESOURCE_ELEMENTS = ("minResources", "maxResources", "maxChildResources", "maxContainerAllocation")
#: the tags whose text DocumentChecks._value looks at
VALUE_CHECKED = frozenset(
    (*ACL_ELEMENTS, "allowPreemptionFrom", *INT_ELEMENTS, *TIMEOUT_ELEMENTS, *FLOAT_ELEMENTS)
)
QUEUE_ELEMENT_SET = frozenset(QUEUE_ELEMENTS)
#: AllocationFileQueueParser: "queue".endsWith(tag) || tag.equals("pool"), as a set for hot loops
NESTED_QUEUE_TAGS = frozenset(("queue", "pool", *QUIRK_QUEUE_TAGS))
#: top-level default -> the root queue's own setting that replaces it (setupRootQueueProperties)
ROOT_DEFAULTS = {
    "defaultMinSharePreemptionTimeout": "minSharePreemptionTimeout",
    "defaultFairSharePreemptionTimeout": "fairSharePreemptionTimeout",
    "defaultFairSharePreemptionThreshold": "fairSharePreemptionThreshold",
}
#: characters that break Capacity Scheduler keys, mapping rules (u:user:queue, %user) or CLIs
UNSAFE_NAME = re.compile(r"[\s,:%*/\\#\"'$={}<>|;?&!`()\[\]]")
_LONG_MAX = 2**63 - 1
_LONG_MIN = -(2**63)

# --------------------------------------------------------------------------------------------------
# entry point


def check(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """Every FS3xx finding for a Fair Scheduler tree, tree checks first, then text checks."""
    if tree.format != FAIR:
        return
    yield from _check_tree(tree, context)
    doc = source_document(tree)
    if doc is not None:
        yield from DocumentChecks(doc).run()


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
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean <{lowered[close[0]]}>?)" if close else ""


# --------------------------------------------------------------------------------------------------
# checks on the queue tree


def _check_tree(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    queues = list(tree.queues())
    yield from _resource_values(tree, queues)
    yield from _children_min_shares(tree, queues, context)
    yield from _max_below_min(tree, queues, context)
    for queue in queues:
        yield from _queue_values(queue)
    yield from _top_level_values(tree, queues)
    yield from _user_limits(tree)
    yield from _duplicate_leaf_names(queues, context)
    yield from _default_policy_blocks_children(tree, queues)


def _spec(setting: Setting | None) -> ResourceSpec | None:
    if setting is None:
        return None
    return setting.value if isinstance(setting.value, ResourceSpec) else None


def _number(setting: Setting | None) -> float | None:
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


def _text(setting: Setting | None) -> str:
    if setting is None:
        return ""
    if setting.raw:
        return java_trim(setting.raw)
    return str(setting.value) if setting.value is not None else ""


def _resource_values(tree: QueueTree, queues: list[Queue]) -> Iterator[Diagnostic]:
    """FS309 percentages above 100 %, FS310 percentages Hadoop ignores."""
    owners: list[tuple[Queue | None, str, Setting]] = []
    for queue in queues:
        owners.extend((queue, n, queue.declared[n]) for n in RESOURCE_ELEMENTS if n in queue.declared)
    default_max = tree.settings.get("queueMaxResourcesDefault")
    if default_max is not None:
        owners.append((None, "queueMaxResourcesDefault", default_max))
    for owner, name, setting in owners:
        spec = _spec(setting)
        if spec is None or spec.fractions is None:
            continue
        where = setting.location or (owner.location if owner else None)
        path = owner.path if owner else None
        if name in ("minResources", "maxContainerAllocation"):
            effect = "a min share of 0" if name == "minResources" else "no per-container limit"
            yield rules.FS310.at(
                where,
                f"{name} {spec.text or spec.canonical()!r} is a percentage; Hadoop keeps only absolute "
                f"values here, so this means {effect}",
                queue=path,
                property=name,
            )
            continue
        over = [(r, f) for r, f in spec.fractions if f > 1.0]
        if over:
            listed = ", ".join(f"{r}={round(f * 100, 6):g}%" for r, f in over)
            yield rules.FS309.at(
                where,
                f"{name} asks for more than the whole cluster ({listed})",
                queue=path,
                property=name,
            )


def _absolute(spec: ResourceSpec | None) -> dict[str, int] | None:
    if spec is None or spec.fractions is not None:
        return None
    return spec.amounts()


def _children_min_shares(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    """FS318: the children's guarantees do not fit in the parent's (or the cluster)."""
    for parent in queues:
        if not parent.children:
            continue
        if parent.parent is None:
            if not context.cluster:
                continue
            capacity: dict[str, int] = dict(context.cluster)
            what = "the cluster"
        else:
            own = _absolute(_spec(parent.declared.get("minResources")))
            if own is None:
                continue
            capacity = own
            what = f"{parent.path}'s minResources"
        total: dict[str, int] = {}
        for child in parent.children:
            amounts = _absolute(_spec(child.declared.get("minResources")))
            if not amounts:
                continue
            for name, amount in amounts.items():
                if amount < UNBOUNDED:
                    total[name] = total.get(name, 0) + amount
            exceeded = {n: t for n, t in total.items() if t > capacity.get(n, 0)}
            if exceeded:
                listed = ", ".join(f"{n}={t} > {capacity.get(n, 0)}" for n, t in exceeded.items())
                yield rules.FS318.at(
                    child.setting_location("minResources"),
                    f"the minResources of the children of {parent.path} add up to more than {what} "
                    f"from {child.path} on ({listed})",
                    queue=child.path,
                    property="minResources",
                )
                break


def _max_below_min(tree: QueueTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    """FS319: the effective maximum is below the minimum (beyond Hadoop's own FS202 check)."""
    default_max = _spec(tree.settings.get("queueMaxResourcesDefault"))
    for queue in queues:
        minimum = _absolute(_spec(queue.declared.get("minResources")))
        if not minimum or queue.parent is None:
            continue
        own = _spec(queue.declared.get("maxResources"))
        if own is not None and own.fractions is None:
            continue  # Hadoop warns itself (FS202)
        spec = own or default_max
        if spec is None:
            continue
        if spec.fractions is not None:
            if not context.cluster:
                continue
            maximum = spec.resolve(context.cluster)
        else:
            maximum = spec.amounts()
        low = {n: (m, maximum[n]) for n, m in minimum.items() if n in maximum and m > maximum[n]}
        if not low:
            continue
        source = "maxResources" if own is not None else "queueMaxResourcesDefault"
        listed = ", ".join(f"{n} {mx} < {mn}" for n, (mn, mx) in low.items())
        yield rules.FS319.at(
            queue.setting_location("maxResources" if own is not None else "minResources"),
            f"the maximum of {queue.path} ({source}) is below its minResources ({listed}); Hadoop uses "
            "the larger value",
            queue=queue.path,
            property="maxResources",
        )


def _queue_values(queue: Queue) -> Iterator[Diagnostic]:
    """FS320 zero weight, FS321 maxRunningApps 0, FS323 unsafe names, FS324 misplaced settings."""
    declared = queue.declared
    weight = _number(declared.get("weight"))
    if weight == 0:
        minimum = _absolute(_spec(declared.get("minResources")))
        if not minimum or not any(amount > 0 for amount in minimum.values()):
            yield rules.FS320.at(
                queue.setting_location("weight"),
                f"{queue.path} has weight 0 and no minResources: it never gets a fair share",
                queue=queue.path,
                property="weight",
            )
    if _number(declared.get("maxRunningApps")) == 0:
        scope = "any queue below it" if queue.children else "it"
        yield rules.FS321.at(
            queue.setting_location("maxRunningApps"),
            f"{queue.path} has maxRunningApps 0: applications submitted to {scope} never start",
            queue=queue.path,
            property="maxRunningApps",
        )
    if queue.parent is not None and UNSAFE_NAME.search(queue.name):
        bad = "".join(sorted(set(UNSAFE_NAME.findall(queue.name))))
        yield rules.FS323.at(
            queue.location,
            f"queue name {queue.name!r} contains {bad!r}, which breaks Capacity Scheduler paths or mapping "
            "rules",
            queue=queue.path,
            property="name",
        )
    if "maxChildResources" in declared and not queue.children and not queue.declared_parent:
        yield rules.FS324.at(
            queue.setting_location("maxChildResources"),
            f"maxChildResources on the leaf {queue.path} has no effect: it caps queues created below a "
            'parent at run time (use type="parent")',
            queue=queue.path,
            property="maxChildResources",
        )
    if (
        not RESERVATION_ACL_SET.isdisjoint(declared)
        and "reservation" not in declared
        and not _is_reservable(queue)
    ):
        for name in RESERVATION_ACLS:
            if name in declared:
                yield rules.FS324.at(
                    queue.setting_location(name),
                    f"{name} on {queue.path} has no effect: the queue is not reservable (no <reservation/>)",
                    queue=queue.path,
                    property=name,
                )
    if queue.parent is None and "maxContainerAllocation" in declared:
        yield rules.FS324.at(
            queue.setting_location("maxContainerAllocation"),
            "maxContainerAllocation on root is documented as invalid; the scheduler's "
            "yarn.scheduler.maximum-allocation-* settings apply",
            queue=queue.path,
            property="maxContainerAllocation",
        )


def _is_reservable(queue: Queue) -> bool:
    return bool(queue.effective.reservation)


def _top_level_values(tree: QueueTree, queues: list[Queue]) -> Iterator[Diagnostic]:
    """FS316 top-level defaults shadowed by root, FS317 queueMaxAppsDefault capping root, FS321."""
    root = tree.root
    for default_name, own_name in ROOT_DEFAULTS.items():
        setting = tree.settings.get(default_name)
        if setting is not None and own_name in root.declared:
            yield rules.FS316.at(
                setting.location,
                f"{default_name} is never used: the root queue sets {own_name} itself",
                property=default_name,
            )
    max_apps = tree.settings.get("queueMaxAppsDefault")
    limit = _number(max_apps)
    if max_apps is not None and limit is not None and "maxRunningApps" not in root.declared:
        if limit == 0:
            yield rules.FS321.at(
                max_apps.location,
                "queueMaxAppsDefault is 0: no application starts in any queue without its own maxRunningApps",
                property="queueMaxAppsDefault",
            )
        larger = [q.path for q in queues if (_number(q.declared.get("maxRunningApps")) or 0) > limit]
        severity = Severity.WARNING if larger else None
        detail = f"; more than that can never run in {', '.join(larger[:3])}" if larger else ""
        yield rules.FS317.at(
            max_apps.location,
            f"queueMaxAppsDefault {_text(max_apps)} also applies to root: at most {_text(max_apps)} "
            f"applications run in the whole cluster{detail} (give root its own maxRunningApps)",
            property="queueMaxAppsDefault",
            severity=severity,
        )
    elif limit == 0 and max_apps is not None:
        yield rules.FS321.at(
            max_apps.location,
            "queueMaxAppsDefault is 0: no application starts in any queue without its own maxRunningApps",
            property="queueMaxAppsDefault",
        )


def _user_limits(tree: QueueTree) -> Iterator[Diagnostic]:
    """FS321 for users: ``maxRunningApps`` 0 on a user or as ``userMaxAppsDefault``."""
    users = tree.info.users
    for name, settings in users.items():
        limit = settings.get("maxRunningApps") if isinstance(settings, dict) else None
        if _number(limit) == 0 and limit is not None:
            yield rules.FS321.at(
                limit.location,
                f'user "{name}" has maxRunningApps 0: none of their applications ever start',
                property="maxRunningApps",
            )
    default = tree.settings.get("userMaxAppsDefault")
    if default is not None and _number(default) == 0:
        yield rules.FS321.at(
            default.location,
            "userMaxAppsDefault is 0: applications of users without their own <user> limit never start",
            property="userMaxAppsDefault",
        )


def _duplicate_leaf_names(queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    """FS322: a leaf name used under several parents."""
    first: dict[str, Queue] = {}
    severity = Severity.WARNING if context.hadoop_version < (3, 3) else None
    for queue in queues:
        if queue.parent is None or not queue.is_leaf:
            continue
        seen = first.setdefault(queue.name, queue)
        if seen is queue:
            continue
        version = "before Hadoop 3.3" if severity else "before Hadoop 3.3 (this is fine on 3.3+)"
        yield rules.FS322.at(
            queue.location,
            f"leaf name {queue.name!r} of {queue.path} is also used by {seen.path}; the Capacity Scheduler "
            f"requires unique leaf names {version}",
            queue=queue.path,
            property="name",
            severity=severity,
        )


def _policy(setting: Setting | None) -> str:
    if setting is not None and isinstance(setting.value, str):
        return setting.value.lower()
    return _text(setting).lower()


def _default_policy_blocks_children(tree: QueueTree, queues: list[Queue]) -> Iterator[Diagnostic]:
    """FS325: dynamic children of a fair parent get the drf default and are refused."""
    default = _policy(tree.settings.get("defaultQueueSchedulingPolicy")) or "fair"
    if default != "drf":
        return
    creating_at_root = any(
        rule.create and rule.parent is None and rule.name in ("user", "primaryGroup", "specified")
        for rule in (tree.placement or ())
    )
    for queue in queues:
        if _policy(queue.declared.get("schedulingPolicy")) != "fair":
            continue
        childless_parent = queue.declared_parent and not queue.children
        hosts_dynamic = childless_parent or "maxChildResources" in queue.declared
        if queue.parent is None:
            hosts_dynamic = hosts_dynamic or creating_at_root
        if not hosts_dynamic:
            continue
        yield rules.FS325.at(
            queue.setting_location("schedulingPolicy"),
            f"{queue.path} uses fair while defaultQueueSchedulingPolicy is drf: queues created below it at "
            "run time get drf, which a fair parent refuses, so their applications are rejected",
            queue=queue.path,
            property="schedulingPolicy",
        )


# --------------------------------------------------------------------------------------------------
# checks on the text of the file


class DocumentChecks:
    """FS301-FS308 and FS311-FS315: one pass over the XML, as AllocationFileParser walks it."""

    def __init__(self, doc: XmlDocument) -> None:
        self.doc = doc
        self.found: list[Diagnostic] = []
        #: full path -> (element, is parent)
        self.queue_paths: dict[str, tuple[etree._Element, bool]] = {}
        #: (tag, text) pairs whose value check found nothing
        self.clean_values: set[tuple[str, str]] = set()

    def run(self) -> list[Diagnostic]:
        self._top_level(self.doc.root)
        return self.found

    def _at(self, element: etree._Element) -> Location:
        return self.doc.location(element)

    def _emit(self, diagnostic: Diagnostic) -> None:
        self.found.append(diagnostic)

    # -- top level ------------------------------------------------------------------------------

    def _top_level(self, allocations: etree._Element) -> None:
        seen: dict[str, etree._Element] = {}
        users: dict[str, etree._Element] = {}
        for tag, element in _tagged(allocations):
            if tag in QUEUE_TAGS:
                name_attr = element.get("name", "")
                self._root_name(element, name_attr)
                name = trim_queue_name(name_attr)
                # a top-level "root" (any case, untrimmed) is the root; "ROOT" ends up as root.ROOT
                self._queue(element, "root" if name_attr == "root" else f"root.{name}")
                continue
            if tag == "user":
                self._user(element, users)
                continue
            if tag in TOP_LEVEL_SCALARS:
                self._duplicate(element, TOP_LEVEL_ALIASES.get(tag, tag), seen, None)
                if tag != "queuePlacementPolicy":
                    self._value(element, tag, None)

    def _root_name(self, element: etree._Element, name: str) -> None:
        trimmed = trim_queue_name(name)
        if name.lower() == "root" and name != "root":
            self._emit(
                rules.FS314.at(
                    self._at(element),
                    f'the root queue is spelled "{name}": its queues become {name}.<name>, which Hadoop '
                    f"re-prefixes to root.{name}.<name>",
                    queue=name,
                    property="name",
                )
            )
        elif trimmed.lower() == "root" and name != trimmed:
            self._emit(
                rules.FS314.at(
                    self._at(element),
                    f'queue name "{name}" is not recognised as the root queue (spaces); it becomes '
                    f"root.{trimmed}",
                    queue=f"root.{trimmed}",
                    property="name",
                )
            )

    def _duplicate(
        self, element: etree._Element, key: str, seen: dict[str, etree._Element], queue: str | None
    ) -> None:
        earlier = seen.get(key)
        seen[key] = element
        if earlier is None:
            return
        tag, earlier_tag = local_name(element), local_name(earlier)
        spelled = f"<{tag}>" if tag == earlier_tag else f"<{tag}> (same setting as <{earlier_tag}>)"
        where = f"in {queue}" if queue else "at the top level"
        self._emit(
            rules.FS302.at(
                self._at(element),
                f"{spelled} is given again {where}; it overrides the one at line "
                f"{self._at(earlier).line}",
                queue=queue,
                property=key,
            )
        )

    def _user(self, element: etree._Element, users: dict[str, etree._Element]) -> None:
        name = element.get("name", "")
        earlier = users.get(name)
        users[name] = element
        if earlier is not None:
            self._emit(
                rules.FS303.at(
                    self._at(element),
                    f'user "{name}" is defined again; its maxRunningApps replaces the one of line '
                    f"{self._at(earlier).line}",
                    property="user",
                )
            )
        self._attributes(element, ("name",), None, "user")
        seen: dict[str, etree._Element] = {}
        for tag, child in _tagged(element):
            if tag in USER_ELEMENTS:
                self._duplicate(child, tag, seen, f'user "{name}"')
                self._value(child, tag, None)
            else:
                self._emit(
                    rules.FS305.at(
                        self._at(child),
                        f'<{tag}> in user "{name}" is ignored by Hadoop{suggest(tag, USER_ELEMENTS)}',
                        property=tag,
                    )
                )

    # -- queues ---------------------------------------------------------------------------------

    def _queue(self, element: etree._Element, path: str) -> None:
        self._attributes(element, QUEUE_ATTRIBUTES, path, "queue")
        queue_type = element.get("type")
        if queue_type is not None and queue_type != "parent":
            meaning = (
                "the queue stays a leaf because it has no children"
                if queue_type.lower() == "parent"
                else "only type=\"parent\" means anything"
            )
            self._emit(
                rules.FS307.at(
                    self._at(element),
                    f'type="{queue_type}" on {path} is ignored: {meaning}',
                    queue=path,
                    property="type",
                )
            )
        fields = _tagged_list(element)
        is_parent = queue_type == "parent" or any(tag in NESTED_QUEUE_TAGS for tag, _ in fields)
        self._duplicate_queue(element, path, is_parent)
        seen: dict[str, etree._Element] = {}
        for tag, child in fields:
            if tag in NESTED_QUEUE_TAGS:
                if tag in QUIRK_QUEUE_TAGS:
                    self._emit(
                        rules.FS304.at(
                            self._at(child),
                            f"<{tag}> in {path} is read as a nested queue (Hadoop accepts any tag that "
                            '"queue" ends with); write <queue>',
                            queue=path,
                            property=tag,
                        )
                    )
                self._queue(child, f"{path}.{trim_queue_name(child.get('name', ''))}")
                continue
            if tag not in QUEUE_ELEMENT_SET:
                self._emit(
                    rules.FS305.at(
                        self._at(child),
                        f"<{tag}> in {path} is ignored by Hadoop{suggest(tag, QUEUE_ELEMENTS)}",
                        queue=path,
                        property=tag,
                    )
                )
                continue
            if tag != "reservation":
                self._duplicate(child, ALIASES.get(tag, tag), seen, path)
            self._value(child, tag, path)

    def _duplicate_queue(self, element: etree._Element, path: str, is_parent: bool) -> None:
        earlier = self.queue_paths.get(path)
        if earlier is None:
            self.queue_paths[path] = (element, is_parent)
            return
        earlier_element, earlier_parent = earlier
        self.queue_paths[path] = (element, is_parent or earlier_parent)
        conflict = ""
        if earlier_parent != is_parent:
            conflict = (
                "; one definition is a leaf and the other a parent, and which one Hadoop uses is not "
                "predictable"
            )
        self._emit(
            rules.FS301.at(
                self._at(element),
                f"{path} is already defined at line {self._at(earlier_element).line}; Hadoop merges the "
                f"definitions (later settings win){conflict}",
                queue=path,
                property="queue",
                severity=Severity.ERROR if conflict else None,
            )
        )

    def _attributes(
        self, element: etree._Element, known: tuple[str, ...], path: str | None, what: str
    ) -> None:
        for attribute in element.attrib:
            name = str(attribute)
            if name in known or name.startswith("{"):
                continue
            hint = suggest(name, known).replace("<", '"').replace(">", '"')
            self._emit(
                rules.FS306.at(
                    self._at(element),
                    f"attribute {name}= on <{local_name(element)}> is ignored by Hadoop (a {what} reads only "
                    f"{', '.join(known)}){hint}",
                    queue=path,
                    property=name,
                )
            )

    # -- values ---------------------------------------------------------------------------------

    def _value(self, element: etree._Element, tag: str, path: str | None) -> None:
        if tag not in VALUE_CHECKED:
            return  # resources: checked on the tree (FS309, FS310)
        text = element_text(element)
        if text is None:
            return  # empty or element content: a Hadoop load error (validate reports it)
        # whether a value gets a finding depends on (tag, text) alone; large files repeat a few
        # values thousands of times, so the ones found clean are not checked again
        key = (tag, text)
        if key in self.clean_values:
            return
        found = len(self.found)
        self._check_value(element, tag, text, path)
        if len(self.found) == found:
            self.clean_values.add(key)

    def _check_value(self, element: etree._Element, tag: str, text: str, path: str | None) -> None:
        if tag in ACL_ELEMENTS:
            self._acl(element, tag, text, path)
            return
        value = java_trim(text)
        if tag == "allowPreemptionFrom" and value.lower() not in ("true", "false"):
            self._emit(
                rules.FS308.at(
                    self._at(element),
                    f"allowPreemptionFrom {value!r} is read as false: {path} and every queue below it can "
                    "never be preempted",
                    queue=path,
                    property=tag,
                )
            )
        elif tag in INT_ELEMENTS:
            self._negative(element, tag, path, _parse(parse_int, value))
        elif tag in TIMEOUT_ELEMENTS:
            seconds = _parse(parse_long, value)
            self._negative(element, tag, path, seconds)
            if seconds is not None and not _LONG_MIN <= seconds * 1000 <= _LONG_MAX:
                self._emit(
                    rules.FS312.at(
                        self._at(element),
                        f"{tag} {value} seconds overflows a Java long in milliseconds; Hadoop wraps it "
                        f"around to {_wrap_long(seconds * 1000)} ms",
                        queue=path,
                        property=tag,
                    )
                )
        elif tag in FLOAT_ELEMENTS:
            number = _parse(parse_double, value)
            if number is not None and (math.isnan(number) or math.isinf(number)):
                self._emit(
                    rules.FS313.at(
                        self._at(element),
                        f"{tag} is {value}; Hadoop accepts it and every share computed from it is wrong",
                        queue=path,
                        property=tag,
                    )
                )
            elif tag in ("maxAMShare", "queueMaxAMShareDefault") and number == -1:
                pass  # documented: disables the AM share check
            else:
                self._negative(element, tag, path, number)

    def _negative(self, element: etree._Element, tag: str, path: str | None, number: float | None) -> None:
        if number is None or number >= 0:
            return
        extra = " (only -1, which disables the check, is meaningful)" if "AMShare" in tag else ""
        self._emit(
            rules.FS311.at(
                self._at(element),
                f"{tag} is negative ({number:g}){extra}; Hadoop does not check the range",
                queue=path,
                property=tag,
            )
        )

    def _acl(self, element: etree._Element, tag: str, text: str, path: str | None) -> None:
        problem = acl_problem(text)
        if problem is None:
            return
        self._emit(
            rules.FS315.at(self._at(element), f"{tag} {text!r}: {problem}", queue=path, property=tag)
        )


def acl_problem(text: str) -> str | None:
    """Why Hadoop would read this ACL text differently than it looks, or None.

    ``AccessControlList(String)``: the raw (untrimmed) text is split once at the first space; users
    before, groups after, each a comma/newline separated list of trimmed names.
    """
    if text.strip() in ("", "*"):
        return None  # " " is nobody, "*" everyone: the documented forms
    if text.count(" ") == 1 and text[0] != " " and not any(c in text for c in "\t\n\r,"):
        return None  # "user group": the common case
    users, groups = _split_acl(text)
    user_names, group_names = _names(users), _names(groups)
    reads = (
        f"Hadoop reads {f'users {user_names}' if user_names else 'no users'} and "
        f"{f'groups {group_names}' if group_names else 'no groups'}"
    )
    groups_only = text[0] == " " and not text[1].isspace()
    if text[0].isspace() and not groups_only:
        return f"it starts with a line break or indentation, so {reads}; write the ACL on one line"
    if "\t" in text.strip():
        return f"a tab does not separate users from groups: {reads}"
    if (users.endswith(",") and groups.strip()) or groups.startswith(","):
        return f"a space next to a comma ends the user list and moves the rest into groups: {reads}"
    spaced = [g for g in _acl_items(groups) if " " in g]
    if spaced:
        return f"only the first space separates users from groups, {spaced[0]!r} is one group name: {reads}"
    return None


def _split_acl(text: str) -> tuple[str, str]:
    parts = text.split(" ", 1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _acl_items(part: str) -> list[str]:
    # StringUtils.getTrimmedStringCollection: split on commas and newlines, trim, drop empties
    return [item.strip() for item in re.split(r"[,\n]", part) if item.strip()]


def _names(part: str) -> str:
    return ", ".join(repr(item) for item in _acl_items(part))


def _tagged_list(parent: etree._Element) -> list[tuple[str, etree._Element]]:
    """``list(_tagged(parent))`` as one comprehension (it runs for every queue of the file)."""
    return [
        (tag.rsplit("}", 1)[-1] if "}" in tag else tag, child)
        for child in parent
        if isinstance(tag := child.tag, str)
    ]


def _tagged(parent: etree._Element) -> Iterator[tuple[str, etree._Element]]:
    """(local name, element) of each child element; comments and PIs skipped."""
    for child in parent:
        tag = child.tag
        if isinstance(tag, str):
            yield (tag.rsplit("}", 1)[-1] if "}" in tag else tag), child


_PLAIN_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")


def _parse(parser: Any, text: str) -> Any:
    if parser is parse_double and _PLAIN_DECIMAL.fullmatch(text):
        return float(text)  # the common case; Java's full grammar (and its cost) only for the rest
    try:
        return parser(text)
    except JavaNumberFormatError:
        return None  # a Hadoop load error; validate reports it


def _wrap_long(value: int) -> int:
    return (value + 2**63) % 2**64 - 2**63
