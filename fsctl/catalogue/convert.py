"""Conversion findings (``CV…``): what ``fsctl convert`` could not carry over, changed, or refused.

``CV1xx`` the conversion cannot produce a usable Capacity Scheduler configuration (errors);
``CV2xx`` what Hadoop's ``yarn fs2cs`` warns about (its rules-file actions, fs2cs.md §1.6), kept with
the same meaning so a ``--rules`` file can turn them into aborts; ``CV3xx`` settings fs2cs drops
silently or changes, listed so that nothing is lost without a word; ``CV4xx`` where fsctl departs
from fs2cs on purpose (fs2cs crashes or is wrong) and what a migration changes for applications
and shares.
"""

from fsctl.catalogue import ERROR, INFO, WARNING, define
from fsctl.model.impact import documentation as severity_table

_CONV = "scheduler/fair/converter/"
_QC = _CONV + "FSQueueConverter.java"
_RH = _CONV + "FSConfigToCSConfigRuleHandler.java"
_PC = _CONV + "QueuePlacementConverter.java"
_SITE = _CONV + "FSYarnSiteConverter.java"
_PCT = _CONV + "weightconversion/WeightToPercentConverter.java"

# --------------------------------------------------------------------------------------------------
# CV1xx: the conversion fails

CV101 = define(
    "CV101",
    "conversion-aborted",
    ERROR,
    """A setting the rules file (``--rules``) marks ``abort`` is present; nothing is written.

    fs2cs stops with ``UnsupportedPropertyException`` when an ``<x>.action=abort`` rule fires. fsctl
    reports every such finding (not only the first) at error severity and writes no output.
    """,
    hadoop_source=_RH,
)

CV102 = define(
    "CV102",
    "too-many-child-queues",
    ERROR,
    """A queue has more children than ``maxChildQueue.limit`` in the rules file.

    fs2cs fails with ``Queue <q> has too many children: <n>``.
    """,
    hadoop_source=_RH + "#handleChildQueueCount",
)

CV103 = define(
    "CV103",
    "duplicate-leaf-names-unsupported",
    ERROR,
    """Two leaf queues share a name and the target Hadoop version requires unique leaf names.

    Before YARN-9879 (Hadoop 3.3) the Capacity Scheduler refuses the configuration with
    ``Two leaf queues were named <n>. Leaf queue names must be distinct``; old fs2cs failed with
    ``Leaf queues must be unique``. Rename the leaves, or target Hadoop 3.3 or later, where every
    queue is referred to by its full path.
    """,
    hadoop_source="scheduler/capacity/CapacitySchedulerQueueManager.java",
)

CV104 = define(
    "CV104",
    "converted-config-does-not-load",
    ERROR,
    """The converted capacity-scheduler.xml would not load: fsctl's own validator rejects it.

    fs2cs starts a real Capacity Scheduler on its output (``ConvertedConfigValidator``) and fails
    with ``Verification of converted configuration failed``. The message quotes the validator's
    finding.
    """,
    hadoop_source=_CONV + "ConvertedConfigValidator.java",
)

CV105 = define(
    "CV105",
    "fallback-queue-invalid",
    ERROR,
    """``--fallback-queue`` does not name an existing leaf queue.

    Unplaceable applications can only be sent to a leaf that exists in the converted tree; give
    its full path (``root.default``).
    """,
)

CV106 = define(
    "CV106",
    "placement-rule-not-convertible",
    ERROR,
    """A placement rule has no Capacity Scheduler equivalent.

    fs2cs fails with ``Unsupported parent nested rule`` (a ``nestedUserQueue`` whose parent is not
    ``primaryGroup``, ``secondaryGroupExistingQueue`` or ``default``) or ``Unknown placement rule``.
    """,
    hadoop_source=_PC,
)

CV107 = define(
    "CV107",
    "rules-file-invalid",
    ERROR,
    """The ``--rules`` file cannot be used (``maxChildQueue.limit`` not an integer, unreadable).

    fs2cs fails with ``Rule setting: maxChildQueue.limit is not an integer``.
    """,
    hadoop_source=_RH,
)

