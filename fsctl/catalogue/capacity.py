"""Rules for Hadoop configuration files and capacity-scheduler.xml.

``CS0xx`` the Hadoop configuration format itself (any ``<configuration>`` file: capacity-scheduler.xml,
yarn-site.xml); ``CS1xx`` what makes the ResourceManager refuse capacity-scheduler.xml at load or
refresh (the message is Hadoop's); ``CS2xx`` what Hadoop logs a warning about or silently reads in
a way the author did not mean. ``CS4xx`` yarn-site rules live in ``fsctl.catalogue.capacity_site``,
the ``CS3xx`` lint rules beside their checks in ``fsctl.lint.capacity``.
"""

from fsctl.catalogue import ERROR, INFO, WARNING, define

_CONF = "hadoop-common/src/main/java/org/apache/hadoop/conf/Configuration.java"
_CSC = "CapacitySchedulerConfiguration.java"
_PARENT = "AbstractParentQueue.java#setChildQueues"

# --------------------------------------------------------------------------------------------------
# CS0xx: the Hadoop Configuration XML format

CS001 = define(
    "CS001",
    "configuration-root-element",
    WARNING,
    """The root element of a Hadoop configuration file is not ``<configuration>``.

    Hadoop does not check the root element's name and reads every ``<property>`` anyway, but tools
    (and fsctl's format detection) expect ``<configuration>``.

    Bad: ``<conf><property>...</property></conf>``
    Good: ``<configuration><property>...</property></configuration>``
    """,
    hadoop_source=_CONF + " (Parser)",
)

CS002 = define(
    "CS002",
    "unknown-configuration-element",
    WARNING,
    """An element Hadoop's configuration parser does not know; it is ignored.

    Inside ``<property>`` Hadoop reads ``name``, ``value``, ``final``, ``source`` and ``tag``
    (``description`` is customary and also ignored). A misspelt ``<vaule>`` silently leaves the
    property without a value.

    Bad: ``<property><name>k</name><vaule>1</vaule></property>``
    Good: ``<property><name>k</name><value>1</value></property>``
    """,
    hadoop_source=_CONF + " (Parser.handleStartElement)",
)

CS003 = define(
    "CS003",
    "property-without-name",
    WARNING,
    """A ``<property>`` has no ``<name>`` (or an empty one); Hadoop ignores it.

    Bad: ``<property><value>10</value></property>``
    """,
    hadoop_source=_CONF + " (Parser.handleEndProperty)",
)

CS004 = define(
    "CS004",
    "empty-property-value",
    INFO,
    """A property has an empty value, so Hadoop does not store it: the key reads as unset.

    ``<value></value>`` and ``<value/>`` mean "not set", not "empty string" (Hadoop's
    ``allowNullValueProperties`` is false). The shipped capacity-scheduler.xml does this for
    ``queue-mappings``; it is harmless there, but surprising for a key that has a non-empty default.
    An empty *final* property still blocks later definitions.
    """,
    hadoop_source=_CONF + " (loadProperty)",
)

CS005 = define(
    "CS005",
    "final-property-override",
    WARNING,
    """A property marked ``final`` earlier is defined again; Hadoop ignores the later value.

    Hadoop logs ``<resource>:an attempt to override final parameter: <key>;  Ignoring.`` and keeps
    the first value. This also applies across files: a key final in yarn-site.xml cannot be changed
    in capacity-scheduler.xml. A later definition with the same value is ignored silently.

    Bad::

        <property><name>k</name><value>A</value><final>true</final></property>
        <property><name>k</name><value>B</value></property>
    """,
    hadoop_source=_CONF + " (checkForOverride)",
)

CS006 = define(
    "CS006",
    "duplicate-property",
    WARNING,
    """A key is defined more than once in the same file; the last definition wins.

    Hadoop does not complain; an edit to the first definition then has no effect, which is a
    common source of "my change did nothing". Keep one definition per key.
    """,
    hadoop_source=_CONF + " (loadProperty)",
)

CS007 = define(
    "CS007",
    "final-not-exactly-true",
    WARNING,
    """``<final>`` holds something like ``TRUE`` or `` true``: Hadoop treats the property as not final.

    Hadoop compares the text with ``"true".equals(...)``: case-sensitive and untrimmed.

    Bad: ``<final>True</final>``  Good: ``<final>true</final>``
    """,
    hadoop_source=_CONF + " (Parser.handleEndElement)",
)

