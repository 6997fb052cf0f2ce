"""Applications to route: ``--app "user=alice,groups=eng:etl,queue=root.qa.p0"`` and ``--apps FILE``
(CSV with the header ``user,groups,queue``, or YAML/JSON; or a snapshot of ``fsctl snapshot``, or the
ResourceManager's own ``/ws/v1/cluster/apps`` JSON: each application's user and the queue it runs
in). Groups are given (``--app``, the file, or ``--groups``), never looked up unless asked."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fsctl.fair.assign import DEFAULT_QUEUE_NAME
from fsctl.model.location import Location

FIELDS = ("user", "groups", "queue")
MAX_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class App:
    user: str
    groups: tuple[str, ...] = ()
    #: what the application is submitted to; None when it names no queue
    queue: str | None = None
    location: Location | None = field(default=None, compare=False)
    #: a probe (an application fsctl makes up to cover a case) says what it stands for: never shown
    #: as if its made-up user were a real one
    pattern: str | None = field(default=None, compare=False)

    @property
    def requested(self) -> str:
        """The queue in the submission context: ``default`` when none is named (RMAppManager)."""
        return self.queue or DEFAULT_QUEUE_NAME

    def label(self) -> str:
        """The application as an ``--app`` spec: ``user=alice,groups=eng:etl,queue=root.qa.p0``; a
        probe as the case it stands for."""
        if self.pattern is not None:
            return self.pattern
        parts = [f"user={self.user}"]
        if self.groups:
            parts.append("groups=" + ":".join(self.groups))
        if self.queue:
            parts.append(f"queue={self.queue}")
        return ",".join(parts)


class AppSpecError(Exception):
    """An application fsctl cannot use, and where it was written."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location


def parse_spec(text: str, location: Location | None = None) -> App:
    """``user=alice,groups=eng:etl,queue=root.qa.p0``."""
    values: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        key = key.strip()
        if not equals:
            raise AppSpecError(f"{part.strip()!r} is not FIELD=VALUE (fields: {', '.join(FIELDS)})", location)
        if key not in FIELDS:
            raise AppSpecError(f"unknown field {key!r} (fields: {', '.join(FIELDS)})", location)
        if key in values:
            raise AppSpecError(f"{key} is given twice", location)
        values[key] = value.strip()
    return _app(values, location)


def _app(values: Mapping[str, str], location: Location | None) -> App:
    user = values.get("user", "")
    if not user:
        raise AppSpecError("no user: an application needs user=NAME", location)
    if not user.isprintable() or any(not v.isprintable() for v in values.values()):
        raise AppSpecError("a control character in a field", location)
    groups = tuple(g.strip() for g in values.get("groups", "").split(":") if g.strip())
    return App(user, groups, values.get("queue") or None, location)


def read_apps(path: str) -> list[App]:
    """The applications of an ``--apps`` file; raises :class:`AppSpecError`."""
    from fsctl.io.fileio import read_input

    try:
        text = read_input(path, MAX_BYTES).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise AppSpecError(f"cannot read: {reason}", Location(path)) from None
    extension = os.path.splitext(path)[1].lower()
    if extension == ".csv":
        return _read_csv(path, text)
    if extension in (".yaml", ".yml", ".json"):
        return _read_yaml(path, text)
    raise AppSpecError("cannot tell the format; name the file *.csv, *.yaml, *.yml or *.json", Location(path))


def _read_csv(path: str, text: str) -> list[App]:
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        header = reader.fieldnames or []
        unknown = [name for name in header if name.strip() not in FIELDS]
        if unknown or "user" not in [name.strip() for name in header]:
            raise AppSpecError(
                f"the header must name user and may name groups and queue (found {', '.join(header)})",
                Location(path, 1, 1),
            )
        apps = []
        for row in reader:
            where = Location(path, reader.line_num, 1)
            if None in row:
                raise AppSpecError("more fields than the header names", where)
            apps.append(_app({k.strip(): (v or "").strip() for k, v in row.items()}, where))
        return apps
    except csv.Error as exc:
        raise AppSpecError(f"not CSV: {exc}", Location(path)) from None


