"""YAML, TOML and CSV ratio files turned into one located shape: nested mappings of :class:`Entry`.

Every value remembers the line and column of its key and of itself, so that a mistake found later
(a share that does not add up, an unknown key) is reported where it was written. YAML positions come
from PyYAML's node marks; ``tomllib`` keeps none, so TOML positions are found by scanning the text
for each table header and ``key =``; CSV positions are the row and the cell.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fsctl.catalogue import generate as rules
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location


@dataclass
class Entry:
    """One value as written: a scalar, a :class:`Mapping` or a list of entries."""

    value: Any
    location: Location
    key_location: Location
    #: came from a YAML merge key (``<<: *anchor``), so a key of the mapping itself may override it
    merged: bool = False


@dataclass
class Mapping:
    """An ordered mapping of key -> Entry (document order is queue order)."""

    entries: dict[str, Entry] = field(default_factory=dict)
    location: Location | None = None

    def __iter__(self) -> Iterator[str]:
        return iter(self.entries)

    def items(self) -> Iterator[tuple[str, Entry]]:
        return iter(self.entries.items())

    def get(self, key: str) -> Entry | None:
        return self.entries.get(key)


class SyntaxProblem(Exception):
    """The file cannot be parsed at all; ``diagnostic`` says where."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def format_of(path: str) -> str | None:
    lower = path.lower()
    for suffix, name in ((".yaml", "yaml"), (".yml", "yaml"), (".toml", "toml"), (".csv", "csv")):
        if lower.endswith(suffix):
            return name
    return None


def parse(path: str, text: str, fmt: str) -> tuple[Mapping, list[Diagnostic]]:
    """The located top-level mapping, and problems found on the way (duplicate keys, CSV rows)."""
    if fmt == "yaml":
        return _parse_yaml(path, text)
    if fmt == "toml":
        return _parse_toml(path, text), []
    return _parse_csv(path, text)


# --------------------------------------------------------------------------------------------------
# YAML


