"""What the CS3xx rules share: key prefixes, the owner of a key, capacity and number values, and the
orphan keys (under undeclared paths) of :class:`~fsctl.capacity.values.CapacityInfo`
(``CapacitySchedulerConfiguration``, ``CapacitySchedulerQueueManager``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import CapacityError, CapacityValue, parse_capacity
from fsctl.capacity.values import CapacityTree, flag
from fsctl.hadoop.javanum import ConfValueError, java_float_str, parse_float
from fsctl.model.tree import Queue, QueueTree, Setting

CSC = "CapacitySchedulerConfiguration.java"
STORE = "CSQueueStore.java"
PREFIX = keys.PREFIX
KNOWN_QUEUE_SUFFIXES = tuple(keys.QUEUE_KEYS)
#: the per-queue user and AM limits, also given once for every queue (CS308-CS310)
LIMIT_KEYS = ("user-limit-factor", "minimum-user-limit-percent", "maximum-am-resource-percent")


def queues_declaring(queues: list[Queue], wanted: Callable[[str], bool]) -> Iterator[Queue]:
    """The queues that declare some key suffix ``wanted`` accepts, in order. A file repeats a few
    suffixes over thousands of queues: ``wanted`` is asked once per distinct suffix, and the queues
    are walked only if some suffix is wanted (usually none is)."""
    distinct = {suffix for queue in queues for suffix in queue.declared}
    chosen = {suffix for suffix in distinct if wanted(suffix)}
    if chosen:
        for queue in queues:
            if not chosen.isdisjoint(queue.declared):
                yield queue


def owner(rest: str, tree: QueueTree) -> tuple[Queue | None, str]:
    """The deepest queue a key (without the prefix) starts with, and the rest of the key."""
    best: Queue | None = None
    suffix = rest
    position = rest.find(".")
    while position != -1:
        queue = tree.find(rest[:position])
        if queue is not None:
            best, suffix = queue, rest[position + 1 :]
        position = rest.find(".", position + 1)
    return best, suffix


def is_dynamic_parent(queue: Queue) -> bool:
    return any(
        flag(queue, key) for key in ("auto-create-child-queue.enabled", "auto-queue-creation-v2.enabled")
    )


def did_you_mean(word: str, choices: list[str] | tuple[str, ...], cutoff: float = 0.6) -> str:
    import difflib  # only for an unknown name: not loaded on a clean file

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f" (did you mean {close[0]!r}?)" if close else ""


def suggest_suffix(suffix: str) -> str:
    """Did-you-mean for a queue key suffix; per-label keys are matched on their last part."""
    label = keys.label_of(suffix)
    if label is not None:
        import difflib  # only for an unknown name: not loaded on a clean file

        close = difflib.get_close_matches(label[1], list(keys.LABEL_KEYS), n=1, cutoff=0.6)
        if close:
            return f" (did you mean '{keys.LABELS_PREFIX}{label[0]}.{close[0]}'?)"
    return did_you_mean(suffix, KNOWN_QUEUE_SUFFIXES)


def names_missing_queue(suffix: str) -> bool:
    """Whether ``<segments>.<known key>``: a key for a queue below the owner that does not exist."""
    parts = suffix.split(".")
    return any(keys.queue_kind(".".join(parts[cut:])) is not None for cut in range(1, len(parts)))


def orphan_keys(tree: CapacityTree) -> Iterator[tuple[str, Setting, Queue | None, str]]:
    """(name, setting, owner, suffix) of each key under an undeclared path, but for the explicit
    settings of queues that auto-creation may make later."""
    for name, setting in tree.info.orphans.items():
        key_owner, suffix = owner(name[len(PREFIX) :], tree)
        if key_owner is not None and is_dynamic_parent(key_owner):
            continue
        yield name, setting, key_owner, suffix


def capacity(queue: Queue, suffix: str) -> CapacityValue | None:
    setting = queue.declared.get(suffix)
    if setting is None:
        return None
    if isinstance(setting.value, CapacityValue):
        return setting.value
    try:
        return parse_capacity(setting.raw, queue.path, maximum=suffix == "maximum-capacity")
    except (CapacityError, ConfValueError):
        return None


def number(setting: Setting | None) -> float | None:
    if setting is None:
        return None
    value: Any = setting.value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return parse_float(setting.raw)
    except (ConfValueError, TypeError):
        return None


def fmt(value: float) -> str:
    text = java_float_str(value)
    return text[:-2] if text.endswith(".0") else text


def limit_settings(tree: CapacityTree, queues: list[Queue], key: str) -> Iterator[tuple[Setting, str | None]]:
    """(setting, queue path) of one limit key: each queue's, then the global one (no queue)."""
    for queue in queues:
        setting = queue.declared.get(key)
        if setting is not None:
            yield setting, queue.path
    setting = tree.settings.get(PREFIX + key)
    if setting is not None:
        yield setting, None
