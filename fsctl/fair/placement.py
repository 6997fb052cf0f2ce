"""``<queuePlacementPolicy>``: rules into :class:`PlacementRule`, Hadoop's checks into diagnostics.

Follows ``QueuePlacementPolicy.fromXml`` (newest, YARN-8967+) and the ``initialize`` methods of
``placement/*PlacementRule.java``. Hadoop stops at the first problem; this collects all of them.
"""

from __future__ import annotations

from lxml import etree

from fsctl.catalogue import placement as rules
from fsctl.fair.names import assure_root, is_valid_queue_name
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import DeferredLocation
from fsctl.model.tree import PlacementRule
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

_PLACEMENT_PACKAGE = "org.apache.hadoop.yarn.server.resourcemanager.placement."
#: rule name -> implementing class (QueuePlacementPolicy.RULES)
RULE_CLASSES = {
    "user": "UserPlacementRule",
    "primaryGroup": "PrimaryGroupPlacementRule",
    "secondaryGroupExistingQueue": "SecondaryGroupExistingPlacementRule",
    "specified": "SpecifiedPlacementRule",
    "nestedUserQueue": "UserPlacementRule",
    "default": "DefaultPlacementRule",
    "reject": "RejectPlacementRule",
}
DEFAULT_QUEUE = "root.default"


def is_terminal(rule: PlacementRule, hadoop_version: HadoopVersion = DEFAULT_VERSION) -> bool:
    """Whether no rule after this one can be reached (``QueuePlacementPolicy#getTerminal``).

    Before Hadoop 3.3 (``QueuePlacementRule``) ``default`` was always terminal and
    ``nestedUserQueue`` never.
    """
    if hadoop_version < (3, 3):
        if rule.name == "default":
            return True
        if rule.name == "nestedUserQueue":
            return False
    return rule.terminal


def _has_child_nodes(element: etree._Element) -> bool:
    # DOM hasChildNodes with comments ignored: any text (even whitespace), element or PI
    if element.text:
        return True
    return any(not isinstance(child, etree._Comment) or bool(child.tail) for child in element)


def _rule_children(element: etree._Element) -> list[etree._Element]:
    # node name equal to "rule" ignoring case; every other child is ignored
    return [child for child in element if isinstance(child.tag, str) and local_name(child).lower() == "rule"]


def _create(element: etree._Element) -> bool:
    # FSPlacementRule.setConfig: absent or empty -> true, else Boolean.parseBoolean
    text = element.get("create", "")
    return text == "" or text.lower() == "true"


def parse_placement_policy(
    doc: XmlDocument,
    element: etree._Element,
    *,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    no_terminal_rule_check: bool = False,
) -> tuple[list[PlacementRule], list[Diagnostic]]:
    """The rules of a ``<queuePlacementPolicy>`` element and every problem Hadoop would report.

    ``no_terminal_rule_check`` is Hadoop's fs2cs migration mode (``yarn.scheduler.fair.migration.mode``
    and ``...no-terminal-rule.check``): unreachable rules are then only a warning. An empty list
    means Hadoop ignores the policy (no ``rule`` children) and keeps the yarn-site derived rules.
    """
    found: list[Diagnostic] = []
    parsed: list[PlacementRule] = []
    if hadoop_version < (3, 3):
        parsed = _parse_old_policy(doc, element, found)
        _check_order(doc, parsed, found, hadoop_version, no_terminal_rule_check)
        return parsed, found
    if not _has_child_nodes(element):
        found.append(
            rules.PL101.at(
                doc.location(element),
                "Empty configuration for QueuePlacementPolicy is not allowed",
                property="queuePlacementPolicy",
            )
        )
        return [], found
    for rule_element in _rule_children(element):
        rule = _parse_rule(doc, rule_element, found, hadoop_version)
        if rule is not None:
            parsed.append(rule)
    _check_order(doc, parsed, found, hadoop_version, no_terminal_rule_check)
    return parsed, found


