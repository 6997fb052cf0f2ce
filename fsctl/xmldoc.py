"""Safe XML loading with source locations.

Every scheduler file goes through :func:`load_xml`: entities are never resolved, no DTD is loaded,
the network is never touched, and a document with a ``<!DOCTYPE>`` is refused outright (newer Hadoop
refuses it too: ``XMLUtils`` sets ``disallow-doctype-decl``). lxml reports only the line of an
element; the column is recovered from the text of that line.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.rules import document as rules

MAX_BYTES = 64 * 1024 * 1024  # a 100,000-queue allocation file is about 15 MB
# comments, CDATA, processing instructions and declarations are skipped; group 1 is a start tag's name
_MARKUP = re.compile(
    r"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<![^>]*>|<([^\s/>!?]+)(?:[^>\"']+|\"[^\"]*\"|'[^']*')*>",
    re.S,
)


def _parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        remove_comments=False,
        remove_pis=False,
        huge_tree=False,
        collect_ids=False,
    )


class XmlLoadError(Exception):
    """The file could not be turned into an XML tree; ``diagnostic`` says why and where."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


@dataclass(eq=False)
class XmlDocument:
    path: str
    root: etree._Element
    data: bytes
    _lines: list[str] | None = field(default=None, repr=False)
    _starts: dict[tuple[int, str], list[tuple[int, int]]] | None = field(default=None, repr=False)

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = self.data.decode("utf-8", errors="replace").splitlines()
        return self._lines

    def location(self, node: etree._Element | None) -> Location:
        """File, line and column of an element's start tag (column 1 when it cannot be found)."""
        if node is None:
            return Location(self.path, 1, 1)
        source_line = node.sourceline
        line: int = source_line if isinstance(source_line, int) and source_line > 0 else 1
        tag = node.tag
        if isinstance(tag, str):
            # one scan of the text finds every start tag; libxml2's sourceline is the line where
            # the start tag ends, so (that line, tag, rank among same-tag tags ending there) is a key
            starts = (self._starts or self._start_tags()).get((line, tag.rpartition("}")[2]))
            if starts:
                rank = self._same_line_index(node, line, node.tag)
                if rank < len(starts):
                    return Location(self.path, *starts[rank])
        found = self._find_start_tag(node, line)
        return Location(self.path, found[0], found[1])

    def _start_tags(self) -> dict[tuple[int, str], list[tuple[int, int]]]:
        """(line where a start tag ends, local name) -> [(line, column) where it begins], in order."""
        if self._starts is None:
            starts: dict[tuple[int, str], list[tuple[int, int]]] = {}
            text = self.data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
            line, scanned = 1, 0
            for match in _MARKUP.finditer(text):
                name = match.group(1)
                if name is None:
                    continue
                begin = match.start()
                line += text.count("\n", scanned, begin)
                scanned = begin
                column = begin - text.rfind("\n", 0, begin)
                end_line = line + text.count("\n", begin, match.end())
                starts.setdefault((end_line, name.rpartition(":")[2]), []).append((line, column))
            self._starts = starts
        return self._starts

    def _find_start_tag(self, node: etree._Element, line: int) -> tuple[int, int]:
        if not isinstance(node.tag, str):  # comments and processing instructions
            return line, 1
        tag = etree.QName(node).localname if "}" in node.tag else node.tag
        pattern = re.compile(r"<(?:[\w.-]+:)?" + re.escape(tag) + r"(?=[\s/>]|$)")
        # libxml2 reports the line where the start tag ends; walk back to where it begins
        for candidate in range(line, max(0, line - 50), -1):
            if candidate > len(self.lines):
                continue
            matches = list(pattern.finditer(self.lines[candidate - 1]))
            if not matches:
                continue
            index = self._same_line_index(node, candidate, tag)
            match = matches[min(index, len(matches) - 1)]
            return candidate, match.start() + 1
        return line, 1

    @staticmethod
    def _same_line_index(node: etree._Element, line: int, tag: str) -> int:
        """How many elements with this tag start earlier on the same line: preceding siblings (and
        their descendants) of the node and of its ancestors, and the ancestors themselves
        (``<a/><a/>``, ``<rule><rule/></rule>``)."""
        index = 0
        current = node
        while True:
            previous = current.getprevious()
            while previous is not None and previous.sourceline == line:
                if previous.tag == tag:
                    index += 1
                index += sum(1 for d in previous.iterdescendants(tag) if d.sourceline == line)
                previous = previous.getprevious()
            parent = current.getparent()
            if parent is None or parent.sourceline != line:
                return index
            if parent.tag == tag:
                index += 1
            current = parent


