"""Hadoop ``Configuration`` XML (capacity-scheduler.xml, yarn-site.xml), read as Hadoop reads it.

Follows ``hadoop-common/.../conf/Configuration.java`` (``Parser``, ``loadProperty``,
``checkForOverride``, ``substituteVars`` and the typed getters) and ``util/StringUtils.java``:

- every ``<property>`` is a record of ``name`` (trimmed), ``value`` (NOT trimmed), ``final`` (exactly
  the string ``true``); the compact form puts them in attributes; anything else is ignored;
- an empty value is not stored (the key reads as unset), but its ``final`` flag still counts;
- the last definition of a key wins, unless an earlier one was final;
- ``${var}`` is expanded on every read: system properties and the environment are not known to
  fsctl, so such references stay as written (``${env.X:-default}`` takes its default, as Hadoop
  does when the variable is unset);
- whitespace is handled per getter: ``get`` keeps it, ``get_int``/``get_float``/... trim.
"""

from __future__ import annotations

import contextlib
import functools
import re
from array import array
from collections.abc import Iterable, Iterator

from lxml import etree

from fsctl.gcpause import paused_gc
from fsctl.hadoop.javanum import (
    INT_MAX,
    INT_MIN,
    LONG_MAX,
    LONG_MIN,
    ConfValueError,
    java_trim,
    parse_float,
    parse_integral,
)
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic, Rule
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.tree import Setting

MAX_SUBST = 20  # Configuration.MAX_SUBST
_PROPERTY_FIELDS = ("name", "value", "final", "source", "tag")
_KNOWN_CHILDREN = {*_PROPERTY_FIELDS, "description"}


class PropertyRecord:
    """One ``<property>`` element as written, in document order (overridden ones included).

    ``location`` may be given as a :class:`DeferredLocation`: finding a column means looking at the
    text, which a clean file of 100,000s of properties never needs. It is worked out on first read.
    """

    __slots__ = ("_location", "final", "name", "value")

    def __init__(
        self, name: str, value: str | None, final: bool, location: Location | DeferredLocation
    ) -> None:
        self.name = name
        self.value = value
        self.final = final
        self._location = location

    @property
    def location(self) -> Location:
        where = self._location
        if isinstance(where, DeferredLocation):
            where = self._location = where.resolve()
        return where

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PropertyRecord):
            return NotImplemented
        return (self.name, self.value, self.final, self.location) == (
            other.name,
            other.value,
            other.final,
            other.location,
        )

    __hash__ = None  # type: ignore[assignment]  # compared by value, like the dataclass it was

    def __repr__(self) -> str:
        return (
            f"PropertyRecord(name={self.name!r}, value={self.value!r}, final={self.final!r}, "
            f"location={self.location!r})"
        )


# --------------------------------------------------------------------------------------------------
# Variable expansion (Configuration.substituteVars / findSubVariable)


def _find_sub_variable(text: str) -> tuple[int, int]:
    """Bounds of the name inside the first ``${name}``, or (-1, -1). Mirrors findSubVariable."""
    match_start = 1
    left = text.find("{", match_start)
    while left > 0 and left + 2 < len(text):
        if text[left - 1] == "$":
            sub_start = left + 1
            restart = None
            for i in range(sub_start, len(text)):
                char = text[i]
                if char == "}" and i > sub_start:
                    return sub_start, i
                if char in "} $":
                    restart = i + 1
                    break
            if restart is None:
                return -1, -1
            match_start = restart
        else:
            match_start = left + 1
        left = text.find("{", match_start)
    return -1, -1


class SubstitutionDepthError(ConfValueError):
    def __init__(self, expr: str) -> None:
        super().__init__(
            f"Variable substitution depth too large: {MAX_SUBST} {expr}", "IllegalStateException"
        )


# --------------------------------------------------------------------------------------------------
# The configuration


