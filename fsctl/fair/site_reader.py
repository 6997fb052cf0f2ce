"""Reading the Fair Scheduler settings of a yarn-site.xml into :class:`FairSiteSettings`.

Follows ``FairSchedulerConfiguration`` (keys and defaults), ``FairScheduler#validateConf`` (allocation
limits) and ``AllocationFileLoaderService#getAllocationFile``. Kept apart from ``fsctl.fair.site`` so
that a run without a yarn-site never loads it (start-up time of ``fsctl validate``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from fsctl.catalogue import fair as rules
from fsctl.fair.site import (
    ALLOCATION_FILE,
    ALLOW_UNDECLARED_POOLS,
    ASSIGN_MULTIPLE,
    CONTINUOUS_SCHEDULING,
    CONTINUOUS_SCHEDULING_SLEEP,
    DYNAMIC_MAX_ASSIGN,
    INCREMENT_MB,
    INCREMENT_VCORES,
    LOCALITY_NODE,
    LOCALITY_RACK,
    MAX_ASSIGN,
    MAX_MB,
    MAX_VCORES,
    MIGRATION_MODE,
    MIN_MB,
    MIN_VCORES,
    NO_TERMINAL_RULE_CHECK,
    PREEMPTION,
    PREEMPTION_THRESHOLD,
    RESOURCE_TYPES,
    SIZE_BASED_WEIGHT,
    UPDATE_INTERVAL,
    USER_AS_DEFAULT_QUEUE,
    FairSiteSettings,
    increment_key,
)
from fsctl.model.location import Location
from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES, resource_types

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

# AllocationFileLoaderService.SUPPORTED_FS_REGEX
_SUPPORTED_FS = re.compile(r"(?i)(hdfs)|(file)|(s3a)|(viewfs)")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
# FairSchedulerConfiguration.RESOURCE_REQUEST_VALUE_PATTERN
_INCREMENT_VALUE = re.compile(r"([0-9]+) ?([a-zA-Z]*)")
# UnitsConversionUtil units, as multiples of the base unit of each resource type
_UNITS = {
    "": 1,
    "k": 10**3,
    "M": 10**6,
    "G": 10**9,
    "T": 10**12,
    "P": 10**15,
    "Ki": 2**10,
    "Mi": 2**20,
    "Gi": 2**30,
    "Ti": 2**40,
    "Pi": 2**50,
    "m": 10**-3,
    "u": 10**-6,
    "n": 10**-9,
    "p": 10**-12,
}

T = TypeVar("T")


class SiteReader:
    def __init__(self, conf: HadoopConf, settings: FairSiteSettings) -> None:
        self.conf = conf
        self.s = settings
        self.found = settings.diagnostics

    def location(self, name: str) -> Location:
        return self.conf.location(name) or Location(self.conf.source)

    def typed(self, name: str, getter: Callable[[str, T], T], default: T, kind: str) -> T:
        from fsctl.hadoop.javanum import ConfValueError

        try:
            return getter(name, default)
        except ConfValueError as exc:
            self.found.append(
                rules.FS402.at(
                    self.location(name),
                    f"{name}: {exc.exception}: {exc.message} (expected {kind})",
                    property=name,
                )
            )
            return default

    def boolean(self, name: str, default: bool) -> bool:
        from fsctl.hadoop.conf import parse_conf_boolean

        text = self.conf.get_trimmed(name)
        if text is not None and parse_conf_boolean(text) is None:
            self.found.append(
                rules.FS403.at(
                    self.location(name),
                    f"{name}={text!r} is neither true nor false; Hadoop silently uses the default "
                    f"({str(default).lower()})",
                    property=name,
                )
            )
        return self.conf.get_boolean(name, default)

    def read(self) -> None:
        conf, s = self.conf, self.s
        s.allocation_file = conf.get_trimmed(ALLOCATION_FILE) or s.allocation_file
        self.check_allocation_file()
        s.user_as_default_queue = self.boolean(USER_AS_DEFAULT_QUEUE, True)
        s.allow_undeclared_pools = self.boolean(ALLOW_UNDECLARED_POOLS, True)
        s.preemption = self.boolean(PREEMPTION, False)
        s.preemption_cluster_utilization_threshold = self.typed(
            PREEMPTION_THRESHOLD, conf.get_float, 0.8, "a number"
        )
        s.size_based_weight = self.boolean(SIZE_BASED_WEIGHT, False)
        s.assign_multiple = self.boolean(ASSIGN_MULTIPLE, False)
        s.dynamic_max_assign = self.boolean(DYNAMIC_MAX_ASSIGN, True)
        s.max_assign = self.typed(MAX_ASSIGN, conf.get_int, -1, "an integer")
        s.continuous_scheduling_enabled = self.boolean(CONTINUOUS_SCHEDULING, False)
        s.continuous_scheduling_sleep_ms = self.typed(
            CONTINUOUS_SCHEDULING_SLEEP, conf.get_int, 5, "an integer"
        )
        s.update_interval_ms = self.typed(UPDATE_INTERVAL, conf.get_long, 500, "an integer")
        s.locality_threshold_node = self.typed(LOCALITY_NODE, conf.get_float, -1.0, "a number")
        s.locality_threshold_rack = self.typed(LOCALITY_RACK, conf.get_float, -1.0, "a number")
        s.migration_mode = self.boolean(MIGRATION_MODE, False)
        s.no_terminal_rule_check = self.boolean(NO_TERMINAL_RULE_CHECK, False)
        s.resource_types = resource_types(conf.get_trimmed_strings(RESOURCE_TYPES))
        self.read_allocation_limits()
        self.read_increments()

    def check_allocation_file(self) -> None:
        # AllocationFileLoaderService#getAllocationFile
        path = self.s.allocation_file
        match = _SCHEME.match(path)
        if match and not _SUPPORTED_FS.fullmatch(match.group(1)):
            self.found.append(
                rules.FS401.at(
                    self.location(ALLOCATION_FILE),
                    f"Allocation file {path} uses an unsupported filesystem",
                    property=ALLOCATION_FILE,
                )
            )

    def read_allocation_limits(self) -> None:
        # FairScheduler#validateConf (newest wording: Java concatenation drops two spaces)
        conf, s = self.conf, self.s
        for label, resource, low_key, high_key, low_default, high_default in (
            ("memory", MEMORY, MIN_MB, MAX_MB, 1024, 8192),
            ("vcores", VCORES, MIN_VCORES, MAX_VCORES, 1, 4),
        ):
            low = self.typed(low_key, conf.get_int, low_default, "an integer")
            high = self.typed(high_key, conf.get_int, high_default, "an integer")
            s.minimum_allocation[resource] = low
            s.maximum_allocation[resource] = high
            if low < 0 or low > high:
                where = low_key if low_key in conf else high_key
                self.found.append(
                    rules.FS404.at(
                        self.location(where),
                        f"Invalid resource scheduler {label} allocation configuration: {low_key}={low}, "
                        f"{high_key}={high}.  Both values must be greater than or equal to 0and the maximum "
                        "allocation value must be greater than or equal tothe minimum allocation value.",
                        property=where,
                    )
                )
        for custom in s.resource_types[2:]:
            key = f"yarn.resource-types.{custom}.maximum-allocation"
            s.maximum_allocation[custom] = self.typed(key, conf.get_long, UNBOUNDED, "an integer")
            s.minimum_allocation[custom] = 0

    def read_increments(self) -> None:
        # FairSchedulerConfiguration#getIncrementAllocation, FairScheduler#validateConf
        conf, s = self.conf, self.s
        explicit: dict[str, int] = {}
        for resource in s.resource_types:
            key = increment_key(resource)
            text = conf.get(key)
            if text is None:
                continue
            match = _INCREMENT_VALUE.fullmatch(text)
            if match is None or match.group(2) not in _UNITS:
                self.found.append(
                    rules.FS405.at(
                        self.location(key),
                        f'Property {key} is not in "value [unit]" format: {text}',
                        property=key,
                    )
                )
                continue
            # getValueInDefaultUnits: a unit converts to the type's own (Mi for memory-mb)
            unit, own = match.group(2), ("Mi" if resource == MEMORY else "")
            amount = int(match.group(1))
            explicit[resource] = amount if not unit else int(amount * _UNITS[unit] / _UNITS[own])
        for resource, old_key, default in ((MEMORY, INCREMENT_MB, 1024), (VCORES, INCREMENT_VCORES, 1)):
            if resource in explicit:
                if old_key in conf:
                    new_key = increment_key(resource)
                    self.found.append(
                        rules.FS406.at(
                            self.location(new_key),
                            f"Configuration {new_key}={conf.get(new_key)} is overriding the "
                            f"{old_key}={conf.get(old_key)} property",
                            property=new_key,
                        )
                    )
                value = explicit.pop(resource)
            else:
                getter = conf.get_long if resource == MEMORY else conf.get_int
                value = self.typed(old_key, getter, default, "an integer")
            s.increment_allocation[resource] = value
            if value <= 0:
                key = increment_key(resource) if increment_key(resource) in conf else old_key
                label = "memory" if resource == MEMORY else "vcores"
                self.found.append(
                    rules.FS405.at(
                        self.location(key),
                        f"Invalid resource scheduler {label} allocation configuration: {old_key}={value}. "
                        "Values must be greater than 0.",
                        property=key,
                    )
                )
        s.increment_allocation.update(explicit)
