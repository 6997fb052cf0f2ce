"""Escaping text for the XML fsctl writes: each writer names its entity table, and the text is
escaped in one pass (most names and values have none of the characters, and are returned as they are)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping


def escaper(entities: Mapping[str, str]) -> Callable[[str], str]:
    """A function replacing each character of ``entities`` by its reference."""
    pattern = re.compile("[" + re.escape("".join(entities)) + "]")
    table = dict(entities)

    def escape(text: str) -> str:
        if pattern.search(text) is None:
            return text
        return pattern.sub(lambda match: table[match.group()], text)

    return escape
