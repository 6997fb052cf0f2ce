"""Capacity Scheduler placement: legacy queue mappings and JSON mapping rules (cs.md §8).

Both families are parsed into :class:`MappingRule` (the JSON schema's fields, Hadoop's names), so
validation, lint, evaluation and conversion see one shape. Hadoop sources followed:

- legacy parsing: ``CapacitySchedulerConfiguration.parseLegacyMappingRules``
- JSON schema and rule creation: ``MappingRulesDescription.json``, ``MappingRuleCreator``
- target validation at load: ``MappingRuleValidationContextImpl``, ``MappingRuleValidationHelper``
- legacy to JSON: ``LegacyMappingRuleToJson``
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from fsctl.capacity.keys import PREFIX
from fsctl.capacity.values import flag
from fsctl.catalogue import capacity as cs_rules
from fsctl.catalogue import mapping as rules
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.tree import DeferredField, Queue, QueueTree, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

QUEUE_MAPPINGS = PREFIX + "queue-mappings"
APP_NAME_MAPPINGS = "yarn.scheduler.queue-placement-rules.app-name"
OVERRIDE = PREFIX + "queue-mappings-override.enable"
FORMAT = PREFIX + "mapping-rule-format"
JSON_INLINE = PREFIX + "mapping-rule-json"
JSON_FILE = PREFIX + "mapping-rule-json-file"

TYPES = ("user", "group", "application")
POLICIES = (
    "specified",
    "reject",
    "defaultQueue",
    "user",
    "primaryGroup",
    "secondaryGroup",
    "primaryGroupUser",
    "secondaryGroupUser",
    "applicationName",
    "setDefaultQueue",
    "custom",
)
FALLBACKS = ("skip", "reject", "placeDefault")
#: the schema's fields, in the schema's (and the generated POJO's serialisation) order
FIELDS = ("type", "matches", "policy", "parentQueue", "fallbackResult", "create", "value", "customPlacement")

#: CSMappingPlacementRule: the immutable variables plus %default are the only known ones
VARIABLES = ("%user", "%primary_group", "%secondary_group", "%application", "%specified", "%default")

#: policy -> the placeholder appended to parentQueue (MappingRuleCreator.createAction)
_PLACEHOLDERS = {
    "user": "%user",
    "primaryGroup": "%primary_group",
    "secondaryGroup": "%secondary_group",
    "primaryGroupUser": "%primary_group.%user",
    "secondaryGroupUser": "%secondary_group.%user",
    "applicationName": "%application",
}

MAX_JSON_BYTES = 16 * 1024 * 1024

#: where a mapping property or rule was written; deferred ones are worked out for a finding
Where = Location | DeferredLocation | None


def _location_of(setting: Setting) -> Location:
    where = setting.location
    assert where is not None  # deferred locations resolve to a place
    return where


class ConfLike(Protocol):
    """What this module needs of a Hadoop configuration (``fsctl.hadoop.conf.HadoopConf``)."""

    def get(self, name: str) -> str | None: ...

    def setting(self, name: str) -> Setting | None: ...


@dataclass(frozen=True)
class MappingRule:
    """One mapping rule in the JSON schema's terms (``None`` = field absent).

    Legacy rules are stored as Hadoop builds them (``MappingRule.createLegacyRule``): a ``custom``
    placement into the written target, ``create`` true, fallback ``placeDefault``; ``origin`` says
    which family a rule came from and ``text`` keeps the legacy entry.
    """

    type: str | None = None
    matches: str | None = None
    policy: str | None = None
    parentQueue: str | None = None
    fallbackResult: str | None = None
    create: bool | None = None
    value: str | None = None
    customPlacement: str | None = None
    origin: str = field(default="json", compare=False)  # "json", "legacy" or "app-name"
    text: str = field(default="", compare=False)
    #: may be given deferred (a property's place in a file), worked out when first read
    location: DeferredField = field(default=DeferredField(), compare=False)
    field_locations: Mapping[str, Location | DeferredLocation] = field(default_factory=dict, compare=False)
    unknown_fields: tuple[str, ...] = field(default=(), compare=False)
    #: False when Hadoop would refuse to build the rule (it is then left out of target checks)
    valid: bool = field(default=True, compare=False)

    @property
    def effective_fallback(self) -> str:
        return self.fallbackResult or "skip"

    @property
    def effective_create(self) -> bool:
        if self.policy == "defaultQueue":
            return False
        return True if self.create is None else self.create

    @property
    def target(self) -> str | None:
        """The queue path template a place action uses, None for reject and setDefaultQueue."""
        policy = self.policy
        if policy in _PLACEHOLDERS:
            placeholder = _PLACEHOLDERS[policy]
            return placeholder if self.parentQueue is None else f"{self.parentQueue}.{placeholder}"
        if policy == "specified":
            return "%specified"
        if policy == "defaultQueue":
            return "%default"
        if policy == "custom":
            return self.customPlacement
        return None

    @property
    def matches_everything(self) -> bool:
        """Whether the matcher accepts every application (MappingRuleMatchers)."""
        if self.type == "user":
            # "*" is the all-matcher; "%user" substitutes to the user itself (VariableMatcher)
            return self.matches in ("*", "%user")
        if self.type == "application":
            return self.matches == "%application"
        return False

    def field_location(self, name: str) -> Location | None:
        where = self.field_locations.get(name)
        if where is None:
            return self.location
        return where.resolve() if isinstance(where, DeferredLocation) else where

    def describe(self) -> str:
        if self.origin != "json" and self.text:
            return f"mapping {self.text!r}"
        return f"rule {self.matches!r} ({self.type}, {self.policy})"


@dataclass
class MappingConfig:
    """The mapping configuration of one capacity-scheduler.xml (plus yarn-site)."""

    format: str = "legacy"
    override: bool = False
    rules: list[MappingRule] = field(default_factory=list)
    #: the properties that configure rules, with their locations (for lint)
    sources: dict[str, Setting] = field(default_factory=dict)
    json_file: str | None = None
    #: lint-only findings made while parsing (unknown JSON fields); :func:`lint_rules` reports them
    parse_lint: list[Diagnostic] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Legacy mappings


def trimmed_string_collection(value: str | None) -> tuple[list[str], list[str]]:
    """Hadoop's ``getTrimmedStringCollection``: split on ``,`` and newlines, trim, drop blanks,
    keep the first of duplicates. Returns (entries, dropped duplicates)."""
    if value is None:
        return [], []
    entries: list[str] = []
    duplicates: list[str] = []
    for part in re.split(r"\s*[,\n]\s*", value.strip()):
        if not part:
            continue
        if part in entries:
            duplicates.append(part)
        else:
            entries.append(part)
    return entries, duplicates


def _colon_parts(entry: str) -> list[str]:
    """``StringUtils.getTrimmedStringCollection(entry, ":")``: a StringTokenizer, blank parts vanish."""
    return [part.strip() for part in entry.split(":") if part.strip()]


def _legacy_rule(kind: str, source: str, target: str, entry: str, location: Where) -> MappingRule:
    rule_type = {"u": "user", "g": "group", "a": "application"}[kind]
    return MappingRule(
        type=rule_type,
        matches=source,
        policy="custom",
        customPlacement=target,
        fallbackResult="placeDefault",
        create=True,
        origin="app-name" if kind == "a" else "legacy",
        text=entry,
        location=location,
    )


def _split_entries(
    value: str | None, location: Where, prop: str, arity: int
) -> tuple[list[tuple[str, list[str]]], list[Diagnostic]]:
    """The comma-separated entries of a mapping property split on ':'; a wrong count is PL501."""
    found: list[tuple[str, list[str]]] = []
    diagnostics: list[Diagnostic] = []
    entries, _ = trimmed_string_collection(value)
    for entry in entries:
        parts = _colon_parts(entry)
        if len(parts) != arity:
            diagnostics.append(rules.PL501.at(location, f"Illegal queue mapping {entry}", property=prop))
        else:
            found.append((entry, parts))
    return found, diagnostics


def parse_legacy_mappings(
    value: str | None, location: Where = None
) -> tuple[list[MappingRule], list[Diagnostic]]:
    """``yarn.scheduler.capacity.queue-mappings`` (``u:``/``g:`` entries)."""
    found: list[MappingRule] = []
    entries, diagnostics = _split_entries(value, location, QUEUE_MAPPINGS, 3)
    for entry, parts in entries:
        if parts[0] not in ("u", "g"):
            diagnostics.append(
                rules.PL502.at(location, f"unknown mapping prefix {parts[0]}", property=QUEUE_MAPPINGS)
            )
            continue
        found.append(_legacy_rule(parts[0], parts[1], parts[2], entry, location))
    return found, diagnostics


def parse_app_name_mappings(
    value: str | None, location: Where = None
) -> tuple[list[MappingRule], list[Diagnostic]]:
    """``yarn.scheduler.queue-placement-rules.app-name`` (``app:queue`` entries)."""
    entries, diagnostics = _split_entries(value, location, APP_NAME_MAPPINGS, 2)
    return [_legacy_rule("a", parts[0], parts[1], entry, location) for entry, parts in entries], diagnostics


# --------------------------------------------------------------------------------------------
# JSON rules


class _LineIndex:
    """Offsets in a text to 1-based (line, column), shifted when the text sits inside a file."""

    def __init__(self, text: str, base: Where) -> None:
        self.starts = [0]
        for match in re.finditer("\n", text):
            self.starts.append(match.end())
        self.base = base

    def at(self, offset: int) -> Where:
        if self.base is None or isinstance(self.base, DeferredLocation):
            return self.base  # deferred: a property's place in a file, inline JSON (below)
        line = _bisect(self.starts, offset)
        column = offset - self.starts[line] + 1
        if self.base.line:  # inline JSON: keep the property's location, it is more useful
            return self.base
        return Location(self.base.file, line + 1, column)


def _bisect(starts: list[int], offset: int) -> int:
    low, high = 0, len(starts) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if starts[mid] <= offset:
            low = mid
        else:
            high = mid - 1
    return low


_WS = re.compile(r"[ \t\n\r]*")


def _scan_positions(text: str) -> dict[tuple[Any, ...], int]:
    """Offsets of every value (by JSON path) and every key (path + ``("#key",)``) of a valid document."""
    decoder = json.JSONDecoder()
    positions: dict[tuple[Any, ...], int] = {}

    def skip(i: int) -> int:
        match = _WS.match(text, i)
        return match.end() if match else i

    def value(i: int, path: tuple[Any, ...]) -> int:
        i = skip(i)
        positions[path] = i
        char = text[i : i + 1]
        if char == "{":
            i = skip(i + 1)
            if text[i : i + 1] == "}":
                return i + 1
            while True:
                i = skip(i)
                key, end = decoder.raw_decode(text, i)
                positions[(*path, key, "#key")] = i
                i = skip(end) + 1  # the ':'
                i = skip(value(i, (*path, key)))
                if text[i : i + 1] == ",":
                    i += 1
                    continue
                return i + 1
        if char == "[":
            i = skip(i + 1)
            if text[i : i + 1] == "]":
                return i + 1
            index = 0
            while True:
                i = skip(value(i, (*path, index)))
                index += 1
                if text[i : i + 1] == ",":
                    i += 1
                    continue
                return i + 1
        _, end = decoder.raw_decode(text, i)
        return int(end)

    value(0, ())
    return positions


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json_rules(
    text: str, location: Where = None, *, property: str = JSON_INLINE
) -> tuple[list[MappingRule], list[Diagnostic]]:
    """Parse a mapping-rule JSON document as Hadoop's ``MappingRuleCreator`` would.

    ``location`` is where the text came from: a property's location (inline JSON; every rule is
    reported there; deferred until a finding needs it) or ``Location(json_file)`` with no line
    (positions are computed in the file).
    """
    diagnostics: list[Diagnostic] = []
    index = _LineIndex(text, location)

    def bad(message: str, at: Where = location) -> None:
        diagnostics.append(rules.PL503.at(at, message, property=property))

    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        error_at = location
        if isinstance(location, Location) and not location.line:
            error_at = Location(location.file, exc.lineno, exc.colno)
        bad(f"malformed mapping rule JSON: {exc.msg}", error_at)
        return [], diagnostics
    except (ValueError, RecursionError) as exc:
        bad(f"malformed mapping rule JSON: {exc}")
        return [], diagnostics
    if not isinstance(document, dict):
        bad('mapping rule JSON must be an object with a "rules" array')
        return [], diagnostics
    try:
        positions = _scan_positions(text.lstrip("\ufeff"))
        shift = len(text) - len(text.lstrip("\ufeff"))
    except (ValueError, IndexError, RecursionError):  # cannot happen for valid JSON; stay safe
        positions, shift = {}, 0

    def where(path: tuple[Any, ...]) -> Where:
        offset = positions.get(path)
        return location if offset is None else index.at(offset + shift)

    for key in document:
        if key != "rules":
            diagnostics.append(
                rules.PL602.at(
                    where((key, "#key")),
                    f"unknown top-level field {key!r} is ignored{_did_you_mean(key, ('rules',))}",
                    property=property,
                )
            )
    raw_rules = document.get("rules", [])
    if not isinstance(raw_rules, list):
        bad('"rules" must be an array of rule objects', where(("rules",)))
        return [], diagnostics
    found: list[MappingRule] = []
    for number, raw in enumerate(raw_rules):
        rule_location = where(("rules", number))
        if not isinstance(raw, dict):
            bad(f"rule #{number + 1} is not an object", rule_location)
            continue
        rule, problems = _json_rule(raw, rule_location, number, where, property)
        diagnostics.extend(problems)
        if rule is not None:
            found.append(rule)
    return found, diagnostics


def _json_rule(
    raw: dict[str, Any],
    location: Where,
    number: int,
    where: Any,
    property: str,
) -> tuple[MappingRule | None, list[Diagnostic]]:
    problems: list[Diagnostic] = []
    values: dict[str, Any] = {}
    locations: dict[str, Location | DeferredLocation] = {}
    schema_ok = True
    label = f"rule #{number + 1}"
    for key, value in raw.items():
        key_location = where(("rules", number, key, "#key")) or location
        if key_location is not None:
            locations[key] = key_location
        if key not in FIELDS:
            problems.append(
                rules.PL602.at(
                    key_location,
                    f"{label}: unknown field {key!r} is ignored{_did_you_mean(key, FIELDS)}",
                    property=property,
                )
            )
            continue
        if value is None:  # Jackson: null is the same as absent
            continue
        if key == "create":
            if not isinstance(value, bool):
                problems.append(
                    rules.PL503.at(
                        key_location,
                        f'{label}: "create" must be true or false, not {value!r}',
                        property=property,
                    )
                )
                schema_ok = False
                continue
            values[key] = value
            continue
        if isinstance(value, (dict, list)):
            problems.append(
                rules.PL503.at(key_location, f"{label}: {key!r} must be a string", property=property)
            )
            schema_ok = False
            continue
        # Jackson coerces scalars into String fields
        text = value if isinstance(value, str) else json.dumps(value)
        allowed = {"type": TYPES, "policy": POLICIES, "fallbackResult": FALLBACKS}.get(key)
        if allowed is not None and text not in allowed:
            problems.append(
                rules.PL507.at(
                    key_location,
                    f"{label}: {key} {text!r} is not one of {', '.join(allowed)}"
                    f"{_did_you_mean(text, allowed)}",
                    property=property,
                )
            )
            schema_ok = False
            continue
        values[key] = text
    rule = MappingRule(
        **values,
        origin="json",
        location=location,
        field_locations=locations,
        unknown_fields=tuple(k for k in raw if k not in FIELDS),
    )
    if not schema_ok:
        # Jackson fails the whole document; keep the rule out of later checks
        return _replace_valid(rule, False), problems
    message = _creation_error(rule)
    if message is not None:
        code = rules.PL506 if message.startswith("Cannot match") else rules.PL505
        problems.append(code.at(location, f"{label}: {message}", property=property))
        return _replace_valid(rule, False), problems
    return rule, problems


def _replace_valid(rule: MappingRule, valid: bool) -> MappingRule:
    return replace(rule, valid=valid)


def _creation_error(rule: MappingRule) -> str | None:
    """MappingRuleCreator: checkMandatoryParameters, createMatcher, createAction, in that order."""
    if rule.policy is None:
        return "Rule policy is undefined"
    if rule.type is None:
        return "Rule type is undefined"
    if rule.matches is None:
        return "Match string is undefined"
    if rule.matches == "":
        return "Match string is empty"
    if rule.type == "group" and rule.matches == "*":
        return "Cannot match '*' for groups"
    if rule.policy == "custom" and rule.customPlacement is None:
        return "custom queue is undefined"
    if rule.policy == "setDefaultQueue" and rule.value is None:
        return "default queue is undefined"
    return None


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    lowered = {c.lower(): c for c in choices}
    if word.lower() in lowered:
        return f" (did you mean {lowered[word.lower()]!r}?)"
    import difflib  # only for an unknown name: not loaded on a clean file

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --------------------------------------------------------------------------------------------
# Reading the whole mapping configuration


def read_json_file(path: str, config_path: str | None) -> tuple[str | None, str, str | None]:
    """Read ``mapping-rule-json-file`` safely. Returns (text, resolved path, error)."""
    candidates: list[str] = []
    folder = os.path.dirname(config_path) if config_path else ""
    if os.path.isabs(path):
        candidates.append(path)
        if config_path:
            candidates.append(os.path.join(folder, os.path.basename(path)))
    else:
        candidates.append(os.path.join(folder, path))
    resolved = candidates[0]
    for candidate in candidates:
        if os.path.isfile(candidate):
            resolved = candidate
            break
    try:
        if not os.path.isfile(resolved):
            return None, resolved, f"'{path}' is not a readable file (looked for {resolved})"
        size = os.path.getsize(resolved)
        if size > MAX_JSON_BYTES:
            return None, resolved, f"'{path}' is {size} bytes, more than fsctl reads"
        with open(resolved, "rb") as handle:
            data = handle.read(MAX_JSON_BYTES + 1)
        return data.decode("utf-8-sig"), resolved, None  # Jackson skips a byte-order mark
    except OSError as exc:
        return None, resolved, f"'{path}' cannot be read: {exc.strerror or exc}"
    except UnicodeDecodeError as exc:
        return None, resolved, f"'{path}' is not UTF-8: {exc.reason}"


def read_mapping_config(
    conf: ConfLike,
    config_path: str | None = None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
) -> tuple[MappingConfig, list[Diagnostic]]:
    """Every mapping rule the scheduler would use, in Hadoop's order, plus load diagnostics.

    Legacy: ``queue-mappings`` rules, then app-name rules (CSC.parseLegacyMappingRules). JSON: the
    inline document, else the file. Before 3.4 only the legacy family exists.
    """
    config = MappingConfig()
    diagnostics: list[Diagnostic] = []
    for key in (QUEUE_MAPPINGS, APP_NAME_MAPPINGS, FORMAT, JSON_INLINE, JSON_FILE, OVERRIDE):
        setting = conf.setting(key)
        if setting is not None:
            config.sources[key] = setting
    override = conf.get(OVERRIDE)
    config.override = override is not None and override.strip().lower() == "true"

    def loc(key: str) -> Where:
        # worked out only for a finding: past libxml2's 65,535 lines that means scanning the text
        setting = config.sources.get(key)
        if setting is None:
            return None
        where = setting.given_location
        return DeferredLocation(_location_of, setting) if isinstance(where, DeferredLocation) else where

    fmt = conf.get(FORMAT)
    if hadoop_version < (3, 4) or fmt is None:
        fmt = "legacy"
    config.format = fmt
    if fmt == "legacy":
        found, problems = parse_legacy_mappings(conf.get(QUEUE_MAPPINGS), loc(QUEUE_MAPPINGS))
        config.rules.extend(found)
        diagnostics.extend(problems)
        found, problems = parse_app_name_mappings(conf.get(APP_NAME_MAPPINGS), loc(APP_NAME_MAPPINGS))
        config.rules.extend(found)
        diagnostics.extend(problems)
        return config, diagnostics
    if fmt != "json":
        diagnostics.append(
            cs_rules.CS125.at(
                loc(FORMAT),
                f"Illegal queue mapping format '{fmt}' please use 'legacy' or 'json'",
                property=FORMAT,
            )
        )
        return config, diagnostics
    inline = conf.get(JSON_INLINE) or ""
    file_name = conf.get(JSON_FILE) or ""
    if inline:
        found, problems = parse_json_rules(inline, loc(JSON_INLINE), property=JSON_INLINE)
    elif file_name:
        text, resolved, error = read_json_file(file_name.strip(), config_path)
        config.json_file = resolved
        if error is not None:
            diagnostics.append(
                rules.PL504.at(
                    loc(JSON_FILE),
                    f"Error reading or parsing mapping rule JSON file: {error}",
                    property=JSON_FILE,
                )
            )
            return config, diagnostics
        assert text is not None
        found, problems = parse_json_rules(text, Location(resolved), property=JSON_FILE)
    else:
        diagnostics.append(
            cs_rules.CS207.at(
                loc(FORMAT),
                "Mapping rule is set to JSON, but no inline JSON nor a JSON file was provided! "
                "Starting with no mapping rules!",
                property=FORMAT,
            )
        )
        return config, diagnostics
    config.rules.extend(found)
    for problem in problems:
        (config.parse_lint if problem.code.startswith("PL6") else diagnostics).append(problem)
    return config, diagnostics


# --------------------------------------------------------------------------------------------
# Queue lookups as CSQueueStore does them, and target validation at load


@dataclass(frozen=True)
class QueueRef:
    path: str
    kind: str  # "leaf", "parent", "managed" (v1 auto-create parent)
    auto_create_v2: bool


class QueueIndex:
    """Full paths always resolve; a short name resolves when exactly one queue has it; ``root`` is
    always the root (CSQueueStore, YARN-9879). Before 3.3 only short names resolve, each to the
    queue registered last under it (``CapacitySchedulerQueueManager.parseQueue`` puts a queue in its
    map after its children): ``root.default`` is an unknown queue (oracle: 3.2.4)."""

    def __init__(self, tree: QueueTree, hadoop_version: HadoopVersion = DEFAULT_VERSION) -> None:
        # only names are indexed up front; a queue's kind is worked out when a rule asks for it
        # (a large tree has 100,000s of queues, a mapping a handful of targets)
        self._queues: dict[str, Queue] = {}
        self._refs: dict[str, QueueRef] = {}
        #: (target, allow_create) -> the queue it normalizes to at submission, or why it does not
        #: (:func:`_normalize_at_submission`; the tree does not change while applications are placed)
        self.normalized: dict[tuple[str, bool], str | _PlacementError] = {}
        self.by_short: dict[str, list[str]] = {}
        for queue in tree.queues():
            self._queues[queue.path] = queue
            if queue.parent is not None:
                self.by_short.setdefault(queue.name, []).append(queue.path)
        self.short_names_only = hadoop_version < (3, 3)
        #: short name -> the path the map holds last (before 3.3)
        self.registered: dict[str, str] = {}
        if self.short_names_only:
            stack: list[tuple[Queue, bool]] = [(tree.root, False)]
            while stack:
                queue, children_done = stack.pop()
                if children_done:
                    self.registered[queue.name] = queue.path
                else:
                    stack.append((queue, True))
                    stack.extend((child, False) for child in reversed(queue.children))

    def ref(self, path: str) -> QueueRef | None:
        """The queue at a full path."""
        ref = self._refs.get(path)
        if ref is None:
            queue = self._queues.get(path)
            if queue is None:
                return None
            v1 = flag(queue, "auto-create-child-queue.enabled")
            v2 = flag(queue, "auto-queue-creation-v2.enabled")
            if queue.is_leaf and not (v1 or v2):
                kind = "leaf"
            elif v1:
                kind = "managed"
            else:
                kind = "parent"
            ref = self._refs[path] = QueueRef(queue.path, kind, v2 and kind != "leaf")
        return ref

    def get(self, name: str) -> QueueRef | None:
        if self.short_names_only:
            path = self.registered.get(name)
            return None if path is None else self.ref(path)
        ref = self.ref(name)
        if ref is not None:
            return ref
        paths = self.by_short.get(name, [])
        return self.ref(paths[0]) if len(paths) == 1 else None

    def is_ambiguous(self, name: str) -> bool:
        if name == "root" or self.short_names_only:
            return False
        return len(self.by_short.get(name, [])) > 1


def _java_split_dots(path: str) -> list[str]:
    """Java's ``path.split("\\\\.")``: trailing empty strings are removed."""
    parts = path.split(".")
    while parts and parts[-1] == "":
        parts.pop()
    return parts