class HadoopConf:
    """The properties of one or more configuration resources, with Hadoop's read semantics."""

    def __init__(self, source: str = "<memory>") -> None:
        self.source = source
        self._raw: dict[str, str] = {}
        #: Locations, or DeferredLocations until first asked for (:meth:`location` resolves them)
        self._locations: dict[str, Location | DeferredLocation] = {}
        self._final: set[str] = set()
        #: every <property> element of the file(s), in document order
        self.records: list[PropertyRecord] = []

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str]], source: str = "<memory>") -> HadoopConf:
        """A configuration from (name, value) pairs, as if written in that order in one file."""
        conf = cls(source)
        for name, value in pairs:
            conf._load(PropertyRecord(name, value, False, Location(source)))
        return conf

    def _load(self, record: PropertyRecord) -> str | None:
        """Configuration.loadProperty; returns the overridden final value when one is ignored."""
        ignored: str | None = None
        if record.value is not None:
            if record.name not in self._final:
                self._raw[record.name] = record.value
                self._locations[record.name] = record._location  # as given: deferred stays deferred
            else:
                current = self._raw.get(record.name)
                if current is not None and current != record.value:
                    ignored = current
        if record.final:
            self._final.add(record.name)
        self.records.append(record)
        return ignored

    def copy(self) -> HadoopConf:
        clone = HadoopConf(self.source)
        clone._raw = dict(self._raw)
        clone._locations = dict(self._locations)
        clone._final = set(self._final)
        clone.records = list(self.records)
        return clone

    def layered(self, upper: HadoopConf) -> tuple[HadoopConf, list[Diagnostic]]:
        """This configuration with ``upper`` added as a later resource (yarn-site under the CS file).

        Keys final here keep their value; each differing override is reported as Hadoop logs it.
        """
        from fsctl.catalogue import capacity as rules

        merged = self.copy()
        merged.source = upper.source
        diagnostics: list[Diagnostic] = []
        if not merged._final:
            # nothing here is final: loading upper's records one by one ends as upper itself did
            merged._raw.update(upper._raw)
            merged._locations.update(upper._locations)
            merged._final.update(upper._final)
            merged.records.extend(upper.records)
            return merged, diagnostics
        for record in upper.records:
            if merged._load(record) is not None:
                diagnostics.append(_final_override(rules.CS005, record))
        return merged, diagnostics

    # -- reading -------------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Every stored key, in the order first defined."""
        return list(self._raw)

    def __contains__(self, name: object) -> bool:
        return name in self._raw

    def __len__(self) -> int:
        return len(self._raw)

    def items(self) -> Iterator[tuple[str, str]]:
        """(name, raw value) of every stored key, unexpanded."""
        return iter(self._raw.items())

    def is_final(self, name: str) -> bool:
        return name in self._final

    def get_raw(self, name: str) -> str | None:
        """The stored value, unexpanded (Configuration.getRaw)."""
        return self._raw.get(name)

    def location(self, name: str) -> Location | None:
        """Where the winning definition of ``name`` was written (its ``<property>`` element)."""
        where = self._locations.get(name)
        if isinstance(where, DeferredLocation):
            where = self._locations[name] = where.resolve()
        return where

    def deferred_location(self, name: str) -> Location | DeferredLocation | None:
        """:meth:`location`, not worked out yet when it was read from a file: for the many
        locations (of queues, of settings) that only a diagnostic will ever look at."""
        return self._locations.get(name)

    def get(self, name: str, default: str | None = None) -> str | None:
        """The value after ``${var}`` expansion, whitespace kept (Configuration.get).

        Never raises: where Hadoop would fail on a too-deep substitution, the value is returned as
        written (the reader reports it).
        """
        raw = self._raw.get(name)
        if raw is None:
            return default
        try:
            return self.expand(raw)
        except SubstitutionDepthError:
            return raw

    def setting(self, name: str) -> Setting | None:
        """Value (expanded), raw text (as written) and location of the winning ``<property>``
        (the location is worked out when the setting's is first read)."""
        raw = self._raw.get(name)
        if raw is None:
            return None
        if "${" not in raw:  # nothing to expand: the common case, called once per property
            return Setting(raw, raw, self._locations.get(name))
        return Setting(self.get(name), raw, self._locations.get(name))

    def settings(self, names: Iterable[str] | None = None) -> Iterator[tuple[str, Setting | None]]:
        """``(name, self.setting(name))`` for each name (every stored key by default), in one loop
        (the reader's, over every key)."""
        where = self._locations.get
        if names is None:
            for name, raw in self._raw.items():
                yield name, Setting(raw, raw, where(name)) if "${" not in raw else self.setting(name)
            return
        raw_get = self._raw.get
        for name in names:
            text = raw_get(name)
            if text is None:
                yield name, None
            elif "${" not in text:
                yield name, Setting(text, text, where(name))
            else:
                yield name, self.setting(name)

    def expand(self, expr: str) -> str:
        """Configuration.substituteVars. Raises :class:`SubstitutionDepthError` past 20 steps."""
        if "${" not in expr:
            return expr
        evaluated = expr
        for _ in range(MAX_SUBST):
            start, end = _find_sub_variable(evaluated)
            if start == -1:
                return evaluated
            var = evaluated[start:end]
            value: str | None = None
            if var.startswith("env.") and len(var) > 4:
                value = _env_default(var[4:])
            # Java system properties are unknown here: only configuration keys resolve
            if value is None:
                value = self._raw.get(var)
            if value is None:
                return evaluated  # unbound: left as written
            reference = evaluated[start - 2 : end + 1]
            if reference in value:
                return expr  # self-reference: the original expression
            evaluated = evaluated[: start - 2] + value + evaluated[end + 1 :]
        raise SubstitutionDepthError(expr)

    def get_trimmed(self, name: str, default: str | None = None) -> str | None:
        value = self.get(name)
        return default if value is None else java_trim(value)

    def get_int(self, name: str, default: int) -> int:
        """Configuration.getInt: trimmed, ``0x`` hex accepted. Raises :class:`ConfValueError`."""
        return self._get_integer(name, default, INT_MIN, INT_MAX)

    def get_long(self, name: str, default: int) -> int:
        return self._get_integer(name, default, LONG_MIN, LONG_MAX)

    def _get_integer(self, name: str, default: int, low: int, high: int) -> int:
        value = self.get_trimmed(name)
        if value is None:
            return default
        return parse_java_integer(value, low, high)

    def get_float(self, name: str, default: float) -> float:
        """Configuration.getFloat: trimmed, then Float.parseFloat (float32)."""
        value = self.get_trimmed(name)
        if value is None:
            return default
        return parse_float(value)

    def get_boolean(self, name: str, default: bool) -> bool:
        """Configuration.getBoolean: case-insensitive true/false; anything else is the default."""
        value = self.get_trimmed(name)
        parsed = parse_conf_boolean(value) if value else None
        return default if parsed is None else parsed

    def get_strings(self, name: str, default: list[str] | None = None) -> list[str] | None:
        """Configuration.getStrings: StringTokenizer on ``,``; empty tokens vanish; not trimmed."""
        value = self.get(name)
        tokens = [token for token in value.split(",") if token] if value is not None else []
        return tokens if tokens else default

    def get_trimmed_strings(self, name: str) -> list[str]:
        """Configuration.getTrimmedStrings: trim, split on ``\\s*,\\s*`` (commas only)."""
        return trimmed_strings(self.get(name), newline=False)

    def get_trimmed_string_collection(self, name: str) -> list[str]:
        """StringUtils.getTrimmedStringCollection: split on commas and newlines, drop blanks and
        duplicates (queue-mappings, app-name mappings, workflow-priority-mappings)."""
        seen: dict[str, None] = {}
        for item in trimmed_strings(self.get(name), newline=True):
            if item:
                seen.setdefault(item, None)
        return list(seen)


