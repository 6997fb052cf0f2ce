"""The elements of one array inside a large JSON text, decoded one at a time.

A ResourceManager's ``/ws/v1/cluster/apps`` answer for 100,000 applications is a few hundred MB of
JSON; decoded whole it takes several times that in memory. :func:`array_items` walks the objects on
the way to the array (``{"apps": {"app": [...]}}``) with :mod:`json`'s own scanner, skipping the
other members, and decodes the array's elements one by one, so only the text and one element are
held at a time. Jersey writes a list of one element as that element and an empty list as ``null``;
both are read as the list they stand for.

Errors are :class:`JsonStreamError`: ``syntax`` when the text is not JSON (with the line and column,
as :mod:`json` gives them), else the document is JSON of another shape (the message names the JSON
path, ``$.apps.app``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


class JsonStreamError(ValueError):
    """Why the array cannot be read: ``where`` is the JSON path, ``syntax`` whether the text is not
    JSON at all (rather than JSON of another shape)."""

    def __init__(self, where: str, message: str, syntax: bool) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message
        self.syntax = syntax


def first_key(text: str) -> str | None:
    """The first member's name of the object ``text`` starts with, or None (not an object, or an
    empty one): what names a ResourceManager's answer (``apps``, ``scheduler``, ...)."""
    position = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
    if not text.startswith("{", position):
        return None
    position = _SPACE.match(text, position + 1).end()  # type: ignore[union-attr]
    if not text.startswith('"', position):
        return None
    try:
        key, _ = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
    except ValueError:
        return None
    return str(key)


def array_items(text: str, path: tuple[str, ...]) -> Iterator[tuple[int, Any]]:
    """(index, element) of the array at ``path`` (object member names from the top), in order; the
    rest of the text is then read to its end, so a truncated answer is an error even after it."""
    position = _skip(text, 0)
    where = "$"
    around: list[str] = []  # the objects the array is in, innermost last
    for key in path:
        position = _member(text, position, key, where)
        around.append(where)
        where = f"{where}.{key}"
    if text.startswith("null", position):
        position += 4
    elif text.startswith("{", position):  # one element, written as itself
        item, position = _decode(text, position, f"{where}[0]")
        yield 0, item
    elif not text.startswith("[", position):
        raise JsonStreamError(where, "expected a list", syntax=False)
    else:
        position = _skip(text, position + 1)
        index = 0
        while not text.startswith("]", position):
            item, position = _decode(text, position, f"{where}[{index}]")
            yield index, item
            index += 1
            position = _skip(text, position)
            if text.startswith(",", position):
                position = _skip(text, position + 1)
            elif not text.startswith("]", position):
                raise _syntax(
                    text, position, f"{where}[{index}]", "expected ',' or ']' (a truncated answer?)"
                )
        position += 1
    for enclosing in reversed(around):
        position = _rest_of_object(text, position, enclosing)
    position = _skip(text, position)
    if position != len(text):
        raise _syntax(text, position, "$", "more after the document")


def _member(text: str, position: int, key: str, where: str) -> int:
    """The position of member ``key``'s value in the object at ``position``."""
    if not text.startswith("{", position):
        if position >= len(text):
            raise _syntax(text, position, where, "the text ends here (a truncated answer?)")
        raise JsonStreamError(where, f"expected an object with '{key}'", syntax=False)
    position = _skip(text, position + 1)
    while not text.startswith("}", position):
        if not text.startswith('"', position):
            raise _syntax(text, position, where, "expected a member name (a truncated answer?)")
        try:
            name, position = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
        except ValueError as exc:
            raise JsonStreamError(where, f"not JSON: {exc}", syntax=True) from None
        position = _skip(text, position)
        if not text.startswith(":", position):
            raise _syntax(text, position, where, "expected ':'")
        position = _skip(text, position + 1)
        if name == key:
            return position
        _, position = _decode(text, position, f"{where}.{name}")
        position = _skip(text, position)
        if text.startswith(",", position):
            position = _skip(text, position + 1)
        elif not text.startswith("}", position):
            raise _syntax(text, position, where, "expected ',' or '}' (a truncated answer?)")
    raise JsonStreamError(where, f"no '{key}' (an older ResourceManager, or not its response?)", syntax=False)