CS008 = define(
    "CS008",
    "xinclude-not-followed",
    WARNING,
    """The file uses ``<xi:include>``; fsctl does not read included files.

    Hadoop resolves the include (classpath, URL, then a path relative to the file) and fails when it
    is missing and there is no ``<xi:fallback>``. fsctl checks only the properties written in this
    file, so settings from the included file are not validated.
    """,
    hadoop_source=_CONF + " (Parser.handleInclude)",
)

CS009 = define(
    "CS009",
    "variable-substitution-too-deep",
    ERROR,
    """Expanding ``${...}`` references in a value takes more than 20 steps.

    Hadoop throws ``IllegalStateException: Variable substitution depth too large: 20 <value>`` when
    the key is read, which fails the scheduler's start or refresh. Usually a chain of variables that
    refer to one another.
    """,
    hadoop_source=_CONF + " (substituteVars)",
)

# --------------------------------------------------------------------------------------------------
# CS1xx: capacity-scheduler.xml load errors (the ResourceManager refuses the file)

CS101 = define(
    "CS101",
    "root-without-children",
    ERROR,
    """``yarn.scheduler.capacity.root.queues`` is missing and root has no auto-creation.

    Hadoop fails with ``Queue configuration missing child queue names for root``.

    Good: ``yarn.scheduler.capacity.root.queues = default``
    """,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)

CS102 = define(
    "CS102",
    "capacity-out-of-range",
    ERROR,
    """A percentage ``capacity`` is outside [0, 100].

    Hadoop: ``Illegal capacity of <f> for queue <path>``. For a node label the message is
    ``Illegal capacity of <f> for node-label=<label> in queue=<path>, valid capacity should in range
    of [0, 100].`` and it also applies to the label's ``maximum-capacity``.

    Bad: ``yarn.scheduler.capacity.root.a.capacity = 500``
    """,
    hadoop_source=_CSC + "#getNonLabeledQueueCapacity, internalGetLabeledQueueCapacity",
)

CS103 = define(
    "CS103",
    "invalid-number",
    ERROR,
    """A numeric value does not parse: Hadoop throws ``NumberFormatException``.

    Applies to ``capacity``/``maximum-capacity`` (``50%``, ``2w`` as a maximum, a weight with
    trailing whitespace, a decimal in an absolute value ``[memory=1.5Gi]``), ``max-parallel-apps``
    (read with ``Integer.valueOf``, so not even surrounding spaces are allowed) and every integer,
    long or float key. Weights (``2w``) do not exist before Hadoop 3.4 (``--hadoop-version 3.3``).

    Bad: ``capacity = 50%``   Good: ``capacity = 50``
    """,
    hadoop_source=_CSC + "; " + _CONF + " (getInt, getFloat)",
)

CS104 = define(
    "CS104",
    "weight-out-of-range",
    ERROR,
    """A weight (``Nw``) is below 0 or above 10000.

    Hadoop: ``Illegal weight=<w> for queue=<path>label=<label>. Acceptable values: [0, 10000], -1 is
    same as not set``.
    """,
    hadoop_source=_CSC + "#throwExceptionForUnexpectedWeight",
)

CS105 = define(
    "CS105",
    "invalid-queue-state",
    ERROR,
    """``state`` is neither ``RUNNING`` nor ``STOPPED`` (case-insensitive).

    An unknown word fails with ``No enum constant org.apache.hadoop.yarn.api.records.QueueState.<X>``;
    ``DRAINING`` with ``Invalid queue state configuration. We can only use RUNNING or STOPPED.``
    """,
    hadoop_source=_CSC + "#getConfiguredState; QueueStateHelper.java",
)

CS106 = define(
    "CS106",
    "running-child-of-stopped-parent",
    ERROR,
    """A queue explicitly ``RUNNING`` under a ``STOPPED`` parent.

    Hadoop: ``The parent queue:<parent> cannot be STOPPED as the child queue:<child> is in RUNNING
    state.`` A child with no ``state`` of its own inherits STOPPED instead.
    """,
    hadoop_source="QueueStateHelper.java#initializeState",
)

