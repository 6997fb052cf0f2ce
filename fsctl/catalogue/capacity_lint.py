"""Capacity Scheduler checks Hadoop does not make (``CS3xx``, lint only) and the ResourceManager /
Capacity Scheduler settings of yarn-site.xml (``CS4xx``). Refresh refusals (cs.md §6.5) are
``fsctl.diff.refresh``'s."""

from fsctl.catalogue import ERROR, INFO, WARNING, define

_CSC = "CapacitySchedulerConfiguration.java"
_STORE = "CSQueueStore.java"
_RU = "hadoop-yarn-api/.../yarn/util/resource/ResourceUtils.java"
_PCPP = "RM/monitor/capacity/ProportionalCapacityPreemptionPolicy.java"

# --------------------------------------------------------------------------------------------------
# CS3xx: lint (cs.md §6.4, §11)

CS301 = define(
    "CS301",
    "orphan-queue-key",
    WARNING,
    """A key names a queue path that is not in the tree, so Hadoop silently ignores it.

    The tree comes only from the ``.queues`` lists; nothing reads keys under other paths. A typo in
    a path (``root.analytcs.capacity``) or a queue removed from ``queues`` but not its keys leaves
    a setting that does nothing.

    Bad: ``yarn.scheduler.capacity.root.analytcs.capacity`` with ``root.queues=analytics``.
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)

CS302 = define(
    "CS302",
    "duplicate-child-name",
    ERROR,
    """A ``queues`` list names the same child twice.

    Hadoop has no check: it builds the queue twice, keeps both in the parent's child list and the
    percentage sum counts it twice (``a,a,b`` with ``a=50,b=50`` fails as 150%, ``a,a`` with ``a=50``
    passes with a phantom child).
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)

CS303 = define(
    "CS303",
    "invalid-queue-name",
    ERROR,
    """A queue name contains characters that break paths, templates or mapping rules.

    Hadoop does not validate names. A ``.`` makes a malformed path, an empty name or whitespace
    survives into the path, ``*`` is the template wildcard; ``:`` breaks legacy ``u:user:queue``
    mappings and a leading ``%`` looks like a placement variable (those two are warnings).
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)

CS304 = define(
    "CS304",
    "unknown-queue-key",
    WARNING,
    """A per-queue key whose suffix Hadoop does not know; it is ignored.

    The message suggests the closest known key (``maximum-capacity`` for ``max-capacity``).
    """,
    lint_only=True,
    hadoop_source=_CSC,
)

CS305 = define(
    "CS305",
    "unknown-global-key",
    WARNING,
    """A ``yarn.scheduler.capacity.`` key that Hadoop does not know; it is ignored.

    It is neither a scheduler-wide setting nor under a queue path. Per-queue keys need the full
    path from ``root``: ``yarn.scheduler.capacity.root.a.capacity``, not
    ``yarn.scheduler.capacity.a.capacity``.
    """,
    lint_only=True,
    hadoop_source=_CSC,
)

CS306 = define(
    "CS306",
    "capacity-above-maximum-capacity",
    WARNING,
    """A queue's guaranteed capacity is larger than its maximum capacity.

    Hadoop 3.4 no longer rejects it (YARN-10504 removed the 3.3 check), but the documented intent is
    ``capacity <= maximum-capacity``: the queue is promised more than it may ever use.
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#capacitiesSanityCheck (branch-3.3)",
)

CS307 = define(
    "CS307",
    "maximum-capacity-out-of-range",
    WARNING,
    """``maximum-capacity`` is a percentage outside [0, 100].

    Hadoop 3.4 reads the non-label value without a range check: ``150`` lets the queue grow to 1.5×
    its parent's maximum. Only ``-1`` (meaning 100) is a documented special value.
    """,
    lint_only=True,
    hadoop_source=_CSC + "#getNonLabeledQueueMaximumCapacity",
)

CS308 = define(
    "CS308",
    "user-limit-factor-out-of-range",
    WARNING,
    """``user-limit-factor`` is 0 or negative (other than -1).

    A single user may use guaranteed × factor; 0 starves every user, a negative value other than
    ``-1`` (no limit) is meaningless. Hadoop does not check it.
    """,
    lint_only=True,
    hadoop_source="UsersManager.java#computeUserLimit",
)

