"""Which diagnostics a run reports (``--select``/``--ignore``) and when it fails (``--fail-on``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fsctl.model.diagnostics import Diagnostic, Severity

UNREADABLE_CODES = frozenset({"XML001", "XML002", "XML003", "XML004", "XML005"})


def _codes(values: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for value in values:
        out.extend(part.strip().upper() for part in value.split(",") if part.strip())
    return tuple(out)


@dataclass(frozen=True)
class Selection:
    """Codes or code prefixes (``FS``, ``FS3``, ``FS301``), ruff-style: the longest match wins."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def of(cls, select: Iterable[str] = (), ignore: Iterable[str] = ()) -> Selection:
        return cls(_codes(select), _codes(ignore))

    def keeps(self, code: str) -> bool:
        if code in UNREADABLE_CODES:
            return True  # a file that cannot be read is never silenced
        best_select = max((len(p) for p in self.select if code.startswith(p)), default=-1)
        best_ignore = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        if self.select and best_select < 0:
            return False
        return best_ignore < 0 or best_select > best_ignore

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if self.keeps(d.code)]


def fails(diagnostics: Sequence[Diagnostic], fail_on: Severity) -> bool:
    return any(d.severity >= fail_on for d in diagnostics)
