"""Safe XML loading with source locations.

Every scheduler file goes through :func:`load_xml`: entities are never resolved, no DTD is loaded,
the network is never touched, and a document with a ``<!DOCTYPE>`` is refused outright (newer Hadoop
refuses it too: ``XMLUtils`` sets ``disallow-doctype-decl``). lxml reports only the line of an
element; the column is recovered from the text of that line.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from fsctl.catalogue import document as rules
from fsctl.io.fileio import STDIN, read_stdin
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location

MAX_BYTES = 64 * 1024 * 1024  # a 100,000-queue allocation file is about 15 MB
# comments, CDATA, processing instructions and declarations are skipped; group 1 is the "<" of a
# start tag (in well-formed XML every other "<" begins one of those or an end tag: "<" cannot occur
# in attribute values or text)
# (compiled on first use, by re's cache: most runs never scan)
_START_TAG = r"(?s)<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<![^>]*>|(<)(?![/!?])"

#: libxml2 stores an element's line in 16 bits: from here on ``sourceline`` is not where its tag is
BIG_LINE = 65535
_LINE_WALK_LIMIT = 64  # tags on one line ranked by walking back; more: one walk of the whole tree
#: lookups answered line by line before one whole-text scan answers the rest (many findings printed)
BULK_LOOKUPS = 2000


@functools.lru_cache(maxsize=256)
def _start_tag_pattern(name: str) -> re.Pattern[str]:
    """A start tag with this local name, any prefix (matches at least every real one)."""
    return re.compile(r"<(?:[^\s/>!?<]*:)?" + re.escape(name) + r"(?=[\s/>]|$)")


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
    #: the parsed tree, None once released (:meth:`release_tree`); read it as ``root``
    _root: etree._Element | None
    data: bytes
    _lines: list[str] | None = field(default=None, repr=False)
    #: the text split at "\n" only (the way libxml2 counts lines), for the one-line fast path
    _text_lines: list[str] | None = field(default=None, repr=False)
    #: (line, name) pairs the line alone cannot place (asked again and again in a one-line file)
    _unplaceable: set[tuple[int, str]] = field(default_factory=set, repr=False)
    #: the whole-text scan: offsets of every start tag in text order, offsets where lines begin,
    #: and element -> index in document order
    _tag_offsets: list[int] = field(default_factory=list, repr=False)
    _line_offsets: list[int] = field(default_factory=list, repr=False)
    _order: dict[etree._Element, int] | None = field(default=None, repr=False)
    _lookups: int = field(default=0, repr=False)
    _children: list[etree._Element] | None = field(default=None, repr=False)

    @property
    def root(self) -> etree._Element:
        """The root element; parsed again from ``data`` (the same safe parser, the same tree) when
        it was released."""
        root = self._root
        if root is None:
            root = self._root = etree.fromstring(self.data, _parser())
        return root

    def root_children(self) -> list[etree._Element]:
        """The root's children (comments included), listed once."""
        children = self._children
        if children is None:
            children = self._children = list(self.root)
        return children

    def release_tree(self) -> None:
        """Let the parsed tree go once a reader has kept what it needs from it (and no element of
        it): at 100,000 queues libxml2's tree is a third of the process. The text stays, and
        whatever asks for the tree again (a location the text alone cannot place) parses it once
        more."""
        self._root = None
        self._children = None
        self._order = None

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
            self._lookups += 1
            if self._order or self._lookups > BULK_LOOKUPS:
                # many locations asked (a finding each): the scan, once, then an index per element
                where = self._in_document_order(node)
                if where is not None:
                    return Location(self.path, *where)
            if line < BIG_LINE:
                column = self._column_on_line(node, line, tag.rpartition("}")[2])
                if column:
                    return Location(self.path, line, column)
            where = self._in_document_order(node)
            if where is not None:
                return Location(self.path, *where)
        found = self._find_start_tag(node, line)
        return Location(self.path, found[0], found[1])

    def _column_on_line(self, node: etree._Element, line: int, name: str) -> int:
        """The column of the node's start tag found from ``line`` alone, or 0 when the line does not
        prove it (the whole-text scan decides then). This is how nearly every element is written,
        and it spares large files that scan.

        libxml2's ``sourceline`` is where a start tag ends. A start tag begun on an earlier line ends
        before any ``<`` of this one (``<`` cannot occur in attribute values), leaving a ``>`` without
        its ``<``; when there is none, and no comment, CDATA or PI can hide a ``<name``, the ``<name``
        matches of the line are the start tags of the same-name elements ending on it, in order."""
        lines = self._text_lines
        if lines is None:
            text = self.data.decode("utf-8", errors="replace")
            lines = self._text_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if line > len(lines) or (line, name) in self._unplaceable:
            return 0
        text = lines[line - 1]
        pattern = _start_tag_pattern(name)
        match = pattern.search(text)
        if match is None:
            return 0
        before = text[: match.start()]
        if (
            "<!" in before
            or "<?" in before
            or "-->" in before
            or "]]>" in before
            or "?>" in before
            or before.count("<") != before.count(">")
        ):
            self._unplaceable.add((line, name))
            return 0
        if pattern.search(text, match.end()) is None:
            return match.start() + 1  # the only one (a comment after it cannot matter)
        # several on the line (<rule><rule/></rule>): rank the node among them, if the line is plain
        # and short enough for a walk back through the elements ending on it
        if (
            "<!" in text
            or "<?" in text
            or "-->" in text
            or "]]>" in text
            or "?>" in text
            or text.count("<") > _LINE_WALK_LIMIT
        ):
            self._unplaceable.add((line, name))  # e.g. a file on one line: the whole-text scan
            return 0
        rank = 0
        current: etree._Element | None = node
        while current is not None:
            previous = current.getprevious()
            if previous is None:
                current = current.getparent()
            else:
                while len(previous):
                    previous = previous[-1]
                current = previous
            if current is None or not isinstance(current.tag, str):
                continue
            source_line = current.sourceline
            if not isinstance(source_line, int) or source_line < line:
                break  # document order is start-tag order: nothing earlier ends on this line
            if current.tag.rpartition("}")[2] == name:
                rank += 1
        starts = [m.start() + 1 for m in pattern.finditer(text)]
        return starts[rank] if rank < len(starts) else 0

    def _in_document_order(self, node: etree._Element) -> tuple[int, int] | None:
        """Where the node's start tag begins, from one scan of the whole text: elements in document
        order are start tags in text order, so the node's index among the elements is its index
        among the start tags. Exact wherever ``sourceline`` is not (several same-name tags ending
        on one line, a file on one line, and past line 65,535, where libxml2's 16-bit element line
        is borrowed from a following node); None if the scan and the tree disagree."""
        if self._order is None:
            text = self.data.decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
            if "<!" not in text and text.find("<?", 1) == -1:
                # no comment, CDATA or PI (past an XML declaration) can hide a "<": every "<" not
                # starting an end tag starts an element (five times faster than the full pattern)
                self._tag_offsets = [m.start() for m in re.finditer(r"<(?![/!?])", text)]
            else:
                self._tag_offsets = [m.start() for m in re.finditer(_START_TAG, text) if m.group(1)]
            self._line_offsets = [0, *(m.end() for m in re.finditer("\n", text))]
            # element -> index, built in C (iter(Element) skips comments and PIs)
            order = dict(zip(self.root.iter(etree.Element), itertools.count()))
            self._order = order if len(order) == len(self._tag_offsets) else {}
        index = self._order.get(node)
        if index is None:
            return None
        offset = self._tag_offsets[index]
        line = bisect.bisect_right(self._line_offsets, offset)
        return line, offset - self._line_offsets[line - 1] + 1

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
    """Read a file (``-``: standard input), refusing what is not a readable regular file of sane size."""
    try:
        if path == STDIN:
            return read_stdin(MAX_BYTES)
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
    doctype = _doctype_position(data)
    if doctype is not None:
        raise XmlLoadError(
            rules.XML003.at(
                Location(path, *doctype),
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


def _doctype_position(data: bytes) -> tuple[int, int] | None:
    """Line and column of a DOCTYPE in the prolog, found before parsing so no entity is ever seen."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        data = data.decode("utf-16", errors="replace").encode("utf-8")
    first_element = re.search(rb"<[A-Za-z_:]", data)
    prolog = data[: first_element.start()] if first_element else data
    offset = prolog.upper().find(b"<!DOCTYPE")
    if offset < 0:
        return None
    line_start = max(prolog.rfind(b"\n", 0, offset), prolog.rfind(b"\r", 0, offset)) + 1
    line = prolog.count(b"\n", 0, offset) + 1 if b"\n" in prolog else prolog.count(b"\r", 0, offset) + 1
    return line, len(prolog[line_start:offset].decode("utf-8", errors="replace")) + 1


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
