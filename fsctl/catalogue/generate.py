"""Problems in the inputs and outputs of ``fsctl generate`` (``GN…``).

These are not Hadoop checks: they describe a ratio file (YAML, TOML or CSV, samples/ratios/README.md) that
cannot be turned into a scheduler configuration, or a generated file that fsctl's own validator
rejects. ``GN1xx`` are errors (nothing is written), ``GN2xx`` warnings (the file is written).
"""

from fsctl.catalogue import ERROR, WARNING, define

GN100 = define(
    "GN100",
    "ratio-file-unreadable",
    ERROR,
    """The ratio file cannot be read.

    It does not exist, is a directory, is not UTF-8 text, or its name does not end in ``.yaml``,
    ``.yml``, ``.toml`` or ``.csv`` (the format is chosen by the extension).
    """,
)

GN101 = define(
    "GN101",
    "ratio-file-syntax",
    ERROR,
    """The ratio file is not valid YAML, TOML or CSV, or its top level has the wrong shape.

    The top level is a mapping with ``queues`` (required), ``defaults`` and ``cluster``; each queue
    is a mapping. A CSV file starts with the header ``queue,share,max``.

    Bad::

        queues:
          - qa
          - qb

    Good::

        queues:
          qa: {share: 60}
          qb: {share: 40}
    """,
)

GN102 = define(
    "GN102",
    "ratio-shares-not-100",
    ERROR,
    """The shares of the children of one parent do not add up to 100.

    Shares are percentages of the parent, so siblings must add up to exactly 100. Fix the numbers,
    or pass ``--normalize`` to scale them proportionally (``30, 30`` becomes ``50, 50``).

    Bad::

        queues:
          qa: {share: 40}
          qb: {share: 40}

    Good::

        queues:
          qa: {share: 60}
          qb: {share: 40}
    """,
)

GN103 = define(
    "GN103",
    "ratio-value-missing",
    ERROR,
    """A queue has no ``share`` (or a required value is empty).

    Every queue needs its share of the parent, in percent. A ``defaults`` block cannot give shares.
    """,
)

GN104 = define(
    "GN104",
    "ratio-value-invalid",
    ERROR,
    """A value in the ratio file has the wrong type.

    A share or maximum that is not a number, a ``maxRunningApps`` that is not an integer, a
    ``schedulingPolicy`` other than fair, drf or fifo, a boolean that is not true or false.

    Bad::

        qa: {share: forty}

    Good::

        qa: {share: 40}
    """,
)

GN105 = define(
    "GN105",
    "ratio-value-out-of-range",
    ERROR,
    """A value in the ratio file is negative or above its limit.

    Shares and maximums lie between 0 and 100 (percent of the parent), weights and limits are not
    negative, ``fairSharePreemptionThreshold`` lies between 0 and 1.
    """,
)

GN106 = define(
    "GN106",
    "ratio-unknown-key",
    ERROR,
    """A key (or CSV column) is not part of the ratio-file schema.

    Allowed on a queue: ``share``, ``max``, ``queues`` and the Fair Scheduler queue element names
    (``weight``, ``schedulingPolicy``, ``maxRunningApps``, ``maxAMShare``, ``aclSubmitApps``,
    ``aclAdministerApps``, ``allowPreemptionFrom``, ``minSharePreemptionTimeout``,
    ``fairSharePreemptionTimeout``, ``fairSharePreemptionThreshold``, ``maxChildResources``,
    ``maxContainerAllocation``, reservation ACLs, ``reservation``). ``minResources`` and
    ``maxResources`` are computed from ``share`` and ``max`` and cannot be given. The message
    suggests the closest known key.

    Bad::

        qa: {share: 40, maxRunningApp: 10}

    Good::

        qa: {share: 40, maxRunningApps: 10}
    """,
)

GN107 = define(
    "GN107",
    "ratio-max-below-share",
    ERROR,
    """A queue's ``max`` is below its ``share``.

    Both are percentages of the parent; a maximum below the guaranteed share would give a Fair
    Scheduler ``maxResources`` below ``minResources`` and a Capacity Scheduler
    ``maximum-capacity`` below ``capacity``, which the ResourceManager rejects.
    """,
)

GN108 = define(
    "GN108",
    "ratio-cluster-invalid",
    ERROR,
    """The cluster size is missing or is not an absolute resource.

    Give it in the ratio file (``cluster: "memory-mb=1024000, vcores=1000"``) or with ``--cluster``,
    in the Fair Scheduler syntax (``memory-mb=102400, vcores=100`` or ``102400 mb, 100 vcores``).
    """,
)

GN109 = define(
    "GN109",
    "ratio-queue-name-invalid",
    ERROR,
    """A queue name in the ratio file cannot be used.

    It is empty, contains a dot or surrounding whitespace, is given twice under one parent, is
    nested more than 100 levels deep, or (CSV) names a queue whose parent has no row. Queue names
    become path elements (``root.qa.p0``); Hadoop refuses dots and blanks in them.
    """,
)

GN110 = define(
    "GN110",
    "generate-option-invalid",
    ERROR,
    """An option of ``fsctl generate`` cannot be used.

    ``--placement`` names a rule the preset cannot build or is given with ``--target capacity``,
    ``--weights`` is given with ``--target fair``, or ``--increment`` is not an absolute resource.

    The placement preset is a comma list of Fair Scheduler rule names: ``specified``, ``user``,
    ``primaryGroup``, ``secondaryGroupExistingQueue``, ``default``, ``reject``. Every rule but the
    last (and but ``specified``, ``secondaryGroupExistingQueue`` and ``reject``, whose ``create``
    means nothing) is written with ``create="false"`` so that later rules stay reachable.
    """,
)

GN111 = define(
    "GN111",
    "generated-output-invalid",
    ERROR,
    """The generated file does not pass fsctl's own validator, so it was not written.

    The validator's diagnostics follow, located in the generated text. With ``--template`` this
    usually means the template produces a file the scheduler cannot load.
    """,
)

GN112 = define(
    "GN112",
    "generate-template-error",
    ERROR,
    """The output template cannot be read or rendered.

    A syntax error, an undefined variable or a sandbox violation. A ``--template`` is rendered in a
    sandboxed jinja2 environment with ``StrictUndefined``: every variable it uses must exist. The
    context holds ``header`` (lines), ``ratio_file``, ``cluster`` (a mapping), ``cluster_text``,
    ``target``, ``root`` (the queue tree) and ``queues`` (the same, flattened); Fair adds
    ``settings`` and ``placement``, Capacity adds ``properties``. A queue has ``name``, ``path``,
    ``leaf``, ``share``, ``children`` and, for Fair, ``elements``, ``min_resources``,
    ``max_resources``, ``absolute_share``; for Capacity ``capacity``, ``maximum_capacity``,
    ``properties``.
    """,
)

GN201 = define(
    "GN201",
    "generate-setting-not-carried",
    WARNING,
    """A ratio-file setting has no equivalent in the target scheduler and was left out.

    For example ``fairSharePreemptionTimeout`` or ``maxChildResources`` when generating a
    capacity-scheduler.xml, or a ``weight`` in percentage mode (the share is the capacity).
    """,
)

GN202 = define(
    "GN202",
    "generate-share-rounds-to-zero",
    WARNING,
    """A queue with a non-zero share gets no guaranteed resources once rounded down.

    Amounts are rounded down to the scheduler's allocation increment
    (``yarn.scheduler.increment-allocation-mb``, ``-vcores``), so its guaranteed minimum is zero for
    that resource: give it a bigger share, or use a bigger cluster.
    """,
)