class TargetError(Exception):
    pass


def _normalize_root(index: QueueIndex, path: str) -> str:
    parts = _java_split_dots(path) or [""]
    first = parts[0]
    ref = index.get(first)
    if ref is None:
        if index.is_ambiguous(first):
            raise TargetError(f"Path root '{first}' is ambiguous. Path '{path}' is invalid")
        raise TargetError(f"Path root '{first}' does not exist. Path '{path}' is invalid")
    parts[0] = ref.path
    return ".".join(parts)


def _creation_result(index: QueueIndex, path: str) -> str:
    """MappingRuleValidationHelper.validateQueuePathAutoCreation."""
    if not path:
        return "EMPTY_PATH"
    if index.get(path) is not None:
        return "QUEUE_EXISTS"
    if index.is_ambiguous(path):
        return "AMBIGUOUS_QUEUE"
    parts = path.split(".")
    parts.pop()
    parent = ".".join(parts)
    if parts:
        parts.pop()
    grandparent = ".".join(parts)
    if not parent:
        return "NO_PARENT_PROVIDED"
    if index.is_ambiguous(parent):
        return "AMBIGUOUS_PARENT"
    parent_ref = index.get(parent)
    if parent_ref is None:
        if not grandparent:
            return "NO_PARENT_PROVIDED"
        if index.is_ambiguous(grandparent):
            return "AMBIGUOUS_PARENT"
        grand = index.get(grandparent)
        if grand is not None and grand.kind != "leaf" and grand.auto_create_v2:
            return "CREATABLE"
        return "NO_DYNAMIC_PARENT"
    if parent_ref.kind == "managed":
        return "CREATABLE"
    if parent_ref.kind == "parent" and parent_ref.auto_create_v2:
        return "CREATABLE"
    return "NO_DYNAMIC_PARENT"