CS107 = define(
    "CS107",
    "absolute-min-above-max",
    ERROR,
    """An absolute ``capacity`` is greater than the queue's absolute ``maximum-capacity``.

    Hadoop: ``Min resource configuration <min> is greater than its max value:<max> in
    queue:<path>``. The comparison uses the resource calculator: DefaultResourceCalculator compares
    memory only, DominantResourceCalculator the dominant share.
    """,
    hadoop_source="AbstractCSQueue.java#validateAbsoluteVsPercentageCapacityConfig",
)

CS108 = define(
    "CS108",
    "absolute-max-above-parent-max",
    ERROR,
    """An absolute ``maximum-capacity`` is greater than the parent's absolute maximum.

    Hadoop: ``Max resource configuration <max> is greater than parents max value:<parentMax> in
    queue:<path>``. With DefaultResourceCalculator only memory is compared.
    """,
    hadoop_source="AbstractCSQueue.java",
)

CS109 = define(
    "CS109",
    "percentage-and-absolute-across-labels",
    ERROR,
    """Legacy mode: one queue uses a percentage for one node label and an absolute value for another.

    Hadoop: ``Queue '<path>' should use either percentage based capacity configuration or absolute
    resource.``
    """,
    hadoop_source="AbstractCSQueue.java",
)

CS110 = define(
    "CS110",
    "maximum-allocation-above-cluster",
    ERROR,
    """A queue's maximum allocation is larger than ``yarn.scheduler.maximum-allocation-*``.

    Hadoop: ``Queue maximum allocation cannot be larger than the cluster setting for queue <path>
    max allocation per queue: <res> cluster setting: <clusterMax>``.
    """,
    hadoop_source="QueueAllocationSettings.java",
)

CS111 = define(
    "CS111",
    "default-label-not-accessible",
    ERROR,
    """``default-node-label-expression`` names a label the queue cannot access.

    Hadoop: ``Invalid default label expression of  queue=<path> doesn't have permission to access all
    labels in default label expression. ...``
    """,
    hadoop_source="AbstractLeafQueue.java#setupQueueConfigs",
)

CS112 = define(
    "CS112",
    "child-labels-not-subset",
    ERROR,
    """A child's ``accessible-node-labels`` are not a subset of its parent's.

    Hadoop: ``Some labels of child queue is not a subset of parent queue, these labels=[...]``, or
    ``Parent's accessible queue is not ANY(*), but child's accessible queue is *``.
    """,
    hadoop_source="QueueNodeLabelsSettings.java#validateNodeLabels",
)

CS113 = define(
    "CS113",
    "user-weight-out-of-range",
    ERROR,
    """A ``user-settings.<user>.weight`` on a leaf is outside [0, 100 / minimum-user-limit-percent].

    Hadoop: ``Weight (<w>) for user "<u>" must be between 0 and 100 / <ul> (= <n>, the number of
    concurrent active users in <path>)``.
    """,
    hadoop_source="UserWeights.java#validateForLeafQueue",
)

CS114 = define(
    "CS114",
    "default-lifetime-above-maximum",
    ERROR,
    """``default-application-lifetime`` exceeds a positive ``maximum-application-lifetime``.

    Hadoop: ``Default lifetime <d> can't exceed maximum lifetime <m>``.
    """,
    hadoop_source="QueueAppLifetimeAndLimitSettings.java",
)

CS115 = define(
    "CS115",
    "reservable-parent-queue",
    ERROR,
    """A queue with children (or auto-creation) is ``reservable``.

    Hadoop: ``Only Leaf Queues can be reservable for <path>``.
    """,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)

CS116 = define(
    "CS116",
    "invalid-ordering-policy",
    ERROR,
    """``ordering-policy`` names no policy Hadoop can construct for this kind of queue.

    Leaves take ``fifo``, ``fair``, ``fifo-with-partitions``, ``fifo-for-pending-apps`` or a class
    name; parents take ``utilization``, ``priority-utilization`` or a class name. ``fair`` on a parent
    fails: ``Unable to construct queue ordering policy=fair queue=<path>``.
    """,
    hadoop_source=_CSC + "#getAppOrderingPolicy, getQueueOrderingPolicy",
)

CS117 = define(
    "CS117",
    "template-capacity-type-mismatch",
    ERROR,
    """A v1 auto-creation parent with a percentage or weight capacity has an absolute template.

    Hadoop 3.4: ``Managed Parent Queue <path> config type is different from leaf queue template
    config type``. An absolute parent takes any template, and 3.3 has no such check.
    """,
    hadoop_source="ManagedParentQueue.java#setAbsoluteResourceTemplates",
)

