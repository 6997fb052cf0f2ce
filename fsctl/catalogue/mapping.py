"""Capacity Scheduler queue mapping rules (``PL5xx`` Hadoop load errors and warnings, ``PL6xx`` lint).

Legacy ``yarn.scheduler.capacity.queue-mappings`` and ``yarn.scheduler.queue-placement-rules.app-name``
entries, and JSON rules (``mapping-rule-json`` / ``mapping-rule-json-file``). The ResourceManager
validates every rule when it loads the configuration; any failure aborts the start or the refresh.
An unknown ``mapping-rule-format`` and a JSON format without rules are ``CS125`` and ``CS207``
(``fsctl.catalogue.capacity``).
"""

from fsctl.catalogue import ERROR, INFO, WARNING, define

_CSC = "RM/scheduler/capacity/CapacitySchedulerConfiguration.java"
_CREATOR = "RM/scheduler/capacity/placement/MappingRuleCreator.java"
_VALIDATION = "RM/placement/csmappingrule/MappingRuleValidationContextImpl.java"

PL501 = define(
    "PL501",
    "legacy-mapping-malformed",
    ERROR,
    """A legacy mapping entry does not have the expected number of parts.

    ``queue-mappings`` entries are ``u:<user>:<queue>`` or ``g:<group>:<queue>`` (three parts);
    ``yarn.scheduler.queue-placement-rules.app-name`` entries are ``<app>:<queue>`` (two parts).
    Parts are split on ``:`` and empty parts vanish, so ``u::q`` has two parts. Hadoop fails the
    load with ``Illegal queue mapping <entry>``.
    """,
    hadoop_source=_CSC + " parseLegacyMappingRules",
)

PL502 = define(
    "PL502",
    "legacy-mapping-unknown-prefix",
    ERROR,
    """A legacy ``queue-mappings`` entry starts with something other than ``u`` or ``g``.

    The prefix is case-sensitive. Hadoop fails with ``unknown mapping prefix <p>``.

    Bad: ``U:alice:root.a``. Good: ``u:alice:root.a``.
    """,
    hadoop_source=_CSC + " parseLegacyMappingRules",
)

PL503 = define(
    "PL503",
    "mapping-json-invalid",
    ERROR,
    """The mapping-rule JSON cannot be read into Hadoop's schema.

    Malformed JSON, a document that is not an object, ``rules`` that is not an array, a rule that
    is not an object, or a field of the wrong type (an object where a string is expected, a
    ``create`` that is not a boolean). Jackson rejects these and the load fails with an IOException
    (``Error parsing mapping rule inline JSON.``).
    """,
    hadoop_source=_CREATOR + " getMappingRulesFromJson",
)

PL504 = define(
    "PL504",
    "mapping-json-file-unreadable",
    ERROR,
    """``mapping-rule-json-file`` names a file that cannot be read.

    Hadoop fails the load with ``Error reading or parsing mapping rule JSON file '<f>'.``. fsctl
    reads the file relative to the configuration file's folder (an absolute path is tried as is,
    then by its file name next to the configuration file).
    """,
    hadoop_source=_CSC + " parseJSONMappingRules",
)

PL505 = define(
    "PL505",
    "mapping-rule-missing-field",
    ERROR,
    """A JSON mapping rule lacks a field its policy requires.

    Every rule needs ``policy``, ``type`` and a non-empty ``matches`` (checked in that order);
    ``setDefaultQueue`` needs ``value`` and ``custom`` needs ``customPlacement``. Hadoop's
    messages: ``Rule policy is undefined``, ``Rule type is undefined``, ``Match string is undefined``,
    ``Match string is empty``, ``default queue is undefined``, ``custom queue is undefined``.

    Bad: ``{"type": "user", "matches": "*", "policy": "custom"}``.
    Good: ``{"type": "user", "matches": "*", "policy": "custom", "customPlacement": "root.a"}``.
    """,
    hadoop_source=_CREATOR + " checkMandatoryParameters",
)

PL506 = define(
    "PL506",
    "mapping-rule-group-matches-all",
    ERROR,
    """A ``group`` rule uses ``matches: "*"``.

    ``*`` means every user only for ``type: user``; for groups Hadoop fails with
    ``Cannot match '*' for groups``. To match everyone, use ``type: user``.
    """,
    hadoop_source=_CREATOR + " createMatcher",
)

PL507 = define(
    "PL507",
    "mapping-rule-unknown-value",
    ERROR,
    """A JSON mapping rule has a value outside the schema's enumeration.

    ``type`` is one of ``user``, ``group``, ``application``; ``policy`` one of ``specified``,
    ``reject``, ``defaultQueue``, ``user``, ``primaryGroup``, ``secondaryGroup``,
    ``primaryGroupUser``, ``secondaryGroupUser``, ``applicationName``, ``setDefaultQueue``,
    ``custom``; ``fallbackResult`` one of ``skip``, ``reject``, ``placeDefault``. Values are
    case-sensitive; Jackson refuses anything else and the load fails.
    """,
    hadoop_source="RM/src/main/json_schema/MappingRulesDescription.json",
)

