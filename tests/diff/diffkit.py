"""Hand-built queue trees for the diff tests: ``{path: effective values}`` in document order."""

from __future__ import annotations

from typing import Any

from fsctl.capacity.keys import PREFIX
from fsctl.capacity.reader import read_capacity_conf
from fsctl.fair.effective import resolve_tree
from fsctl.hadoop.conf import HadoopConf
from fsctl.model.tree import CAPACITY, FAIR, Format, PlacementRule, Queue, QueueTree, Setting


def tree(
    queues: dict[str, dict[str, Any]],
    *,
    fmt: Format = FAIR,
    declared: dict[str, set[str]] | None = None,
    settings: dict[str, Any] | None = None,
    placement: list[PlacementRule] | None = None,
    parents: set[str] = frozenset(),  # type: ignore[assignment]
    properties: dict[str, str] | None = None,
) -> QueueTree:
    """Every queue's values are effective; those named in ``declared[path]`` (default: all) are
    also declared, as if the file set them. A Capacity Scheduler tree is read by the capacity
    reader from the declared values (``properties`` adds keys as they are)."""
    if fmt == CAPACITY:
        return _capacity_tree(queues, declared or {}, settings or {}, properties or {})
    root = Queue(name="root", path="root")
    index = {"root": root}
    for path, values in queues.items():
        if path == "root":
            queue = root
        else:
            parent_path, _, name = path.rpartition(".")
            queue = index[parent_path].add_child(Queue(name=name, path=path))
            index[path] = queue
        wanted = values.keys() if declared is None or path not in declared else declared[path]
        for key in wanted:
            queue.declared[key] = Setting(values[key], str(values[key]))
        queue.declared_parent = path in parents
    result = QueueTree(format=fmt, source="test.xml", root=root, placement=placement)
    result.settings = {key: Setting(value, str(value)) for key, value in (settings or {}).items()}
    resolve_tree(result)  # as the Fair reader resolves them
    return result


def _capacity_tree(
    queues: dict[str, dict[str, Any]],
    declared: dict[str, set[str]],
    settings: dict[str, Any],
    properties: dict[str, str],
) -> QueueTree:
    children: dict[str, list[str]] = {}
    for path in queues:
        if path != "root":
            parent, _, name = path.rpartition(".")
            children.setdefault(parent, []).append(name)
    pairs = [(key if key.startswith("yarn.") else PREFIX + key, _text(v)) for key, v in settings.items()]
    pairs.extend((f"{PREFIX}{path}.queues", ",".join(names)) for path, names in children.items())
    for path, values in queues.items():
        wanted = declared.get(path, values.keys())
        pairs.extend((f"{PREFIX}{path}.{key}", _text(values[key])) for key in wanted)
    pairs.extend(properties.items())
    read = read_capacity_conf(HadoopConf.from_pairs(pairs, "test.xml"))
    assert read.tree is not None
    return read.tree


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def cs(queues: dict[str, dict[str, Any]], **kwargs: Any) -> QueueTree:
    return tree(queues, fmt=CAPACITY, **kwargs)
