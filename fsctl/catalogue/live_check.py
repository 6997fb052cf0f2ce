"""The live check of ``fsctl simulate --demand SNAPSHOT`` (``SM26x``): a snapshot taken from a
ResourceManager carries the shares it reported; simulate computes them from the same load and names
every queue where the two differ, with both values (exit 1)."""

from fsctl.catalogue import ERROR, WARNING, define

SM260 = define(
    "SM260",
    "live-fair-share-differs",
    WARNING,
    """The instantaneous fair share fsctl computes differs from the one the ResourceManager reported.

    Both come from the snapshot's load: the queues' weights, limits and policies from the allocation
    file given to ``simulate``, the applications and their demand from the ResourceManager. The
    ResourceManager computes fair shares on its update thread (every
    ``yarn.scheduler.fair.update-interval-ms``, 500 ms) from the demand at that moment, so on a busy
    cluster the load can move between the scheduler and the applications requests; a difference
    that stays on a second snapshot is a configuration the ResourceManager does not run, or a bug.
    """,
    hadoop_source="scheduler/fair/policies/ComputeFairShares.java, FSParentQueue.java",
)

SM261 = define(
    "SM261",
    "live-steady-share-differs",
    WARNING,
    """The steady fair share fsctl computes differs from the one the ResourceManager reported.

    Steady shares depend only on the configuration and the cluster size: a difference means the
    allocation file given to ``simulate`` is not the one the ResourceManager runs (see SM265), or
    the cluster changed size between the requests.
    """,
    hadoop_source="scheduler/fair/policies/ComputeFairShares.java (computeSteadyShares)",
)

SM262 = define(
    "SM262",
    "live-capacity-differs",
    WARNING,
    """A Capacity Scheduler queue's capacity, absolute capacity, maximum capacity or absolute maximum
    capacity, as fsctl computes it, differs from what the ResourceManager reported.
    """,
    hadoop_source="scheduler/capacity/QueueCapacities.java, CSQueueUtils.java",
)

SM263 = define(
    "SM263",
    "live-resource-differs",
    WARNING,
    """A Capacity Scheduler queue's effective minimum or maximum resource, as fsctl computes it,
    differs from what the ResourceManager reported (``effectiveMinResource``,
    ``effectiveMaxResource``).
    """,
    hadoop_source="scheduler/capacity/QueueResourceQuotas.java",
)

SM264 = define(
    "SM264",
    "live-usage-differs",
    WARNING,
    """A queue's usage summed from the snapshot's applications differs from the usage the
    ResourceManager reported for the queue.

    The applications and the scheduler are two requests: containers that started or finished in
    between make them differ on a busy cluster. A difference on a still cluster is a lost or
    double-counted application.
    """,
)

SM265 = define(
    "SM265",
    "live-setting-differs",
    WARNING,
    """A queue setting in the configuration given to ``simulate`` differs from what the
    ResourceManager runs: the file in version control is not the one deployed (or not yet reloaded).

    For the Fair Scheduler the allocation file is not served over REST; the ResourceManager reports
    each queue's minResources, maxResources, maxRunningApps, scheduling policy and whether it may be
    preempted from, and these are compared with the file's effective values. A queue the file
    declares that the ResourceManager does not have, or the reverse, is named too.
    """,
)

SM266 = define(
    "SM266",
    "snapshot-scheduler-mismatch",
    ERROR,
    """The snapshot comes from a ResourceManager running another scheduler than the configuration
    given (a Fair Scheduler snapshot with a capacity-scheduler.xml, or the reverse).

    Give the configuration the ResourceManager runs, or take the snapshot from the cluster the
    configuration is for.
    """,
)
