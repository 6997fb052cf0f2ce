"""The Capacity Scheduler under load (``fsctl simulate CS.xml --demand``) and the demand snapshot it
reads: ``SM2xx``.

Errors describe a snapshot fsctl cannot use or this configuration cannot hold (the simulation
stops, exit 2, with the location); warnings a snapshot Hadoop would treat otherwise than it reads
(the simulation goes on and says so); infos what Hadoop does on the way.
"""

from fsctl.catalogue import ERROR, INFO, WARNING, define

SM200 = define(
    "SM200",
    "load-unknown-queue",
    ERROR,
    """The demand snapshot names a queue the Capacity Scheduler configuration does not have.

    Give the full paths (``root.team.etl``) of leaf queues the file declares. A queue under a
    parent that creates queues on submission (``auto-queue-creation-v2.enabled``, Hadoop 3.4) is
    created as Hadoop creates it (``SM210``), unless Hadoop would refuse to (too deep, too many
    children, legacy mode with siblings not in weight mode: the message says which); anywhere else
    Hadoop refuses the applications (``CapacityScheduler.addApplication``: "submitted ... to unknown
    queue"). Legacy auto-creation (``auto-create-child-queue.enabled``, ``ManagedParentQueue``)
    gives its leaves capacity through a management policy over time: fsctl does not simulate it and
    says so here.

    Bad::

        queues:
          root.etl: {demand: "memory-mb=8192, vcores=8"}      # the file has root.team.etl

    Good::

        queues:
          root.team.etl: {demand: "memory-mb=8192, vcores=8"}
    """,
    hadoop_source="capacity/CapacityScheduler.java",
)

SM201 = define(
    "SM201",
    "load-on-parent-queue",
    ERROR,
    """The demand snapshot gives load for a parent queue.

    Applications run in leaf queues only: Hadoop refuses a submission to a parent queue
    (``CapacityScheduler.addApplication``: "submitted ... to non-leaf queue"). Move the entry to
    one of its leaves.
    """,
    hadoop_source="capacity/CapacityScheduler.java",
)

SM202 = define(
    "SM202",
    "demand-entry-duplicated",
    ERROR,
    """A queue, an application or a key is given twice in the demand snapshot.

    A YAML or JSON reader keeps the last of two equal keys and drops the first without a word, and
    two applications of one name in a leaf cannot be told apart in the report. The message gives
    both places.

    Bad::

        queues:
          root.etl: {demand: "memory-mb=8192, vcores=8"}
          root.etl: {demand: "memory-mb=4096, vcores=4"}
    """,
)

SM203 = define(
    "SM203",
    "usage-above-maximum",
    WARNING,
    """The snapshot's usage of a queue is above what Hadoop would let it hold.

    A queue's usage never passes its maximum capacity under the Capacity Scheduler
    (``AbstractCSQueue.accept``), and a cluster never runs more than it has: the snapshot describes
    a state this configuration cannot reach. fsctl keeps those containers running, as a
    ResourceManager recovering them after a restart does, and allocates from there.
    """,
    hadoop_source="capacity/AbstractCSQueue.java",
)

SM204 = define(
    "SM204",
    "application-refused",
    WARNING,
    """The Capacity Scheduler refuses some of the snapshot's applications on submission.

    A leaf accepts at most ``maximum-applications`` applications (derived from its absolute
    capacity unless set: ``(int)(yarn.scheduler.capacity.maximum-applications x absolute
    capacity)``), at most its per-user share of them, the whole scheduler at most
    ``yarn.scheduler.capacity.maximum-applications``, and a STOPPED queue none
    (``AbstractLeafQueue.validateSubmitApplication``). A refused application gets nothing, and the
    containers the snapshot shows it running would be killed.
    """,
    hadoop_source="capacity/AbstractLeafQueue.java",
)

SM205 = define(
    "SM205",
    "container-above-maximum-allocation",
    WARNING,
    """An application asks for containers larger than its queue's maximum allocation.

    The ResourceManager refuses such an ask (``SchedulerUtils.validateResourceRequest``:
    ``InvalidResourceRequestException``): an AM container that large refuses the application, a
    task container that large is never asked. The limits are ``yarn.scheduler.maximum-allocation-*``
    and the queue's ``maximum-allocation-mb``/``-vcores``.
    """,
    hadoop_source="scheduler/SchedulerUtils.java",
)

SM206 = define(
    "SM206",
    "partition-not-simulated",
    WARNING,
    """The configuration gives capacities for node labels; only the default partition is simulated.

    A snapshot has no nodes, so none carries a label: fsctl places everything on the default
    partition, as a cluster without labelled nodes would, and shows the labelled capacities
    without load.
    """,
)

SM207 = define(
    "SM207",
    "running-am-above-usage",
    ERROR,
    """An application's running AM container is larger than its whole usage.

    An application with usage runs its AM (``am``) as one of its containers, so the usage holds
    at least the AM. Give the AM's size, or the usage including it.
    """,
)

SM208 = define(
    "SM208",
    "load-version-not-simulated",
    WARNING,
    """The Capacity Scheduler under load is simulated for Hadoop 3.4 and 3.3 only.

    With ``--hadoop-version 3.2`` or ``2`` fsctl follows 3.3, the closest line it has checked against
    the real scheduler; older lines differ (no max-parallel-apps, user weights or weights, among
    others).
    """,
)

