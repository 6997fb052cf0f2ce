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
when its demand is non-zero. Every problem becomes a located diagnostic (``SM1xx``); nothing raises.
The snapshot itself is plain data (:mod:`fsctl.model.demand`), which evaluate reads.

A snapshot written by ``fsctl snapshot`` (:mod:`fsctl.io.snapshot`) adds three top-level keys:
``source`` (where it came from: ``rm``, ``time``, ``hadoop``, ``scheduler``, ``from``),
``reported`` (per queue path, what the ResourceManager reported: resources, numbers and settings,
see :class:`fsctl.model.demand.ReportedQueue`) and ``configuration`` (``yarn-site`` and
``capacity-scheduler``: name -> value, secrets redacted).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.model.resources import MANDATORY_TYPES, Vector

if TYPE_CHECKING:
    from fsctl.io.yamlsafe import Node as _Node

MAX_BYTES = 64 * 1024 * 1024
QUEUE_KEYS = ("demand", "usage", "apps", "applications")
APP_KEYS = ("name", "user", "demand", "usage", "container", "start", "priority", "am")
TOP_KEYS = ("cluster", "queues", "source", "reported", "configuration")
SOURCE_KEYS = ("rm", "time", "hadoop", "scheduler", "from")
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


def resource_value(value: Any) -> Vector:
    """A resource given as text or as a mapping of names to non-negative integers."""
    if isinstance(value, str):
        return parse_resource_text(value)
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


def _load(path: str, data: str) -> _Node:
    from fsctl.io.yamlsafe import LocatedError, load_located

    try:
        return load_located(path, data, "the demand snapshot")
    except LocatedError as exc:
        rule = SM102 if exc.message == "a mapping key must be a plain value" else SM101
        raise _Failure(rule.at(exc.location, exc.message)) from None


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
        root = _load(path, data)
    except _Failure as failure:
        return None, [failure.diagnostic]
    diagnostics: list[Diagnostic] = []
    snapshot = DemandSnapshot(source=path)
    if not isinstance(root.value, dict):
        return None, [SM101.at(root.location, "the top level must be a mapping with a 'queues' key")]
    for key, (key_node, value_node) in root.value.items():
        if key == "cluster":
            try:
                snapshot.cluster = resource_value(_plain(value_node))
                snapshot.cluster_location = value_node.location
            except ValueError as exc:
                diagnostics.append(SM103.at(value_node.location, f"cluster: {exc}", property="cluster"))
        elif key == "queues":
            if value_node.value is None:
                continue
            if not isinstance(value_node.value, dict):
                diagnostics.append(SM102.at(value_node.location, "'queues' must map queue paths to entries"))
                continue
            for queue_key, (qk_node, qv_node) in value_node.value.items():
                load = _read_queue(str(queue_key), qk_node, qv_node, diagnostics)
                if load is not None:
                    snapshot.queues[load.path] = load
        elif key == "source":
            _read_source(value_node, snapshot, diagnostics)
        elif key == "reported":
            _read_reported(value_node, snapshot, diagnostics)
        elif key == "configuration":
            _read_configuration(value_node, snapshot, diagnostics)
        else:
            diagnostics.append(
                SM102.at(key_node.location, f"unknown key {key!r} (expected one of {', '.join(TOP_KEYS)})")
            )
    return (None if diagnostics else snapshot), diagnostics


def _text_mapping(node: _Node, what: str, diagnostics: list[Diagnostic]) -> dict[str, tuple[_Node, _Node]]:
    """A mapping whose values are read one by one; anything else is one SM102 (and nothing read)."""
    if node.value is None:
        return {}
    if not isinstance(node.value, dict):
        diagnostics.append(SM102.at(node.location, f"{what}: expected a mapping"))
        return {}
    return {str(k): v for k, v in node.value.items()}


