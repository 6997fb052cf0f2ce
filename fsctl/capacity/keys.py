"""The keys of capacity-scheduler.xml: their types and Hadoop defaults (cs.md §2).

Per-queue keys are ``yarn.scheduler.capacity.<queue-path>.<suffix>``; the tree stores them under the
suffix. Families (``accessible-node-labels.<label>.capacity``, ``user-settings.<user>.weight``,
templates, ``ordering-policy.<param>``) are recognised by prefix. ``EFFECTIVE_QUEUE_KEYS`` names one
queue's resolved values, the fields of :class:`fsctl.capacity.values.CapacityQueueValues`.
"""

from __future__ import annotations

import functools
import re

PREFIX = "yarn.scheduler.capacity."
ROOT = "root"
INT_MAX = 2**31 - 1
#: the fields of a JSON mapping rule (MappingRuleCreator), in the order fs2cs writes them
MAPPING_RULE_FIELDS = (
    "type",
    "matches",
    "policy",
    "parentQueue",
    "fallbackResult",
    "create",
    "value",
    "customPlacement",
)

# value kinds: how CapacitySchedulerConfiguration reads each key
CAPACITY = "capacity"  # capacity syntax (cs.md §3)
MAX_CAPACITY = "maximum-capacity"
INT = "int"  # Configuration.getInt (trimmed, hex)
LONG = "long"
FLOAT = "float"  # Configuration.getFloat
BOOL = "bool"  # Configuration.getBoolean (never fails)
INT_VALUEOF = "int-valueof"  # Integer.valueOf(get(...)): not trimmed
STATE = "state"
LIST = "list"  # getStrings, elements trimmed
TRIMMED = "trimmed"
STRING = "string"  # get(): as written

#: per-queue suffix -> kind
QUEUE_KEYS: dict[str, str] = {
    "queues": LIST,
    "capacity": CAPACITY,
    "maximum-capacity": MAX_CAPACITY,
    "minimum-user-limit-percent": FLOAT,
    "user-limit-factor": FLOAT,
    "maximum-applications": INT,
    "maximum-am-resource-percent": FLOAT,
    "max-parallel-apps": INT_VALUEOF,
    "state": STATE,
    "acl_submit_applications": STRING,
    "acl_administer_queue": STRING,
    "acl_application_max_priority": STRING,
    "acl_administer_reservations": STRING,
    "acl_list_reservations": STRING,
    "acl_submit_reservations": STRING,
    "accessible-node-labels": STRING,
    "default-node-label-expression": TRIMMED,
    "ordering-policy": TRIMMED,
    "priority": INT,
    "default-application-priority": INT,
    "maximum-application-lifetime": LONG,
    "default-application-lifetime": LONG,
    "disable_preemption": BOOL,
    "intra-queue-preemption.disable_preemption": BOOL,
    "maximum-allocation-mb": INT,
    "maximum-allocation-vcores": INT,
    "maximum-allocation": TRIMMED,
    "allow-zero-capacity-sum": BOOL,
    "reservable": BOOL,
    "reservation-agent": TRIMMED,
    "reservation-policy": TRIMMED,
    "reservation-planner": TRIMMED,
    "reservation-window": LONG,
    "reservation-enforcement-window": LONG,
    "reservation-move-on-expiry": BOOL,
    "show-reservations-as-queues": BOOL,
    "average-capacity": FLOAT,
    "instantaneous-max-capacity": FLOAT,
    "multi-node-sorting.policy": TRIMMED,
    "auto-create-child-queue.enabled": BOOL,
    "auto-create-child-queue.management-policy": TRIMMED,
    "auto-create-child-queue.max-queues": INT,
    "auto-create-child-queue.fail-on-exceeding-parent-capacity": BOOL,
    "auto-queue-creation-v2.enabled": BOOL,
    "auto-queue-creation-v2.max-queues": INT,
    "auto-queue-creation-v2.maximum-queue-depth": INT,
    "auto-queue-creation-v2.queue-auto-removal.enable": BOOL,
}

