"""The demand snapshot of ``fsctl simulate --demand``: per-queue load, YAML or JSON (samples/demand).

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

A snapshot written by ``fsctl snapshot`` (:mod:`fsctl.io.snapshot`) adds three top-level keys:
``source`` (where it came from: ``rm``, ``time``, ``hadoop``, ``scheduler``, ``from``; ``notes``:
what the ResourceManager's answers could not give),
``reported`` (per queue path, what the ResourceManager reported: resources, numbers and settings,
see :class:`fsctl.model.demand.ReportedQueue`) and ``configuration`` (``yarn-site`` and
``capacity-scheduler``: name -> value, secrets redacted).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from fsctl.catalogue.capacity_load import SM202
from fsctl.catalogue.simulate import SM101, SM102, SM103
from fsctl.io.fileio import read_input
from fsctl.model.demand import (
    CAPACITY_SCHEDULER,
    FAIR_SCHEDULER,
    AppLoad,
    DemandSnapshot,
    QueueLoad,
    ReportedQueue,
)
from fsctl.model.diagnostics import Diagnostic, Rule
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import MANDATORY_TYPES, MEMORY, Vector

if TYPE_CHECKING:
    from fsctl.io.jsonstream import JsonLocator
    from fsctl.io.yamlsafe import Node as _Node

MAX_BYTES = 64 * 1024 * 1024
QUEUE_KEYS = ("demand", "usage", "apps", "applications")
APP_KEYS = ("name", "user", "demand", "usage", "container", "start", "priority", "am")
TOP_KEYS = ("cluster", "queues", "source", "reported", "configuration")
SOURCE_KEYS = ("rm", "time", "hadoop", "scheduler", "from", "notes")
SCHEDULERS = (FAIR_SCHEDULER, CAPACITY_SCHEDULER)
#: ``reported:`` keys of a queue, by kind (ReportedQueue)
REPORTED_RESOURCES = (
    "fair_share",
    "steady_fair_share",
    "min_share",
    "max_share",
    "demand",
    "usage",
    "am_usage",
    "am_limit",
    "guaranteed",
    "maximum",
)
REPORTED_NUMBERS = (
    "capacity",
    "absolute_capacity",
    "maximum_capacity",
    "absolute_maximum_capacity",
    "normalized_weight",
    "max_apps",
    "active_apps",
    "pending_apps",
)
REPORTED_SETTINGS = ("policy", "preemptable")
CONFIGURATION_SECTIONS = ("yarn-site", "capacity-scheduler")


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
    if type(value) is dict and all(type(a) is int and a >= 0 and type(n) is str for n, a in value.items()):
        return dict(value)  # what a snapshot written by fsctl holds, checked in one pass
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


# -- reading, with positions found when they are needed ------------------------------------------


class _Document:
    """A snapshot's values (plain dicts, lists and scalars) and where each was written.

    JSON, which ``fsctl snapshot`` writes and which for 100,000 applications runs to tens of MB, is
    decoded by :mod:`json` and its positions found only for what a message or a later finding
    names (:class:`~fsctl.io.jsonstream.JsonLocator`). Anything else is YAML, composed with
    positions (:mod:`fsctl.io.yamlsafe`), and read the same way; so is JSON with a key given twice,
    which the composer finds with both places (``duplicates``: the key, first, again).
    """

    def __init__(self, path: str, data: str) -> None:
        self.path = path
        self.data = data
        self.nodes: _Node | None = None
        self.locator: JsonLocator | None = None
        self.duplicates: list[tuple[Any, Location, Location]] = []
        if data.lstrip()[:1] == "{":
            try:
                self.root: Any = json.loads(data, object_pairs_hook=_pairs_once)
            except (ValueError, RecursionError):
                pass  # not JSON after all, or a key given twice: YAML says where, or reads it
            else:
                from fsctl.io.jsonstream import JsonLocator

                self.locator = JsonLocator(data)
                return
        self.nodes = _load(path, data, self.duplicates)
        self.root = _plain(self.nodes)

    def at(self, where: tuple[Any, ...], key: bool = False) -> Location:
        """Where the value at the JSON path ``where`` was written (its key, with ``key``)."""
        if self.locator is not None:
            position = self.locator.position(where, key)
            if position is None:
                return Location(self.path)
            return Location(self.path, *self.locator.line_column(position))
        node = self.nodes
        for depth, step in enumerate(where):
            if node is None:
                break
            if isinstance(node.value, dict):
                key_node, node = node.value.get(step, (None, None))
                if key and depth == len(where) - 1:
                    node = key_node
            elif isinstance(node.value, list) and isinstance(step, int) and 0 <= step < len(node.value):
                node = node.value[step]
            else:
                node = None
        return node.location if node is not None else Location(self.path)

    def deferred(self, where: tuple[Any, ...], key: bool = False) -> DeferredLocation:
        """:meth:`at`, worked out when a finding first reads it."""
        return DeferredLocation(self._resolve, (where, key))

    def _resolve(self, arg: tuple[tuple[Any, ...], bool]) -> Location:
        return self.at(*arg)


class _KeyTwice(ValueError):
    """A JSON object with a member given twice (the located reader says where)."""


def _pairs_once(items: list[tuple[str, Any]]) -> dict[str, Any]:
    mapping = dict(items)
    if len(mapping) != len(items):
        raise _KeyTwice
    return mapping


def _load(path: str, data: str, duplicates: list[tuple[Any, Location, Location]]) -> _Node:
    from fsctl.io.yamlsafe import LocatedError, load_located

    try:
        return load_located(path, data, "the demand snapshot", duplicates)
    except LocatedError as exc:
        rule = SM102 if exc.message == "a mapping key must be a plain value" else SM101
        raise _Failure(rule.at(exc.location, exc.message)) from None


def _plain(node: _Node) -> Any:
    """A composed node's value without positions (keys as YAML typed them)."""
    value = node.value
    if isinstance(value, dict):
        return {k: _plain(v) for k, (_, v) in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


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
    try:
        document = _Document(path, data)
    except _Failure as failure:
        return None, [failure.diagnostic]
    if document.duplicates:
        return None, [
            SM202.at(again, f"{key!r} is given twice (first at line {first.line}, column {first.column})")
            for key, first, again in document.duplicates
        ]
    reader = _Reader(document)
    snapshot = reader.snapshot()
    document.root = None  # read: only the text stays, for the positions findings may ask for
    return (None if reader.diagnostics else snapshot), reader.diagnostics


class _Reader:
    """Reads a :class:`_Document` into a :class:`DemandSnapshot`; each problem a located
    diagnostic (``where``: the JSON path of the value it is about)."""

    def __init__(self, document: _Document) -> None:
        self.document = document
        self.diagnostics: list[Diagnostic] = []

    def problem(
        self, rule: Rule, where: tuple[Any, ...], message: str, *, key: bool = False, **about: Any
    ) -> None:
        self.diagnostics.append(rule.at(self.document.at(where, key), message, **about))

    def snapshot(self) -> DemandSnapshot:
        document = self.document
        snapshot = DemandSnapshot(source=document.path)
        root = document.root
        if not isinstance(root, dict):
            self.problem(SM101, (), "the top level must be a mapping with a 'queues' key")
            return snapshot
        for key, value in root.items():
            if key == "cluster":
                try:
                    snapshot.cluster = resource_value(value)
                    snapshot.cluster_location = document.deferred(("cluster",))
                except ValueError as exc:
                    self.problem(SM103, ("cluster",), f"cluster: {exc}", property="cluster")
            elif key == "queues":
                if value is None:
                    continue
                if not isinstance(value, dict):
                    self.problem(SM102, ("queues",), "'queues' must map queue paths to entries")
                    continue
                for queue_key, entry in value.items():
                    load = self.queue(str(queue_key), ("queues", queue_key), entry)
                    if load is not None:
                        snapshot.queues[load.path] = load
            elif key == "source":
                self.source(value, snapshot)
            elif key == "reported":
                self.reported(value, snapshot)
            elif key == "configuration":
                self.configuration(value, snapshot)
            else:
                self.problem(
                    SM102, (key,), f"unknown key {key!r} (expected one of {', '.join(TOP_KEYS)})", key=True
                )
        return snapshot

    def mapping(self, value: Any, where: tuple[Any, ...], what: str) -> dict[Any, Any]:
        """A mapping whose values are read one by one; anything else is one SM102 (nothing read)."""
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(SM102, where, f"{what}: expected a mapping")
            return {}
        return value

    def text(self, value: Any, where: tuple[Any, ...], what: str) -> str | None:
        if isinstance(value, (dict, list)) or value is None:
            self.problem(SM102, where, f"{what}: expected a text value, got {value!r}")
            return None
        text = str(value).lower() if isinstance(value, bool) else str(value)
        if not text.isprintable():
            self.problem(SM102, where, f"{what}: a control character in {text!r}")
            return None
        return text

    def unknown(
        self, where: tuple[Any, ...], what: str, key: object, expected: tuple[str, ...], queue: str
    ) -> None:
        self.problem(
            SM102,
            where,
            f"{what}: unknown key {key!r} (expected one of {', '.join(expected)})",
            key=True,
            queue=queue,
            property=str(key),
        )

    def source(self, value: Any, snapshot: DemandSnapshot) -> None:
        for key, entry in self.mapping(value, ("source",), "source").items():
            where = ("source", key)
            if key not in SOURCE_KEYS:
                self.unknown(where, "source", key, SOURCE_KEYS, "")
                continue
            text = self.text(entry, where, f"source {key}")
            if text is None:
                continue
            if key == "scheduler" and text not in SCHEDULERS:
                self.problem(
                    SM102, where, f"source scheduler: {text!r} is not one of {', '.join(SCHEDULERS)}"
                )
                continue
            snapshot.provenance[key] = text

    def configuration(self, value: Any, snapshot: DemandSnapshot) -> None:
        for section, entries in self.mapping(value, ("configuration",), "configuration").items():
            where = ("configuration", section)
            if section not in CONFIGURATION_SECTIONS:
                self.unknown(where, "configuration", section, CONFIGURATION_SECTIONS, "")
                continue
            properties: dict[str, str] = {}
            for name, entry in self.mapping(entries, where, f"configuration {section}").items():
                text = self.text(entry, (*where, name), f"configuration {section} {name}")
                if text is not None:
                    properties[str(name)] = text
            snapshot.configuration[str(section)] = properties

    def reported(self, value: Any, snapshot: DemandSnapshot) -> None:
        for path_key, entries in self.mapping(value, ("reported",), "reported").items():
            path = str(path_key)
            here = ("reported", path_key)
            if not path.isprintable() or not (path == "root" or path.startswith("root.")):
                self.problem(SM102, here, f"reported {path!r}: not a full queue path", key=True, queue=path)
                continue
            queue = ReportedQueue(path=path, leaf=False, location=self.document.deferred(here, key=True))
            for key, entry in self.mapping(entries, here, f"reported {path}").items():
                where = (*here, key)
                what = f"reported {path} {key}"
                if key == "leaf":
                    if not isinstance(entry, bool):
                        self.problem(SM102, where, f"{what}: expected true or false", queue=path)
                    queue.leaf = entry is True
                elif key in REPORTED_RESOURCES:
                    try:
                        queue.resources[key] = resource_value(entry)
                    except ValueError as exc:
                        self.problem(SM103, where, f"{what}: {exc}", queue=path, property=key)
                elif key in REPORTED_NUMBERS:
                    if isinstance(entry, bool) or not isinstance(entry, (int, float)):
                        self.problem(SM102, where, f"{what}: expected a number, got {entry!r}", queue=path)
                    else:
                        queue.numbers[key] = entry
                elif key in REPORTED_SETTINGS:
                    text = self.text(entry, where, what)
                    if text is not None:
                        queue.settings[key] = text
                else:
                    expected = ("leaf", *REPORTED_RESOURCES, *REPORTED_NUMBERS, *REPORTED_SETTINGS)
                    self.unknown(where, f"reported {path}", key, expected, path)
            snapshot.reported[path] = queue

    def queue(self, path: str, here: tuple[Any, ...], value: Any) -> QueueLoad | None:
        if not path.isprintable():  # a newline or control character: no queue has one; keep messages one line
            self.problem(SM102, here, f"{path!r}: not a queue path", key=True, queue=path)
            return None
        if not path.startswith("root") or path.startswith("root..") or path.endswith("."):
            self.problem(
                SM102, here, f"{path!r}: give the full queue path, e.g. root.{path}", key=True, queue=path
            )
            return None
        load = QueueLoad(path=path, location=self.document.deferred(here, key=True))
        if value is None:
            return load
        if not isinstance(value, dict):
            self.problem(SM102, here, f"{path}: expected a mapping with demand/usage/apps", queue=path)
            return None
        for key, entry in value.items():
            where = (*here, key)
            if key in ("demand", "usage"):
                try:
                    setattr(load, key, resource_value(entry))
                except ValueError as exc:
                    self.problem(SM103, where, f"{path} {key}: {exc}", queue=path, property=key)
            elif key == "apps":
                if isinstance(entry, bool) or not isinstance(entry, int) or entry < 0:
                    self.problem(
                        SM102,
                        where,
                        f"{path} apps: expected a whole number >= 0, got {entry!r}",
                        queue=path,
                        property="apps",
                    )
                else:
                    load.apps = entry
            elif key == "applications":
                if not isinstance(entry, list):
                    self.problem(
                        SM102,
                        where,
                        f"{path} applications: expected a list",
                        queue=path,
                        property="applications",
                    )
                    continue
                named: dict[str, int] = {}
                for index, item in enumerate(entry):
                    app = self.app(path, (*where, index), index, item)
                    if app is None:
                        continue
                    if app.name in named:
                        first = self.document.at((*where, named[app.name]))
                        self.problem(
                            SM202,
                            (*where, index),
                            f"{path}: application {app.name!r} is named twice "
                            f"(first at line {first.line}, column {first.column})",
                            queue=path,
                        )
                        continue
                    named[app.name] = index
                    load.applications.append(app)
            else:
                self.unknown(where, path, key, QUEUE_KEYS, path)
        return load

    def app(self, queue: str, here: tuple[Any, ...], index: int, value: Any) -> AppLoad | None:
        if not isinstance(value, dict):
            self.problem(SM102, here, f"{queue} application {index + 1}: expected a mapping", queue=queue)
            return None
        app = AppLoad(name=f"app{index + 1}", location=self.document.deferred(here))
        for key, entry in value.items():
            if key in _APP_RESOURCES:
                try:
                    amount = resource_value(entry)
                    if key == "container" and amount.get(MEMORY, 0) <= 0:
                        raise ValueError("a container needs memory-mb above 0")
                    setattr(app, key, amount)
                except ValueError as exc:
                    self.problem(
                        SM103, (*here, key), f"{queue} {app.name} {key}: {exc}", queue=queue, property=key
                    )
            elif key in _APP_WHOLE_NUMBERS and type(entry) is int:
                setattr(app, _APP_WHOLE_NUMBERS[key], entry)
            elif key == "name":
                app.name = str(entry) if str(entry).isprintable() else repr(str(entry))
            elif key == "user":
                if not isinstance(entry, str) or not entry or not entry.isprintable():
                    self.problem(
                        SM102,
                        (*here, key),
                        f"{queue} {app.name} user: expected a user name, got {entry!r}",
                        queue=queue,
                        property=key,
                    )
                else:
                    app.user = entry
            elif key in _APP_WHOLE_NUMBERS:
                self.problem(
                    SM102,
                    (*here, key),
                    f"{queue} {app.name} {key}: expected a whole number, got {entry!r}",
                    queue=queue,
                    property=key,
                )
            else:
                self.unknown((*here, key), f"{queue} {app.name}", key, APP_KEYS, queue)
        return app


#: an application's resources, and its whole numbers with the field each sets
_APP_RESOURCES = frozenset(("demand", "usage", "am", "container"))
_APP_WHOLE_NUMBERS = {"start": "start_time", "priority": "priority"}