def _parent_and_leaf(path: str) -> tuple[str, str]:
    """MappingQueuePath: parent is everything before the last dot."""
    if "." in path:
        parent, leaf = path.rsplit(".", 1)
        return parent, leaf
    return "", path


def validate_target(index: QueueIndex, path: str | None, variables: Iterable[str] = VARIABLES) -> str | None:
    """Hadoop's load-time check of one place target; the error message, or None when valid."""
    known = set(variables)
    if path is None or path == "":
        return "Queue path is empty."
    try:
        parts = _java_split_dots(path)
        for part in parts:
            if part == "":
                raise TargetError(f"Path segment cannot be empty '{path}'.")
        if all(part not in known for part in parts):
            return _validate_static(index, path)
        return _validate_dynamic(index, path, parts, known)
    except TargetError as exc:
        return str(exc)


def _validate_static(index: QueueIndex, path: str) -> str | None:
    normalized = _normalize_root(index, path)
    result = _creation_result(index, normalized)
    parent, leaf = _parent_and_leaf(path)
    if result == "AMBIGUOUS_PARENT":
        return f"Target queue path '{path}' contains an ambiguous parent queue '{parent}' reference."
    if result == "AMBIGUOUS_QUEUE":
        return f"Target queue is an ambiguous leaf queue '{path}'."
    if result == "EMPTY_PATH":
        return "Mapping rule did not specify a target queue."
    if result == "NO_PARENT_PROVIDED":
        return f"Target queue does not exist and has no parent defined '{path}'."
    if result == "NO_DYNAMIC_PARENT":
        return (
            f"Mapping rule specified a parent queue '{parent}', but it is not a dynamic parent queue, "
            f"and no queue exists with name '{leaf}' under it."
        )
    if result == "QUEUE_EXISTS":
        ref = index.get(normalized)
        if ref is None or ref.kind != "leaf":
            return f"Target queue '{path}' but it's not a leaf queue."
    return None


