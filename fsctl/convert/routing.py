"""The routing report of a conversion: probe applications derived from the Fair file, plus any
``--apps``, placed by the Fair Scheduler's policy and by the converted mapping rules; the ones that
land elsewhere, or are rejected, after the switch are the table's rows and, grouped by cause, the
RT201 findings.

Probes: each user and group named in an ACL or a ``<user>`` element, each queue requested by full
path and by leaf name, a queue that does not exist and a user no setting names. A probe stands for a
case (its ``pattern``), never for a user: its made-up user and group are not shown as real ones.

One RT201 finding per cause: the Fair rule that decided, and where the application lands before and
after with the submitter's user, group and queue left as ``<user>``, ``<group>`` and ``<queue>``.
It sits at that Fair rule's element, counts the real applications (``--apps``) and their users, and
names the probes' cases; when ``--fallback-queue`` would send them back where they were, it says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from fsctl.capacity.mapping import MappingConfig, rules_from_json_dicts
from fsctl.catalogue import route as rules
from fsctl.convert.fairview import acl_raw
from fsctl.convert.placement import assure_root
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.model.tree import QueueTree
from fsctl.routing.apps import App
from fsctl.routing.engine import CapacityEngine, Engine, Landing, RoutedApp, fair_engine, route_each

PROBE_USER = "fsctl_probe_user"
PROBE_GROUP = "fsctl_probe_group"
PROBE_QUEUE = "fsctl_probe_queue"
_ACLS = ("aclSubmitApps", "aclAdministerApps")


def probe_apps(tree: QueueTree) -> list[App]:
    from fsctl.capacity.reader import parse_acl  # AccessControlList's reading of an ACL string

    users: dict[str, None] = dict.fromkeys(tree.info.users)
    groups: dict[str, None] = {}
    requested: dict[str, None] = {}
    for queue in tree.queues():
        declared = queue.declared
        for name in _ACLS:
            if name not in declared:  # acl_raw is None
                continue
            raw = acl_raw(queue, name)
            if raw is None:
                continue
            _, acl_users, acl_groups = parse_acl(raw)
            users.update(dict.fromkeys(acl_users))
            groups.update(dict.fromkeys(acl_groups))
        if queue.parent is not None:
            requested[queue.path] = None
            requested[queue.name] = None
    where = tree.root.location
    probes = [
        App(user, (PROBE_GROUP,), None, where, f"user {user} (named in the file), naming no queue")
        for user in users
    ]
    probes += [
        App(PROBE_USER, (group,), None, where, f"a user whose primary group is {group}, naming no queue")
        for group in groups
    ]
    # the queue probes are distinct and name a queue, unlike the user and group probes: only the
    # last two can repeat a probe, so the thousands of queue probes are not hashed
    head = _unique(probes)
    seen = set(head)
    last = [App(PROBE_USER, (PROBE_GROUP,), None, where, _NOBODY)]
    if PROBE_QUEUE not in requested:
        last.insert(
            0, App(PROBE_USER, (PROBE_GROUP,), PROBE_QUEUE, where, "submitted to a queue that does not exist")
        )
    queues = [App(PROBE_USER, (PROBE_GROUP,), name, where, f"submitted to {name}") for name in requested]
    return [*head, *queues, *(app for app in last if app not in seen)]


_NOBODY = "naming no queue, by a user no setting names whose primary group is not a queue"


def _unique(apps: Iterable[App]) -> list[App]:
    seen: set[App] = set()
    kept = []
    for app in apps:
        if app not in seen:
            seen.add(app)
            kept.append(app)
    return kept


def conversion_engines(
    fair: QueueTree,
    capacity: QueueTree,
    mapping_rules: Sequence[dict[str, object]] | None,
    override: bool,
    files: tuple[str, str],
) -> list[Engine]:
    """The Fair policy and the converted rules (``files``: the names shown)."""
    converted = rules_from_json_dicts(mapping_rules or [])
    mapping = MappingConfig(format="json", override=override, rules=converted)
    return [fair_engine(files[0], fair), CapacityEngine(files[1], capacity, mapping)]


def where_they_land(findings: list[Diagnostic], engines: Sequence[Engine]) -> None:
    """Complete, with where such an application lands before and after the switch as routing finds
    it: each CV404 (a leaf name several leaves share: an application submitted to the short name)
    and each CV306 (a reservable queue: an application submitted to it without a reservation)."""
    from dataclasses import replace

    for index, finding in enumerate(findings):
        if finding.code not in ("CV404", "CV306") or finding.queue is None:
            continue
        name = finding.queue.rsplit(".", 1)[-1] if finding.code == "CV404" else finding.queue
        probe = App(PROBE_USER, (PROBE_GROUP,), name)
        before, after = (_general(engine.route(probe), probe, queue=False) for engine in engines)
        what = "without a reservation " if finding.code == "CV306" else ""
        lands = (
            f"an application submitted to '{name}' {what}lands in {before} under the Fair Scheduler and "
            f"in {after} after the conversion"
        )
        findings[index] = replace(finding, message=f"{finding.message}; {lands}")


def moved_probes(fair: QueueTree, capacity: QueueTree) -> list[RoutedApp]:
    """The probes of ``fair`` that land elsewhere under ``capacity`` and the mapping rules it holds
    (``fsctl diff`` of a Fair file against a Capacity file)."""
    from fsctl.routing.engine import capacity_engine

    engines: list[Engine] = [fair_engine(fair.source, fair), capacity_engine(capacity.source, capacity)]
    return changed(route_each(engines, probe_apps(fair)))


def changed(routed: Iterable[RoutedApp]) -> list[RoutedApp]:
    """The applications that land elsewhere after the switch (rejected where they ran before,
    or running where they were rejected); one rejected by both lands nowhere either way."""
    return [item for item in routed if item.differs]


Cause = tuple[str, str, str, str]


def causes(moved: Iterable[RoutedApp]) -> dict[Cause, list[RoutedApp]]:
    """The applications of ``moved`` by cause: (the Fair rule that decided, where they land before,
    the rule after, where they land after), the submitter left as ``<user>``, ``<group>``, ``<queue>``."""
    found: dict[Cause, list[RoutedApp]] = {}
    for item in moved:
        before, after = item.landings
        key = (before.rule, _general(before, item.app), after.rule, _general(after, item.app))
        found.setdefault(key, []).append(item)
    return found


def _general(landing: Landing, app: App, queue: bool = True) -> str:
    """``landing_text`` with the submitter's user, primary group and (``queue``) queue as
    placeholders: in the queue, a segment that is the user's or group's name, or the whole path
    that was asked for; in the reason, a word that is that path."""
    from fsctl.fair.names import clean_name

    asked = {assure_root(app.queue), app.queue} if app.queue and queue else set()
    names = {clean_name(app.user): "<user>"}
    if app.groups:
        names.setdefault(clean_name(app.groups[0]), "<group>")
    shown = landing.shown()
    if shown in asked:
        shown = "<queue>"
    elif landing.queue is not None:
        head, *rest = shown.split(".")
        shown = ".".join([head, *(names.get(part, part) for part in rest)])
    reason = landing.reason
    if reason and asked:
        reason = "".join(
            "<queue>" if word.rstrip(".,:;'") in asked and word not in _PROSE else word
            for word in _WORDS.split(reason)
        )
    why = f"{landing.rule}: {reason}" if reason else landing.rule
    return f"{shown} ({why})"


#: a reason split into words and the spaces between them (joined back unchanged)
_WORDS = re.compile(r"(\s+)")
#: the words of the schedulers' reasons that a queue may also be named ("is not a leaf queue" for
#: a queue named 'a'): never taken for the queue asked for
_PROSE = frozenset({"a", "an", "is", "not", "to", "the", "of", "in", "be", "by", "no", "leaf", "queue"})


def conversion_findings(
    moved: Iterable[RoutedApp], fallback: Location | None, back: Callable[[list[RoutedApp]], str | None]
) -> list[Diagnostic]:
    """RT201 for each cause of :func:`causes`, at the Fair rule that decided (``fallback`` when none
    did); ``back`` names the ``--fallback-queue`` that sends a cause's applications back where the
    Fair Scheduler put them, if one does."""
    found = []
    for (_, before, _, after), items in causes(moved).items():
        probes = [i.app.pattern for i in items if i.app.pattern is not None]
        real = [i.app for i in items if i.app.pattern is None]
        who = []
        if real:
            users = list(dict.fromkeys(app.user for app in real))
            shown = ", ".join(users[:5]) + (f" and {len(users) - 5} more" if len(users) > 5 else "")
            who.append(
                f"{len(real)} of the applications given (user{'s' if len(users) != 1 else ''} {shown})"
            )
        if probes:
            more = f"; and {len(probes) - 3} more" if len(probes) > 3 else ""
            who.append(
                f"{len(probes)} probe case{'s' if len(probes) != 1 else ''} ({'; '.join(probes[:3])}{more})"
            )
        fix = back(items)
        advice = f"; --fallback-queue {fix} sends them back there" if fix else ""
        where = items[0].landings[0].where or fallback
        moves = f"{before} under the Fair Scheduler, {after} after the conversion"
        found.append(rules.RT201.at(where, f"{' and '.join(who)}: {moves}{advice}"))
    return found


def fallback_back(
    capacity: QueueTree, mapping_rules: Sequence[dict[str, object]] | None, file: str
) -> Callable[[list[RoutedApp]], str | None]:
    """For a cause's applications: the queue the Fair Scheduler put them in, when converting with
    ``--fallback-queue`` naming it sends every one of them there (routed again to be sure)."""
    from fsctl.convert.placement import with_fallback

    def back(items: list[RoutedApp]) -> str | None:
        target = items[0].landings[0].queue
        queue = capacity.find(target) if target is not None else None
        if target is None or queue is None or not queue.is_leaf:
            return None
        rules_with = rules_from_json_dicts(with_fallback(list(mapping_rules or []), target))
        # as convert writes them with a fallback queue: queue-mappings-override on
        engine = CapacityEngine(file, capacity, MappingConfig(format="json", override=True, rules=rules_with))
        return target if all(engine.route(item.app).queue == target for item in items) else None

    return back
