"""fair-scheduler.xml into the queue tree, with every error and warning Hadoop would report.

Follows ``AllocationFileLoaderService``, ``allocation/AllocationFileParser``,
``allocation/AllocationFileQueueParser``, ``AllocationConfiguration`` and ``QueueManager`` (policy
checks at queue creation). Hadoop stops at the first error; this reader reports all of them and
never raises. fs-parse.md §2 is the grammar, §3 the checks.

The tree is a ``QueueTree[FairQueueValues, FairInfo]`` (:mod:`fsctl.fair.model`): ``Queue.declared``
holds what the file says under the element names of :mod:`fsctl.fair.elements` (a :class:`Setting`
with the parsed value, the text as written and the element's location): timeouts already in ms,
clamps applied, ``schedulingMode`` stored as ``schedulingPolicy``, a percentage ``minResources`` kept
as written; invalid values are left out (their diagnostic says why). ``QueueTree.settings`` holds the
top-level elements the same way (timeouts in seconds, as written). ``Queue.effective`` and
``tree.info.defaults`` are resolved once by :mod:`fsctl.fair.effective`. ``QueueTree.placement`` is
the file's ``queuePlacementPolicy`` (None when absent: use ``effective_placement``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lxml import etree

from fsctl.catalogue import fair as rules
from fsctl.fair.creation import post_order
from fsctl.fair.effective import resolve_defaults, resolve_queues, user_max_apps
from fsctl.fair.elements import (
    ACL_PROPERTIES,
    QUEUE_PROPERTIES,
    QUEUE_ROWS,
    ROOT_DEFAULTS,
    TOP_LEVEL_POLICY_TAGS,
    TOP_LEVEL_TEXT,
    TOP_ROWS,
    Kind,
)
from fsctl.fair.model import FairInfo, FairQueue, FairTree, QueueElement
from fsctl.fair.names import trim_queue_name
from fsctl.fair.resources import (
    ResourceParseError,
    parse_legacy_resource_config_value,
    parse_resource_config_value,
)
from fsctl.fair.site import FairSiteSettings
from fsctl.gcpause import paused_gc
from fsctl.hadoop import javanum
from fsctl.hadoop.javahash import hash_set_order
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import INT_MAX, UNBOUNDED, ResourceSpec
from fsctl.model.tree import FAIR, PlacementRule, Queue, ReadResult, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

ROOT = "root"
DEFAULT_QUEUE_NAME = "default"  # YarnConfiguration.DEFAULT_QUEUE_NAME

TOP_LEVEL_TAGS = frozenset(
    (*TOP_LEVEL_TEXT, *TOP_LEVEL_POLICY_TAGS, "queue", "pool", "user", "queuePlacementPolicy")
)
#: properties whose parsed value depends on the text alone and whose success reports nothing (not
#: schedulingPolicy: a custom class is accepted with a warning at each place it is used)
CACHEABLE_PROPERTIES = frozenset(e.name for e in QUEUE_ROWS if e.kind not in ("policy", "presence"))
QUEUE_KINDS = {e.name: e.kind for e in QUEUE_ROWS}
#: the numeric kinds: Hadoop's parser and what the message says the value must be
_NUMBERS: dict[str, tuple[Callable[[str], Any], str]] = {
    "int": (javanum.parse_int, "an integer"),
    "seconds": (javanum.parse_long, "an integer (seconds)"),
    "share": (javanum.parse_float, "a number"),
    "fraction": (javanum.parse_float, "a number"),
    "weight": (javanum.parse_double, "a number"),
}

POLICY_PACKAGE = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.policies."
#: SchedulingPolicy.parse: the built-in names and classes
KNOWN_POLICY_CLASSES = {
    POLICY_PACKAGE + "FairSharePolicy": "fair",
    POLICY_PACKAGE + "DominantResourceFairnessPolicy": "drf",
    POLICY_PACKAGE + "FifoPolicy": "fifo",
}
FAIR_DRF_MESSAGE = (  # policies/FairSharePolicy#isChildPolicyAllowed
    "Queue policy can't be DRF if the parent policy is fair. Choose fair or FIFO for child queues "
    "instead. Please note that FIFO is only for leaf queues."
)
_JAVA_CLASS_NAME = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*"


#: ``AllocationFileQueueParser#isSchedulableQueue``: ``"queue".endsWith(tag)`` or ``pool``, so
#: ``ueue``, ``eue``, ``ue`` and ``e`` count as nested queues too
NESTED_QUEUE_TAGS = frozenset(("queue", "ueue", "eue", "ue", "e", "pool"))


def first_text(node: etree._Element) -> tuple[str | None, str | None]:
    """``((Text) element.getFirstChild()).getData()`` as Hadoop's DOM sees it: (text, None), or
    (None, ``"empty"``) for NullPointerException, (None, ``"element"``) for ClassCastException.

    Hadoop's parser drops comments and joins the text around them; an element or processing
    instruction before any text is what the cast fails on.
    """
    text = node.text or ""
    blocked = False
    for child in node:
        if isinstance(child, etree._Comment):
            text += child.tail or ""
            continue
        blocked = True
        break
    if text:
        return text, None
    return None, ("element" if blocked else "empty")


def java_resource_str(amounts: dict[str, int]) -> str:
    """``Resource.toString``: ``<memory:1024, vCores:2>`` plus non-zero custom types."""
    items = list(amounts.items())
    memory = items[0][1] if items else 0
    vcores = min(items[1][1], INT_MAX) if len(items) > 1 else 0
    text = f"<memory:{memory}, vCores:{vcores}"
    for name, value in items[2:]:
        if value != 0:
            text += f", {name}: {value}"
    return text + ">"


def effective_placement(tree: FairTree, site: FairSiteSettings | None = None) -> list[PlacementRule]:
    """The rules Hadoop applies: the file's policy, else the yarn-site derived one (fs-parse §5.8).

    A policy element without any valid ``rule`` is ignored by Hadoop ("Empty rule set defined"),
    which then keeps the yarn-site derived rules.
    """
    if tree.placement:
        return list(tree.placement)
    from fsctl.fair.placement import policy_from_settings

    settings = site or tree.info.site
    return policy_from_settings(settings.allow_undeclared_pools, settings.user_as_default_queue)


def read_fair(
    doc: XmlDocument,
    site: HadoopConf | None = None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
) -> ReadResult:
    """Read an allocation file into a :class:`ReadResult`; ``site`` is a ``HadoopConf`` (yarn-site)
    or None. Never raises: an unexpected failure becomes an FS199 diagnostic."""
    with paused_gc():  # ~40 % of a 100,000-queue read would be collector rescans
        reader = _FairReader(doc, site, hadoop_version)
        try:
            reader.read()
        except Exception as exc:  # never let a reader crash the command
            reader.internal_error(doc.root, exc)
            if not reader.resolved:  # what was read still gets its values
                try:
                    reader.resolve()
                except Exception as again:
                    reader.internal_error(doc.root, again)
    return ReadResult(doc.path, FAIR, reader.tree, reader.found)


class _FairReader:
    def __init__(self, doc: XmlDocument, site: HadoopConf | None, hadoop_version: HadoopVersion) -> None:
        self.doc = doc
        #: doc.location, bound once: every queue and setting gets a DeferredLocation of it
        self.locate = doc.location
        self.version = hadoop_version
        self.found: list[Diagnostic] = []
        try:
            self.site = FairSiteSettings.from_conf(site)
        except Exception as exc:
            self.site = FairSiteSettings()
            self.internal_error(doc.root, exc)
        self.types = self.site.resource_types
        # root is an FSParentQueue, children or not (QueueManager.initialize)
        root: FairQueue = Queue(ROOT, ROOT, location=self.later(doc.root), declared_parent=True)
        self.info = FairInfo(
            resolve_defaults({}, self.types), site=self.site, document=doc, hadoop_version=hadoop_version
        )
        self.tree: FairTree = FairTree(FAIR, doc.path, root, info=self.info)
        self.index: dict[str, Queue] = {ROOT: root}
        #: (property, text) -> value, for values whose parsing reports nothing when it succeeds:
        #: large files repeat the same few texts (weights, limits) thousands of times
        self.parsed: dict[tuple[str, str], Any] = {}
        #: (key, text as written) -> (trimmed text, value), for the values in ``parsed``
        self.parsed_as_written: dict[tuple[str, str], tuple[str, Any]] = {}
        self.queue_elements = self.info.queue_elements
        self.ignored = self.info.ignored_elements
        self.users = self.info.users
        self.resolved = False
        #: the queues under a top <queue name="ROOT"> (any case but root): their settings are never read
        self.unkeyed: set[Queue] = set()

    # -- diagnostics ----------------------------------------------------------------------------

    def internal_error(self, node: etree._Element, exc: Exception) -> None:
        self.found.append(
            rules.FS199.at(self.doc.location(node), f"fsctl failed here: {type(exc).__name__}: {exc}")
        )

    def loc(self, node: etree._Element) -> Location:
        return self.doc.location(node)

    def later(self, node: etree._Element) -> DeferredLocation:
        """The node's location for the model, worked out only if something reads it."""
        return DeferredLocation(self.locate, node)

    # -- values ---------------------------------------------------------------------------------

    def text(self, node: etree._Element, queue: str | None, prop: str, *, trim: bool = True) -> str | None:
        """The element's value as Hadoop reads it, or None after reporting why Hadoop fails."""
        text, failure = first_text(node)
        if failure is None:
            assert text is not None
            return javanum.java_trim(text) if trim else text
        tag = local_name(node)
        if failure == "empty":
            rule, why = rules.FS104, "is empty: Hadoop fails reading it (NullPointerException)"
        else:
            rule = rules.FS105
            why = "starts with an element, not text: Hadoop fails reading it (ClassCastException)"
        self.found.append(rule.at(self.loc(node), f"<{tag}> {why}", queue=queue, property=prop))
        return None

    def number(
        self,
        node: etree._Element,
        text: str,
        parse: Callable[[str], Any],
        queue: str | None,
        prop: str,
        expected: str,
    ) -> Any:
        """``parse(text)``, or None after an FS106/FS107 diagnostic."""
        try:
            return parse(text)
        except javanum.JavaNumberFormatError as exc:
            rule = rules.FS106 if parse in (javanum.parse_int, javanum.parse_long) else rules.FS107
            message = f"NumberFormatException: {exc} ({prop} must be {expected})"
            self.found.append(rule.at(self.loc(node), message, queue=queue, property=prop))
            return None

    def value(
        self, kind: Kind, node: etree._Element, text: str, queue: str | None, prop: str, report: bool = True
    ) -> Any:
        """The text parsed as Hadoop parses an element of this kind (:data:`~fsctl.fair.elements.Kind`;
        timeouts in seconds), or None after a diagnostic; ``report`` False: a value Hadoop never
        parses, so never an error."""
        number = _NUMBERS.get(kind)
        if number is not None:
            parse, expected = number
            if report:
                value = self.number(node, text, parse, queue, prop, expected)
            else:
                try:
                    value = parse(text)
                except javanum.JavaNumberFormatError:
                    value = None
            if value is None:
                return None
            if kind == "share":
                return javanum.java_min(value, 1.0)
            if kind == "fraction":
                return javanum.java_max(javanum.java_min(value, 1.0), 0.0)
            return javanum.to_float32(value) if kind == "weight" else value
        if kind in ("resource0", "resource"):
            return self.resource(node, text, queue, prop, missing=0 if kind == "resource0" else UNBOUNDED)
        if kind == "policy":
            return self.policy(node, text, queue, prop)
        if kind == "bool":
            return javanum.parse_boolean(text)
        return text  # acl (raw, not trimmed), text

    def resource(
        self, node: etree._Element, text: str, queue: str | None, prop: str, missing: int = UNBOUNDED
    ) -> ResourceSpec | None:
        try:
            if self.version < (3, 2):
                return parse_legacy_resource_config_value(text, self.types)
            return parse_resource_config_value(text, missing, self.types)
        except ResourceParseError as exc:
            self.found.append(rules.FS108.at(self.loc(node), str(exc), queue=queue, property=prop))
            return None

    def policy(self, node: etree._Element, text: str, queue: str | None, prop: str) -> str | None:
        """``SchedulingPolicy.parse``: ``fair``/``drf``/``fifo`` or a class name."""
        lowered = text.lower()
        if lowered in ("fair", "drf", "fifo"):
            return lowered
        known = KNOWN_POLICY_CLASSES.get(text)
        if known is not None:
            return known
        location = self.loc(node)
        if not re.fullmatch(_JAVA_CLASS_NAME, text) or "." not in text or text.startswith(POLICY_PACKAGE):
            self.found.append(
                rules.FS112.at(
                    location, f"{text} SchedulingPolicy class not found!", queue=queue, property=prop
                )
            )
            return None
        if text.startswith(("java.", "javax.")):
            self.found.append(
                rules.FS113.at(
                    location, f"{text} does not extend SchedulingPolicy", queue=queue, property=prop
                )
            )
            return None
        self.found.append(
            rules.FS203.at(
                location,
                f'custom scheduling policy class {text}: Hadoop fails with "{text} SchedulingPolicy class '
                "not found!\" unless it is on the ResourceManager's classpath",
                queue=queue,
                property=prop,
            )
        )
        return text

    # -- document -------------------------------------------------------------------------------

    def read(self) -> None:
        root = self.doc.root
        if local_name(root) != "allocations":
            self.found.append(
                rules.FS100.at(
                    self.loc(root), "Bad fair scheduler config file: top-level element not <allocations>"
                )
            )
            self.resolve()
            return
        queue_elements: list[etree._Element] = []
        placement_element: etree._Element | None = None
        text_data: dict[str, tuple[str, etree._Element]] = {}
        default_policy: tuple[str, etree._Element] | None = None
        for child in root:
            if not isinstance(child.tag, str):
                continue
            tag = local_name(child)
            try:
                if tag not in TOP_LEVEL_TAGS:
                    self.found.append(
                        rules.FS201.at(
                            self.loc(child), f"Bad element in allocations file: {tag}", property=tag
                        )
                    )
                    self.ignored.append(
                        {"path": None, "parent": "allocations", "tag": tag, "location": self.loc(child)}
                    )
                elif tag == "queuePlacementPolicy":
                    placement_element = child  # several: the last one wins, the others are never read
                elif tag in TOP_LEVEL_POLICY_TAGS:
                    parsed = self.default_policy(child)
                    if parsed is not None:
                        default_policy = (parsed, child)
                elif tag in ("queue", "pool"):
                    queue_elements.append(child)
                elif tag == "user":
                    self.user(child)
                else:
                    value = self.text(child, None, tag)
                    if value is not None:
                        text_data[tag] = (value, child)
            except Exception as exc:
                self.internal_error(child, exc)
        if default_policy is not None:
            policy, element = default_policy
            self.tree.settings["defaultQueueSchedulingPolicy"] = Setting(
                policy, first_text(element)[0] or "", self.loc(element)
            )
        if self.version < (3, 4):
            # QueueManager.initialize creates the leaf root.default before the file is read, until
            # YARN-7769 (3.4.0): oracle/ shows 3.3.6 with it on a file that never names it, 3.4.2
            # without. A file that declares it merges into this queue, as Hadoop's does.
            self.queue_object(DEFAULT_QUEUE_NAME, self.tree.root, self.later(root), attach=True)
        for element in queue_elements:
            try:
                self.top_level_queue(element, len(queue_elements))
            except Exception as exc:
                self.internal_error(element, exc)
        if placement_element is not None:
            self.placement(placement_element)
        self.defaults(text_data)
        self.resolve()
        self.apply_child_defaults()
        self.check_policies()
        self.check_under_default()
        self.structure()
        self.tree.reindex(self.index)

    def structure(self) -> None:
        from fsctl.fair.structure import check_structure

        try:
            found = check_structure(self.doc)
        except Exception as exc:
            self.internal_error(self.doc.root, exc)
            return
        if not found:
            return
        # attach the queue path where the text sits in a queue element
        by_location = {e["location"]: e["path"] for e in self.queue_elements}
        for diagnostic in found:
            path = by_location.get(diagnostic.location) if diagnostic.location else None
            self.found.append(dataclasses.replace(diagnostic, queue=path) if path else diagnostic)

    def default_policy(self, element: etree._Element) -> str | None:
        # AllocationFileParser#extractSchedulingPolicy: parsed at once, fifo refused
        text = self.text(element, None, "defaultQueueSchedulingPolicy")
        if text is None:
            return None
        if text.lower() == "fifo":
            self.found.append(
                rules.FS111.at(
                    self.loc(element),
                    "Bad fair scheduler config file: defaultQueueSchedulingPolicy or "
                    "defaultQueueSchedulingMode can't be FIFO.",
                    property="defaultQueueSchedulingPolicy",
                )
            )
            return None
        return self.policy(element, text, None, "defaultQueueSchedulingPolicy")

    def user(self, element: etree._Element) -> None:
        # AllocationFileParser#extractUserData: only maxRunningApps is read
        name = element.get("name", "")
        settings = self.users.setdefault(name, {})
        for field in element:
            if not isinstance(field.tag, str):
                continue
            tag = local_name(field)
            if tag != "maxRunningApps":
                self.ignored.append({"path": None, "parent": "user", "tag": tag, "location": self.loc(field)})
                continue
            text = self.text(field, None, "maxRunningApps")
            if text is None:
                continue
            value = self.number(field, text, javanum.parse_int, None, "maxRunningApps", "an integer")
            if value is not None:
                settings["maxRunningApps"] = Setting(value, text, self.later(field))

    # -- queues ---------------------------------------------------------------------------------

    def top_level_queue(self, element: etree._Element, count: int) -> None:
        # AllocationFileQueueParser#parse: a top-level "root" (any case, untrimmed) must be alone
        if element.get("name", "").lower() == ROOT:
            if count > 1:
                self.found.append(
                    rules.FS103.at(
                        self.loc(element),
                        "If configuring root queue, no other queues can be placed alongside it.",
                        queue=ROOT,
                        property="name",
                    )
                )
            self.queue(element, None)
        else:
            self.queue(element, self.tree.root)

    def queue(self, element: etree._Element, parent: Queue | None) -> None:
        """AllocationFileQueueParser#loadQueue. ``parent`` None: the top-level root element."""
        location = self.later(element)
        raw_name = element.get("name", "")
        name = trim_queue_name(raw_name)
        attach = "." not in name and bool(name)
        if not attach:
            parent_path = parent.path if parent is not None else None
            would_be = f"{parent_path}.{name}" if parent_path else name
            if "." in name:
                diagnostic = rules.FS101.at(
                    location.resolve(),
                    f"Bad fair scheduler config file: queue name ({name}) shouldn't contain period.",
                    queue=would_be,
                    property="name",
                )
            else:
                diagnostic = rules.FS102.at(
                    location.resolve(),
                    "Bad fair scheduler config file: queue name shouldn't be empty or consist only of "
                    "whitespace.",
                    queue=would_be,
                    property="name",
                )
            self.found.append(diagnostic)
        queue = self.queue_object(name, parent, location, attach)
        if parent is None and queue is not self.tree.root:
            self.info.unkeyed_subtree = queue.path
        if queue.path == self.info.unkeyed_subtree or parent in self.unkeyed:
            self.unkeyed.add(queue)
        type_attr = element.get("type")
        element_tag = element.tag
        if "}" in element_tag:
            element_tag = element_tag.rsplit("}", 1)[-1]
        self.queue_elements.append(QueueElement(queue.path, element_tag, type_attr, location))
        has_children = False
        reservable = False
        max_am_share_here: etree._Element | None = None
        reservation_here: etree._Element | None = None
        queue_property = self.queue_property
        for field in element:
            tag = field.tag
            if not isinstance(tag, str):
                continue
            if "}" in tag:  # local_name, inlined: this loop runs for every element of the file
                tag = tag.rsplit("}", 1)[-1]
            try:
                key = QUEUE_PROPERTIES.get(tag)
                if key is not None:
                    queue_property(queue, field, key)
                    if key == "reservation":
                        reservable = True
                        reservation_here = field
                    elif key == "maxAMShare":
                        max_am_share_here = field
                elif tag in NESTED_QUEUE_TAGS:
                    has_children = True
                    self.queue(field, queue)
                else:
                    self.ignored.append(
                        {
                            "path": queue.path,
                            "parent": local_name(element),
                            "tag": tag,
                            "location": self.loc(field),
                        }
                    )
            except Exception as exc:
                self.internal_error(field, exc)
        is_parent = has_children or type_attr == "parent"
        if type_attr == "parent" or reservable:
            queue.declared_parent = True
        if is_parent:
            if reservation_here is not None:
                self.found.append(
                    rules.FS109.at(
                        self.loc(reservation_here),
                        f"The configuration settings for {queue.path} are invalid. A queue element that "
                        "contains child queue elements or that has the type='parent' attribute cannot also "
                        "include a reservation element.",
                        queue=queue.path,
                        property="reservation",
                    )
                )
            elif max_am_share_here is not None and self.version >= (3, 2):
                # AllocationFileQueueParser.loadQueue since 3.2.0 (oracle/: 3.2.4 refuses, 3.1.4 and
                # 2.10.2 load and ignore it)
                self.found.append(
                    rules.FS110.at(
                        self.loc(max_am_share_here),
                        f"The configuration settings for {queue.path} are invalid. A queue element that "
                        "contains child queue elements or that has the type='parent' attribute cannot also "
                        "include a maxAMShare element.",
                        queue=queue.path,
                        property="maxAMShare",
                    )
                )
        declared = queue.declared
        if "minResources" in declared and "maxResources" in declared:
            self.check_min_max(queue, location)
        if queue in self.unkeyed:
            # under a top <queue name="ROOT">, AllocationFileQueueParser keys every setting by the
            # name as written (ROOT.a), while QueueManager creates root.ROOT.a: no queue ever reads
            # them (oracle: 3.4.2, 3.3.6), and the queue keeps the defaults. Its type is kept
            # (configuredQueues is looked up with the root prefix added)
            queue.declared = {}

    def queue_object(
        self, name: str, parent: Queue | None, location: DeferredLocation, attach: bool
    ) -> Queue:
        if parent is None:
            if name == ROOT:
                root = self.tree.root
                root.location = location
                return root
            parent = self.tree.root  # name="ROOT": Hadoop re-prefixes it to root.ROOT
        path = f"{parent.path}.{name}"
        if not attach or self.index.get(parent.path) is not parent:
            # a bad name (or under one): checked, but kept out of the tree
            return Queue(name, path, parent=parent, location=location)
        existing = self.index.get(path)
        if existing is not None:
            return existing  # defined twice: Hadoop merges the definitions, last value wins
        queue = parent.add_child(Queue(name, path, location=location))
        self.index[path] = queue
        return queue

    def queue_property(self, queue: Queue, field: etree._Element, key: str) -> None:
        text = field.text
        # plain text content, the usual case (first_text, inlined): ``written`` is the text as written
        written = text if text and not len(field) else None
        if written is not None:
            # a large file repeats a few texts: one lookup for the text as written
            seen = self.parsed_as_written.get((key, written))
            if seen is not None:
                queue.declared[key] = Setting(seen[1], seen[0], DeferredLocation(self.locate, field))
                return
        location = DeferredLocation(self.locate, field)
        path = queue.path
        kind = QUEUE_KINDS[key]
        if kind == "presence":  # the content is never read
            queue.declared[key] = Setting(True, "", location)
            return
        if written is not None:
            text = written if key in ACL_PROPERTIES else javanum.java_trim(written)
        else:
            text = self.text(field, path, key, trim=key not in ACL_PROPERTIES)
            if text is None:
                return
        value: Any = self.parsed.get((key, text))
        if value is None:
            value = self.value(kind, field, text, path, key)
            if value is not None and kind == "seconds":
                value = javanum.java_long_multiply(value, 1000)
            if value is None:
                return
            if key not in CACHEABLE_PROPERTIES:
                queue.declared[key] = Setting(value, text, location)
                return
            self.parsed[(key, text)] = value
        queue.declared[key] = Setting(value, text, location)
        if written is not None:
            self.parsed_as_written[(key, written)] = (text, value)

    def check_min_max(self, queue: Queue, location: DeferredLocation) -> None:
        # AllocationFileQueueParser#checkMinAndMaxResource: only absolute values are compared
        low = queue.declared.get("minResources")
        high = queue.declared.get("maxResources")
        if low is None or high is None or low.value.is_percentage or high.value.is_percentage:
            return
        low_amounts, high_amounts = low.value.amounts(), high.value.amounts()
        if all(low_amounts.get(t, 0) <= high_amounts.get(t, 0) for t in low_amounts):
            return
        self.found.append(
            rules.FS202.at(
                high.location or location.resolve(),
                f"Queue {queue.path} has max resources {java_resource_str(high_amounts)} less than "
                f"min resources {java_resource_str(low_amounts)}",
                queue=queue.path,
                property="maxResources",
            )
        )

    # -- placement ------------------------------------------------------------------------------

    def placement(self, element: etree._Element) -> None:
        # imported here: files without a placement policy never load the module
        from fsctl.fair.placement import parse_placement_policy

        try:
            rules_found, diagnostics = parse_placement_policy(
                self.doc,
                element,
                hadoop_version=self.version,
                no_terminal_rule_check=self.site.terminal_rule_check_disabled,
            )
        except Exception as exc:
            self.internal_error(element, exc)
            return
        self.found.extend(diagnostics)
        self.tree.placement = rules_found
        self.info.placement_location = self.loc(element)

    # -- top-level defaults (AllocationFileParser getters, read only when consulted) ---------------

    def defaults(self, text_data: dict[str, tuple[str, etree._Element]]) -> None:
        settings = self.tree.settings
        root = self.tree.root.declared
        for element in TOP_ROWS:
            if element.kind == "policy":
                continue  # parsed at once (read)
            for tag in (element.name, *element.aliases):
                entry = text_data.get(tag)
                if entry is None:
                    continue
                text, node = entry
                # a default root declares itself is never read; nor is a deprecated spelling
                # when the element itself is there
                consulted = ROOT_DEFAULTS.get(element.name) not in root and (
                    tag == element.name or element.name not in text_data
                )
                value = self.value(element.kind, node, text, None, tag, report=consulted)
                settings[tag] = Setting(value, text, self.loc(node))
        self.info.defaults = resolve_defaults(settings, self.types)
        self.info.user_max_apps = user_max_apps(self.users, self.info.defaults)

    def resolve(self) -> None:
        """Every queue's effective values (AllocationConfiguration, FSQueue, FSParentQueue)."""
        resolve_queues(self.tree.root, self.info.defaults, self.types, self.site.maximum_allocation)
        self.resolved = True

    def apply_child_defaults(self) -> None:
        """FairScheduler.applyChildDefaults, after every load: a queue that exists without being in
        the file takes its parent's maxChildResources as its maxResources. Before 3.4 that is the
        root.default made before the file is read, when the file does not declare it (oracle: 3.3.6)."""
        default = self.index.get(f"{ROOT}.{DEFAULT_QUEUE_NAME}")
        limit = self.tree.root.effective.max_child_resources
        if self.version >= (3, 4) or default is None or limit is None:
            return
        if any(element.path == default.path for element in self.queue_elements):
            return
        default.effective = dataclasses.replace(default.effective, max_resources=limit)

    def check_policies(self) -> None:
        """QueueManager#createNewQueues: queues Hadoop refuses to create (with their subtrees)."""
        dropped = self.info.dropped_queues
        stack = [self.tree.root]
        while stack:
            queue = stack.pop()
            policy = queue.effective.scheduling_policy
            # a fifo parent is refused when created; root always exists, so only its children are
            if policy == "fifo" and (queue.children if queue.parent is None else not queue.is_leaf):
                if self.keeps_fair_root(queue):
                    policy = "fair"
                else:
                    self.report_fifo_parent(queue)
                    # root itself always exists: only its children are refused
                    dropped.extend([c.path for c in queue.children] if queue.parent is None else [queue.path])
                    continue
            for child in reversed(queue.children):
                child_policy = child.effective.scheduling_policy
                if policy == "fair" and child_policy == "drf" and self.keeps_default(child):
                    stack.append(child)
                    continue
                if policy == "fair" and child_policy == "drf":
                    message = (
                        f"Can't create queue '{child.path}',the child scheduling policy is not allowed "
                        f"by parent queue! {FAIR_DRF_MESSAGE}"
                    )
                    where = child.setting_location("schedulingPolicy")
                    self.found.append(
                        rules.FS114.at(where, message, queue=child.path, property="schedulingPolicy")
                    )
                    dropped.append(child.path)
                    continue
                stack.append(child)

    def check_under_default(self) -> None:
        """QueueManager before 3.4 (oracle: 3.3.6): ``root.default`` exists as a leaf before the file
        is read. All leaves are created first, so none below it ever is; then the parents, in
        ``HashSet`` order: ``root.default`` turns into a parent when its turn comes, and only the
        parents below it that come later are created (with their missing ancestors). Before 3.2
        (oracle: 3.1.4, 2.10.2) ``removeEmptyIncompatibleQueues`` refuses every name below
        ``root.default``, so no queue there is created at all."""
        default = self.index.get(f"{ROOT}.{DEFAULT_QUEUE_NAME}")
        if self.version >= (3, 4) or default is None or not default.children:
            return
        below = default.path + "."
        # QueueProperties.configuredQueues(PARENT): AllocationFileQueueParser adds a parent after its children
        # root is there only when the file has a <queue name="root"> element (loadQueue adds it)
        root_element = any(element["path"] == ROOT for element in self.queue_elements)
        parents = [
            q.path
            for q in post_order(self.tree.root)
            if not q.is_leaf and (q.parent is not None or root_element)
        ]
        created: set[str] = set()
        default_is_parent = False
        for path in hash_set_order(parents) if self.version >= (3, 2) else ():
            if path == default.path:
                default_is_parent = True
            elif default_is_parent and path.startswith(below):
                parts = path.split(".")
                created.update(".".join(parts[:i]) for i in range(3, len(parts) + 1))
        dropped = self.info.dropped_queues
        stack = list(reversed(default.children))
        while stack:
            queue = stack.pop()
            if queue.path in created:
                stack.extend(reversed(queue.children))
                continue
            if self.version < (3, 2):
                kind = "no queue below it is ever created"
            elif queue.is_leaf:
                kind = "this is a leaf"
            else:
                kind = "this is a parent Hadoop reaches before root.default"
            self.found.append(
                rules.FS116.at(
                    queue.location,
                    f"Queue '{queue.path}' is not created: Hadoop {self.version[0]}.{self.version[1]} "
                    f"makes {default.path} a leaf before reading the file, and {kind}",
                    queue=queue.path,
                )
            )
            dropped.append(queue.path)

    def keeps_default(self, queue: Queue) -> bool:
        """Before 3.4 root.default exists before the file is read: a refused policy is not applied
        (FSQueue.verifyAndSetPolicyFromConf fails) and the queue keeps fair (oracle: 3.3.6)."""
        if self.version >= (3, 4) or queue.path != f"{ROOT}.{DEFAULT_QUEUE_NAME}" or not queue.is_leaf:
            # declared a parent, the early leaf is removed and the parent refused like any queue
            return False
        self.found.append(
            rules.FS114.at(
                queue.setting_location("schedulingPolicy"),
                f"Setting scheduling policies for existing queues failed! {queue.path} keeps fair: "
                f"{FAIR_DRF_MESSAGE}",
                queue=queue.path,
                property="schedulingPolicy",
            )
        )
        queue.effective = dataclasses.replace(queue.effective, scheduling_policy="fair")
        return True

    def keeps_fair_root(self, queue: Queue) -> bool:
        """Before 3.4 root has its child root.default before the file is read, which a fifo root
        refuses (FSQueue.verifyAndSetPolicyFromConf fails before it reaches root.default): root and
        that root.default keep fair, and root's children are created under fair (oracle: 3.3.6)."""
        if self.version >= (3, 4) or queue.parent is not None:
            return False
        default = self.index.get(f"{ROOT}.{DEFAULT_QUEUE_NAME}")
        if default is not None and default.is_leaf and default.effective.scheduling_policy != "fair":
            default.effective = dataclasses.replace(default.effective, scheduling_policy="fair")
        self.found.append(
            rules.FS115.at(
                queue.setting_location("schedulingPolicy"),
                "Setting scheduling policies for existing queues failed! root keeps fair: a fifo queue "
                f"cannot have children, and Hadoop {self.version[0]}.{self.version[1]} creates "
                f"{ROOT}.{DEFAULT_QUEUE_NAME} before reading the file",
                queue=queue.path,
                property="schedulingPolicy",
            )
        )
        queue.effective = dataclasses.replace(queue.effective, scheduling_policy="fair")
        return True

    def report_fifo_parent(self, queue: Queue) -> None:
        if queue.parent is None:
            message = (
                "FIFO policy is only for leaf queues. Please choose DRF or fair for parent queues. "
                "Hadoop creates none of root's child queues."
            )
        else:
            message = f"Can't create queue '{queue.path}', since FIFO is only for leaf queues."
        self.found.append(
            rules.FS115.at(
                queue.setting_location("schedulingPolicy"),
                message,
                queue=queue.path,
                property="schedulingPolicy",
            )
        )
