"""CS303 invalid-queue-name: CapacitySchedulerConfiguration#getQueues takes any name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.capacity.values import CapacityTree
from fsctl.catalogue import ERROR, define
from fsctl.lint.capacity.document import PREFIX
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import Queue

if TYPE_CHECKING:
    from fsctl.lint import LintContext

RULE = define(
    "CS303",
    "invalid-queue-name",
    ERROR,
    """A queue name contains characters that break paths, templates or mapping rules.

    Hadoop does not validate names. A ``.`` makes a malformed path, an empty name or whitespace
    survives into the path, ``*`` is the template wildcard; ``:`` breaks legacy ``u:user:queue``
    mappings and a leading ``%`` looks like a placement variable (those two are warnings).
    """,
    lint_only=True,
    hadoop_source="CapacitySchedulerQueueManager.java#parseQueue",
)


def check_tree(tree: CapacityTree, queues: list[Queue], context: LintContext) -> Iterator[Diagnostic]:
    conf = tree.info.properties
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
                yield RULE.at(
                    where or queue.location,
                    f"{PREFIX}{queue.path}.queues: {message}",
                    queue=queue.path,
                    property="queues",
                    severity=severity,
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
