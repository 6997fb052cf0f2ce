"""The keys of capacity-scheduler.xml: their types and Hadoop defaults (cs.md §2).

Per-queue keys are ``yarn.scheduler.capacity.<queue-path>.<suffix>``; the tree stores them under the
suffix. :data:`QUEUE_ROWS` is the one table of them (how Hadoop reads each, how the reader finds the
queue's effective value); ``QUEUE_KEYS``, ``EFFECTIVE_QUEUE_KEYS`` (the fields of
:class:`fsctl.capacity.values.CapacityQueueValues`) and ``PLAIN_QUEUE_KEYS`` are its views. Families
(``accessible-node-labels.<label>.capacity``, ``user-settings.<user>.weight``, templates,
``ordering-policy.<param>``) are recognised by prefix; global keys have their own table.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

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

#: how a queue's effective value (CapacityQueueValues) is found
PLAIN = "plain"  # its own value, else a default that is the same for every queue of a kind (leaf or
#                  parent, root or not): the reader's _Builder._defaults
RESOLVED = "resolved"  # worked out by the reader: inheritance, capacity modes, labels, templates
NOT_KEPT = "not-kept"  # read and checked, but no queue value of its own (structure, reservations)
DERIVED = None  # not a key of the file: a value the reader derives (capacity-mode, auto-create)


@dataclass(frozen=True, slots=True)
class QueueKey:
    """A per-queue key, ``yarn.scheduler.capacity.<queue-path>.<name>``: one row each."""

    name: str
    kind: str | None  # how CapacitySchedulerConfiguration reads it; None: derived, not read
    value: str  # PLAIN, RESOLVED or NOT_KEPT


#: every per-queue key, in the order of a queue's effective values (reports, diffs), then the keys
#: Hadoop reads without keeping a value of their own. Adding a queue key is one row here and, when it
#: is kept, one field of CapacityQueueValues (tests/capacity/test_reader.py holds the two together).
QUEUE_ROWS: tuple[QueueKey, ...] = (
    QueueKey("capacity",                                                   CAPACITY,     RESOLVED),
    QueueKey("maximum-capacity",                                           MAX_CAPACITY, RESOLVED),
    QueueKey("capacity-mode",                                              DERIVED,      RESOLVED),
    QueueKey("minimum-user-limit-percent",                                 FLOAT,        PLAIN),
    QueueKey("user-limit-factor",                                          FLOAT,        PLAIN),
    QueueKey("maximum-applications",                                       INT,          PLAIN),
    QueueKey("maximum-am-resource-percent",                                FLOAT,        PLAIN),
    QueueKey("max-parallel-apps",                                          INT_VALUEOF,  PLAIN),
    QueueKey("state",                                                      STATE,        RESOLVED),
    QueueKey("acl_submit_applications",                                    STRING,       PLAIN),
    QueueKey("acl_administer_queue",                                       STRING,       PLAIN),
    QueueKey("acl_application_max_priority",                               STRING,       PLAIN),
    QueueKey("acl_administer_reservations",                                STRING,       PLAIN),
    QueueKey("acl_list_reservations",                                      STRING,       PLAIN),
    QueueKey("acl_submit_reservations",                                    STRING,       PLAIN),
    QueueKey("accessible-node-labels",                                     STRING,       RESOLVED),
    QueueKey("default-node-label-expression",                              TRIMMED,      RESOLVED),
    QueueKey("node-labels",                                                DERIVED,      RESOLVED),
    QueueKey("ordering-policy",                                            TRIMMED,      RESOLVED),
    QueueKey("parent-ordering-policy",                                     DERIVED,      RESOLVED),
    QueueKey("ordering-policy-params",                                     DERIVED,      RESOLVED),
    QueueKey("priority",                                                   INT,          PLAIN),
    QueueKey("default-application-priority",                               INT,          PLAIN),
    QueueKey("maximum-application-lifetime",                               LONG,         RESOLVED),
    QueueKey("default-application-lifetime",                               LONG,         RESOLVED),
    QueueKey("disable_preemption",                                         BOOL,         RESOLVED),
    QueueKey("intra-queue-preemption.disable_preemption",                  BOOL,         RESOLVED),
    QueueKey("maximum-allocation-mb",                                      INT,          RESOLVED),
    QueueKey("maximum-allocation-vcores",                                  INT,          RESOLVED),
    QueueKey("allow-zero-capacity-sum",                                    BOOL,         PLAIN),
    QueueKey("reservable",                                                 BOOL,         PLAIN),
    QueueKey("user-settings",                                              DERIVED,      RESOLVED),
    QueueKey("auto-create",                                                DERIVED,      RESOLVED),
    QueueKey("auto-create-child-queue.enabled",                            BOOL,         RESOLVED),
    QueueKey("auto-create-child-queue.max-queues",                         INT,          PLAIN),
    QueueKey("auto-create-child-queue.fail-on-exceeding-parent-capacity",  BOOL,         PLAIN),
    QueueKey("auto-create-child-queue.management-policy",                  TRIMMED,      PLAIN),
    QueueKey("leaf-queue-template",                                        DERIVED,      RESOLVED),
    QueueKey("auto-queue-creation-v2.enabled",                             BOOL,         RESOLVED),
    QueueKey("auto-queue-creation-v2.max-queues",                          INT,          PLAIN),
    QueueKey("auto-queue-creation-v2.maximum-queue-depth",                 INT,          RESOLVED),
    QueueKey("auto-queue-creation-v2.queue-auto-removal.enable",           BOOL,         PLAIN),
    QueueKey("auto-queue-creation-v2.template",                            DERIVED,      RESOLVED),
    QueueKey("auto-queue-creation-v2.leaf-template",                       DERIVED,      RESOLVED),
    QueueKey("auto-queue-creation-v2.parent-template",                     DERIVED,      RESOLVED),
    QueueKey("queues",                                                     LIST,         NOT_KEPT),
    QueueKey("maximum-allocation",                                         TRIMMED,      NOT_KEPT),
    QueueKey("reservation-agent",                                          TRIMMED,      NOT_KEPT),
    QueueKey("reservation-policy",                                         TRIMMED,      NOT_KEPT),
    QueueKey("reservation-planner",                                        TRIMMED,      NOT_KEPT),
    QueueKey("reservation-window",                                         LONG,         NOT_KEPT),
    QueueKey("reservation-enforcement-window",                             LONG,         NOT_KEPT),
    QueueKey("reservation-move-on-expiry",                                 BOOL,         NOT_KEPT),
    QueueKey("show-reservations-as-queues",                                BOOL,         NOT_KEPT),
    QueueKey("average-capacity",                                           FLOAT,        NOT_KEPT),
    QueueKey("instantaneous-max-capacity",                                 FLOAT,        NOT_KEPT),
    QueueKey("multi-node-sorting.policy",                                  TRIMMED,      NOT_KEPT),
)  # fmt: skip

#: per-queue suffix -> kind
QUEUE_KEYS: dict[str, str] = {row.name: row.kind for row in QUEUE_ROWS if row.kind is not None}
#: one queue's effective values (CapacityQueueValues), in report order: the per-queue keys Hadoop
#: resolves plus the reader's derived ones; ``parent-ordering-policy`` is a parent queue's only
EFFECTIVE_QUEUE_KEYS: tuple[str, ...] = tuple(row.name for row in QUEUE_ROWS if row.value != NOT_KEPT)
#: the keys whose effective value is the queue's own, else one default per kind of queue
PLAIN_QUEUE_KEYS: tuple[str, ...] = tuple(row.name for row in QUEUE_ROWS if row.value == PLAIN)


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
