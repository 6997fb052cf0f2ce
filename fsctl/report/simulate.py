"""Output of ``fsctl simulate``: a text tree with a bar per queue, JSON (docs/json.md) and CSV (and,
from :mod:`fsctl.report.markdown` and :mod:`fsctl.report.html`, a table and a page).

The rows are plain dictionaries built by :func:`fair_rows` and :func:`capacity_rows`; text, CSV,
markdown and HTML render them. JSON is the rows too, written straight from the evaluation
(:func:`render_json_of_result`) unless they were built anyway; tests hold the two to the same bytes.
Resources are objects keyed by resource name; ``None`` (JSON ``null``) means unbounded, or not
computed by the queue's policy.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from fsctl.model.resources import MEMORY, UNBOUNDED, VCORES

Row = dict[str, Any]

FAIR_RESOURCE_KEYS = ("min_share", "max_share", "demand", "usage", "steady_fair_share", "fair_share")
CAPACITY_RESOURCE_KEYS = ("guaranteed", "maximum")
CAPACITY_PERCENT_KEYS = ("capacity", "absolute_capacity", "maximum_capacity", "absolute_maximum_capacity")


class SimulateReport:
    """What simulate prints: the cluster, one row per queue, and a few notes for the text view.

    Built from an evaluation (``result``: a FairResult or a CapacityResult), the rows are made when
    first read: JSON is written straight from the evaluation (:func:`render_json_of_result`) and
    never needs them, which at 100,000 queues saves a dictionary per queue and per vector.
    """

    def __init__(
        self,
        format: str,  # "fair-scheduler" or "capacity-scheduler"
        cluster: dict[str, int],
        types: tuple[str, ...],
        rows: list[Row] | None = None,
        header: list[str] | None = None,
        notes: list[str] | None = None,
        active_view: bool = False,  # a demand snapshot was given: the bars show instantaneous shares
        *,
        result: Any = None,
    ) -> None:
        self.format = format
        self.cluster = cluster
        self.types = types
        self._rows = rows
        self.header = header if header is not None else []
        self.notes = notes if notes is not None else []
        self.active_view = active_view
        #: a Capacity Scheduler file under a demand snapshot: rows carry a ``load`` object
        self.load = result is not None and hasattr(result, "capacities")
        self.document: dict[str, Any] = _load_document(result) if self.load else {}
        #: located warnings about the inputs: for stderr (a snapshot Hadoop never reaches, SM108);
        #: under load, the model's findings, in the notes and JSON (``--queue`` keeps its subtree's)
        self.findings: list[Any] = list(result.findings) if self.load else []
        self.result: Any = result if rows is None else None
        #: the live check of a snapshot taken from a ResourceManager (fsctl.evaluate.live.LiveCheck)
        self.live_check: Any = None
        #: the Capacity Scheduler's preemption preview (fsctl.report.capacity_preemption renders it)
        self.preemption: Any = None

    @property
    def rows(self) -> list[Row]:
        if self._rows is None:
            self._rows = _ROW_BUILDERS[self.format](self.result) if self.result is not None else []
            self.result = None
        return self._rows

    @rows.setter
    def rows(self, rows: list[Row]) -> None:
        self._rows = rows
        self.result = None

    def to_json(self) -> dict[str, Any]:
        document = self.document
        if self.load:
            document = {"load": {**document["load"], "findings": [_finding(d) for d in self.findings]}}
        return {"version": 1, "cluster": dict(self.cluster), **document, "queues": self.rows}


def vector(
    values: Mapping[str, int] | None,
    types: Sequence[str],
    *,
    unbounded_is_null: bool = True,
    missing_is_null: bool = True,
) -> dict[str, int | None]:
    """A resource object with every type: ``None`` for unbounded or not computed."""
    if not values:
        return dict.fromkeys(types, None if missing_is_null else 0)
    get = values.get
    missing = None if missing_is_null else 0
    if unbounded_is_null:
        return {
            t: missing if (value := get(t)) is None else None if value >= UNBOUNDED else int(value)
            for t in types
        }
    return {t: missing if (value := get(t)) is None else int(value) for t in types}


class SharedVectors:
    """:func:`vector` for the rows of one report, one object per distinct result: equal vectors
    recur on most rows (zero usage, the same limits), so rows share them, which saves memory and
    lets :func:`render_json` spell each once. Rows are read-only once built."""

    def __init__(self, types: Sequence[str]) -> None:
        self.types = types
        self.known: dict[tuple[Any, ...], dict[str, int | None]] = {}

    def __call__(
        self, values: Mapping[str, int] | None, *, missing_is_null: bool = True
    ) -> dict[str, int | None]:
        # int(value) spells 1, 1.0 and True alike, so hash-equal inputs give equal vectors
        key = (missing_is_null, *values.items()) if values else (missing_is_null,)
        out = self.known.get(key)
        if out is None:
            out = self.known[key] = vector(values, self.types, missing_is_null=missing_is_null)
        return out


# -- json ---------------------------------------------------------------------------------------


def render_json(report: SimulateReport, stream: TextIO, *, skip_private: bool = False) -> None:
    """``json.dump(report.to_json(), indent=2)`` and a newline, byte for byte.

    json's indenting encoder is pure Python and writes one small piece at a time (over a million
    at 10,000 queues); :func:`dumps_indented` builds the same text a row at a time, reusing the text
    of identical resource vectors, and writes it in a few large pieces. ``skip_private`` leaves out
    the rows' ``_`` keys (:func:`strip_private`) without copying the rows first.
    """
    document = report.to_json()
    rows = document.pop("queues")
    head = dumps_indented(document)
    # head is "{}" or "{...\n}": reopen it for one more key
    pieces = ['{\n  "queues": ' if head == "{}" else head[:-2] + ',\n  "queues": ']
    memo: dict[Any, str] = {}
    plans: dict[tuple[Any, ...], list[tuple[str, str]] | None] = {}
    shared: dict[int, tuple[dict[Any, Any], str]] = {}
    if not rows:
        pieces.append("[]")
    separator = "[\n    "
    for row in rows:
        pieces.append(separator)
        separator = ",\n    "
        keys = tuple(row)
        if keys in plans:
            plan = plans[keys]
        else:
            plan = plans[keys] = _row_plan(keys, skip_private)
        if plan is None:  # a key json spells differently (not a str): the general path
            _encode(_public(row) if skip_private else row, "\n    ", pieces, memo)
        else:
            _encode_row(row, plan, pieces, memo, shared)
        if len(pieces) > 8192:  # like json.dump, the text is written as it is made
            stream.write("".join(pieces))
            pieces.clear()
    if rows:
        pieces.append("\n  ]")
    _live_check_piece(report, pieces)
    pieces.append("\n}\n")
    stream.write("".join(pieces))


def _live_check_piece(report: SimulateReport, pieces: list[str]) -> None:
    """The live check after the rows, whichever way the rows were written."""
    if report.live_check is not None:
        live = json.dumps(live_check_json(report.live_check), indent=2).replace("\n", "\n  ")
        pieces.append(f',\n  "live_check": {live}')


def _public(row: Row) -> Row:
    return {k: v for k, v in row.items() if not k.startswith("_")}


#: a row's own keys are indented by six spaces (the document's two, the list's two, the row's two)
_ROW_INNER = "\n      "


def _row_plan(keys: tuple[Any, ...], skip_private: bool) -> list[tuple[str, str]] | None:
    """The keys a row of this shape writes, each with its ``{ "key": `` or ``, "key": `` text;
    None when a key is not a str (:func:`_encode` spells those)."""
    if any(type(name) is not str for name in keys):
        return None
    shown = [name for name in keys if not (skip_private and name.startswith("_"))]
    return [
        (name, ("{" if index == 0 else ",") + _ROW_INNER + _encode_str(name) + ": ")
        for index, name in enumerate(shown)
    ]


def _encode_row(
    row: Row,
    plan: list[tuple[str, str]],
    out: list[str],
    memo: dict[Any, str],
    shared: dict[int, tuple[dict[Any, Any], str]],
) -> None:
    """One row by its plan: :func:`_encode_dict` without the per-key work (the same text).

    ``shared`` spells the vectors rows share (:class:`SharedVectors`) by identity: the entry holds
    the vector, so its id cannot be reused while the entry lives, and rows are not changed while
    they are written."""
    if not plan:
        out.append("{}")
        return
    for name, prefix in plan:
        out.append(prefix)
        item = row[name]
        kind = type(item)
        if kind is dict:
            seen = shared.get(id(item))
            if seen is not None and seen[0] is item:
                out.append(seen[1])
                continue
            start = len(out)
            _encode_dict(item, _ROW_INNER, out, memo)
            if len(out) == start + 1:  # a vector spelled from the memo: known by identity from now on
                shared[id(item)] = (item, out[start])
        elif kind is str:
            out.append(_encode_str(item))
        elif item is None:
            out.append("null")
        elif item is True:
            out.append("true")
        elif item is False:
            out.append("false")
        elif kind is int:
            out.append(int.__repr__(item))
        elif kind is float:
            out.append(float.__repr__(item) if item - item == 0.0 else _float(item))  # finite: repr
        else:
            _encode(item, _ROW_INNER, out, memo)
    out.append("\n    }")


def render_json_of_result(report: SimulateReport, stream: TextIO) -> None:
    """:func:`render_json` of the rows :func:`fair_rows` or :func:`capacity_rows` would build, less
    their private keys, written straight from the evaluation in ``report.result``: a row is one
    piece of text, its vectors spelled once per distinct value (the same bytes; tests compare)."""
    head = dumps_indented({"version": 1, "cluster": dict(report.cluster)})
    pieces = [head[:-2] + ',\n  "queues": ']
    queues = report.result.queues
    if not queues:
        pieces.append("[]")
    write_rows = _fair_json if report.format == "fair-scheduler" else _capacity_json
    write_rows(report.result, pieces, stream)
    if queues:
        pieces.append("\n  ]")
    _live_check_piece(report, pieces)
    pieces.append("\n}\n")
    stream.write("".join(pieces))


def _spelled(types: Sequence[str], newline: str, missing_is_null: bool) -> Callable[[Any], str]:
    """The JSON text of :func:`vector` results at one indent, made once per distinct input (a
    bounded number of them: 100,000 queues can have as many distinct fair shares).

    Evaluations share equal vectors between queues: those are found by identity first. ``alive``
    holds every vector looked up that way, so no id is reused while the texts are written (nothing
    changes the vectors meanwhile)."""
    known: dict[tuple[Any, ...], str] = {}
    shared: dict[int, str] = {}
    alive: list[Any] = []

    def spell(values: Mapping[str, int] | None) -> str:
        text = shared.get(id(values))
        if text is not None:
            return text
        # keys, then values: one flat tuple per dict (the key of SharedVectors, spelled flatter)
        key = (*values, *values.values()) if values else ()
        text = known.get(key)
        if text is None:
            out: list[str] = []
            _encode_dict(vector(values, types, missing_is_null=missing_is_null), newline, out, {})
            text = "".join(out)
            if len(known) < _MEMO_LIMIT:
                known[key] = text
        if len(shared) < _MEMO_LIMIT:
            shared[id(values)] = text
            alive.append(values)
        return text

    return spell


def _scalar(value: Any, newline: str = _ROW_INNER) -> str:
    """json's text of one row value (the common types first)."""
    kind = type(value)
    if kind is str:
        return _encode_str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if kind is float:
        return float.__repr__(value) if value - value == 0.0 else _float(value)
    if kind is int:
        return int.__repr__(value)
    out: list[str] = []
    _encode(value, newline, out, {})
    return "".join(out)


def _flush(pieces: list[str], stream: TextIO) -> None:
    if len(pieces) > 1024:  # like json.dump, the text is written as it is made (a row is a piece)
        stream.write("".join(pieces))
        pieces.clear()


def _fair_json(result: Any, pieces: list[str], stream: TextIO) -> None:
    """The rows of :func:`fair_rows`, key for key, as text."""
    vec = _spelled(result.types, _ROW_INNER, True)
    zeros = _spelled(result.types, _ROW_INNER, False)  # missing types are 0, not null
    inner = _spelled(result.types, _ROW_INNER + "  ", False)
    unset = vec(None)
    separator = "[\n    "
    for q in result.queues:
        created = q.created
        text = (
            f'{separator}{{\n      "path": {_scalar(q.path)},\n      "parent": {_scalar(q.parent)},'
            f'\n      "leaf": {_scalar(q.leaf)},\n      "policy": {_scalar(q.policy)},'
            f'\n      "weight": {_scalar(q.weight)},\n      "active": {_scalar(q.active)},'
            f'\n      "min_share": {vec(q.min_share)},\n      "max_share": {vec(q.max_share)},'
            f'\n      "demand": {zeros(q.demand)},\n      "usage": {zeros(q.usage)},'
            f'\n      "steady_fair_share": {vec(q.steady_fair_share) if created else unset},'
            f'\n      "fair_share": {vec(q.fair_share) if created else unset},'
            f'\n      "starvation": {{\n        "min_share": {inner(q.min_share_starvation)},'
            f'\n        "fair_share": {inner(q.fair_share_starvation)}\n      }}'
        )
        separator = ",\n    "
        if q.leaf:
            am_limit = vec(q.am_limit) if q.am_limit is not None else "null"
            if q.applications:
                shared = SharedVectors(result.types)
                applications = _scalar([_app_row(app, shared) for app in q.applications])
            else:
                applications = "[]"
            text += (
                f',\n      "max_am_share": {_scalar(q.max_am_share)},'
                f'\n      "am_usage": {zeros(q.am_usage)},\n      "am_limit": {am_limit},'
                f'\n      "applications": {applications}'
            )
        pieces.append(text)
        pieces.append("\n    }")
        _flush(pieces, stream)


def _capacity_json(result: Any, pieces: list[str], stream: TextIO) -> None:
    """The rows of :func:`capacity_rows`, key for key, as text."""
    vec = _spelled(result.types, _ROW_INNER, True)
    zeros = _spelled(result.types, _ROW_INNER, False)  # missing types are 0, not null
    percents: dict[float, str] = {}
    separator = "[\n    "

    def percent(fraction: float) -> str:
        text = percents.get(fraction)
        if text is None:
            text = _scalar(_percent(fraction))
            if fraction and type(fraction) is float:  # 0.0 and -0.0, 1 and 1.0 are one key each
                percents[fraction] = text
        return text

    for q in result.queues:
        weight = q.weight if q.weight >= 0 else None
        text = (
            f'{separator}{{\n      "path": {_scalar(q.path)},\n      "parent": {_scalar(q.parent)},'
            f'\n      "leaf": {_scalar(q.leaf)},\n      "mode": {_scalar(q.mode)},'
            f'\n      "capacity": {percent(q.capacity)},'
            f'\n      "absolute_capacity": {percent(q.absolute_capacity)},'
            f'\n      "maximum_capacity": {percent(q.maximum_capacity)},'
            f'\n      "absolute_maximum_capacity": {percent(q.absolute_maximum_capacity)},'
            f'\n      "weight": {_scalar(weight)},\n      "guaranteed": {zeros(q.guaranteed)},'
            f'\n      "maximum": {zeros(q.maximum)}'
        )
        separator = ",\n    "
        if q.leaf:
            text += (
                f',\n      "user_limit": {vec(q.single_user_limit)},\n      "am_limit": {vec(q.am_limit)},'
                f'\n      "max_applications": {_scalar(q.max_applications)},'
                f'\n      "max_applications_per_user": {_scalar(q.max_applications_per_user)}'
            )
        if q.labels:
            text += f',\n      "labels": {_scalar(_label_percents(q.labels))}'
        pieces.append(text)
        pieces.append("\n    }")
        _flush(pieces, stream)


def dumps_indented(value: Any) -> str:
    """``json.dumps(value, indent=2)``: ensure_ascii, NaN allowed, keys converted the same way, and
    the same TypeError for a value json cannot encode (no check for circular references: rows are
    trees)."""
    pieces: list[str] = []
    _encode(value, "\n", pieces, {})
    return "".join(pieces)


_encode_str = json.encoder.encode_basestring_ascii  # the C function json itself uses


def _float(value: float) -> str:
    # json.encoder's floatstr with allow_nan=True
    if value != value:
        return "NaN"
    if value == _INFINITY:
        return "Infinity"
    if value == -_INFINITY:
        return "-Infinity"
    return float.__repr__(value)


_INFINITY = float("inf")


def _encode(value: Any, newline: str, out: list[str], memo: dict[Any, str]) -> None:
    """Append json's indent=2 text of ``value``; ``newline`` is a newline and the current indent.

    ``memo`` keeps the text of resource vectors and of "key": prefixes, which repeat on every row.
    """
    kind = type(value)
    if kind is dict:
        _encode_dict(value, newline, out, memo)
    elif isinstance(value, str):
        out.append(_encode_str(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float(value))
    elif isinstance(value, dict):
        _encode_dict(value, newline, out, memo)
    elif isinstance(value, (list, tuple)):
        if not value:
            out.append("[]")
            return
        inner = newline + "  "
        separator = "[" + inner
        for item in value:
            out.append(separator)
            _encode(item, inner, out, memo)
            separator = "," + inner
        out.append(newline + "]")
    else:
        json.JSONEncoder().default(value)  # raises json's own TypeError


def _key(name: Any) -> str:
    """A dict key as json spells it (``JSONEncoder.iterencode``'s key rules)."""
    if isinstance(name, str):
        return name
    if isinstance(name, float):
        return _float(name)
    if name is True:
        return "true"
    if name is False:
        return "false"
    if name is None:
        return "null"
    if isinstance(name, int):
        return int.__repr__(name)
    raise TypeError(f"keys must be str, int, float, bool or None, not {name.__class__.__name__}")


def _encode_dict(value: dict[Any, Any], newline: str, out: list[str], memo: dict[Any, str]) -> None:
    if not value:
        out.append("{}")
        return
    # a resource vector (int or None values) recurs on many rows: spell it once. Only exact ints
    # and None: 1.0, True and 1 are equal as keys but spell differently
    key: tuple[Any, ...] | None = (newline, *value.items())
    for name, item in value.items():
        if (item is not None and type(item) is not int) or type(name) is not str:
            key = None
            break
    if key is not None:
        cached = memo.get(key)
        if cached is not None:
            out.append(cached)
            return
    start = len(out)
    inner = newline + "  "
    first = True
    for name, item in value.items():
        if type(name) is not str:
            name = _key(name)  # 1, 1.0 and True would share a memo entry: spell them first
        prefix = memo.get((first, inner, name))
        if prefix is None:
            prefix = ("{" if first else ",") + inner + _encode_str(name) + ": "
            if len(memo) < _MEMO_LIMIT:
                memo[(first, inner, name)] = prefix
        out.append(prefix)
        first = False
        kind = type(item)
        if kind is str:
            out.append(_encode_str(item))
        elif item is None:
            out.append("null")
        elif kind is int:
            out.append(int.__repr__(item))
        elif kind is float:
            out.append(float.__repr__(item) if item - item == 0.0 else _float(item))  # finite: repr
        elif kind is dict:
            _encode_dict(item, inner, out, memo)
        else:
            _encode(item, inner, out, memo)
    out.append(newline + "}")
    if key is not None and len(memo) < _MEMO_LIMIT:
        memo[key] = "".join(out[start:])


#: spelled vectors kept per document: enough for the repeated ones, bounded memory at 100,000 queues
_MEMO_LIMIT = 50_000


# -- csv ----------------------------------------------------------------------------------------


def render_csv(report: SimulateReport, stream: TextIO) -> None:
    if report.load:
        _render_load_csv(report, stream)
        return
    if report.format == "capacity-scheduler":
        scalars = ["path", "parent", "leaf", *CAPACITY_PERCENT_KEYS]
        resources = list(CAPACITY_RESOURCE_KEYS)
        extra = ["user_limit", "am_limit"]
    else:
        scalars = ["path", "parent", "leaf", "policy", "weight", "active"]
        resources = list(FAIR_RESOURCE_KEYS)
        extra = ["starvation.min_share", "starvation.fair_share"]
    header = list(scalars)
    for key in resources + extra:
        header.extend(f"{key}.{t}" for t in report.types)
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(header)
    for row in report.rows:
        cells: list[Any] = [_cell(row.get(k)) for k in scalars]
        for key in resources + extra:
            value = _dotted(row, key)
            cells.extend(_cell((value or {}).get(t)) for t in report.types)
        writer.writerow(cells)


def _dotted(row: Row, key: str) -> Any:
    value: Any = row
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return _number(value)
    return str(value)


def _number(value: float) -> str:
    text = f"{value:.6g}"
    return text


# -- text ---------------------------------------------------------------------------------------

BAR_WIDTH = 20


def _amount(value: int | None, rtype: str) -> str:
    if value is None:
        return "-"
    if value >= UNBOUNDED:
        return "inf"
    if rtype == MEMORY:
        return f"{value}M"
    return str(value)


def _short(vec: Mapping[str, int | None] | None, types: Sequence[str]) -> str:
    """``3414M/2`` (memory/vcores), ``-`` for not computed, extra types after a comma."""
    if not vec:
        return "-"
    main = f"{_amount(vec.get(MEMORY), MEMORY)}/{_amount(vec.get(VCORES), VCORES)}"
    extra = [f"{t}={_amount(vec.get(t), t)}" for t in types if t not in (MEMORY, VCORES)]
    return ",".join([main, *extra])


def _bar(fraction: float | None) -> str:
    if fraction is None:
        return " " * BAR_WIDTH
    fraction = max(0.0, min(1.0, fraction))
    filled = round(fraction * BAR_WIDTH * 2)
    full, half = divmod(filled, 2)
    return ("█" * full + ("▌" if half else "")).ljust(BAR_WIDTH, "·")


def text_lines(report: SimulateReport) -> list[tuple[str, str]]:
    """(line, style) pairs: the style is a rich style name used only when colouring."""
    lines: list[tuple[str, str]] = [(line, "bold") for line in report.header]
    total_memory = report.cluster.get(MEMORY, 0) or 0
    columns, row_lines = _LOAD_TEXT if report.load else _TEXT_TABLES[report.format]
    lines.append((columns, "dim"))
    for row in report.rows:
        lines.extend(row_lines(report, row, total_memory))
    lines.extend((note, "yellow") for note in report.notes)
    if report.live_check is not None:
        lines.extend(live_check_lines(report.live_check))
    return lines


def live_check_lines(check: Any) -> list[tuple[str, str]]:
    """The live check (fsctl.evaluate.live): one line per difference, then the count."""
    lines = [(f"{d.code} {d.message} ({d.name})", "red") for d in check.differences]
    verdict = f"{len(check.differences)} differ" if check.differences else "all equal"
    lines.append(
        (
            f"live check against {check.rm}: {check.values} values of {check.queues} queues compared, "
            f"{verdict}",
            "red" if check.differences else "green",
        )
    )
    return lines


def live_check_json(check: Any) -> dict[str, Any]:
    return {
        "rm": check.rm,
        "queues": check.queues,
        "values": check.values,
        "differences": [
            {
                "code": d.code,
                "name": d.name,
                "severity": d.severity.label,
                "queue": d.queue,
                "property": d.property,
                "message": d.message,
            }
            for d in check.differences
        ],
    }


def _capacity_row(report: SimulateReport, row: Row, total_memory: int) -> list[tuple[str, str]]:
    """A queue's capacities, guaranteed and maximum resources, then its node-label lines."""
    name = _indent(row)
    guaranteed = row.get("guaranteed") or {}
    fraction = (guaranteed.get(MEMORY) or 0) / total_memory if total_memory else None
    weight = row.get("weight") if row.get("_capacity_is_weight") else None
    capacity = f"{_number(weight)}w" if weight is not None else _pct(row.get("capacity"))
    line = (
        f"{name:<34} {capacity:>7} {_pct(row.get('absolute_capacity')):>7} "
        f"{_pct(row.get('maximum_capacity')):>7} {_pct(row.get('absolute_maximum_capacity')):>7}  "
        f"{_short(guaranteed, report.types):>16} {_short(row.get('maximum'), report.types):>16}  "
        f"{_bar(fraction)}"
    )
    return [(line, ""), *((f"{'':<4}{label_line}", "dim") for label_line in row.get("_labels", []))]


def _fair_row(report: SimulateReport, row: Row, total_memory: int) -> list[tuple[str, str]]:
    """A queue's policy, weight and shares with its starvation flags, then its applications."""
    name = _indent(row)
    shown = row.get("fair_share") if report.active_view else row.get("steady_fair_share")
    memory = (shown or {}).get(MEMORY)
    fraction = memory / total_memory if (memory is not None and total_memory) else None
    flags = []
    if row.get("_note"):
        flags.append(str(row["_note"]))
    starvation = row.get("starvation") or {}
    # Hadoop finds starvation in leaf queues only; a parent's row sums its leaves'
    prefix = "STARVED" if row.get("leaf") else "leaves starved"
    for kind, label in (("min_share", "min-share"), ("fair_share", "fair-share")):
        amount = starvation.get(kind) or {}
        if any(amount.values()):
            flags.append(f"{prefix} {label} {_short(amount, report.types)}")
    if report.active_view and row.get("leaf") and not row.get("active"):
        flags.append("idle")
    weight = row.get("weight")
    shown_weight = _number(weight) if weight is not None else "-"
    steady = _short(row.get("steady_fair_share"), report.types)
    fair = _short(row.get("fair_share"), report.types)
    demand = _short(row.get("demand"), report.types)
    usage = _short(row.get("usage"), report.types)
    line = (
        f"{name:<34} {row.get('policy') or '-':<6} {shown_weight:>6}  {steady:>14} {fair:>14} "
        f"{demand:>14} {usage:>14}  {_bar(fraction)}{'  ' + '; '.join(flags) if flags else ''}"
    )
    style = (
        "red"
        if any(f.startswith("STARVED") for f in flags)
        else ("dim" if row.get("_note") or "idle" in flags else "")
    )
    return [(line, style), *_app_lines(row, report.types)]


_CAPACITY_COLUMNS = (
    f"{'queue':<34} {'cap%':>7} {'abs%':>7} {'max%':>7} {'absmax%':>7}  {'guaranteed':>16} "
    f"{'maximum':>16}  share"
)
_FAIR_COLUMNS = (
    f"{'queue':<34} {'policy':<6} {'weight':>6}  {'steady':>14} {'fair':>14} "
    f"{'demand':>14} {'usage':>14}  share"
)
#: per report format: the column header and the lines of one row
_TEXT_TABLES: dict[str, tuple[str, Callable[[SimulateReport, Row, int], list[tuple[str, str]]]]] = {
    "capacity-scheduler": (_CAPACITY_COLUMNS, _capacity_row),
    "fair-scheduler": (_FAIR_COLUMNS, _fair_row),
}


def _app_lines(row: Row, types: Sequence[str]) -> list[tuple[str, str]]:
    """A line per application the snapshot lists, under its leaf: fair share, demand, usage, flags."""
    lines: list[tuple[str, str]] = []
    indent = "  " * (int(row.get("_depth", 0)) + 1)
    for app in row.get("applications") or []:
        flags = []
        if not app["runnable"]:
            flags.append("not runnable (maxRunningApps)")
        for kind, label in (("min_share", "min-share"), ("fair_share", "fair-share")):
            amount = app["starvation"][kind]
            if any(amount.values()):
                flags.append(f"STARVED {label} {_short(amount, types)}")
        if app.get("preemptable"):
            flags.append(f"may lose {_short(app['preemptable'], types)}")
        if app.get("am_blocked"):
            flags.append(f"AM {_short(app['am_resource'], types)} held back (maxAMShare)")
        name = (indent + "- " + str(app["name"]))[:34]
        line = (
            f"{name:<34} {'app':<6} {_number(app['weight']):>6}  {'':>14} "
            f"{_short(app['fair_share'], types):>14} {_short(app['demand'], types):>14} "
            f"{_short(app['usage'], types):>14}  {' ' * BAR_WIDTH}{'  ' + '; '.join(flags) if flags else ''}"
        )
        style = "red" if any(f.startswith("STARVED") for f in flags) else "dim"
        lines.append((line, style))
    return lines


def _indent(row: Row) -> str:
    depth = int(row.get("_depth", 0))
    name = str(row["path"]).rsplit(".", 1)[-1]
    return ("  " * depth + name)[:34]


def _pct(value: Any) -> str:
    if value is None:
        return "-"
    return f"{float(value):.2f}"


def render_text(report: SimulateReport, stream: TextIO, color: bool) -> None:
    lines = text_lines(report)
    if not color:  # one write: a line at a time costs more than building the lines at 10,000 queues
        stream.write("".join([line.rstrip() + "\n" for line, _ in lines]))
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    for line, style in lines:
        console.print(Text(line.rstrip(), style=style or ""))


def strip_private(rows: list[Row]) -> list[Row]:
    """The rows without the keys only the text view uses (``_depth``, ``_note``, ``_labels``)."""
    return [{k: v for k, v in row.items() if not k.startswith("_")} for row in rows]


def render(report: SimulateReport, fmt: str, stream: TextIO, color: bool = False, source: str = "") -> None:
    if report.preemption is not None:
        from fsctl.report import capacity_preemption

        capacity_preemption.render(report, fmt, stream, color, source)
        return
    if fmt == "markdown":
        from fsctl.report.markdown import simulate_markdown

        stream.write(simulate_markdown(report, source))
    elif fmt == "html":
        from fsctl.report.html import simulate_page

        stream.write(simulate_page(report, source))
    elif fmt == "json":
        if report.result is not None and not report.load:  # no rows yet: write the evaluation
            render_json_of_result(report, stream)
            return
        rows = SimulateReport(report.format, report.cluster, report.types, report.rows)
        rows.document, rows.load, rows.findings = report.document, report.load, report.findings
        rows.live_check = report.live_check
        render_json(rows, stream, skip_private=True)
    elif fmt == "csv":
        render_csv(report, stream)
    else:
        render_text(report, stream, color)


# -- building the rows ----------------------------------------------------------------------------


def fair_rows(result: Any) -> list[Row]:
    """Rows for a :class:`fsctl.evaluate.fair.FairResult`, pre-order (docs/json.md)."""
    types = result.types
    vec = SharedVectors(types)
    unset = vec(None)
    rows: list[Row] = []
    for q in result.queues:
        created = q.created
        row: Row = {
            "path": q.path,
            "parent": q.parent,
            "leaf": q.leaf,
            "policy": q.policy,
            "weight": q.weight,
            "active": q.active,
            "min_share": vec(q.min_share),
            "max_share": vec(q.max_share),
            "demand": vec(q.demand, missing_is_null=False),
            "usage": vec(q.usage, missing_is_null=False),
            "steady_fair_share": vec(q.steady_fair_share) if created else unset,
            "fair_share": vec(q.fair_share) if created else unset,
            "starvation": {
                "min_share": vec(q.min_share_starvation, missing_is_null=False),
                "fair_share": vec(q.fair_share_starvation, missing_is_null=False),
            },
            "_depth": q.depth,
            "_note": q.note,
        }
        if q.leaf:
            row["max_am_share"] = q.max_am_share
            row["am_usage"] = vec(q.am_usage, missing_is_null=False)
            row["am_limit"] = vec(q.am_limit) if q.am_limit is not None else None
            row["applications"] = [_app_row(app, vec) for app in q.applications]
        rows.append(row)
    return rows


def _app_row(app: Any, vec: SharedVectors) -> Row:
    """One application of a leaf (:class:`fsctl.evaluate.fair.AppShares`), in submission order."""
    return {
        "name": app.name,
        "runnable": app.runnable,
        "weight": app.weight,
        "demand": vec(app.demand, missing_is_null=False),
        "usage": vec(app.usage, missing_is_null=False),
        "fair_share": vec(app.fair_share),
        "starvation": {
            "min_share": vec(app.min_share_starvation, missing_is_null=False),
            "fair_share": vec(app.fair_share_starvation, missing_is_null=False),
        },
        "preemptable": vec(app.preemptable) if app.preemptable else None,
        "am_resource": vec(app.am_resource) if app.am_resource is not None else None,
        "am_running": app.am_running,
        "am_blocked": app.am_blocked,
    }


def _percent(fraction: float) -> float:
    """A Java-float fraction as a percentage rounded for display (0.1575 -> 15.75)."""
    return round(fraction * 100, 4)


def _label_percents(labels: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    """A queue's node-label capacities (:class:`fsctl.evaluate.capacity.LabelCapacity`), by label."""
    return {
        label: {
            "capacity": _percent(v.capacity),
            "absolute_capacity": _percent(v.absolute_capacity),
            "maximum_capacity": _percent(v.maximum_capacity),
            "absolute_maximum_capacity": _percent(v.absolute_maximum_capacity),
        }
        for label, v in sorted(labels.items())
    }


def capacity_rows(result: Any) -> list[Row]:
    """Rows for a :class:`fsctl.evaluate.capacity.CapacityResult` (percent values, resources), or for
    a :class:`fsctl.evaluate.capacity_load.LoadResult`: its capacities, each row with a ``load``."""
    if hasattr(result, "capacities"):
        return _capacity_load_rows(result)
    types = result.types
    vec = SharedVectors(types)
    rows: list[Row] = []
    for q in result.queues:
        row: Row = {
            "path": q.path,
            "parent": q.parent,
            "leaf": q.leaf,
            "mode": q.mode,
            "capacity": _percent(q.capacity),
            "absolute_capacity": _percent(q.absolute_capacity),
            "maximum_capacity": _percent(q.maximum_capacity),
            "absolute_maximum_capacity": _percent(q.absolute_maximum_capacity),
            "weight": q.weight if q.weight >= 0 else None,
            "guaranteed": vec(q.guaranteed, missing_is_null=False),
            "maximum": vec(q.maximum, missing_is_null=False),
            "_depth": q.depth,
            # in legacy mode a weight's capacity is 0 (Hadoop's QueueCapacities): the text shows the
            # weight; flexible mode derives it from the queue's resources, as every other queue's
            "_capacity_is_weight": result.legacy and q.mode == "weight",
        }
        if q.leaf:
            row["user_limit"] = vec(q.single_user_limit)
            row["am_limit"] = vec(q.am_limit)
            row["max_applications"] = q.max_applications
            row["max_applications_per_user"] = q.max_applications_per_user
        if q.labels:
            row["labels"] = _label_percents(q.labels)
            row["_labels"] = [
                f"label {label}: cap {_pct(v['capacity'])}% abs {_pct(v['absolute_capacity'])}% "
                f"max {_pct(v['maximum_capacity'])}% absmax {_pct(v['absolute_maximum_capacity'])}%"
                for label, v in row["labels"].items()
            ]
        rows.append(row)
    return rows


#: per report format, the rows of its evaluation
_ROW_BUILDERS: dict[str, Callable[[Any], list[Row]]] = {
    "fair-scheduler": fair_rows,
    "capacity-scheduler": capacity_rows,
}


# -- the Capacity Scheduler under load ------------------------------------------------------------


def _load_document(result: Any) -> dict[str, Any]:
    """What a report under load says once, before its rows: how the allocation ended (the findings
    are added when it is written)."""
    return {
        "load": {
            "hadoop_version": ".".join(str(p) for p in result.hadoop_version),
            "resource_calculator": "dominant" if result.dominant else "default",
            "end": result.end,
            "heartbeats": result.heartbeats,
        }
    }


def _finding(d: Any) -> dict[str, Any]:
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.label,
        "message": d.message,
        "file": d.file,
        "line": d.line or None,
        "column": d.column or None,
    }


def _capacity_load_rows(result: Any) -> list[Row]:
    rows = capacity_rows(result.capacities)
    vec = SharedVectors(result.types)

    def zeros(values: Mapping[str, int] | None) -> dict[str, int | None]:
        return vec(values, missing_is_null=False)

    for row, q in zip(rows, result.queues, strict=True):
        load: Row = {
            "used_start": zeros(q.used_start),
            "used": zeros(q.used),
            "reserved": zeros(q.reserved),
            "pending_start": zeros(q.pending_start),
            "pending": zeros(q.pending),
            "limit": q.limit,
        }
        if q.leaf:
            load.update(
                am_used=zeros(q.am_used),
                am_limit=zeros(q.am_limit),
                user_am_limit=zeros(q.user_am_limit) if q.user_am_limit is not None else None,
                max_applications=q.max_applications,
                max_applications_per_user=q.max_applications_per_user,
                users=[
                    {
                        "name": u.name,
                        "weight": u.weight,
                        "active": u.active,
                        "used_start": zeros(u.used_start),
                        "used": zeros(u.used),
                        "pending": zeros(u.pending),
                        "user_limit": zeros(u.user_limit),
                        "am_used": zeros(u.am_used),
                        "limit": u.limit,
                    }
                    for u in q.users
                ],
                applications=[_load_app_row(a, zeros) for a in q.applications],
            )
        row["load"] = load
    return rows


def _load_app_row(a: Any, zeros: Callable[[Any], dict[str, int | None]]) -> Row:
    return {
        "name": a.name,
        "user": a.user,
        "state": a.state,
        "priority": a.priority,
        "am": zeros(a.am) if a.am is not None else None,
        "am_running": a.am_running,
        "used_start": zeros(a.used_start),
        "allocated": zeros(a.allocated),
        "reserved": zeros(a.reserved),
        "pending_start": zeros(a.pending_start),
        "pending": zeros(a.pending),
        "containers": a.containers,
        "limit": a.limit,
        "refusal": a.refusal or None,
    }


_LOAD_COLUMNS = (
    f"{'queue':<34} {'abs%':>7} {'absmax%':>7}  {'guaranteed':>14} {'maximum':>14} "
    f"{'used before':>14} {'allocated':>14} {'pending':>14}  limit"
)


def _load_row(report: SimulateReport, row: Row, total_memory: int) -> list[tuple[str, str]]:
    """A queue's capacities and what it holds before and after, then its users and applications (a
    user of one application of its own name, what a snapshot without users gives, is that line)."""
    # a type the cluster has none of stays 0 everywhere: JSON and CSV keep it, the table does not
    types = [t for t in report.types if t in (MEMORY, VCORES) or report.cluster.get(t)]
    load = row.get("load") or {}
    name = _indent(row)
    limit = load.get("limit") or ""
    shares = f"{_pct(row.get('absolute_capacity')):>7} {_pct(row.get('absolute_maximum_capacity')):>7}"
    line = (
        f"{name:<34} {shares}  "
        f"{_short(row.get('guaranteed'), types):>14} {_short(row.get('maximum'), types):>14} "
        f"{_short(load.get('used_start'), types):>14} {_short(load.get('used'), types):>14} "
        f"{_short(load.get('pending'), types):>14}  {limit}"
    )
    lines = [(line, "red" if limit else "")]
    indent = "  " * (int(row.get("_depth", 0)) + 1)
    apps = load.get("applications") or []
    own = {str(a["user"]) for a in apps if a["user"] == a["name"]}
    shared = {str(a["user"]) for a in apps if a["user"] != a["name"]}
    for user in load.get("users") or []:
        if user["name"] in own and user["name"] not in shared and not user.get("limit"):
            continue
        label = (indent + "user " + str(user["name"]))[:34]
        flags = [f"limit {_short(user['user_limit'], types)}"]
        if user.get("limit"):
            flags.insert(0, str(user["limit"]))
        text = (
            f"{label:<34} {'':>7} {'':>7}  {'':>14} {'':>14} {_short(user['used_start'], types):>14} "
            f"{_short(user['used'], types):>14} {_short(user['pending'], types):>14}  {'; '.join(flags)}"
        )
        lines.append((text, "dim"))
    for app in apps:
        label = (indent + "- " + str(app["name"]))[:34]
        who = str(app["state"]) if app["user"] == app["name"] else f"{app['user']}, {app['state']}"
        flags = [who] + ([str(app["limit"])] if app.get("limit") else [])
        text = (
            f"{label:<34} {'':>7} {'':>7}  {'':>14} {'':>14} {_short(app['used_start'], types):>14} "
            f"{_short(app['allocated'], types):>14} {_short(app['pending'], types):>14}  {'; '.join(flags)}"
        )
        lines.append((text, "dim"))
    return lines


_LOAD_TEXT: tuple[str, Callable[[SimulateReport, Row, int], list[tuple[str, str]]]] = (
    _LOAD_COLUMNS,
    _load_row,
)

#: CSV under load: one line per queue, user and application (``kind``), resources one column per type
_LOAD_CSV_SCALARS = ("kind", "path", "name", "user", "state", "limit")
_LOAD_CSV_RESOURCES = ("guaranteed", "maximum", "used_start", "used", "pending", "user_limit")


def _render_load_csv(report: SimulateReport, stream: TextIO) -> None:
    writer = csv.writer(stream, lineterminator="\n")
    types = report.types
    header = list(_LOAD_CSV_SCALARS)
    for key in _LOAD_CSV_RESOURCES:
        header.extend(f"{key}.{t}" for t in types)
    writer.writerow(header)

    def line(
        kind: str, path: str, name: str, user: str, state: str, limit: Any, values: dict[str, Any]
    ) -> None:
        cells: list[Any] = [kind, path, name, user, state, _cell(limit)]
        for key in _LOAD_CSV_RESOURCES:
            vector = values.get(key) or {}
            cells.extend(_cell(vector.get(t)) for t in types)
        writer.writerow(cells)

    for row in report.rows:
        load = row.get("load") or {}
        path = str(row["path"])
        line("queue", path, "", "", "", load.get("limit"), {**row, **load})
        for u in load.get("users") or []:
            line("user", path, u["name"], u["name"], "active" if u["active"] else "", u.get("limit"), u)
        for a in load.get("applications") or []:
            values = {**a, "used": a["allocated"]}
            line("application", path, a["name"], a["user"], a["state"], a.get("limit"), values)
