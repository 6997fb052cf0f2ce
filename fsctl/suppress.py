"""Inline suppression comments.

``<!-- fsctl: disable=FS104,FS201 -->`` silences those codes on the next element and everything in
it; ``<!-- fsctl: disable-file=FS104 -->`` silences them for the whole file. ``all`` stands for every
code.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from lxml import etree

from fsctl.model.diagnostics import Diagnostic
from fsctl.xmldoc import XmlDocument

# compiled on first use (re's cache): only files that mention "fsctl:" need it
_DIRECTIVE = r"^\s*fsctl:\s*(disable|disable-file)\s*=\s*([\w,\s-]+?)\s*$"


@dataclass
class Suppressions:
    whole_file: set[str] = field(default_factory=set)
    #: (first line, last line, codes)
    ranges: list[tuple[int, int, frozenset[str]]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.whole_file or self.ranges)

    def silences(self, diagnostic: Diagnostic) -> bool:
        code = diagnostic.code
        if _matches(code, self.whole_file):
            return True
        line = diagnostic.line
        return any(first <= line <= last and _matches(code, codes) for first, last, codes in self.ranges)

    def apply(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        if not self:
            return list(diagnostics)
        return [d for d in diagnostics if not self.silences(d)]


def _matches(code: str, codes: Iterable[str]) -> bool:
    return any(c == "ALL" or code == c for c in codes)


def find_suppressions(doc: XmlDocument) -> Suppressions:
    found = Suppressions()
    if b"fsctl:" not in doc.data:
        return found
    for comment in doc.root.getroottree().iter(etree.Comment):
        match = re.match(_DIRECTIVE, comment.text or "")
        if not match:
            continue
        codes = frozenset(c.strip().upper() for c in match.group(2).split(",") if c.strip())
        if match.group(1) == "disable-file":
            found.whole_file |= codes
            continue
        target = comment.getnext()
        while target is not None and not isinstance(target.tag, str):
            target = target.getnext()
        if target is None:
            continue
        first = doc.location(target).line
        last = max(line if isinstance(line := node.sourceline, int) else first for node in target.iter())
        found.ranges.append((first, max(first, last), codes))
    return found
