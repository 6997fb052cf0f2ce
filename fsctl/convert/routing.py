"""The routing report of a conversion: probe applications derived from the Fair file, plus any
``--apps``, placed by the Fair Scheduler's policy and by the converted mapping rules; every one that
lands elsewhere, or is rejected, after the switch becomes an RT201 finding and a table row.

Probes: each user and group named in an ACL or a ``<user>`` element, each queue requested by full
path and by leaf name, a queue that does not exist and a user no setting names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from fsctl.capacity.mapping import MappingConfig, rules_from_json_dicts
from fsctl.catalogue import route as rules
from fsctl.convert.fairview import acl_raw
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.model.tree import QueueTree
from fsctl.routing.apps import App
from fsctl.routing.engine import CapacityEngine, Engine, RoutedApp, fair_engine, route_each
from fsctl.routing.findings import landing_text

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
    probes = [App(user, (PROBE_GROUP,), None, where) for user in users]
    probes += [App(PROBE_USER, (group,), None, where) for group in groups]
    # the queue probes are distinct and name a queue, unlike the user and group probes: only the
    # last two can repeat a probe, so the thousands of queue probes are not hashed
    head = _unique(probes)
    seen = set(head)
    last = [App(PROBE_USER, (PROBE_GROUP,), None, where)]
    if PROBE_QUEUE not in requested:
        last.insert(0, App(PROBE_USER, (PROBE_GROUP,), PROBE_QUEUE, where))
    queues = [App(PROBE_USER, (PROBE_GROUP,), name, where) for name in requested]
    return [*head, *queues, *(app for app in last if app not in seen)]


def _unique(apps: Iterable[App]) -> list[App]:
    seen: set[App] = set()
    kept = []
    for app in apps:
        if app not in seen:
            seen.add(app)
            kept.append(app)
    return kept


def route_conversion(
    fair: QueueTree,
    capacity: QueueTree,
    mapping_rules: Sequence[dict[str, object]] | None,
    override: bool,
    apps: Iterable[App],
    files: tuple[str, str],
) -> Iterator[RoutedApp]:
    """Every app through the Fair policy and the converted rules (``files``: the names shown), one
    at a time: the report keeps only the few that land elsewhere (:func:`changed`)."""
    converted = rules_from_json_dicts(mapping_rules or [])
    mapping = MappingConfig(format="json", override=override, rules=converted)
    engines: list[Engine] = [fair_engine(files[0], fair), CapacityEngine(files[1], capacity, mapping)]
    return route_each(engines, apps)


def changed(routed: Iterable[RoutedApp]) -> list[RoutedApp]:
    """The applications that land elsewhere, or are rejected, after the switch."""
    return [item for item in routed if item.differs or item.landings[-1].rejected]


def conversion_findings(moved: Iterable[RoutedApp], fallback: Location | None) -> list[Diagnostic]:
    """RT201 for each application of ``moved`` (:func:`changed`)."""
    found = []
    for item in moved:
        before, after = item.landings
        found.append(
            rules.RT201.at(
                item.app.location or fallback,
                f"{item.app.label()}: {landing_text(before)} under the Fair Scheduler, "
                f"{landing_text(after)} after the conversion",
            )
        )
    return found
