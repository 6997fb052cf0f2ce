"""Composing YAML that cannot exhaust fsctl: a drop-in for ``yaml.compose`` with limits.

PyYAML's composer trusts its input. A "billion laughs" document (anchors whose aliases nest nine
deep) is a few hundred bytes that any walk of the node graph expands a billion times; a self
reference (``&a [*a]``) makes the graph a cycle; 100,000 nested brackets overflow libyaml's
recursive C composer, which kills the process with a segmentation fault rather than raising.

:func:`compose` builds the same nodes from libyaml's event stream (which is not recursive) with an
explicit stack, and refuses, with a located ``MarkedYAMLError``, documents nested deeper than
``max_depth``, aliases that refer to an enclosing node, and aliases that expand the document beyond
``max_expansion`` nodes. Scalars that YAML resolves to a type its constructor then fails to build
(``!!int abc``, ``2020-99-99``, an unknown ``!tag``) are refused here too, so callers may construct
any scalar of a composed document without guarding against ``ValueError`` and its siblings.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.composer import ComposerError

from fsctl.model.location import Location

MAX_DEPTH = 500
#: nodes that aliases may add on top of the document's own (plus ten times its own size)
MAX_EXPANSION = 100_000
_STR = "tag:yaml.org,2002:str"
_MERGE = "tag:yaml.org,2002:merge"
_VALUE = "tag:yaml.org,2002:value"  # a plain "=": a string as a mapping key, unbuildable elsewhere
#: tags composed as they are: plain collections (their items are checked one by one) and merge keys
_UNCHECKED = (
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    _MERGE,
)


class YamlLimitError(ComposerError):
    """The document is well formed but hostile (too deep, self-referencing, alias bomb, bad scalar)."""


def _loader_class() -> Any:
    # libyaml's parser when PyYAML has it (same events and marks, many times faster)
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def compose(
    text: str, *, max_depth: int = MAX_DEPTH, max_expansion: int = MAX_EXPANSION, merge_keys: bool = True
) -> yaml.Node | None:
    """The representation graph of the single document in ``text`` (None when it is empty).

    ``merge_keys=False`` reads ``<<`` as a plain string, for callers that do not flatten merges
    (with merges on, a ``<<`` anywhere but as a mapping key is refused, as PyYAML's loader does).

    Raises ``yaml.YAMLError`` (a ``MarkedYAMLError`` with the position wherever there is one).
    """
    try:
        loader = _loader_class()(text)
    except UnicodeEncodeError as exc:  # lone surrogates cannot reach libyaml
        raise yaml.YAMLError(f"the text cannot be encoded: {exc.reason}") from None
    try:
        return _Composer(loader, max_depth, max_expansion, merge_keys).document()
    except UnicodeEncodeError as exc:
        raise yaml.YAMLError(f"the text cannot be encoded: {exc.reason}") from None
    except yaml.reader.ReaderError as exc:
        # a control character: locate it (libyaml counts UTF-8 bytes) instead of a two-line message
        before = text.encode("utf-8", "surrogatepass")[: exc.position].decode("utf-8", "ignore")
        line, column = before.count("\n"), len(before) - before.rfind("\n") - 1
        mark = yaml.error.Mark(exc.name, len(before), line, column, None, 0)
        character = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise ComposerError(None, None, f"unacceptable character {character}: {exc.reason}", mark) from None
    finally:
        loader.dispose()


class _Composer:
    def __init__(self, loader: Any, max_depth: int, max_expansion: int, merge_keys: bool) -> None:
        self.loader = loader
        self.merge_keys = merge_keys
        self.max_depth = max_depth
        self.max_expansion = max_expansion
        self.anchors: dict[str, yaml.Node] = {}
        self.open_anchors: set[str] = set()
        #: expanded size of each finished collection node (id -> nodes), to price its aliases
        self.sizes: dict[int, int] = {}
        self.own = 0
        self.expanded = 0
        self.constructor = yaml.constructor.SafeConstructor()

    def _next(self) -> Any:
        return self.loader.get_event()

    def document(self) -> yaml.Node | None:
        event = self._next()  # StreamStartEvent
        event = self._next()
        if isinstance(event, yaml.StreamEndEvent) or event is None:
            return None
        node = self._compose()
        self._next()  # DocumentEndEvent
        event = self._next()
        if not isinstance(event, yaml.StreamEndEvent) and event is not None:
            raise ComposerError(
                "expected a single document in the stream",
                None,
                "but found another document",
                event.start_mark,
            )
        return node

    def _compose(self) -> yaml.Node:
        """One node from the events that follow DocumentStartEvent; iterative, so depth costs no stack."""
        # stack of (collection node, anchor, pending key for mappings, size so far)
        stack: list[list[Any]] = []
        next_event = self.loader.get_event
        scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
        while True:
            event: Any = next_event()
            mark: Any = event.start_mark
            node: yaml.Node | None = None
            size = 1
            if isinstance(event, scalar_event):
                if event.anchor is not None:
                    self._anchor(event)
                node = self._scalar(event)
                self._register(event.anchor, node)
            elif isinstance(event, alias_event):
                node = self._alias(event)
                size = self.sizes.get(id(node), 1)
                self.expanded += size
                if self.expanded > self.max_expansion + 10 * self.own:
                    raise YamlLimitError(
                        None,
                        None,
                        f"aliases expand the document beyond {self.max_expansion} nodes (an alias bomb?)",
                        mark,
                    )
            elif isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                self._anchor(event)
                if len(stack) >= self.max_depth:
                    raise YamlLimitError(None, None, f"nested more than {self.max_depth} levels deep", mark)
                self.own += 1
                tag = event.tag
                if isinstance(event, yaml.SequenceStartEvent):
                    if tag is None or tag == "!":
                        tag = self.loader.resolve(yaml.SequenceNode, None, event.implicit)
                    collection: yaml.Node = yaml.SequenceNode(
                        tag, [], mark, None, flow_style=event.flow_style
                    )
                else:
                    if tag is None or tag == "!":
                        tag = self.loader.resolve(yaml.MappingNode, None, event.implicit)
                    collection = yaml.MappingNode(tag, [], mark, None, flow_style=event.flow_style)
                if event.anchor is not None:
                    self.anchors[event.anchor] = collection
                    self.open_anchors.add(event.anchor)
                stack.append([collection, event.anchor, None, 1])
                continue
            elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                collection, anchor, _pending, size = stack.pop()
                collection.end_mark = event.end_mark
                if anchor is not None:
                    self.open_anchors.discard(anchor)
                self.sizes[id(collection)] = size
                self._check_tag(collection)
                if self.merge_keys and isinstance(collection, yaml.MappingNode):
                    self._check_merges(collection)
                node = collection
            else:  # pragma: no cover - libyaml never sends anything else inside a document
                raise ComposerError(None, None, f"unexpected {type(event).__name__}", event.start_mark)
            if node.tag == _MERGE and not (
                stack and stack[-1][2] is None and isinstance(stack[-1][0], yaml.MappingNode)
            ):
                raise YamlLimitError(None, None, "'<<' (a merge key) is only valid as a mapping key", mark)
            if node.tag == _VALUE and not (
                stack and stack[-1][2] is None and isinstance(stack[-1][0], yaml.MappingNode)
            ):  # as a key, SafeConstructor.flatten_mapping reads "=" as a string; elsewhere it fails
                self._check_tag(node)
            if not stack:
                return node
            parent = stack[-1]
            parent[3] += size
            if isinstance(parent[0], yaml.MappingNode):
                if parent[2] is None:
                    if not isinstance(node, yaml.ScalarNode):  # SafeConstructor cannot hash it either
                        raise YamlLimitError(
                            None, None, "a mapping key must be a plain value", node.start_mark
                        )
                    parent[2] = node
                else:
                    parent[0].value.append((parent[2], node))
                    parent[2] = None
            else:
                parent[0].value.append(node)

    def _check_merges(self, mapping: yaml.MappingNode) -> None:
        """``<<`` merges a mapping or a list of mappings (SafeConstructor.flatten_mapping)."""
        for key, value in mapping.value:
            if key.tag != _MERGE:
                continue
            items = value.value if isinstance(value, yaml.SequenceNode) else [value]
            if not all(isinstance(item, yaml.MappingNode) for item in items):
                raise YamlLimitError(
                    None, None, "'<<' merges a mapping or a list of mappings", value.start_mark
                )

    def _anchor(self, event: Any) -> None:
        anchor = event.anchor
        if anchor is not None and anchor in self.anchors:
            raise ComposerError(
                f"found duplicate anchor {anchor!r}; first occurrence",
                self.anchors[anchor].start_mark,
                "second occurrence",
                event.start_mark,
            )

    def _alias(self, event: Any) -> yaml.Node:
        anchor = event.anchor
        if anchor not in self.anchors:
            raise ComposerError(None, None, f"found undefined alias {anchor!r}", event.start_mark)
        if anchor in self.open_anchors:
            raise YamlLimitError(
                None, None, f"alias *{anchor} refers to a node that contains it", event.start_mark
            )
        return self.anchors[anchor]

    def _register(self, anchor: str | None, node: yaml.Node) -> None:
        self.own += 1
        if anchor is not None:
            self.anchors[anchor] = node

    def _scalar(self, event: Any) -> yaml.Node:
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            if tag == _MERGE and not self.merge_keys:
                tag = _STR
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
        if tag not in (_STR, _VALUE):  # "=" is settled once its place is known (see _compose)
            self._check_tag(node)
        return node

    def _check_tag(self, node: yaml.Node) -> None:
        """Refuse a node SafeConstructor cannot build (a plain mapping or sequence is not built)."""
        if node.tag in _UNCHECKED:
            return
        try:
            self.constructor.construct_object(node, deep=True)
        except Exception as exc:  # ValueError, KeyError, TypeError, ConstructorError...: all a bad value
            reason = getattr(exc, "problem", None) or str(exc) or type(exc).__name__
            raise YamlLimitError(
                None, None, f"not a valid {node.tag.rsplit(':', 1)[-1]} value: {reason}", node.start_mark
            ) from None
        finally:
            self.constructor.constructed_objects.clear()
            self.constructor.recursive_objects.clear()


# -- values with the position they were written at ------------------------------------------------


@dataclass(slots=True)
class Node:
    """A YAML/JSON value with its position: mappings hold ``{key: (key node, value node)}``,
    sequences a list of nodes, scalars their value."""

    value: Any
    location: Location


class LocatedError(Exception):
    """A document that cannot be read, and where."""

    def __init__(self, location: Location, message: str) -> None:
        super().__init__(message)
        self.location = location
        self.message = message


def load_located(
    path: str, data: str, what: str, duplicates: list[tuple[Any, Location, Location]] | None = None
) -> Node:
    """``data`` (YAML or JSON) as nodes; raises :class:`LocatedError`. ``what`` names the document
    in messages ("the demand snapshot"). A mapping key given twice keeps its last value; with
    ``duplicates``, each such key is added to it with where it was first and where again."""
    try:
        composed = compose(data, merge_keys=False)  # depth, alias-expansion and scalar checks
    except yaml.YAMLError as exc:
        # JSON that YAML 1.1 refuses (tabs, for one) still parses; positions are then the file's
        try:
            return Node(_plain_nodes(json.loads(data), path), Location(path, 1, 1))
        except (ValueError, RecursionError):
            pass
        mark = getattr(exc, "problem_mark", None)
        raise LocatedError(
            Location(path, mark.line + 1, mark.column + 1) if mark else Location(path),
            f"not YAML or JSON: {getattr(exc, 'problem', None) or exc}",
        ) from None
    if composed is None:
        raise LocatedError(Location(path, 1, 1), f"{what} is empty")
    return _to_nodes(composed, path, yaml.constructor.SafeConstructor(), duplicates)


def _plain_nodes(value: Any, path: str) -> Any:
    here = Location(path, 1, 1)
    if isinstance(value, dict):
        return {k: (Node(k, here), Node(_plain_nodes(v, path), here)) for k, v in value.items()}
    if isinstance(value, list):
        return [Node(_plain_nodes(v, path), here) for v in value]
    return value


def _to_nodes(
    node: Any, path: str, constructor: Any, duplicates: list[tuple[Any, Location, Location]] | None = None
) -> Node:
    location = Location(path, node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        items: dict[Any, tuple[Node, Node]] = {}
        for key_node, value_node in node.value:
            key = _to_nodes(key_node, path, constructor)
            if isinstance(key.value, list | dict):
                raise LocatedError(key.location, "a mapping key must be a plain value")
            if duplicates is not None and key.value in items:
                duplicates.append((key.value, items[key.value][0].location, key.location))
            items[key.value] = (key, _to_nodes(value_node, path, constructor, duplicates))
        return Node(items, location)
    if isinstance(node, yaml.SequenceNode):
        return Node([_to_nodes(child, path, constructor, duplicates) for child in node.value], location)
    try:
        value = constructor.construct_object(node)  # scalars: YAML's own typing rules
    except yaml.constructor.ConstructorError as exc:  # a tag SafeConstructor has no type for ("=")
        raise LocatedError(location, f"not YAML or JSON: {exc.problem or exc}") from None
    return Node(value, location)
