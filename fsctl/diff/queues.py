"""Which queues of the old tree are which queues of the new one, and what changed on each.

A queue keeps its identity by full path. A queue that disappears from one place and appears in
another is *moved* when its name is unique in both trees (so there is only one way to read it); its
descendants move with it and are compared by their path relative to it. Properties are compared on
their *effective* values (defaults and inheritance resolved by the reader), so a changed
scheduler-wide default shows on every queue it reaches, while a value spelled differently, or set
explicitly to what it already was, is no difference.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fsctl.diff.changes import ADDED, CHANGED, MOVED, REMOVED, Change, canonical_property
from fsctl.diff.wording import describe_property
from fsctl.model.tree import FAIR, Queue, QueueTree

#: effective keys that restate the tree's shape (already reported as queues added or removed)
STRUCTURAL_KEYS = frozenset({"queues"})


@dataclass
class Matching:
    """Old queue -> new queue for every queue present on both sides (same path or moved)."""

    pairs: list[tuple[Queue, Queue]] = field(default_factory=list)
    #: the topmost queue of each moved subtree (old, new)
    moved: list[tuple[Queue, Queue]] = field(default_factory=list)
    added: list[Queue] = field(default_factory=list)
    removed: list[Queue] = field(default_factory=list)


def match_queues(old: QueueTree, new: QueueTree) -> Matching:
    old_index = {q.path: q for q in old.queues()}
    new_index = {q.path: q for q in new.queues()}
    removed = [q for path, q in old_index.items() if path not in new_index]
    added_paths = {path for path in new_index if path not in old_index}
    matching = Matching()
    moved_to: dict[str, str] = {}
    taken: set[str] = set()
    if removed and added_paths:  # a move needs both: count names only then
        old_names = Counter(q.name for q in old_index.values())
        new_names = Counter(q.name for q in new_index.values())
        added_by_name = {q.name: q for q in new_index.values() if q.path in added_paths}
    else:
        old_names = new_names = Counter()
        added_by_name = {}
    for queue in removed:  # pre-order: an ancestor is settled before its descendants
        if queue.path in moved_to:
            continue
        target = added_by_name.get(queue.name)
        unique = old_names[queue.name] == 1 and new_names[queue.name] == 1
        if target is None or not unique or target.path in taken:
            continue
        matching.moved.append((queue, target))
        for descendant in queue.walk():
            path = target.path + descendant.path[len(queue.path) :]
            if path in added_paths and path not in taken:
                moved_to[descendant.path] = path
                taken.add(path)

    for path, queue in old_index.items():
        if path in new_index:
            matching.pairs.append((queue, new_index[path]))
        elif path in moved_to:
            matching.pairs.append((queue, new_index[moved_to[path]]))
        else:
            matching.removed.append(queue)
    matching.added = [q for path, q in new_index.items() if path in added_paths and path not in taken]
    return matching


def queue_kind(queue: Queue) -> str:
    return "leaf" if queue.is_leaf else "parent"


def properties(queue: Queue) -> dict[str, Any]:
    """The queue's effective values (its format's record), less the keys that restate the tree's shape."""
    # a fresh dict per call (the record is shared): called for every queue of both trees, often twice
    values = queue.effective.as_dict()
    for key in STRUCTURAL_KEYS:
        values.pop(key, None)
    return values


def property_value(queue: Queue, key: str, default: Any = None) -> Any:
    """``properties(queue).get(key, default)`` without copying the queue's settings."""
    if key in STRUCTURAL_KEYS:
        return default
    return queue.effective.value_of(key, default)


def structure_changes(matching: Matching) -> list[Change]:
    changes: list[Change] = []
    for queue in matching.added:
        changes.append(
            Change(ADDED, queue.path, None, None, queue_kind(queue), f"new {queue_kind(queue)} queue")
        )
    for queue in matching.removed:
        changes.append(
            Change(REMOVED, queue.path, None, queue_kind(queue), None, f"{queue_kind(queue)} queue removed")
        )
    for old, new in matching.moved:
        changes.append(
            Change(MOVED, new.path, None, old.path, new.path, f"moved from {old.path} to {new.path}")
        )
    return changes


