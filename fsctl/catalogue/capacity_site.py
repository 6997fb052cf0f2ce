"""The ResourceManager / Capacity Scheduler settings of yarn-site.xml (``CS4xx``), checked by
``fsctl.capacity.site``. The Capacity Scheduler checks Hadoop does not make (``CS3xx``, lint only)
live beside their checks in ``fsctl.lint.capacity``, one module per rule. Refresh refusals (cs.md
§6.5) are ``fsctl.diff.refresh``'s."""

from fsctl.catalogue import ERROR, INFO, WARNING, define

_CSC = "CapacitySchedulerConfiguration.java"
_RU = "hadoop-yarn-api/.../yarn/util/resource/ResourceUtils.java"
_PCPP = "RM/monitor/capacity/ProportionalCapacityPreemptionPolicy.java"

# --------------------------------------------------------------------------------------------------
# CS4xx: ResourceManager / Capacity Scheduler settings in yarn-site.xml

CS401 = define(
    "CS401",
    "unknown-scheduler-class",
    WARNING,
    """``yarn.resourcemanager.scheduler.class`` is not one of Hadoop's schedulers.

    Hadoop ships ``...scheduler.capacity.CapacityScheduler`` (the default),
    ``...scheduler.fair.FairScheduler`` and ``...scheduler.fifo.FifoScheduler``. Anything else must
    be a custom class on the ResourceManager's classpath, or the RM does not start.
    """,
    lint_only=True,
    hadoop_source="ResourceManager.java#createScheduler",
)

CS402 = define(
    "CS402",
    "unknown-resource-calculator",
    WARNING,
    """``yarn.scheduler.capacity.resource-calculator`` is not one of Hadoop's calculators.

    Hadoop ships ``org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator`` (memory only)
    and ``DominantResourceCalculator`` (every resource type).
    """,
    lint_only=True,
    hadoop_source=_CSC + "#getResourceCalculator",
)

CS403 = define(
    "CS403",
    "default-calculator-with-resource-types",
    ERROR,
    """The Capacity Scheduler uses DefaultResourceCalculator while custom resource types exist.

    The ResourceManager refuses to start: ``RM uses DefaultResourceCalculator which used only memory
    as resource-type but invalid resource-types specified ... Use DominantResourceCalculator
    instead``.
    """,
    hadoop_source="CapacityScheduler.java#initResourceCalculator",
)

CS404 = define(
    "CS404",
    "invalid-resource-type-name",
    ERROR,
    """A name in ``yarn.resource-types`` is not a valid resource name.

    It must begin with a letter and contain only letters, digits, ``.``, ``_`` or ``-``, optionally
    after a namespace and a slash (``yarn.io/gpu``). ``memory``, ``memory-mb`` and ``vcores`` are
    mandatory and cannot be redefined.
    """,
    hadoop_source=_RU + "#validateNameOfResourceNameAndThrowException",
)

CS405 = define(
    "CS405",
    "invalid-resource-type-setting",
    ERROR,
    """A ``yarn.resource-types.<name>.units`` or ``.type`` value Hadoop rejects.

    Units are ``p n u m k M G T P Ki Mi Gi Ti Pi`` or empty; the type is ``COUNTABLE``.
    """,
    hadoop_source=_RU + "#initializeResourcesMap",
)

CS406 = define(
    "CS406",
    "site-value-invalid",
    ERROR,
    """A numeric ResourceManager or Capacity Scheduler setting in yarn-site.xml is not a number.

    ``Configuration.getInt``/``getLong``/``getFloat`` throw ``NumberFormatException`` and the
    ResourceManager does not start.
    """,
    hadoop_source="hadoop-common Configuration.java",
)

CS407 = define(
    "CS407",
    "preemption-policy-needs-capacity-scheduler",
    ERROR,
    """Capacity Scheduler preemption is enabled for another scheduler.

    The scheduling monitor runs ``ProportionalCapacityPreemptionPolicy`` (the default policy) but
    ``yarn.resourcemanager.scheduler.class`` is not the Capacity Scheduler. The policy fails at
    start: ``Class <scheduler> not instance of ...CapacityScheduler``.
    """,
    hadoop_source=_PCPP + "#init",
)

CS408 = define(
    "CS408",
    "unknown-monitor-policy",
    WARNING,
    """``yarn.resourcemanager.scheduler.monitor.policies`` names a class Hadoop does not ship.

    Hadoop's policies are ``ProportionalCapacityPreemptionPolicy``,
    ``QueueManagementDynamicEditPolicy``, ``AutoCreatedQueueDeletionPolicy`` and the invariant
    checkers; anything else must be on the classpath.
    """,
    lint_only=True,
    hadoop_source="RM/monitor/SchedulingMonitorManager.java",
)

CS409 = define(
    "CS409",
    "preemption-setting-out-of-range",
    WARNING,
    """A preemption setting is outside its sensible range.

    ``monitoring_interval`` and ``max_wait_before_kill`` are milliseconds (> 0 and >= 0);
    ``total_preemption_per_round`` and ``natural_termination_factor`` are fractions in (0, 1];
    ``max_ignored_over_capacity`` is a fraction >= 0.
    """,
    lint_only=True,
    hadoop_source=_PCPP,
)

CS410 = define(
    "CS410",
    "preemption-configured-but-disabled",
    INFO,
    """Preemption is tuned in yarn-site.xml but the scheduling monitor is off.

    ``yarn.resourcemanager.monitor.capacity.preemption.*`` settings do nothing unless
    ``yarn.resourcemanager.scheduler.monitor.enable`` is true.
    """,
    lint_only=True,
    hadoop_source="RM/monitor/SchedulingMonitorManager.java",
)