CV108 = define(
    "CV108",
    "target-version-unsupported-feature",
    ERROR,
    """The conversion needs a Capacity Scheduler feature the target Hadoop version lacks.

    JSON mapping rules arrived in Hadoop 3.4 (YARN-10457): ``--fallback-queue`` and
    ``--rules-to-file`` need them. For an older target fsctl does what 3.3.6's fs2cs does by itself
    (percentages, since 3.3 fails on ``2w`` with NumberFormatException, and no placement rules:
    CV440), as do 3.2, 3.1 and 2.10, which have no fs2cs, weight mode or JSON rules; drop the
    switch, or target 3.4.
    """,
)

CV109 = define(
    "CV109",
    "fair-config-does-not-load",
    ERROR,
    """The Fair Scheduler input has load errors, so there is nothing reliable to convert.

    fs2cs starts a Fair Scheduler on the input first and fails when it does not start. The reader's
    own findings say what is wrong.
    """,
    hadoop_source=_CONV + "FSConfigToCSConfigConverter.java",
)

# --------------------------------------------------------------------------------------------------
# CV2xx: fs2cs's own warnings (rules-file actions)

CV201 = define(
    "CV201",
    "max-resources-not-converted",
    WARNING,
    """``<maxResources>`` is not converted; ``maximum-capacity`` is 100.

    fs2cs rule ``maxResources.action``. The queue may grow to its parent's limit. With
    ``--cluster`` fsctl converts it (see CV301).
    """,
    hadoop_source=_QC + "#emitMaximumCapacity",
)

CV202 = define(
    "CV202",
    "min-resources-not-converted",
    WARNING,
    """``<minResources>`` has no Capacity Scheduler equivalent in weight or percentage mode.

    fs2cs rule ``minResources.action``. The queue's guarantee comes from its weight (or
    percentage) alone; the share table (``--cluster``) shows how it compares.
    """,
    hadoop_source=_QC + "#emitChildCapacity",
)

CV203 = define(
    "CV203",
    "max-child-resources-not-converted",
    WARNING,
    """``<maxChildResources>`` (the limit of dynamically created children) is not converted.

    fs2cs rule ``maxChildCapacity.action``. With ``--cluster`` in weight mode fsctl writes the
    auto-creation template's ``maximum-capacity`` instead (CV302).
    """,
    hadoop_source=_QC + "#emitMaxChildCapacity",
)

CV204 = define(
    "CV204",
    "reservation-system-not-converted",
    WARNING,
    """``yarn.resourcemanager.reservation-system.enable`` is on; reservations are not converted.

    fs2cs rule ``reservationSystem.action``: "Conversion of reservation system is not supported".
    """,
    hadoop_source=_SITE,
)

CV205 = define(
    "CV205",
    "fair-policy-becomes-drf",
    WARNING,
    """A leaf's ``fair`` policy becomes Dominant Resource Fairness.

    The Capacity Scheduler has one resource calculator for the whole cluster; when any Fair queue
    uses ``drf``, every queue does (fs2cs rule ``fairAsDrf.action``: "Queue <q> will use DRF policy
    instead of Fair").
    """,
    hadoop_source=_QC + "#emitOrderingPolicy",
)

CV206 = define(
    "CV206",
    "placement-dynamic-create",
    WARNING,
    """A placement rule creates queues under a static parent (percentage mode).

    fs2cs rule ``queueDynamicCreate.action``: the parent must be a managed queue with
    auto-creation; no other queue can statically exist under it.
    """,
    hadoop_source=_PC,
)

CV207 = define(
    "CV207",
    "placement-parent-dynamic-create",
    WARNING,
    """A nested placement rule creates its parent queue; the Capacity Scheduler cannot.

    fs2cs rule ``parentDynamicCreate.action`` (percentage mode): the parent must exist as a static
    queue.
    """,
    hadoop_source=_PC,
)

CV208 = define(
    "CV208",
    "placement-static-dynamic-conflict",
    WARNING,
    """A placement rule creates queues under a parent that already has static children.

    fs2cs rule ``childStaticDynamicConflict.action`` (percentage mode): "This configuration is
    invalid and *must* be corrected".
    """,
    hadoop_source=_PC,
)