def parse_java_integer(text: str, low: int = INT_MIN, high: int = INT_MAX) -> int:
    """Configuration.getInt/getLong on an already trimmed value (with ``0x`` / ``-0x`` hex)."""
    negative = text.startswith("-")
    body = text[1:] if negative else text
    if body.startswith(("0x", "0X")):
        return parse_integral(("-" if negative else "") + body[2:], low, high, radix=16)
    return parse_integral(text, low, high)


def parse_conf_boolean(text: str | None) -> bool | None:
    """Configuration.getBoolean on a trimmed value: True/False ignoring case, None where Hadoop
    falls back to the default (unlike ``Boolean.parseBoolean``, which reads anything else as false)."""
    if text is None:
        return None
    lowered = text.lower()
    if lowered == "true":
        return True
    if lowered == "false":
        return False
    return None


_JAVA_SPACE = " \t\n\x0b\f\r"


def trimmed_strings(value: str | None, *, newline: bool) -> list[str]:
    """StringUtils.getTrimmedStrings (``\\s*[,\\n]\\s*`` when ``newline``, else ``\\s*,\\s*``)."""
    if value is None or not java_trim(value):
        return []
    separator = r"[,\n]" if newline else ","
    parts = re.split(rf"[{_JAVA_SPACE}]*{separator}[{_JAVA_SPACE}]*", java_trim(value))
    while parts and parts[-1] == "":  # String.split drops trailing empty strings
        parts.pop()
    return parts