CS309 = define(
    "CS309",
    "minimum-user-limit-percent-out-of-range",
    WARNING,
    """``minimum-user-limit-percent`` is outside (0, 100].

    It is the share each active user is promised; Hadoop does not range-check it.
    """,
    lint_only=True,
    hadoop_source="UsersManager.java#computeUserLimit",
)

CS310 = define(
    "CS310",
    "am-resource-percent-out-of-range",
    WARNING,
    """``maximum-am-resource-percent`` is outside [0, 1].

    It is a fraction (0.1 = 10%), not a percentage: ``10`` lets application masters take 1000% of
    the queue. Hadoop does not check it.
    """,
    lint_only=True,
    hadoop_source="AbstractLeafQueue.java#calculateAndGetAMResourceLimitPerPartition",
)

CS311 = define(
    "CS311",
    "guarantees-exceed-parent",
    WARNING,
    """Children are promised more than their parent has.

    In non-legacy mode (``legacy-queue-mode.enabled=false``) Hadoop does not reject percentage
    children that sum above 100% or absolute children above the parent; it scales them down at
    run time (``QUEUE_OVERUTILIZED``, ``BRANCH_DOWNSCALED``). A child whose absolute capacity is
    above its parent's absolute maximum can never get its guarantee either.
    """,
    lint_only=True,
    hadoop_source="ResourceCalculationDriver.java",
)

CS312 = define(
    "CS312",
    "ambiguous-short-name",
    INFO,
    """Several queues share a short name, so the name alone does not identify a queue.

    Since Hadoop 3.3 (YARN-9879) this is allowed, but submitting to the short name is rejected
    (``... to ambiguous queue: <name> please use full queue path instead.``) and mapping rules must
    use full paths.
    """,
    lint_only=True,
    hadoop_source=_STORE,
)

CS313 = define(
    "CS313",
    "root-maximum-capacity-set",
    WARNING,
    """``root.maximum-capacity`` is set.

    Root is always the whole cluster, but in legacy mode every queue's absolute maximum is
    multiplied by root's maximum fraction, so ``root.maximum-capacity=50`` halves every elastic
    ceiling. Remove it.
    """,
    lint_only=True,
    hadoop_source="CSQueueUtils.java#updateAbsoluteCapacitiesByNodeLabels",
)

CS314 = define(
    "CS314",
    "auto-refresh-interval-documented-key",
    WARNING,
    """The documented auto-refresh interval key is set, but Hadoop reads another one.

    ``yarn.resourcemanager.queue.auto.refresh.monitoring-interval`` is what the documentation names;
    ``QueueConfigurationAutoRefreshPolicy`` reads
    ``yarn.scheduler.capacity.queue.auto.refresh.monitoring-interval``, so the documented key does
    nothing.
    """,
    lint_only=True,
    hadoop_source="QueueConfigurationAutoRefreshPolicy.java",
)

CS315 = define(
    "CS315",
    "node-labels-disabled",
    WARNING,
    """Queues configure node labels but ``yarn.node-labels.enabled`` is not true in yarn-site.xml.

    Without node labels every node is in the default partition, so per-label capacities and
    ``default-node-label-expression`` have no effect.
    """,
    lint_only=True,
    hadoop_source="YarnConfiguration.java#NODE_LABELS_ENABLED",
)

CS316 = define(
    "CS316",
    "auto-creation-setting-without-auto-creation",
    WARNING,
    """A queue sets auto-creation options or templates but does not enable that auto-creation.

    ``leaf-queue-template.*`` and ``auto-create-child-queue.*`` are read only when
    ``auto-create-child-queue.enabled`` is true (v1); ``auto-queue-creation-v2.template.*``,
    ``.leaf-template.*``, ``.parent-template.*``, ``.max-queues`` and ``.maximum-queue-depth`` only
    when ``auto-queue-creation-v2.enabled`` is true (v2). Otherwise Hadoop ignores them.
    """,
    lint_only=True,
    hadoop_source="ManagedParentQueue.java, AutoCreatedQueueTemplate.java",
)

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