CV209 = define(
    "CV209",
    "placement-create-flags-differ",
    WARNING,
    """A nested placement rule has different create flags on parent and child; both become true.

    fs2cs rule ``parentChildCreateDiff.action`` (weight mode). A JSON mapping rule has one create
    flag, so queues that the Fair Scheduler would not have created may now be created.
    """,
    hadoop_source=_PC,
)

# --------------------------------------------------------------------------------------------------
# CV3xx: what fs2cs drops silently or changes, and fsctl's extra conversions

CV301 = define(
    "CV301",
    "max-resources-converted",
    INFO,
    """``<maxResources>`` became ``maximum-capacity`` for the given cluster (``--cluster``).

    In percentage mode it is a percentage of the parent's maximum; in weight mode an absolute
    ``[memory=…,vcores=…]`` vector. A Capacity Scheduler percentage is one number for every
    resource type, so when the types' fractions differ the message names the value lost. A limit
    that moves (the queue's maximum, with its parents', as a fraction of the cluster) is a warning.

"""
    + severity_table(),
)

CV302 = define(
    "CV302",
    "max-child-resources-converted",
    INFO,
    """``<maxChildResources>`` became the auto-creation template's ``maximum-capacity``.

    Queues created under the parent by placement rules get this maximum, as dynamic Fair queues
    got ``maxChildResources``. A limit that moves (one percentage for every type) is a warning.

"""
    + severity_table(),
)

CV303 = define(
    "CV303",
    "setting-not-converted",
    WARNING,
    """A Fair Scheduler setting has no Capacity Scheduler equivalent and is dropped.

    fs2cs drops these silently: preemption timeouts and thresholds, reservation ACLs and plans,
    ``queueMaxResourcesDefault``, parent-queue scheduling policies, and several yarn-site
    properties. The message names the value that is lost.
    """,
    hadoop_source=_QC,
)

CV304 = define(
    "CV304",
    "locality-threshold-not-converted",
    WARNING,
    """A locality threshold is not converted: the Capacity Scheduler's key takes an integer.

    The Fair Scheduler's ``locality.threshold.node/rack`` is a fraction of the cluster's nodes;
    the Capacity Scheduler's ``node-locality-delay`` and ``rack-locality-additional-delay`` count
    missed scheduling opportunities and are read with ``getInt``. fs2cs copies the float
    (``0.1``), which stops the ResourceManager with a NumberFormatException; fsctl leaves the key
    out and suggests a value (the fraction times the number of nodes).
    """,
    hadoop_source=_SITE,
)

CV305 = define(
    "CV305",
    "preemption-option-changed",
    INFO,
    """A preemption option of the converter changed what fs2cs would write.

    With ``--disable-preemption nopolicy`` fs2cs still adds ProportionalCapacityPreemptionPolicy
    when Fair preemption was on (its empty policy list is overwritten); fsctl leaves it out.
    """,
    hadoop_source=_SITE,
)

CV306 = define(
    "CV306",
    "reservation-queue-becomes-parent",
    WARNING,
    """A ``<reservation>`` queue becomes a Capacity Scheduler parent; the reservation is lost.

    The Fair Scheduler treats a reservable queue as a parent (plan queue) and runs an application
    submitted to it without a reservation in its default queue, ``<queue>.<name>-default``
    (``FairScheduler.resolveReservationQueueName``). fs2cs converts it to a parent with
    auto-creation (weight mode), so it gets no ordering policy (YARN-11464), and such an application
    is placed by the mapping rules that come next: the message says where it lands before and after
    (both routed), and no mapping rule can match on the queue submitted to. Submit to
    ``<queue>.<name>-default`` by name, which the Capacity Scheduler creates under the parent.
    """,
    hadoop_source=_QC,
)

