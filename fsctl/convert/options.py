"""What a conversion is asked to do, and the emitter that collects its properties and findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypedDict, Unpack

from fsctl.capacity import keys
from fsctl.convert.rules_file import RulesFile
from fsctl.model.diagnostics import Diagnostic, Rule, Severity
from fsctl.model.location import Location
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

PreemptionMode = Literal["enabled", "nopolicy", "observeonly"]

CS_PREFIX = keys.PREFIX  # the prefix of every key fsctl convert writes to capacity-scheduler.xml


@dataclass(frozen=True)
class ConvertOptions:
    """The switches of ``fsctl convert`` that shape the output (fs2cs.md §1.2 names in brackets)."""

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
        return not self.percentage


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

    def fs2cs_rule(
        self, action_key: str, rule: Rule, location: Location | None, message: str, **where: Unpack[Where]
    ) -> None:
        """A finding that fs2cs raises through its rule handler under ``<action_key>.action``; ``where``
        is the finding's ``queue`` and ``property``."""
        if self.rules.action(action_key) != "abort":
            self.finding(rule, location, message, **where)
            return
        self.aborted = True
        aborted = f"{message} (rules file: {action_key}.action=abort)"
        self.finding(rule, location, aborted, severity=Severity.ERROR, **where)
