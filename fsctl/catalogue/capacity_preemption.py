"""What ``fsctl simulate`` says about its preview of the Capacity Scheduler's preemption policy
(``ProportionalCapacityPreemptionPolicy``): ``SM240``-``SM259``.

The preview runs when the yarn-site (layered under the Capacity Scheduler file, as the
ResourceManager layers them) enables the scheduling monitor with the policy, or with
``--preemption``. These findings say what it could not read and what it leaves out.
"""

from fsctl.catalogue import ERROR, INFO, WARNING, define

SM240 = define(
    "SM240",
    "preemption-monitor-off",
    INFO,
    """The preemption preview shows what the policy would do; the configuration does not run it.

    ``yarn.resourcemanager.scheduler.monitor.enable`` is not ``true``, or
    ``yarn.resourcemanager.scheduler.monitor.policies`` does not list
    ``ProportionalCapacityPreemptionPolicy``: the ResourceManager never preempts, and every queue
    reports preemption disabled (``CSQueuePreemptionSettings``). ``--preemption`` previews the round
    as if the monitor ran it, each queue's ``disable_preemption`` as configured.

    Good (yarn-site.xml)::

        <property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
    """,
    hadoop_source="capacity/CSQueuePreemptionSettings.java",
)

SM241 = define(
    "SM241",
    "preemption-setting-unreadable",
    ERROR,
    """A preemption setting the policy cannot read, so the ResourceManager does not start.

    ``ProportionalCapacityPreemptionPolicy.updateConfigIfNeeded`` reads its numbers with
    ``Configuration.getFloat``, ``getDouble`` and ``getLong`` (a value that does not parse throws
    ``NumberFormatException``) and ``intra-queue-preemption.preemption-order-policy`` with
    ``IntraQueuePreemptionOrderPolicy.valueOf`` (only ``userlimit_first`` and ``priority_first``,
    any case, no surrounding space). The scheduling monitor fails to start, and so does the
    ResourceManager; the preview cannot run.

    Bad: ``...preemption.total_preemption_per_round = 10%``
    Good: ``...preemption.total_preemption_per_round = 0.1``
    """,
    hadoop_source="monitor/capacity/ProportionalCapacityPreemptionPolicy.java",
)

SM242 = define(
    "SM242",
    "preemption-partition-not-simulated",
    WARNING,
    """Queues have node-label capacities; the preview covers the default partition only.

    The policy computes an ideal assignment per partition and selects containers on labelled
    nodes separately. A demand snapshot does not say which node a container runs on, so the
    preview leaves labelled partitions out and names the queues whose labelled capacity it ignores.
    """,
    hadoop_source="monitor/capacity/ProportionalCapacityPreemptionPolicy.java",
)

SM243 = define(
    "SM243",
    "preemption-selector-not-simulated",
    WARNING,
    """A candidate selector the configuration enables is not part of the preview.

    ``select_based_on_reserved_containers`` (``ReservedContainerCandidatesSelector``) and
    ``ordering-policy.priority-utilization.underutilized-preemption.enabled``
    (``QueuePriorityContainerCandidateSelector``) choose containers by the node they run on and the
    reservation held there, which a demand snapshot cannot express. Hadoop runs them before the
    FIFO selector, which then deducts what they took from what each queue still owes and from the
    round's budget: with them on, Hadoop may take other containers than the preview shows.
    """,
    hadoop_source="monitor/capacity/ReservedContainerCandidatesSelector.java",
)

SM244 = define(
    "SM244",
    "preemption-user-limits-unknown",
    INFO,
    """The preview does not know the user limits; pending demand is not capped by them.

    The policy counts a leaf's pending demand only up to each user's headroom under the user limit
    (``getTotalPendingResourcesConsideringUserLimit``), and intra-queue preemption keeps each user
    at its user limit. Those limits come from the Capacity Scheduler's allocation of the load, which
    a demand snapshot alone does not give: the preview takes each application's whole pending
    demand and no user limit.
    """,
    hadoop_source="capacity/AbstractLeafQueue.java",
)

SM245 = define(
    "SM245",
    "preemption-fair-ordering-not-simulated",
    WARNING,
    """A leaf orders its applications with the ``fair`` policy; the preview takes them in FIFO order.

    ``FairOrderingPolicy`` gives up containers from the application using the most memory first
    (weighted by its demand with ``fair.enable-size-based-weight``), and intra-queue preemption
    ranks users by usage. The preview uses the FIFO order (lowest priority, latest submitted first),
    which may pick other applications' containers.
    """,
    hadoop_source="scheduler/policy/FairOrderingPolicy.java",
)

SM246 = define(
    "SM246",
    "preemption-containers-guessed",
    INFO,
    """The snapshot's usage is not a whole number of containers of the application's size.

    The preview turns each application's usage into running containers: the AM (``am``) first,
    then as many containers as the rest holds of the size the application asks for (``container``,
    else the scheduler's minimum allocation), the usage shared evenly among them. When the snapshot
    gives ``container`` and the usage is not whole containers of it, the preview's containers are
    not the ones the application runs; the finding names their sizes. Give the AM and the container
    size the application really has to see the containers Hadoop would pick.
    """,
)

SM247 = define(
    "SM247",
    "preemption-observe-only",
    INFO,
    """``observe_only`` is on: the policy selects containers but preempts none.

    ``ProportionalCapacityPreemptionPolicy`` returns before it sends a single event when
    ``yarn.resourcemanager.monitor.capacity.preemption.observe_only`` is true. The preview still
    shows what it selects.
    """,
    hadoop_source="monitor/capacity/ProportionalCapacityPreemptionPolicy.java",
)