SM209 = define(
    "SM209",
    "container-above-cluster",
    WARNING,
    """A container the snapshot asks for is larger than the cluster.

    fsctl places the cluster on one node of its size, and a container must fit on one node: the
    scheduler skips the application (``RegularContainerAllocator``: "does not have sufficient
    resource"). On a real cluster it must also fit on one real node, which the snapshot does not
    describe.
    """,
    hadoop_source="capacity/allocator/RegularContainerAllocator.java",
)

SM210 = define(
    "SM210",
    "queue-created-on-submission",
    INFO,
    """The snapshot names a queue Hadoop creates when the first application is submitted to it.

    Its parent creates queues dynamically (``auto-queue-creation-v2.enabled``, Hadoop 3.4): the
    queue, and any parent it lacks, gets its parent's templates (a leaf without them weight ``1w``,
    ``user-limit-factor -1`` and ``maximum-am-resource-percent 1.0``) and its siblings' shares
    change with it (``CapacitySchedulerQueueManager.createQueue``). A snapshot shows queues that
    exist: fsctl creates them before any application is submitted, in the snapshot's order.
    """,
    hadoop_source="capacity/CapacitySchedulerQueueManager.java",
)

SM211 = define(
    "SM211",
    "fair-reordering-bypasses-limits",
    WARNING,
    """Applications the AM limit or max-parallel-apps held back get containers all the same.

    They were not activated (AM limit) or not made runnable (max-parallel-apps). Under
    ``ordering-policy=fair`` with ``ordering-policy.fair.enable-size-based-weight=true`` an
    application whose asks change its demand is marked for reordering (``demandUpdated``), and the
    reordering (``AbstractComparatorOrderingPolicy.reorderScheduleEntities``) puts every marked
    application into the policy's entities, whether the queue ever added it or not: from then on the
    leaf offers it containers like an activated one. The AM limits and max-parallel-apps do not hold
    for it. fsctl follows Hadoop (the oracle shows it on 3.3 and 3.4); an application still waiting
    for its AM container is not marked, so the AM limit holds for that one.
    """,
    hadoop_source="scheduler/policy/AbstractComparatorOrderingPolicy.java",
)

SM212 = define(
    "SM212",
    "flexible-mode-capacities-unproven",
    WARNING,
    """In flexible queue mode the capacities the allocation starts from may differ from Hadoop's.

    The configuration sets ``legacy-queue-mode.enabled=false``. Hadoop 3.4 computes flexible-mode
    capacities with ``ResourceCalculationDriver`` (absolute, then percentage, then weight, per
    resource type, with its own roundings), and derives each leaf's maximum applications from the
    absolute capacity it leaves. fsctl's capacity evaluation is proven against it in legacy mode
    only: in flexible mode a guaranteed or maximum resource may be off by a unit and a leaf's
    maximum applications by more, and so the limits built on them. The allocation itself follows
    Hadoop's code in both modes.
    """,
    hadoop_source="capacity/ResourceCalculationDriver.java",
)

SM213 = define(
    "SM213",
    "allocation-stalls",
    WARNING,
    """The allocation stops with demand left: the same container is proposed at every heartbeat.

    The scheduler never gets past it, with room left in the cluster. Either a proposal the commit
    refuses (``AbstractCSQueue.accept``: the container would take a queue, or the cluster, above its
    maximum) while the walk down the tree, which compares whole resource vectors through the
    calculator (``Resources.min`` under the dominant calculator keeps one vector of the two), let it
    through; or the node is reserved for a container it can never hold. Until that application's
    demand changes, no other queue gets a container on that node: the message names the application
    and the limit. Hadoop does the same; on a real cluster every node the proposal is made for
    stalls alike.
    """,
    hadoop_source="capacity/AbstractCSQueue.java",
)

SM214 = define(
    "SM214",
    "snapshot-too-large",
    ERROR,
    """The snapshot describes more than 1,000,000 applications or 10,000,000 running containers.

    The Capacity Scheduler's allocation is simulated application by application and running
    containers are recovered one by one (``apps: N`` stands for N applications, a ``usage`` for as
    many containers as it holds): counts this large would take the simulation hours and gigabytes
    to no purpose (Hadoop refuses submissions beyond ``maximum-applications``, 10,000 by default,
    and no cluster runs ten million containers). Give what runs or waits.
    """,
)

SM215 = define(
    "SM215",
    "preemption-round-throws",
    WARNING,
    """Hadoop 3.3's preemption policy throws on this load: nothing is preempted, every round.

    With intra-queue preemption on, ``FifoIntraQueuePreemptionPlugin.skipContainerBasedOnIntraQueuePolicy``
    looks an application's queue up by the short name the application carries
    (``CapacityScheduler.getQueue(app.getQueueName())``). Where that name is shared by another
    queue (``root.qa.p1`` and ``root.qb.p1``), Hadoop 3.3.6 finds no queue and throws a
    ``NullPointerException`` as soon as the intra-queue selector weighs a container of such an
    application: ``editSchedule`` ends there, no container is preempted (not even those the
    earlier selectors chose), and the scheduling monitor logs the error and tries again next
    round, with the same result while the load stays. Hadoop 3.4 looks the queue up by its path.
    Found by the oracle on a running CapacityScheduler; give the leaves distinct names, or move to
    3.4, for preemption to work on them.
    """,
    hadoop_source="monitor/capacity/FifoIntraQueuePreemptionPlugin.java",
)