CS118 = define(
    "CS118",
    "weight-maximum-capacity",
    ERROR,
    """Non-legacy mode: ``maximum-capacity`` uses a weight for some resource.

    Hadoop: ``Resource <name> has WEIGHT maximum capacity type, which is not supported``.
    """,
    hadoop_source="WeightQueueCapacityCalculator.java",
)

CS119 = define(
    "CS119",
    "mixed-capacity-modes",
    ERROR,
    """Legacy mode: siblings mix weight, percentage and absolute capacities.

    Hadoop: ``Parent queue '<parent>' have children queue used mixed of  weight mode, percentage and
    absolute mode, it is not allowed, please double check, details:...``. All children of one parent
    use one mode (a child at 0% does not count as percentage).
    """,
    hadoop_source="AbstractParentQueue.java#getCapacityConfigurationTypeForQueues",
)

CS120 = define(
    "CS120",
    "absolute-parent-child-mismatch",
    ERROR,
    """Legacy mode: absolute capacities on a parent or its children but not on both.

    Hadoop: ``Parent=<path>: When absolute minResource is used, we must make sure both parent and
    child all use absolute minResource`` (root is exempt).
    """,
    hadoop_source=_PARENT,
)

CS121 = define(
    "CS121",
    "parent-below-children",
    ERROR,
    """Legacy mode: an absolute parent's capacity is less than the sum of its children's.

    Hadoop: ``Parent Queues capacity: <parent> is less than to its children:<sum> for queue:<name>``.
    """,
    hadoop_source=_PARENT,
)

CS122 = define(
    "CS122",
    "children-capacity-sum",
    ERROR,
    """Legacy mode: the percentage capacities of a parent's children do not add up to 100 (or 0).

    Checked per node label, with float32 fractions and a tolerance of 0.05%. A sum of 0 is allowed
    under a 0% or weight parent, or with ``allow-zero-capacity-sum``; children summing to 100 under a
    0% parent need ``allow-zero-capacity-sum``. Hadoop: ``Illegal capacity sum of <sum> for children
    of queue <parent> for label=<label>. ...``

    Bad: ``root.a.capacity = 30``, ``root.b.capacity = 70.5``
    """,
    hadoop_source=_PARENT,
)

CS123 = define(
    "CS123",
    "duplicate-leaf-name",
    ERROR,
    """Two leaf queues share a short name (Hadoop 3.2 and older).

    Before YARN-9879 (Hadoop 3.3.0) this fails with ``Two leaf queues were named <name>. Leaf queue
    names must be distinct``. Since 3.3 it is allowed; the short name is then ambiguous and must
    be written as a full path. Reported only with ``--hadoop-version 3.2``.
    """,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue (branch-3.2)",
)

CS124 = define(
    "CS124",
    "capacity-above-maximum",
    ERROR,
    """The absolute capacity exceeds the absolute maximum capacity (Hadoop 3.3 and older).

    Hadoop 3.3: ``Illegal queue capacity setting (abs-capacity=<a>) > (abs-maximum-capacity=<m>) for
    queue=[<path>],label=[<label>]`` (2.10 words it ``Illegal queue capacity setting, (...) > (...).
    When label=[<label>]``). Only the absolute values count: a capacity above its own
    maximum-capacity loads while the absolute ones agree. Hadoop 3.4 removed the check
    (YARN-10504). Reported only with ``--hadoop-version`` below 3.4.
    """,
    hadoop_source="CSQueueUtils.java#capacitiesSanityCheck (branch-3.3)",
)

CS125 = define(
    "CS125",
    "invalid-mapping-rule-format",
    ERROR,
    """``yarn.scheduler.capacity.mapping-rule-format`` is neither ``legacy`` nor ``json``.

    Hadoop: ``Illegal queue mapping format '<x>' please use 'legacy' or 'json'`` (exact,
    case-sensitive).
    """,
    hadoop_source=_CSC + "#getMappingRules",
)

CS126 = define(
    "CS126",
    "invalid-allocation-limits",
    ERROR,
    """``yarn.scheduler.minimum/maximum-allocation-mb`` (or ``-vcores``) are not 0 < min <= max.

    Hadoop: ``Invalid resource scheduler memory allocation configuration, ... min and max should be
    greater than 0, max should be no smaller than min.``
    """,
    hadoop_source="CapacitySchedulerConfigValidator.java#validateMemoryAllocation, validateVCores",
)

