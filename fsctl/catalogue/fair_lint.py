"""Lint rules for Fair Scheduler allocation files (``FS3xx``).

Everything here is accepted by the ResourceManager without an error (most of it without even a log
line) but rarely means what the author intended: fs-parse.md §3.12 lists the hazards. ``fsctl lint``
reports them; ``fsctl validate`` does not. The checks live in ``fsctl.lint.fair``.
"""

from fsctl.catalogue import INFO, WARNING, define

_QUEUE_PARSER = "ALLOC/AllocationFileQueueParser.java"
_FILE_PARSER = "ALLOC/AllocationFileParser.java"

FS301 = define(
    "FS301",
    "duplicate-queue-definition",
    WARNING,
    """The same queue (full path) is defined more than once.

    Hadoop merges the definitions silently: for each setting the last one wins, so a value you
    read near the top of the file may be overridden far below it. If one definition makes the queue
    a leaf and the other a parent, the queue ends up in both sets and which one wins depends on
    hash-set order: Hadoop never reports it. Keep one definition per queue.

    Bad::

        <queue name="etl"><weight>2</weight></queue>
        ...
        <queue name="etl"><maxRunningApps>10</maxRunningApps></queue>

    Good::

        <queue name="etl"><weight>2</weight><maxRunningApps>10</maxRunningApps></queue>
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#loadQueue",
)

FS302 = define(
    "FS302",
    "duplicate-setting",
    WARNING,
    """A setting is given twice in the same queue, user or at the top level; the last one wins.

    Hadoop stores each value in a map, so an earlier occurrence is silently replaced by a later
    one. The two spellings of one setting count as the same setting: ``schedulingPolicy`` and
    ``schedulingMode``, ``defaultQueueSchedulingPolicy`` and ``defaultQueueSchedulingMode``, and the
    deprecated top-level ``fairSharePreemptionTimeout`` next to ``defaultFairSharePreemptionTimeout``
    (the deprecated one is then never read). Several ``queuePlacementPolicy`` elements: only the
    last is used.

    Bad: ``<weight>1</weight> ... <weight>3</weight>`` in one queue.
    Good: one ``<weight>``.
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + ", " + _FILE_PARSER,
)

FS303 = define(
    "FS303",
    "duplicate-user",
    WARNING,
    """Two ``<user>`` elements have the same name; only the last ``maxRunningApps`` counts.

    Bad: ``<user name="bob">`` twice with different limits.
    Good: one ``<user name="bob">``.
    """,
    lint_only=True,
    hadoop_source=_FILE_PARSER + "#extractUserData",
)

FS304 = define(
    "FS304",
    "queue-tag-quirk",
    WARNING,
    """A child element named ``ueue``, ``eue``, ``ue`` or ``e`` is read as a nested queue.

    Hadoop decides whether a child of ``<queue>`` is a nested queue with
    ``"queue".endsWith(tag)``, so these truncated tags silently define queues. It is almost
    always a typo (or a tool that mangled the file); spell it ``<queue>``.

    Bad: ``<queue name="a"><ue name="b"/></queue>`` (defines root.a.b)
    Good: ``<queue name="a"><queue name="b"/></queue>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#loadQueue",
)

FS305 = define(
    "FS305",
    "unknown-element",
    WARNING,
    """An element the Fair Scheduler does not know, inside a ``<queue>`` or ``<user>``; it is ignored.

    Hadoop silently skips unknown children of a queue or user element, so a misspelt setting
    (``<maxRunningApp>``, ``<minResource>``) simply has no effect. The message suggests the closest
    known element. (Unknown top-level elements are a Hadoop warning, reported by validate.)

    Bad: ``<queue name="a"><maxRunningApp>5</maxRunningApp></queue>``
    Good: ``<queue name="a"><maxRunningApps>5</maxRunningApps></queue>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#loadQueue",
)

FS306 = define(
    "FS306",
    "unknown-attribute",
    WARNING,
    """An attribute the Fair Scheduler does not read; it is ignored.

    A queue reads only ``name`` and ``type``, a user only ``name``. ``<queue Name="a">`` has no
    name at all (attributes are case-sensitive) and fails to load; ``<queue name="a" weight="2">``
    silently keeps weight 1.

    Bad: ``<queue name="a" weight="2"/>``
    Good: ``<queue name="a"><weight>2</weight></queue>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#loadQueue",
)

FS307 = define(
    "FS307",
    "queue-type-ignored",
    WARNING,
    """A queue ``type`` other than exactly ``parent`` is ignored.

    Only ``type="parent"`` has a meaning (a parent queue even without children). ``type="leaf"``
    is harmless but misleading, and ``type="Parent"`` quietly leaves a childless queue a leaf, so
    placement rules that create children under it fail.

    Bad: ``<queue name="users" type="Parent"/>``
    Good: ``<queue name="users" type="parent"/>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#loadQueue",
)

