"""Inline suppression comments.

``<!-- fsctl: disable=FS104,FS201 -->`` silences those codes on the next element and everything in
it; ``<!-- fsctl: disable-file=FS104 -->`` silences them for the whole file. ``all`` stands for every
code, and a rule's name works wherever its code does.

The comments are checked too (``FX0xx``): a code no rule has, a code that silenced nothing, and a
load error, which a comment cannot hide (the ResourceManager refuses the file whatever it says;
``--ignore`` is the explicit way to leave one out of a report).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from lxml import etree

from fsctl.io.xmldoc import XmlDocument
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location

# compiled on first use (re's cache): only files that mention "fsctl:" need it
_DIRECTIVE = r"^\s*fsctl:\s*(disable|disable-file)\s*=\s*([\w,\s-]+?)\s*$"
#: the codes of what Hadoop itself refuses to load (the rest are fsctl's findings about it)
_HADOOP_PREFIXES = ("XML", "FS", "CS", "PL")


@dataclass(eq=False)
class Directive:
    """One ``fsctl: disable`` comment: where it is, what it names, and what it silenced."""

    location: Location
    #: code (or ``ALL``) -> the text written in the comment
    codes: dict[str, str]
    unknown: list[str]
    #: lines it covers; None for ``disable-file``
    lines: tuple[int, int] | None
    used: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)

    def covers(self, diagnostic: Diagnostic) -> str | None:
        """The code of this comment that names the diagnostic, if any."""
        if self.lines is not None and not self.lines[0] <= diagnostic.line <= self.lines[1]:
            return None
        if diagnostic.code in self.codes:
            return diagnostic.code
        return "ALL" if "ALL" in self.codes else None


@dataclass
class Suppressions:
    directives: list[Directive] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.directives)

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        """The diagnostics no comment silences; remembers which comment silenced what."""
        if not self:
            return list(diagnostics)
        kept = []
        for d in diagnostics:
            silenced = False
            for directive in self.directives:
                code = directive.covers(d)
                if code is None:
                    continue
                if is_load_error(d):
                    if code != "ALL":
                        directive.refused.add(code)
                else:
                    directive.used.add(code)
                    silenced = True
            if not silenced:
                kept.append(d)
        return kept

    def problems(self, judged: Callable[[str], bool]) -> list[Diagnostic]:
        """``FX0xx`` findings about the comments, after :meth:`apply` has seen every diagnostic.

        ``judged(code)``: whether the command runs that rule, so a silence that matched nothing is
        really unused (a lint rule's comment is not unused under ``fsctl validate``)."""
        from fsctl.catalogue import suppression as rules

        found: list[Diagnostic] = []
        for directive in self.directives:
            where = directive.location
            for text in directive.unknown:
                found.append(rules.FX001.at(where, f"fsctl: disable names {text!r}, which no rule has"))
            for code, text in directive.codes.items():
                if code in directive.refused:
                    found.append(
                        rules.FX003.at(
                            where,
                            f"{text} is a load error the ResourceManager raises whatever this comment says; "
                            f"it is still reported (--ignore {code} leaves it out on purpose)",
                        )
                    )
                elif code not in directive.used and (code == "ALL" or judged(code)):
                    found.append(rules.FX002.at(where, f"fsctl: disable={text} silences nothing here"))
        return found


def judged_by(prefixes: tuple[str, ...], *, lint: bool) -> Callable[[str], bool]:
    """Whether a command that reports codes of these prefixes (and lint rules, with ``lint``) would
    report a code: the ``judged`` of :meth:`Suppressions.problems`."""
    from fsctl.catalogue import get

    def judged(code: str) -> bool:
        rule = get(code)
        return code.startswith(prefixes) and rule is not None and (lint or not rule.lint_only)

    return judged


def is_load_error(diagnostic: Diagnostic) -> bool:
    """An error the ResourceManager raises when loading the file (not one of fsctl's lint checks)."""
    from fsctl.catalogue import declared

    if diagnostic.severity < Severity.ERROR or not diagnostic.code.startswith(_HADOOP_PREFIXES):
        return False
    rule = declared(diagnostic.code)
    return rule is None or not rule.lint_only


def find_suppressions(doc: XmlDocument) -> Suppressions:
    found = Suppressions()
    if b"fsctl:" not in doc.data:
        return found
    for comment in doc.root.getroottree().iter(etree.Comment):
        match = re.match(_DIRECTIVE, comment.text or "")
        if not match:
            continue
        codes, unknown = _named_codes(match.group(2))
        where = _comment_location(doc, comment)
        if match.group(1) == "disable-file":
            found.directives.append(Directive(where, codes, unknown, None))
            continue
        target = comment.getnext()
        while target is not None and not isinstance(target.tag, str):
            target = target.getnext()
        if target is None:
            found.directives.append(Directive(where, codes, unknown, (0, -1)))  # covers nothing
            continue
        first = doc.location(target).line
        last = max(line if isinstance(line := node.sourceline, int) else first for node in target.iter())
        found.directives.append(Directive(where, codes, unknown, (first, max(first, last))))
    return found


def _named_codes(text: str) -> tuple[dict[str, str], list[str]]:
    from fsctl.catalogue.selection import rule_code

    codes: dict[str, str] = {}
    unknown: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        code = rule_code(part)
        if code is None:
            unknown.append(part)
        else:
            codes.setdefault(code, part)
    return codes, unknown


def _comment_location(doc: XmlDocument, comment: etree._Element) -> Location:
    """The comment's own line (libxml2 gives where it ends) and the column of its ``<!--``."""
    line = comment.sourceline if isinstance(comment.sourceline, int) else 1
    lines = doc.lines
    for candidate in range(min(line, len(lines)), 0, -1):
        column = lines[candidate - 1].rfind("<!--")
        if column >= 0:
            return Location(doc.path, candidate, column + 1)
    return Location(doc.path, line, 1)
