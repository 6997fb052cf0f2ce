"""Ratio files (samples/ratios/README.md): a tree of queues, each with its share of its parent in percent.

``read_ratios`` reads YAML, TOML or CSV (chosen by extension) into a :class:`RatioFile` and
reports every mistake as a located ``GN…`` diagnostic; it never raises. Shares are kept as exact
fractions so that generated values do not depend on float rounding.

Schema, per queue: ``share`` (required), ``max`` (optional, percent of the parent, at least the
share), ``queues`` (children; none makes a leaf) and any Fair Scheduler queue element of
:data:`SETTINGS`. At the top: ``queues``, ``defaults`` (settings and ``max`` applied to every queue
that does not set them) and ``cluster`` (overridden by ``--cluster``); top-level keys starting with
``x-`` are ignored, as a place for YAML anchors.
"""

from __future__ import annotations

import difflib
import functools
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation, localcontext
from fractions import Fraction
from typing import Any

from fsctl.catalogue import generate as rules
from fsctl.fair.elements import RATIO_ALIASES, RATIO_SETTINGS, RatioSpec
from fsctl.generate.syntax import Entry, Mapping, SyntaxProblem, format_of, parse
from fsctl.io.fileio import read_input
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.resources import MANDATORY_TYPES, VCORES
from fsctl.model.tree import Setting, preorder

HUNDRED = Fraction(100)


# exact arithmetic on shares with one normalisation each (a Fraction operator normalises every step,
# and a ratio file of 100,000 queues takes hundreds of thousands of them)


