"""Lint rules for the Fair Scheduler ``queuePlacementPolicy`` (``PL3xx``).

The policy loads, but some rules can never place an application, or place it somewhere it is
rejected (fs-parse.md §3.12, §5). The checks live in ``fsctl.lint.placement``.
"""

from fsctl.catalogue import INFO, WARNING, define

_PLACE = "RM/placement/"

PL301 = define(
    "PL301",
    "placement-target-is-parent",
    WARNING,
    """A ``default`` rule sends applications to a parent queue, where they are rejected.

    Applications can only run in leaf queues. When a placement rule returns a parent queue, the
    scheduler does not try the next rule: it rejects the application with
    "<queue> is not a leaf queue".

    Bad: ``<rule name="default" queue="root.prod"/>`` where ``root.prod`` has children.
    Good: ``<rule name="default" queue="root.prod.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source="FAIR/FairScheduler.java#addApplication",
)

PL302 = define(
    "PL302",
    "placement-target-missing",
    WARNING,
    """A rule with ``create="false"`` names a queue that is not in the file: it never places.

    With ``create="false"`` a rule only returns queues defined in the allocation file; for a
    ``default`` rule whose queue is not there the rule always passes to the next one (and, as the
    last rule, makes the policy reject everything it gets).

    Bad: ``<rule name="default" queue="root.fallback" create="false"/>`` without ``root.fallback``.
    Good: define ``root.fallback``, or drop ``create="false"``.
    """,
    lint_only=True,
    hadoop_source=_PLACE + "DefaultPlacementRule.java",
)

PL303 = define(
    "PL303",
    "nested-rule-under-leaf",
    WARNING,
    """A nested parent rule names a leaf queue: the rule never places anything.

    ``nestedUserQueue`` (and any rule with a nested parent rule) creates ``<parent>.<user>``; when
    the parent rule's queue exists as a leaf, Hadoop skips the rule (a leaf cannot have children).
    Point the parent rule at a parent queue (``type="parent"``).

    Bad: ``<rule name="nestedUserQueue"><rule name="default" queue="root.adhoc"/></rule>`` with
    ``root.adhoc`` a leaf.
    Good: ``<queue name="users" type="parent"/>`` and ``queue="root.users"``.
    """,
    lint_only=True,
    hadoop_source=_PLACE + "UserPlacementRule.java",
)

PL304 = define(
    "PL304",
    "placement-rule-shadowed",
    WARNING,
    """A rule always places, so the rules after it never run, although Hadoop does not see it.

    Hadoop's own check (PL106) only knows which rule *types* are terminal. A ``default`` rule
    with ``create="false"`` whose queue is defined in the file, or a rule with ``create="true"``
    whose nested parent rule always places, also places every application: everything after it
    is dead configuration.

    Bad: ``<rule name="default" queue="root.adhoc" create="false"/>`` followed by ``<rule name="reject"/>``
    Good: make the always-placing rule the last one.
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java",
)

PL305 = define(
    "PL305",
    "default-queue-undefined",
    INFO,
    """The queue the ``default`` rule places into is not defined in the file.

    It is created when the first application arrives, as a dynamic queue: with the default
    weight, no minimum share, the default limits, and removed again when empty. Define it (usually
    ``root.default``) to give the fallback queue its own limits and ACLs. Also reported, as a
    warning, when the file has no placement policy and yarn-site.xml sets
    ``yarn.scheduler.fair.allow-undeclared-pools`` to false: every unknown queue then ends in
    ``root.default``.

    Bad: ``<rule name="default"/>`` and no ``<queue name="default">``.
    Good: ``<queue name="default"><maxResources>...</maxResources></queue>``
    """,
    lint_only=True,
    hadoop_source=_PLACE + "DefaultPlacementRule.java, FAIR/QueuePlacementPolicy.java#fromConfiguration",
)

PL306 = define(
    "PL306",
    "create-not-true-false",
    WARNING,
    """A rule's ``create`` attribute is neither ``true`` nor ``false``; Hadoop reads it as ``false``.

    An absent or empty ``create`` means true; any other text goes through Java's
    ``Boolean.parseBoolean``, for which ``yes``, ``1`` and ``on`` are all false. That can also make
    the last rule non-terminal.

    Bad: ``<rule name="user" create="yes"/>``
    Good: ``<rule name="user" create="true"/>`` (or leave it out)
    """,
    lint_only=True,
    hadoop_source=_PLACE + "FSPlacementRule.java#getCreateFlag",
)

PL307 = define(
    "PL307",
    "placement-policy-without-rules",
    WARNING,
    """``<queuePlacementPolicy>`` contains no ``<rule>``: Hadoop silently ignores it.

    A policy with only whitespace, comments or other elements passes Hadoop's emptiness check
    and then yields no rules; the previous rule set (on a fresh start, the one derived from
    yarn-site.xml) stays active. Whatever the file seems to say about placement is not in force.

    Bad: ``<queuePlacementPolicy> <!-- todo --> </queuePlacementPolicy>``
    Good: ``<queuePlacementPolicy><rule name="specified"/><rule name="default"/></queuePlacementPolicy>``
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java#fromXml",
)

PL308 = define(
    "PL308",
    "placement-unknown-element",
    WARNING,
    """An element or attribute inside the placement policy that Hadoop ignores.

    Only ``<rule>`` elements (any letter case) are read inside ``<queuePlacementPolicy>`` and
    inside a rule (the nested parent rule); a rule reads ``name``, ``create`` and, for
    ``default``, ``queue``. Anything else is skipped without a word; the message suggests the
    closest known name.

    Bad: ``<rules name="specified"/>``, ``<rule name="default" queeu="root.adhoc"/>``
    Good: ``<rule name="specified"/>``, ``<rule name="default" queue="root.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java#fromXml",
)

PL309 = define(
    "PL309",
    "placement-attribute-ignored",
    INFO,
    """An attribute that this rule ignores (``queue`` off ``default``, ``create`` on ``reject``).

    ``queue`` means something only on ``default``; ``create`` is ignored by ``reject`` and by
    ``secondaryGroupExistingQueue``, which only ever returns existing queues.

    Bad: ``<rule name="specified" queue="root.adhoc"/>``
    Good: ``<rule name="default" queue="root.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source=_PLACE + "SecondaryGroupExistingPlacementRule.java, RejectPlacementRule.java",
)
