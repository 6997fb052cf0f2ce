"""Fair Scheduler ``queuePlacementPolicy`` rules that mirror Hadoop: ``PL1xx`` load errors,
``PL2xx`` warnings (fs-parse.md §3.11). Lint-only placement checks are ``PL3xx``.
"""

from fsctl.catalogue import ERROR, WARNING, define

_POLICY = "QueuePlacementPolicy.java#fromXml"

PL101 = define(
    "PL101",
    "placement-policy-empty",
    ERROR,
    """``<queuePlacementPolicy/>`` has no content at all.

    Hadoop: "Empty configuration for QueuePlacementPolicy is not allowed". Remove the element to
    get the policy derived from yarn-site.xml, or list the rules.

    Bad:  ``<queuePlacementPolicy/>``
    Good: ``<queuePlacementPolicy><rule name="specified"/><rule name="default"/></queuePlacementPolicy>``
    """,
    hadoop_source=_POLICY,
)

PL102 = define(
    "PL102",
    "placement-rule-without-name",
    ERROR,
    """A ``<rule>`` (or nested parent rule) has no ``name`` attribute.

    Hadoop: "No name provided for a rule element".

    Bad:  ``<rule create="false"/>``
    Good: ``<rule name="specified" create="false"/>``
    """,
    hadoop_source=_POLICY + "#createRule",
)

PL103 = define(
    "PL103",
    "placement-rule-unknown",
    ERROR,
    """A rule name is not one of Hadoop's placement rules.

    The names are case-sensitive: ``specified``, ``user``, ``primaryGroup``,
    ``secondaryGroupExistingQueue``, ``nestedUserQueue``, ``default``, ``reject``. Hadoop:
    "No rule class found for <name>".

    Bad:  ``<rule name="primarygroup"/>``
    Good: ``<rule name="primaryGroup"/>``
    """,
    hadoop_source=_POLICY + "#createRule",
)

PL104 = define(
    "PL104",
    "placement-parent-rule-not-allowed",
    ERROR,
    """A nested parent rule is ``reject`` or ``nestedUserQueue``.

    A parent rule supplies the parent queue for the rule around it; these two cannot. Hadoop:
    "Rule '<name>' is not allowed as a parent rule for any rule".

    Bad:  ``<rule name="nestedUserQueue"><rule name="reject"/></rule>``
    Good: ``<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>``
    """,
    hadoop_source=_POLICY + "#getParentRuleElement",
)

PL105 = define(
    "PL105",
    "nested-user-queue-without-parent",
    ERROR,
    """A ``nestedUserQueue`` rule has no nested parent rule.

    Hadoop: "Rule 'nestedUserQueue' must have a parent rule set".

    Bad:  ``<rule name="nestedUserQueue"/>``
    Good: ``<rule name="nestedUserQueue"><rule name="primaryGroup" create="false"/></rule>``
    """,
    hadoop_source=_POLICY,
)

PL106 = define(
    "PL106",
    "placement-rules-unreachable",
    ERROR,
    """A terminal rule is followed by more rules, which can never apply.

    ``reject`` is always terminal; ``user``, ``primaryGroup``, ``nestedUserQueue`` and ``default``
    are terminal when they may create the queue (``create`` absent or true) and their parent rule
    is terminal too. Hadoop: "Rules after rule <n> in queue placement policy can never be reached"
    (``n`` counts from 1). Only the fs2cs migration mode turns this into a warning.

    Bad:  ``<rule name="specified"/><rule name="default"/><rule name="user"/>``
    Good: ``<rule name="specified"/><rule name="user"/>``
    """,
    hadoop_source=_POLICY + "#updateRuleSet",
)

PL107 = define(
    "PL107",
    "placement-last-rule-not-terminal",
    ERROR,
    """The last placement rule may not place the application.

    An application that falls through every rule has nowhere to go. ``specified`` and
    ``secondaryGroupExistingQueue`` are never terminal, and a rule with ``create="false"`` is not.
    Hadoop: "Could get past last queue placement rule without assigning".

    Bad:  ``<rule name="specified"/><rule name="user" create="false"/>``
    Good: ``<rule name="specified"/><rule name="user" create="false"/><rule name="default"/>``
    """,
    hadoop_source=_POLICY + "#updateRuleSet",
)

PL108 = define(
    "PL108",
    "placement-rule-init-failed",
    ERROR,
    """A rule has a parent rule it cannot take.

    ``specified``, ``default`` and ``reject`` take no parent rule, and a rule cannot be nested in
    a rule of its own kind (``user`` in ``user``). Hadoop: "Rule initialisation failed with
    exception" with the reason, e.g. "Parent rule must not be configured for Default rule."

    Bad:  ``<rule name="default"><rule name="primaryGroup"/></rule>``
    Good: ``<rule name="nestedUserQueue"><rule name="primaryGroup"/></rule>``
    """,
    hadoop_source="placement/*PlacementRule.java#initialize",
)

PL201 = define(
    "PL201",
    "placement-multiple-parent-rules",
    WARNING,
    """A rule has more than one nested parent rule; only the last one is used.

    Hadoop logs "Rule '<name>' has multiple parent rules defined, only the last parent rule will be
    used".

    Bad:  ``<rule name="nestedUserQueue"><rule name="primaryGroup"/><rule name="default"/></rule>``
    Good: ``<rule name="nestedUserQueue"><rule name="default"/></rule>``
    """,
    hadoop_source=_POLICY + "#getParentRuleElement",
)

PL202 = define(
    "PL202",
    "default-rule-illegal-queue",
    WARNING,
    """The ``queue`` of a ``default`` rule is not a legal queue name; ``root.default`` is used.

    Leading or trailing whitespace, or a leading or trailing period, make Hadoop log "Default rule
    configured with an illegal queue name: '<q>'" and place applications in ``root.default``.

    Bad:  ``<rule name="default" queue="root.adhoc."/>``
    Good: ``<rule name="default" queue="root.adhoc"/>``
    """,
    hadoop_source="placement/DefaultPlacementRule.java#setConfig",
)
