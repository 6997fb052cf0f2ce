"""``fsctl route`` and the routing report of ``fsctl convert`` (``RT…``): applications whose
placement differs between configurations, and application tables fsctl cannot use."""

from fsctl.catalogue import ERROR, INFO, WARNING, define

RT101 = define(
    "RT101",
    "app-spec-invalid",
    ERROR,
    """An application given with ``--app`` or in an ``--apps`` file cannot be used (exit 2).

    An application is ``user=NAME[,groups=G1:G2][,queue=QUEUE]``: the user is required, groups are
    separated by colons (the first is the primary group) and are never looked up, the queue is what
    the application is submitted to (none means ``default``). An ``--apps`` file is CSV with the
    header ``user,groups,queue`` or YAML/JSON: a list of mappings with those keys (``groups`` a list
    or a colon-separated string), or a mapping whose ``apps`` key holds that list.

    Bad:  ``--app "groups=eng"`` (no user), ``--app "user=alice,group=eng"`` (unknown field)
    Good: ``--app "user=alice,groups=eng:etl,queue=root.qa.p0"``
    """,
)

RT201 = define(
    "RT201",
    "placement-differs",
    WARNING,
    """An application lands in a different queue (or is rejected) under another configuration.

    ``fsctl route`` with two or more configurations, and ``fsctl convert`` for the Fair policy
    against the converted mapping rules: the message names each configuration's queue and the
    rule that decided. A migration should leave no such application, or name a fallback queue
    (``--fallback-queue``) for them.
    """,
    hadoop_source="scheduler/fair/QueuePlacementPolicy.java, placement/CSMappingPlacementRule.java",
)

RT202 = define(
    "RT202",
    "application-rejected",
    INFO,
    """An application is rejected by the configuration (no queue takes it).

    The Fair Scheduler rejects an application no rule places, or placed in a queue that is or
    would be under a parent-less leaf; the Capacity Scheduler one a mapping rule rejects, or
    submitted to a queue that does not exist, is ambiguous or is not a leaf.
    """,
)
