"""Which diagnostics a run reports (``--select``/``--ignore``) and when it fails (``--fail-on``).

Every code, prefix or rule name given is checked against the catalogue: a misspelt ``--select
ZZ999`` would otherwise select nothing and report a broken file as clean.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fsctl.model.diagnostics import Diagnostic, Severity

UNREADABLE_CODES = frozenset({"XML001", "XML002", "XML003", "XML004", "XML005"})
#: stands for every code, in ``--select``/``--ignore`` and in inline comments
ALL = "ALL"


class UnknownRuleError(ValueError):
    """A code, prefix or name that no rule has; ``token`` is what the user wrote."""

    def __init__(self, token: str) -> None:
        super().__init__(f"{token!r} is not a rule code, code prefix or rule name (`fsctl rules` lists them)")
        self.token = token


def rule_code(token: str) -> str | None:
    """The code a rule code or kebab-case rule name stands for (``queue-name-has-dot`` -> ``FS101``),
    ``ALL`` for ``all``; None when no rule has it."""
    from fsctl import catalogue

    wanted = token.strip()
    if wanted.upper() == ALL:
        return ALL
    rule = catalogue.get(wanted)
    return rule.code if rule is not None else None


def _codes(values: Iterable[str]) -> tuple[str, ...]:
    """Comma-separated codes, prefixes or names as codes and prefixes; raises UnknownRuleError."""
    from fsctl import catalogue

    out: list[str] = []
    known: list[str] | None = None
    for value in values:
        for part in (p.strip() for p in value.split(",")):
            if not part:
                continue
            code = rule_code(part)
            if code is None:
                known = known if known is not None else [r.code for r in catalogue.all_rules()]
                prefix = part.upper()
                if not any(c.startswith(prefix) for c in known):
                    raise UnknownRuleError(part)
                code = prefix
            out.append("" if code == ALL else code)  # the empty prefix matches every code
    return tuple(out)


@dataclass(frozen=True)
class Selection:
    """Codes or code prefixes (``FS``, ``FS3``, ``FS301``), ruff-style: the longest match wins."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    @classmethod
    def of(cls, select: Iterable[str] = (), ignore: Iterable[str] = ()) -> Selection:
        """Raises :class:`UnknownRuleError` for a code, prefix or name no rule has."""
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
        if not self.select and not self.ignore:
            return list(diagnostics)  # keeps() is True for every code
        verdicts: dict[str, bool] = {}  # per code: a large file has thousands of findings of a few rules
        kept = []
        for diagnostic in diagnostics:
            keep = verdicts.get(diagnostic.code)
            if keep is None:
                keep = verdicts[diagnostic.code] = self.keeps(diagnostic.code)
            if keep:
                kept.append(diagnostic)
        return kept


def fails(diagnostics: Sequence[Diagnostic], fail_on: Severity | None) -> bool:
    """Whether a finding is at least ``fail_on`` (None: no finding fails the run)."""
    return fail_on is not None and any(d.severity >= fail_on for d in diagnostics)
