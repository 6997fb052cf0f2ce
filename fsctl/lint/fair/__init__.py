"""Lint for Fair Scheduler allocation files: what Hadoop loads silently but rarely means (``FS3xx``).

One module per rule: its ``RULE`` (code, name, severity, documentation with a failing and a passing
example) and its checks, ``check_tree`` on the queue tree or ``check_<event>`` on the elements
that :class:`~fsctl.lint.fair.document.Walk` meets in its one pass over the XML. A rule is registered
by its row in :data:`RULES`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.lint.fair import (
    acl_surprising_split,
    boolean_not_true_false,
    children_min_exceed_parent,
    default_policy_blocks_children,
    duplicate_queue_definition,
    duplicate_setting,
    duplicate_user,
    leaf_name_repeated,
    max_apps_default_caps_root,
    max_below_min,
    max_running_apps_zero,
    negative_value,
    not_a_number,
    percentage_not_supported,
    percentage_over_100,
    queue_name_unsafe_characters,
    queue_tag_quirk,
    queue_type_ignored,
    root_max_resources_caps_cluster,
    root_name_case,
    setting_has_no_effect,
    timeout_overflow,
    top_level_default_unused,
    unknown_attribute,
    unknown_element,
    vcores_left_out,
    zero_weight_without_min_share,
)
from fsctl.lint.fair.document import Handlers, Walk, source_document
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import FAIR, QueueTree

if TYPE_CHECKING:
    from fsctl.lint import LintContext

#: every FS3xx rule, in code order
RULES = (
    duplicate_queue_definition,
    duplicate_setting,
    duplicate_user,
    queue_tag_quirk,
    unknown_element,
    unknown_attribute,
    queue_type_ignored,
    boolean_not_true_false,
    percentage_over_100,
    percentage_not_supported,
    negative_value,
    timeout_overflow,
    not_a_number,
    root_name_case,
    acl_surprising_split,
    top_level_default_unused,
    max_apps_default_caps_root,
    children_min_exceed_parent,
    max_below_min,
    zero_weight_without_min_share,
    max_running_apps_zero,
    leaf_name_repeated,
    queue_name_unsafe_characters,
    setting_has_no_effect,
    default_policy_blocks_children,
    root_max_resources_caps_cluster,
    vcores_left_out,
)
HANDLERS = Handlers.of(RULES)


def check(tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]:
    """Every FS3xx finding for a Fair Scheduler tree, tree checks first, then text checks."""
    if tree.format != FAIR:
        return
    queues = list(tree.queues())
    for check_tree in HANDLERS.tree:
        yield from check_tree(tree, queues, context)
    doc = source_document(tree)
    if doc is not None:
        yield from Walk(doc, HANDLERS).run()