PL508 = define(
    "PL508",
    "mapping-rule-target-invalid",
    ERROR,
    """A mapping rule places applications into a queue that cannot exist.

    When it loads the rules, the ResourceManager checks every target against the queue tree and
    fails the start or refresh when a static target is missing, is a parent queue, is an ambiguous
    short name, or names a parent that cannot create queues; and when the static part of a
    dynamic target (``root.a.%user``) is a leaf, or no eligible parent exists. The message is
    Hadoop's, for example ``Path root 'x' does not exist. Path 'x.%user' is invalid``.

    Bad: ``u:alice:root.analytics`` where ``root.analytics`` has child queues.
    Good: ``u:alice:root.analytics.adhoc``.
    """,
    hadoop_source=_VALIDATION + " validateQueuePath",
)

PL601 = define(
    "PL601",
    "mapping-rule-unreachable",
    WARNING,
    """A mapping rule comes after a rule that always decides, so it never runs.

    Rules are evaluated in order and the first one that places or rejects wins. A rule that
    matches every application (``u:%user:...``, ``type: user`` with ``matches: "*"``,
    ``%application``) and whose failure still decides (a ``reject`` policy, fallback
    ``placeDefault`` or ``reject``; every legacy rule falls back to ``placeDefault``) ends the list.

    Bad: ``u:%user:%user,u:alice:root.adhoc`` (alice's rule is never reached).
    Good: ``u:alice:root.adhoc,u:%user:%user``.
    """,
    lint_only=True,
    hadoop_source="RM/placement/CSMappingPlacementRule.java getPlacementForApp",
)

PL602 = define(
    "PL602",
    "mapping-rule-unknown-field",
    WARNING,
    """A JSON mapping rule has a field Hadoop does not know; it is ignored.

    The generated schema classes keep unknown properties aside, so a misspelt field
    (``parentqueue``, ``fallback``) silently takes its default. The message suggests the closest
    known field.
    """,
    lint_only=True,
    hadoop_source="RM/src/main/json_schema/MappingRulesDescription.json",
)

PL603 = define(
    "PL603",
    "mapping-rule-unknown-variable",
    WARNING,
    """A mapping target uses ``%`` text that is not a placement variable.

    Only whole path segments that are exactly ``%user``, ``%primary_group``, ``%secondary_group``,
    ``%application``, ``%specified`` or ``%default`` are substituted; ``%username``, ``%group`` or
    ``root.q_%user`` stay literal, so the target is a static queue name that almost certainly does
    not exist.
    """,
    lint_only=True,
    hadoop_source="RM/placement/VariableContext.java replacePathVariables",
)

PL604 = define(
    "PL604",
    "mapping-rule-ignored-field",
    INFO,
    """A JSON mapping rule sets a field its policy does not use.

    ``parentQueue`` applies only to ``user``, ``primaryGroup``, ``secondaryGroup``,
    ``primaryGroupUser``, ``secondaryGroupUser`` and ``applicationName``; ``value`` only to
    ``setDefaultQueue``; ``customPlacement`` only to ``custom``; ``create`` and ``fallbackResult``
    mean nothing for ``reject`` and ``setDefaultQueue``, and ``create`` nothing for
    ``defaultQueue`` (always false).
    """,
    lint_only=True,
    hadoop_source=_CREATOR + " createAction",
)

PL605 = define(
    "PL605",
    "legacy-mapping-duplicate",
    WARNING,
    """A legacy mapping entry is listed more than once; Hadoop keeps only the first.

    The list is read into an ordered set, so the repeated entry is dropped silently.
    """,
    lint_only=True,
    hadoop_source="hadoop-common StringUtils.getTrimmedStringCollection",
)

PL606 = define(
    "PL606",
    "mapping-rules-inactive",
    WARNING,
    """Mapping rules are configured in a family that is not active, so they are ignored.

    ``mapping-rule-format=legacy`` (the default) ignores ``mapping-rule-json`` and
    ``mapping-rule-json-file``; ``json`` ignores ``queue-mappings`` and the app-name mappings; an
    inline ``mapping-rule-json`` makes ``mapping-rule-json-file`` unused; Hadoop before 3.4 has no
    JSON rules at all.
    """,
    lint_only=True,
    hadoop_source=_CSC + " getMappingRules",
)

PL607 = define(
    "PL607",
    "mapping-rule-literal-star",
    WARNING,
    """An ``application`` rule matches ``*``, which is literal for application names.

    Only ``type: user`` treats ``*`` as "everyone"; an application rule with ``matches: "*"``
    matches only an application named ``*``. Use ``%application`` to match every application.
    """,
    lint_only=True,
    hadoop_source=_CREATOR + " createMatcher",
)
