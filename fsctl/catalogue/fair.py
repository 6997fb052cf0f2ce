"""Fair Scheduler allocation-file rules that mirror Hadoop: ``FS1xx`` load errors (the
ResourceManager refuses the file), ``FS2xx`` warnings (Hadoop logs and goes on, or silently loads
something else), ``FS4xx`` Fair Scheduler settings in yarn-site.xml. Lint-only checks (``FS3xx``)
live beside their checks in ``fsctl.lint.fair``, one module per rule.
"""

from fsctl.catalogue import ERROR, WARNING, define

_LOADER = "AllocationFileLoaderService.java"
_PARSER = "allocation/AllocationFileParser.java"
_QUEUE_PARSER = "allocation/AllocationFileQueueParser.java"

# --- FS1xx: Hadoop load errors ------------------------------------------------------------------

FS100 = define(
    "FS100",
    "root-element-not-allocations",
    ERROR,
    """The document element is not ``<allocations>``.

    Hadoop: "Bad fair scheduler config file: top-level element not <allocations>". The tag is
    case-sensitive; the ResourceManager does not start (or keeps the old allocations on reload).

    Bad:  ``<Allocations>...</Allocations>``
    Good: ``<allocations>...</allocations>``
    """,
    hadoop_source=_LOADER,
)

