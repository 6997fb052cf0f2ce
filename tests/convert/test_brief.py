"""The migration brief that opens ``fsctl convert``'s report: golden files of the sample (text,
markdown, json; with and without a demand snapshot), and what each part says: each change once,
ranked, labelled (a 4x change is never minor), traced to its cause; teams, the applications that
land elsewhere, what is dropped, the cutover checklist.

``FSCTL_REGENERATE=1 pytest tests/convert/test_brief.py`` rewrites the golden files; review the diff.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from fsctl.commands.convert import ConvertCommand, run
from fsctl.convert.brief import (
    MAJOR,
    START_ONLY,
    Brief,
    BriefInputs,
    Figures,
    QueueFigures,
    build_brief,
    capacity_figures,
    fair_figures,
    restart_reason,
)
from fsctl.convert.options import ConvertOptions
from tests.conftest import ROOT, run_fsctl

GOLDEN = ROOT / "tests" / "data" / "convert" / "brief"
CLUSTER = "memory-mb=1024000, vcores=1000"
SAMPLE = ["convert", "samples/fair/departments.xml", "--yarn-site", "samples/yarn-site.xml", "--dry-run"]
CASES = {
    "departments": [*SAMPLE, "--cluster", CLUSTER],
    "departments-demand": [*SAMPLE, "--cluster", CLUSTER, "--demand", "samples/demand/departments.yaml"],
}


def brief_of_text(text: str) -> str:
    """The brief's parts of the text report: everything before every finding, and the checklist."""
    head = text.split("\nEvery finding:\n", 1)[0]
    return head + "\n" + "Cutover checklist:" + text.split("\nCutover checklist:", 1)[1]


