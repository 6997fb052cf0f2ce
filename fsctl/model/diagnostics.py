"""Rules and the diagnostics they produce.

A rule is a stable code (``FS101``), a kebab-case name, a default severity and a docstring that is its
user documentation. Rules are declared once, in ``fsctl.catalogue``; readers, linters and the converter
emit diagnostics through them so that a code can never drift from its name or severity.
"""

from __future__ import annotations

import builtins
import enum
from dataclasses import dataclass, field, replace
from typing import Protocol

from fsctl.model.location import DeferredLocation, Location


class QueueWithSettings(Protocol):
    """What :meth:`Rule.on` needs of a queue (``fsctl.model.tree.Queue``)."""

    @property
    def path(self) -> str: ...

    def setting_location(self, name: str) -> Location | None: ...


class Severity(enum.IntEnum):
    INFO = 0
    WARNING = 1
    ERROR = 2

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        return cls[text.strip().upper()]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    name: str
    severity: Severity
    message: str
    location: Location | None = None
    queue: str | None = None
    property: str | None = None

    @builtins.property
    def file(self) -> str | None:
        return self.location.file if self.location else None

    @builtins.property
    def line(self) -> int:
        return self.location.line if self.location else 0

    @builtins.property
    def column(self) -> int:
        return self.location.column if self.location else 0

    def sort_key(self) -> tuple[str, int, int, str, str]:
        location = self.location  # (file, line, column) read once: thousands of findings are sorted
        if location is None:
            return ("", 0, 0, self.code, self.message)
        return (location.file or "", location.line, location.column, self.code, self.message)

    def with_severity(self, severity: Severity) -> Diagnostic:
        return replace(self, severity=severity)


@dataclass(frozen=True)
class Rule:
    """One entry of the rule catalogue.

    ``lint_only`` rules are checks Hadoop does not make; ``fsctl validate`` leaves them out.
    """

    code: str
    name: str
    severity: Severity
    doc: str
    lint_only: bool = False
    hadoop_source: str = ""
    _registered: bool = field(default=False, compare=False, repr=False)

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.name

    @property
    def documentation(self) -> str:
        import textwrap  # for `fsctl rules` only: kept off the start-up path

        # the summary sits on the docstring's first line, unindented; the body is indented
        first, _, rest = self.doc.strip("\n").partition("\n")
        body = textwrap.dedent(rest).strip("\n")
        return f"{first.strip()}\n\n{body}" if body else first.strip()

    def on(self, queue: QueueWithSettings, setting: str, message: str) -> Diagnostic:
        """A diagnostic about one setting of a queue, where the file declares it (else the queue)."""
        return self.at(queue.setting_location(setting), message, queue=queue.path, property=setting)

    def at(
        self,
        location: Location | DeferredLocation | None,
        message: str,
        *,
        queue: str | None = None,
        property: str | None = None,
        severity: Severity | None = None,
    ) -> Diagnostic:
        """A diagnostic of this rule at ``location`` (worked out now, if it was deferred)."""
        if isinstance(location, DeferredLocation):
            location = location.resolve()
        if "\n" in message or "\r" in message:  # a finding is one line, whatever the input quoted in it
            message = message.replace("\r", "\\r").replace("\n", "\\n")
        return Diagnostic(
            code=self.code,
            name=self.name,
            severity=self.severity if severity is None else severity,
            message=message,
            location=location,
            queue=queue,
            property=property,
        )
