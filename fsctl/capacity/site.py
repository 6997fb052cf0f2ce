"""ResourceManager and Capacity Scheduler settings of yarn-site.xml (cs.md §2.1 "related keys", §6.1).

:func:`check_site` reports what the ResourceManager would refuse or silently misread at start; the
typed accessors (:func:`scheduler_kind`, :func:`resource_types`, ...) give other commands the
settings with Hadoop's defaults. Every function takes any :class:`~fsctl.hadoop.conf.HadoopConf`, so
the capacity reader can run them on yarn-site layered under capacity-scheduler.xml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal

from fsctl.catalogue import capacity as cs_rules
from fsctl.catalogue import capacity_site as rules
from fsctl.hadoop.conf import HadoopConf, parse_conf_boolean, parse_java_integer
from fsctl.hadoop.javanum import ConfValueError, java_trim, parse_float
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import MANDATORY_TYPES
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

SchedulerKind = Literal["fair", "capacity", "fifo"]

SCHEDULER_CLASS = "yarn.resourcemanager.scheduler.class"
_RM_SCHEDULER = "org.apache.hadoop.yarn.server.resourcemanager.scheduler."
SCHEDULERS: dict[str, SchedulerKind] = {
    _RM_SCHEDULER + "capacity.CapacityScheduler": "capacity",
    _RM_SCHEDULER + "fair.FairScheduler": "fair",
    _RM_SCHEDULER + "fifo.FifoScheduler": "fifo",
}
DEFAULT_SCHEDULER = _RM_SCHEDULER + "capacity.CapacityScheduler"  # YarnConfiguration.DEFAULT_RM_SCHEDULER

RESOURCE_CALCULATOR = "yarn.scheduler.capacity.resource-calculator"
DEFAULT_CALCULATOR = "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator"
DOMINANT_CALCULATOR = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"

RESOURCE_TYPES = "yarn.resource-types"
NODE_LABELS_ENABLED = "yarn.node-labels.enabled"
MONITOR_ENABLE = "yarn.resourcemanager.scheduler.monitor.enable"
MONITOR_POLICIES = "yarn.resourcemanager.scheduler.monitor.policies"
PLACEMENT_RULES = "yarn.scheduler.queue-placement-rules"
PREEMPTION = "yarn.resourcemanager.monitor.capacity.preemption."
PCPP = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"
MONITOR_POLICY_CLASSES = (
    PCPP,
    _RM_SCHEDULER + "capacity.QueueManagementDynamicEditPolicy",
    _RM_SCHEDULER + "capacity.AutoCreatedQueueDeletionPolicy",
    _RM_SCHEDULER + "capacity.QueueConfigurationAutoRefreshPolicy",  # fs2cs always adds it
    "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.ReservationInvariantsChecker",
    "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.MetricsInvariantChecker",
)

#: UnitsConversionUtil.KNOWN_UNITS
KNOWN_UNITS = ("p", "n", "u", "m", "", "k", "M", "G", "T", "P", "Ki", "Mi", "Gi", "Ti", "Pi")
#: ResourceUtils.RESOURCE_NAME_PATTERN
_RESOURCE_NAME = re.compile(
    r"^((([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)/)?[A-Za-z][\w.-]*$",
    re.ASCII,
)
_RESERVED_TYPES = ("memory", "memory-mb", "vcores")  # ResourceUtils.checkSpecialResources

# (key, kind, default, low, high, low inclusive) -- kinds: int, long, float
_ALLOCATIONS = (
    ("yarn.scheduler.minimum-allocation-mb", 1024),
    ("yarn.scheduler.maximum-allocation-mb", 8192),
    ("yarn.scheduler.minimum-allocation-vcores", 1),
    ("yarn.scheduler.maximum-allocation-vcores", 4),
)
_PREEMPTION_NUMBERS: tuple[tuple[str, str, float | None, float | None, bool], ...] = (
    # suffix, kind, low, high, low exclusive
    ("monitoring_interval", "long", 0, None, True),
    ("max_wait_before_kill", "long", 0, None, False),
    ("total_preemption_per_round", "float", 0, 1, True),
    ("max_ignored_over_capacity", "float", 0, None, False),
    ("natural_termination_factor", "float", 0, 1, True),
    ("intra-queue-preemption.minimum-threshold", "float", 0, 1, False),
    ("intra-queue-preemption.max-allowable-limit", "float", 0, 1, False),
    ("preemption-to-balance-queue-after-satisfied.max-wait-before-kill", "long", 0, None, False),
)
_BOOLEANS = (
    MONITOR_ENABLE,
    NODE_LABELS_ENABLED,
    PREEMPTION + "observe_only",
    PREEMPTION + "intra-queue-preemption.enabled",
    PREEMPTION + "conservative-drf",
    PREEMPTION + "intra-queue-preemption.conservative-drf",
    PREEMPTION + "preemption-to-balance-queue-after-satisfied.enabled",
    PREEMPTION + "select_based_on_reserved_containers",
    PREEMPTION + "additional_res_balance_based_on_reserved_containers",
)


# --------------------------------------------------------------------------------------------
# Typed accessors


def scheduler_class(conf: HadoopConf) -> str:
    """The configured scheduler class (``getClass`` trims), Hadoop's default when unset."""
    value = conf.get_trimmed(SCHEDULER_CLASS)
    return value if value else DEFAULT_SCHEDULER