def _parse_yaml(path: str, text: str) -> tuple[Mapping, list[Diagnostic]]:
    import yaml

    from fsctl.io.yamlsafe import compose

    problems: list[Diagnostic] = []
    try:
        node = compose(text)  # fsctl.io.yamlsafe: depth, alias-expansion and scalar checks
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Location(path, mark.line + 1, mark.column + 1) if mark else Location(path, 1, 1)
        reason = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        raise SyntaxProblem(rules.GN101.at(where, f"not valid YAML: {reason}")) from None
    except yaml.YAMLError as exc:
        raise SyntaxProblem(rules.GN101.at(Location(path, 1, 1), f"not valid YAML: {exc}")) from None
    if node is None:
        raise SyntaxProblem(rules.GN101.at(Location(path, 1, 1), "the ratio file is empty"))
    constructor = yaml.SafeLoader("")
    # plain scalars repeat across a large file ("1", "true", "drf"): PyYAML's constructor resolves
    # each distinct (tag, text) once; only immutable results are shared
    scalars: dict[tuple[str, str], Any] = {}
    shareable = (str, int, float, bool, type(None))

    def construct(n: yaml.Node) -> Any:
        if not isinstance(n, yaml.ScalarNode):
            return constructor.construct_object(n, deep=True)
        key = (n.tag, n.value)
        if key in scalars:
            return scalars[key]
        value = constructor.construct_object(n, deep=True)
        if type(value) in shareable:
            scalars[key] = value
        return value

    def located(n: yaml.Node) -> Location:
        return Location(path, n.start_mark.line + 1, n.start_mark.column + 1)

    def flattened(n: yaml.MappingNode) -> tuple[list[tuple[yaml.Node, yaml.Node]], int]:
        """(pairs, how many came first from merge keys): YAML merge keys (``<<``) by the merge-key
        spec, as SafeConstructor.flatten_mapping means them (its layout changed in PyYAML 6.0.4): a
        mapping's own keys win over merged ones, and of several merged mappings the first wins."""
        own: list[tuple[yaml.Node, yaml.Node]] = []
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in n.value:
            if key_node.tag != "tag:yaml.org,2002:merge":
                own.append((key_node, value_node))
                continue
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, yaml.MappingNode):
                    raise SyntaxProblem(
                        rules.GN101.at(
                            located(source), "not valid YAML: '<<' merges a mapping or a list of mappings"
                        )
                    )
                merged.extend(flattened(source)[0])
        seen = {_key_of(construct(k)) for k, _ in own}
        first: list[tuple[yaml.Node, yaml.Node]] = []
        for key_node, value_node in merged:
            key = _key_of(construct(key_node))
            if key not in seen:
                seen.add(key)
                first.append((key_node, value_node))
        return first + own, len(first)

    def convert(n: yaml.Node, depth: int = 0) -> Any:
        if depth > 250:
            raise SyntaxProblem(rules.GN101.at(located(n), "the ratio file is nested too deeply"))
        if isinstance(n, yaml.MappingNode):
            pairs, merged = flattened(n)
            mapping = Mapping(location=located(n))
            for index, (key_node, value_node) in enumerate(pairs):
                key = construct(key_node)
                if not isinstance(key, str | int | float) or isinstance(key, bool):
                    problems.append(rules.GN101.at(located(key_node), f"a key must be a name, not {key!r}"))
                    continue
                name = str(key)
                if name in mapping.entries:
                    problems.append(
                        rules.GN109.at(
                            located(key_node),
                            f"{name!r} is given twice in one mapping (first at line "
                            f"{mapping.entries[name].key_location.line}); the later one is ignored",
                        )
                    )
                    continue
                mapping.entries[name] = Entry(
                    convert(value_node, depth + 1), located(value_node), located(key_node), index < merged
                )
            return mapping
        if isinstance(n, yaml.SequenceNode):
            return [Entry(convert(item, depth + 1), located(item), located(item)) for item in n.value]
        try:
            return construct(n)
        except yaml.YAMLError as exc:
            raise SyntaxProblem(rules.GN101.at(located(n), f"not a valid YAML value: {exc}")) from None

    top = convert(node)
    if not isinstance(top, Mapping):
        raise SyntaxProblem(
            rules.GN101.at(located(node), "the top level of a ratio file is a mapping with a 'queues' key")
        )
    return top, problems


# --------------------------------------------------------------------------------------------------
# TOML

_HEADER = re.compile(r"^\s*\[\[?\s*(?P<path>[^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(
    r"""(?P<key>(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*="""
)


def _split_dotted(text: str) -> tuple[str, ...]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", text)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


