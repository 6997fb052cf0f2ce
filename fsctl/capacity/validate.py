"""What the ResourceManager rejects or warns about when it loads capacity-scheduler.xml (cs.md §6).

Two halves, both called by the reader:

- :class:`ValueParser` reads each value with the getter Hadoop uses for its key and reports what that
  getter would throw (``NumberFormatException``, ``Illegal capacity``, ``Illegal weight``, queue
  states) or log (invalid booleans), located at the ``<property>``;
- :func:`validate_tree` makes the checks that need the whole tree: scheduler-wide settings (§6.1),
  a queue against its own settings (§6.2) and a parent against its children (§6.3, legacy mode).

Messages are Hadoop's text. Hadoop stops at the first error; fsctl reports every one.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from typing import Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import (
    CapacityError,
    CapacityMode,
    CapacityValue,
    EntryKind,
    is_legacy_absolute,
    is_weight,
    parse_capacity,
    parse_vector,
    refused_before_vectors,
)
from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import capacity as rules
from fsctl.hadoop.conf import HadoopConf, parse_conf_boolean, parse_java_integer
from fsctl.hadoop.javanum import (
    LONG_MAX,
    LONG_MIN,
    ConfValueError,
    java_float_str,
    java_trim,
    parse_float,
    parse_int,
    to_float32,
)
from fsctl.model.diagnostics import Diagnostic, Rule
from fsctl.model.resources import MEMORY, VCORES
from fsctl.model.tree import Queue, QueueTree, Setting
from fsctl.model.versions import HadoopVersion

PRECISION = to_float32(0.0005)  # AbstractParentQueue.PRECISION
PREFIX = keys.PREFIX
LEAF_POLICIES = ("fifo", "fair", "fifo-with-partitions", "fifo-for-pending-apps")
PARENT_POLICIES = ("utilization", "priority-utilization")
DOMINANT = "DominantResourceCalculator"


_UNREAD: Any = object()  # no value worked out yet (None is a value)


class ValueParser:
    """Typed values of single keys, with the diagnostic Hadoop's getter would cause."""

    def __init__(
        self,
        conf: HadoopConf,
        version: HadoopVersion,
        resource_types: Sequence[str],
        diagnostics: list[Diagnostic],
    ) -> None:
        self.conf = conf
        self.version = version
        self.resource_types = tuple(resource_types)
        self.diagnostics = diagnostics
        self.legacy = version < (3, 4) or conf.get_boolean(PREFIX + "legacy-queue-mode.enabled", True)
        #: (text, for root, label, maximum) -> a capacity value that read without a finding
        self._clean_capacities: dict[tuple[str, bool, str, bool], CapacityValue] = {}
        #: (suffix, text, for root) -> a queue key's value that read without a finding
        self._clean_values: dict[tuple[str, str, bool], Any] = {}

    def root_vector(self) -> tuple[Any, ...]:
        return parse_vector("100", keys.ROOT, self.resource_types)

    def global_setting(self, name: str, setting: Setting) -> Setting:
        """The typed setting of a scheduler-wide key; ``setting`` is updated in place."""
        if name.startswith(PREFIX):
            kind = keys.global_kind(name[len(PREFIX) :])
        else:
            kind = keys.SITE_KEYS.get(name, (None, None))[0]
        setting.value = self._typed(kind or keys.STRING, setting, name, queue=None, property=name)
        return setting

    def queue_setting(self, queue: Queue, suffix: str, setting: Setting) -> Setting:
        """The typed setting of a queue key. Like :meth:`global_setting`, it updates ``setting`` (a
        fresh one from :meth:`HadoopConf.setting`) in place: a copy would work out its location."""
        text: str = setting.value if setting.value is not None else setting.raw
        # a key's value depends on its suffix, its text and whether the queue is root (capacities):
        # large files repeat a few of these over 100,000s of keys
        clean_key = (suffix, text, queue.path == keys.ROOT)
        value = self._clean_values.get(clean_key, _UNREAD)
        if value is _UNREAD:
            reported = len(self.diagnostics)
            value = self._queue_value(queue, suffix, setting)
            # findings name the queue; lists are the queue's own to keep
            if len(self.diagnostics) == reported and not isinstance(value, list):
                self._clean_values[clean_key] = value
        setting.value = value
        return setting

    def _queue_value(self, queue: Queue, suffix: str, setting: Setting) -> Any:
        kind, template, inner = _suffix_shape(suffix)
        if kind in (keys.CAPACITY, keys.MAX_CAPACITY):
            queue_path, template_v2 = queue.path, False
            if template is not None:
                template_v2 = template != keys.V1_TEMPLATE_PREFIX
                # ManagedParentQueue reads the v1 template as the pseudo queue <parent>.leaf-queue-template
                queue_path = f"{queue.path}.{template.rstrip('.')}"
            value = self._capacity(queue.path, queue_path, inner, suffix, kind, setting, template_v2)
        else:
            value = self._typed(kind, setting, None, queue.path, suffix)
        return value

    def effective_value(self, name: str, kind: str, default: Any) -> Any:
        """A global's value for ``effective``: Hadoop's default when unset or unreadable."""
        setting = self.conf.setting(name)
        if setting is None:
            return default
        value = self._typed(kind, setting, name, None, name, report=False)
        return default if value is None else value

    def resource_string(self, text: str) -> dict[str, int]:
        """ResourceUtils.createResourceFromString (``memory-mb=4096,vcores=2``), lenient."""
        amounts: dict[str, int] = {}
        for pair in text.split(","):
            name, equals, amount = pair.partition("=")
            name = name.strip()
            digits = amount.strip().rstrip("MmGgiBb")
            if equals and digits.isdigit():
                amounts[MEMORY if name in ("memory", MEMORY) else name] = int(digits)
        return amounts

    # ------------------------------------------------------------------------------------------

    def _report(self, rule: Rule, setting: Setting, message: str, queue: str | None, prop: str) -> None:
        self.diagnostics.append(rule.at(setting.location, message, queue=queue, property=prop))

    def _typed(
        self,
        kind: str,
        setting: Setting,
        name: str | None,
        queue: str | None,
        property: str,
        report: bool = True,
    ) -> Any:
        """``name`` is the full key, None for a queue key (``<prefix><queue>.<property>``, built only
        for a message)."""
        text: str = setting.value if setting.value is not None else setting.raw
        try:
            return _convert(kind, text, self.version, property)
        except _InvalidBoolean:
            if report:
                self._report(
                    rules.CS201,
                    setting,
                    f"Invalid value for boolean: {java_trim(text)}, choose default value: "
                    f"{_bool_default(property)} for {name or f'{PREFIX}{queue}.{property}'}",
                    queue,
                    property,
                )
            return None
        except ConfValueError as exc:
            if report:
                rule = rules.CS105 if kind == keys.STATE else rules.CS103
                message = exc.message if kind == keys.STATE else f"{exc.exception}: {exc.message}"
                self._report(rule, setting, message, queue, property)
            return None

    def _capacity(
        self,
        queue: str,
        queue_path: str,
        suffix: str,
        prop: str,
        kind: str,
        setting: Setting,
        template_v2: bool,
    ) -> CapacityValue | None:
        """``queue_path`` is the path Hadoop reads the value for (a template's pseudo queue)."""
        text: str = setting.value if setting.value is not None else setting.raw
        label_info = keys.label_of(suffix)
        label = label_info[0] if label_info else ""
        maximum = kind == keys.MAX_CAPACITY
        # a value read cleanly once reads the same for any queue but root (messages aside): large
        # files repeat a few values over 100,000s of keys
        clean_key = (text, queue_path == keys.ROOT, label, maximum)
        clean = self._clean_capacities.get(clean_key)
        if clean is not None:
            return clean
        reported = len(self.diagnostics)
        if self.version < (3, 4) and not maximum and is_weight(text):
            # weights arrived with YARN-10504 (3.4): 3.3 hands "2w" to Float.parseFloat
            self._report(
                rules.CS128,
                setting,
                f'NumberFormatException: For input string: "{java_trim(text)}" (weights such as 2w '
                f"need Hadoop 3.4)",
                queue,
                prop,
            )
            return None
        if self.version < (3, 1) and java_trim(text).startswith("["):
            # absolute resources arrived with YARN-5881 (3.1.0): 2.10 reads every capacity with
            # Configuration.getFloat (oracle: 2.10.2)
            self._report(
                rules.CS128,
                setting,
                f'NumberFormatException: For input string: "{java_trim(text)}" (absolute resources '
                f"such as [memory=1024,vcores=1] need Hadoop 3.1)",
                queue,
                prop,
            )
            return None
        if (3, 1) <= self.version < (3, 4) and java_trim(text).startswith("["):
            refused = refused_before_vectors(text, self.resource_types, self.version < (3, 2))
            if refused is not None:
                if "%" in text or "Unknown unit 'w'" in refused:  # 3.4's syntax
                    refused += " (capacity vectors of percentages and weights need Hadoop 3.4)"
                    self._report(rules.CS128, setting, refused, queue, prop)
                else:
                    self._report(rules.CS103, setting, refused, queue, prop)
                return None
        try:
            value = parse_capacity(
                text,
                queue_path,
                label=label,
                maximum=maximum,
                resource_types=self.resource_types,
                exact_names=self.version < (3, 2),
            )
        except CapacityError as exc:
            rule = {"range": rules.CS102, "weight": rules.CS104}.get(exc.kind, rules.CS103)
            message = exc.message if exc.kind != "number" else f"NumberFormatException: {exc.message}"
            if template_v2:  # v2 templates are read only when a queue is created
                message += " (when a queue is auto-created from this template)"
            diagnostic = rule.at(setting.location, message, queue=queue, property=prop)
            self.diagnostics.append(diagnostic)
            return None
        if value is not None and self.legacy:  # non-legacy mode reads the vector instead
            if value.skipped:
                self._report(
                    rules.CS203,
                    setting,
                    f"{text.strip()}: Hadoop skips {', '.join(value.skipped)}"
                    + ("; with no memory the value means no resource at all" if not value.resources else ""),
                    queue,
                    prop,
                )
            elif value.mode is CapacityMode.ABSOLUTE and not value.resources:
                self._report(
                    rules.CS203,
                    setting,
                    f"{text.strip()} sets no memory, so Hadoop reads it as no resource at all",
                    queue,
                    prop,
                )
        if value is not None and value.mode is CapacityMode.PERCENTAGE and not math.isfinite(value.percent):
            self._report(
                rules.CS204,
                setting,
                f"capacity {java_trim(text)} is not a number; Float.parseFloat accepts it and the "
                "range check passes",
                queue,
                prop,
            )
        if value is not None and len(self.diagnostics) == reported:
            self._clean_capacities[clean_key] = value
        return value