def _rule_name(
    doc: XmlDocument, element: etree._Element, found: list[Diagnostic]
) -> tuple[str, DeferredLocation] | None:
    """A rule element's name and location, or None (with PL102 or PL103) when the name is missing or
    names no rule class."""
    name = element.get("name", "")
    # worked out only if read: a clean policy at the end of a 100,000-queue file would otherwise
    # cost a scan of the whole text
    location = DeferredLocation(doc.location, element)
    if name == "":
        found.append(
            rules.PL102.at(location.resolve(), "No name provided for a rule element", property="name")
        )
        return None
    if name not in RULE_CLASSES:
        found.append(rules.PL103.at(location.resolve(), f"No rule class found for {name}", property="name"))
        return None
    return name, location


def _named_rule(doc: XmlDocument, element: etree._Element, found: list[Diagnostic]) -> PlacementRule | None:
    """createRule: the rule of an element, or None (with a diagnostic) when it has no valid name."""
    named = _rule_name(doc, element, found)
    if named is None:
        return None
    name, location = named
    rule = PlacementRule(
        name=name,
        create=_create(element),
        location=location,
        attributes={str(k): str(v) for k, v in element.attrib.items()},
    )
    if name == "default":
        rule.queue = _default_queue(doc, element, found)
    return rule


def _default_queue(doc: XmlDocument, element: etree._Element, found: list[Diagnostic]) -> str:
    # DefaultPlacementRule.setConfig
    queue = element.get("queue", "")
    if queue == "":
        return DEFAULT_QUEUE
    if not is_valid_queue_name(queue):
        found.append(
            rules.PL202.at(
                doc.location(element),
                f"Default rule configured with an illegal queue name: '{queue}'",
                property="queue",
            )
        )
        return DEFAULT_QUEUE
    return assure_root(queue)


def _parse_rule(
    doc: XmlDocument,
    element: etree._Element,
    found: list[Diagnostic],
    hadoop_version: HadoopVersion,
) -> PlacementRule | None:
    rule = _named_rule(doc, element, found)
    name = element.get("name", "")
    nested = _rule_children(element)
    for extra in nested[1:]:
        found.append(
            rules.PL201.at(
                doc.location(extra),
                f"Rule '{name}' has multiple parent rules defined, only the last parent rule will be used",
                property="rule",
            )
        )
    parent: PlacementRule | None = None
    parent_broken = False
    if nested:
        parent_element = nested[-1]
        parent_name = parent_element.get("name", "")
        if parent_name in ("reject", "nestedUserQueue"):
            found.append(
                rules.PL104.at(
                    doc.location(parent_element),
                    f"Rule '{parent_name}' is not allowed as a parent rule for any rule",
                    property="name",
                )
            )
            parent_broken = True
        else:
            parent = _named_rule(doc, parent_element, found)
            parent_broken = parent is None
    if rule is None:
        return None
    if name.lower() == "nestedUserQueue".lower() and parent is None and not parent_broken:
        found.append(
            rules.PL105.at(rule.location, f"Rule '{name}' must have a parent rule set", property="rule")
        )
        return None
    if parent is not None:
        reason = _init_failure(name, parent.name)
        if reason is not None:
            found.append(
                rules.PL108.at(
                    rule.location, f"Rule initialisation failed with exception: {reason}", property="rule"
                )
            )
        rule.parent = parent
    elif parent_broken:
        return None
    return rule


def _init_failure(name: str, parent_name: str) -> str | None:
    """The IOException a rule's ``initialize`` throws for this parent rule, if any."""
    if name == "specified":
        return "Parent rule should not be configured for Specified rule."
    if name == "default":
        return "Parent rule must not be configured for Default rule."
    if name == "reject":
        return "Parent rule should not be configured for Reject rule."
    if RULE_CLASSES[name] == RULE_CLASSES[parent_name]:
        same = _PLACEMENT_PACKAGE + RULE_CLASSES[name]
        return f"Parent rule may not be the same type as the child rule: {same}"
    return None