def read_bytes(path: str) -> bytes:
    """Read a file, refusing what is not a readable regular file of sane size."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise XmlLoadError(rules.XML001.at(Location(path), "is a directory"))
        if not stat.S_ISREG(info.st_mode):  # a FIFO or device would block or never end
            raise XmlLoadError(rules.XML001.at(Location(path), "is not a regular file"))
        size = info.st_size
        if size > MAX_BYTES:
            raise XmlLoadError(
                rules.XML005.at(Location(path), f"{size} bytes is more than fsctl reads (64 MiB)")
            )
        with open(path, "rb") as handle:
            return handle.read()
    except XmlLoadError:
        raise
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise XmlLoadError(rules.XML001.at(Location(path), f"cannot read: {reason}")) from None


def load_xml(path: str, data: bytes | None = None) -> XmlDocument:
    """Parse ``path`` (or ``data`` on behalf of ``path``) safely. Raises :class:`XmlLoadError`."""
    if data is None:
        data = read_bytes(path)
    if not data.strip():
        raise XmlLoadError(rules.XML002.at(Location(path, 1, 1), "the file is empty"))
    if _declares_doctype(data):
        raise XmlLoadError(
            rules.XML003.at(
                Location(path, 1, 1),
                "the document has a <!DOCTYPE> declaration (entities or an external DTD); fsctl does "
                "not resolve entities and refuses it, as Hadoop does",
            )
        )
    parser = _parser()
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line, column = exc.position if exc.position else (1, 1)
        message = _clean_syntax_message(str(exc.msg or exc))
        raise XmlLoadError(rules.XML002.at(Location(path, max(line, 1), max(column, 1)), message)) from None
    except (ValueError, MemoryError) as exc:
        raise XmlLoadError(rules.XML002.at(Location(path, 1, 1), f"cannot parse: {exc}")) from None
    docinfo: Any = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None or docinfo.system_url or docinfo.public_id:
        raise XmlLoadError(
            rules.XML003.at(
                Location(path, 1, 1),
                "the document has a <!DOCTYPE> declaration (entities or an external DTD); fsctl does "
                "not resolve entities and refuses it, as Hadoop does",
            )
        )
    return XmlDocument(path, root, data)


def _declares_doctype(data: bytes) -> bool:
    """Whether a DOCTYPE stands in the prolog, checked before parsing so no entity is ever seen."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data.decode("utf-16", errors="replace").encode("utf-8")
    first_element = re.search(rb"<[A-Za-z_:]", data)
    prolog = data[: first_element.start()] if first_element else data
    return b"<!DOCTYPE" in prolog.upper()


def _clean_syntax_message(message: str) -> str:
    message = " ".join(re.sub(r", line \d+, column \d+$", "", message.strip()).split())
    return f"not well-formed XML: {message}" if message else "not well-formed XML"


def element_text(node: etree._Element) -> str | None:
    """The element's first child node as text, the way Hadoop's DOM code reads it.

    Returns None when the element is empty (Hadoop: NullPointerException) or when its first child
    is an element (Hadoop: ClassCastException). Comments before the text make the first child a
    comment, which Hadoop also fails on; they are treated the same way.
    """
    if node.text:
        return node.text
    return None


def local_name(node: etree._Element) -> str:
    tag = node.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]