def scheduler_kind(conf: HadoopConf | None) -> SchedulerKind | None:
    """``fair``, ``capacity`` or ``fifo``; None for a custom class. No yarn-site: the default
    (capacity)."""
    if conf is None:
        return "capacity"
    return SCHEDULERS.get(scheduler_class(conf))


def resource_types(conf: HadoopConf | None) -> tuple[str, ...]:
    """``memory-mb``, ``vcores``, then the valid names of ``yarn.resource-types`` in order."""
    if conf is None:
        return MANDATORY_TYPES
    names = list(MANDATORY_TYPES)
    for name in conf.get_trimmed_strings(RESOURCE_TYPES):
        if name and name not in names and name not in _RESERVED_TYPES and _RESOURCE_NAME.match(name):
            names.append(name)
    return tuple(names)


def resource_calculator(conf: HadoopConf | None) -> str:
    """The Capacity Scheduler's resource calculator class (trimmed), Hadoop's default when unset."""
    value = conf.get_trimmed(RESOURCE_CALCULATOR) if conf is not None else None
    return value if value else DEFAULT_CALCULATOR


def _boolean(conf: HadoopConf | None, key: str, default: bool) -> bool:
    if conf is None:
        return default
    return conf.get_boolean(key, default)


def preemption_enabled(conf: HadoopConf | None) -> bool:
    """Whether the scheduling monitor runs the Capacity Scheduler preemption policy."""
    return _boolean(conf, MONITOR_ENABLE, False) and PCPP in monitor_policies(conf)


def monitor_policies(conf: HadoopConf | None) -> list[str]:
    if conf is None or conf.get(MONITOR_POLICIES) is None:
        return [PCPP]
    return [java_trim(p) for p in (conf.get_strings(MONITOR_POLICIES) or []) if java_trim(p)]


def node_labels_enabled(conf: HadoopConf | None) -> bool:
    return _boolean(conf, NODE_LABELS_ENABLED, False)


# --------------------------------------------------------------------------------------------
# Checks


def check_site(conf: HadoopConf) -> list[Diagnostic]:
    """Every RM / Capacity Scheduler problem in a yarn-site.xml (or a layered configuration)."""
    found: list[Diagnostic] = []
    found.extend(_check_scheduler(conf))
    found.extend(_check_booleans(conf))
    found.extend(_check_resource_types(conf))
    kind = scheduler_kind(conf)
    if kind == "capacity":
        # the Capacity Scheduler's own rule (min must be > 0); the Fair check covers Fair's
        found.extend(_check_allocations(conf))
        found.extend(_check_placement_rules(conf))
        if conf.get(RESOURCE_CALCULATOR) is not None:
            found.extend(check_resource_calculator(conf))
        found.extend(check_capacity_keys(conf))
    found.extend(_check_preemption(conf, kind))
    return found


def check_capacity_keys(conf: HadoopConf, version: HadoopVersion = DEFAULT_VERSION) -> list[Diagnostic]:
    """Scheduler-wide ``yarn.scheduler.capacity.*`` keys whose values their getter cannot read.

    ``CapacitySchedulerConfiguration`` is layered over yarn-site.xml, so a key set there is read with
    the same getter as in capacity-scheduler.xml: ``node-locality-delay=0.1`` fails ``getInt`` and the
    ResourceManager does not start.
    """
    from fsctl.capacity import keys

    prefix = keys.PREFIX
    names = [n for n in conf.names() if n.startswith(prefix) and keys.global_kind(n[len(prefix) :])]
    if not names:
        return []
    from fsctl.capacity.validate import ValueParser

    found: list[Diagnostic] = []
    parser = ValueParser(conf, version, MANDATORY_TYPES, found)
    for name in names:
        setting = conf.setting(name)
        if setting is not None:
            parser.global_setting(name, setting)
    return found