def _validate_dynamic(index: QueueIndex, path: str, parts: list[str], known: set[str]) -> str | None:
    if parts[0] in known:
        return None
    static = [parts[0]]
    static_parent: str | None = None
    for part in parts[1:]:
        if part in known:
            break
        static_parent = ".".join(static)
        static.append(part)
    static_part = ".".join(static)
    normalized = _normalize_root(index, static_part)
    ref = index.get(normalized)
    if ref is not None:
        if ref.kind == "leaf":
            return (
                f"Queue path '{path}' is invalid because '{normalized}' is a leaf queue, "
                "which can have no other queues under it."
            )
        return None
    if static_parent is not None:
        parent_ref = index.get(_normalize_root(index, static_parent))
        if parent_ref is not None and (
            parent_ref.kind == "managed" or (parent_ref.kind == "parent" and parent_ref.auto_create_v2)
        ):
            return None
    return f"No eligible parent found on path '{path}'."


def validate_rules(rule_list: Iterable[MappingRule], tree: QueueTree) -> list[Diagnostic]:
    """PL508 for every target Hadoop refuses at load (CSMappingPlacementRule.initialize)."""
    index = QueueIndex(tree)
    diagnostics: list[Diagnostic] = []
    for rule in rule_list:
        if not rule.valid or rule.policy in (None, "reject", "setDefaultQueue"):
            continue
        target = rule.target
        message = validate_target(index, target)
        if message is not None:
            name = "customPlacement" if rule.policy == "custom" else "parentQueue"
            diagnostics.append(
                rules.PL508.at(
                    rule.field_location(name),
                    f"{rule.describe()}: {message}",
                    property=_rule_property(rule),
                )
            )
    return diagnostics