FS308 = define(
    "FS308",
    "boolean-not-true-false",
    WARNING,
    """A boolean setting is neither ``true`` nor ``false``; Hadoop reads it as ``false``.

    Java's ``Boolean.parseBoolean`` is true only for ``true`` (any case); ``yes``, ``1``, ``on``
    or a typo all mean false. For ``allowPreemptionFrom`` that makes the queue (and, one-way,
    every queue below it) non-preemptable.

    Bad: ``<allowPreemptionFrom>yes</allowPreemptionFrom>`` (means false)
    Good: ``<allowPreemptionFrom>true</allowPreemptionFrom>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + " (Boolean.parseBoolean)",
)

FS309 = define(
    "FS309",
    "percentage-over-100",
    WARNING,
    """A resource percentage is above 100 %.

    Hadoop accepts any percentage; ``150%`` of the cluster can never be reached. Usually a typo
    or a percentage of the parent written where Hadoop means the cluster.

    Bad: ``<maxResources>memory-mb=150%, vcores=100%</maxResources>``
    Good: ``<maxResources>memory-mb=50%, vcores=50%</maxResources>``
    """,
    lint_only=True,
    hadoop_source="FAIR/FairSchedulerConfiguration.java#parseResourceConfigValue",
)

FS310 = define(
    "FS310",
    "percentage-not-supported",
    WARNING,
    """A percentage in ``minResources`` or ``maxContainerAllocation`` is silently ignored.

    Both parse, but Hadoop keeps only the absolute part of the value: a percentage ``minResources``
    becomes a min share of 0 (and the min/max check is skipped); a percentage
    ``maxContainerAllocation`` becomes unbounded (the ancestor's or the scheduler's maximum).
    Use absolute values.

    Bad: ``<minResources>memory-mb=20%, vcores=20%</minResources>``
    Good: ``<minResources>memory-mb=204800, vcores=200</minResources>``
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationConfiguration.java#getMinResources",
)

FS311 = define(
    "FS311",
    "negative-value",
    WARNING,
    """A weight, limit, threshold or timeout is negative (or ``maxAMShare`` below 0 and not ``-1``).

    Hadoop does no range checking. A negative weight or ``maxRunningApps`` makes the queue
    unusable in ways that are hard to debug, a negative timeout preempts immediately. ``maxAMShare``
    of exactly ``-1`` is the documented way to disable the AM check and is not reported.

    Bad: ``<weight>-1</weight>``, ``<maxRunningApps>-5</maxRunningApps>``
    Good: ``<weight>0.5</weight>``, ``<maxRunningApps>5</maxRunningApps>``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER,
)

FS312 = define(
    "FS312",
    "timeout-overflow",
    WARNING,
    """A preemption timeout overflows when Hadoop converts it to milliseconds.

    Timeouts are seconds in the file and ``value * 1000`` in a Java long inside Hadoop; above
    9223372036854775 seconds the product wraps around silently, usually to a negative number,
    which preempts immediately instead of never.

    Bad: ``<minSharePreemptionTimeout>9223372036854775807</minSharePreemptionTimeout>``
    Good: leave the element out (no preemption), or give a real number of seconds.
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER,
)

FS313 = define(
    "FS313",
    "not-a-number",
    WARNING,
    """A number is ``NaN`` or ``Infinity``.

    Java's float parser accepts both and Hadoop's clamps let ``NaN`` through, so a ``NaN`` weight
    or threshold poisons every share computed from it.

    Bad: ``<weight>NaN</weight>``, ``<fairSharePreemptionThreshold>Infinity</fairSharePreemptionThreshold>``
    Good: a finite number.
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER,
)

FS314 = define(
    "FS314",
    "root-name-case",
    WARNING,
    """The root queue is spelled with other letter case (``ROOT``, ``Root``) or with spaces.

    ``name="ROOT"`` is recognised as the root element, but queues get the stored spelling
    (``ROOT.a``), which the queue manager later re-prefixes to ``root.ROOT.a``: every path in
    the file silently moves one level down. ``name=" root"`` is not the root at all (it becomes
    ``root.root``). Spell it ``root``.

    Bad: ``<queue name="ROOT">``
    Good: ``<queue name="root">``
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + "#parse, FAIR/QueueManager.java",
)

