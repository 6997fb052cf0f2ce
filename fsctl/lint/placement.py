"""Lint for the Fair Scheduler placement policy (``PL3xx``).

Hadoop checks a policy's *shape* (fsctl validate, PL1xx); these checks compare the rules with the
queues of the same file: a rule whose queue is a parent, missing, or a leaf where a parent is needed,
rules shadowed by one that always places, attributes Hadoop ignores. Placement semantics follow
``placement/*PlacementRule.java`` (fs-parse.md §5).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import placement_lint as rules
from fsctl.fair.placement import DEFAULT_QUEUE, is_terminal
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.lint.fair.document import source_document, suggest
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.tree import FAIR, PlacementRule, Queue, QueueTree

if TYPE_CHECKING:
    from lxml import etree

    from fsctl.lint import LintContext

RULE_ATTRIBUTES = ("name", "create", "queue")
ALLOW_UNDECLARED = "yarn.scheduler.fair.allow-undeclared-pools"
USER_AS_DEFAULT = "yarn.scheduler.fair.user-as-default-queue"


def check(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """Every PL3xx finding for a Fair Scheduler tree."""
    if tree.format != FAIR:
        return
    rules_list = tree.placement
    if rules_list is None:
        yield from _derived_policy(tree, context)
    else:
        yield from _rules(tree, rules_list, context)
    doc = source_document(tree)
    if doc is not None:
        yield from _document(doc)


def _location(tree: QueueTree, rule: PlacementRule | None = None) -> Location:
    if rule is not None and rule.location is not None:
        return rule.location
    return tree.root.location or Location(tree.source, 1, 1)


def _configured(tree: QueueTree, path: str | None) -> Queue | None:
    return tree.find(path) if path else None


def _is_leaf(queue: Queue) -> bool:
    return queue.is_leaf


def always_places(tree: QueueTree, rule: PlacementRule) -> bool:
    """Whether the rule returns a queue for every application (so nothing after it runs).

    Stricter than Hadoop's terminal flag: a ``default`` rule with create=false whose queue is in the
    file always returns it, and a rule whose parent rule always yields an existing parent queue
    places whenever it may create.
    """
    if rule.name == "reject":
        return True
    if rule.name == "default":
        return rule.create or _configured(tree, rule.queue) is not None
    if rule.name in ("user", "primaryGroup", "nestedUserQueue"):
        if not rule.create:
            return False
        parent = rule.parent
        if parent is None:
            return rule.name != "nestedUserQueue"
        if parent.name != "default" or not always_places(tree, parent):
            return False
        target = _configured(tree, parent.queue)
        return target is None or not _is_leaf(target)
    return False


def _rules(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    for rule in policy:
        yield from _targets(tree, rule)
        yield from _attributes(tree, rule)
    yield from _shadowed(tree, policy, context)


def _targets(tree: QueueTree, rule: PlacementRule) -> Iterator[Diagnostic]:
    """PL301 parent target, PL302 missing target with create=false, PL303 nested under a leaf,
    PL305 default queue not defined."""
    where = _location(tree, rule)
    if rule.name == "default":
        target = _configured(tree, rule.queue)
        queue = rule.queue or DEFAULT_QUEUE
        if target is not None and not _is_leaf(target):
            yield rules.PL301.at(
                where,
                f"the default rule places applications in {queue}, a parent queue: they are rejected "
                f'("{queue} is not a leaf queue")',
                queue=queue,
                property="queue",
            )
        elif target is None and not rule.create:
            yield rules.PL302.at(
                where,
                f'the default rule has create="false" and {queue} is not defined: the rule never places',
                queue=queue,
                property="queue",
            )
        elif target is None:
            yield rules.PL305.at(
                where,
                f"the default rule places applications in {queue}, which is not defined; it is created on "
                "demand as a dynamic queue with default limits and no min share",
                queue=queue,
                property="queue",
            )
    parent = rule.parent
    if parent is None:
        return
    if parent.name == "default":
        queue = parent.queue or DEFAULT_QUEUE
        target = _configured(tree, queue)
        if target is not None and _is_leaf(target):
            yield rules.PL303.at(
                _location(tree, parent),
                f"the {rule.name} rule puts queues below {queue}, which is a leaf: the rule never places",
                queue=queue,
                property="queue",
            )
        elif target is None and not parent.create:
            yield rules.PL302.at(
                _location(tree, parent),
                f'the parent rule of {rule.name} has create="false" and {queue} is not defined: '
                f"the {rule.name} rule never places",
                queue=queue,
                property="queue",
            )
    yield from _attributes(tree, parent)


def _attributes(tree: QueueTree, rule: PlacementRule) -> Iterator[Diagnostic]:
    """PL306 create not true/false, PL309 attributes this rule ignores."""
    where = _location(tree, rule)
    create = rule.attributes.get("create")
    if create is not None and create != "" and create.lower() not in ("true", "false"):
        yield rules.PL306.at(
            where,
            f'create="{create}" on the {rule.name} rule is read as false (only "true" means true)',
            property="create",
        )
    if "queue" in rule.attributes and rule.name != "default":
        yield rules.PL309.at(
            where,
            f'queue="{rule.attributes["queue"]}" is ignored: only the default rule reads it',
            property="queue",
        )
    if create is not None and rule.name in ("reject", "secondaryGroupExistingQueue"):
        why = "never places" if rule.name == "reject" else "only returns queues that exist"
        yield rules.PL309.at(
            where,
            f"create= is ignored by the {rule.name} rule, which {why}",
            property="create",
        )


def _shadowed(tree: QueueTree, policy: list[PlacementRule], context: LintContext) -> Iterator[Diagnostic]:
    """PL304: a rule before the last always places although Hadoop does not call it terminal."""
    for index, rule in enumerate(policy[:-1]):
        if is_terminal(rule, context.hadoop_version):
            return  # Hadoop's own error (PL106) covers the rest
        if always_places(tree, rule):
            following = policy[index + 1]
            yield rules.PL304.at(
                _location(tree, following),
                f"rule {index + 2} ({following.name}) and every rule after it can never be reached: rule "
                f"{index + 1} ({rule.name}) always places the application",
                property="rule",
            )
            return


def _derived_policy(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """PL305 for the policy Hadoop derives from yarn-site.xml (QueuePlacementPolicy.fromConfiguration)."""
    site = context.yarn_site
    if site is None:
        return
    create = site.get_boolean(ALLOW_UNDECLARED, True)
    user_default = site.get_boolean(USER_AS_DEFAULT, True)
    if user_default and create:
        return  # [specified, user]: no default rule
    if tree.find(DEFAULT_QUEUE) is not None:
        return
    yield rules.PL305.at(
        _location(tree),
        f"the file has no queuePlacementPolicy and yarn-site.xml sets "
        f"{ALLOW_UNDECLARED}={str(create).lower()}, {USER_AS_DEFAULT}={str(user_default).lower()}: "
        f"applications go to {DEFAULT_QUEUE}, which is not "
        "defined (it is created on demand with default limits)",
        queue=DEFAULT_QUEUE,
        severity=Severity.WARNING if not create else None,
    )


def _document(doc: XmlDocument) -> Iterator[Diagnostic]:
    """PL307 policies without rules, PL308 unknown elements and attributes."""
    for policy in doc.root:
        if not isinstance(policy.tag, str) or local_name(policy) != "queuePlacementPolicy":
            continue
        rule_elements = [c for c in policy if isinstance(c.tag, str) and local_name(c).lower() == "rule"]
        # Hadoop's emptiness check counts any child node, whitespace text included (PL101 otherwise)
        has_content = bool(policy.text) or any(isinstance(c.tag, str) or c.tail for c in policy)
        if not rule_elements and has_content:
            yield rules.PL307.at(
                doc.location(policy),
                "this queuePlacementPolicy has no <rule> elements: Hadoop ignores it and keeps the rules "
                "derived from yarn-site.xml",
                property="queuePlacementPolicy",
            )
        yield from _unknown(doc, policy)


def _unknown(doc: XmlDocument, parent: etree._Element) -> Iterator[Diagnostic]:
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        tag = local_name(child)
        if tag.lower() != "rule":
            yield rules.PL308.at(
                doc.location(child),
                f"<{tag}> in <{local_name(parent)}> is ignored by Hadoop{suggest(tag, ('rule',))}",
                property=tag,
            )
            continue
        for attribute in child.attrib:
            name = str(attribute)
            if name in RULE_ATTRIBUTES:
                continue
            hint = suggest(name, RULE_ATTRIBUTES).replace("<", '"').replace(">", '"')
            yield rules.PL308.at(
                doc.location(child),
                f"attribute {name}= on <rule> is ignored by Hadoop{hint}",
                property=name,
            )
        yield from _unknown(doc, child)