def _env_default(spec: str) -> str | None:
    """``${env.NAME:-default}`` / ``${env.NAME-default}`` with an empty environment."""
    for i, char in enumerate(spec):
        if char == ":" and i < len(spec) - 1 and spec[i + 1] == "-":
            return spec[i + 2 :]
        if char == "-":
            return spec[i + 1 :]
    return None


# --------------------------------------------------------------------------------------------------
# The XML reader


_CACHE = "_fsctl_hadoop_configuration"  # the attribute of an XmlDocument holding its reading


def read_configuration(doc: XmlDocument) -> tuple[HadoopConf, list[Diagnostic]]:
    """Every property of a Hadoop configuration file, with a diagnostic for what Hadoop ignores,
    overrides or would fail on. Never raises.

    The result is remembered per document (format detection and the reader both ask for it); the
    configuration must not be modified by callers (:meth:`HadoopConf.layered` copies).
    """
    # kept on the document itself (not in a weak mapping): the configuration's deferred locations
    # refer to the document, which would keep a mapping entry alive forever
    cached: tuple[HadoopConf, list[Diagnostic]] | None = getattr(doc, _CACHE, None)
    if cached is None:
        with paused_gc():
            cached = _read_configuration(doc)
        with contextlib.suppress(AttributeError):  # no room for it: read again next time
            setattr(doc, _CACHE, cached)
    return cached[0], list(cached[1])


def document_location(doc: XmlDocument, node: etree._Element, tag: str) -> Location:
    """doc.location, with a fast path for the usual single ``<tag`` on its line (large files)."""
    sourceline = node.sourceline
    found = _alone_on_line(doc, sourceline if isinstance(sourceline, int) else 0, tag)
    return found if found is not None else doc.location(node)


def _alone_on_line(doc: XmlDocument, line: int, tag: str) -> Location | None:
    """Where ``<tag`` starts on ``line`` (an element's ``sourceline``) when it is the only one there:
    the text alone places it. None when it does not."""
    lines = doc.lines
    if 0 < line <= len(lines):
        text = lines[line - 1]
        first = text.find("<" + tag)
        end = first + len(tag) + 1
        if (
            first != -1
            and text.find("<" + tag, first + 1) == -1
            and (end == len(text) or text[end] in " \t\r\n/>")
        ):
            return Location(doc.path, line, first + 1)
    return None


def _read_configuration(doc: XmlDocument) -> tuple[HadoopConf, list[Diagnostic]]:
    from fsctl.catalogue import capacity as rules

    conf = HadoopConf(doc.path)
    diagnostics: list[Diagnostic] = []
    root = doc.root
    if local_name(root) != "configuration":
        diagnostics.append(
            rules.CS001.at(
                doc.location(root),
                f"the root element is <{local_name(root)}>, expected <configuration>; Hadoop reads "
                "the <property> elements anyway",
            )
        )
    plain = _read_plain_properties(doc)
    if plain is not None:
        conf, found = plain
        diagnostics.extend(found)
        diagnostics.extend(_expansion_problems(conf))
        # nothing read keeps an element: the tree can go (a location the text cannot place parses
        # the file again)
        doc.release_tree()
        return conf, diagnostics
    seen: dict[str, PropertyRecord] = {}  # the first definition with a value, per name
    # a property's location is worked out only if something asks for it
    locate = functools.partial(document_location, doc, tag="property")
    for node in _elements_outside_properties(root):
        tag = node.tag
        name = tag if "}" not in tag else local_name(node)
        if name == "include" and "XInclude" in str(node.tag):
            diagnostics.append(
                rules.CS008.at(
                    doc.location(node),
                    f'<xi:include href="{node.get("href", "")}"> is not followed by fsctl; the '
                    "properties of the included file are not checked",
                )
            )
            continue
        if name == "property":
            record = _read_property(doc, node, diagnostics, DeferredLocation(locate, node))
            if record is not None:
                _add_record(conf, record, seen, diagnostics)
        elif name not in (*_PROPERTY_FIELDS, "description", "fallback") and (
            (parent := node.getparent()) is not None and local_name(parent) != "property"
        ):
            diagnostics.append(
                rules.CS002.at(
                    doc.location(node),
                    f"unexpected element <{name}> in <{local_name(parent)}>; Hadoop ignores it",
                )
            )
    diagnostics.extend(_expansion_problems(conf))
    return conf, diagnostics