#: one queue's effective values (CapacityQueueValues), in report order: the per-queue keys Hadoop
#: resolves plus the reader's derived ones (capacity-mode, node-labels, auto-create, templates);
#: ``parent-ordering-policy`` is a parent queue's only
EFFECTIVE_QUEUE_KEYS: tuple[str, ...] = (
    "capacity",
    "maximum-capacity",
    "capacity-mode",
    "minimum-user-limit-percent",
    "user-limit-factor",
    "maximum-applications",
    "maximum-am-resource-percent",
    "max-parallel-apps",
    "state",
    "acl_submit_applications",
    "acl_administer_queue",
    "acl_application_max_priority",
    "acl_administer_reservations",
    "acl_list_reservations",
    "acl_submit_reservations",
    "accessible-node-labels",
    "default-node-label-expression",
    "node-labels",
    "ordering-policy",
    "parent-ordering-policy",
    "ordering-policy-params",
    "priority",
    "default-application-priority",
    "maximum-application-lifetime",
    "default-application-lifetime",
    "disable_preemption",
    "intra-queue-preemption.disable_preemption",
    "maximum-allocation-mb",
    "maximum-allocation-vcores",
    "allow-zero-capacity-sum",
    "reservable",
    "user-settings",
    "auto-create",
    "auto-create-child-queue.enabled",
    "auto-create-child-queue.max-queues",
    "auto-create-child-queue.fail-on-exceeding-parent-capacity",
    "auto-create-child-queue.management-policy",
    "leaf-queue-template",
    "auto-queue-creation-v2.enabled",
    "auto-queue-creation-v2.max-queues",
    "auto-queue-creation-v2.maximum-queue-depth",
    "auto-queue-creation-v2.queue-auto-removal.enable",
    "auto-queue-creation-v2.template",
    "auto-queue-creation-v2.leaf-template",
    "auto-queue-creation-v2.parent-template",
)


def attribute(key: str) -> str:
    """The record attribute of a key: ``maximum-capacity`` -> ``maximum_capacity``."""
    return key.replace("-", "_").replace(".", "_")


LABELS_PREFIX = "accessible-node-labels."
USER_SETTINGS_PREFIX = "user-settings."
ORDERING_PARAM_PREFIX = "ordering-policy."
V1_TEMPLATE_PREFIX = "leaf-queue-template."
V2_TEMPLATE = "auto-queue-creation-v2.template."
V2_LEAF_TEMPLATE = "auto-queue-creation-v2.leaf-template."
V2_PARENT_TEMPLATE = "auto-queue-creation-v2.parent-template."
TEMPLATE_PREFIXES = (V1_TEMPLATE_PREFIX, V2_TEMPLATE, V2_LEAF_TEMPLATE, V2_PARENT_TEMPLATE)

#: per-label suffix (after ``accessible-node-labels.<label>.``) -> kind
LABEL_KEYS: dict[str, str] = {
    "capacity": CAPACITY,
    "maximum-capacity": MAX_CAPACITY,
    "maximum-am-resource-percent": FLOAT,
}

#: global key (after the prefix) -> (kind, default)
GLOBAL_KEYS: dict[str, tuple[str, object]] = {
    "maximum-applications": (INT, 10000),
    "global-queue-max-application": (INT, -1),
    "maximum-am-resource-percent": (FLOAT, 0.1),
    "minimum-user-limit-percent": (FLOAT, 100.0),
    "user-limit-factor": (FLOAT, 1.0),
    "max-parallel-apps": (INT_VALUEOF, INT_MAX),
    "user.max-parallel-apps": (INT_VALUEOF, INT_MAX),
    "resource-calculator": (TRIMMED, "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator"),
    "legacy-queue-mode.enabled": (BOOL, True),
    "node-locality-delay": (INT, 40),
    "rack-locality-additional-delay": (INT, -1),
    "rack-locality-full-reset": (BOOL, True),
    "per-node-heartbeat.multiple-assignments-enabled": (BOOL, True),
    "per-node-heartbeat.maximum-container-assignments": (INT, 100),
    "per-node-heartbeat.maximum-offswitch-assignments": (INT, 1),
    "schedule-asynchronously.enable": (BOOL, False),
    "schedule-asynchronously.maximum-threads": (INT, 1),
    "schedule-asynchronously.maximum-pending-backlogs": (INT, 100),
    "schedule-asynchronously.scheduling-interval-ms": (LONG, 5),
    "reservations-continue-look-all-nodes": (BOOL, True),
    "skip-allocate-on-nodes-with-reserved-containers": (BOOL, False),
    "user-metrics.enable": (BOOL, False),
    "lazy-preemption-enabled": (BOOL, False),
    "application.fail-fast": (BOOL, False),
    "queue-mappings": (STRING, ""),
    "queue-mappings-override.enable": (BOOL, False),
    "mapping-rule-format": (STRING, "legacy"),
    "mapping-rule-json": (STRING, ""),
    "mapping-rule-json-file": (TRIMMED, ""),
    "workflow-priority-mappings": (STRING, ""),
    "workflow-priority-mappings-override.enable": (BOOL, False),
    "auto-queue-creation-v2.queue-expiration-time": (LONG, 300),
    "auto-queue-creation-v2.maximum-queue-depth": (INT, 2),
    "queue.auto.refresh.monitoring-interval": (LONG, 5000),
    "multi-node-placement-enabled": (BOOL, False),
    "multi-node-sorting.policy.names": (STRING, ""),
    "multi-node-sorting.policy": (TRIMMED, ""),
    "ordering-policy.priority-utilization.underutilized-preemption.enabled": (BOOL, False),
    "ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": (
        LONG,
        60000,
    ),
    "ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation": (BOOL, False),
}

