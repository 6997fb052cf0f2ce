"""The demand snapshot of ``fsctl simulate --demand``: per-queue load, YAML or JSON (DESIGN.md §2).

```yaml
cluster: "memory-mb=102400, vcores=100"      # optional; --cluster overrides
queues:
  root.ads.p0: {demand: "memory-mb=40960, vcores=40", usage: "memory-mb=8192, vcores=8", apps: 3}
  root.search:
    applications:
      - {name: app1, demand: "memory-mb=4096, vcores=4", usage: "memory-mb=1024, vcores=1", start: 10,
         am: "memory-mb=1024, vcores=1"}
```

A queue is active when it has runnable apps: ``apps``, else the number of ``applications``, else 1
when its demand is non-zero. Every problem becomes a located diagnostic (``SM1xx``, ``SM202`` for a
queue, application or key given twice); nothing raises. The snapshot itself is plain data
(:mod:`fsctl.model.demand`), which evaluate reads.

A JSON snapshot is read with Python's own JSON parser, and where each value was written is worked
out only when a finding names it (:class:`_JsonPositions`): a 100,000-application snapshot reads
in a fraction of a second. YAML, and JSON with a key given twice, go through the located reader.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from fsctl.catalogue.capacity_load import SM202
from fsctl.catalogue.simulate import SM101, SM102, SM103
from fsctl.io.fileio import read_input
from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import MANDATORY_TYPES, MEMORY, Vector

MAX_BYTES = 64 * 1024 * 1024
QUEUE_KEYS = ("demand", "usage", "apps", "applications")
APP_KEYS = ("name", "user", "demand", "usage", "container", "start", "priority", "am")

#: where a value of the document is: its path (keys and list indices) and whether the key or the value
Pointer = tuple[Any, ...]
Locate = Callable[[Pointer, bool], Location | DeferredLocation]


def parse_resource_text(text: str, resource_types: tuple[str, ...] = MANDATORY_TYPES) -> Vector:
    """An absolute resource in the Fair Scheduler syntax; raises ValueError with a reason.

    ``FairSchedulerConfiguration.parseResourceConfigValue`` (the fair reader's port), types it
    does not name being 0. Percentages are refused: a demand, a usage or a cluster is an amount.
    """
    from fsctl.fair.resources import parse_resource_config_value

    spec = parse_resource_config_value(text.strip(), 0, resource_types)  # ResourceParseError is a ValueError
    if spec.is_percentage:
        raise ValueError(f"{text.strip()!r}: a percentage is not an amount")
    return spec.amounts()


_parsed_texts: dict[str, Vector] = {}


def resource_value(value: Any) -> Vector:
    """A resource given as text or as a mapping of names to non-negative integers."""
    if isinstance(value, str):
        known = _parsed_texts.get(value)
        if known is None:  # snapshots repeat a few spellings many times
            known = parse_resource_text(value)
            if len(_parsed_texts) < 4096:
                _parsed_texts[value] = known
        return dict(known)
    if isinstance(value, Mapping):
        vector: Vector = {}
        for name, amount in value.items():
            if not isinstance(name, str) or isinstance(amount, bool) or not isinstance(amount, int):
                raise ValueError(f"{name!r}: expected a whole number, got {amount!r}")
            if amount < 0:
                raise ValueError(f"{name!r}: negative amount {amount}")
            vector[name] = amount
        return vector
    raise ValueError(f"expected a resource string or mapping, got {type(value).__name__}")


# -- reading with positions ------------------------------------------------------------------


class _Failure(Exception):
    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def read_demand(path: str, data: str | None = None) -> tuple[DemandSnapshot | None, list[Diagnostic]]:
    """Read a snapshot; on any problem return the diagnostics (and None if nothing is usable)."""
    if data is None:
        try:
            data = read_input(path, MAX_BYTES).decode("utf-8")  # refuses FIFOs, devices, huge files
        except (OSError, UnicodeDecodeError) as exc:
            return None, [SM101.at(Location(path), f"cannot read the demand snapshot: {exc}")]
    fast = _fast_json(path, data)
    if fast is not None:
        value, locate = fast
    else:
        try:
            value, locate, duplicates = _located(path, data)
        except _Failure as failure:
            return None, [failure.diagnostic]
        if duplicates:
            return None, duplicates
    return _read(path, value, locate)


def _fast_json(path: str, data: str) -> tuple[Any, Locate] | None:
    """A JSON document without a key given twice, read by Python's JSON parser; None otherwise."""
    if not data.lstrip().startswith("{"):
        return None
    twice: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        mapping = dict(items)
        if len(mapping) != len(items):
            twice.append("")
        return mapping

    try:
        value = json.loads(data, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None  # not strict JSON (or too deep): the located reader says where
    if twice:
        return None  # the located reader finds where each was given
    positions = _JsonPositions(path, data, _only_queue_keys_start_with_root(value))
    return value, lambda pointer, key: DeferredLocation(positions.find, (pointer, key))


def _located(path: str, data: str) -> tuple[Any, Locate, list[Diagnostic]]:
    """The document through the located YAML reader: plain values, their positions, and a finding
    for each key given twice."""
    from fsctl.io.yamlsafe import LocatedError, Node, load_located

    found: list[tuple[Any, Location, Location]] = []
    try:
        root = load_located(path, data, "the demand snapshot", found)
    except LocatedError as exc:
        rule = SM102 if exc.message == "a mapping key must be a plain value" else SM101
        raise _Failure(rule.at(exc.location, exc.message)) from None
    places: dict[tuple[Pointer, bool], Location] = {((), False): root.location}

    def plain(node: Node, pointer: Pointer) -> Any:
        if isinstance(node.value, dict):
            out = {}
            for key, (key_node, value_node) in node.value.items():
                places[(*pointer, key), True] = key_node.location
                places[(*pointer, key), False] = value_node.location
                out[key] = plain(value_node, (*pointer, key))
            return out
        if isinstance(node.value, list):
            items = []
            for index, item in enumerate(node.value):
                places[(*pointer, index), False] = item.location
                items.append(plain(item, (*pointer, index)))
            return items
        return node.value

    value = plain(root, ())
    duplicates = [
        SM202.at(again, f"{key!r} is given twice (first at line {first.line}, column {first.column})")
        for key, first, again in found
    ]

    def locate(pointer: Pointer, key: bool) -> Location:
        return places.get((pointer, key)) or places.get((pointer, False)) or root.location

    return value, locate, duplicates


def _only_queue_keys_start_with_root(value: Any) -> bool:
    if not isinstance(value, dict) or not set(value) <= {"cluster", "queues"}:
        return False
    cluster = value.get("cluster")
    return not isinstance(cluster, dict) or not any(str(k).startswith("root") for k in cluster)


class _JsonPositions:
    """Where keys and values of a JSON snapshot start, worked out on the first question about each
    queue (a walk over that queue's text only) and kept.

    Queue entries are the keys that start with ``root`` (a string followed by a colon is always a
    key, and in a document of ``cluster`` and ``queues`` no other key does): one regular-expression
    search finds them all. Anything else, or anything in a document with other keys, is found by a
    walk over the whole text, which only errors ask for."""

    _TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\],:]|[^\s{}\[\],:"]+')
    _QUEUE_KEY = re.compile(r'"(root(?:[^"\\\n]|\\.)*)"\s*:')

    def __init__(self, path: str, text: str, search: bool) -> None:
        self.path = path
        self.text = text
        self.queues: dict[str, int] | None = None if search else {}
        self.places: dict[tuple[Pointer, bool], int] = {}
        self.walked: set[Any] = set()
        self.lines: list[int] | None = None

    def find(self, question: tuple[Pointer, bool]) -> Location:
        pointer = question[0]
        start = None
        if len(pointer) >= 2 and pointer[0] == "queues":
            if self.queues is None:
                self.queues = {}
                for match in self._QUEUE_KEY.finditer(self.text):
                    self.queues.setdefault(json.loads(f'"{match.group(1)}"'), match.start())
            start = self.queues.get(pointer[1])
            if start is not None and pointer[1] not in self.walked:
                self.walked.add(pointer[1])
                self._walk(start, ("queues",))
        if start is None and None not in self.walked:  # not a queue the search finds: the whole text
            self.walked.add(None)
            self._walk(0, ())
        offset = self.places.get(question)
        if offset is None:
            offset = self.places.get((pointer, False), 0)
        return self._location(offset)

    def _location(self, offset: int) -> Location:
        import bisect

        if self.lines is None:
            self.lines = [m.start() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self.lines, offset)
        start = self.lines[line - 1] + 1 if line else 0
        return Location(self.path, line + 1, offset - start + 1)

    def _walk(self, start: int, prefix: Pointer) -> None:
        """Record the positions of one value (a whole queue entry, from its key, or the document)
        and everything inside it, until it closes."""
        places = self.places
        # a stack of open containers: [pointer, is an object, current key or index, expecting a key]
        stack: list[list[Any]] = [[prefix, True, None, True]] if prefix else []
        for match in self._TOKEN.finditer(self.text, start):
            token, at = match.group(), match.start()
            top = stack[-1] if stack else None
            if top is not None and top[1] and top[3] and token.startswith('"'):
                top[2] = json.loads(token)
                top[3] = False
                places.setdefault(((*top[0], top[2]), True), at)
                continue
            if token == ":":
                continue
            if token == ",":
                if top is not None:
                    if top[1]:
                        top[3] = True
                    else:
                        top[2] += 1
                if prefix and len(stack) == 1:
                    return  # the next queue entry
                continue
            if token in "}]":
                stack.pop()
                if not stack:
                    return
                continue
            pointer = () if top is None else (*top[0], top[2])
            places.setdefault((pointer, False), at)
            if token == "{":
                stack.append([pointer, True, None, True])
            elif token == "[":
                stack.append([pointer, False, 0, False])


# -- the snapshot ---------------------------------------------------------------------------------


def _read(path: str, root: Any, locate: Locate) -> tuple[DemandSnapshot | None, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    snapshot = DemandSnapshot(source=path)
    if not isinstance(root, dict):
        return None, [SM101.at(locate((), False), "the top level must be a mapping with a 'queues' key")]
    for key, value in root.items():
        if key == "cluster":
            try:
                snapshot.cluster = resource_value(value)
            except ValueError as exc:
                diagnostics.append(
                    SM103.at(locate(("cluster",), False), f"cluster: {exc}", property="cluster")
                )
        elif key == "queues":
            if value is None:
                continue
            if not isinstance(value, dict):
                diagnostics.append(
                    SM102.at(locate(("queues",), False), "'queues' must map queue paths to entries")
                )
                continue
            for queue_key, queue_value in value.items():
                load = _read_queue(str(queue_key), queue_value, ("queues", queue_key), locate, diagnostics)
                if load is not None:
                    snapshot.queues[load.path] = load
        else:
            diagnostics.append(
                SM102.at(locate((key,), True), f"unknown key {key!r} (expected 'cluster' or 'queues')")
            )
    return (None if diagnostics else snapshot), diagnostics


def _resolved(where: Location | DeferredLocation) -> Location:
    return where.resolve() if isinstance(where, DeferredLocation) else where


def _read_queue(
    path: str, node: Any, at: Pointer, locate: Locate, diagnostics: list[Diagnostic]
) -> QueueLoad | None:
    here = locate(at, True)
    if not path.isprintable():  # a newline or control character: no queue has one; keep messages one line
        diagnostics.append(SM102.at(here, f"{path!r}: not a queue path", queue=path))
        return None
    if not path.startswith("root") or path.startswith("root..") or path.endswith("."):
        diagnostics.append(
            SM102.at(here, f"{path!r}: give the full queue path, e.g. root.{path}", queue=path)
        )
        return None
    load = QueueLoad(path=path, location=here)
    if node is None:
        return load
    if not isinstance(node, dict):
        diagnostics.append(
            SM102.at(locate(at, False), f"{path}: expected a mapping with demand/usage/apps", queue=path)
        )
        return None
    for key, value in node.items():
        if key in ("demand", "usage"):
            try:
                setattr(load, key, resource_value(value))
            except ValueError as exc:
                diagnostics.append(
                    SM103.at(locate((*at, key), False), f"{path} {key}: {exc}", queue=path, property=key)
                )
        elif key == "apps":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                diagnostics.append(
                    SM102.at(
                        locate((*at, key), False),
                        f"{path} apps: expected a whole number >= 0, got {value!r}",
                        queue=path,
                        property="apps",
                    )
                )
            else:
                load.apps = value
        elif key == "applications":
            if not isinstance(value, list):
                diagnostics.append(
                    SM102.at(
                        locate((*at, key), False),
                        f"{path} applications: expected a list",
                        queue=path,
                        property="applications",
                    )
                )
                continue
            named: dict[str, int] = {}
            for index, app_value in enumerate(value):
                app_at = (*at, key, index)
                app = _read_app(path, index, app_value, app_at, locate, diagnostics)
                if app is None:
                    continue
                if app.name in named:
                    first = locate((*at, key, named[app.name]), False)
                    first_at = _resolved(first)
                    diagnostics.append(
                        SM202.at(
                            locate(app_at, False),
                            f"{path}: application {app.name!r} is named twice "
                            f"(first at line {first_at.line}, column {first_at.column})",
                            queue=path,
                        )
                    )
                    continue
                named[app.name] = index
                load.applications.append(app)
        else:
            diagnostics.append(_unknown_key(locate((*at, key), True), path, key, QUEUE_KEYS, path))
    return load


def _unknown_key(
    where: Location | DeferredLocation, label: str, key: object, expected: tuple[str, ...], queue: str
) -> Diagnostic:
    return SM102.at(
        where,
        f"{label}: unknown key {key!r} (expected one of {', '.join(expected)})",
        queue=queue,
        property=str(key),
    )


def _read_app(
    queue: str, index: int, node: Any, at: Pointer, locate: Locate, diagnostics: list[Diagnostic]
) -> AppLoad | None:
    if not isinstance(node, dict):
        diagnostics.append(
            SM102.at(locate(at, False), f"{queue} application {index + 1}: expected a mapping", queue=queue)
        )
        return None
    app = AppLoad(name=f"app{index + 1}", location=locate(at, False))
    for key, value in node.items():
        if key == "name":
            app.name = str(value) if str(value).isprintable() else repr(str(value))
        elif key == "user":
            if not isinstance(value, str) or not value or not value.isprintable():
                diagnostics.append(
                    SM102.at(
                        locate((*at, key), False),
                        f"{queue} {app.name} user: expected a user name, got {value!r}",
                        queue=queue,
                        property=key,
                    )
                )
            else:
                app.user = value
        elif key in ("demand", "usage", "am", "container"):
            try:
                amount = resource_value(value)
                if key == "container" and amount.get(MEMORY, 0) <= 0:
                    raise ValueError("a container needs memory-mb above 0")
                setattr(app, key, amount)
            except ValueError as exc:
                diagnostics.append(
                    SM103.at(
                        locate((*at, key), False),
                        f"{queue} {app.name} {key}: {exc}",
                        queue=queue,
                        property=key,
                    )
                )
        elif key in ("start", "priority"):
            if isinstance(value, bool) or not isinstance(value, int):
                diagnostics.append(
                    SM102.at(
                        locate((*at, key), False),
                        f"{queue} {app.name} {key}: expected a whole number, got {value!r}",
                        queue=queue,
                        property=key,
                    )
                )
            elif key == "start":
                app.start_time = value
            else:
                app.priority = value
        else:
            diagnostics.append(
                _unknown_key(locate((*at, key), True), f"{queue} {app.name}", key, APP_KEYS, queue)
            )
    return app
