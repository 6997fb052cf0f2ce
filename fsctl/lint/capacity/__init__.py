"""Capacity Scheduler lint: what Hadoop does not check (cs.md §6.4, §11), ``CS3xx``, plus the
mapping rule lint of :mod:`fsctl.capacity.mapping` (PL6xx).

Works on the tree :func:`fsctl.capacity.reader.read_capacity` builds: ``tree.info``
(:class:`~fsctl.capacity.values.CapacityInfo`) carries the merged properties, orphan keys (under
undeclared paths), duplicate children, the queue store and the mapping rules. One module per rule,
registered by its row in :data:`RULES`, with ``check_tree(tree, queues, context)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.lint import handlers
from fsctl.lint.capacity import (
    absolute_capacity_divided,
    am_resource_percent_out_of_range,
    ambiguous_short_name,
    auto_creation_setting_without_auto_creation,
    auto_refresh_interval_documented_key,
    capacity_above_maximum_capacity,
    duplicate_child_name,
    guarantees_exceed_parent,
    invalid_queue_name,
    maximum_capacity_out_of_range,
    minimum_user_limit_percent_out_of_range,
    node_labels_disabled,
    orphan_queue_key,
    root_maximum_capacity_set,
    unknown_global_key,
    unknown_queue_key,
    user_limit_factor_out_of_range,
)
from fsctl.model.diagnostics import Diagnostic

if TYPE_CHECKING:
    from fsctl.lint import LintContext

#: every CS3xx rule, in code order
RULES = (
    orphan_queue_key,
    duplicate_child_name,
    invalid_queue_name,
    unknown_queue_key,
    unknown_global_key,
    capacity_above_maximum_capacity,
    maximum_capacity_out_of_range,
    user_limit_factor_out_of_range,
    minimum_user_limit_percent_out_of_range,
    am_resource_percent_out_of_range,
    guarantees_exceed_parent,
    ambiguous_short_name,
    root_maximum_capacity_set,
    auto_refresh_interval_documented_key,
    node_labels_disabled,
    auto_creation_setting_without_auto_creation,
    absolute_capacity_divided,
)
TREE = handlers(RULES, "tree")


def check(tree: CapacityTree, context: LintContext) -> Iterator[Diagnostic]:
    queues = list(tree.queues())  # walked once, handed to every rule
    for check_tree in TREE:
        yield from check_tree(tree, queues, context)
    from fsctl.capacity import mapping

    conf = tree.info.properties
    config = tree.info.mapping
    if config is None:
        config, _ = mapping.read_mapping_config(conf, tree.source, context.hadoop_version)
    # load-time problems (PL5xx) are the reader's; lint adds only what Hadoop does not check
    yield from mapping.lint_rules(config, tree, context.hadoop_version)