def _rule_property(rule: MappingRule) -> str:
    return {"legacy": QUEUE_MAPPINGS, "app-name": APP_NAME_MAPPINGS}.get(rule.origin, JSON_INLINE)


def check_mapping(
    conf: ConfLike,
    tree: QueueTree,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    config_path: str | None = None,
) -> tuple[MappingConfig, list[Diagnostic]]:
    """Parse and validate every mapping rule as the ResourceManager does at load (PL5xx).

    The reader calls this and keeps the result in ``CapacityInfo.mapping`` for lint and conversion.
    """
    config, diagnostics = read_mapping_config(conf, config_path or tree.source, hadoop_version)
    # the format key itself (CS125, CS207) is checked by fsctl.capacity.validate with the other
    # scheduler-wide keys
    diagnostics = [d for d in diagnostics if d.code not in ("CS125", "CS207")]
    diagnostics.extend(validate_rules(config.rules, tree))
    return config, diagnostics


# --------------------------------------------------------------------------------------------
# Variable substitution (VariableContext)


def replace_path_variables(path: str, variables: Mapping[str, str | None]) -> str:
    """VariableContext.replacePathVariables: only whole ``.``-separated segments that are known
    variables are replaced; a variable whose value is None becomes the empty string."""
    parts = path.split(".")
    out = []
    for part in parts:
        if part in variables:
            value = variables[part]
            out.append("" if value is None else value)
        else:
            out.append(part)
    return ".".join(out)