def brief_of_markdown(text: str) -> str:
    return text.split("\n#### Every finding", 1)[0]


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("FSCTL_REGENERATE"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_brief_matches_its_golden_file(case: str, fmt: str) -> None:
    result = run_fsctl(*CASES[case], "--format", fmt, cwd=str(ROOT))
    assert result.returncode == 0, result.stderr  # converted: warnings are the review list
    if fmt == "text":
        check_golden(f"{case}.txt", brief_of_text(result.stdout))
    elif fmt == "markdown":
        check_golden(f"{case}.md", brief_of_markdown(result.stdout))
    else:
        brief = json.loads(result.stdout)["brief"]
        check_golden(f"{case}.json", json.dumps(brief, indent=2, ensure_ascii=False) + "\n")


def call(fair: str, **kwargs: Any) -> tuple[int, str, str]:
    options = ConvertCommand(fair_path=fair, **{"dry_run": True, **kwargs})
    out, err = io.StringIO(), io.StringIO()
    code = run(options, out, err)
    return code, out.getvalue(), err.getvalue()


def brief_json(fair: str, **kwargs: Any) -> dict[str, Any]:
    code, out, err = call(fair, fmt="json", **kwargs)
    assert code in (0, 1), err
    brief: dict[str, Any] = json.loads(out)["brief"]
    return brief


def changes(brief: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for team in brief["teams"] for c in team["changes"]]


def fair_file(tmp_path: Path, body: str, name: str = "fair-scheduler.xml") -> str:
    path = tmp_path / name
    path.write_text(f'<?xml version="1.0"?>\n<allocations>\n{body}\n</allocations>\n')
    return str(path)


WITH_CLUSTER = {"convert": ConvertOptions(cluster={"memory-mb": 102400, "vcores": 100})}


# -- what the sample's brief says ----------------------------------------------------------------


def test_the_sample_brief_ranks_the_changes_and_names_their_causes() -> None:
    brief = json.loads((GOLDEN / "departments.json").read_text())
    found = changes(brief)
    assert len(found) == brief["summary"]["major"] + brief["summary"]["moderate"] + brief["summary"]["minor"]
    # the backfill queues lose most of their guarantee: their minResources is not converted
    p2 = next(c for c in found if c["queue"] == "root.qa.p2")
    assert (p2["measure"], p2["level"]) == ("guaranteed", MAJOR)
    assert p2["before"]["memory-mb"] == 81920 and p2["after"]["memory-mb"] == 31507
    cause = p2["causes"][0]
    assert (cause["code"], cause["element"], cause["line"]) == ("CV202", "minResources", 52)
    assert (cause["capacity_key"], cause["capacity_value"]) == (
        "yarn.scheduler.capacity.root.qa.p2.capacity",
        "1.0w",
    )
    # teams, biggest change first; the one that does not change last
    assert [t["team"] for t in brief["teams"]] == ["root.qa", "root.qb", "root.qc", "root.default"]
    assert brief["teams"][-1]["changes"] == [] and brief["teams"][-1]["applications_arriving"] == 6


def test_the_first_screen_lets_a_change_board_decide() -> None:
    text = (GOLDEN / "departments-demand.txt").read_text()
    screen = text.splitlines()[:40]
    first = "\n".join(screen)
    assert "17 changes in 4 of 4 teams: 5 major" in first
    # the allocation under the load, ranked with the others: qb.p1 grows by 14.5 points of the cluster
    assert "MAJOR     under load  root.qb.p1" in first and "CV202 <minResources> line 73" in first
    assert "MAJOR     guaranteed  root.qa.p2" in first and "Capacity under load" in first
    assert "6 of 29 routed applications land elsewhere" in first
    assert "Applications that land elsewhere" in first  # the routing groups fit on it too
    # then what is dropped, and the checklist ends it
    assert text.index("What is not carried over") < text.index("Cutover checklist:")
    assert text.rstrip().endswith("restoring them and restarting rolls back")


def test_a_queue_asking_for_less_than_its_share_loses_nothing_under_load() -> None:
    # root.qc asks for 60 GB of its 200 GB instantaneous fair share: the Capacity Scheduler
    # allocates it the 60 GB, so under this load nothing changes for it (it was a 140 GB "loss"
    # while the share was compared uncapped); root.qb.p1 asks for 300 GB of a 105 GB share
    sample = str(ROOT / "samples" / "fair" / "departments.xml")
    brief = brief_json(sample, demand=str(ROOT / "samples" / "demand" / "departments.yaml"))
    under_load = {c["queue"]: c for c in changes(brief) if c["measure"] == "load"}
    assert "root.qc" not in under_load and "root.qc.p0" not in under_load
    assert under_load["root.qb.p1"]["level"] == MAJOR


def test_without_a_cluster_the_brief_says_what_to_give(tmp_path: Path) -> None:
    code, out, _ = call(str(ROOT / "samples" / "fair" / "departments.xml"))
    assert code == 0
    assert "No cluster size: give --cluster" in out.split("\n\n", 1)[0]
    brief = brief_json(str(ROOT / "samples" / "fair" / "departments.xml"))
    assert brief["cluster"] is None and brief["teams"] == [] and brief["dropped"]


def test_a_snapshot_gives_the_cluster_and_the_lifted_maximums_are_major() -> None:
    # without --cluster maxResources is not converted (CV201): the snapshot's cluster shows the cost
    sample = str(ROOT / "samples" / "fair" / "departments.xml")
    brief = brief_json(sample, demand=str(ROOT / "samples" / "demand" / "departments.yaml"))
    assert brief["cluster_from"] == "the demand snapshot's cluster"
    lifted = {c["queue"]: c for c in changes(brief) if c["measure"] == "maximum"}
    assert lifted["root.default"]["level"] == MAJOR and lifted["root.default"]["ratio"] == 5.0
    assert lifted["root.default"]["causes"][0]["code"] == "CV201"
    # the children of root.qc move with it, for the same cause: one change, not four
    assert lifted["root.qc"]["queues_below"] == ["root.qc.p0", "root.qc.p1", "root.qc.p2"]
    assert "root.qc.p0" not in lifted
    # under the load: the Fair Scheduler's instantaneous share before, the Capacity Scheduler's
    # allocation when the demand persists after (qa grows beyond its guarantee into what qc leaves)
    qa = next(t for t in brief["teams"] if t["team"] == "root.qa")
    assert qa["under_load"]["before"]["memory-mb"] == 409600
    assert qa["under_load"]["after"] == {"memory-mb": 470016, "vcores": 459}
    assert brief["capacity_under_load"] is True and brief["capacity_under_load_problem"] is None
    # ranked like the others: more than 10 points of the cluster is major
    load = {c["queue"]: c for c in changes(brief) if c["measure"] == "load"}
    assert load["root.qb.p1"]["level"] == MAJOR and load["root.qb.p1"]["change_points"] == 14.5
    assert load["root.qa"]["level"] != MAJOR and load["root.qa"]["change_points"] == 5.9


# -- levels: a 4x change is never minor ----------------------------------------------------------


@pytest.mark.parametrize(
    ("limit", "level"),
    [("25%", MAJOR), ("50%", MAJOR), ("90%", "moderate"), ("95%", "minor")],
    ids=["4x", "2x", "1.11x", "1.05x"],
)
def test_a_lifted_limit_is_labelled_by_its_size(tmp_path: Path, limit: str, level: str) -> None:
    # maxResources as a percentage is not converted without --cluster: the queue may grow to 100%
    body = f'<queue name="a"><maxResources>{limit}</maxResources></queue><queue name="b"/>'
    snapshot = tmp_path / "demand.yaml"
    snapshot.write_text(f'cluster: "{CLUSTER}"\nqueues: {{}}\n')
    brief = brief_json(fair_file(tmp_path, body), demand=str(snapshot))
    change = next(c for c in changes(brief) if c["queue"] == "root.a" and c["measure"] == "maximum")
    assert change["level"] == level


def test_a_guarantee_above_the_old_maximum_is_major(tmp_path: Path) -> None:
    # a: weight 3 of 4 (75% guaranteed after), but Fair capped it at 70%
    body = (
        '<queue name="a"><weight>3</weight><maxResources>memory-mb=71680, vcores=70</maxResources></queue>'
        '<queue name="b"><weight>1</weight><minResources>memory-mb=30720, vcores=30</minResources></queue>'
    )
    brief = brief_json(fair_file(tmp_path, body), **WITH_CLUSTER)
    guarantee = next(c for c in changes(brief) if c["queue"] == "root.a" and c["measure"] == "guaranteed")
    assert guarantee["after"]["memory-mb"] > 71680 and guarantee["level"] == MAJOR


def test_rounding_is_counted_not_listed() -> None:
    brief = json.loads((GOLDEN / "departments.json").read_text())
    # root.qb: 358400 MB, 350 vcores before; 358399 MB, 349 vcores after (Java float arithmetic)
    assert brief["summary"]["rounding"] == 1
    assert "root.qb" not in {c["queue"] for c in changes(brief)}


# -- causes --------------------------------------------------------------------------------------


def test_a_change_without_a_finding_of_its_own_names_its_siblings_min_shares(tmp_path: Path) -> None:
    # c has no minResources; a's min share takes from it under the Fair Scheduler only
    body = (
        '<queue name="a"><weight>1</weight><minResources>memory-mb=61440, vcores=60</minResources></queue>'
        '<queue name="c"><weight>1</weight></queue>'
    )
    brief = brief_json(fair_file(tmp_path, body), **WITH_CLUSTER)
    c = next(c for c in changes(brief) if c["queue"] == "root.c")
    assert [(x["code"], x["queue"], x["element"]) for x in c["causes"]] == [
        ("CV202", "root.a", "minResources")
    ]


def test_a_maximum_names_the_ancestor_whose_limit_it_was(tmp_path: Path) -> None:
    body = (
        '<queue name="a"><maxResources>memory-mb=51200, vcores=50</maxResources>'
        '<queue name="x"><maxResources>memory-mb=10240, vcores=10</maxResources></queue>'
        '<queue name="y"/></queue><queue name="b"/>'
    )
    snapshot = tmp_path / "demand.yaml"
    snapshot.write_text('cluster: "memory-mb=102400, vcores=100"\nqueues: {}\n')
    brief = brief_json(fair_file(tmp_path, body), demand=str(snapshot))
    found = {c["queue"]: c for c in changes(brief) if c["measure"] == "maximum"}
    # y had no limit of its own: a's; it moves with a (one change); x has its own
    assert found["root.a"]["queues_below"] == ["root.a.y"]
    assert found["root.a.x"]["causes"][0]["queue"] == "root.a.x"


# -- teams, applications, dropped, cutover -------------------------------------------------------


def test_team_depth_two_makes_the_second_level_the_teams() -> None:
    sample = str(ROOT / "samples" / "fair" / "departments.xml")
    brief = brief_json(
        sample, team_depth=2, convert=ConvertOptions(cluster={"memory-mb": 1024000, "vcores": 1000})
    )
    teams = [t["team"] for t in brief["teams"]]
    assert "root.qa.p2" in teams and "root.qa" not in teams  # root.qa does not change itself
    assert "root.default" in teams  # a leaf above the depth is a team of its own
    p2 = next(t for t in brief["teams"] if t["team"] == "root.qa.p2")
    assert [c["queue"] for c in p2["changes"]] == ["root.qa.p2"]


def test_applications_that_land_elsewhere_are_grouped_and_counted_per_team() -> None:
    brief = json.loads((GOLDEN / "departments.json").read_text())
    assert brief["applications_elsewhere"] == [
        {
            "before": "rejected",
            "after": "root.default",
            "count": 6,
            "examples": [
                "submitted to root.qa",
                "submitted to qa",
                "submitted to root.qb",
            ],
            "rule": "mapping rule 2 (user *: defaultQueue)",
        }
    ]
    assert brief["summary"]["applications_elsewhere"] == 6


def test_dropped_settings_are_grouped_by_code_and_element() -> None:
    brief = json.loads((GOLDEN / "departments.json").read_text())
    dropped = {(d["code"], d["element"]): d for d in brief["dropped"]}
    assert dropped[("CV202", "minResources")]["count"] == 13
    assert dropped[("CV303", "minSharePreemptionTimeout")]["queues"] == 3
    assert dropped[("CV204", "yarn.resourcemanager.reservation-system.enable")]["locations"][0]["file"] == (
        "samples/yarn-site.xml"
    )


def test_the_checklist_names_what_needs_a_restart() -> None:
    brief = json.loads((GOLDEN / "departments.json").read_text())
    restart = {r["key"] for r in brief["cutover"]["restart"]}
    assert restart == {
        "yarn.resourcemanager.scheduler.class",
        "yarn.scheduler.capacity.resource-calculator",
        "yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time",
    }
    assert brief["cutover"]["refresh"]["capacity-scheduler.xml"] > 0
    assert [f["name"] for f in brief["cutover"]["files"]] == ["capacity-scheduler.xml", "yarn-site.xml"]
    assert brief["cutover"]["not_written"] == "--dry-run"


@pytest.mark.parametrize(
    ("key", "file", "restart"),
    [
        ("yarn.resourcemanager.scheduler.class", "yarn-site.xml", True),
        ("yarn.scheduler.capacity.schedule-asynchronously.enable", "yarn-site.xml", True),
        ("yarn.scheduler.capacity.root.a.capacity", "capacity-scheduler.xml", False),
        ("yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled", "yarn-site.xml", False),
        ("yarn.resourcemanager.scheduler.monitor.policies", "yarn-site.xml", False),
        ("yarn.resourcemanager.monitor.capacity.preemption.observe_only", "capacity-scheduler.xml", False),
        ("yarn.resourcemanager.reservation-system.enable", "yarn-site.xml", True),
    ],
)
def test_restart_or_refresh(key: str, file: str, restart: bool) -> None:
    assert (restart_reason(key, file) is not None) is restart
    if key in START_ONLY:
        assert "(" in START_ONLY[key]  # each names the Hadoop method that reads it


def test_the_checklist_deploys_the_merged_site_when_written(tmp_path: Path) -> None:
    merged = tmp_path / "merged.xml"
    out = tmp_path / "out"
    code, text, err = call(
        str(ROOT / "samples" / "fair" / "departments.xml"),
        dry_run=False,
        output_dir=str(out),
        yarn_site=str(ROOT / "samples" / "yarn-site.xml"),
        merged_site=str(merged),
    )
    assert code == 0, err
    checklist = text.split("\nCutover checklist:\n", 1)[1]
    assert f"deploy {merged}: replaces" in checklist
    assert f"deploy {out / 'capacity-scheduler.xml'}" in checklist


# -- the seam for the Capacity Scheduler under load ---------------------------------------------


def test_a_capacity_allocation_under_load_is_compared_and_ranked(tmp_path: Path) -> None:
    """``capacity_figures(result, load)`` takes the Capacity Scheduler's allocation under the
    snapshot when it is computed: the load measure is then compared like the others."""
    from fsctl.capacity.reader import read_capacity
    from fsctl.evaluate.capacity import evaluate_capacity
    from fsctl.evaluate.fair import evaluate_fair
    from fsctl.fair.reader import read_fair
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.io.demand import read_demand
    from fsctl.io.xmldoc import load_xml

    out = tmp_path / "out"
    sample = str(ROOT / "samples" / "fair" / "departments.xml")
    call(
        sample,
        dry_run=False,
        output_dir=str(out),
        convert=ConvertOptions(cluster={"memory-mb": 1024000, "vcores": 1000}),
    )
    fair = read_fair(load_xml(sample)).tree
    capacity = read_capacity(load_xml(str(out / "capacity-scheduler.xml")), HadoopConf()).tree
    snapshot, _ = read_demand(str(ROOT / "samples" / "demand" / "departments.yaml"))
    assert fair is not None and capacity is not None and snapshot is not None and snapshot.cluster
    before = fair_figures(evaluate_fair(fair, snapshot.cluster, snapshot), under_load=True)
    allocation = {path: dict(f.guaranteed) for path, f in before.items()}
    allocation["root.qa"] = {"memory-mb": 614400, "vcores": 600}  # qa grows to its maximum
    after = capacity_figures(evaluate_capacity(capacity, snapshot.cluster), allocation)
    figures = Figures(snapshot.cluster, "test", before, after, demand="departments.yaml")
    from fsctl.convert.converter import ConversionResult

    conversion = ConversionResult({}, {}, None, None, [])
    brief: Brief = build_brief(fair, conversion, [], figures, BriefInputs("departments.xml", "3.4"))
    load = [c for c in brief.changes if c.measure == "load"]
    assert load[0].queue == "root.qa" and load[0].level == MAJOR  # +20 points
    assert brief.changes.index(load[0]) == 0
    assert figures.capacity_under_load


def test_queue_figures_name_their_measures() -> None:
    figures = QueueFigures({"memory-mb": 1}, {"memory-mb": 2}, None)
    assert [figures.measure(m) for m in ("guaranteed", "maximum", "load")] == [
        {"memory-mb": 1},
        {"memory-mb": 2},
        None,
    ]


def test_a_team_below_a_changed_department_keeps_its_own_change() -> None:
    # no --cluster: root.qc's maxResources is lifted, and with it its children's effective maximum;
    # at depth 1 they are one change, at depth 2 each child is a team whose change is its own
    sample = str(ROOT / "samples" / "fair" / "departments.xml")
    demand = str(ROOT / "samples" / "demand" / "departments.yaml")
    one = {c["queue"]: c for c in changes(brief_json(sample, demand=demand)) if c["measure"] == "maximum"}
    assert one["root.qc"]["queues_below"] == ["root.qc.p0", "root.qc.p1", "root.qc.p2"]
    brief = brief_json(sample, demand=demand, team_depth=2)
    two = {(c["queue"], t["team"]) for t in brief["teams"] for c in t["changes"] if c["measure"] == "maximum"}
    assert {("root.qc", "root.qc"), ("root.qc.p0", "root.qc.p0"), ("root.qc.p2", "root.qc.p2")} <= two


def test_a_conversion_with_errors_says_so_and_the_checklist_stops_there(tmp_path: Path) -> None:
    fair = fair_file(tmp_path, '<queue name="a"/>')
    conversion = ConvertOptions(cluster={"memory-mb": 102400, "vcores": 100}, fallback_queue="root.nope")
    code, text, _ = call(fair, convert=conversion)
    assert code == 1
    assert "The conversion has errors: nothing is compared" in text.split("\n\n", 1)[0]
    assert text.rstrip().endswith("Cutover checklist:\n  [ ] fix the errors: nothing is written")