def _add_record(
    conf: HadoopConf, record: PropertyRecord, seen: dict[str, PropertyRecord], diagnostics: list[Diagnostic]
) -> None:
    """Load one record read from the file, with the findings of an empty value, an ignored
    override of a final key (CS005) and a redefinition (CS006)."""
    from fsctl.catalogue import capacity as rules

    if record.value is None:
        diagnostics.append(_empty_value(record))
    previous = seen.get(record.name)
    ignored = conf._load(record)
    if ignored is not None:
        diagnostics.append(_final_override(rules.CS005, record))
    elif previous is not None and record.value is not None and not conf.is_final(record.name):
        diagnostics.append(
            rules.CS006.at(
                record.location,
                f"{record.name} is defined again (first at line {previous.location.line}); the last "
                "definition wins",
                property=record.name,
            )
        )
    if record.value is not None:
        seen.setdefault(record.name, record)


#: the children of a <property> that the plain reading below takes as they are (anything else, in
#: any namespace, goes to the general reading for its finding)
_PLAIN_FIELDS = frozenset(("name", "value", "final", "description", "source", "tag"))


def _plain_fields(
    children: Iterable[etree._Element],
) -> tuple[str | None, str | None, str | None] | None:
    """(name, value, final) of a <property>'s children when each is a childless field (the last of
    each kind wins, an empty <name> or <value> leaving the one before, as in _parser_fields); None
    for anything else."""
    name = value = final_text = None
    for child in children:
        if len(child):
            return None
        tag = child.tag
        if tag.__class__ is not str:  # a comment or processing instruction: Hadoop skips it
            continue
        if tag not in _PLAIN_FIELDS:
            return None
        if tag == "name":
            name = child.text or name
        elif tag == "value":
            value = child.text or value
        elif tag == "final":
            final_text = child.text or ""
    return name, value, final_text


class _ChildLocation:
    """The location of the root's child at an index: a :class:`DeferredLocation` holds the index,
    not the element, so reading a large file keeps no Python object per element alive, and the
    tree itself can go (:meth:`XmlDocument.release_tree`). Each child's ``sourceline``, kept in an
    array, places the usual one from the text alone; any other is looked up in the tree, parsed
    again if it went (the same bytes, the same lines: the same answer as before it went)."""

    __slots__ = ("doc", "lines")

    def __init__(self, doc: XmlDocument) -> None:
        self.doc = doc
        self.lines = array("l")  # per child of the root, 0 for a comment

    def __call__(self, index: int) -> Location:
        found = _alone_on_line(self.doc, self.lines[index], "property")
        if found is not None:
            return found
        return self.doc.location(self.doc.root_children()[index])  # what document_location falls back on


