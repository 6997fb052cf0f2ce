"""Where a value came from: file, line and column (1-based, as editors count)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class Location(NamedTuple):
    """Immutable and compared by value; a named tuple rather than a frozen dataclass because a large
    file's findings and ratio cells make tens of thousands, and a tuple is made in C (a third of the
    time)."""

    file: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.column}"
        return self.file


class DeferredLocation:
    """A :class:`Location` worked out only when first read (``where(arg)``).

    Readers attach one to every setting and queue, but a clean file needs almost none of them:
    finding a column means looking at the text, which on 100,000 queues costs more than reading.
    """

    __slots__ = ("arg", "where")

    def __init__(self, where: Callable[[Any], Location], arg: Any) -> None:
        self.where = where
        self.arg = arg

    def resolve(self) -> Location:
        return self.where(self.arg)