def exact_sum(values: Iterable[Fraction]) -> Fraction:
    """``sum(values, Fraction(0))``, over the least common denominator."""
    listed = list(values)
    denominator = math.lcm(*(value.denominator for value in listed))
    return Fraction(
        sum(value.numerator * (denominator // value.denominator) for value in listed), denominator
    )


def less(a: Fraction, b: Fraction) -> bool:
    """``a < b`` (denominators are positive)."""
    return a.numerator * b.denominator < b.numerator * a.denominator


def percent_of(whole: Fraction, percent: Fraction) -> Fraction:
    """``whole * percent / 100``."""
    return Fraction(whole.numerator * percent.numerator, whole.denominator * percent.denominator * 100)


MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 100  # queue levels below root; deeper trees are hostile input, not configuration


#: Fair Scheduler queue elements a ratio file may carry through, in the order the writer emits them:
#: the ratio column of the element table (fsctl.fair.elements), with its aliases (schedulingMode)
SETTINGS = RATIO_SETTINGS
_SETTING_ORDER = {name: index for index, name in enumerate(SETTINGS)}


def in_setting_order(settings: dict[str, Setting]) -> list[str]:
    """The names of a queue's settings (all of them SETTINGS) in the order of SETTINGS: a queue
    carries a few of the many, so they are sorted rather than SETTINGS walked for each queue."""
    return sorted(settings, key=_SETTING_ORDER.__getitem__)


ALIASES = RATIO_ALIASES
QUEUE_KEYS = ("share", "max", "queues")
TOP_KEYS = ("cluster", "defaults", "queues")
COMPUTED = {"minResources": "share", "maxResources": "max"}
POLICIES = ("fair", "drf", "fifo")


@dataclass(eq=False)
class RatioQueue:
    name: str
    path: str  # root.qa.p0
    share: Fraction  # percent of the parent, after --normalize
    max: Fraction | None  # percent of the parent's maximum
    settings: dict[str, Setting] = field(default_factory=dict)
    children: list[RatioQueue] = field(default_factory=list)
    location: Location | None = None
    #: settings that came from the ``defaults`` block rather than the queue itself
    from_defaults: set[str] = field(default_factory=set)

    @property
    def is_leaf(self) -> bool:
        return not self.children

    def walk(self) -> Iterable[RatioQueue]:
        return preorder(self)


@dataclass(eq=False)
class RatioFile:
    path: str
    format: str
    queues: list[RatioQueue]
    cluster: dict[str, int] | None = None
    cluster_text: str = ""
    defaults: dict[str, Setting] = field(default_factory=dict)

    def walk(self) -> Iterable[RatioQueue]:
        for queue in self.queues:
            yield from queue.walk()

    def find(self, path: str) -> RatioQueue | None:
        return next((q for q in self.walk() if q.path == path), None)


@dataclass(eq=False)
class RatioResult:
    path: str
    ratios: RatioFile | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.ratios is not None and not any(d.severity >= Severity.ERROR for d in self.diagnostics)

    @property
    def unreadable(self) -> bool:
        return any(d.code == rules.GN100.code for d in self.diagnostics)


def read_ratios(
    path: str,
    data: bytes | None = None,
    *,
    normalize: bool = False,
    cluster: str | None = None,
    resource_types: Iterable[str] = MANDATORY_TYPES,
) -> RatioResult:
    """Read and check a ratio file; ``cluster`` (``--cluster``) overrides the file's own."""
    fmt = format_of(path)
    if fmt is None:
        message = f"{path}: cannot tell the format; name the file *.yaml, *.yml, *.toml or *.csv"
        return RatioResult(path, None, [rules.GN100.at(Location(path), message)])
    if data is None:
        try:
            data = read_input(path, MAX_BYTES)  # refuses FIFOs, devices and files over MAX_BYTES
        except OSError as exc:
            reason = exc.strerror or str(exc)
            return RatioResult(path, None, [rules.GN100.at(Location(path), f"{path}: cannot read: {reason}")])
    if len(data) > MAX_BYTES:
        return RatioResult(path, None, [rules.GN100.at(Location(path), f"{path}: larger than 16 MiB")])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return RatioResult(
            path, None, [rules.GN100.at(Location(path), f"{path}: not UTF-8 text: {exc.reason}")]
        )
    try:
        top, problems = parse(path, text, fmt)
    except SyntaxProblem as exc:
        return RatioResult(path, None, [exc.diagnostic])
    except RecursionError:
        return RatioResult(
            path, None, [rules.GN101.at(Location(path, 1, 1), "the file is nested too deeply")]
        )
    builder = _Builder(path, normalize, tuple(resource_types))
    builder.found.extend(problems)
    ratios = builder.build(top, fmt, cluster)
    return RatioResult(path, ratios, _unique(builder.found))


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[str, int, int, str]] = set()
    kept = []
    for d in diagnostics:
        key = (d.code, d.line, d.column, d.message)
        if key not in seen:
            seen.add(key)
            kept.append(d)
    return sorted(kept, key=Diagnostic.sort_key)


def suggest(key: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest known name, or nothing."""
    candidates = list(known)
    lowered = {c.lower(): c for c in candidates}
    if key.lower() in lowered:
        return f" (did you mean {lowered[key.lower()]!r}?)"
    close = difflib.get_close_matches(key, candidates, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def parse_percent(value: Any) -> Fraction | None:
    """A number (or numeric string, optionally ending in %) as an exact fraction; None if not one."""
    if isinstance(value, str):  # a CSV cell, and most YAML values: first
        return _percent_text(value)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return Fraction(Decimal(repr(value)))
    if isinstance(value, Decimal | Fraction):
        return Fraction(value)
    return None


@functools.lru_cache(maxsize=4096)
def _percent_text(value: str) -> Fraction | None:
    """parse_percent of a string; a ratio file repeats a few percentages thousands of times, and a
    Fraction is immutable, so each text is parsed once."""
    text = value.strip()
    if text.endswith("%"):
        text = text[:-1].strip()
    if not _DECIMAL.fullmatch(text):
        return None
    try:
        number = Decimal(text)
        # 1e999999999 would take minutes to turn into a Fraction; no percentage is that far from 1
        return Fraction(number) if abs(number.adjusted()) <= 100 else None
    except (InvalidOperation, ValueError):
        return None


_DECIMAL = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


@functools.lru_cache(maxsize=4096)
def format_number(value: Fraction, places: int = 6) -> str:
    """Exact decimal text when the fraction terminates within ``places`` digits, else rounded."""
    quantum = Decimal(1).scaleb(-places)
    with localcontext() as context:  # enough digits for the integer part too (1e30 is valid input)
        context.prec = max(28, (abs(value.numerator) // value.denominator).bit_length() // 3 + places + 2)
        decimal = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(quantum)
    text = format(decimal.normalize(), "f")
    return "0" if text in ("-0", "") else text


class _Builder:
    def __init__(self, path: str, normalize: bool, resource_types: tuple[str, ...]) -> None:
        self.path = path
        self.normalize = normalize
        self.resource_types = resource_types
        self.found: list[Diagnostic] = []

    # -- top level ---------------------------------------------------------------------------------

    def build(self, top: Mapping, fmt: str, cluster_option: str | None) -> RatioFile:
        for key, entry in top.items():
            if key not in TOP_KEYS and not key.startswith("x-"):  # x-...: a home for YAML anchors
                self.found.append(
                    rules.GN106.at(
                        entry.key_location,
                        f"unknown top-level key {key!r}{suggest(key, TOP_KEYS)}; a ratio file has "
                        "'queues', 'defaults' and 'cluster'",
                        property=key,
                    )
                )
        defaults = self._defaults(top.get("defaults"))
        queues_entry = top.get("queues")
        queues: list[RatioQueue] = []
        if queues_entry is None:
            self.found.append(rules.GN101.at(Location(self.path, 1, 1), "the ratio file has no 'queues'"))
        elif not isinstance(queues_entry.value, Mapping) or not queues_entry.value.entries:
            self.found.append(
                rules.GN101.at(queues_entry.location, "'queues' must be a mapping of queue name to queue")
            )
        else:
            queues = self._children(queues_entry, "root", defaults)
        ratios = RatioFile(self.path, fmt, queues, defaults=defaults)
        self._cluster(ratios, top.get("cluster"), cluster_option)
        return ratios

    def _cluster(self, ratios: RatioFile, entry: Entry | None, option: str | None) -> None:
        from fsctl.fair.cluster import ClusterError, parse_cluster

        if option is not None:
            text, where = option, Location(self.path)
            origin = "--cluster"
        elif entry is not None:
            if not isinstance(entry.value, str):
                self.found.append(
                    rules.GN108.at(
                        entry.location,
                        "'cluster' is a resource string such as \"memory-mb=102400, vcores=100\"",
                        property="cluster",
                    )
                )
                return
            text, where, origin = entry.value, entry.location, "cluster"
        else:
            self.found.append(
                rules.GN108.at(
                    Location(self.path),
                    "no cluster size: give --cluster or a 'cluster' key (\"memory-mb=102400, vcores=100\")",
                )
            )
            return
        try:
            amounts = parse_cluster(text, self.resource_types)
        except ClusterError as exc:
            message = str(exc).replace("--cluster ", f"{origin} ", 1)
            self.found.append(rules.GN108.at(where, message, property="cluster"))
            return
        if not amounts.get(VCORES):
            self.found.append(
                rules.GN108.at(where, f"{origin} {text!r}: vcores must be above 0", property="cluster")
            )
            return
        ratios.cluster = amounts
        ratios.cluster_text = ", ".join(f"{name}={amount}" for name, amount in amounts.items())

    def _defaults(self, entry: Entry | None) -> dict[str, Setting]:
        if entry is None:
            return {}
        if not isinstance(entry.value, Mapping):
            self.found.append(
                rules.GN101.at(entry.location, "'defaults' must be a mapping of setting to value")
            )
            return {}
        found: dict[str, Setting] = {}
        for key, item in entry.value.items():
            if key == "max":
                value = self._percent(item, "max", None)
                if value is not None:
                    found["max"] = Setting(value, _raw(item.value), item.location)
                continue
            if key in ("share", "queues"):
                self.found.append(
                    rules.GN106.at(
                        item.key_location,
                        f"'{key}' cannot be a default: every queue states its own share and children",
                        property=key,
                    )
                )
                continue
            setting = self._setting(key, item, None)
            if setting is not None:
                found[setting[0]] = setting[1]
        return found

    # -- queues ------------------------------------------------------------------------------------

    def _children(self, entry: Entry, parent_path: str, defaults: dict[str, Setting]) -> list[RatioQueue]:
        mapping = entry.value
        assert isinstance(mapping, Mapping)
        children: list[RatioQueue] = []
        for name, item in mapping.items():
            queue = self._queue(name, item, parent_path, defaults)
            if queue is not None:
                children.append(queue)
        if children and all(c.share.numerator >= 0 for c in children):  # -1: an invalid share
            self._check_sum(children, entry, parent_path)
        return children

    def _check_sum(self, children: list[RatioQueue], entry: Entry, parent_path: str) -> None:
        total = exact_sum(c.share for c in children)
        if total == HUNDRED:
            return
        names = ", ".join(f"{c.name}={format_number(c.share)}" for c in children)
        if self.normalize and total > 0:
            for child in children:
                child.share = child.share * HUNDRED / total
            return
        hint = "" if total == 0 else "; fix them or pass --normalize to scale them to 100"
        self.found.append(
            rules.GN102.at(
                entry.key_location,
                f"the shares of the children of {parent_path} add up to {format_number(total)}, "
                f"not 100 ({names}){hint}",
                queue=parent_path,
                property="share",
            )
        )

    def _queue(
        self, name: str, entry: Entry, parent_path: str, defaults: dict[str, Setting]
    ) -> RatioQueue | None:
        path = f"{parent_path}.{name}"
        mapping = entry.value
        if not isinstance(mapping, Mapping) or path.count(".") > MAX_DEPTH or not _queue_name_ok(name):
            self.found.append(_unusable_queue(name, path, entry))
            return None
        queue = RatioQueue(name, path, Fraction(-1), None, location=entry.key_location)
        share_entry = mapping.get("share")
        if share_entry is None:
            self.found.append(
                rules.GN103.at(
                    entry.key_location, f"queue {path} has no 'share'", queue=path, property="share"
                )
            )
        else:
            share = self._percent(share_entry, "share", path)
            if share is not None:
                queue.share = share
        max_entry = mapping.get("max")
        max_location: Location | None = None
        if max_entry is not None:
            queue.max = self._percent(max_entry, "max", path)
            max_location = max_entry.location
        for key, item in mapping.items():
            if key in QUEUE_KEYS:
                continue
            setting = self._setting(key, item, path)
            if setting is not None:
                queue.settings[setting[0]] = setting[1]
        children_entry = mapping.get("queues")
        if children_entry is not None:
            if isinstance(children_entry.value, Mapping):
                queue.children = self._children(children_entry, path, defaults)
            elif children_entry.value is not None:
                self.found.append(
                    rules.GN101.at(
                        children_entry.location, f"'queues' of {path} must be a mapping", queue=path
                    )
                )
        self._apply_defaults(queue, defaults)
        if queue.max is None and "max" in defaults:
            queue.max = defaults["max"].value
            max_location = defaults["max"].location
        if queue.max is not None and queue.share.numerator >= 0 and less(queue.max, queue.share):
            self.found.append(
                rules.GN107.at(
                    max_location,
                    f"queue {path}: max {format_number(queue.max)} is below its share "
                    f"{format_number(queue.share)}",
                    queue=path,
                    property="max",
                )
            )
        return queue  # an invalid share stays -1: reported, and the parent's sum check is skipped

    def _apply_defaults(self, queue: RatioQueue, defaults: dict[str, Setting]) -> None:
        for key, setting in defaults.items():
            if key == "max" or key in queue.settings:
                continue
            applies = SETTINGS[key].applies_to
            if (applies == "leaf" and not queue.is_leaf) or (applies == "parent" and queue.is_leaf):
                continue
            if key == "schedulingPolicy" and setting.value == "fifo" and not queue.is_leaf:
                continue  # FIFO is for leaf queues only (FifoPolicy.isChildPolicyAllowed)
            queue.settings[key] = setting
            queue.from_defaults.add(key)

    # -- values ------------------------------------------------------------------------------------

    def _percent(self, entry: Entry, key: str, queue: str | None) -> Fraction | None:
        value = parse_percent(entry.value)
        where = entry.location
        owner = f"queue {queue}" if queue else "defaults"
        if value is None:
            if entry.value is None or entry.value == "":
                self.found.append(
                    rules.GN103.at(where, f"{owner}: '{key}' has no value", queue=queue, property=key)
                )
            else:
                self.found.append(
                    rules.GN104.at(
                        where,
                        f"{owner}: '{key}' is {_raw(entry.value)!r}, not a number (percent of the parent)",
                        queue=queue,
                        property=key,
                    )
                )
            return None
        if value.numerator < 0 or value.numerator > 100 * value.denominator:  # outside 0..100
            self.found.append(
                rules.GN105.at(
                    where,
                    f"{owner}: '{key}' is {format_number(value)}; it must lie between 0 and 100 "
                    "(percent of the parent)",
                    queue=queue,
                    property=key,
                )
            )
            return None
        return value

    def _setting(self, key: str, entry: Entry, queue: str | None) -> tuple[str, Setting] | None:
        name = ALIASES.get(key, key)
        owner = f"queue {queue}" if queue else "defaults"
        if name in COMPUTED:
            self.found.append(
                rules.GN106.at(
                    entry.key_location,
                    f"{owner}: '{key}' is computed from '{COMPUTED[name]}' and the cluster size; "
                    f"give '{COMPUTED[name]}' as a percentage instead",
                    queue=queue,
                    property=key,
                )
            )
            return None
        spec = SETTINGS.get(name)
        if spec is None:
            known = [*QUEUE_KEYS, *SETTINGS] if queue else ["max", *SETTINGS]
            self.found.append(
                rules.GN106.at(
                    entry.key_location,
                    f"{owner}: unknown key {key!r}{suggest(key, known)}",
                    queue=queue,
                    property=key,
                )
            )
            return None
        converted = self._convert(name, spec, entry, owner, queue)
        if converted is None:
            return None
        value, text = converted
        return name, Setting(value, text, entry.location)

    def _convert(
        self, name: str, spec: RatioSpec, entry: Entry, owner: str, queue: str | None
    ) -> tuple[Any, str] | None:
        raw = entry.value
        where = entry.location

        def invalid(expected: str) -> None:
            self.found.append(
                rules.GN104.at(
                    where, f"{owner}: '{name}' is {_raw(raw)!r}, not {expected}", queue=queue, property=name
                )
            )

        def out_of_range(limits: str) -> None:
            self.found.append(
                rules.GN105.at(
                    where, f"{owner}: '{name}' is {_raw(raw)}; {limits}", queue=queue, property=name
                )
            )

        if raw is None or raw == "":
            self.found.append(
                rules.GN103.at(where, f"{owner}: '{name}' has no value", queue=queue, property=name)
            )
            return None
        if spec.kind in ("int", "seconds"):
            number = parse_percent(raw) if not isinstance(raw, str) or not raw.strip().endswith("%") else None
            if number is None or number.denominator != 1:
                invalid("an integer")
                return None
            limit = 2**31 - 1 if spec.kind == "int" else (2**63 - 1) // 1000
            if number < 0 or number > limit:
                out_of_range(f"it must lie between 0 and {limit}")
                return None
            return int(number), str(int(number))
        if spec.kind in ("weight", "fraction", "amshare"):
            number = parse_percent(raw) if not (isinstance(raw, str) and "%" in raw) else None
            if number is None:
                invalid("a number")
                return None
            if spec.kind == "weight" and number < 0:
                out_of_range("a weight is not negative")
                return None
            if spec.kind == "fraction" and not 0 <= number <= 1:
                out_of_range("it is a fraction between 0 and 1")
                return None
            if spec.kind == "amshare" and not (0 <= number <= 1 or number == -1):
                out_of_range("it is a fraction between 0 and 1, or -1 to turn the check off")
                return None
            return number, format_number(number)
        if spec.kind == "bool":
            if isinstance(raw, bool):
                return raw, "true" if raw else "false"
            if isinstance(raw, str) and raw.strip().lower() in ("true", "false"):
                flag = raw.strip().lower() == "true"
                return flag, "true" if flag else "false"
            invalid("true or false")
            return None
        if spec.kind == "policy":
            text = raw.strip().lower() if isinstance(raw, str) else ""
            if text not in POLICIES:
                self.found.append(
                    rules.GN104.at(
                        where,
                        f"{owner}: '{name}' is {_raw(raw)!r}, not one of fair, drf, fifo"
                        f"{suggest(str(raw), POLICIES)}",
                        queue=queue,
                        property=name,
                    )
                )
                return None
            return text, text
        # acl and resource: text carried through as written; the output validator checks it
        if not isinstance(raw, str):
            invalid("a string")
            return None
        if spec.kind == "resource" and not raw.strip():
            self.found.append(
                rules.GN103.at(where, f"{owner}: '{name}' has no value", queue=queue, property=name)
            )
            return None
        return raw, raw


def _queue_name_ok(name: str) -> bool:
    return bool(name) and name == name.strip() and "." not in name


def _unusable_queue(name: str, path: str, entry: Entry) -> Diagnostic:
    """Why a queue entry cannot be read: too deep, a bad name, no share, or not a mapping."""
    if path.count(".") > MAX_DEPTH:
        return rules.GN109.at(entry.key_location, f"queue {path} is nested deeper than {MAX_DEPTH} levels")
    if not _queue_name_ok(name):
        return rules.GN109.at(
            entry.key_location,
            f"queue name {name!r} is empty, has surrounding blanks or contains a dot",
            queue=path,
        )
    if entry.value is None:
        return rules.GN103.at(entry.key_location, f"queue {path} has no share", queue=path)
    return rules.GN101.at(
        entry.location,
        f"queue {path} must be a mapping such as {{share: 40}}, not {_raw(entry.value)!r}",
        queue=path,
    )


def _raw(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{...}"
    if isinstance(value, list):
        return "[...]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
