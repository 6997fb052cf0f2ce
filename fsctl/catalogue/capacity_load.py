"""The Capacity Scheduler under load (``fsctl simulate CS.xml --demand``): ``SM2xx``.

Errors describe a snapshot this configuration cannot hold (the simulation stops, exit 2); warnings a
snapshot Hadoop would treat differently from what it says (it goes on, and says so).
"""

from fsctl.catalogue import ERROR, define

SM200 = define(
    "SM200",
    "load-unknown-queue",
    ERROR,
    """The demand snapshot names a queue the Capacity Scheduler configuration does not have.

    Give full paths (``root.team.etl``) of leaf queues the file declares. A queue under a parent
    that allows auto-creation (``auto-create-child-queue.enabled``, or
    ``auto-queue-creation-v2.enabled``) is created as Hadoop creates it.
    """,
)

SM201 = define(
    "SM201",
    "load-on-parent-queue",
    ERROR,
    """The demand snapshot gives load for a parent queue.

    Applications run in leaf queues only: Hadoop refuses a submission to a parent queue
    (``CapacityScheduler.addApplication``). Move the entry to a leaf.
    """,
)
