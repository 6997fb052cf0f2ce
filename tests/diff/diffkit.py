"""Hand-built queue trees for the diff tests: ``{path: effective values}`` in document order."""

from __future__ import annotations

from typing import Any

from fsctl.fair.effective import resolve_defaults
from fsctl.fair.model import FairInfo
from fsctl.model.resources import MANDATORY_TYPES
from fsctl.model.tree import CAPACITY, FAIR, Format, PlacementRule, Queue, QueueTree, Setting


def tree(
    queues: dict[str, dict[str, Any]],
    *,
    fmt: Format = FAIR,
    declared: dict[str, set[str]] | None = None,
    settings: dict[str, Any] | None = None,
    placement: list[PlacementRule] | None = None,
    parents: set[str] = frozenset(),  # type: ignore[assignment]
) -> QueueTree:
    """Every queue's values are effective; those named in ``declared[path]`` (default: all) are
    also declared, as if the file set them."""
    root = Queue(name="root", path="root")
    index = {"root": root}
    for path, values in queues.items():
        if path == "root":
            queue = root
        else:
            parent_path, _, name = path.rpartition(".")
            queue = index[parent_path].add_child(Queue(name=name, path=path))
            index[path] = queue
        queue.effective.update(values)
        wanted = values.keys() if declared is None or path not in declared else declared[path]
        for key in wanted:
            queue.declared[key] = Setting(values[key], str(values[key]))
        queue.declared_parent = path in parents
    result = QueueTree(format=fmt, source="test.xml", root=root, placement=placement)
    if fmt == FAIR:  # the top-level defaults as the Fair reader resolves them
        given = {key: Setting(value, str(value)) for key, value in (settings or {}).items()}
        result.info = FairInfo(resolve_defaults(given, MANDATORY_TYPES))
    else:
        result.effective.update(settings or {})
    return result


def cs(queues: dict[str, dict[str, Any]], **kwargs: Any) -> QueueTree:
    return tree(queues, fmt=CAPACITY, **kwargs)