def replace_variables(text: str, variables: Mapping[str, str | None]) -> str:
    """VariableContext.replaceVariables: substrings, longest variable names first."""
    for name in sorted(variables, key=len, reverse=True):
        value = variables[name]
        text = text.replace(name, "" if value is None else value)
    return text


# --------------------------------------------------------------------------------------------
# Placement: what the engine decides for one submission (CSMappingPlacementRule.getPlacementForApp)


@dataclass(frozen=True)
class Placement:
    """``place`` into ``queue`` (a full path), ``reject``, or ``None``: no rule decided and the next
    placement engine (or the submitted queue) is used."""

    decision: str | None
    queue: str | None = None
    rule: int | None = None  # index of the deciding rule


_UNDECIDED = Placement(None)


class _PlacementError(Exception):
    pass


def clean_name(name: str) -> str:
    """CSMappingPlacementRule.cleanName: dots in user and group names become ``_dot_``."""
    return name.replace(".", "_dot_")


def _resolve_path(
    template: str, values: dict[str, str | None], secondary: list[str], index: QueueIndex
) -> str:
    """VariableContext.replacePathVariables with the conditional %secondary_group: the first
    secondary group for which a queue exists under the already substituted prefix."""
    parts = template.split(".")
    for i, part in enumerate(parts):
        if part in values:
            parts[i] = values[part] or ""
        elif part == "%secondary_group" and secondary:
            prefix = "".join(p + "." for p in parts[:i])
            parts[i] = next((g for g in secondary if index.get(prefix + g) is not None), "")
    return ".".join(parts)


def _normalize_at_submission(index: QueueIndex, name: str, allow_create: bool) -> str:
    """CSMappingPlacementRule.validateAndNormalizeQueue (raises on an invalid target)."""
    known = _normalized(index, name, allow_create)
    if isinstance(known, _PlacementError):
        raise _PlacementError(*known.args)
    return known


def _normalized(index: QueueIndex, name: str, allow_create: bool) -> str | _PlacementError:
    """:func:`_normalize_at_submission`, the error returned, not raised; each target is worked out
    once per index (many applications name the same one)."""
    key = (name, allow_create)
    known = index.normalized.get(key)
    if known is None:
        try:
            known = _validate_and_normalize(index, name, allow_create)
        except _PlacementError as exc:
            # kept without its traceback: its frames hold the index, a cycle that would keep the
            # index and its tree alive while the garbage collector is paused
            known = _PlacementError(*exc.args)
        index.normalized[key] = known
    return known


def _validate_and_normalize(index: QueueIndex, name: str, allow_create: bool) -> str:
    if name == "" or "" in name.split("."):
        raise _PlacementError(f"Invalid path returned by rule: '{name}'")
    existing = index.ref(name) if name.startswith("root.") else None
    if existing is not None:
        # the full path of an existing queue: the root part normalizes to itself and the queue
        # exists (QUEUE_EXISTS), so only the leaf check below is left
        if existing.kind != "leaf":
            raise _PlacementError(f"Mapping rule returned a non-leaf queue '{name}'")
        return name
    parent, leaf = _parent_and_leaf(name)
    if parent:
        try:
            normalized = _normalize_root(index, f"{parent}.{leaf}")
        except TargetError as exc:
            raise _PlacementError(str(exc)) from None
        result = _creation_result(index, normalized)
        if result == "CREATABLE" and not allow_create:
            raise _PlacementError(f"Mapping rule doesn't allow auto-creation of the queue '{normalized}'.")
        if result not in ("QUEUE_EXISTS", "CREATABLE"):
            raise _PlacementError(result)
    else:
        ref = index.get(leaf)
        if ref is None:
            raise _PlacementError(f"Queue '{leaf}' specified in mapping rule does not exist or is ambiguous")
        normalized = ref.path
    existing = index.ref(normalized)
    if existing is not None and existing.kind != "leaf":
        raise _PlacementError(f"Mapping rule returned a non-leaf queue '{normalized}'")
    return normalized


def _matches(rule: MappingRule, user: str, groups: list[str], values: dict[str, str | None]) -> bool:
    matches = rule.matches or ""
    if rule.type == "user":
        if matches in ("*", "%user"):
            return True
        return replace_variables(matches, values) == user  # the original name (VariableMatcher)
    if rule.type == "group":
        return replace_variables(matches, values) in groups
    if rule.type == "application":
        return replace_variables(matches, values) == values["%application"]
    return False


def place(
    rule_list: Iterable[MappingRule],
    tree: QueueTree,
    *,
    user: str,
    groups: Iterable[str] = (),
    application: str = "application",
    queue: str = "default",
    override: bool = False,
    index: QueueIndex | None = None,
) -> Placement:
    """Where the Capacity Scheduler's mapping engine puts one application (cs.md §8.2-§8.5).
    ``index`` is the tree's, when the caller places many applications (or use a :class:`Placer`)."""
    if queue != "default" and not override:
        return _UNDECIDED
    placer = Placer(rule_list, tree, override, index)
    return placer.place(user=user, groups=groups, application=application, queue=queue)


@dataclass(frozen=True, slots=True)
class _Step:
    """A valid rule with what :meth:`Placer.place` needs of it worked out once."""

    number: int
    rule: MappingRule
    #: a user rule matching ``*`` or ``%user``: every application (the matcher is not run)
    matches_all: bool
    policy: str | None
    target: str
    #: the target as it resolves: itself when no segment can be a variable, else None
    static_target: str | None
    create: bool
    fallback: str


def _context(user: str, groups: list[str], application: str) -> tuple[dict[str, str | None], list[str]]:
    """The variables of a submission but %specified (VariableContext), and the secondary groups."""
    values: dict[str, str | None] = {
        "%user": clean_name(user),
        "%specified": "",
        "%application": application,
        "%default": "root.default",
    }
    secondary = [clean_name(g) for g in groups[1:]]
    if groups:
        values["%primary_group"] = clean_name(groups[0])
        if not secondary:
            values["%secondary_group"] = ""
    return values, secondary