def _scalar_text(node: _Node, where: str, diagnostics: list[Diagnostic]) -> str | None:
    value = node.value
    if isinstance(value, (dict, list)) or value is None:
        diagnostics.append(SM102.at(node.location, f"{where}: expected a text value, got {value!r}"))
        return None
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if not text.isprintable():
        diagnostics.append(SM102.at(node.location, f"{where}: a control character in {text!r}"))
        return None
    return text


def _read_source(node: _Node, snapshot: DemandSnapshot, diagnostics: list[Diagnostic]) -> None:
    for key, (k_node, v_node) in _text_mapping(node, "source", diagnostics).items():
        if key not in SOURCE_KEYS:
            diagnostics.append(_unknown_key(k_node, "source", key, SOURCE_KEYS, ""))
            continue
        text = _scalar_text(v_node, f"source {key}", diagnostics)
        if text is None:
            continue
        if key == "scheduler" and text not in SCHEDULERS:
            diagnostics.append(
                SM102.at(v_node.location, f"source scheduler: {text!r} is not one of {', '.join(SCHEDULERS)}")
            )
            continue
        snapshot.provenance[key] = text


def _read_configuration(node: _Node, snapshot: DemandSnapshot, diagnostics: list[Diagnostic]) -> None:
    for section, (k_node, v_node) in _text_mapping(node, "configuration", diagnostics).items():
        if section not in CONFIGURATION_SECTIONS:
            diagnostics.append(_unknown_key(k_node, "configuration", section, CONFIGURATION_SECTIONS, ""))
            continue
        properties: dict[str, str] = {}
        for name, (_, value_node) in _text_mapping(v_node, f"configuration {section}", diagnostics).items():
            text = _scalar_text(value_node, f"configuration {section} {name}", diagnostics)
            if text is not None:
                properties[name] = text
        snapshot.configuration[section] = properties


def _read_reported(node: _Node, snapshot: DemandSnapshot, diagnostics: list[Diagnostic]) -> None:
    for path, (k_node, v_node) in _text_mapping(node, "reported", diagnostics).items():
        if not path.isprintable() or not (path == "root" or path.startswith("root.")):
            diagnostics.append(
                SM102.at(k_node.location, f"reported {path!r}: not a full queue path", queue=path)
            )
            continue
        queue = ReportedQueue(path=path, leaf=False, location=k_node.location)
        for key, (key_node, value_node) in _text_mapping(v_node, f"reported {path}", diagnostics).items():
            where = f"reported {path} {key}"
            value = value_node.value
            if key == "leaf":
                if not isinstance(value, bool):
                    diagnostics.append(
                        SM102.at(value_node.location, f"{where}: expected true or false", queue=path)
                    )
                queue.leaf = value is True
            elif key in REPORTED_RESOURCES:
                try:
                    queue.resources[key] = resource_value(_plain(value_node))
                except ValueError as exc:
                    diagnostics.append(
                        SM103.at(value_node.location, f"{where}: {exc}", queue=path, property=key)
                    )
            elif key in REPORTED_NUMBERS:
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    diagnostics.append(
                        SM102.at(
                            value_node.location, f"{where}: expected a number, got {value!r}", queue=path
                        )
                    )
                else:
                    queue.numbers[key] = value
            elif key in REPORTED_SETTINGS:
                text = _scalar_text(value_node, where, diagnostics)
                if text is not None:
                    queue.settings[key] = text
            else:
                expected = ("leaf", *REPORTED_RESOURCES, *REPORTED_NUMBERS, *REPORTED_SETTINGS)
                diagnostics.append(_unknown_key(key_node, f"reported {path}", key, expected, path))
        snapshot.reported[path] = queue