def _read_plain_properties(doc: XmlDocument) -> tuple[HadoopConf, list[Diagnostic]] | None:
    """The properties of the usual file, in one pass over the elements: every element below the
    root is a ``<property>`` without attributes whose children are plain, childless fields (comments
    allowed between the properties). None for any other shape: the general reading then finds what
    Hadoop ignores.

    A pre-order walk with each element's child count is the tree itself: checking the counts in the
    walk checks the nesting, without asking each element for its parent or children.
    """
    root = doc.root
    if not len(root):
        return None
    conf = HadoopConf(doc.path)
    diagnostics: list[Diagnostic] = []
    # the first definition with a value, per name: what raw holds while no key is final, so
    # built only for the first record that needs more than the lines at the end of the loop
    seen: dict[str, PropertyRecord] | None = None
    raw = conf._raw
    locations = conf._locations
    records = conf.records
    finals = conf._final
    locate = _ChildLocation(doc)
    line_of = locate.lines.append
    position = -1  # the current <property>'s index among the root's children
    name: str | None
    walk = root.iter()
    next(walk)  # the root itself
    for element in walk:
        position += 1
        if element.tag != "property":
            if element.tag.__class__ is str or len(element):
                return None
            line_of(0)
            continue  # a comment or processing instruction: Hadoop skips it
        line = element.sourceline
        line_of(line if line.__class__ is int else 0)
        if element.attrib:  # the compact form: read in general
            return None
        count = len(element)
        if count == 2:  # the usual <name> and <value>: the walk's next two elements
            first = next(walk)
            second = next(walk)
            if first.tag == "name" and second.tag == "value" and not len(first) and not len(second):
                name = first.text or ""
                value = second.text or None
                final_text = None
            else:
                fields = _plain_fields((first, second))
                if fields is None:
                    return None
                name, value, final_text = fields
        else:
            fields = _plain_fields([next(walk) for _ in range(count)])
            if fields is None:
                return None
            name, value, final_text = fields
        # the findings of a missing name and an almost-true final are the general reading's
        if name is None:
            return None
        if name[:1] <= " " or name[-1:] <= " ":  # String.trim, called only when it trims
            name = java_trim(name)
            if not name:
                return None
        if final_text is not None and final_text != "true" and final_text.strip().lower() == "true":
            return None
        location = DeferredLocation(locate, position)
        record = PropertyRecord(name, value, final_text == "true", location)
        if value is None or final_text is not None or finals or name in raw:
            if seen is None:
                seen = {}
                for earlier in records:
                    if earlier.value is not None:
                        seen.setdefault(earlier.name, earlier)
            _add_record(conf, record, seen, diagnostics)
            continue
        # what _add_record does for a first definition with a value and no final key so far
        raw[name] = value
        locations[name] = location
        records.append(record)
        if seen is not None:
            seen[name] = record
    return conf, diagnostics


def configuration_of(records: Iterable[PropertyRecord], source: str) -> tuple[HadoopConf, list[Diagnostic]]:
    """What :func:`read_configuration` returns for a well-formed ``<configuration>`` holding just
    these ``<property>`` elements, each name once, trimmed and not final (a file fsctl wrote),
    without writing and parsing it."""
    conf = HadoopConf(source)
    diagnostics: list[Diagnostic] = []
    raw = conf._raw
    locations = conf._locations
    loaded = conf.records
    for record in records:
        if record.value is None:
            diagnostics.append(_empty_value(record))
        elif not record.final and not conf._final:
            # what _load does with a value and no final key: one call fewer per key
            raw[record.name] = record.value
            locations[record.name] = record._location
            loaded.append(record)
            continue
        conf._load(record)
    diagnostics.extend(_expansion_problems(conf))
    return conf, diagnostics


def _empty_value(record: PropertyRecord) -> Diagnostic:
    from fsctl.catalogue import capacity as rules

    return rules.CS004.at(
        record.location,
        f"{record.name} has an empty value; Hadoop does not store it and the key reads as unset",
        property=record.name,
    )


def _elements_outside_properties(root: etree._Element) -> Iterator[etree._Element]:
    """Every element below the root in document order, without descending into ``<property>``
    (the StAX parser finds a <property> at any depth; its fields are read by _read_property)."""
    stack = list(reversed(root))
    while stack:
        node = stack.pop()
        if not isinstance(node.tag, str):
            continue
        yield node
        if node.tag != "property" and len(node):
            stack.extend(reversed(node))


def _final_override(rule: Rule, record: PropertyRecord) -> Diagnostic:
    return rule.at(
        record.location,
        f"{record.location.file}:an attempt to override final parameter: {record.name};  Ignoring.",
        property=record.name,
    )


#: the elements whose start empties Configuration.Parser's token (handleStartElement)
_TOKEN_FIELDS = frozenset(("name", "value", "final", "source", "tag"))