@functools.lru_cache(maxsize=4096)
def _suffix_shape(suffix: str) -> tuple[str, str | None, str]:
    """(kind, template prefix or None, suffix inside the template) of a queue key suffix.

    Cached: a large file repeats a few dozen suffixes over 100,000s of keys.
    """
    kind = keys.queue_kind(suffix) or keys.STRING
    template, inner = None, suffix
    for prefix in keys.TEMPLATE_PREFIXES:  # the last match wins (the prefixes do not overlap)
        if suffix.startswith(prefix):
            template, inner = prefix, suffix[len(prefix) :]
    return kind, template, inner


class _InvalidBoolean(ConfValueError):
    pass


_BOOL_DEFAULTS = {
    "auto-queue-creation-v2.queue-auto-removal.enable": True,
    "reservation-move-on-expiry": True,
}


def _bool_default(name: str) -> str:
    short = name[len(PREFIX) :] if name.startswith(PREFIX) else name
    entry = keys.GLOBAL_KEYS.get(short)
    if entry is not None and isinstance(entry[1], bool):
        return str(entry[1]).lower()
    return str(_BOOL_DEFAULTS.get(short, False)).lower()


def _convert(kind: str, text: str, version: HadoopVersion, property: str) -> Any:
    """``text`` as Hadoop's getter for ``kind`` reads it; raises ConfValueError like the getter."""
    if kind == keys.INT:
        return parse_java_integer(java_trim(text))
    if kind == keys.LONG:
        return parse_java_integer(java_trim(text), LONG_MIN, LONG_MAX)
    if kind == keys.FLOAT:
        if property == "minimum-user-limit-percent" and version < (3, 4):
            return float(parse_java_integer(java_trim(text)))  # 3.3 reads it with getInt
        return parse_float(java_trim(text))
    if kind == keys.INT_VALUEOF:
        return parse_int(text)  # Integer.valueOf(get(...)): no trimming
    if kind == keys.BOOL:
        trimmed = java_trim(text)
        if not trimmed:
            return None
        parsed = parse_conf_boolean(trimmed)
        if parsed is None:
            raise _InvalidBoolean(trimmed)
        return parsed
    if kind == keys.STATE:
        state = text.upper()  # getConfiguredState: upper-cased, not trimmed
        if state in ("RUNNING", "STOPPED"):
            return state
        if state == "DRAINING":
            raise ConfValueError(
                "Invalid queue state configuration. We can only use RUNNING or STOPPED.",
                "YarnRuntimeException",
            )
        raise ConfValueError(
            f"No enum constant org.apache.hadoop.yarn.api.records.QueueState.{state}",
            "IllegalArgumentException",
        )
    if kind == keys.LIST:
        return [java_trim(item) for item in text.split(",") if item]
    if kind == keys.TRIMMED:
        return java_trim(text)
    return text