CS127 = define(
    "CS127",
    "duplicate-placement-rules",
    ERROR,
    """``yarn.scheduler.queue-placement-rules`` lists a rule twice.

    Hadoop: ``Invalid PlacementRule inputs which contains duplicate rule strings``.
    """,
    hadoop_source="CapacitySchedulerConfigValidator.java#validatePlacementRules",
)

CS128 = define(
    "CS128",
    "feature-not-in-version",
    ERROR,
    """A capacity syntax or setting the selected Hadoop version does not have.

    Weights (``2w``) arrived in Hadoop 3.4 (YARN-10504); in 3.3 they fail with
    ``NumberFormatException``. Absolute resources (``[memory=1024,vcores=1]``) arrived in 3.1
    (YARN-5881); in 2.10 they fail the same way. Reported only with a ``--hadoop-version`` that
    lacks the syntax.
    """,
    hadoop_source=_CSC + " (branch-3.3)",
)

# --------------------------------------------------------------------------------------------------
# CS2xx: Hadoop warnings and values Hadoop reads differently from what they seem to say

CS201 = define(
    "CS201",
    "invalid-boolean",
    WARNING,
    """A boolean key holds something other than ``true``/``false``; Hadoop uses the default.

    Hadoop logs ``Invalid value for boolean: <v>, choose default value: <d> for <key>`` and carries
    on, so ``ture`` silently leaves the feature at its default.
    """,
    hadoop_source=_CONF + "#getBoolean",
)

CS202 = define(
    "CS202",
    "capacity-read-as-zero",
    WARNING,
    """A ``capacity`` Hadoop reads as 0% although it looks like a value.

    In legacy mode a capacity vector such as ``[memory=50%,vcores=2w]``, or an absolute value with
    trailing whitespace (``[memory=1024] ``), is neither absolute nor a weight, so the queue gets
    0%. Use ``legacy-queue-mode.enabled=false`` for vectors, and write values without spaces.
    """,
    hadoop_source=_CSC + "#getNonLabeledQueueCapacity",
)

CS203 = define(
    "CS203",
    "absolute-resource-entry-ignored",
    WARNING,
    """An entry of an absolute ``[name=value,...]`` capacity is skipped by Hadoop.

    A resource name Hadoop does not know (``<name> not supported.``), an unknown unit, or a pair
    without ``=`` is dropped. If memory ends up 0, the whole value counts as "no resource".
    """,
    hadoop_source=_CSC + "#updateResourceValuesFromConfig",
)

CS204 = define(
    "CS204",
    "capacity-not-a-number",
    WARNING,
    """A capacity is ``NaN`` or infinite: ``Float.parseFloat`` accepts it and the range check passes.

    The queue's share arithmetic then yields nonsense. Write a number.
    """,
    hadoop_source=_CSC + "#getNonLabeledQueueCapacity",
)

CS205 = define(
    "CS205",
    "root-setting-ignored",
    WARNING,
    """A setting on root that Hadoop ignores.

    Root's ``capacity`` is always 100 and its ``accessible-node-labels`` always ``*``; Hadoop logs a
    warning for the latter and does not even read the former.
    """,
    hadoop_source=_CSC + "#getAccessibleNodeLabels",
)

CS206 = define(
    "CS206",
    "offswitch-assignments-below-one",
    WARNING,
    """``per-node-heartbeat.maximum-offswitch-assignments`` is below 1; Hadoop uses 1.

    Hadoop logs ``Offswitch per heartbeat limit set to <n>. Using 1 instead.``
    """,
    hadoop_source=_CSC + "#getOffSwitchPerHeartbeatLimit",
)

CS207 = define(
    "CS207",
    "json-mapping-rules-missing",
    WARNING,
    """``mapping-rule-format`` is ``json`` but no JSON rules are given.

    Neither ``mapping-rule-json`` nor ``mapping-rule-json-file`` is set: Hadoop logs a warning and
    places applications without any mapping rule.
    """,
    hadoop_source=_CSC + "#getMappingRules",
)

CS010 = define(
    "CS010",
    "capacity-reader-internal-error",
    ERROR,
    """fsctl failed while reading this file; the result is incomplete.

    This is a bug in fsctl, not in the file. Please report it with the file attached.
    """,
)