def _check_scheduler(conf: HadoopConf) -> Iterator[Diagnostic]:
    value = conf.get_trimmed(SCHEDULER_CLASS)
    if value and value not in SCHEDULERS:
        short = value.rsplit(".", 1)[-1]
        hint = next((c for c in SCHEDULERS if c.rsplit(".", 1)[-1].lower() == short.lower()), None)
        suffix = f" (did you mean {hint}?)" if hint else "; it must be a custom scheduler on the RM classpath"
        yield rules.CS401.at(
            conf.location(SCHEDULER_CLASS),
            f"{SCHEDULER_CLASS}={value} is not a Hadoop scheduler{suffix}",
            property=SCHEDULER_CLASS,
        )


def check_resource_calculator(conf: HadoopConf) -> list[Diagnostic]:
    """CS402/CS403 on a configuration that holds the calculator (capacity-scheduler.xml layered
    over yarn-site.xml, or a yarn-site that sets it)."""
    found: list[Diagnostic] = []
    calculator = resource_calculator(conf)
    where = conf.location(RESOURCE_CALCULATOR) or conf.location(RESOURCE_TYPES)
    if calculator not in (DEFAULT_CALCULATOR, DOMINANT_CALCULATOR):
        found.append(
            rules.CS402.at(
                where,
                f"{RESOURCE_CALCULATOR}={calculator} is not a Hadoop resource calculator",
                property=RESOURCE_CALCULATOR,
            )
        )
    types = resource_types(conf)
    if calculator == DEFAULT_CALCULATOR and len(types) > 2:
        # CapacityScheduler.initResourceCalculator
        found.append(
            rules.CS403.at(
                where,
                "RM uses DefaultResourceCalculator which used only memory as resource-type but invalid "
                f"resource-types specified {list(types)}. Use DominantResourceCalculator instead to make "
                "effective use of these resource-types",
                property=RESOURCE_CALCULATOR,
            )
        )
    return found


def _check_booleans(conf: HadoopConf) -> Iterator[Diagnostic]:
    for key in _BOOLEANS:
        value = conf.get_trimmed(key)
        if value is not None and value != "" and parse_conf_boolean(value) is None:
            yield cs_rules.CS201.at(
                conf.location(key),
                f"Invalid value for boolean: {value}, choose default value: false for {key}",
                property=key,
            )


def _check_resource_types(conf: HadoopConf) -> Iterator[Diagnostic]:
    for name in conf.get_trimmed_strings(RESOURCE_TYPES):
        where = conf.location(RESOURCE_TYPES)
        if name in _RESERVED_TYPES:
            yield rules.CS404.at(
                where, f"Attempt to re-define mandatory resource '{name}'.", property=RESOURCE_TYPES
            )
            continue
        if not _RESOURCE_NAME.match(name):
            yield rules.CS404.at(
                where,
                f"'{name}' is not a valid resource name. A valid resource name must begin with a letter "
                "and contain only letters, numbers, and any of: '.', '_', or '-'. A valid resource name "
                "may also be optionally preceded by a name space followed by a slash. A valid name space "
                "consists of period-separated groups of letters, numbers, and dashes.",
                property=RESOURCE_TYPES,
            )
            continue
        units_key = f"{RESOURCE_TYPES}.{name}.units"
        units = conf.get(units_key)
        if units is not None and units not in KNOWN_UNITS:
            yield rules.CS405.at(
                conf.location(units_key),
                f"Unknown unit '{units}'. Known units are {list(KNOWN_UNITS)}",
                property=units_key,
            )
        type_key = f"{RESOURCE_TYPES}.{name}.type"
        kind = conf.get(type_key)
        if kind is not None and kind != "COUNTABLE":
            yield rules.CS405.at(
                conf.location(type_key),
                f"No enum constant org.apache.hadoop.yarn.api.protocolrecords.ResourceTypes.{kind}",
                property=type_key,
            )
        # (maximum-allocation is parsed, and reported, by the Fair site check for every scheduler)
        yield from _number(conf, f"{RESOURCE_TYPES}.{name}.minimum-allocation", "long")


