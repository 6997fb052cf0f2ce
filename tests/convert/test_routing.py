"""The routing report of ``fsctl convert``: probe applications from the Fair file (and --apps)
through the Fair policy and the converted mapping rules; those that land elsewhere or are rejected
after the switch are RT201 findings and a table."""

from __future__ import annotations

import json
from pathlib import Path

from fsctl.convert.routing import PROBE_GROUP, PROBE_QUEUE, PROBE_USER, probe_apps
from fsctl.io.loader import load
from fsctl.routing.apps import App
from tests.conftest import SAMPLES, allocations, run_fsctl
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
    # one finding for the one cause, at the Fair rule that decided (the first, specified), the probes
    # named as the cases they stand for
    findings = [d for f in document["files"] for d in f["diagnostics"] if d["code"] == "RT201"]  # type: ignore[attr-defined]
    (finding,) = findings
    assert (finding["line"], finding["column"]) == (119, 5)
    assert finding["message"] == (
        "6 probe cases (submitted to root.qa; submitted to qa; submitted to root.qb; and 3 more): "
        "rejected (specified: <queue> is not a leaf queue) under the Fair Scheduler, root.default "
        "(mapping rule 2 (user *: defaultQueue)) after the conversion"
    )
    assert "fsctl_probe" not in json.dumps(document["routing"]) and "fsctl_probe" not in finding["message"]


def test_nothing_changes_for_team_cluster() -> None:
    document = routing(str(SAMPLES / "fair" / "team-cluster.xml"))
    assert document["routing"] == []


def test_apps_file_rows_are_routed_and_located(tmp_path: Path) -> None:
    apps = tmp_path / "apps.csv"
    apps.write_text("user,groups,queue\nalice,eng,root.qa.p0\nbob,eng,qa\n")
    document = routing(str(SAMPLES / "fair" / "departments.xml"), apps_file=str(apps))
    findings = [d for f in document["files"] for d in f["diagnostics"] if d["code"] == "RT201"]  # type: ignore[attr-defined]
    # bob's application has the probes' cause: counted with them, at the rule that decided
    (finding,) = findings
    assert finding["message"].startswith("1 of the applications given (user bob) and 6 probe cases")
    assert (finding["line"], finding["column"]) == (119, 5)


def test_unusable_apps_file_is_a_usage_error(tmp_path: Path) -> None:
    apps = tmp_path / "apps.csv"
    apps.write_text("name,queue\nalice,q\n")
    code, _, err = call(str(SAMPLES / "fair" / "departments.xml"), dry_run=True, apps_file=str(apps))
    assert code == 2 and "RT101" in err and f"{apps}:1:1" in err


def test_probe_labels_round_trip() -> None:
    app = App(PROBE_USER, (PROBE_GROUP,), PROBE_QUEUE)
    assert app.label() == f"user={PROBE_USER},groups={PROBE_GROUP},queue={PROBE_QUEUE}"


FALLBACK_CASE = allocations(
    '<queue name="adhoc"/><queue name="etl"/>'
    '<queuePlacementPolicy><rule name="specified" create="false"/><rule name="default" queue="root.adhoc"/>'
    "</queuePlacementPolicy>"
)


def _rt201(*args: str) -> list[str]:
    result = run_fsctl("convert", *args, "--dry-run", "--format", "json")
    document = json.loads(result.stdout)
    return [d["message"] for f in document["files"] for d in f["diagnostics"] if d["code"] == "RT201"]


def test_fallback_queue_is_recommended_only_where_it_sends_the_applications_back(tmp_path: Path) -> None:
    fair = tmp_path / "fair-scheduler.xml"
    fair.write_text(FALLBACK_CASE)
    # without mapping rules, what the Fair default rule caught is rejected after the switch
    before = _rt201(str(fair), "--skip-placement-rules")
    assert len(before) == 2 and all(
        m.endswith("; --fallback-queue root.adhoc sends them back there") for m in before
    )
    # and the recommendation does what it says: nothing lands elsewhere any more
    assert _rt201(str(fair), "--skip-placement-rules", "--fallback-queue", "root.adhoc") == []
    # the departments' re-routed parents are placed by another rule: no fallback helps, none offered
    (departments,) = _rt201(str(SAMPLES / "fair" / "departments.xml"), "--yarn-site", SITE)
    assert "--fallback-queue" not in departments


def test_rt201_is_reported_by_the_commands_the_catalogue_names(tmp_path: Path) -> None:
    from fsctl.catalogue.route import RT201
    from fsctl.commands.rules import reported_by

    assert reported_by(RT201) == ("route", "convert")
    fair = tmp_path / "fair-scheduler.xml"
    fair.write_text(FALLBACK_CASE)
    assert _rt201(str(fair), "--skip-placement-rules")  # convert
    other = tmp_path / "other.xml"
    other.write_text(allocations('<queue name="adhoc"/><queue name="etl"/>'))
    routed = run_fsctl("route", str(fair), str(other), "--app", "user=alice", "--format", "sarif")
    assert routed.returncode == 1 and '"ruleId": "RT201"' in routed.stdout  # route


def test_real_applications_are_counted_with_their_users(tmp_path: Path) -> None:
    apps = tmp_path / "apps.csv"
    apps.write_text("user,groups,queue\nalice,eng,qa\nbob,eng,qb\nalice,eng,root.qc\n")
    (message,) = _rt201(str(SAMPLES / "fair" / "departments.xml"), "--yarn-site", SITE, "--apps", str(apps))
    assert message.startswith("3 of the applications given (users alice, bob) and 6 probe cases")
