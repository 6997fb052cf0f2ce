"""The routing report of ``fsctl convert``: probe applications from the Fair file (and --apps)
through the Fair policy and the converted mapping rules; those that land elsewhere or are rejected
after the switch are RT201 findings and a table."""

from __future__ import annotations

import json
from pathlib import Path

from fsctl.convert.routing import PROBE_GROUP, PROBE_QUEUE, PROBE_USER, probe_apps
from fsctl.io.loader import load
from fsctl.routing.apps import App
from tests.conftest import SAMPLES
from tests.convert.test_command import call

SITE = str(SAMPLES / "yarn-site.xml")


def test_probes_come_from_acls_user_settings_and_queues() -> None:
    tree = load(str(SAMPLES / "fair" / "every-element.xml")).result.tree
    assert tree is not None
    probes = {(app.user, app.groups, app.queue) for app in probe_apps(tree)}
    assert ("etl_svc", (PROBE_GROUP,), None) in probes  # <user name="etl_svc"> and an ACL
    assert ("prod_oncall", (PROBE_GROUP,), None) in probes  # aclAdministerApps
    assert (PROBE_USER, ("prod-submitters",), None) in probes  # an ACL group
    assert (PROBE_USER, (PROBE_GROUP,), "root.prod") in probes  # by path
    assert (PROBE_USER, (PROBE_GROUP,), "prod") in probes  # by leaf name
    assert (PROBE_USER, (PROBE_GROUP,), PROBE_QUEUE) in probes  # a queue that does not exist
    assert (PROBE_USER, (PROBE_GROUP,), None) in probes  # a user no setting names
    assert len(probes) == len(probe_apps(tree))  # no repeats


def routing(fair: str, **kwargs: object) -> dict[str, object]:
    _, report, _ = call(fair, yarn_site=SITE, dry_run=True, fmt="json", **kwargs)
    return json.loads(report)  # type: ignore[no-any-return]


def test_departments_lists_the_parents_the_fair_scheduler_refuses() -> None:
    document = routing(str(SAMPLES / "fair" / "departments.xml"))
    rows = document["routing"]
    assert isinstance(rows, list)
    assert sorted(row["queue"] for row in rows) == ["qa", "qb", "qc", "root.qa", "root.qb", "root.qc"]
    for row in rows:
        fair, capacity = row["placements"]
        assert fair == {"file": str(SAMPLES / "fair" / "departments.xml"), "queue": None, "rejected": True,
                        "rule": "specified"}  # fmt: skip
        assert capacity["queue"] == "root.default" and capacity["file"] == "capacity-scheduler.xml"
    findings = [d for f in document["files"] for d in f["diagnostics"] if d["code"] == "RT201"]  # type: ignore[attr-defined]
    assert len(findings) == 6


def test_nothing_changes_for_team_cluster() -> None:
    document = routing(str(SAMPLES / "fair" / "team-cluster.xml"))
    assert document["routing"] == []


def test_apps_file_rows_are_routed_and_located(tmp_path: Path) -> None:
    apps = tmp_path / "apps.csv"
    apps.write_text("user,groups,queue\nalice,eng,root.qa.p0\nbob,eng,qa\n")
    document = routing(str(SAMPLES / "fair" / "departments.xml"), apps_file=str(apps))
    findings = [d for f in document["files"] for d in f["diagnostics"] if d["code"] == "RT201"]  # type: ignore[attr-defined]
    (bob,) = [d for d in findings if d["message"].startswith("user=bob")]
    assert (bob["line"], bob["column"]) == (3, 1)


def test_unusable_apps_file_is_a_usage_error(tmp_path: Path) -> None:
    apps = tmp_path / "apps.csv"
    apps.write_text("name,queue\nalice,q\n")
    code, _, err = call(str(SAMPLES / "fair" / "departments.xml"), dry_run=True, apps_file=str(apps))
    assert code == 2 and "RT101" in err and f"{apps}:1:1" in err


def test_probe_labels_round_trip() -> None:
    app = App(PROBE_USER, (PROBE_GROUP,), PROBE_QUEUE)
    assert app.label() == f"user={PROBE_USER},groups={PROBE_GROUP},queue={PROBE_QUEUE}"
