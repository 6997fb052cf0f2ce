"""The Fair Scheduler values fs2cs reads off a running FairScheduler, computed from the tree.

fs2cs takes every value from Hadoop's parsed objects (``FSQueue``, ``AllocationConfiguration``), so
Fair defaults and inheritance apply (fs-parse.md §2.6): they are the tree's resolved records
(``queue.effective``, ``tree.info.defaults``, :mod:`fsctl.fair.effective`), the same every other
engine reads. ``maxContainerAllocation`` is the exception: fs2cs reads ``FSQueue``'s own value, not
the one the scheduler caps, so it walks the declared values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from fsctl.fair.elements import BY_QUEUE_NAME
from fsctl.hadoop.javanum import to_float32
from fsctl.model.location import Location
from fsctl.model.resources import UNBOUNDED, ResourceSpec
from fsctl.model.tree import Queue, QueueTree

N = TypeVar("N", int, float)


def declared(queue: Queue, name: str) -> Any:
    """The declared value of a queue element, or None."""
    setting = queue.declared.get(name)
    return None if setting is None else setting.value


def as_float(value: Any, default: float) -> float:
    return _converted(value, default, float)


def as_int(value: Any, default: int) -> int:
    return _converted(value, default, int)


def _converted(value: Any, default: N, cast: Callable[[Any], N]) -> N:
    """``cast(value)``, or ``default`` when the value is unset or not a number."""
    if value is None:
        return default
    try:
        return cast(value)
    except (TypeError, ValueError):
        return default


def weight(queue: Queue) -> float:
    """``<weight>``: a double cast to float; unset is 1.0."""
    return to_float32(as_float(queue.effective.weight, 1.0))


def is_fs_parent(queue: Queue) -> bool:
    """An FSParentQueue: root, children, ``type="parent"`` or a ``<reservation>``."""
    return (
        queue.parent is None or bool(queue.children) or queue.declared_parent or queue.effective.reservation
    )


def policy_name(value: Any) -> str:
    """``fair``, ``drf`` or ``fifo`` for a policy however the reader stored it (name or class)."""
    text = str(getattr(value, "name", value) or "fair").strip()
    lowered = text.lower()
    if lowered.endswith("dominantresourcefairnesspolicy") or lowered == "drf":
        return "drf"
    if lowered.endswith("fifopolicy") or lowered == "fifo":
        return "fifo"
    if lowered.endswith("fairsharepolicy") or lowered == "fair":
        return "fair"
    return lowered


def default_policy(tree: QueueTree) -> str:
    return policy_name(tree.info.defaults.default_queue_scheduling_policy)


def scheduling_policy(queue: Queue) -> str:
    """The policy the Fair Scheduler runs the queue with (fs2cs reads ``FSQueue.getPolicy``), which
    also knows a refused policy that is not applied (3.3's early root.default keeps fair)."""
    return policy_name(queue.effective.scheduling_policy)


def drf_used(tree: QueueTree) -> bool:
    """``FSConfigToCSConfigConverter``: DRF as the default policy or on any queue."""
    if default_policy(tree) == "drf":
        return True
    return any(scheduling_policy(q) == "drf" for q in tree.queues())


@dataclass(frozen=True)
class Globals:
    queue_max_apps_default: int
    user_max_apps_default: int
    queue_max_am_share_default: float
    users: dict[str, int]
    user_locations: dict[str, Location | None]


def globals_of(tree: QueueTree) -> Globals:
    defaults = tree.info.defaults
    users = {name: s["maxRunningApps"] for name, s in tree.info.users.items() if "maxRunningApps" in s}
    return Globals(
        queue_max_apps_default=defaults.queue_max_apps_default,
        user_max_apps_default=defaults.user_max_apps_default,
        queue_max_am_share_default=to_float32(defaults.queue_max_am_share_default),
        users={name: setting.value for name, setting in users.items()},
        user_locations=dict.fromkeys(users),
    )


def max_am_share(queue: Queue, defaults: Globals) -> float:
    """``FSQueue.getMaxAMShare``: the parsed value clamped to 1.0, else the default."""
    return to_float32(min(as_float(queue.effective.max_am_share, defaults.queue_max_am_share_default), 1.0))


def max_running_apps(queue: Queue, defaults: Globals) -> int:
    return as_int(queue.effective.max_running_apps, defaults.queue_max_apps_default)


def resource(queue: Queue, name: str) -> ResourceSpec | None:
    """A resource element's effective value (``minResources``, ``maxResources``, ...)."""
    value = getattr(queue.effective, BY_QUEUE_NAME[name].attribute)
    return value if isinstance(value, ResourceSpec) else None


def is_set_resource(spec: ResourceSpec | None) -> bool:
    """fs2cs's test for a configured maxResources/maxChildResources: a percentage, or an absolute
    value that is not unbounded in every type."""
    if spec is None:
        return False
    if spec.is_percentage:
        return True
    return any(amount < UNBOUNDED for amount in spec.amounts().values())


def is_nonzero_min(spec: ResourceSpec | None) -> bool:
    if spec is None or spec.is_percentage:
        return False  # a percentage minResources is stored as unset (fs-parse.md §2.3)
    return any(amount != 0 for amount in spec.amounts().values())


def max_container_allocation(queue: Queue) -> dict[str, int] | None:
    """``FSQueue.getMaximumContainerAllocation``: own absolute value, else the nearest ancestor's;
    root's own value only (None means unbounded)."""
    node: Queue | None = queue
    while node is not None:
        own = own_max_container_allocation(node)
        if own is not None or node.parent is None:
            return own
        node = node.parent
    return None


def own_max_container_allocation(queue: Queue) -> dict[str, int] | None:
    """The queue's own ``maxContainerAllocation`` when it is absolute and bounded in some type."""
    spec = declared(queue, "maxContainerAllocation")
    if spec is not None and not spec.is_percentage:
        amounts = spec.amounts()
        if any(v < UNBOUNDED for v in amounts.values()):
            return amounts
    return None


def preemptable(queue: Queue) -> bool:
    """``allowPreemptionFrom``: false propagates to every descendant (one way)."""
    return bool(queue.effective.allow_preemption_from)


def acl_string(raw: str) -> str | None:
    """``AccessControlList(raw).getAclString()``, or None when it allows nobody.

    Users and groups keep their document order here (Hadoop's sets happen to keep it for the test
    values); ``*`` in either part means everyone.
    """
    users_part, _, groups_part = raw.partition(" ")
    if users_part.strip() == "*" or groups_part.strip() == "*":
        return "*"
    users = _acl_items(users_part)
    groups = _acl_items(groups_part)
    if not users and not groups:
        return None
    return ",".join(users) + " " + ",".join(groups)


def _acl_items(part: str) -> list[str]:
    items: list[str] = []
    for item in part.replace("\n", ",").split(","):
        item = item.strip()
        if item and item not in items:
            items.append(item)
    return items


def acl_raw(queue: Queue, name: str) -> str | None:
    setting = queue.declared.get(name)
    if setting is None:
        return None
    if setting.raw:
        return setting.raw
    value = setting.value
    return value if isinstance(value, str) else (str(value) if value is not None else None)


def shown(spec: ResourceSpec) -> str:
    """A resource value as the file spells it (the canonical form when the reader kept no text)."""
    return " ".join(spec.text.split()) if spec.text.strip() else spec.canonical()