def _check_order(
    doc: XmlDocument,
    parsed: list[PlacementRule],
    found: list[Diagnostic],
    hadoop_version: HadoopVersion,
    no_terminal_rule_check: bool,
) -> None:
    # QueuePlacementPolicy.updateRuleSet; an empty rule set is ignored there ("Empty rule set defined")
    if not parsed:
        return
    severity = Severity.WARNING if no_terminal_rule_check else None
    for index, rule in enumerate(parsed[:-1]):
        if is_terminal(rule, hadoop_version):
            number = index + 1 if hadoop_version >= (3, 3) else index  # old code printed 0-based
            found.append(
                rules.PL106.at(
                    rule.location,
                    f"Rules after rule {number} in queue placement policy can never be reached",
                    property="rule",
                    severity=severity,
                )
            )
    if not is_terminal(parsed[-1], hadoop_version):
        found.append(
            rules.PL107.at(
                parsed[-1].location,
                "Could get past last queue placement rule without assigning",
                property="rule",
            )
        )


def policy_from_settings(
    allow_undeclared_pools: bool = True, user_as_default_queue: bool = True
) -> list[PlacementRule]:
    """The rules Hadoop builds from yarn-site when the file has no policy (``fromConfiguration``).

    ``specified(create=C)``, then ``user(create=C)`` if U, then ``default(create=true)`` if not U
    or not C, where C is ``allow-undeclared-pools`` and U ``user-as-default-queue``.
    """
    create = allow_undeclared_pools
    result = [PlacementRule("specified", create=create)]
    if user_as_default_queue:
        result.append(PlacementRule("user", create=create))
    if not user_as_default_queue or not create:
        result.append(PlacementRule("default", create=True, queue=DEFAULT_QUEUE))
    return result


def _parse_old_policy(
    doc: XmlDocument, element: etree._Element, found: list[Diagnostic]
) -> list[PlacementRule]:
    """Hadoop before 3.3 (``QueuePlacementPolicy`` + ``QueuePlacementRule``): every child element is
    a rule whatever its tag, ``create=""`` means false, only ``nestedUserQueue`` reads a nested
    ``rule`` (the first), and a policy without rules fails (IndexOutOfBoundsException)."""
    parsed: list[PlacementRule] = []
    for child in element:
        if not isinstance(child.tag, str):
            continue
        rule = _old_rule(doc, child, found)
        if rule is not None:
            parsed.append(rule)
    if not parsed and not any(isinstance(child.tag, str) for child in element):
        found.append(
            rules.PL101.at(
                doc.location(element),
                "queuePlacementPolicy has no rule: Hadoop before 3.3 fails loading it "
                "(IndexOutOfBoundsException)",
                property="queuePlacementPolicy",
            )
        )
    return parsed


def _old_rule(doc: XmlDocument, element: etree._Element, found: list[Diagnostic]) -> PlacementRule | None:
    named = _rule_name(doc, element, found)
    if named is None:
        return None
    name, location = named
    create = element.get("create")
    rule = PlacementRule(
        name=name,
        create=True if create is None else create.lower() == "true",
        location=location,
        attributes={str(k): str(v) for k, v in element.attrib.items()},
    )
    if name == "default":
        rule.queue = assure_root(element.get("queue") or "default")
    if name == "nestedUserQueue":
        nested = next((c for c in element if isinstance(c.tag, str) and c.tag == "rule"), None)
        if nested is None:
            found.append(
                rules.PL105.at(
                    location.resolve(), "No nested rule specified in <nestedUserQueue> rule", property="rule"
                )
            )
            return None
        rule.parent = _old_rule(doc, nested, found)
        if rule.parent is None:
            return None
    return rule