# ==================================================================================================
# Checks on the whole tree


def validate_tree(
    tree: CapacityTree, conf: HadoopConf, version: HadoopVersion, queues: list[Queue] | None = None
) -> list[Diagnostic]:
    """``queues`` is ``list(tree.queues())`` when the caller has it already."""
    checker = _TreeChecker(tree, conf, version, queues)
    return list(checker.run())


class _TreeChecker:
    def __init__(
        self, tree: CapacityTree, conf: HadoopConf, version: HadoopVersion, queues: list[Queue] | None = None
    ) -> None:
        self.tree = tree
        self.queues = queues if queues is not None else list(tree.queues())
        self.conf = conf
        self.version = version
        self.legacy: bool = tree.info.legacy_queue_mode
        calculator = str(tree.info.defaults["resource-calculator"])
        self.dominant = calculator.endswith(DOMINANT)
        self.types: tuple[str, ...] = tree.info.resource_types
        #: whether any queue has label keys (the reader's labels come from them)
        self.labelled = bool(tree.info.configured_node_labels)

    def run(self) -> Iterator[Diagnostic]:
        yield from self._scheduler_wide()
        root = self.tree.root
        if not root.children and root.effective.auto_create is None:
            yield rules.CS101.at(
                root.location or self.conf.location(PREFIX + "root.queues") or _file_location(self.tree),
                "Queue configuration missing child queue names for root",
                queue="root",
                property="queues",
            )
        found: list[Diagnostic] = []
        for queue in self.queues:
            self._queue(queue, found)
            if queue.children and self.legacy:
                found.extend(self._children(queue))
        yield from found
        if version_below(self.version, (3, 3)):
            yield from self._duplicate_leaf_names()
        if version_below(self.version, (3, 4)):
            yield from self._capacity_above_maximum()
        # mapping rules (PL5xx) and the resource calculator (CS402/CS403): capacity rules engineer
        from fsctl.capacity.mapping import check_mapping
        from fsctl.capacity.site import check_resource_calculator

        self.tree.info.mapping, mapping_found = check_mapping(self.conf, self.tree, self.version)
        yield from mapping_found
        yield from check_resource_calculator(self.conf)

    # -- §6.1 ----------------------------------------------------------------------------------

    def _scheduler_wide(self) -> Iterator[Diagnostic]:
        eff = self.tree.info.defaults
        for resource, unit in (("mb", "memory"), ("vcores", "vcores")):
            low_key = f"yarn.scheduler.minimum-allocation-{resource}"
            high_key = f"yarn.scheduler.maximum-allocation-{resource}"
            if low_key not in self.conf and high_key not in self.conf:
                continue
            low, high = eff.get(low_key), eff.get(high_key)
            if isinstance(low, int) and isinstance(high, int) and (low <= 0 or high <= 0 or high < low):
                yield rules.CS126.at(
                    self.conf.location(low_key) or self.conf.location(high_key),
                    f"Invalid resource scheduler {unit} allocation configuration, {low_key}={low}, "
                    f"{high_key}={high}, min and max should be greater than 0, max should be no smaller "
                    "than min.",
                    property=low_key if low_key in self.conf else high_key,
                )
        rules_key = "yarn.scheduler.queue-placement-rules"
        placement = self.conf.get_strings(rules_key) or []
        if len(set(placement)) != len(placement):
            yield rules.CS127.at(
                self.conf.location(rules_key),
                "Invalid PlacementRule inputs which contains duplicate rule strings",
                property=rules_key,
            )
        if self.version >= (3, 4):
            format_key = PREFIX + "mapping-rule-format"
            mapping_format = self.conf.get(format_key)
            if mapping_format is not None and mapping_format not in ("legacy", "json"):
                yield rules.CS125.at(
                    self.conf.location(format_key),
                    f"Illegal queue mapping format '{mapping_format}' please use 'legacy' or 'json'",
                    property=format_key,
                )
            if mapping_format == "json" and not (
                self.conf.get(PREFIX + "mapping-rule-json")
                or self.conf.get(PREFIX + "mapping-rule-json-file")
            ):
                yield rules.CS207.at(
                    self.conf.location(format_key),
                    "Mapping rule format is set to json, but neither "
                    "yarn.scheduler.capacity.mapping-rule-json nor "
                    "yarn.scheduler.capacity.mapping-rule-json-file is set: no mapping rules are used",
                    property=format_key,
                )
        offswitch_key = PREFIX + "per-node-heartbeat.maximum-offswitch-assignments"
        offswitch = eff.get("per-node-heartbeat.maximum-offswitch-assignments")
        if offswitch_key in self.conf and isinstance(offswitch, int) and offswitch < 1:
            yield rules.CS206.at(
                self.conf.location(offswitch_key),
                f"Offswitch per heartbeat limit set to {offswitch}. Using 1 instead.",
                property=offswitch_key,
            )

    # -- §6.2 ----------------------------------------------------------------------------------

    def _queue(self, queue: Queue, out: list[Diagnostic]) -> None:
        """The checks of one queue, appended to ``out`` (no generator per queue: 100,000s)."""
        eff = queue.effective
        path = queue.path
        is_root = queue.parent is None
        if is_root:
            for suffix in ("capacity", "accessible-node-labels"):
                if suffix in queue.declared and not (suffix == "capacity" and _conventional_root(queue)):
                    out.append(
                        rules.CS205.at(
                            queue.setting_location(suffix),
                            "root's capacity is always 100; the configured value is ignored"
                            if suffix == "capacity"
                            else "Accessible node labels for root queue will be ignored, it will be "
                            "automatically set to *.",
                            queue=path,
                            property=suffix,
                        )
                    )
        capacity = queue.declared.get("capacity")
        if capacity is not None and isinstance(capacity.value, CapacityValue) and not is_root:
            value = capacity.value
            if value.mode is CapacityMode.VECTOR and self.legacy and value.weight < 0:
                out.append(
                    rules.CS202.at(
                        capacity.location,
                        f"capacity {capacity.raw.strip()} is a capacity vector, which legacy queue mode "
                        "reads as 0% (set yarn.scheduler.capacity.legacy-queue-mode.enabled=false to use "
                        "vectors)",
                        queue=path,
                        property="capacity",
                    )
                )
        # Q7: an explicitly RUNNING child under a STOPPED parent (QueueStateHelper)
        parent = queue.parent
        state = queue.declared.get("state")
        stopped_parent = parent is not None and parent.effective.state == "STOPPED"
        if parent is not None and state is not None and state.value == "RUNNING" and stopped_parent:
            out.append(
                rules.CS106.at(
                    state.location,
                    f"The parent queue:{parent.path} cannot be STOPPED as the child queue:{path} is "
                    "in RUNNING state.",
                    queue=path,
                    property="state",
                )
            )
        # Q16: reservable queues are leaves
        if eff.reservable and (queue.children or eff.auto_create):
            out.append(
                rules.CS115.at(
                    queue.setting_location("reservable"),
                    f"Only Leaf Queues can be reservable for {path}",
                    queue=path,
                    property="reservable",
                )
            )
        # each check runs only when the queue has what it looks at: the conditions below are the
        # checks' own early exits, tested here without creating a generator per queue and check
        declared = queue.declared
        maximum = declared.get("maximum-capacity")
        if _is_absolute(capacity) or _is_absolute(maximum):
            out.extend(self._absolute_limits(queue))
        if self.legacy and not is_root and eff.node_labels:
            out.extend(self._percentage_vs_absolute(queue))
        if not self.legacy:
            out.extend(self._weight_maximum(queue))
        if (
            "maximum-allocation-mb" in declared
            or "maximum-allocation-vcores" in declared
            or ("maximum-allocation" in declared)
        ):
            out.extend(self._maximum_allocation(queue))
        if "accessible-node-labels" in declared or eff.default_node_label_expression:
            out.extend(self._labels(queue))
        if queue.is_leaf:
            if eff.user_settings:
                out.extend(self._user_weights(queue))
            if "default-application-lifetime" in declared:
                out.extend(self._lifetimes(queue))
        if "ordering-policy" in declared:
            out.extend(self._ordering_policy(queue))
        if eff.auto_create == "v1":
            out.extend(self._v1_template(queue))

    def _absolute_limits(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q8, Q9: absolute min <= max, and max <= the parent's configured max."""
        minimum = _absolute(queue.declared.get("capacity"))
        maximum = _absolute(queue.declared.get("maximum-capacity"))
        parent_max = self._configured_max(queue.parent) if queue.parent else None
        if maximum is not None and parent_max is not None and self._greater(maximum, parent_max):
            message = (
                f"Max resource configuration {self._fmt(maximum)} is greater than parents max value:"
                f"{self._fmt(parent_max)} in queue:{queue.path}"
            )
            yield rules.CS108.on(queue, "maximum-capacity", message)
        effective_max = maximum if maximum is not None else parent_max if minimum is not None else None
        if minimum is not None and effective_max is not None and self._greater(minimum, effective_max):
            message = (
                f"Min resource configuration {self._fmt(minimum)} is greater than its max value:"
                f"{self._fmt(effective_max)} in queue:{queue.path}"
            )
            yield rules.CS107.on(queue, "capacity", message)

    def _configured_max(self, queue: Queue) -> dict[str, int] | None:
        """``QueueResourceQuotas.getConfiguredMaxResource``: the queue's absolute maximum, else, when
        its capacity is absolute, the one its parent has configured (updateConfigurableResourceLimits:
        "If child's max resource is not set, but its parent max resource is set"), up the tree."""
        own = _absolute(queue.declared.get("maximum-capacity"))
        if own is not None or queue.parent is None or _absolute(queue.declared.get("capacity")) is None:
            return own
        inherited = self._configured_max(queue.parent)
        # 3.4 takes any parent maximum that is not Resources.none(); 3.3 one greater than none
        if inherited is None or not (
            self._greater(inherited, {}) if self.version < (3, 4) else any(inherited.values())
        ):
            return None
        return inherited

    def _percentage_vs_absolute(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q10: one capacity type across the queue's labels (legacy mode)."""
        kinds: list[tuple[str, str]] = []
        for label in ["", *sorted(queue.effective.node_labels)]:
            suffix = "capacity" if not label else f"{keys.LABELS_PREFIX}{label}.capacity"
            kind = "absolute" if _absolute(queue.declared.get(suffix)) is not None else "percentage"
            kinds.append((suffix, kind))
        if len({kind for _, kind in kinds}) > 1:
            suffix = next(s for s, kind in kinds[1:] if kind != kinds[0][1])
            message = (
                f"Queue '{queue.path}' should use either percentage based capacity configuration or "
                "absolute resource."
            )
            yield rules.CS109.on(queue, suffix, message)

    def _weight_maximum(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q21: non-legacy mode refuses WEIGHT in a maximum-capacity vector, once the calculation
        asks for the maximum: only for a queue whose capacity (of that label) is a vector
        (``ResourceCalculationDriver.setChildResources``)."""
        for suffix, setting in queue.declared.items():
            if suffix != "maximum-capacity" and not suffix.endswith(".maximum-capacity"):
                continue
            if any(suffix.startswith(p) for p in keys.TEMPLATE_PREFIXES):
                continue
            capacity = queue.declared.get(suffix[: -len("maximum-capacity")] + "capacity")
            if capacity is None or not isinstance(capacity.value, CapacityValue) or not capacity.value.vector:
                continue
            value = setting.value
            if isinstance(value, CapacityValue):
                for entry in value.vector:
                    if entry.kind is EntryKind.WEIGHT:
                        yield rules.CS118.at(
                            setting.location,
                            f"Resource {entry.resource} has WEIGHT maximum capacity type, which is not "
                            "supported",
                            queue=queue.path,
                            property=suffix,
                        )
                        break

    def _maximum_allocation(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q11: a queue's maximum allocation may not exceed the cluster's."""
        declared = [
            s
            for s in ("maximum-allocation-mb", "maximum-allocation-vcores", "maximum-allocation")
            if s in queue.declared
        ]
        if not declared:
            return
        eff = self.tree.info.defaults
        cluster = (
            eff.get("yarn.scheduler.maximum-allocation-mb"),
            eff.get("yarn.scheduler.maximum-allocation-vcores"),
        )
        mine = (
            queue.effective.maximum_allocation_mb,
            queue.effective.maximum_allocation_vcores,
        )
        if not all(isinstance(v, int) for v in (*cluster, *mine)):
            return
        if mine[0] > cluster[0] or mine[1] > cluster[1]:
            message = (
                "Queue maximum allocation cannot be larger than the cluster setting for queue "
                f"{queue.path} max allocation per queue: <memory:{mine[0]}, vCores:{mine[1]}> cluster "
                f"setting: <memory:{cluster[0]}, vCores:{cluster[1]}>"
            )
            yield rules.CS110.on(queue, declared[0], message)

    def _labels(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q12, Q13: default label accessible; a child's labels within its parent's."""
        eff = queue.effective
        labels: list[str] = eff.accessible_node_labels
        parent = queue.parent
        if parent is not None and parent.parent is not None and "accessible-node-labels" in queue.declared:
            parent_labels: list[str] = parent.effective.accessible_node_labels
            if "*" not in parent_labels:
                where = queue.setting_location("accessible-node-labels")
                if "*" in labels:
                    yield rules.CS112.at(
                        where,
                        "Parent's accessible queue is not ANY(*), but child's accessible queue is *",
                        queue=queue.path,
                        property="accessible-node-labels",
                    )
                else:
                    extra = [label for label in labels if label not in parent_labels]
                    if extra:
                        yield rules.CS112.at(
                            where,
                            "Some labels of child queue is not a subset of parent queue, these labels=["
                            + ", ".join(extra)
                            + "]",
                            queue=queue.path,
                            property="accessible-node-labels",
                        )
        expression = eff.default_node_label_expression or ""
        if queue.is_leaf and expression and "*" not in labels and expression not in labels:
            message = (
                f"Invalid default label expression of  queue={queue.path} doesn't have permission to "
                f"access all labels in default label expression. labelExpression of resource "
                f"request={expression}. Queue labels={','.join(labels)}"
            )
            yield rules.CS111.on(queue, "default-node-label-expression", message)

    def _user_weights(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q14: UserWeights.validateForLeafQueue."""
        user_limit = min(100.0, float(queue.effective.minimum_user_limit_percent))
        if user_limit <= 0:
            return
        bound = to_float32(100.0 / user_limit)
        for user, weight in queue.effective.user_settings.items():
            if weight < 0 or weight > bound:
                suffix = f"{keys.USER_SETTINGS_PREFIX}{user}.weight"
                location = queue.setting_location(suffix)
                if suffix not in queue.declared:
                    location = next(
                        (a.declared[suffix].location for a in queue.ancestors() if suffix in a.declared),
                        location,
                    )
                yield rules.CS113.at(
                    location,
                    f'Weight ({java_float_str(weight)}) for user "{user}" must be between 0 and 100 / '
                    f"{java_float_str(user_limit)} (= {java_float_str(bound)}, the number of concurrent "
                    f"active users in {queue.path})",
                    queue=queue.path,
                    property=suffix,
                )

    def _lifetimes(self, queue: Queue) -> Iterator[Diagnostic]:
        maximum = queue.effective.maximum_application_lifetime
        default = queue.declared.get("default-application-lifetime")
        if default is None or not isinstance(default.value, int):
            return
        if maximum > 0 and default.value > maximum:
            yield rules.CS114.at(
                default.location,
                f"Default lifetime {default.value} can't exceed maximum lifetime {maximum}",
                queue=queue.path,
                property="default-application-lifetime",
            )

    def _ordering_policy(self, queue: Queue) -> Iterator[Diagnostic]:
        setting = queue.declared.get("ordering-policy")
        if setting is None or not isinstance(setting.value, str):
            return
        policy = setting.value
        if "." in policy:  # a class name: fsctl cannot load classes, so it is trusted
            return
        if queue.is_leaf and policy not in LEAF_POLICIES:
            yield rules.CS116.at(
                setting.location,
                f"Unable to construct ordering policy for: {policy}, java.lang.ClassNotFoundException: "
                f"Class {policy} not found",
                queue=queue.path,
                property="ordering-policy",
            )
        elif not queue.is_leaf and policy not in PARENT_POLICIES:
            yield rules.CS116.at(
                setting.location,
                f"Unable to construct queue ordering policy={policy} queue={queue.path}",
                queue=queue.path,
                property="ordering-policy",
            )

    def _v1_template(self, queue: Queue) -> Iterator[Diagnostic]:
        """Q19: ManagedParentQueue.setAbsoluteResourceTemplates, from 3.4 (3.3.6 has no such check):
        a parent of PERCENTAGE type (a percentage or a weight) refuses an absolute template; an
        absolute parent takes any (oracle: 3.4.2 boots it with a template of 50)."""
        if self.version < (3, 4):
            return
        template = queue.declared.get(keys.V1_TEMPLATE_PREFIX + "capacity")
        if template is None or not isinstance(template.value, CapacityValue):
            return
        own = queue.declared.get("capacity")
        own_absolute = own is not None and is_legacy_absolute(own.value.text if own.value else own.raw)
        if template.value.is_absolute and not own_absolute:
            yield rules.CS117.at(
                template.location,
                f"Managed Parent Queue {queue.path} config type is different from leaf queue template "
                "config type",
                queue=queue.path,
                property=keys.V1_TEMPLATE_PREFIX + "capacity",
            )

    # -- §6.3 (legacy mode only) ---------------------------------------------------------------

    def _labels_of(self, parent: Queue) -> list[str]:
        return ["", *sorted(parent.effective.node_labels)]

    def _capacity_of(self, queue: Queue, label: str) -> CapacityValue | None:
        if not label:
            value = queue.effective.capacity
        else:
            value = queue.effective.node_labels.get(label, {}).get("capacity")
            setting = queue.declared.get(f"{keys.LABELS_PREFIX}{label}.capacity")
            if setting is None and queue.parent is not None:
                return None
        return value if isinstance(value, CapacityValue) else None

    def _classify(self, queues: Sequence[Queue], labels: Sequence[str]) -> tuple[str, str | None]:
        """getCapacityConfigurationTypeForQueues: (type, details when modes are mixed)."""
        percentage = weight = absolute = False
        for queue in queues:
            for label in labels:
                value = self._capacity_of(queue, label)
                if value is None:
                    continue
                if value.fraction > 0:
                    percentage = True
                if value.weight >= 0:
                    weight = True
                if is_legacy_absolute(value.text):
                    absolute = True
                    percentage = False
        if sum((percentage, weight, absolute)) > 1 and queues and queues[0].parent is not None:
            return "MIXED", self._mixed_details(queues, labels)
        if weight or not queues:
            return "WEIGHT", None
        if absolute:
            return "ABSOLUTE", None
        return "PERCENT", None

    def _mixed_details(self, queues: Sequence[Queue], labels: Sequence[str]) -> str:
        """The details of a MIXED classification, written only when one is reported."""
        details: list[str] = []
        for queue in queues:
            for label in labels:
                value = self._capacity_of(queue, label)
                if value is None:
                    continue
                if value.fraction > 0:
                    details.append(f"{{Queue={queue.path}, label={label} uses percentage mode}}. ")
                if value.weight >= 0:
                    details.append(f"{{Queue={queue.path}, label={label} uses weight mode}}. ")
                if is_legacy_absolute(value.text):
                    details.append(f"{{Queue={queue.path}, label={label} uses absolute mode}}. ")
        return "".join(details)

    def _children(self, parent: Queue) -> Iterator[Diagnostic]:
        labels = self._labels_of(parent)
        listed = parent.declared.get("queues")
        names: list[str] = listed.value if listed is not None and isinstance(listed.value, list) else []
        by_name = {child.name: child for child in parent.children}
        children: list[Queue] = [by_name[n] for n in names if n in by_name] or list(parent.children)

        def where() -> Any:  # looked up only for a finding: a location is worked out when read
            return listed.location if listed is not None else parent.location

        total: float | None = None  # the children's percentage sum, when worked out below
        if not self.labelled and len(labels) == 1:
            # no label keys anywhere: only a child's own capacity can be unreadable, and the checks
            # below need the one sum; both in one pass over the children
            percent = _is_percentage(parent.effective.capacity)
            total = 0.0
            for child in children:
                setting = child.declared.get("capacity")
                if setting is not None and setting.value is None:
                    return  # as below
                value = child.effective.capacity
                if percent and _is_percentage(value):
                    total = to_float32(total + value.fraction)
                else:
                    percent = False
            if not percent:
                total = None
        elif any(_unreadable_capacity(child) for child in children):
            return  # Hadoop stops at the child's own error; a sum without it would only add noise
        else:
            percent = len(labels) == 1 and _all_percentage(parent, children)
        if self.version < (3, 4):
            yield from self._set_child_queues_33(parent, children, labels, where)
            return
        if percent:
            # what _classify finds for percentages without labels, without its per-queue work:
            # no weight, nothing absolute (a percentage is never bracketed)
            children_type = parent_type = "PERCENT"
        else:
            children_type, parent_type = self._types(parent, children, labels)
            if children_type == "MIXED":
                yield rules.CS119.at(
                    where(),
                    f"Parent queue '{parent.path}' have children queue used mixed of  weight mode, "
                    "percentage and absolute mode, it is not allowed, please double check, "
                    f"details:{self._mixed_details(children, labels)}",
                    queue=parent.path,
                    property="queues",
                )
                return
        yield from self._sum_checks(parent, children, labels, children_type, parent_type, where, total)

    def _set_child_queues_33(
        self, parent: Queue, children: list[Queue], labels: list[str], where: Any
    ) -> Iterator[Diagnostic]:
        """ParentQueue.setChildQueues before 3.4 (oracle: 3.3.6), check by check: siblings may mix
        percentages and absolute resources, a queue configured with an absolute resource has
        capacity 0 here, a non-root parent and its children may not mix."""

        def absolute(queue: Queue, label: str) -> bool:
            value = self._capacity_of(queue, label)
            return value is not None and is_legacy_absolute(value.text)

        def capacity(queue: Queue, label: str) -> float:
            if queue.parent is None and not label:
                return 1.0
            value = self._capacity_of(queue, label)
            return 0.0 if value is None or is_legacy_absolute(value.text) else value.fraction

        def children_sum(label: str) -> float:
            total = 0.0
            for child in children:
                total = to_float32(total + capacity(child, label))
            return total

        def illegal_sum(total: float, own: float, no_absolute_child: bool) -> bool:
            return (no_absolute_child and own > 0 and abs(to_float32(1.0 - total)) > PRECISION) or (
                own == 0 and total > 0
            )

        def mismatch(child: Queue, for_label: str | None) -> Diagnostic:
            text = (
                "capacity configuration or absolute resource together."
                if for_label is None
                else f"capacityconfiguration or absolute resource together for label:{for_label}"
            )
            return rules.CS120.at(
                where(),
                f"Parent queue '{parent.path}' and child queue '{child.path}' should use either "
                f"percentage based {text}",
                queue=parent.path,
                property="queues",
            )

        def illegal(total: float, label: str | None) -> Diagnostic:
            at_label = "" if label is None else f" for label={label}"
            return rules.CS122.at(
                where(),
                f"Illegal capacity of {java_float_str(total)} for children of queue {parent.name}{at_label}",
                queue=parent.path,
                property="queues",
            )

        root = parent.parent is None
        no_absolute_child = not any(absolute(child, "") for child in children)
        for child in children:
            if not root and capacity(parent, "") != 0 and absolute(child, ""):
                yield mismatch(child, None)
                return
        if illegal_sum(children_sum(""), capacity(parent, ""), no_absolute_child):
            yield illegal(children_sum(""), None)
            return
        for label in labels:
            for child in children:
                if not root and absolute(parent, "") != absolute(child, ""):
                    yield mismatch(child, label)
                    return
            if illegal_sum(children_sum(label), capacity(parent, label), no_absolute_child):
                yield illegal(children_sum(label), label)
                return
            key = f"{keys.LABELS_PREFIX}{label}.capacity" if label else "capacity"
            short = self._minimum_below_children(parent, children, key)
            if short is not None:
                yield short
                return

    def _minimum_below_children(self, parent: Queue, children: list[Queue], key: str) -> Diagnostic | None:
        """ParentQueue.setChildQueues: parent.min-resource >= the sum of its children's (CS121)."""
        minimum = _absolute(parent.declared.get(key))
        if minimum is None:
            return None
        total: dict[str, int] = {}
        for child in children:
            for name, amount in (_absolute(child.declared.get(key)) or {}).items():
                total[name] = total.get(name, 0) + amount
        if not self._less(minimum, total):
            return None
        return rules.CS121.at(
            parent.setting_location("capacity"),
            f"Parent Queues capacity: {self._fmt(minimum)} is less than to its children:"
            f"{self._fmt(total)} for queue:{parent.name}",
            queue=parent.path,
            property="capacity",
        )

    def _types(self, parent: Queue, children: list[Queue], labels: list[str]) -> tuple[str, str]:
        """(children's type, parent's type), as getCapacityConfigurationTypeForQueues finds them."""
        children_type, _ = self._classify(children, labels)
        if children_type == "MIXED":
            return children_type, ""
        parent_type, _ = self._classify([parent], labels)
        return children_type, parent_type

    def _sum_checks(
        self,
        parent: Queue,
        children: list[Queue],
        labels: list[str],
        children_type: str,
        parent_type: str,
        where: Any,
        no_label_total: float | None = None,
    ) -> Iterator[Diagnostic]:
        """The absolute minimum and the percentage sum of one parent's children (legacy mode);
        ``no_label_total`` is the sum without a label, when the caller has it."""
        if "ABSOLUTE" in (children_type, parent_type):
            if children_type != parent_type and parent.parent is not None:
                yield rules.CS120.at(
                    where(),
                    f"Parent={parent.path}: When absolute minResource is used, we must make sure both "
                    "parent and child all use absolute minResource",
                    queue=parent.path,
                    property="queues",
                )
                return
            short = self._minimum_below_children(parent, children, "capacity")
            if short is not None:
                yield short
        if children_type != "PERCENT":
            return
        allow_zero = bool(parent.effective.allow_zero_capacity_sum)
        for label in labels:
            if not label and no_label_total is not None:
                total_fraction = no_label_total
            else:
                total_fraction = 0.0
                for child in children:
                    value = self._capacity_of(child, label)
                    total_fraction = to_float32(total_fraction + (value.fraction if value else 0.0))
            parent_value = self._capacity_of(parent, label)
            parent_fraction = parent_value.fraction if parent_value is not None else 0.0
            message = None
            if abs(to_float32(1.0 - total_fraction)) > PRECISION:
                if abs(total_fraction) > PRECISION:
                    message = "It should be either 0 or 1.0"
                elif parent_type == "PERCENT" and parent_fraction > PRECISION and not allow_zero:
                    message = (
                        "It is set to 0, but parent percent != 0, and doesn't allow children "
                        "capacity to set to 0"
                    )
            elif parent_type == "PERCENT" and parent_fraction <= 0 and not allow_zero:
                message = f"queue={parent.name} has zero capacity, but childqueues have positive capacities"
            if message is not None:
                head = (
                    f"Illegal capacity sum of {java_float_str(total_fraction)} for children of queue "
                    f"{parent.name} for label={label}."
                )
                yield rules.CS122.at(where(), f"{head} {message}", queue=parent.path, property="queues")

    # -- version-specific ----------------------------------------------------------------------

    def _duplicate_leaf_names(self) -> Iterator[Diagnostic]:
        """``CapacitySchedulerQueueManager.parseQueue`` before YARN-9879 (3.3): each queue is put in
        a map by its short name after its children, replacing what the name held, and a leaf fails
        when its name holds a leaf (oracle: 3.2.4 loads leaves root.c.c.c and root.b.c, for the
        parent root.c took the name between them). A reservable queue (a PlanQueue, no leaf) puts
        its reservation queue ``<name>-default``, a leaf, first."""
        holds_leaf: dict[str, bool] = {}
        stack: list[tuple[Queue, bool]] = [(self.tree.root, False)]
        while stack:
            queue, children_done = stack.pop()
            if not children_done:
                stack.append((queue, True))
                stack.extend((child, False) for child in reversed(queue.children))
                continue
            if not queue.children and self.conf.get_boolean(f"{PREFIX}{queue.path}.reservable", False):
                holds_leaf[queue.name + "-default"] = True  # ReservationConstants.DEFAULT_QUEUE_SUFFIX
            if queue.is_leaf and holds_leaf.get(queue.name):
                yield rules.CS123.at(
                    queue.location,
                    f"Two leaf queues were named {queue.name}. Leaf queue names must be distinct",
                    queue=queue.path,
                    property="queues",
                )
            holds_leaf[queue.name] = queue.is_leaf

    def _capacity_above_maximum(self) -> Iterator[Diagnostic]:
        """CSQueueUtils.capacitiesSanityCheck before 3.4 (removed by YARN-10504): the absolute
        capacity against the absolute maximum, on every older line alike (oracle: 3.3.6, 3.2.4 and
        3.1.4 load capacity 100 under maximum 50 while the absolute values agree; 2.10.2 words the
        message its own way)."""
        absolute: dict[str, tuple[float, float]] = {}
        for queue in self.tree.queues():
            capacity = queue.effective.capacity
            maximum = queue.effective.maximum_capacity
            cap = capacity.fraction if isinstance(capacity, CapacityValue) else 0.0
            if queue.parent is None:  # root's capacity is always 100 %: a root maximum below fails
                cap = 1.0
            top = maximum.fraction if isinstance(maximum, CapacityValue) else 1.0
            parent_cap, parent_max = (
                absolute.get(queue.parent.path, (1.0, 1.0)) if queue.parent else (1.0, 1.0)
            )
            abs_cap = to_float32(cap * parent_cap)
            abs_max = to_float32(top * parent_max)
            absolute[queue.path] = (abs_cap, abs_max)
            if queue.parent is not None and (
                capacity is None or capacity.mode is not CapacityMode.PERCENTAGE
            ):
                continue
            if abs_cap <= abs_max:
                continue
            values = (
                f"(abs-capacity={java_float_str(abs_cap)}) > (abs-maximum-capacity={java_float_str(abs_max)})"
            )
            if self.version < (3, 0):
                message = f"Illegal queue capacity setting, {values}. When label=[]"
            else:
                message = f"Illegal queue capacity setting {values} for queue=[{queue.path}],label=[]"
            where = "capacity" if queue.parent is not None else "maximum-capacity"
            yield rules.CS124.on(queue, where, message)

    # -- resource arithmetic (DefaultResourceCalculator: memory only) ---------------------------

    def _greater(self, left: dict[str, int], right: dict[str, int]) -> bool:
        if not self.dominant:
            return left.get(MEMORY, 0) > right.get(MEMORY, 0)
        return _compare(left, right, self.types) > 0

    def _less(self, left: dict[str, int], right: dict[str, int]) -> bool:
        if not self.dominant:
            return left.get(MEMORY, 0) < right.get(MEMORY, 0)
        return _compare(left, right, self.types) < 0

    def _fmt(self, amounts: dict[str, int]) -> str:
        """Resource.toString: ``<memory:1024, vCores:1>`` plus non-zero custom types."""
        text = f"<memory:{amounts.get(MEMORY, 0)}, vCores:{amounts.get(VCORES, 0)}"
        for name in self.types[2:]:
            if amounts.get(name):
                text += f", {name}: {amounts[name]}"
        return text + ">"


def _compare(left: dict[str, int], right: dict[str, int], types: Sequence[str]) -> int:
    """DominantResourceCalculator.compare without a cluster resource: componentwise."""
    greater = any(left.get(t, 0) > right.get(t, 0) for t in types)
    less = any(left.get(t, 0) < right.get(t, 0) for t in types)
    if greater and less:
        return 0
    return 1 if greater else -1 if less else 0


def _all_percentage(parent: Queue, children: list[Queue]) -> bool:
    """Whether the parent's and every child's capacity is a percentage."""
    return all(_is_percentage(queue.effective.capacity) for queue in (parent, *children))


def _is_percentage(value: Any) -> bool:
    return isinstance(value, CapacityValue) and value.mode is CapacityMode.PERCENTAGE


def _unreadable_capacity(queue: Queue) -> bool:
    for suffix, setting in queue.declared.items():
        # the value first: it is almost never None, and the suffix tests cost more
        if setting.value is None and (
            suffix == "capacity" or (suffix.startswith(keys.LABELS_PREFIX) and suffix.endswith(".capacity"))
        ):
            return True
    return False


def _is_absolute(setting: Setting | None) -> bool:
    """``_absolute(setting) is not None``, without building the amounts (asked of every queue)."""
    if setting is None:
        return False
    value = setting.value
    return isinstance(value, CapacityValue) and value.mode is CapacityMode.ABSOLUTE and bool(value.resources)


def _absolute(setting: Setting | None) -> dict[str, int] | None:
    if setting is None or not isinstance(setting.value, CapacityValue):
        return None
    value = setting.value
    if value.mode is not CapacityMode.ABSOLUTE or not value.resources:
        return None
    return dict(value.resources)


def _file_location(tree: QueueTree) -> Any:
    from fsctl.model.location import Location

    return Location(tree.source, 1, 1)


def version_below(version: HadoopVersion, bound: HadoopVersion) -> bool:
    return version < bound


def _conventional_root(root: Queue) -> bool:
    """``root.capacity`` of 100 (percent) or a weight, as configs and fs2cs write it: nothing to say.

    Hadoop ignores any root capacity; only another value suggests the author expected an effect.
    """
    setting = root.declared.get("capacity")
    if setting is None or not isinstance(value := setting.value, CapacityValue):
        return False
    if value.mode is CapacityMode.WEIGHT:
        return True
    try:  # the parsed percent of root is always 100: read what was written
        return value.mode is CapacityMode.PERCENTAGE and float(setting.raw.strip().rstrip("%")) == 100.0
    except ValueError:
        return False
