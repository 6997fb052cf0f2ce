"""Lint for the Fair Scheduler placement policy (``PL3xx``).

Hadoop checks a policy's *shape* (fsctl validate, PL1xx); these rules compare the rules with the
queues of the same file: a rule whose queue is a parent, missing, or a leaf where a parent is needed,
rules shadowed by one that always places, attributes Hadoop ignores. One module per rule, registered
by its row in :data:`RULES`, with ``check_policy`` (the parsed rules), ``check_derived_policy``
(no policy in the file: the one QueuePlacementPolicy.fromConfiguration derives) or
``check_policy_element`` (each <queuePlacementPolicy> element).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.io.xmldoc import local_name
from fsctl.lint import handlers
from fsctl.lint.fair.document import source_document
from fsctl.lint.placement import (
    create_not_true_false,
    default_queue_misspelt,
    default_queue_undefined,
    nested_rule_under_leaf,
    placement_attribute_ignored,
    placement_policy_without_rules,
    placement_rule_shadowed,
    placement_target_is_parent,
    placement_target_missing,
    placement_unknown_element,
)
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import FAIR, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

#: every PL3xx rule, in code order
RULES = (
    placement_target_is_parent,
    placement_target_missing,
    nested_rule_under_leaf,
    placement_rule_shadowed,
    default_queue_undefined,
    create_not_true_false,
    placement_policy_without_rules,
    placement_unknown_element,
    placement_attribute_ignored,
    default_queue_misspelt,
)
POLICY = handlers(RULES, "policy")
DERIVED_POLICY = handlers(RULES, "derived_policy")
POLICY_ELEMENT = handlers(RULES, "policy_element")


def check(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """Every PL3xx finding for a Fair Scheduler tree."""
    if tree.format != FAIR:
        return
    policy = tree.placement
    if policy is None:
        for check_derived in DERIVED_POLICY:
            yield from check_derived(tree, context)
    else:
        for check_policy in POLICY:
            yield from check_policy(tree, policy, context)
    doc = source_document(tree)
    if doc is None:
        return
    for element in doc.root:
        if isinstance(element.tag, str) and local_name(element) == "queuePlacementPolicy":
            for check_element in POLICY_ELEMENT:
                yield from check_element(doc, element)