def _rest_of_object(text: str, position: int, where: str) -> int:
    """Past the members that follow a value, to the end of its object."""
    position = _skip(text, position)
    while text.startswith(",", position):
        position = _skip(text, position + 1)
        if not text.startswith('"', position):
            raise _syntax(text, position, where, "expected a member name (a truncated answer?)")
        try:
            name, position = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
        except ValueError as exc:
            raise JsonStreamError(where, f"not JSON: {exc}", syntax=True) from None
        position = _skip(text, position)
        if not text.startswith(":", position):
            raise _syntax(text, position, where, "expected ':'")
        position = _skip(text, _decode(text, _skip(text, position + 1), f"{where}.{name}")[1])
    if not text.startswith("}", position):
        raise _syntax(text, position, where, "expected ',' or '}' (a truncated answer?)")
    return position + 1


def _decode(text: str, position: int, where: str) -> tuple[Any, int]:
    try:
        value, end = _DECODER.raw_decode(text, position)
    except json.JSONDecodeError as exc:
        raise JsonStreamError(where, f"not JSON: {exc} (a truncated answer?)", syntax=True) from None
    except RecursionError:
        raise JsonStreamError(where, "not JSON: nested too deeply", syntax=True) from None
    return value, end


def _skip(text: str, position: int) -> int:
    return _SPACE.match(text, position).end()  # type: ignore[union-attr]


def _syntax(text: str, position: int, where: str, message: str) -> JsonStreamError:
    line = text.count("\n", 0, position) + 1
    column = position - text.rfind("\n", 0, position)
    return JsonStreamError(where, f"not JSON: {message}: line {line} column {column}", syntax=True)


class JsonLocator:
    """Where the values of a JSON text begin, by JSON path (a tuple of member names and indexes),
    for messages about a document decoded without positions. Each object or array on the way is
    walked once, its members' positions kept: the first question costs about one decoding of the
    containers it crosses, later ones little. The text must be JSON (it was decoded)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._objects: dict[int, dict[str, tuple[int, int]]] = {}
        self._arrays: dict[int, list[int]] = {}
        self._breaks: list[int] | None = None

    def position(self, path: tuple[Any, ...], key: bool = False) -> int | None:
        """The offset of the value at ``path`` (of its member name, with ``key``), or None."""
        text = self.text
        position = _skip(text, 0)
        for depth, step in enumerate(path):
            if text.startswith("{", position):
                found = self._members(position).get(str(step))
                if found is None:
                    return None
                if key and depth == len(path) - 1:
                    return found[0]
                position = found[1]
            elif text.startswith("[", position) and isinstance(step, int):
                elements = self._elements(position)
                if not 0 <= step < len(elements):
                    return None
                position = elements[step]
            else:
                return None
        return position

    def line_column(self, position: int) -> tuple[int, int]:
        """1-based, as editors count. The line breaks are found once (thousands of findings on a
        snapshot of tens of MB, written on one line or many, each scanned the text before)."""
        import bisect

        if self._breaks is None:
            self._breaks = [m.start() for m in re.finditer("\n", self.text)]
        before = bisect.bisect_left(self._breaks, position)
        start = self._breaks[before - 1] if before else -1
        return before + 1, position - start

    def _members(self, start: int) -> dict[str, tuple[int, int]]:
        known = self._objects.get(start)
        if known is None:
            known = self._objects[start] = {}
            text = self.text
            position = _skip(text, start + 1)
            while text.startswith('"', position):
                name, after = json.decoder.scanstring(text, position + 1)  # type: ignore[attr-defined]
                value = _skip(text, _skip(text, after) + 1)  # past the ':'
                known[name] = (position, value)
                position = _skip(text, _DECODER.raw_decode(text, value)[1])
                position = _skip(text, position + 1) if text.startswith(",", position) else position
        return known

    def _elements(self, start: int) -> list[int]:
        known = self._arrays.get(start)
        if known is None:
            known = self._arrays[start] = []
            text = self.text
            position = _skip(text, start + 1)
            while position < len(text) and not text.startswith("]", position):
                known.append(position)
                position = _skip(text, _DECODER.raw_decode(text, position)[1])
                position = _skip(text, position + 1) if text.startswith(",", position) else position
        return known
