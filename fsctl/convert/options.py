"""What a conversion is asked to do, and the emitter that collects its properties and findings."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict, Unpack

from fsctl.capacity import keys
from fsctl.catalogue.convert import CV303
from fsctl.convert.rules_file import RulesFile
from fsctl.model.diagnostics import Diagnostic, Rule, Severity
from fsctl.model.location import Location
from fsctl.model.tree import Queue, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

PreemptionMode = Literal["enabled", "nopolicy", "observeonly"]

CS_PREFIX = keys.PREFIX  # the prefix of every key fsctl convert writes to capacity-scheduler.xml


@dataclass(frozen=True)
class ConvertOptions:
    """The switches of ``fsctl convert`` that shape the output (fs2cs.md §1.2 names in brackets).

    Before 3.4 fs2cs has neither switch: 3.3.6's ``FSQueueConverter.emitChildCapacity`` writes
    percentages only, and placement rules are converted only when asked (``-m``), to the legacy
    ``queue-mappings`` fsctl does not write. A target below 3.4 does what that fs2cs does by itself:
    :attr:`weight_mode` and :attr:`json_placement` are off whatever the switches say.
    """

    percentage: bool = False  # -pc
    rules: RulesFile = field(default_factory=RulesFile)  # -r
    convert_placement: bool = True  # not -sp
    rules_to_file: bool = False  # -e
    #: where -e writes mapping-rules.json (absolute), named by mapping-rule-json-file; None: not known
    rules_file_path: str | None = None
    enable_async: bool = False  # -a
    preemption_mode: PreemptionMode = "enabled"  # -dp
    cluster: dict[str, int] | None = None
    fallback_queue: str | None = None
    share_tolerance: float = 10.0
    hadoop_version: HadoopVersion = DEFAULT_VERSION

    @property
    def weight_mode(self) -> bool:
        return not self.percentage and self.hadoop_version >= (3, 4)

    @property
    def json_placement(self) -> bool:
        """Placement rules become JSON mapping rules (3.4's fs2cs without ``-sp``)."""
        return self.convert_placement and self.hadoop_version >= (3, 4)


class Where(TypedDict, total=False):
    """The queue and property a finding is about."""

    queue: str | None
    property: str | None


class Emitter:
    """Ordered capacity-scheduler.xml and yarn-site.xml properties, plus findings.

    ``fs2cs_rule`` applies a rules-file action: ``warning`` keeps the finding as it is, ``abort``
    raises it to an error and marks the conversion aborted (fs2cs throws on the first one; fsctl
    lists them all and writes nothing).
    """

    def __init__(self, rules: RulesFile) -> None:
        self.capacity: dict[str, str] = {}
        self.site: dict[str, str] = {}
        self.findings: list[Diagnostic] = []
        self.rules = rules
        self.aborted = False

    def cs(self, key: str, value: str) -> None:
        """Set ``yarn.scheduler.capacity.<key>`` (a later value replaces an earlier one)."""
        self.capacity[CS_PREFIX + key] = value

    def cs_raw(self, key: str, value: str) -> None:
        self.capacity[key] = value

    def get_cs(self, key: str) -> str | None:
        return self.capacity.get(CS_PREFIX + key)

    def add(self, diagnostic: Diagnostic) -> None:
        self.findings.append(diagnostic)

    def finding(
        self,
        rule: Rule,
        location: Location | None,
        message: str,
        *,
        queue: str | None = None,
        property: str | None = None,
        severity: Severity | None = None,
    ) -> None:
        self.findings.append(rule.at(location, message, queue=queue, property=property, severity=severity))

    def on_setting(self, rule: Rule, queue: Queue, name: str, message: str) -> None:
        """A finding about ``<name>`` of ``queue``, located at that element (else at the queue)."""
        self.finding(rule, queue.setting_location(name), message, queue=queue.path, property=name)

    def not_converted(
        self,
        settings: Mapping[str, Setting],
        names: Iterable[str],
        where: Location | None,
        queue: str | None = None,
    ) -> None:
        """CV303 for each of ``names`` set in ``settings`` (a queue's, or the top level's when
        ``queue`` is None): Fair settings with no Capacity Scheduler equivalent."""
        of_queue = f" of queue {queue}" if queue is not None else ""
        for name in names:
            setting = settings.get(name)
            if setting is None:
                continue
            shown = setting.raw.strip() if setting.raw else str(setting.value)
            self.finding(
                CV303,
                setting.location or where,
                f"<{name}>{shown}</{name}>{of_queue} has no Capacity Scheduler equivalent and is not "
                "converted",
                queue=queue,
                property=name,
            )

    def fs2cs_rule(
        self,
        action_key: str,
        rule: Rule,
        location: Location | None,
        message: str,
        severity: Severity | None = None,
        **where: Unpack[Where],
    ) -> None:
        """A finding that fs2cs raises through its rule handler under ``<action_key>.action``; ``where``
        is the finding's ``queue`` and ``property``, ``severity`` replaces the rule's unless it aborts."""
        if self.rules.action(action_key) != "abort":
            self.findings.append(rule.at(location, message, severity=severity, **where))
            return
        self.aborted = True
        aborted = f"{message} (rules file: {action_key}.action=abort)"
        self.finding(rule, location, aborted, severity=Severity.ERROR, **where)
