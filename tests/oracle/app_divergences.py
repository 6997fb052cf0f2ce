"""Per-queue and per-application values of ``fsctl simulate --demand`` against the oracle's."""

from __future__ import annotations

from typing import Any

from tests.oracle import fsctl_side

QUEUE_KEYS = ("fair_share", "usage", "demand")
LEAF_KEYS = ("am_usage", "am_limit")
APP_KEYS = ("runnable", "fair_share", "usage", "demand", "am_running", "am_blocked")
STARVATION = ("min_share", "fair_share")


def _same(ours: Any, theirs: Any) -> bool:
    if isinstance(theirs, dict) and all(isinstance(v, int) for v in theirs.values()):
        return fsctl_side.same_resource(ours, theirs)
    return bool(ours == theirs)


def divergences(
    hadoop: dict[str, Any],
    ours: dict[str, Any],
    totals: frozenset[str] = frozenset(),
    refused: frozenset[str] = frozenset(),
) -> list[str]:
    """Every value that differs, as ``path [app] key: Hadoop X, fsctl Y``, and every queue only one
    side has (a queue Hadoop never created is not one fsctl may show).

    Leaves in ``totals`` had their load given as totals: Hadoop holds it as applications, which
    fsctl models but does not list, so their applications are not compared one by one. Queues in
    ``refused`` are ones fsctl shows as not created (Hadoop refuses them, and their applications).
    """
    found: list[str] = []
    rows = {row["path"]: row for row in ours["queues"]}
    created = {queue["path"] for queue in hadoop["queues"]}
    found += [f"{path}: not in Hadoop's answer" for path in rows if path not in created | refused]
    for queue in hadoop["queues"]:
        path = queue["path"]
        row = rows.get(path)
        if row is None:
            found.append(f"{path}: not in fsctl's answer")
            continue
        for key in QUEUE_KEYS + (LEAF_KEYS if queue["leaf"] else ()):
            if not _same(row.get(key), queue.get(key)):
                found.append(f"{path} {key}: Hadoop {queue.get(key)}, fsctl {row.get(key)}")
        if not queue["leaf"]:
            continue
        starved = queue.get("starvation") or {}
        for kind in STARVATION:
            if not _same(row["starvation"][kind], starved.get(kind)):
                found.append(
                    f"{path} starvation.{kind}: Hadoop {starved.get(kind)}, fsctl {row['starvation'][kind]}"
                )
        if path in totals:
            continue
        apps = row.get("applications") or []
        theirs = queue.get("applications") or []
        names, hadoop_names = [a["name"] for a in apps], [a["name"] for a in theirs]
        if names != hadoop_names:
            found.append(f"{path} applications: Hadoop {hadoop_names}, fsctl {names}")
            continue
        for mine, hers in zip(apps, theirs, strict=True):
            where = f"{path} {hers['name']}"
            for key in APP_KEYS:
                if not _same(mine.get(key), hers.get(key)):
                    found.append(f"{where} {key}: Hadoop {hers.get(key)}, fsctl {mine.get(key)}")
            for kind in STARVATION:
                mine_starved, hers_starved = mine["starvation"][kind], hers["starvation"][kind]
                if not _same(mine_starved, hers_starved):
                    found.append(f"{where} starvation.{kind}: Hadoop {hers_starved}, fsctl {mine_starved}")
    return found


def held_as_given(hadoop: dict[str, Any], demand: dict[str, Any]) -> bool:
    """Whether Hadoop could hold every listed usage (not when a limit or maxRunningApps kept a
    container back: then the snapshot describes a state Hadoop never reaches)."""
    from fsctl.io.demand import parse_resource_text

    for queue in hadoop["queues"]:
        listed = demand.get(queue["path"])
        if not listed:
            continue
        if "applications" not in listed:
            wanted = parse_resource_text(listed["usage"]) if "usage" in listed else {}
            if {k: queue["usage"].get(k, 0) for k in wanted} != wanted:
                return False
            continue
        submitted = sorted(listed["applications"], key=lambda a: a.get("start", 0))
        for app, given_app in zip(queue.get("applications") or [], submitted, strict=False):
            wanted = parse_resource_text(given_app["usage"]) if "usage" in given_app else {}
            if {k: app["usage"].get(k, 0) for k in wanted} != wanted:
                return False
    return True