def _number(conf: HadoopConf, key: str, kind: str) -> Iterator[Diagnostic]:
    if _read_number(conf, key, kind) is _BAD:
        value = conf.get(key) or ""
        yield rules.CS406.at(
            conf.location(key),
            f'{key}: NumberFormatException: For input string: "{java_trim(value)}"',
            property=key,
        )


_BAD = object()


def _read_number(conf: HadoopConf, key: str, kind: str) -> float | int | object | None:
    value = conf.get_trimmed(key)
    if value is None:
        return None
    try:
        if kind == "float":
            return parse_float(value)
        high = 2**31 - 1 if kind == "int" else 2**63 - 1
        return parse_java_integer(value, -high - 1, high)
    except ConfValueError:
        return _BAD


def _check_allocations(conf: HadoopConf) -> Iterator[Diagnostic]:
    values: dict[str, int] = {}
    bad = False
    for key, default in _ALLOCATIONS:
        number = _read_number(conf, key, "int")
        # a value that is not a number is reported by the Fair site check (FS402) for any scheduler
        bad = bad or number is _BAD
        values[key] = number if isinstance(number, int) else default
    if bad:
        return
    for resource, label in (("mb", "memory"), ("vcores", "vcores")):
        low_key = f"yarn.scheduler.minimum-allocation-{resource}"
        high_key = f"yarn.scheduler.maximum-allocation-{resource}"
        low, high = values[low_key], values[high_key]
        if low <= 0 or high <= 0 or high < low:
            # CapacitySchedulerConfigValidator.validateMemoryAllocation / validateVCores
            where = conf.location(low_key) or conf.location(high_key)
            yield cs_rules.CS126.at(
                where,
                f"Invalid resource scheduler {label} allocation configuration, {low_key}={low}, "
                f"{high_key}={high}, min and max should be greater than 0, max should be no smaller "
                "than min.",
                property=low_key if conf.location(low_key) else high_key,
            )


def _check_placement_rules(conf: HadoopConf) -> Iterator[Diagnostic]:
    value = conf.get(PLACEMENT_RULES)
    if value is None:
        return
    # getStringCollection: StringTokenizer on ",", not trimmed (CapacitySchedulerConfigValidator)
    entries = [part for part in value.split(",") if part]
    if len(set(entries)) != len(entries):
        yield cs_rules.CS127.at(
            conf.location(PLACEMENT_RULES),
            "Invalid PlacementRule inputs which contains duplicate rule strings",
            property=PLACEMENT_RULES,
        )


def _check_preemption(conf: HadoopConf, kind: SchedulerKind | None) -> Iterator[Diagnostic]:
    enabled = _boolean(conf, MONITOR_ENABLE, False)
    policies = monitor_policies(conf)
    for policy in policies:
        if policy not in MONITOR_POLICY_CLASSES:
            yield rules.CS408.at(
                conf.location(MONITOR_POLICIES),
                f"{MONITOR_POLICIES}: {policy} is not a scheduling edit policy Hadoop ships",
                property=MONITOR_POLICIES,
            )
    if enabled and PCPP in policies and kind in ("fair", "fifo"):
        yield rules.CS407.at(
            conf.location(MONITOR_ENABLE),
            f"Class {scheduler_class(conf)} not instance of "
            f"{_RM_SCHEDULER}capacity.CapacityScheduler: the scheduling monitor runs "
            "ProportionalCapacityPreemptionPolicy, which only works with the Capacity Scheduler",
            property=MONITOR_ENABLE,
        )
    for suffix, number_kind, low, high, low_exclusive in _PREEMPTION_NUMBERS:
        key = PREEMPTION + suffix
        number = _read_number(conf, key, number_kind)
        if number is _BAD:
            yield from _number(conf, key, number_kind)
            continue
        if not isinstance(number, (int, float)):
            continue
        too_low = low is not None and (number <= low if low_exclusive else number < low)
        too_high = high is not None and number > high
        if too_low or too_high or number != number:
            bound = f"{'(' if low_exclusive else '['}{low}, {high if high is not None else '∞'}"
            bound += "]" if high is not None else ")"
            yield rules.CS409.at(
                conf.location(key), f"{key}={conf.get_trimmed(key)} is outside {bound}", property=key
            )
    tuned = [name for name in conf.names() if name.startswith(PREEMPTION)]
    if tuned and not enabled and kind == "capacity":
        yield rules.CS410.at(
            conf.location(tuned[0]),
            f"{tuned[0]} is set but {MONITOR_ENABLE} is not true, so preemption never runs",
            property=tuned[0],
        )
