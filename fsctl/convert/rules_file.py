"""fs2cs's conversion-rules file (``-r`` / ``--rules``): Java ``Properties`` with ``<rule>.action``
keys valued ``warning`` or ``abort`` and the integer ``maxChildQueue.limit``.

Follows ``FSConfigToCSConfigRuleHandler.java`` (newest): a missing key or an unknown value means
WARNING (the value is upper-cased but not trimmed, so ``abort `` is unknown); a
``maxChildQueue.limit`` that ``Integer.parseInt`` refuses is an error. Keys of older fs2cs versions
(``userMaxRunningApps``, ``userMaxAppsDefault``, ``specifiedNotFirstRule``) are accepted and ignored,
as the newest fs2cs does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from fsctl.hadoop.javanum import JavaNumberFormatError, parse_int

Action = Literal["warning", "abort"]

#: the ``<key>.action`` rules the newest fs2cs registers (``initPropertyActions``)
ACTION_KEYS = (
    "maxCapacityPercentage",
    "maxChildCapacity",
    "maxResources",
    "minResources",
    "dynamicMaxAssign",
    "reservationSystem",
    "queueAutoCreate",
    "fairAsDrf",
    "queueDynamicCreate",
    "parentDynamicCreate",
    "childStaticDynamicConflict",
    "parentChildCreateDiff",
)
#: keys of older fs2cs versions that the newest one ignores
HISTORIC_KEYS = ("userMaxRunningApps", "userMaxAppsDefault", "specifiedNotFirstRule")
MAX_CHILD_QUEUE_LIMIT = "maxChildQueue.limit"


@dataclass(frozen=True)
class RulesFile:
    """The parsed rules: actions per key, the child-count limit, and problems found reading it."""

    actions: dict[str, Action] = field(default_factory=dict)
    max_child_queue_limit: int | None = None
    #: (message, is_error): a non-integer limit is an error, an unknown action value a warning
    problems: tuple[tuple[str, bool], ...] = ()
    path: str | None = None

    def action(self, key: str) -> Action:
        return self.actions.get(key, "warning")


def parse_properties(text: str) -> dict[str, str]:
    """``java.util.Properties.load``: ``#``/``!`` comments, ``=``, ``:`` or blanks as separators,
    backslash line continuation and escapes (``\\t``, ``\\n``, ``\\uXXXX``); later keys win."""
    result: dict[str, str] = {}
    logical: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.lstrip(" \t\f")
        if not pending and (not line or line[0] in "#!"):
            continue
        # an odd number of trailing backslashes continues the line
        stripped = line.rstrip("\r")
        trailing = len(stripped) - len(stripped.rstrip("\\"))
        if trailing % 2 == 1:
            pending += stripped[:-1]
            continue
        logical.append(pending + stripped)
        pending = ""
    if pending:
        logical.append(pending)
    for line in logical:
        key, value = _split_key_value(line)
        result[_unescape(key)] = _unescape(value)
    return result


def _split_key_value(line: str) -> tuple[str, str]:
    index = 0
    while index < len(line):
        char = line[index]
        if char == "\\":
            index += 2
            continue
        if char in "=: \t\f":
            break
        index += 1
    key = line[:index]
    rest = line[index:]
    rest = rest.lstrip(" \t\f")
    if rest[:1] in ("=", ":"):
        rest = rest[1:].lstrip(" \t\f")
    return key, rest


def _unescape(text: str) -> str:
    out: list[str] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char != "\\" or index + 1 >= len(text):
            out.append(char)
            index += 1
            continue
        nxt = text[index + 1]
        if nxt == "u" and index + 6 <= len(text):
            try:
                out.append(chr(int(text[index + 2 : index + 6], 16)))
                index += 6
                continue
            except ValueError:
                pass
        out.append({"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(nxt, nxt))
        index += 2
    return "".join(out)


def read_rules(text: str, path: str | None = None) -> RulesFile:
    """The rules of a properties text, as ``FSConfigToCSConfigRuleHandler.initPropertyActions``."""
    props = parse_properties(text)
    actions: dict[str, Action] = {}
    problems: list[tuple[str, bool]] = []
    for key in ACTION_KEYS:
        value = props.get(f"{key}.action")
        if value is None:
            continue
        upper = value.upper()
        if upper == "ABORT":
            actions[key] = "abort"
        elif upper == "WARNING":
            actions[key] = "warning"
        else:
            actions[key] = "warning"
            problems.append((f"unknown action {value!r} for {key}.action; using warning", False))
    limit: int | None = None
    raw_limit = props.get(MAX_CHILD_QUEUE_LIMIT)
    if raw_limit is not None:
        try:
            limit = parse_int(raw_limit)
        except JavaNumberFormatError:
            problems.append(
                (f"Rule setting: {MAX_CHILD_QUEUE_LIMIT} is not an integer ({raw_limit!r})", True)
            )
    return RulesFile(actions, limit, tuple(problems), path)
