"""Java's ``HashSet<String>`` iteration order, where Hadoop's answer depends on it.

Hadoop 3.3's ``QueueManager`` creates the configured parent queues in the order of a ``HashSet``
(``QueueProperties.configuredQueues``); whether a queue under ``root.default`` exists depends on it.
``String.hashCode`` is fixed by the Java language, so the order is too: buckets of
``(h ^ h >>> 16) & (n - 1)`` ascending, insertion order within a bucket, ``n`` the table size after
the last resize (16, doubled whenever the size passes three quarters of it).
"""

from __future__ import annotations

from collections.abc import Iterable

_MASK = 0xFFFFFFFF


def string_hash(text: str) -> int:
    """``String.hashCode`` over UTF-16 code units, as an unsigned 32-bit value."""
    h = 0
    for unit in text.encode("utf-16-be").hex(" ", 2).split():
        h = (31 * h + int(unit, 16)) & _MASK
    return h


def hash_set_order(inserted: Iterable[str]) -> list[str]:
    """The iteration order of a ``HashSet<String>`` after adding ``inserted`` in order.

    Buckets holding eight or more colliding names (treeified in a table of 64 or more) would
    iterate differently; queue names never collide that much.
    """
    unique = list(dict.fromkeys(inserted))
    size = 16
    while len(unique) > size * 3 // 4:
        size *= 2

    def bucket(name: str) -> int:
        h = string_hash(name)
        return (h ^ (h >> 16)) & (size - 1)

    position = {name: i for i, name in enumerate(unique)}
    return sorted(unique, key=lambda name: (bucket(name), position[name]))
