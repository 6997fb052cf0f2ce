"""``fsctl snapshot (--rm URL... | --from FILE...) [-o FILE]``: today's load, read from a live
ResourceManager's REST API or from its saved responses, written as the snapshot ``simulate``,
``diff`` and ``route`` read with ``--demand`` / ``--apps``.

Exit 0 written, 2 for anything that gives no snapshot (one line with its SN1xx code; nothing is
written, and an existing file is replaced only with ``--force``, atomically).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR

if TYPE_CHECKING:
    from fsctl.io.snapshot import Named
    from fsctl.model.demand import DemandSnapshot

#: the requests of a live snapshot, in the order they are made
SCHEDULER_PATH = "/ws/v1/cluster/scheduler"
APPS_PATH = "/ws/v1/cluster/apps?states=RUNNING,ACCEPTED"
METRICS_PATH = "/ws/v1/cluster/metrics"
CONF_PATH = "/conf"
SCHEDULER_CONF_PATH = "/ws/v1/cluster/scheduler-conf"
#: the steps of a live snapshot after asking each --rm which is active: the five paths, the building
LIVE_STEPS = 6


class Progress(Protocol):
    """What the shell draws on stderr: each call names what is under way; ``advance`` False says
    how far a long step has come (applications read) without ending it."""

    def __call__(self, message: str, *, advance: bool = True) -> None: ...


def steps(options: SnapshotOptions) -> int:
    """How many steps the snapshot takes: asking each ``--rm`` and the requests of a live one, else
    one per saved response; then the building."""
    return len(options.sources) + 1 if options.sources else len(options.urls) + LIVE_STEPS


def _quiet(message: str, *, advance: bool = True) -> None:
    """No progress shown."""


@dataclass
class SnapshotOptions:
    urls: list[str] = field(default_factory=list)
    #: saved responses (``--from``), recognised by content
    sources: list[str] = field(default_factory=list)
    output: str | None = None
    force: bool = False
    headers: list[tuple[str, str]] = field(default_factory=list)
    ca_bundle: str | None = None
    timeout: float = 30.0
    negotiate: bool = False
    #: told of each step and of the applications read (the shell draws a progress bar on stderr)
    progress: Progress | None = None
    #: the time a live snapshot records (ISO 8601, UTC); None: now
    time: str | None = None


class _Failed(Exception):
    def __init__(self, code: str, name: str, message: str) -> None:
        super().__init__(message)
        self.line = f"{message} [{code} {name}]"


def run(options: SnapshotOptions, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl.io.snapshot import render_snapshot

    try:
        snapshot = _live(options) if options.urls else _offline(options)
    except _Failed as exc:
        stderr.write(f"fsctl snapshot: {exc.line}\n")
        return EXIT_ERROR
    text = render_snapshot(snapshot)
    from fsctl.catalogue.snapshot import SN111
    from fsctl.io.fileio import write_report

    problem = write_report(text, options.output, stdout, force=options.force, inputs=list(options.sources))
    if problem is not None:
        stderr.write(f"fsctl snapshot: {problem} [{SN111.code} {SN111.name}]\n")
        return EXIT_ERROR
    apps = sum(len(load.applications) for load in snapshot.queues.values())
    where = snapshot.provenance.get("rm") or ", ".join(options.sources)
    version = f", Hadoop {snapshot.provenance['hadoop']}" if "hadoop" in snapshot.provenance else ""
    written = f" -> {options.output}" if options.output not in (None, "-") else ""
    stderr.write(
        f"fsctl snapshot: {apps} applications in {len(snapshot.queues)} queues, "
        f"{len(snapshot.reported)} queues reported, from {where} "
        f"({snapshot.scheduler} scheduler{version}){written}\n"
    )
    return EXIT_CLEAN


def _live(options: SnapshotOptions) -> DemandSnapshot:
    from datetime import UTC, datetime

    from fsctl.io.rm_client import Connection, RMClient, RMError, public_address
    from fsctl.io.snapshot import Named, scheduler_info

    connection = Connection(
        urls=tuple(options.urls),
        headers=tuple(options.headers),
        ca_bundle=options.ca_bundle,
        timeout=options.timeout,
        negotiate=options.negotiate,
    )
    client = RMClient(connection)
    step = options.progress or _quiet
    try:
        base = client.active(step)
        address = public_address(base)
        info = client.get_json(base, "/ws/v1/cluster/info")
        step(f"reading {SCHEDULER_PATH} from {address}")
        scheduler = client.get_json(base, SCHEDULER_PATH)
        step(f"reading the applications from {address}")
        apps = client.get_json_text(base, APPS_PATH)  # read one application at a time
        step(f"reading {METRICS_PATH}")
        metrics = client.get_json(base, METRICS_PATH)
        step(f"reading {CONF_PATH}")
        served = [Named(client.get_optional_json(base, CONF_PATH), address + CONF_PATH)]
        try:
            kind = scheduler_info(scheduler, address + SCHEDULER_PATH)[0]
        except ValueError:
            kind = None  # build_snapshot reports it
        step(f"reading {SCHEDULER_CONF_PATH}")
        if kind == "capacity":
            served.append(
                Named(client.get_optional_json(base, SCHEDULER_CONF_PATH), address + SCHEDULER_CONF_PATH)
            )
    except RMError as exc:
        raise _Failed(exc.rule.code, exc.rule.name, exc.message) from None
    finally:
        client.close()
    time = options.time or datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return _build(
        Named(scheduler, address + SCHEDULER_PATH),
        Named(apps, address + APPS_PATH.split("?", 1)[0]),
        Named(metrics, address + METRICS_PATH),
        Named(info, address + "/ws/v1/cluster/info"),
        [(named, None) for named in served if named.document is not None],
        {"rm": address, "time": time},
        step,
    )


def _offline(options: SnapshotOptions) -> DemandSnapshot:
    from fsctl.catalogue.snapshot import SN110
    from fsctl.io.snapshot import Named

    found: dict[str, Named] = {}
    configurations: list[tuple[Named, bytes | None]] = []
    step = options.progress or _quiet
    for path in options.sources:
        step(f"reading {path}")
        document, data = _read_saved(path)
        kind = _kind_of(document, data)
        if kind is None:
            raise _Failed(
                SN110.code,
                SN110.name,
                f"{path}: not a saved response of the scheduler, apps, metrics, info or configuration",
            )
        if kind == "configuration":
            configurations.append((Named(document, path), data))
            continue
        if kind in found:
            raise _Failed(
                SN110.code, SN110.name, f"{path}: a second {kind} response (the first is {found[kind].name})"
            )
        found[kind] = Named(document, path)
    for required in ("scheduler", "apps"):
        if required not in found:
            raise _Failed(
                SN110.code,
                SN110.name,
                f"--from: no saved /ws/v1/cluster/{required} response among {', '.join(options.sources)}",
            )
    return _build(
        found["scheduler"],
        found["apps"],
        found.get("metrics"),
        found.get("info"),
        configurations,
        {"from": ", ".join(os.path.basename(path) for path in options.sources)},
        step,
    )


def _read_saved(path: str) -> tuple[Any, bytes | None]:
    """(the JSON document, None) or (None, the bytes of an XML document). The applications' answer
    stays its text, read one application at a time when the snapshot is built."""
    from fsctl.catalogue.snapshot import SN105, SN110
    from fsctl.io.fileio import read_input
    from fsctl.io.jsonstream import first_key
    from fsctl.io.rm_client import MAX_RESPONSE_BYTES

    try:
        data = read_input(path, MAX_RESPONSE_BYTES)
    except OSError as exc:
        raise _Failed(SN110.code, SN110.name, f"{path}: cannot read: {exc.strerror or exc}") from None
    if data.lstrip()[:1] == b"<":
        return None, data
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _Failed(SN105.code, SN105.name, f"{path}: not UTF-8 text") from None
    del data
    if first_key(text) == "apps":
        return text, None
    try:
        return json.loads(text), None
    except (ValueError, RecursionError) as exc:
        raise _Failed(SN105.code, SN105.name, f"{path}: not JSON: {exc}") from None


def _kind_of(document: Any, data: bytes | None) -> str | None:
    if data is not None:
        return "configuration" if b"<configuration" in data[:4096] else None
    if isinstance(document, str):  # the text of the applications' answer (_read_saved)
        return "apps"
    if not isinstance(document, dict):
        return None
    for key, kind in (
        ("scheduler", "scheduler"),
        ("apps", "apps"),
        ("clusterMetrics", "metrics"),
        ("clusterInfo", "info"),
        ("properties", "configuration"),
        ("property", "configuration"),
    ):
        if key in document:
            return kind
    return None


def _build(
    scheduler: Named,
    apps: Named,
    metrics: Named | None,
    info: Named | None,
    configurations: list[tuple[Named, bytes | None]],
    provenance: dict[str, str],
    step: Progress,
) -> DemandSnapshot:
    from fsctl.catalogue.snapshot import SN105, SN106, SN110
    from fsctl.io.snapshot import SnapshotError, SnapshotSyntaxError, build_snapshot
    from fsctl.io.snapshot_conf import (
        SENSITIVE_KEYS_PROPERTY,
        ConfError,
        Redactor,
        properties_of,
        split_sections,
    )

    pairs: list[tuple[str, str]] = []
    for named, data in configurations:
        try:
            pairs += properties_of(named.document, named.name, data)
        except ConfError as exc:
            raise _Failed(SN110.code, SN110.name, f"{named.name}: {exc}") from None
    redactor = Redactor(dict(pairs).get(SENSITIVE_KEYS_PROPERTY))
    step("building the snapshot")

    def read_so_far(count: int) -> None:
        step(f"building the snapshot: {count:,} applications read", advance=False)

    try:
        return build_snapshot(
            scheduler, apps, metrics, info, split_sections(pairs, redactor), provenance, read_so_far
        )
    except SnapshotSyntaxError as exc:
        raise _Failed(SN105.code, SN105.name, str(exc)) from None
    except SnapshotError as exc:
        raise _Failed(SN106.code, SN106.name, str(exc)) from None