class _ParserFields:
    """What Configuration.Parser reads from the elements inside one ``<property>``.

    Its token takes every text and CDATA event once a field has begun and never stops (parseToken
    is never reset); only the start of a field empties it. So a field's text is all the character
    data from the start of the last field begun inside it to its end: an unknown element's text
    counts, comments and processing instructions do not, and a field at any depth sets itself.
    An empty ``<name>`` or ``<value>`` leaves the one read before (``token.length() > 0``).
    """

    __slots__ = ("final_text", "name", "token", "value")

    def __init__(self, property_node: etree._Element, name: str | None, value: str | None) -> None:
        self.name = name
        self.value = value
        self.final_text: str | None = None
        self.token: list[str] = []
        for child in property_node:
            tag = child.tag
            if tag.__class__ is not str:
                continue
            if not len(child):
                field = tag if "}" not in tag else local_name(child)
                if field in _TOKEN_FIELDS:  # the usual childless field: its text alone
                    text = child.text or ""
                    self.token = [text]
                    self._end(field, text)
                # a childless unknown element's text is read by no field: the next one starts afresh
            else:
                self._walk(child)

    def _walk(self, element: etree._Element) -> None:
        tag = element.tag
        field = tag if "}" not in tag else local_name(element)
        if field in _TOKEN_FIELDS:
            self.token = []
        if element.text:
            self.token.append(element.text)
        for child in element:
            if child.tag.__class__ is str:
                self._walk(child)
            if child.tail:
                self.token.append(child.tail)
        if field in _TOKEN_FIELDS:
            self._end(field, "".join(self.token))

    def _end(self, field: str, text: str) -> None:
        if field == "name":
            if text:
                self.name = java_trim(text)
        elif field == "value":
            if text:
                self.value = text
        elif field == "final":
            self.final_text = text


def _holds_a_field(element: etree._Element) -> bool:
    inside = (inner for inner in element.iterdescendants() if isinstance(inner.tag, str))
    return any(local_name(inner) in _PROPERTY_FIELDS for inner in inside)


def _read_property(
    doc: XmlDocument, node: etree._Element, diagnostics: list[Diagnostic], location: DeferredLocation
) -> PropertyRecord | None:
    name: str | None = None
    value: str | None = None
    final_text: str | None = None
    if node.attrib:  # the compact form <property name="k" value="v" final="true"/>
        name = node.get("name")
        value = node.get("value")  # an empty attribute is stored, unlike an empty <value> element
        final_text = node.get("final")
        name = java_trim(name) if name is not None else None
    for child in node:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        field = tag if "}" not in tag else local_name(child)
        if field not in _KNOWN_CHILDREN:
            from fsctl.catalogue import capacity as rules

            diagnostics.append(
                rules.CS002.at(
                    doc.location(child),
                    f"unexpected element <{field}> in <property>; Hadoop ignores it"
                    + (" but reads the fields inside it" if len(child) and _holds_a_field(child) else ""),
                    property=name,
                )
            )
    fields = _ParserFields(node, name, value)
    name, value = fields.name, fields.value
    if fields.final_text is not None:
        final_text = fields.final_text
    if not name:
        from fsctl.catalogue import capacity as rules

        diagnostics.append(
            rules.CS003.at(location.resolve(), "a <property> without a <name> is ignored by Hadoop")
        )
        return None
    final = final_text == "true"  # "true".equals(token): exact, case-sensitive, untrimmed
    if final_text is not None and not final and final_text.strip().lower() == "true":
        from fsctl.catalogue import capacity as rules

        diagnostics.append(
            rules.CS007.at(
                location.resolve(),
                f'<final>{final_text}</final> is not the exact string "true"; Hadoop does not '
                f"treat {name} as final",
                property=name,
            )
        )
    return PropertyRecord(name, value, final, location)


def _expansion_problems(conf: HadoopConf) -> Iterator[Diagnostic]:
    """Configuration.get fails on a substitution deeper than 20 steps (IllegalStateException)."""
    from fsctl.catalogue import capacity as catalogue

    for name, raw in conf.items():
        if "${" not in raw:
            continue
        try:
            conf.expand(raw)
        except SubstitutionDepthError as exc:
            yield catalogue.CS009.at(conf.location(name), exc.message, property=name)
