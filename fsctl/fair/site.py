"""The Fair Scheduler settings that live in yarn-site.xml, typed, with Hadoop's defaults.

Follows ``FairSchedulerConfiguration`` (keys and defaults), ``FairScheduler#validateConf`` (allocation
limits) and ``AllocationFileLoaderService#getAllocationFile``. Reading never raises: a value Hadoop
would fail on becomes an ``FS4xx`` diagnostic and the default is used in its place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.resources import MEMORY, VCORES

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

PREFIX = "yarn.scheduler.fair."
ALLOCATION_FILE = PREFIX + "allocation.file"
USER_AS_DEFAULT_QUEUE = PREFIX + "user-as-default-queue"
ALLOW_UNDECLARED_POOLS = PREFIX + "allow-undeclared-pools"
PREEMPTION = PREFIX + "preemption"
PREEMPTION_THRESHOLD = PREFIX + "preemption.cluster-utilization-threshold"
SIZE_BASED_WEIGHT = PREFIX + "sizebasedweight"
ASSIGN_MULTIPLE = PREFIX + "assignmultiple"
DYNAMIC_MAX_ASSIGN = PREFIX + "dynamic.max.assign"
MAX_ASSIGN = PREFIX + "max.assign"
CONTINUOUS_SCHEDULING = PREFIX + "continuous-scheduling-enabled"
CONTINUOUS_SCHEDULING_SLEEP = PREFIX + "continuous-scheduling-sleep-ms"
UPDATE_INTERVAL = PREFIX + "update-interval-ms"
LOCALITY_NODE = PREFIX + "locality.threshold.node"
LOCALITY_RACK = PREFIX + "locality.threshold.rack"
MIGRATION_MODE = PREFIX + "migration.mode"
NO_TERMINAL_RULE_CHECK = PREFIX + "no-terminal-rule.check"
RESOURCE_TYPES = "yarn.resource-types"
INCREMENT_MB = "yarn.scheduler.increment-allocation-mb"
INCREMENT_VCORES = "yarn.scheduler.increment-allocation-vcores"
MIN_MB = "yarn.scheduler.minimum-allocation-mb"
MAX_MB = "yarn.scheduler.maximum-allocation-mb"
MIN_VCORES = "yarn.scheduler.minimum-allocation-vcores"
MAX_VCORES = "yarn.scheduler.maximum-allocation-vcores"


def increment_key(resource: str) -> str:
    return f"yarn.resource-types.{resource}.increment-allocation"


@dataclass
class FairSiteSettings:
    """Typed Fair Scheduler settings; attribute defaults are Hadoop's."""

    allocation_file: str = "fair-scheduler.xml"
    user_as_default_queue: bool = True
    allow_undeclared_pools: bool = True
    preemption: bool = False
    preemption_cluster_utilization_threshold: float = 0.8
    size_based_weight: bool = False
    assign_multiple: bool = False
    dynamic_max_assign: bool = True
    max_assign: int = -1
    continuous_scheduling_enabled: bool = False
    continuous_scheduling_sleep_ms: int = 5
    update_interval_ms: int = 500
    locality_threshold_node: float = -1.0
    locality_threshold_rack: float = -1.0
    migration_mode: bool = False
    no_terminal_rule_check: bool = False
    #: memory-mb, vcores, then the custom types of ``yarn.resource-types``
    resource_types: tuple[str, ...] = (MEMORY, VCORES)
    increment_allocation: dict[str, int] = field(default_factory=lambda: {MEMORY: 1024, VCORES: 1})
    minimum_allocation: dict[str, int] = field(default_factory=lambda: {MEMORY: 1024, VCORES: 1})
    maximum_allocation: dict[str, int] = field(default_factory=lambda: {MEMORY: 8192, VCORES: 4})
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def terminal_rule_check_disabled(self) -> bool:
        """fs2cs migration mode: unreachable placement rules only warn (FairScheduler#serviceInit)."""
        return self.migration_mode and self.no_terminal_rule_check

    @classmethod
    def from_conf(cls, conf: HadoopConf | None) -> FairSiteSettings:
        """Read every setting; without a yarn-site, Hadoop's defaults."""
        settings = cls()
        if conf is None:
            return settings
        # the reading code is only loaded with a yarn-site: a plain `fsctl validate` never needs it
        from fsctl.fair.site_reader import SiteReader

        SiteReader(conf, settings).read()
        return settings


def check_fair_site(conf: HadoopConf) -> list[Diagnostic]:
    """FS4xx diagnostics for a yarn-site.xml (``fsctl validate yarn-site.xml``)."""
    return list(FairSiteSettings.from_conf(conf).diagnostics)