FS315 = define(
    "FS315",
    "acl-surprising-split",
    WARNING,
    """ACL text that Hadoop splits into users and groups differently than it reads.

    An ACL is ``users groups``: the text is split once, at the first space; the part before is a
    comma-separated user list, the part after a comma-separated group list. The text is not
    trimmed. So:

    - ``alice, bob`` gives the user ``alice`` and the **group** ``bob``;
    - ``alice bob carol`` gives the user ``alice`` and one group named ``bob carol``;
    - a value on its own indented line (``<aclSubmitApps>\\n    alice\\n</aclSubmitApps>``) makes
      ``alice`` a **group**, because the first space comes before her name;
    - a tab is not a separator at all, and a line break only separates names within one list.

    A single leading space (`` admins``: groups only) and a lone space (`` ``: nobody) are the
    documented forms and are not reported.

    Bad: ``<aclSubmitApps>alice, bob admins</aclSubmitApps>``
    Good: ``<aclSubmitApps>alice,bob admins</aclSubmitApps>``
    """,
    lint_only=True,
    hadoop_source="hadoop-common/.../security/authorize/AccessControlList.java",
)

FS316 = define(
    "FS316",
    "top-level-default-unused",
    INFO,
    """A top-level preemption default is never used because the root queue sets its own value.

    ``defaultMinSharePreemptionTimeout``, ``defaultFairSharePreemptionTimeout`` and
    ``defaultFairSharePreemptionThreshold`` are only the root queue's values when root does not
    set ``minSharePreemptionTimeout``, ``fairSharePreemptionTimeout`` or
    ``fairSharePreemptionThreshold`` itself; every other queue inherits from its parent. With both,
    the top-level one is dead text (Hadoop does not even parse it).

    Bad: ``<defaultMinSharePreemptionTimeout>600</defaultMinSharePreemptionTimeout>`` and
    ``<queue name="root"><minSharePreemptionTimeout>300</minSharePreemptionTimeout>``
    Good: one of the two.
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationFileLoaderService.java#setupRootQueueProperties",
)

FS317 = define(
    "FS317",
    "max-apps-default-caps-root",
    INFO,
    """``queueMaxAppsDefault`` also limits the root queue, i.e. the whole cluster.

    The default applies to every queue without its own ``maxRunningApps``, root included, and
    running apps are counted up the tree: with ``queueMaxAppsDefault`` 50 no more than 50
    applications run in the whole cluster, whatever the leaves allow. Give root its own
    ``maxRunningApps`` when the default is meant for leaves.

    Bad: ``<queueMaxAppsDefault>50</queueMaxAppsDefault>`` with leaves allowing 80 each.
    Good: the same plus ``<queue name="root"><maxRunningApps>1000</maxRunningApps>...``
    """,
    lint_only=True,
    hadoop_source="FAIR/AllocationConfiguration.java#initFSQueue",
)

FS318 = define(
    "FS318",
    "children-min-exceed-parent",
    WARNING,
    """The children's ``minResources`` add up to more than their parent's (or the cluster's).

    A parent hands its children at most its own share; guarantees that do not fit are not
    guarantees, and min-share preemption then fights over resources no one can have. With
    ``--cluster`` the top-level queues are also compared with the cluster. Only absolute values
    are added (percentage minimums are ignored by Hadoop, see FS310).

    Bad: parent min ``memory-mb=1000, vcores=10``, children min 600 and 600 MB.
    Good: children min 600 and 400 MB.
    """,
    lint_only=True,
    hadoop_source="FAIR/policies/ComputeFairShares.java",
)

FS319 = define(
    "FS319",
    "max-below-min",
    WARNING,
    """A queue's maximum is below its minimum for some resource.

    Hadoop uses the larger of the two as the queue's maximum share (``FSQueue.getMaxShare``), so
    the configured maximum is not a maximum. Hadoop itself warns only when the queue's own
    ``maxResources`` is absolute; this rule also checks a maximum inherited from
    ``queueMaxResourcesDefault`` and, with ``--cluster``, percentage maximums.

    Bad: ``<minResources>memory-mb=4096, vcores=4</minResources>`` under
    ``<queueMaxResourcesDefault>memory-mb=2048, vcores=8</queueMaxResourcesDefault>``
    Good: a maximum at least as large as the minimum in every resource.
    """,
    lint_only=True,
    hadoop_source="FAIR/FSQueue.java#getMaxShare",
)

FS320 = define(
    "FS320",
    "zero-weight-without-min-share",
    WARNING,
    """A queue has weight 0 and no min share: it never gets a fair share.

    With weight 0 a queue's fair share is 0, so its apps run only on resources nobody else wants
    and are the first to be preempted. That is sometimes intended (a scavenger queue), usually a
    mistake; give it a small weight or a ``minResources``.

    Bad: ``<queue name="batch"><weight>0</weight></queue>``
    Good: ``<queue name="batch"><weight>0.1</weight></queue>``
    """,
    lint_only=True,
    hadoop_source="FAIR/policies/ComputeFairShares.java",
)

FS321 = define(
    "FS321",
    "max-running-apps-zero",
    WARNING,
    """``maxRunningApps`` is 0: applications are accepted but never run.

    Submissions to the queue (or by the user, or, for a parent, to any queue below it) stay
    ACCEPTED forever; nothing tells the submitter why. Close a queue with its ACLs instead.

    Bad: ``<maxRunningApps>0</maxRunningApps>``
    Good: ``<aclSubmitApps> </aclSubmitApps>`` (nobody may submit)
    """,
    lint_only=True,
    hadoop_source="FAIR/MaxRunningAppsEnforcer.java",
)

FS322 = define(
    "FS322",
    "leaf-name-repeated",
    INFO,
    """The same leaf name appears under different parents (``root.qa.p0`` and ``root.qb.p0``).

    The Fair Scheduler addresses queues by full path, so this is fine here. The Capacity
    Scheduler before Hadoop 3.3 (YARN-9879) requires leaf names to be unique and takes submissions
    by leaf name, which blocks a migration: reported as a warning with ``--hadoop-version`` below
    3.3, as information otherwise.

    Bad (for Hadoop < 3.3): ``root.qa.p0`` and ``root.qb.p0``
    Good: ``root.qa.qa_p0`` and ``root.qb.qb_p0``, or Hadoop 3.3+ with submissions by full path.
    """,
    lint_only=True,
    hadoop_source="capacity/CSQueueStore.java (YARN-9879)",
)

FS323 = define(
    "FS323",
    "queue-name-unsafe-characters",
    WARNING,
    """A queue name contains characters that break Capacity Scheduler paths or mapping rules.

    The Fair Scheduler accepts any name without a dot, spaces included. Elsewhere these names
    break: Capacity Scheduler keys are ``yarn.scheduler.capacity.<path>.<setting>`` and its
    mapping rules are ``u:user:queue`` lists split on ``,`` and ``:`` with ``%user`` variables; the
    CLI and REST APIs trim and split on whitespace. Use letters, digits, ``_`` and ``-``.

    Bad: ``<queue name="data science">``, ``<queue name="team:a">``
    Good: ``<queue name="data_science">``
    """,
    lint_only=True,
    hadoop_source="capacity/CapacitySchedulerConfiguration.java, placement/QueueMapping.java",
)

FS324 = define(
    "FS324",
    "setting-has-no-effect",
    WARNING,
    """A setting that does nothing where it is (``maxChildResources`` on a leaf, and the like).

    Hadoop accepts these silently: ``maxChildResources`` on a leaf (it caps queues created below
    a parent at run time), reservation ACLs on a queue without ``<reservation/>``, and
    ``maxContainerAllocation`` on root (documented as invalid: the scheduler's
    ``yarn.scheduler.maximum-allocation-*`` applies).

    Bad: ``<queue name="leaf"><maxChildResources>memory-mb=1024, vcores=1</maxChildResources></queue>``
    Good: ``maxChildResources`` on a parent (``type="parent"``) queue.
    """,
    lint_only=True,
    hadoop_source=_QUEUE_PARSER + ", " + "FAIR/QueueManager.java#setChildResourceLimits",
)

FS325 = define(
    "FS325",
    "default-policy-blocks-children",
    WARNING,
    """Queues created at run time below a ``fair`` parent get the ``drf`` default and are refused.

    A queue without ``schedulingPolicy`` takes ``defaultQueueSchedulingPolicy`` (not its parent's).
    With ``drf`` as the default, every queue that a placement rule creates below a parent whose
    policy is ``fair`` violates the parent/child policy rule, and the scheduler refuses to create
    it: the application is rejected. Make such parents ``drf`` too.

    Bad: ``defaultQueueSchedulingPolicy`` drf and ``<queue name="users" type="parent">
    <schedulingPolicy>fair</schedulingPolicy></queue>``
    Good: ``<schedulingPolicy>drf</schedulingPolicy>`` on ``users``.
    """,
    lint_only=True,
    hadoop_source="FAIR/QueueManager.java#createNewQueues, FAIR/policies/FairSharePolicy.java",
)