CV307 = define(
    "CV307",
    "queue-not-created",
    WARNING,
    """The Fair Scheduler does not create this queue, so it is not converted.

    ``QueueManager`` refuses a child whose scheduling policy its parent does not allow (a ``fair``
    parent with a ``drf`` child) and the children of a ``fifo`` parent; the queue and its subtree
    never exist, and fs2cs leaves them out too. The Fair reader reports the cause.
    """,
    hadoop_source="scheduler/fair/QueueManager.java#createNewQueues",
)

CV308 = define(
    "CV308",
    "value-not-carried",
    WARNING,
    """A converted value is one the target Hadoop cannot read, so it is left out.

    Every scheduler-wide value fsctl writes is parsed with the getter Hadoop uses for its key
    (``getInt``, ``getLong``, ``getFloat``, ``getBoolean``); one that would fail (and stop the
    ResourceManager) is not written, and this finding names it. Set the key yourself.
    """,
    hadoop_source="scheduler/capacity/CapacitySchedulerConfiguration.java",
)


# --------------------------------------------------------------------------------------------------
# CV4xx: where fsctl departs from fs2cs, and what the migration changes

CV401 = define(
    "CV401",
    "percentage-fs2cs-crashes",
    WARNING,
    """fs2cs would crash on these weights; fsctl converts them correctly.

    fs2cs computes percentages with ``BigDecimal(weight).setScale(5)`` without a rounding mode, so
    a weight that is not exactly representable in five decimals (``0.1``, ``0.3``) throws
    ``ArithmeticException: Rounding necessary`` (fs2cs.md §2.6).
    """,
    hadoop_source=_PCT,
)

CV402 = define(
    "CV402",
    "percentage-fs2cs-all-zero",
    WARNING,
    """fs2cs would give every child 0%; fsctl keeps the weights' proportions.

    fs2cs truncates the sum of the weights to an integer, so weights summing to less than 1
    (``0.5`` + ``0.25``, or ``0.1`` + ``0.9`` as floats) give a total of 0 and 0% for everyone.
    """,
    hadoop_source=_PCT,
)

CV403 = define(
    "CV403",
    "percentage-fs2cs-distorted",
    WARNING,
    """fs2cs would give percentages that do not follow the weights; fsctl's follow them.

    fs2cs divides by the truncated integer sum of the weights (``2.5 × 3`` divides by 7, then
    subtracts the excess from one queue: 28.572 / 35.714 / 35.714; a weight of ``1e20`` makes the
    sum Integer.MAX_VALUE). Before 3.4 it also gives the rounding remainder to the last child the
    Fair Scheduler created, in Java hash order: a child of weight 0 there goes below 0 (``-0.002``)
    and fs2cs's own verification fails; fsctl gives such a remainder to the largest share.
    """,
    hadoop_source=_PCT,
)

CV404 = define(
    "CV404",
    "duplicate-leaf-names",
    WARNING,
    """Several leaf queues share a name; applications must submit by full path.

    The Capacity Scheduler (3.3+, YARN-9879) accepts duplicate leaf names, but resolves a short
    name only when it is unique (``CSQueueStore``): a mapping rule that yields it does not place the
    application (the next rule does), a submission the rules leave alone is rejected. The Fair
    Scheduler reads ``p0`` as ``root.p0``. The message lists the clashing queues and says where an
    application submitted to the short name lands under each scheduler (both routed, as ``fsctl
    route`` does); the converted files refer to every queue by full path.
    """,
)

CV405 = define(
    "CV405",
    "fallback-queue",
    INFO,
    """Applications that no rule places, or that name a missing queue, go to the fallback queue.

    ``--fallback-queue`` sets ``%default`` with a ``setDefaultQueue`` rule and appends a final
    ``defaultQueue`` rule, as the Fair Scheduler's ``default`` rule caught them.
    """,
)

CV406 = define(
    "CV406",
    "share-moved",
    WARNING,
    """A leaf's guaranteed share under the Capacity Scheduler differs from its steady fair share.

    Computed for the ``--cluster`` given; a move beyond ``--share-tolerance`` (default 10% relative
    change of the memory share) is reported, as a warning or as information by the table below.
    Weight-mode capacities ignore ``minResources`` and ``maxResources``, which the Fair Scheduler's
    steady share honours.

"""
    + severity_table(),
)