class _TomlPositions:
    """Where each dotted key path of a TOML document is written (first occurrence)."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.keys: dict[tuple[str, ...], tuple[Location, Location]] = {}
        self._prefixes: dict[tuple[str, ...], tuple[Location, Location]] | None = None
        table: tuple[str, ...] = ()
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                table = _split_dotted(header.group("path"))
                column = line.index("[") + 1
                self.keys.setdefault(table, (Location(path, number, column), Location(path, number, column)))
                continue
            match = _KEY.match(line, len(line) - len(line.lstrip()))
            if match:
                self._scan(line, number, match, table)

    def _scan(self, line: str, number: int, first: re.Match[str], table: tuple[str, ...]) -> None:
        """Record ``key = value`` and the keys of inline tables on the same line."""
        stack: list[tuple[str, ...]] = [table]
        last: tuple[str, ...] = table
        position = first.start()
        quote = ""
        while position < len(line):
            char = line[position]
            if quote:
                if char == quote:
                    quote = ""
                position += 1
                continue
            if char in "\"'":
                quote = char
                position += 1
                continue
            if char == "#":
                break
            if char == "{":
                stack.append(last)
                position += 1
                continue
            if char == "}":
                if len(stack) > 1:
                    stack.pop()
                position += 1
                continue
            match = _KEY.match(line, position)
            if match and (position == 0 or not (line[position - 1].isalnum() or line[position - 1] in "_-")):
                key_path = stack[-1] + _split_dotted(match.group("key"))
                value_column = match.end()
                while value_column < len(line) and line[value_column] == " ":
                    value_column += 1
                self.keys.setdefault(
                    key_path,
                    (
                        Location(self.path, number, value_column + 1),
                        Location(self.path, number, position + 1),
                    ),
                )
                last = key_path
                position = match.end()
                continue
            position += 1

    def locate(self, key_path: tuple[str, ...]) -> tuple[Location, Location]:
        """(value location, key location). A table only implied by deeper headers (``[queues.a]``
        implies ``queues``) is where its first key is written; else the nearest enclosing table."""
        if self._prefixes is None:
            self._prefixes = {}
            for path, found in self.keys.items():
                for end in range(1, len(path)):
                    self._prefixes.setdefault(path[:end], found)
        probe = key_path
        while probe:
            hit = self.keys.get(probe) or self._prefixes.get(probe)
            if hit is not None:
                return hit
            probe = probe[:-1]
        return Location(self.path, 1, 1), Location(self.path, 1, 1)


def _parse_toml(path: str, text: str) -> Mapping:
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column (\d+)\)", message)
        where = Location(path, int(match.group(1)), int(match.group(2))) if match else Location(path, 1, 1)
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) or "syntax error"
        raise SyntaxProblem(rules.GN101.at(where, f"not valid TOML: {reason}")) from None
    positions = _TomlPositions(path, text)

    def convert(value: Any, key_path: tuple[str, ...]) -> Any:
        if isinstance(value, dict):
            start = positions.locate(key_path)[0] if key_path else Location(path, 1, 1)
            mapping = Mapping(location=start)
            for key, item in value.items():
                child_path = (*key_path, key)
                where, key_where = positions.locate(child_path)
                mapping.entries[key] = Entry(convert(item, child_path), where, key_where)
            return mapping
        if isinstance(value, list):
            found = positions.locate(key_path)
            return [Entry(convert(item, key_path), found[0], found[1]) for item in value]
        return value

    top = convert(data, ())
    assert isinstance(top, Mapping)
    return top


# --------------------------------------------------------------------------------------------------
# CSV

DEFAULTS_ROW = "*"
_CLUSTER_COMMENT = re.compile(r"^#\s*cluster\s*[:=]\s*(?P<value>.+?)\s*$", re.IGNORECASE)
_COMMA = re.compile(",")
#: csv.field_size_limit(): a longer field is a csv.Error, which only the csv module reports
_FIELD_LIMIT = csv.field_size_limit()


def _parse_csv(path: str, text: str) -> tuple[Mapping, list[Diagnostic]]:
    """Rows ``queue,share,max[,extra columns]``; the queue is its dotted path below root.

    A row whose queue is ``*`` holds the defaults; a comment line ``# cluster: memory-mb=..., vcores=...``
    gives the cluster size; other lines starting with ``#`` and blank lines are ignored.
    """
    problems: list[Diagnostic] = []
    top = Mapping(location=Location(path, 1, 1))
    queues = Mapping(location=Location(path, 1, 1))
    header: list[str] | None = None
    key_locations: list[Location] = []
    rows: list[tuple[str, Mapping, Location]] = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            cluster = _CLUSTER_COMMENT.match(stripped)
            if cluster and "cluster" not in top.entries:
                column = line.index(cluster.group("value")) + 1
                top.entries["cluster"] = Entry(
                    cluster.group("value"), Location(path, number, column), Location(path, number, 1)
                )
            continue
        try:
            cells = csv_cells(line)
        except (csv.Error, StopIteration) as exc:
            problems.append(rules.GN101.at(Location(path, number, 1), f"not a valid CSV row: {exc}"))
            continue
        columns = _cell_columns(line, len(cells))
        if header is None:
            header = [cell.strip() for cell in cells]
            if header[:2] != ["queue", "share"]:
                raise SyntaxProblem(
                    rules.GN101.at(
                        Location(path, number, 1),
                        "a CSV ratio file starts with the header 'queue,share,max' (then optional "
                        f"columns); found {','.join(header)!r}",
                    )
                )
            for index, name in enumerate(header):
                if header.index(name) != index or not name:
                    raise SyntaxProblem(
                        rules.GN101.at(
                            Location(path, number, columns[index]), f"column {name!r} is empty or repeated"
                        )
                    )
            # a value's key is its column's header cell: one location per column, not per cell
            key_locations = [Location(path, number, column) for column in columns]
            continue
        if len(cells) > len(header):
            problems.append(
                rules.GN101.at(
                    Location(path, number, columns[len(header)]),
                    f"this row has {len(cells)} cells but the header has {len(header)} columns",
                )
            )
        name = cells[0].strip()
        start = Location(path, number, 1)
        row = Mapping(location=start)
        for index in range(1, min(len(cells), len(header))):
            value = cells[index].strip()
            if value == "":
                continue
            row.entries[header[index]] = Entry(
                value, Location(path, number, columns[index]), key_locations[index]
            )
        rows.append((name, row, start))
    if header is None:
        raise SyntaxProblem(rules.GN101.at(Location(path, 1, 1), "the CSV ratio file has no header row"))
    by_path: dict[str, Mapping] = {}
    for name, row, where in rows:
        if name == DEFAULTS_ROW:
            if "defaults" in top.entries:
                problems.append(rules.GN109.at(where, "a second defaults row ('*'); it is ignored"))
            else:
                top.entries["defaults"] = Entry(row, where, where)
            continue
        dotted = name[len("root.") :] if name.startswith("root.") else name
        if not dotted or dotted == "root":
            problems.append(
                rules.GN109.at(where, "the first cell names the queue by its dotted path below root")
            )
            continue
        if dotted in by_path:
            problems.append(rules.GN109.at(where, f"queue {dotted!r} has two rows; the later one is ignored"))
            continue
        by_path[dotted] = row
    for name, row, where in rows:
        dotted = name[len("root.") :] if name.startswith("root.") else name
        if name == DEFAULTS_ROW or by_path.get(dotted) is not row:
            continue
        parent_path, _, leaf = dotted.rpartition(".")
        if not parent_path:
            container = queues
        else:
            parent = by_path.get(parent_path)
            if parent is None:
                problems.append(
                    rules.GN109.at(
                        where, f"queue {dotted!r} has no row for its parent {parent_path!r}", queue=dotted
                    )
                )
                continue
            children = parent.entries.get("queues")
            if children is None:
                children = Entry(Mapping(location=where), where, where)
                parent.entries["queues"] = children
            container = children.value
        container.entries[leaf] = Entry(row, where, where)
    top.entries["queues"] = Entry(queues, Location(path, 1, 1), Location(path, 1, 1))
    return top, problems


def csv_cells(line: str) -> list[str]:
    """The cells of one line as the csv module reads it (default dialect). Raises csv.Error."""
    if not line or '"' in line or len(line) > _FIELD_LIMIT:
        return next(csv.reader(io.StringIO(line), skipinitialspace=False))
    return line.split(",")  # no quoting, no field over the limit: the comma split, in C


def _cell_columns(line: str, count: int) -> list[int]:
    """1-based column where each cell starts (quotes make this approximate, which is fine)."""
    columns = [1]
    if '"' not in line:  # every comma separates: found in C
        columns.extend(match.end() + 1 for match in _COMMA.finditer(line))
    else:
        quoted = False
        for index, char in enumerate(line):
            if char == '"':
                quoted = not quoted
            elif char == "," and not quoted:
                columns.append(index + 2)
    while len(columns) < count + 1:
        columns.append(len(line) + 1)
    return columns


def _key_of(value: Any) -> Any:
    """A constructed key, hashable (a list or mapping key is refused later, with its location)."""
    return value if isinstance(value, str | int | float | bool | type(None)) else repr(value)