def _plain(node: _Node) -> Any:
    value = node.value
    if isinstance(value, dict):
        return {k: _plain(v) for k, (_, v) in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _read_queue(path: str, key_node: _Node, node: _Node, diagnostics: list[Diagnostic]) -> QueueLoad | None:
    if not path.isprintable():  # a newline or control character: no queue has one; keep messages one line
        diagnostics.append(SM102.at(key_node.location, f"{path!r}: not a queue path", queue=path))
        return None
    if not path.startswith("root") or path.startswith("root..") or path.endswith("."):
        diagnostics.append(
            SM102.at(key_node.location, f"{path!r}: give the full queue path, e.g. root.{path}", queue=path)
        )
        return None
    load = QueueLoad(path=path, location=key_node.location)
    if node.value is None:
        return load
    if not isinstance(node.value, dict):
        diagnostics.append(
            SM102.at(node.location, f"{path}: expected a mapping with demand/usage/apps", queue=path)
        )
        return None
    for key, (k_node, v_node) in node.value.items():
        if key in ("demand", "usage"):
            try:
                setattr(load, key, resource_value(_plain(v_node)))
            except ValueError as exc:
                diagnostics.append(
                    SM103.at(v_node.location, f"{path} {key}: {exc}", queue=path, property=key)
                )
        elif key == "apps":
            if isinstance(v_node.value, bool) or not isinstance(v_node.value, int) or v_node.value < 0:
                diagnostics.append(
                    SM102.at(
                        v_node.location,
                        f"{path} apps: expected a whole number >= 0, got {v_node.value!r}",
                        queue=path,
                        property="apps",
                    )
                )
            else:
                load.apps = v_node.value
        elif key == "applications":
            if not isinstance(v_node.value, list):
                diagnostics.append(
                    SM102.at(
                        v_node.location,
                        f"{path} applications: expected a list",
                        queue=path,
                        property="applications",
                    )
                )
                continue
            for index, app_node in enumerate(v_node.value):
                app = _read_app(path, index, app_node, diagnostics)
                if app is not None:
                    load.applications.append(app)
        else:
            diagnostics.append(_unknown_key(k_node, path, key, QUEUE_KEYS, path))
    return load


def _unknown_key(node: _Node, where: str, key: object, expected: tuple[str, ...], queue: str) -> Diagnostic:
    return SM102.at(
        node.location,
        f"{where}: unknown key {key!r} (expected one of {', '.join(expected)})",
        queue=queue,
        property=str(key),
    )


def _read_app(queue: str, index: int, node: _Node, diagnostics: list[Diagnostic]) -> AppLoad | None:
    if not isinstance(node.value, dict):
        diagnostics.append(
            SM102.at(node.location, f"{queue} application {index + 1}: expected a mapping", queue=queue)
        )
        return None
    app = AppLoad(name=f"app{index + 1}", location=node.location)
    for key, (k_node, v_node) in node.value.items():
        if key == "name":
            app.name = str(v_node.value) if str(v_node.value).isprintable() else repr(str(v_node.value))
        elif key == "user":
            if not isinstance(v_node.value, str) or not v_node.value or not v_node.value.isprintable():
                diagnostics.append(
                    SM102.at(
                        v_node.location,
                        f"{queue} {app.name} user: expected a user name, got {v_node.value!r}",
                        queue=queue,
                        property=key,
                    )
                )
            else:
                app.user = v_node.value
        elif key in ("demand", "usage", "am", "container"):
            try:
                setattr(app, key, resource_value(_plain(v_node)))
            except ValueError as exc:
                diagnostics.append(
                    SM103.at(v_node.location, f"{queue} {app.name} {key}: {exc}", queue=queue, property=key)
                )
        elif key in ("start", "priority"):
            if isinstance(v_node.value, bool) or not isinstance(v_node.value, int):
                diagnostics.append(
                    SM102.at(
                        v_node.location,
                        f"{queue} {app.name} {key}: expected a whole number, got {v_node.value!r}",
                        queue=queue,
                        property=key,
                    )
                )
            elif key == "start":
                app.start_time = v_node.value
            else:
                app.priority = v_node.value
        else:
            diagnostics.append(_unknown_key(k_node, f"{queue} {app.name}", key, APP_KEYS, queue))
    return app