FS101 = define(
    "FS101",
    "queue-name-has-dot",
    ERROR,
    """A queue name contains a period.

    The period separates the levels of a queue path, so Hadoop refuses the file: "Bad fair scheduler
    config file: queue name (<name>) shouldn't contain period." Nest queues instead.

    Bad:  ``<queue name="parent1.child"/>``
    Good: ``<queue name="parent1"><queue name="child"/></queue>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS102 = define(
    "FS102",
    "queue-name-empty",
    ERROR,
    """A queue has no name, or a name made only of whitespace.

    Hadoop trims the ``name`` attribute (spaces, tabs, line breaks, NBSP and other Unicode spaces)
    and refuses an empty result: "Bad fair scheduler config file: queue name shouldn't be empty or
    consist only of whitespace."

    Bad:  ``<queue name="   "/>``, ``<queue><weight>1</weight></queue>``
    Good: ``<queue name="adhoc"/>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS103 = define(
    "FS103",
    "root-queue-not-alone",
    ERROR,
    """A top-level ``root`` queue has sibling queues.

    A file may declare ``<queue name="root">`` explicitly, but then every other queue must be
    inside it. Hadoop: "If configuring root queue, no other queues can be placed alongside it."

    Bad:  ``<queue name="root"/><queue name="a"/>``
    Good: ``<queue name="root"><queue name="a"/></queue>``
    """,
    hadoop_source=_LOADER,
)

FS104 = define(
    "FS104",
    "value-missing",
    ERROR,
    """An element that takes a value is empty.

    Hadoop reads the first child node of the element as text; an empty element (``<weight/>``,
    ``<weight></weight>``) makes it throw a NullPointerException and the ResourceManager fails to
    load the file. A comment before the value has the same effect.

    Bad:  ``<maxRunningApps></maxRunningApps>``
    Good: ``<maxRunningApps>10</maxRunningApps>`` (or remove the element to get the default)
    """,
    hadoop_source=_PARSER,
)

FS105 = define(
    "FS105",
    "value-not-text",
    ERROR,
    """An element that takes a value starts with a child element instead of text.

    Hadoop casts the first child node to text, so ``<weight><value>2</value></weight>`` fails
    with a ClassCastException and the file is refused.

    Bad:  ``<weight><value>2</value></weight>``
    Good: ``<weight>2</weight>``
    """,
    hadoop_source=_PARSER,
)

FS106 = define(
    "FS106",
    "invalid-integer",
    ERROR,
    """A count or a timeout is not a Java integer.

    ``maxRunningApps``, ``userMaxAppsDefault``, ``queueMaxAppsDefault`` (32-bit) and the preemption
    timeouts (64-bit, in seconds) are read with ``Integer.parseInt``/``Long.parseLong``: an optional
    sign and digits, nothing else (no decimals, no units, no underscores) and within range.
    Anything else is a NumberFormatException and the file is refused.

    Bad:  ``<maxRunningApps>10.5</maxRunningApps>``,
          ``<minSharePreemptionTimeout>60s</minSharePreemptionTimeout>``
    Good: ``<maxRunningApps>10</maxRunningApps>``,
          ``<minSharePreemptionTimeout>60</minSharePreemptionTimeout>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS107 = define(
    "FS107",
    "invalid-float",
    ERROR,
    """A weight, share or threshold is not a Java floating-point number.

    ``weight``, ``maxAMShare``, ``fairSharePreemptionThreshold`` and their top-level defaults are
    read with ``Double.parseDouble``/``Float.parseFloat``. Java accepts ``0.5``, ``.5``, ``5e-1``,
    ``0.5f``, ``NaN`` and ``Infinity`` but not ``50%``, ``inf`` or ``1,5``; the file is refused.

    Bad:  ``<maxAMShare>50%</maxAMShare>``
    Good: ``<maxAMShare>0.5</maxAMShare>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS108 = define(
    "FS108",
    "invalid-resource",
    ERROR,
    """A resource value cannot be parsed.

    ``minResources``, ``maxResources``, ``maxChildResources``, ``maxContainerAllocation`` and
    ``queueMaxResourcesDefault`` take one of three forms: ``memory-mb=1024, vcores=2`` (or all
    percentages, ``memory-mb=50%, vcores=50%``; the only form for custom resource types),
    ``1024 mb, 2 vcores``, or ``50% memory, 50% cpu`` / ``50%``. The message is Hadoop's.

    Bad:  ``<maxResources>1024</maxResources>``,
          ``<minResources>memory=1024, vcores=1</minResources>``
    Good: ``<maxResources>1024 mb, 1 vcores</maxResources>``,
          ``<minResources>memory-mb=1024, vcores=1</minResources>``
    """,
    hadoop_source="FairSchedulerConfiguration.java#parseResourceConfigValue",
)

FS109 = define(
    "FS109",
    "parent-queue-with-reservation",
    ERROR,
    """A parent queue has a ``<reservation>`` element.

    Only a leaf can be a reservable (plan) queue. Hadoop: "The configuration settings for <queue>
    are invalid. A queue element that contains child queue elements or that has the type='parent'
    attribute cannot also include a reservation element."

    Bad:  ``<queue name="plan" type="parent"><reservation/></queue>``
    Good: ``<queue name="plan"><reservation/></queue>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS110 = define(
    "FS110",
    "parent-queue-with-max-am-share",
    ERROR,
    """A parent queue sets ``maxAMShare``.

    The application-master share limit applies to leaf queues only; Hadoop 3.2 and later refuse it
    on a parent (including a ``root`` with children): "... cannot also include a maxAMShare
    element." Hadoop 3.1 and 2.10 load the file and ignore the setting.

    Bad:  ``<queue name="a"><maxAMShare>0.5</maxAMShare><queue name="b"/></queue>``
    Good: ``<queue name="a"><queue name="b"><maxAMShare>0.5</maxAMShare></queue></queue>``
    """,
    hadoop_source=_QUEUE_PARSER,
)

FS111 = define(
    "FS111",
    "default-policy-fifo",
    ERROR,
    """``defaultQueueSchedulingPolicy`` is ``fifo``.

    The default applies to every queue, parents included, and FIFO cannot order child queues.
    Hadoop: "Bad fair scheduler config file: defaultQueueSchedulingPolicy or
    defaultQueueSchedulingMode can't be FIFO." Set ``fifo`` on the leaves that need it instead.

    Bad:  ``<defaultQueueSchedulingPolicy>fifo</defaultQueueSchedulingPolicy>``
    Good: ``<defaultQueueSchedulingPolicy>fair</defaultQueueSchedulingPolicy>``
    """,
    hadoop_source=_PARSER,
)

FS112 = define(
    "FS112",
    "scheduling-policy-not-found",
    ERROR,
    """A scheduling policy is neither ``fair``, ``drf`` nor ``fifo``, nor a loadable class.

    Anything other than the three names (any case) is loaded as a Java class by its exact text;
    a misspelling fails with "<text> SchedulingPolicy class not found!" and the file is refused.

    Bad:  ``<schedulingPolicy>DRF </schedulingPolicy>`` is fine (trimmed, any case), but
          ``<schedulingPolicy>dominant</schedulingPolicy>`` is not
    Good: ``<schedulingPolicy>drf</schedulingPolicy>``
    """,
    hadoop_source="SchedulingPolicy.java#parse",
)

FS113 = define(
    "FS113",
    "scheduling-policy-not-a-policy",
    ERROR,
    """A scheduling policy names a class that is not a SchedulingPolicy.

    Hadoop loads the class and refuses the file: "<text> does not extend SchedulingPolicy".

    Bad:  ``<schedulingPolicy>java.lang.String</schedulingPolicy>``
    Good: ``<schedulingPolicy>fair</schedulingPolicy>``
    """,
    hadoop_source="SchedulingPolicy.java#parse",
)

FS114 = define(
    "FS114",
    "child-policy-not-allowed",
    ERROR,
    """A queue's scheduling policy is not allowed under its parent's; Hadoop drops the subtree.

    A ``fair`` parent cannot have ``drf`` children ("Queue policy can't be DRF if the parent policy
    is fair."). Hadoop does not refuse the file: it logs "Can't create queue '<q>',the child
    scheduling policy is not allowed by parent queue!" and silently leaves the queue and its whole
    subtree out, so applications for it are rejected. fsctl reports it as an error. Remember that a
    queue without ``schedulingPolicy`` takes ``defaultQueueSchedulingPolicy``, not its parent's.

    Bad:  root ``fair``, ``<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>``
    Good: ``<queue name="root"><schedulingPolicy>drf</schedulingPolicy>...</queue>``
    """,
    hadoop_source="QueueManager.java#createNewQueues, policies/FairSharePolicy.java",
)

FS115 = define(
    "FS115",
    "fifo-parent-queue",
    ERROR,
    """A parent queue uses the ``fifo`` policy: Hadoop drops its children (or the queue itself).

    FIFO only orders applications, never child queues ("FIFO policy is only for leaf queues.
    Please choose DRF or fair for parent queues."). Hadoop logs the error and silently does not
    create the affected queues; fsctl reports it as an error.

    Bad:  ``<queue name="a"><schedulingPolicy>fifo</schedulingPolicy><queue name="b"/></queue>``
    Good: ``<queue name="a"><queue name="b"><schedulingPolicy>fifo</schedulingPolicy></queue></queue>``
    """,
    hadoop_source="QueueManager.java#createNewQueues, policies/FifoPolicy.java",
)

FS116 = define(
    "FS116",
    "queue-under-default-not-created",
    ERROR,
    """A queue is declared under ``root.default``; Hadoop before 3.4 never creates it.

    Until YARN-7769 (3.4.0) the Fair Scheduler creates the leaf ``root.default`` before it reads the
    file and refuses to create any queue below it. The file still loads: ``root.default`` becomes an
    empty parent and the queues below it are silently missing, so applications for them are
    rejected (the real fs2cs of those versions drops them too). Hadoop 3.2 and 3.3 create the
    parents below it that their HashSet reaches after ``root.default``; 3.1 and 2.10 none at all.
    Only ``--hadoop-version 3.3`` and older report this; Hadoop 3.4 creates the queues.

    Bad:  ``<queue name="default"><queue name="etl"/></queue>`` on Hadoop 3.3
    Good: ``<queue name="shared"><queue name="etl"/></queue>``
    """,
    hadoop_source="QueueManager.java#initialize, #removeEmptyIncompatibleQueues (3.3)",
)

#: errors Hadoop reports while it still loads the file: the queue concerned is simply not created
#: (QueueManager.createNewQueues, and before 3.4 the early root.default); simulate and convert go on
LOADS_ANYWAY = frozenset({FS114.code, FS115.code, FS116.code})

FS199 = define(
    "FS199",
    "reader-internal-error",
    ERROR,
    """fsctl failed while reading part of the file.

    This is a bug in fsctl, not necessarily in the file; the rest of the file was still checked.
    Please report it with the file that triggers it.
    """,
)

# --- FS2xx: Hadoop warnings -----------------------------------------------------------------------

FS201 = define(
    "FS201",
    "unknown-top-level-element",
    WARNING,
    """An element directly under ``<allocations>`` is not one Hadoop knows; it is ignored.

    Hadoop logs "Bad element in allocations file: <tag>". Queue properties such as ``weight`` or
    ``maxRunningApps`` have no meaning at the top level: use the ``queue...Default`` elements or
    put them on ``<queue name="root">``. Tags are case-sensitive.

    Bad:  ``<allocations><maxRunningApps>5</maxRunningApps></allocations>``
    Good: ``<allocations><queueMaxAppsDefault>5</queueMaxAppsDefault></allocations>``
    """,
    hadoop_source=_PARSER,
)

FS202 = define(
    "FS202",
    "max-resources-below-min-resources",
    WARNING,
    """A queue's ``maxResources`` is smaller than its ``minResources`` for some resource.

    Hadoop logs "Queue <q> has max resources <max> less than min resources <min>" and at run time
    uses the componentwise maximum of the two as the queue's limit, so the ``maxResources`` you
    wrote is not the limit you get.

    Bad:  ``<minResources>2048 mb, 2 vcores</minResources><maxResources>1024 mb, 4 vcores</maxResources>``
    Good: ``<minResources>1024 mb, 2 vcores</minResources><maxResources>2048 mb, 4 vcores</maxResources>``
    """,
    hadoop_source=_QUEUE_PARSER + "#checkMinAndMaxResource",
)

FS203 = define(
    "FS203",
    "custom-scheduling-policy",
    WARNING,
    """A scheduling policy names a custom class, which fsctl cannot check.

    Hadoop loads the class from the ResourceManager's classpath; if it is missing there the file is
    refused ("<class> SchedulingPolicy class not found!"). fsctl treats the queue as allowed under
    any parent. Make sure the jar is deployed before the file.

    Example: ``<schedulingPolicy>com.example.MyPolicy</schedulingPolicy>``
    """,
    hadoop_source="SchedulingPolicy.java#parse",
)

# --- FS4xx: Fair Scheduler settings in yarn-site.xml ----------------------------------------------

FS401 = define(
    "FS401",
    "allocation-file-unsupported-filesystem",
    ERROR,
    """``yarn.scheduler.fair.allocation.file`` uses a filesystem Hadoop cannot load it from.

    A path with a scheme must use ``hdfs``, ``file``, ``s3a`` or ``viewfs``; anything else fails
    with "Allocation file <path> uses an unsupported filesystem".

    Bad:  ``badfs:///etc/hadoop/fair-scheduler.xml``
    Good: ``file:///etc/hadoop/fair-scheduler.xml`` or ``/etc/hadoop/fair-scheduler.xml``
    """,
    hadoop_source=_LOADER + "#getAllocationFile",
)

FS402 = define(
    "FS402",
    "site-value-not-a-number",
    ERROR,
    """A numeric Fair Scheduler setting in yarn-site.xml is not a number.

    Hadoop's ``Configuration.getInt``/``getLong``/``getFloat`` throw a NumberFormatException and the
    ResourceManager does not start.

    Bad:  ``yarn.scheduler.fair.max.assign = many``
    Good: ``yarn.scheduler.fair.max.assign = 4``
    """,
    hadoop_source="FairSchedulerConfiguration.java",
)

FS403 = define(
    "FS403",
    "site-value-not-a-boolean",
    WARNING,
    """A boolean Fair Scheduler setting in yarn-site.xml is neither ``true`` nor ``false``.

    Hadoop's ``Configuration.getBoolean`` silently uses the default for anything else (``yes``,
    ``1``, ``on``), so the setting probably does not do what was meant.

    Bad:  ``yarn.scheduler.fair.preemption = yes``
    Good: ``yarn.scheduler.fair.preemption = true``
    """,
    hadoop_source="Configuration.java#getBoolean",
)

FS404 = define(
    "FS404",
    "allocation-limits-invalid",
    ERROR,
    """The scheduler's minimum and maximum container allocation do not fit together.

    The minimum must be 0 or more and no larger than the maximum, for memory and vcores; otherwise
    the Fair Scheduler refuses to start: "Invalid resource scheduler memory allocation
    configuration: ... Both values must be greater than or equal to 0 and the maximum allocation
    value must be greater than or equal to the minimum allocation value."

    Bad:  ``yarn.scheduler.minimum-allocation-mb = 16384`` with the default maximum 8192
    Good: ``yarn.scheduler.minimum-allocation-mb = 1024``
    """,
    hadoop_source="FairScheduler.java#validateConf",
)

FS405 = define(
    "FS405",
    "increment-allocation-invalid",
    ERROR,
    """A container-size increment is not a positive amount.

    ``yarn.scheduler.increment-allocation-mb``/``-vcores`` and
    ``yarn.resource-types.<type>.increment-allocation`` (``value [unit]``) must be greater than 0;
    Hadoop refuses to start otherwise.

    Bad:  ``yarn.scheduler.increment-allocation-mb = 0``
    Good: ``yarn.scheduler.increment-allocation-mb = 512``
    """,
    hadoop_source="FairSchedulerConfiguration.java#getIncrementAllocation, FairScheduler.java#validateConf",
)

FS406 = define(
    "FS406",
    "increment-allocation-overridden",
    WARNING,
    """Both the old and the new increment setting are present; the new one wins.

    ``yarn.resource-types.memory-mb.increment-allocation`` overrides
    ``yarn.scheduler.increment-allocation-mb`` (likewise for vcores); Hadoop logs "Configuration
    <new>=<v> is overriding the <old>=<v> property". Keep one of them.
    """,
    hadoop_source="FairSchedulerConfiguration.java#getIncrementAllocation",
)

FS204 = define(
    "FS204",
    "stray-text",
    WARNING,
    """Text sits directly inside an element that holds only elements; Hadoop ignores it.

    ``<allocations>``, ``<queue>``/``<pool>``, ``<user>``, ``<queuePlacementPolicy>`` and ``<rule>``
    contain elements, not values, so Hadoop drops any text between them without a word. It is
    usually a value that lost its element. Found by the structure check of
    ``schemas/fair-scheduler.xsd``.

    Bad:  ``<queue name="a">2<weight>1</weight></queue>``
    Good: ``<queue name="a"><weight>2</weight></queue>``
    """,
    hadoop_source=_QUEUE_PARSER,
)