class Placer:
    """:func:`place` for many applications: the rules' fixed parts are worked out once, and the
    variables of each user and groups once."""

    def __init__(
        self,
        rule_list: Iterable[MappingRule],
        tree: QueueTree,
        override: bool = False,
        index: QueueIndex | None = None,
    ) -> None:
        self.index = index or QueueIndex(tree)
        self.override = override
        #: (user, groups, application) -> :func:`_context`
        self._contexts: dict[tuple[str, tuple[str, ...], str], tuple[dict[str, str | None], list[str]]] = {}
        self.steps: list[_Step] = []
        for number, rule in enumerate(rule_list):
            if not rule.valid:
                continue
            target = rule.target or ""
            # every variable starts with "%": a target without one is a fixed path
            static = None if any(part.startswith("%") for part in target.split(".")) else target
            matches_all = rule.type == "user" and rule.matches in ("*", "%user")
            self.steps.append(_Step(number, rule, matches_all, rule.policy, target, static,
                                    rule.effective_create, rule.effective_fallback))  # fmt: skip

    def place(
        self,
        *,
        user: str,
        groups: Iterable[str] = (),
        application: str = "application",
        queue: str = "default",
    ) -> Placement:
        if queue != "default" and not self.override:
            return _UNDECIDED
        decision, placed, number = self.decide(user, groups, application, queue)
        return _UNDECIDED if decision is None else Placement(decision, placed, number)

    def decide(
        self, user: str, groups: Iterable[str], application: str, queue: str
    ) -> tuple[str | None, str | None, int | None]:
        """:meth:`place` as the fields of its :class:`Placement`, for a caller that places many
        applications and keeps its own record of each."""
        if queue != "default" and not self.override:
            return None, None, None
        index = self.index
        group_list = list(groups)
        key = (user, tuple(group_list), application)
        context = self._contexts.get(key)
        if context is None:
            context = self._contexts[key] = _context(user, group_list, application)
        base, secondary = context
        values = base.copy()
        values["%specified"] = "" if queue == "default" else queue
        for step in self.steps:
            rule = step.rule
            if not step.matches_all and not _matches(rule, user, group_list, values):
                continue
            policy = step.policy
            if policy == "setDefaultQueue":
                values["%default"] = replace_variables(rule.value or "", values)
                continue
            if policy == "reject":
                return "reject", None, step.number
            path = step.static_target
            if path is None:
                target = step.target
                if target in values:  # the whole target is one variable (%specified, %default)
                    path = values[target] or ""
                else:
                    path = _resolve_path(target, values, secondary, index)
            placed = _normalized(index, path, step.create)
            if not isinstance(placed, _PlacementError):
                return "place", placed, step.number
            fallback = step.fallback
            if fallback == "reject":
                return "reject", None, step.number
            if fallback == "placeDefault":
                default = _normalized(index, _resolve_path("%default", values, secondary, index), False)
                if isinstance(default, _PlacementError):
                    return "reject", None, step.number
                return "place", default, step.number
        return None, None, None


def submitted_queue(tree: QueueTree, queue: str, index: QueueIndex | None = None) -> tuple[str | None, str]:
    """Where an application lands when no mapping rule decides: the queue it was submitted to
    (``CapacityScheduler.addApplication`` / ``getOrCreateQueueFromPlacementContext``), a full path
    under an auto-creating parent being created. Returns (queue, "") or (None, Hadoop's reason)."""
    index = index or QueueIndex(tree)
    ref = index.get(queue)
    if ref is None:
        if index.is_ambiguous(queue):
            return None, f"submitted to ambiguous queue: {queue} please use full queue path instead."
        if "." in queue and "" not in queue.split(".") and not index.short_names_only:
            try:
                return _normalize_at_submission(index, queue, True), ""
            except _PlacementError:
                pass
        return None, f"submitted to unknown queue: {queue}"
    if ref.kind != "leaf":
        return None, f"submitted to non-leaf queue : {queue}"
    return ref.path, ""


# --------------------------------------------------------------------------------------------
# Lint (PL6xx)


def always_decides(rule: MappingRule, index: QueueIndex | None = None) -> bool:
    """Whether the rule ends evaluation for every application (no later rule can run)."""
    if not rule.valid or not rule.matches_everything:
        return False
    if rule.policy == "reject":
        return True
    if rule.policy == "setDefaultQueue":
        return False
    if rule.effective_fallback in ("reject", "placeDefault"):
        return True
    # fallback skip: decides only when the target is an existing leaf, whatever the variables
    target = rule.target
    if index is None or target is None or any(part in VARIABLES for part in target.split(".")):
        return False
    ref = index.get(target)
    return ref is not None and ref.kind == "leaf"


def lint_rules(
    config: MappingConfig, tree: QueueTree | None, hadoop_version: HadoopVersion = DEFAULT_VERSION
) -> Iterator[Diagnostic]:
    """Checks Hadoop does not make: unreachable rules, unknown fields and variables, ignored
    fields, inactive rule families (PL6xx)."""
    index = QueueIndex(tree) if tree is not None else None
    yield from config.parse_lint
    yield from _lint_inactive(config, hadoop_version)
    if config.format == "legacy":
        for key in (QUEUE_MAPPINGS, APP_NAME_MAPPINGS):
            setting = config.sources.get(key)
            if setting is None:
                continue
            for entry in trimmed_string_collection(setting.value)[1]:
                yield rules.PL605.at(
                    setting.location, f"{key}: {entry!r} is listed more than once", property=key
                )
    terminal: MappingRule | None = None
    for rule in config.rules:
        if terminal is not None:
            yield rules.PL601.at(
                rule.location,
                f"{rule.describe()} is never reached: {terminal.describe()} before it decides for "
                "every application",
                property=_rule_property(rule),
            )
        elif always_decides(rule, index):
            terminal = rule
        if not rule.valid:
            continue
        yield from _lint_variables(rule)
        yield from _lint_ignored_fields(rule)
        if rule.type == "application" and rule.matches == "*":
            yield rules.PL607.at(
                rule.field_location("matches"),
                f"{rule.describe()}: '*' is literal for application names; use '%application' to "
                "match every application",
                property=_rule_property(rule),
            )


