"""``fsctl route`` and the routing report of ``fsctl convert`` (``RT…``): applications whose
placement differs between configurations, and application tables fsctl cannot use."""

from fsctl.catalogue import ERROR, INFO, WARNING, define
from fsctl.model.impact import documentation as severity_table

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

    ``fsctl route`` with two or more configurations (one finding per application, in its sarif and
    github output), and ``fsctl convert`` for the Fair policy against the converted mapping rules:
    one finding per cause, at the Fair placement rule that decided, with where the applications
    land before and after (the submitter's user, primary group and queue as ``<user>``,
    ``<group>`` and ``<queue>``), the number of applications given with ``--apps`` and their
    users, and the probe cases (applications convert makes up from the file: "submitted to
    root.qa", "a user whose primary group is eng"). When converting with ``--fallback-queue Q``
    would send them back where the Fair Scheduler put them, the finding says so; otherwise no
    fallback queue helps (another rule places them).

"""
    + severity_table(),
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
