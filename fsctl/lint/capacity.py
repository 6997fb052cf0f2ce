"""Capacity Scheduler lint: what Hadoop does not check (cs.md §6.4, §11), CS3xx, plus the mapping
rule lint of :mod:`fsctl.capacity.mapping` (PL6xx).

Works on the tree :func:`fsctl.capacity.reader.read_capacity` builds: ``tree.info``
(:class:`~fsctl.capacity.values.CapacityInfo`) carries the merged properties, orphan keys (under
undeclared paths), duplicate children, the queue store and the mapping rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import CapacityError, CapacityMode, CapacityValue, parse_capacity
from fsctl.capacity.values import CapacityQueue, CapacityTree
from fsctl.catalogue import capacity_lint as rules
from fsctl.hadoop.conf import ConfValueError, HadoopConf, java_float_str, java_parse_float
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.tree import Queue, QueueTree, Setting
from fsctl.model.versions import HadoopVersion

if TYPE_CHECKING:
    from fsctl.lint import LintContext

PREFIX = keys.PREFIX
DOCUMENTED_REFRESH_KEY = "yarn.resourcemanager.queue.auto.refresh.monitoring-interval"
_GLOBAL_PREFIXES = ("multi-node-sorting.policy.", "user.")
_KNOWN_QUEUE_SUFFIXES = tuple(keys.QUEUE_KEYS)


def check(tree: CapacityTree, context: LintContext) -> Iterator[Diagnostic]:
    version: HadoopVersion = context.hadoop_version
    conf = tree.info.properties
    queues = list(tree.queues())  # walked once: every check below visits every queue
    yield from _orphans(tree, queues)
    yield from _unknown_queue_keys(queues)
    yield from _auto_creation_settings(queues)
    yield from _unknown_global_keys(tree)
    yield from _duplicate_children(tree)
    yield from _queue_names(queues, conf)
    if version >= (3, 3):
        yield from _ambiguous_short_names(queues)
    legacy = tree.info.legacy_queue_mode
    for queue in queues:
        declared = queue.declared
        # the checks' own early exits (a key they read is declared), without a generator per queue
        if version >= (3, 4) and "capacity" in declared and "maximum-capacity" in declared:
            yield from _capacity_above_maximum(queue)  # before 3.4, Hadoop itself rejects it (CS124)
        if "maximum-capacity" in declared:
            yield from _maximum_out_of_range(queue)
        if not declared.keys().isdisjoint(_LIMIT_KEYS):
            yield from _user_limits(queue)
        if not legacy:
            yield from _children_exceed_parent(queue)
    yield from _global_limits(tree)
    root_max = tree.root.declared.get("maximum-capacity")
    if root_max is not None:
        yield rules.CS313.at(
            root_max.location or tree.root.location,
            f"root.maximum-capacity={root_max.raw} scales every queue's maximum; root is always the "
            "whole cluster, remove the key",
            queue="root",
            property="maximum-capacity",
        )
    yield from _documented_refresh_key(tree, conf, context.yarn_site)
    yield from _node_labels(queues, context.yarn_site)
    yield from _mapping_lint(tree, conf, version)


# --------------------------------------------------------------------------------------------
# Keys


def _owner(rest: str, tree: QueueTree) -> tuple[Queue | None, str]:
    best: Queue | None = None
    suffix = rest
    position = rest.find(".")
    while position != -1:
        queue = tree.find(rest[:position])
        if queue is not None:
            best, suffix = queue, rest[position + 1 :]
        position = rest.find(".", position + 1)
    return best, suffix


def _is_dynamic_parent(queue: Queue) -> bool:
    return any(
        _flag(queue, key) for key in ("auto-create-child-queue.enabled", "auto-queue-creation-v2.enabled")
    )


def _flag(queue: CapacityQueue, key: str) -> bool:
    value = queue.effective.value_of(key)
    if isinstance(value, bool):
        return value
    setting = queue.declared.get(key)
    if setting is None:
        return False
    if isinstance(setting.value, bool):
        return setting.value
    return str(setting.raw).strip().lower() == "true"


def _did_you_mean(word: str, choices: list[str] | tuple[str, ...], cutoff: float = 0.6) -> str:
    import difflib  # only for an unknown name: not loaded on a clean file

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=cutoff)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _orphans(tree: CapacityTree, queues: list[Queue]) -> Iterator[Diagnostic]:
    orphans = tree.info.orphans
    paths = [q.path for q in queues] if orphans else []
    for name, setting in orphans.items():
        rest = name[len(PREFIX) :]
        owner, suffix = _owner(rest, tree)
        if owner is not None and _is_dynamic_parent(owner):
            continue  # explicit settings for queues auto-creation may make later
        if owner is not None and not _names_missing_queue(suffix):
            yield rules.CS304.at(
                setting.location,
                f"{name}: {suffix!r} is not a Capacity Scheduler queue key; Hadoop ignores it"
                f"{_suggest_suffix(suffix)}",
                queue=owner.path,
                property=suffix,
            )
            continue
        missing = _missing_path(rest, tree)
        yield rules.CS301.at(
            setting.location,
            f"{name}: queue {missing!r} is not in the tree (not listed in a .queues), so Hadoop ignores "
            f"this key{_did_you_mean(missing, paths, 0.75)}",
            queue=missing,
            property=name,
        )


def _suggest_suffix(suffix: str) -> str:
    """Did-you-mean for a queue key suffix; per-label keys are matched on their last part."""
    label = keys.label_of(suffix)
    if label is not None:
        import difflib  # only for an unknown name: not loaded on a clean file

        close = difflib.get_close_matches(label[1], list(keys.LABEL_KEYS), n=1, cutoff=0.6)
        if close:
            return f" (did you mean '{keys.LABELS_PREFIX}{label[0]}.{close[0]}'?)"
    return _did_you_mean(suffix, _KNOWN_QUEUE_SUFFIXES)


def _names_missing_queue(suffix: str) -> bool:
    """Whether ``<segments>.<known key>``: a key for a queue below the owner that does not exist."""
    parts = suffix.split(".")
    return any(keys.queue_kind(".".join(parts[cut:])) is not None for cut in range(1, len(parts)))


def _missing_path(rest: str, tree: QueueTree) -> str:
    """The undeclared queue path a key names: the longest prefix whose remainder is a known key."""
    parts = rest.split(".")
    for cut in range(1, len(parts)):
        suffix = ".".join(parts[cut:])
        if keys.queue_kind(suffix) is not None and tree.find(".".join(parts[:cut])) is None:
            return ".".join(parts[:cut])
    owner, suffix = _owner(rest, tree)
    head = suffix.split(".", 1)[0]
    return f"{owner.path}.{head}" if owner is not None else parts[0]


def _unknown_queue_keys(queues: list[Queue]) -> Iterator[Diagnostic]:
    for queue in queues:
        for suffix, setting in queue.declared.items():
            if keys.queue_kind(suffix) is not None:
                continue
            if suffix in ("min-resource", "max-resource"):
                hint = (
                    " (declared by Hadoop but never read: put absolute resources in capacity and "
                    "maximum-capacity)"
                )
            else:
                hint = _suggest_suffix(suffix)
            yield rules.CS304.at(
                setting.location or queue.location,
                f"{PREFIX}{queue.path}.{suffix}: {suffix!r} is not a Capacity Scheduler queue key; "
                f"Hadoop ignores it{hint}",
                queue=queue.path,
                property=suffix,
            )


_V1_ONLY = ("leaf-queue-template.", "auto-create-child-queue.")
_V2_ONLY = (
    "auto-queue-creation-v2.template.",
    "auto-queue-creation-v2.leaf-template.",
    "auto-queue-creation-v2.parent-template.",
    "auto-queue-creation-v2.max-queues",
    "auto-queue-creation-v2.maximum-queue-depth",
)


_AUTO_ONLY = _V1_ONLY + _V2_ONLY


def _auto_creation_settings(queues: list[Queue]) -> Iterator[Diagnostic]:
    for queue in queues:
        for suffix, setting in queue.declared.items():
            if not suffix.startswith(_AUTO_ONLY) or suffix.endswith(".enabled"):  # one test per key
                continue
            if suffix.startswith(_V1_ONLY):
                flag = "auto-create-child-queue.enabled"
            elif suffix.startswith(_V2_ONLY):
                flag = "auto-queue-creation-v2.enabled"
            else:
                continue
            if not _flag(queue, flag):
                yield rules.CS316.at(
                    setting.location or queue.location,
                    f"{PREFIX}{queue.path}.{suffix} is ignored: {queue.path} does not set {flag}=true",
                    queue=queue.path,
                    property=suffix,
                )


def _unknown_global_keys(tree: CapacityTree) -> Iterator[Diagnostic]:
    known = list(keys.GLOBAL_KEYS)
    store = tree.info.store
    for name, setting in tree.settings.items():
        if not name.startswith(PREFIX):
            continue
        rest = name[len(PREFIX) :]
        if keys.global_kind(rest) is not None:
            continue
        if rest.startswith("multi-node-sorting.policy.") and rest.endswith(
            (".class", ".sorting-interval.ms")
        ):
            continue
        first, _, tail = rest.partition(".")
        queue = store.get(first)
        if queue is not None and tail:
            hint = f" (per-queue keys need the full path: {PREFIX}{queue.path}.{tail})"
        else:
            hint = _did_you_mean(rest, known)
        yield rules.CS305.at(
            setting.location,
            f"{name} is not a Capacity Scheduler setting; Hadoop ignores it{hint}",
            property=name,
        )


# --------------------------------------------------------------------------------------------
# Queue names and structure


def _duplicate_children(tree: CapacityTree) -> Iterator[Diagnostic]:
    for parent, name, location in tree.info.duplicate_children:
        yield rules.CS302.at(
            location,
            f"{PREFIX}{parent}.queues lists {name!r} more than once; Hadoop builds it twice and counts it "
            "twice in the capacity sum",
            queue=f"{parent}.{name}",
            property="queues",
        )


def _name_problem(name: str) -> tuple[str, Severity] | None:
    if name.isalnum():  # letters and digits only: none of the problems below (most names)
        return None
    if name == "":
        return "an empty queue name", Severity.ERROR
    if "." in name:
        return f"queue name {name!r} contains '.', which separates path segments", Severity.ERROR
    if any(ch.isspace() for ch in name):
        return f"queue name {name!r} contains whitespace", Severity.ERROR
    if "*" in name:
        return f"queue name {name!r} contains '*', the template wildcard", Severity.ERROR
    if ":" in name:
        return f"queue name {name!r} contains ':', which breaks legacy queue mappings", Severity.WARNING
    if name.startswith("%"):
        return f"queue name {name!r} starts with '%' and reads as a placement variable", Severity.WARNING
    return None


def _queue_names(queues: list[Queue], conf: HadoopConf | None) -> Iterator[Diagnostic]:
    # the queues with a .queues key in the configuration, found in one scan of its names rather
    # than by one lookup per queue (the key is usually declared on the queue itself)
    listing = (
        {name[len(PREFIX) : -len(".queues")] for name in conf.names() if name.endswith(".queues")}
        if conf is not None
        else set()
    )
    for queue in queues:
        setting = queue.declared.get("queues")
        raw = setting.raw if setting is not None and setting.raw is not None else None
        if raw is None and conf is not None and queue.path in listing:
            raw = conf.get(f"{PREFIX}{queue.path}.queues")
        if raw is None:
            continue
        # getStrings drops empty tokens; each element is then trimmed (so " " becomes "")
        for token in raw.split(","):
            if not token:
                continue
            problem = _name_problem(token.strip())
            if problem is not None:
                message, severity = problem
                # the location only now: it is worked out from the text when first read
                where = setting.location if setting is not None else None
                yield rules.CS303.at(
                    where or queue.location,
                    f"{PREFIX}{queue.path}.queues: {message}",
                    queue=queue.path,
                    property="queues",
                    severity=severity,
                )


def _ambiguous_short_names(queues: list[Queue]) -> Iterator[Diagnostic]:
    by_name: dict[str, list[Queue]] = {}
    for queue in queues:
        if queue.parent is not None:
            by_name.setdefault(queue.name, []).append(queue)
    for name, queues in by_name.items():
        if len(queues) < 2:
            continue
        # one finding per name, at its second use: the first is where the ambiguity begins
        paths = ", ".join(q.path for q in queues[:3])
        if len(queues) > 3:
            paths += f" and {len(queues) - 3} more"
        yield rules.CS312.at(
            queues[1].location,
            f"short name {name!r} is shared by {paths}; submissions and mapping rules must use the full path",
            queue=queues[1].path,
        )


# --------------------------------------------------------------------------------------------
# Values


def _capacity(queue: Queue, suffix: str) -> CapacityValue | None:
    setting = queue.declared.get(suffix)
    if setting is None:
        return None
    if isinstance(setting.value, CapacityValue):
        return setting.value
    try:
        return parse_capacity(setting.raw, queue.path, maximum=suffix == "maximum-capacity")
    except (CapacityError, ConfValueError):
        return None


def _number(setting: Setting | None) -> float | None:
    if setting is None:
        return None
    value: Any = setting.value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    try:
        return java_parse_float(setting.raw)
    except (ConfValueError, TypeError):
        return None


def _fmt(value: float) -> str:
    text = java_float_str(value)
    return text[:-2] if text.endswith(".0") else text


# the per-queue checks return lists, not generators: one generator per queue and check costs more
# than the check on 100,000s of queues


def _capacity_above_maximum(queue: Queue) -> list[Diagnostic]:
    if queue.parent is None:
        return []
    capacity = _capacity(queue, "capacity")
    maximum = _capacity(queue, "maximum-capacity")
    if capacity is None or maximum is None:
        return []
    both_percent = capacity.mode is CapacityMode.PERCENTAGE and maximum.mode is CapacityMode.PERCENTAGE
    if both_percent and maximum.percent != -1.0 and capacity.percent > maximum.percent:
        setting = queue.declared["capacity"]
        return [
            rules.CS306.at(
                setting.location or queue.location,
                f"capacity {_fmt(capacity.percent)} is above maximum-capacity {_fmt(maximum.percent)}; "
                "the queue is guaranteed more than it may use (Hadoop 3.3 rejected this)",
                queue=queue.path,
                property="capacity",
            )
        ]
    return []


def _maximum_out_of_range(queue: Queue) -> list[Diagnostic]:
    maximum = _capacity(queue, "maximum-capacity")
    if maximum is None or maximum.mode is not CapacityMode.PERCENTAGE:
        return []
    raw_value = _number(queue.declared["maximum-capacity"])
    value = raw_value if raw_value is not None else maximum.percent
    if value == -1.0 or (0.0 <= value <= 100.0):
        return []
    setting = queue.declared["maximum-capacity"]
    return [
        rules.CS307.at(
            setting.location or queue.location,
            f"maximum-capacity {_fmt(value)} is outside [0, 100] (-1 means 100); Hadoop 3.4 reads it "
            f"unchecked as {_fmt(value / 100)} of the parent's maximum",
            queue=queue.path,
            property="maximum-capacity",
        )
    ]


_LIMIT_KEYS = ("user-limit-factor", "minimum-user-limit-percent", "maximum-am-resource-percent")


def _user_limits(queue: Queue) -> list[Diagnostic]:
    return _limit_checks(queue.declared, queue.path, "")


def _global_limits(tree: QueueTree) -> Iterator[Diagnostic]:
    settings = {
        suffix: tree.settings[PREFIX + suffix]
        for suffix in ("user-limit-factor", "minimum-user-limit-percent", "maximum-am-resource-percent")
        if PREFIX + suffix in tree.settings
    }
    yield from _limit_checks(settings, None, PREFIX)


def _limit_checks(settings: dict[str, Setting], queue: str | None, prefix: str) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    ulf_setting = settings.get("user-limit-factor")
    ulf = _number(ulf_setting)
    if ulf_setting is not None and ulf is not None and (ulf == 0 or (ulf < 0 and ulf != -1)):
        found.append(
            rules.CS308.at(
                ulf_setting.location,
                f"{prefix}user-limit-factor {_fmt(ulf)}: "
                + ("no user can use anything" if ulf == 0 else "negative factors other than -1 mean nothing"),
                queue=queue,
                property="user-limit-factor",
            )
        )
    mulp_setting = settings.get("minimum-user-limit-percent")
    mulp = _number(mulp_setting)
    if mulp_setting is not None and mulp is not None and not (0 < mulp <= 100):
        found.append(
            rules.CS309.at(
                mulp_setting.location,
                f"{prefix}minimum-user-limit-percent {_fmt(mulp)} is outside (0, 100]",
                queue=queue,
                property="minimum-user-limit-percent",
            )
        )
    am_setting = settings.get("maximum-am-resource-percent")
    am = _number(am_setting)
    if am_setting is not None and am is not None and not (0 <= am <= 1):
        found.append(
            rules.CS310.at(
                am_setting.location,
                f"{prefix}maximum-am-resource-percent {_fmt(am)} is outside [0, 1]; it is a fraction "
                f"(0.1 = 10%), so this allows {_fmt(am * 100)}%",
                queue=queue,
                property="maximum-am-resource-percent",
            )
        )
    return found


def _children_exceed_parent(queue: Queue) -> Iterator[Diagnostic]:
    """Non-legacy mode: Hadoop accepts over-subscription and scales down at run time."""
    children = [(child, _capacity(child, "capacity")) for child in queue.children]
    percent = [(c, v) for c, v in children if v is not None and v.mode is CapacityMode.PERCENTAGE]
    total = sum(v.percent for _, v in percent)
    if total > 100.0 + 1e-6:
        first = percent[0][0]
        yield rules.CS311.at(
            first.setting_location("capacity"),
            f"the percentage children of {queue.path} add up to {_fmt(total)}% (> 100%); Hadoop scales "
            "them down at run time",
            queue=queue.path,
            property="capacity",
        )
    own = _capacity(queue, "capacity")
    absolute = [(c, v) for c, v in children if v is not None and v.mode is CapacityMode.ABSOLUTE]
    if own is not None and own.mode is CapacityMode.ABSOLUTE and own.resources and absolute:
        mine = dict(own.resources)
        sums: dict[str, int] = {}
        for _, value in absolute:
            for name, amount in value.resources:
                sums[name] = sums.get(name, 0) + amount
        over = [name for name, amount in sums.items() if amount > mine.get(name, 0)]
        if over:
            yield rules.CS311.at(
                absolute[0][0].setting_location("capacity"),
                f"the absolute children of {queue.path} need more {', '.join(over)} than the parent's "
                f"capacity {own.text}",
                queue=queue.path,
                property="capacity",
            )


# --------------------------------------------------------------------------------------------
# Settings that live in yarn-site


def _documented_refresh_key(tree: QueueTree, conf: Any, site: Any) -> Iterator[Diagnostic]:
    for source in (conf, site):
        if isinstance(source, HadoopConf) and source.get(DOCUMENTED_REFRESH_KEY) is not None:
            yield rules.CS314.at(
                source.location(DOCUMENTED_REFRESH_KEY),
                f"{DOCUMENTED_REFRESH_KEY} does nothing: the Capacity Scheduler reads "
                f"{PREFIX}queue.auto.refresh.monitoring-interval",
                property=DOCUMENTED_REFRESH_KEY,
            )
            return


def _labels_in_use(queue: Queue) -> Location | None:
    for suffix, setting in queue.declared.items():
        if suffix.startswith(keys.LABELS_PREFIX):
            return setting.location or queue.location
        if suffix == "default-node-label-expression" and str(setting.raw).strip():
            return setting.location or queue.location
        if suffix == "accessible-node-labels" and str(setting.raw).strip() not in ("", "*"):
            return setting.location or queue.location
    return None


def _node_labels(queues: list[Queue], site: Any) -> Iterator[Diagnostic]:
    if not isinstance(site, HadoopConf):
        return
    from fsctl.capacity.site import NODE_LABELS_ENABLED, node_labels_enabled

    if node_labels_enabled(site):
        return
    for queue in queues:
        where = _labels_in_use(queue)
        if where is not None:
            yield rules.CS315.at(
                where,
                f"queue {queue.path} configures node labels but {NODE_LABELS_ENABLED} is not true in "
                "yarn-site.xml",
                queue=queue.path,
            )
            return


def _mapping_lint(tree: CapacityTree, conf: HadoopConf, version: HadoopVersion) -> Iterator[Diagnostic]:
    from fsctl.capacity import mapping

    config = tree.info.mapping
    if config is None:
        config, _ = mapping.read_mapping_config(conf, tree.source, version)
    # load-time problems (PL5xx) are the reader's; lint adds only what Hadoop does not check
    yield from mapping.lint_rules(config, tree, version)