CV407 = define(
    "CV407",
    "relative-queue-names",
    INFO,
    """Applications that name a queue relative to root must now use the full path.

    The Fair Scheduler prefixes ``root.`` to a queue name (``qa.p1`` means ``root.qa.p1``); the
    Capacity Scheduler takes a full path or a unique leaf name only.
    """,
)

CV408 = define(
    "CV408",
    "root-acl-kept-closed",
    WARNING,
    """Root's ACL allows nobody; fsctl writes ``" "`` where fs2cs writes nothing (everyone).

    fs2cs writes an ACL only when it names users, groups or ``*``. A Fair root declared
    ``<aclSubmitApps> </aclSubmitApps>`` (nobody) is then left out, and the Capacity Scheduler's
    default for root is ``*``: since ACLs are hierarchical, everyone could submit to (or
    administer) every queue. fsctl keeps root closed.
    """,
    hadoop_source=_QC + "#emitACLs",
)

CV409 = define(
    "CV409",
    "mapping-rules-file",
    INFO,
    """With ``--rules-to-file`` the mapping rules live in ``mapping-rules.json``; the output names it.

    ``mapping-rule-format=json`` without ``mapping-rule-json`` or ``mapping-rule-json-file`` loads
    no rules at all (Hadoop only logs a warning). fsctl writes ``mapping-rule-json-file`` with the
    absolute path of the file it writes; with ``--print`` it cannot know the path, and the finding
    gives the property to add. Hadoop opens the path as written, on the ResourceManager host.
    """,
    hadoop_source="scheduler/capacity/CapacitySchedulerConfiguration.java#parseJSONMappingRules",
)

CV410 = define(
    "CV410",
    "root-maximum-lifted",
    WARNING,
    """Root's maximum caps the whole cluster under the Fair Scheduler; the migration lifts it.

    ``queueMaxResourcesDefault`` applies to root too, as does root's own ``maxResources``
    (``AllocationConfiguration.getMaxResources``), and the Fair Scheduler assigns a container only
    when it fits in the maximum of every queue up to root (``FSQueue.fitsInMaxShare``): with a
    ``50%`` default, half of the cluster stays idle. The Capacity Scheduler's root always has the
    whole cluster, so after the conversion the queues may use all of it. The message gives the
    ``maximum-capacity`` that keeps the cap on each top-level queue, if the cap was meant (one
    percentage per queue: together they may still use more than the old cap). ``fsctl lint``
    reports the cap itself (FS330).
    """,
    hadoop_source="scheduler/fair/FSQueue.java#fitsInMaxShare",
)

CV440 = define(
    "CV440",
    "placement-rules-left-out",
    INFO,
    """The target's Capacity Scheduler has no JSON mapping rules: the placement policy is left out.

    JSON mapping rules arrived in Hadoop 3.4 (YARN-10457). For an older target fsctl does what
    3.3.6's fs2cs does without ``-m``: it converts no placement rule (3.3's fs2cs converts them only
    when asked, to the legacy ``queue-mappings``; 3.2, 3.1 and 2.10 have no fs2cs), so each
    application goes to the queue it is submitted to (``default`` when it names none). The migration
    brief lists the applications that land elsewhere; write ``queue-mappings`` by hand if they
    must keep their queues, or target 3.4. ``--skip-placement-rules`` says the loss is intended and
    silences this finding.
    """,
)

CV411 = define(
    "CV411",
    "guarantee-above-old-maximum",
    WARNING,
    """A queue's guarantee under the Capacity Scheduler is above the most it could hold before.

    Computed for the ``--cluster`` given. Weights become capacities, and maxResources (the queue's
    or a parent's) becomes ``maximum-capacity``: the Fair Scheduler capped the queue's steady share
    at its maximum and gave the rest to its siblings, the Capacity Scheduler guarantees the queue
    more than it may ever use (Hadoop 3.4 accepts ``capacity`` above ``maximum-capacity``; ``fsctl
    lint`` reports it on the output, CS306), so its siblings' guarantees shrink. Lower the weight
    or raise the maximum.

"""
    + severity_table(),
)