def _lint_inactive(config: MappingConfig, hadoop_version: HadoopVersion) -> Iterator[Diagnostic]:
    sources = config.sources
    json_keys = [k for k in (JSON_INLINE, JSON_FILE) if k in sources]
    legacy_keys = [k for k in (QUEUE_MAPPINGS, APP_NAME_MAPPINGS) if k in sources]
    if hadoop_version < (3, 4):
        for key in [*json_keys, *([FORMAT] if FORMAT in sources else [])]:
            yield rules.PL606.at(
                sources[key].location,
                f"{key} is ignored: Hadoop {hadoop_version[0]}.{hadoop_version[1]} has no JSON mapping "
                "rules (added in 3.4, YARN-10457)",
                property=key,
            )
        return
    if config.format == "legacy":
        for key in json_keys:
            yield rules.PL606.at(
                sources[key].location,
                f"{key} is ignored because mapping-rule-format is legacy",
                property=key,
            )
    elif config.format == "json":
        for key in legacy_keys:
            yield rules.PL606.at(
                sources[key].location,
                f"{key} is ignored because mapping-rule-format is json",
                property=key,
            )
        if JSON_INLINE in sources and JSON_FILE in sources and (sources[JSON_INLINE].raw or "").strip():
            yield rules.PL606.at(
                sources[JSON_FILE].location,
                f"{JSON_FILE} is ignored because {JSON_INLINE} is set",
                property=JSON_FILE,
            )


def _lint_variables(rule: MappingRule) -> Iterator[Diagnostic]:
    texts: list[tuple[str, str | None]] = [("customPlacement", rule.customPlacement)]
    if rule.policy in _PLACEHOLDERS:
        texts.append(("parentQueue", rule.parentQueue))
    for name, text in texts:
        if not text:
            continue
        for part in text.split("."):
            if "%" in part and part not in VARIABLES:
                import difflib  # only for an unknown name: not loaded on a clean file

                close = difflib.get_close_matches(part, VARIABLES, n=1, cutoff=0.5)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                yield rules.PL603.at(
                    rule.field_location(name),
                    f"{rule.describe()}: {part!r} is not a placement variable and stays literal; only "
                    f"whole segments {', '.join(VARIABLES)} are substituted{hint}",
                    property=_rule_property(rule),
                )


def _lint_ignored_fields(rule: MappingRule) -> Iterator[Diagnostic]:
    if rule.origin != "json":
        return
    ignored: list[str] = []
    if rule.parentQueue is not None and rule.policy not in _PLACEHOLDERS:
        ignored.append("parentQueue")
    if rule.value is not None and rule.policy != "setDefaultQueue":
        ignored.append("value")
    if rule.customPlacement is not None and rule.policy != "custom":
        ignored.append("customPlacement")
    if rule.create is not None and rule.policy in ("reject", "setDefaultQueue", "defaultQueue"):
        ignored.append("create")
    if rule.fallbackResult is not None and rule.policy in ("reject", "setDefaultQueue"):
        ignored.append("fallbackResult")
    for name in ignored:
        yield rules.PL604.at(
            rule.field_location(name),
            f"{rule.describe()}: {name!r} has no effect with policy {rule.policy!r}",
            property=JSON_INLINE,
        )


# --------------------------------------------------------------------------------------------
# Legacy -> JSON, and the JSON writer


def legacy_to_json(rule: MappingRule) -> MappingRule:
    """The JSON rule Hadoop's ``LegacyMappingRuleToJson`` writes for a legacy rule (cs.md §9.13).

    JSON rules are returned unchanged.
    """
    if rule.origin == "json" or rule.customPlacement is None or rule.matches is None:
        return rule
    target = rule.customPlacement
    parent, leaf = _parent_and_leaf(target)
    matches = rule.matches
    custom = None
    if rule.origin == "app-name" or rule.type == "group":
        # an application-name rule names %application, a group rule %user, else a queue
        own, placeholder = (
            ("applicationName", "%application") if rule.origin == "app-name" else ("user", "%user")
        )
        if leaf == placeholder:
            policy = own
        else:
            policy, parent, custom = "custom", "", target
    else:
        matches = "*" if rule.matches == "%user" else rule.matches
        if leaf == "%user":
            policy = "user"
            if parent:
                grand, parent_leaf = _parent_and_leaf(parent)
                if parent_leaf == "%primary_group":
                    policy, parent = "primaryGroupUser", grand
                elif parent_leaf == "%secondary_group":
                    policy, parent = "secondaryGroupUser", grand
        elif leaf == "%primary_group":
            policy = "primaryGroup"
        elif leaf == "%secondary_group":
            policy = "secondaryGroup"
        else:
            policy, custom = "custom", target
    # the converter writes parentQueue whenever the (rewritten) target has a parent part
    return MappingRule(
        type=rule.type,
        fallbackResult="placeDefault",
        create=True,
        matches=matches,
        policy=policy,
        parentQueue=parent or None,
        customPlacement=custom,
        origin="json",
        location=rule.location,
    )


def rule_to_dict(rule: MappingRule) -> dict[str, Any]:
    """The rule's fields in schema order, absent fields left out (the POJO's NON_NULL inclusion)."""
    out: dict[str, Any] = {}
    for name in FIELDS:
        value = getattr(rule, name)
        if value is not None:
            out[name] = value
    return out


def mapping_rules_to_json(rule_list: Iterable[MappingRule]) -> str:
    """``mapping-rules.json`` for the given rules, byte for byte as Jackson's default pretty printer
    writes it (what Hadoop's fs2cs writes; no final newline). Legacy rules are converted first."""
    converted = [rule_to_dict(legacy_to_json(rule)) for rule in rule_list]
    if not converted:
        return '{\n  "rules" : [ ]\n}'
    blocks = []
    for item in converted:
        lines = [f"    {json.dumps(k)} : {json.dumps(v, ensure_ascii=False)}" for k, v in item.items()]
        blocks.append("{\n" + ",\n".join(lines) + "\n  }")
    return '{\n  "rules" : [ ' + ", ".join(blocks) + " ]\n}"


def rules_from_json_dicts(items: Iterable[Mapping[str, Any]]) -> list[MappingRule]:
    """Build rules from plain dicts (for the converter); unknown keys are ignored."""
    return [MappingRule(**{k: v for k, v in item.items() if k in FIELDS}) for item in items]
