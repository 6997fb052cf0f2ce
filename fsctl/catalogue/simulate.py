"""Problems in the inputs of ``fsctl simulate``: the demand snapshot and the cluster size (``SM1xx``).

These describe a snapshot file or option fsctl cannot use, or (SM107) a configuration whose shares
Hadoop itself never finishes computing: each of those stops the simulation (exit 2) with a located
message. A snapshot Hadoop could never be in (SM108) is a warning: the simulation goes on.
"""

from fsctl.catalogue import ERROR, WARNING, define

SM101 = define(
    "SM101",
    "demand-file-unreadable",
    ERROR,
    """The demand snapshot cannot be read or is not YAML/JSON.

    ``--demand`` takes a YAML or JSON file whose top level is a mapping with a ``queues`` key.
    """,
)

SM102 = define(
    "SM102",
    "demand-entry-invalid",
    ERROR,
    """A demand snapshot entry has the wrong shape.

    Each queue entry is a mapping with the optional keys ``demand``, ``usage``, ``apps`` and
    ``applications`` (a list of mappings with ``name``, ``demand``, ``usage``, ``start``,
    ``priority``). ``apps`` is a non-negative integer.

    Bad::

        queues:
          root.a: 3

    Good::

        queues:
          root.a: {demand: "memory-mb=4096, vcores=4", apps: 3}
    """,
)

SM103 = define(
    "SM103",
    "demand-resource-invalid",
    ERROR,
    """A resource in the demand snapshot does not parse.

    Resources use the Fair Scheduler syntax (``memory-mb=4096, vcores=4`` or ``4096 mb, 4 vcores``)
    or a mapping of resource names to non-negative integers. Percentages mean nothing here.
    """,
)

SM104 = define(
    "SM104",
    "demand-unknown-queue",
    ERROR,
    """The demand snapshot names a queue the configuration does not define.

    Give full paths (``root.team.etl``). A queue the file does not declare whose nearest existing
    ancestor is a parent queue (root included) is a dynamic queue, which the Fair Scheduler creates
    when an application is submitted to it (its maxResources is the parent's ``maxChildResources``,
    else ``queueMaxResourcesDefault``); an entry for one without an application creates nothing.
    Below a leaf no queue can be created.
    """,
)

SM105 = define(
    "SM105",
    "demand-on-parent-queue",
    ERROR,
    """The demand snapshot gives load for a parent queue.

    Applications run in leaf queues only; a parent's demand and usage are the sums over its children
    (``FSParentQueue.updateDemand``). Move the entry to a leaf.
    """,
)

SM106 = define(
    "SM106",
    "cluster-resource-invalid",
    ERROR,
    """The cluster resource is missing or does not parse.

    ``--cluster`` (or ``cluster:`` in the demand snapshot) takes absolute amounts in the Fair
    Scheduler syntax, for example ``memory-mb=102400, vcores=100``.
    """,
)

SM107 = define(
    "SM107",
    "fair-share-never-computed",
    ERROR,
    """Hadoop's fair share computation never ends for this configuration.

    ``ComputeFairShares`` doubles a ratio until the children's shares use their parent's, without a
    bound. A ``NaN`` weight (which Java's float parser accepts, FS313) gives a share of 0 at any
    ratio, so the ResourceManager's scheduler loops forever there. fsctl stops and names the queue.

    Bad: ``<weight>NaN</weight>``
    Good: a finite weight.
    """,
    hadoop_source="fair/policies/ComputeFairShares.java",
)

SM108 = define(
    "SM108",
    "snapshot-usage-above-maximum",
    WARNING,
    """The demand snapshot shows a queue using more than its maximum: a state Hadoop never reaches.

    The Fair Scheduler assigns a container only when it fits in the maximum share of its queue and
    of every ancestor up to root (``FSAppAttempt.hasContainerForNode``: ``FSQueue.fitsInMaxShare``),
    and never more than the cluster holds. A snapshot whose usage is above a queue's maximum (its
    ``maxResources``, ``queueMaxResourcesDefault`` or a parent's ``maxChildResources``, root's
    included) or above the cluster was taken under another configuration or cluster, or is wrong.
    The shares are computed for the snapshot as given; this warning, at the snapshot entry (or at the
    limit, for a parent), says the comparison is not one Hadoop would make.

    Bad: ``root.etl: {usage: "memory-mb=8192, vcores=8"}`` with ``<maxResources>4096 mb, 4
    vcores</maxResources>`` on root.etl.
    """,
    hadoop_source="fair/FSQueue.java#fitsInMaxShare",
)
