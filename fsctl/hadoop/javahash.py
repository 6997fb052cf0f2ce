"""Java's ``HashSet<String>`` iteration order, where Hadoop's answer depends on it.

Hadoop 3.3's ``QueueManager`` creates the configured parent queues in the order of a ``HashSet``
(``QueueProperties.configuredQueues``); whether a queue under ``root.default`` exists depends on it.
``String.hashCode`` is fixed by the Java language, so the order is too: buckets of
``(h ^ h >>> 16) & (n - 1)`` ascending, insertion order within a bucket, ``n`` the table size after
the last resize (16, doubled whenever the size passes three quarters of it).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

_MASK = 0xFFFFFFFF


def _utf16_units(text: str) -> bytes | list[int]:
    """The UTF-16 code units of a Java String holding ``text`` (one per character when ASCII)."""
    if text.isascii():
        return text.encode("ascii")
    data = text.encode("utf-16-be", "surrogatepass")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]


def _units(text: str) -> int:
    return len(text) if text.isascii() else len(_utf16_units(text))


def string_hash(text: str) -> int:
    """``String.hashCode`` over UTF-16 code units, as an unsigned 32-bit value."""
    h = 0
    for unit in _utf16_units(text):
        h = (31 * h + unit) & _MASK
    return h


def joined_hash(prefix: int, name: str) -> int:
    """``(prefix + "." + name).hashCode()`` from ``prefix.hashCode()``: a queue's from its parent's."""
    scale, own = _name_terms(name)
    return ((prefix * 31 + 46) * scale + own) & _MASK


@functools.lru_cache(maxsize=65536)
def _name_terms(name: str) -> tuple[int, int]:
    """(31 to the power of the name's length, its hash): large trees repeat a few names."""
    return pow(31, _units(name), 1 << 32), string_hash(name)


def hash_set_order(inserted: Iterable[str], hashes: Mapping[str, int] | None = None) -> list[str]:
    """The iteration order of a ``HashSet<String>`` after adding ``inserted`` in order (also of a
    ``HashMap`` with those keys); ``hashes`` may hold their ``hashCode`` already.

    Buckets holding eight or more colliding names (treeified in a table of 64 or more) would
    iterate differently; queue names never collide that much.
    """
    unique = list(dict.fromkeys(inserted))
    size = 16
    while len(unique) > size * 3 // 4:
        size *= 2

    def bucket(name: str) -> int:
        h = hashes[name] if hashes is not None else string_hash(name)
        return (h ^ (h >> 16)) & (size - 1)

    position = {name: i for i, name in enumerate(unique)}
    return sorted(unique, key=lambda name: (bucket(name), position[name]))
