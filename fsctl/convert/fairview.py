"""The Fair Scheduler values fs2cs reads off a running FairScheduler, computed from the tree.

fs2cs takes every value from Hadoop's parsed objects (``FSQueue``, ``AllocationConfiguration``), so
Fair defaults and inheritance apply (fs-parse.md §2.6). The reader stores declared values as
``Setting`` objects keyed by Fair element names; this module resolves defaults and inheritance for
the few values whose inheritance fs2cs depends on, so the converter does not rely on how a reader
chose to fill ``effective``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from fsctl.hadoop.conf import to_float32
from fsctl.model.location import Location
from fsctl.model.resources import INT_MAX, UNBOUNDED, ResourceSpec
from fsctl.model.tree import Queue, QueueTree, Setting

N = TypeVar("N", int, float)

DEFAULT_MAX_AM_SHARE = 0.5  # AllocationConfiguration / AllocationFileParser default


def _value(item: Any) -> Any:
    return item.value if isinstance(item, Setting) else item


def declared(queue: Queue, name: str) -> Any:
    """The declared value of a queue element, or None."""
    setting = queue.declared.get(name)
    return None if setting is None else setting.value


def queue_value(queue: Queue, name: str) -> Any:
    """Declared value, else the reader's effective value, else None."""
    # declared() and _value() inlined: asked several times for every queue of the tree
    setting = queue.declared.get(name)
    if setting is not None and setting.value is not None:
        return setting.value
    value = queue.effective.get(name)
    return value.value if isinstance(value, Setting) else value


def global_value(tree: QueueTree, name: str, default: Any = None) -> Any:
    setting = tree.settings.get(name)
    if setting is not None and setting.value is not None:
        return setting.value
    value = _value(tree.effective.get(name))
    return default if value is None else value


def global_location(tree: QueueTree, name: str) -> Location | None:
    setting = tree.settings.get(name)
    return setting.location if setting is not None else None


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
    return to_float32(as_float(queue_value(queue, "weight"), 1.0))


def is_fs_parent(queue: Queue) -> bool:
    """An FSParentQueue: root, children, ``type="parent"`` or a ``<reservation>``."""
    return (
        queue.parent is None
        or bool(queue.children)
        or queue.declared_parent
        or "reservation" in queue.declared
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
    raw = global_value(tree, "defaultQueueSchedulingPolicy")
    if raw is None:
        raw = global_value(tree, "defaultQueueSchedulingMode")
    return policy_name(raw)


def scheduling_policy(queue: Queue, tree: QueueTree) -> str:
    """The policy the Fair Scheduler runs the queue with (fs2cs reads ``FSQueue.getPolicy``): the
    reader's effective one, which also knows a refused policy that is not applied (3.3's early
    root.default keeps fair); else ``<schedulingPolicy>`` (alias ``schedulingMode``), else
    ``defaultQueueSchedulingPolicy``."""
    raw = _value(queue.effective.get("schedulingPolicy"))
    if raw is None:
        raw = declared(queue, "schedulingPolicy")
    if raw is None:
        raw = declared(queue, "schedulingMode")
    return policy_name(raw) if raw is not None else default_policy(tree)


def drf_used(tree: QueueTree) -> bool:
    """``FSConfigToCSConfigConverter``: DRF as the default policy or on any queue."""
    if default_policy(tree) == "drf":
        return True
    return any(scheduling_policy(q, tree) == "drf" for q in tree.queues())


@dataclass(frozen=True)
class Globals:
    queue_max_apps_default: int
    user_max_apps_default: int
    queue_max_am_share_default: float
    users: dict[str, int]
    user_locations: dict[str, Location | None]


def globals_of(tree: QueueTree) -> Globals:
    users: dict[str, int] = {}
    locations: dict[str, Location | None] = {}
    raw_users = tree.extras.get("users") or {}
    if isinstance(raw_users, dict):
        for name, item in raw_users.items():
            location = item.location if isinstance(item, Setting) else None
            value = _value(item)
            if isinstance(value, dict):
                value = _value(value.get("maxRunningApps"))
            if value is None:
                continue
            users[str(name)] = as_int(value, INT_MAX)
            locations[str(name)] = location
    return Globals(
        queue_max_apps_default=as_int(global_value(tree, "queueMaxAppsDefault"), INT_MAX),
        user_max_apps_default=as_int(global_value(tree, "userMaxAppsDefault"), INT_MAX),
        queue_max_am_share_default=to_float32(
            min(as_float(global_value(tree, "queueMaxAMShareDefault"), DEFAULT_MAX_AM_SHARE), 1.0)
        ),
        users=users,
        user_locations=locations,
    )


def max_am_share(queue: Queue, defaults: Globals) -> float:
    """``FSQueue.getMaxAMShare``: the parsed value clamped to 1.0, else the default."""
    value = queue_value(queue, "maxAMShare")
    if value is None:
        return defaults.queue_max_am_share_default
    return to_float32(min(as_float(value, defaults.queue_max_am_share_default), 1.0))


def max_running_apps(queue: Queue, defaults: Globals) -> int:
    return as_int(queue_value(queue, "maxRunningApps"), defaults.queue_max_apps_default)


def resource(queue: Queue, name: str) -> ResourceSpec | None:
    value = queue_value(queue, name)
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
        spec = resource(node, "maxContainerAllocation") if "maxContainerAllocation" in node.declared else None
        if spec is not None and not spec.is_percentage:
            amounts = spec.amounts()
            if any(v < UNBOUNDED for v in amounts.values()):
                return amounts
        if node.parent is None:
            return None
        node = node.parent
    return None


def preemptable(queue: Queue) -> bool:
    """``allowPreemptionFrom``: false propagates to every descendant (one way)."""
    for node in (queue, *queue.ancestors()):
        value = declared(node, "allowPreemptionFrom")
        if value is not None and not _truthy(value):
            return False
    return True


def _truthy(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    return str(value).strip().lower() == "true"


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