#: keys outside the prefix the Capacity Scheduler reads from the same merged configuration
SITE_KEYS: dict[str, tuple[str, object]] = {
    "yarn.scheduler.minimum-allocation-mb": (INT, 1024),
    "yarn.scheduler.maximum-allocation-mb": (INT, 8192),
    "yarn.scheduler.minimum-allocation-vcores": (INT, 1),
    "yarn.scheduler.maximum-allocation-vcores": (INT, 4),
    "yarn.scheduler.queue-placement-rules": (STRING, "user-group"),
    "yarn.scheduler.queue-placement-rules.app-name": (STRING, ""),
}

_USER_MAX_PARALLEL = re.compile(r"user\.(.+)\.max-parallel-apps")


def global_kind(name: str) -> str | None:
    """The kind of a global key (after the prefix), or None when unknown."""
    entry = GLOBAL_KEYS.get(name)
    if entry is not None:
        return entry[0]
    if _USER_MAX_PARALLEL.fullmatch(name):
        return INT_VALUEOF
    return None


@functools.lru_cache(maxsize=2048)
def queue_kind(suffix: str) -> str | None:
    """The kind of a per-queue suffix, or None when Hadoop reads no such key on a queue.

    Template keys are read when a queue is created, with the kind of the key they carry.
    """
    kind = QUEUE_KEYS.get(suffix)
    if kind is not None:
        return kind
    if suffix.startswith(LABELS_PREFIX):
        rest = suffix[len(LABELS_PREFIX) :]
        for label_suffix, label_kind in LABEL_KEYS.items():
            if rest.endswith("." + label_suffix) and len(rest) > len(label_suffix) + 1:
                return label_kind
        return None
    if suffix.startswith(USER_SETTINGS_PREFIX) and suffix.endswith(".weight"):
        return FLOAT if len(suffix) > len(USER_SETTINGS_PREFIX) + len(".weight") else None
    if suffix.startswith(ORDERING_PARAM_PREFIX):
        return STRING
    for prefix in TEMPLATE_PREFIXES:
        if suffix.startswith(prefix) and len(suffix) > len(prefix):
            inner = suffix[len(prefix) :]
            return queue_kind(inner) or STRING
    return None


@functools.lru_cache(maxsize=2048)
def label_of(suffix: str) -> tuple[str, str] | None:
    """(label, label-suffix) of ``accessible-node-labels.<label>.<suffix>`` (labels may hold dots)."""
    if not suffix.startswith(LABELS_PREFIX):
        return None
    rest = suffix[len(LABELS_PREFIX) :]
    for tail in ("maximum-am-resource-percent", "maximum-capacity", "capacity"):
        if rest.endswith("." + tail) and len(rest) > len(tail) + 1:
            return rest[: -len(tail) - 1], tail
    label, dot, tail = rest.rpartition(".")
    return (label, tail) if dot and label else None