def queue_changes(matching: Matching) -> list[Change]:
    changes: list[Change] = []
    for old, new in matching.pairs:
        if old.is_leaf != new.is_leaf:
            changes.append(
                Change(
                    CHANGED,
                    new.path,
                    "type",
                    queue_kind(old),
                    queue_kind(new),
                    f"{queue_kind(old)} queue becomes a {queue_kind(new)} queue",
                )
            )
        if not same_record(old.effective, new.effective):
            changes.extend(property_changes(new.path, properties(old), properties(new), (old, new)))
    return changes


def same_record(a: Any, b: Any) -> bool:
    """Two effective-value records with every field the same value of the same type, so that
    :func:`property_changes` would find nothing: checked in C, without copying either (most queues
    of two versions of a file are unchanged)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or not hasattr(kind, "__dataclass_fields__"):
        return False
    values = _field_values(kind)
    try:
        left, right = values(a), values(b)
        return bool(left == right) and tuple(map(type, left)) == tuple(map(type, right))
    except Exception:  # an unusable __eq__: property_changes decides, key by key
        return False


_FIELD_VALUES: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _field_values(record_type: type) -> Callable[[Any], tuple[Any, ...]]:
    """The record's field values as one tuple (a record has more than one field), made once per type."""
    getter = _FIELD_VALUES.get(record_type)
    if getter is None:
        names = [f.name for f in dataclasses.fields(record_type)]
        getter = _FIELD_VALUES[record_type] = operator.attrgetter(*names)
    return getter


def property_changes(
    queue: str | None,
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    queues: tuple[Queue, Queue] | None = None,
) -> Iterable[Change]:
    """Every key whose canonical value differs, in name order (deterministic whatever the reader)."""
    for key in _candidate_keys(old, new):
        if key in old and key in new and _equal(old[key], new[key]):
            continue  # the common case, without spelling anything out
        before = canonical_property(key, old[key]) if key in old else None
        after = canonical_property(key, new[key]) if key in new else None
        if before == after or (key in old and key in new and _same_number(old[key], new[key])):
            continue
        inherited = queues is not None and all(key not in q.declared for q in queues)
        kind = CHANGED if before is not None and after is not None else (ADDED if before is None else REMOVED)
        yield Change(kind, queue, key, before, after, describe_property(key, before, after, inherited))


def settings_values(tree: QueueTree) -> dict[str, Any]:
    if tree.format != FAIR:  # CapacityInfo
        return tree.info.as_dict()
    values = tree.info.defaults.as_dict()
    # Fair <user name="u"><maxRunningApps>: one setting per user (AllocationConfiguration.getUserMaxApps)
    for user, limit in tree.info.user_max_apps.items():
        values[f"user {user} maxRunningApps"] = limit
    return values


def settings_changes(old: QueueTree, new: QueueTree) -> list[Change]:
    before, after = settings_values(old), settings_values(new)
    # a user limit that disappears falls back to userMaxAppsDefault: compare effective limits
    for values, other in ((before, after), (after, before)):
        for key in other:
            if key.startswith("user ") and key not in values and "userMaxAppsDefault" in values:
                values[key] = values["userMaxAppsDefault"]
    return list(property_changes(None, before, after))


def _same_number(a: Any, b: Any) -> bool:
    """``2`` and ``2.0`` are one value (a reader may keep either)."""
    numbers = (int, float)
    if isinstance(a, bool) or isinstance(b, bool) or not (isinstance(a, numbers) and isinstance(b, numbers)):
        return False
    return float(a) == float(b)


def _candidate_keys(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """The keys :func:`property_changes` must look at, sorted: with the same keys on both sides (the
    usual case) only those whose values are not the same object nor :func:`_equal`, filtered in one
    pass (a queue has dozens of keys and the trees thousands of queues)."""
    if old.keys() != new.keys():
        return sorted(set(old) | set(new))
    try:
        # the same object always canonicalises to the same text, so property_changes would skip it
        return sorted(
            k for k, a in old.items() if not ((b := new[k]) is a or (type(a) is type(b) and a == b))
        )
    except Exception:  # an unusable __eq__: let _equal's own fallback decide, key by key
        return sorted(old)


def _equal(a: Any, b: Any) -> bool:
    """Plain equality where it is cheap and certain (ResourceSpec ignores its spelling)."""
    if type(a) is not type(b):
        return False
    try:
        return bool(a == b)
    except Exception:  # a value type whose equality is not usable: compare spellings instead
        return False