def _read_yaml(path: str, text: str) -> list[App]:
    from fsctl.io.yamlsafe import LocatedError, Node, load_located

    try:
        top = load_located(path, text, "the application table")
    except LocatedError as exc:
        raise AppSpecError(exc.message, exc.location) from None
    items: Any = top.value
    if isinstance(items, dict) and "queues" in items:
        return _snapshot_apps(top)
    if isinstance(items, dict) and set(items) == {"apps"} and isinstance(items["apps"][1].value, dict | None):
        return _rm_apps(items["apps"][1])
    if isinstance(items, dict):
        if set(items) != {"apps"}:
            raise AppSpecError("a mapping at the top level holds one key, 'apps'", top.location)
        top = items["apps"][1]
        items = top.value
    if not isinstance(items, list):
        raise AppSpecError("expected a list of applications", top.location)
    apps = []
    for item in items:
        assert isinstance(item, Node)
        if not isinstance(item.value, dict):
            raise AppSpecError("an application is a mapping with user, groups and queue", item.location)
        values: dict[str, str] = {}
        for key, (key_node, value_node) in item.value.items():
            if key not in FIELDS:
                raise AppSpecError(f"unknown field {key!r} (fields: {', '.join(FIELDS)})", key_node.location)
            values[str(key)] = _scalar_text(str(key), value_node)
        apps.append(_app(values, item.location))
    return apps


def _scalar_text(key: str, node: Any) -> str:
    value = node.value
    if key == "groups" and isinstance(value, list):
        return ":".join(_scalar_text(key, child) for child in value)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise AppSpecError(f"{key}: expected text, got {type(value).__name__}", node.location)
    return str(value)


def _snapshot_apps(top: Any) -> list[App]:
    """A snapshot's applications (``fsctl snapshot``): each one's user, submitted to the queue it
    runs in."""
    apps = []
    queues = top.value["queues"][1]
    if not isinstance(queues.value, dict):
        raise AppSpecError("queues: expected a mapping of queue paths", queues.location)
    for path, (_, load) in queues.value.items():
        entries = load.value.get("applications", (None, None))[1] if isinstance(load.value, dict) else None
        if entries is None:
            continue
        if not isinstance(entries.value, list):
            raise AppSpecError(f"{path} applications: expected a list", entries.location)
        for entry in entries.value:
            user = entry.value.get("user") if isinstance(entry.value, dict) else None
            if user is None:
                raise AppSpecError(f"{path}: an application without a user", entry.location)
            apps.append(_app({"user": _scalar_text("user", user[1]), "queue": str(path)}, entry.location))
    return apps


def _rm_apps(apps_node: Any) -> list[App]:
    """The ResourceManager's ``{"apps": {"app": [...]}}``: each application's user and queue."""
    value = apps_node.value
    if value is None:
        return []
    listed = value.get("app", (None, None))[1]
    if listed is None or listed.value is None:
        return []
    entries = listed.value if isinstance(listed.value, list) else [listed]
    apps = []
    for entry in entries:
        if not isinstance(entry.value, dict) or "user" not in entry.value:
            raise AppSpecError("an application without a user", entry.location)
        fields = {"user": _scalar_text("user", entry.value["user"][1])}
        if "queue" in entry.value:
            fields["queue"] = _scalar_text("queue", entry.value["queue"][1])
        apps.append(_app(fields, entry.location))
    return apps


def read_groups(path: str) -> dict[str, tuple[str, ...]]:
    """``--groups FILE``: ``user: g1,g2`` per line (YAML; a list works too), the first the primary."""
    from fsctl.io.fileio import read_input
    from fsctl.io.yamlsafe import LocatedError, load_located

    try:
        text = read_input(path, MAX_BYTES).decode("utf-8-sig")
        top = load_located(path, text, "the group file")
    except (OSError, UnicodeDecodeError) as exc:
        raise AppSpecError(f"cannot read: {getattr(exc, 'strerror', None) or exc}", Location(path)) from None
    except LocatedError as exc:
        raise AppSpecError(exc.message, exc.location) from None
    if not isinstance(top.value, dict):
        raise AppSpecError("expected 'user: group1,group2' lines", top.location)
    groups = {}
    for user, (_, node) in top.value.items():
        text = _scalar_text("groups", node)
        groups[str(user)] = tuple(g.strip() for g in text.replace(":", ",").split(",") if g.strip())
    return groups


def local_groups(user: str) -> tuple[str, ...]:
    """This machine's groups of ``user``, primary first, as Hadoop's
    ``ShellBasedUnixGroupsMapping`` finds them (``id -gn``, ``id -Gn``); none for an unknown user."""
    import grp
    import pwd

    try:
        entry = pwd.getpwnam(user)
        ids = os.getgrouplist(user, entry.pw_gid)
    except (KeyError, OSError):
        return ()
    names = []
    for gid in [entry.pw_gid, *ids]:
        try:
            name = grp.getgrgid(gid).gr_name
        except KeyError:
            continue
        if name not in names:
            names.append(name)
    return tuple(names)


def with_groups(apps: list[App], groups: dict[str, tuple[str, ...]] | None) -> list[App]:
    """Applications without groups get the user's (``groups`` a table, None: this machine's)."""
    from dataclasses import replace

    return [
        app
        if app.groups
        else replace(app, groups=(groups.get(app.user, ()) if groups is not None else local_groups(app.user)))
        for app in apps
    ]
