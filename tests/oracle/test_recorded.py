"""Every divergence the oracle found, replayed against Hadoop's recorded answers (no JVM needed)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from fsctl.model.versions import parse_version
from tests.oracle import fs2cs_side, fsctl_side, load_compare
from tests.oracle.app_divergences import divergences, held_as_given
from tests.oracle.lines import FS2CS_LINES, LINES, MODERN_LINES, effective_resources
from tests.oracle.recorded import (
    CASES,
    case_input,
    case_settings,
    case_versions,
    convert_flags,
    demand_file,
    expected,
    fs2cs_options,
    submitted_apps,
    yarn_site,
)

pytestmark = pytest.mark.jvm_free

CASE_DIRS = sorted(p for p in CASES.iterdir() if p.is_dir())


def _cluster(spec: str, case: Path | None = None) -> dict[str, int]:
    """The case's cluster, in the resource types its yarn-site declares."""
    from fsctl.capacity.site import resource_types
    from fsctl.fair.cluster import parse_cluster
    from fsctl.io.loader import load_site

    # every type the spec names is known, and with the case those its yarn-site.xml declares
    named = [part.split("=")[0].strip() for part in spec.split(",") if "=" in part]
    site = yarn_site(case) if case is not None else None
    declared = list(resource_types(None if site is None else load_site(str(site)).conf))
    return parse_cluster(spec, [*declared, *(name for name in named if name not in declared)])


def _site(case: Path) -> str | None:
    site = yarn_site(case)
    return None if site is None else str(site)


APP_CASES = [
    p for p in CASE_DIRS if demand_file(p) is not None and case_input(p).name == "fair-scheduler.xml"
]
LOAD_CASES = [
    p for p in CASE_DIRS if demand_file(p) is not None and case_input(p).name == "capacity-scheduler.xml"
]
PLACE_CASES = [p for p in CASE_DIRS if submitted_apps(p) is not None]


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("case", PLACE_CASES, ids=[p.name for p in PLACE_CASES])
def test_fsctl_routes_as_hadoops_recorded_submissions(case: Path, version: str) -> None:
    # each application submitted to a MockRM running the file: where the ResourceManager ran it
    from fsctl.commands.route import RouteOptions
    from fsctl.commands.route import run as route
    from fsctl.model.versions import parse_version

    apps = submitted_apps(case) or []
    specs = [
        ",".join(
            [f"user={a['user']}"]
            + ([f"groups={':'.join(a['groups'])}"] if a.get("groups") else [])
            + ([f"queue={a['queue']}"] if a.get("queue") else [])
        )
        for a in apps
    ]
    site = yarn_site(case)
    out, err = io.StringIO(), io.StringIO()
    options = RouteOptions(
        [str(case_input(case))],
        app_specs=specs,
        yarn_site=None if site is None else str(site),
        hadoop_version=parse_version(version),
        fmt="json",
    )
    route(options, out, err)
    hadoop = expected(case)[version]["place"]
    if not hadoop["ok"]:  # the ResourceManager does not start on the file (3.3 and weights)
        assert not fsctl_side.load_verdict(str(case_input(case)), version)[0], hadoop["error"]
        return
    ours = [app["placements"][0] for app in json.loads(out.getvalue())["apps"]]
    assert [(p["queue"], p["rejected"]) for p in ours] == [
        (p["queue"], p["rejected"]) for p in hadoop["placements"]
    ]


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("case", APP_CASES, ids=[p.name for p in APP_CASES])
def test_fsctl_gives_hadoops_recorded_applications(case: Path, version: str) -> None:
    # with a demand snapshot: instantaneous shares, leaf starvation and AM limits, per-application rows
    hadoop = expected(case)[version]["shares"]
    if not hadoop["ok"]:
        # this line refuses the file (the shares of another line are the case): so must fsctl
        assert not fsctl_side.load_verdict(str(case_input(case)), version)[0], hadoop["error"]
        return
    site = yarn_site(case)
    snapshot = demand_file(case)
    assert snapshot is not None
    ours = fsctl_side.shares(
        str(case_input(case)),
        version,
        _cluster(case_settings(case)["cluster"]),
        demand=str(snapshot),
        yarn_site=None if site is None else str(site),
    )
    loads = json.loads(snapshot.read_text())["queues"]
    warned = fsctl_side.snapshot_warnings(
        str(case_input(case)),
        version,
        _cluster(case_settings(case)["cluster"]),
        str(snapshot),
        None if site is None else str(site),
    )
    if not held_as_given(hadoop, loads):
        # Hadoop could not hold the snapshot's usage (above a maximum): fsctl says so, and computes
        # the shares of the snapshot as given, which Hadoop never reaches
        assert "SM108" in warned
        return
    assert "SM108" not in warned
    totals = frozenset(path for path, load in loads.items() if "applications" not in load)
    assert divergences(hadoop, ours, totals) == []


@pytest.mark.parametrize(
    ("case", "version"),
    [(p, v) for p in LOAD_CASES for v in case_versions(p)],
    ids=[f"{p.name}-{v}" for p in LOAD_CASES for v in case_versions(p)],
)
def test_fsctl_gives_hadoops_recorded_allocation(case: Path, version: str) -> None:
    # a Capacity file under load: every queue's, user's and application's allocation and limits
    hadoop = expected(case)[version]["cs-load"]
    assert hadoop["ok"], hadoop.get("error")
    site = yarn_site(case)
    snapshot = demand_file(case)
    assert snapshot is not None
    ours = load_compare.fsctl_load(
        str(case_input(case)),
        None if site is None else str(site),
        case_settings(case)["cluster"],
        str(snapshot),
        version,
    )
    assert load_compare.divergences(hadoop, ours) == []


@pytest.mark.parametrize("version", LINES)
@pytest.mark.parametrize("case", CASE_DIRS, ids=[p.name for p in CASE_DIRS])
def test_fsctl_gives_hadoops_recorded_answer(case: Path, version: str) -> None:
    answers = expected(case)[version]
    source = str(case_input(case))
    if "load" in answers:
        load = answers["load"]
        loads, errors, queues = fsctl_side.load_verdict(source, version)
        assert loads == load["ok"], (load.get("error"), errors)
        if loads:
            assert queues == {q: v["type"] for q, v in load["queues"].items()}
    if "capacity" in answers:
        capacity = answers["capacity"]
        loads, errors, _ = fsctl_side.load_verdict(source, version)
        assert loads == capacity["ok"], (capacity.get("error"), errors)
        if loads:
            ours = fsctl_side.shares(
                source, version, _cluster(case_settings(case)["cluster"], case), yarn_site=_site(case)
            )
            theirs = {q["path"]: q for q in capacity["queues"]}
            assert {row["path"] for row in ours["queues"]} == set(theirs)
            for row in ours["queues"]:
                hadoop = theirs[row["path"]]
                for key in ("capacity", "maximum_capacity", "absolute_capacity", "absolute_maximum_capacity"):
                    assert abs(row[key] - hadoop[key]) <= 1e-3, (row["path"], key)
                for key in effective_resources(version):
                    assert fsctl_side.resource_or_zero(row[key]) == hadoop[key], (row["path"], key)
    if "shares" in answers and answers["shares"]["ok"]:
        settings = case_settings(case)
        # with the snapshot, as Hadoop had it: its queues may be dynamic ones
        snapshot = demand_file(case)
        site = yarn_site(case)
        ours = fsctl_side.shares(
            source,
            version,
            _cluster(settings["cluster"], case),
            demand=None if snapshot is None else str(snapshot),
            yarn_site=None if site is None else str(site),
        )
        theirs = {q["path"]: q for q in answers["shares"]["queues"]}
        rows = [row for row in ours["queues"] if row["path"] in theirs]
        assert {row["path"] for row in rows} == set(theirs)
        for row in rows:
            for key in ("steady_fair_share", "max_share"):
                hadoop_value = theirs[row["path"]][key]
                assert fsctl_side.same_resource(row[key], hadoop_value), (row["path"], key, hadoop_value)


PREEMPT_CASES = [p for p in CASE_DIRS if "leaves" in case_settings(p)]


@pytest.mark.parametrize("version", MODERN_LINES)
@pytest.mark.parametrize("case", PREEMPT_CASES, ids=[p.name for p in PREEMPT_CASES])
def test_fsctl_gives_hadoops_recorded_preemption(case: Path, version: str) -> None:
    # one round of ProportionalCapacityPreemptionPolicy on the case's load, in the orders Hadoop took
    # from object identity that run
    from tests.oracle import preemption_side

    hadoop = expected(case)[version]["cs-preempt"]
    assert hadoop["ok"], hadoop.get("error")
    settings = case_settings(case)
    ours = preemption_side.fsctl_round(
        str(case_input(case)),
        _site(case),
        version,
        _cluster(settings["cluster"], case),
        preemption_side.state_of(settings["leaves"]),
        preemption_side.hadoop_orders(hadoop),
    )
    assert preemption_side.divergences(hadoop, ours) == []


FS2CS_CASES = [p for p in CASE_DIRS if fs2cs_options(p, "3.4") is not None]


@pytest.mark.parametrize("version", FS2CS_LINES)
@pytest.mark.parametrize("case", FS2CS_CASES, ids=[p.name for p in FS2CS_CASES])
def test_convert_gives_fs2cs_recorded_output(case: Path, version: str, tmp_path: Path) -> None:
    # fs2cs's verdict and files, property for property, but for the departures' rows
    hadoop = expected(case)[version]["fs2cs"]
    converted = fs2cs_side.fsctl_convert(case_input(case), tmp_path / "out", convert_flags(case, version))
    line = parse_version(version)
    assert fs2cs_side.divergences(case.name, converted, hadoop, (line[0], line[1])) == []


FAIR_CASES = [p for p in CASE_DIRS if case_input(p).name == "fair-scheduler.xml"]


@pytest.mark.parametrize("case", FAIR_CASES, ids=[p.name for p in FAIR_CASES])
def test_lint_and_convert_name_the_cap_hadoop_puts_on_root(case: Path) -> None:
    # Hadoop's root maximum share below the cluster: the whole cluster is capped (FSQueue.fitsInMaxShare)
    from fsctl.commands.check import CheckOptions, check_files
    from fsctl.convert.converter import convert
    from fsctl.convert.options import ConvertOptions
    from fsctl.io.loader import load

    shares = expected(case)["3.4"]["shares"]
    if not shares["ok"]:
        return
    root = next(q for q in shares["queues"] if q["path"] == "root")
    cluster = shares["cluster"]
    capped = any(v is not None and v < cluster[t] for t, v in root["max_share"].items() if cluster.get(t))
    codes = {
        d.code for f in check_files(CheckOptions([str(case_input(case))], lint=True)) for d in f.diagnostics
    }
    assert ("FS330" in codes) == capped
    tree = load(str(case_input(case))).result.tree
    assert tree is not None
    converted = convert(tree, None, ConvertOptions(cluster=_cluster(case_settings(case)["cluster"], case)))
    assert any(d.code == "CV410" for d in converted.findings) == capped


def test_cv404_says_where_hadoop_puts_applications_to_an_ambiguous_leaf() -> None:
    # alice submits to 'p0', a leaf name two queues share: Hadoop's Fair Scheduler reads root.p0 and
    # its user rule runs her application in root.alice; the converted Capacity Scheduler skips the
    # ambiguous name and its user rule does the same (neither rejects it, as CV404 once said)
    from fsctl.commands.convert import ConvertCommand
    from fsctl.commands.convert import run as convert

    fair_case, converted_case = CASES / "ambiguous-leaf-name", CASES / "ambiguous-leaf-name-converted"
    fair = expected(fair_case)["3.4"]["place"]["placements"][0]
    capacity = expected(converted_case)["3.4"]["place"]["placements"][0]
    assert (fair["queue"], capacity["queue"]) == ("root.alice", "root.alice")
    out = io.StringIO()
    convert(ConvertCommand(str(case_input(fair_case)), dry_run=True, fmt="json"), out, io.StringIO())
    (finding,) = [
        d for f in json.loads(out.getvalue())["files"] for d in f["diagnostics"] if d["code"] == "CV404"
    ]
    assert finding["message"].endswith(
        "an application submitted to 'p0' lands in root.<user> (user) under the Fair Scheduler and in "
        "root.<user> (mapping rule 2 (user *: user)) after the conversion"
    )
    assert "rejected" not in finding["message"]


def test_cv306_says_where_hadoop_puts_applications_to_a_reservable_queue() -> None:
    # alice submits to 'plan', a reservable queue, without a reservation: Hadoop's Fair Scheduler
    # runs her application in root.plan.plan-default (resolveReservationQueueName), the converted
    # Capacity Scheduler (plan an auto-creating parent) in root.batch by the next rule
    from fsctl.commands.convert import ConvertCommand
    from fsctl.commands.convert import run as convert

    fair_case = CASES / "reservation-default-queue"
    converted_case = CASES / "reservation-default-queue-converted"
    fair = expected(fair_case)["3.4"]["place"]["placements"][1]  # bob, queue root.plan
    capacity = expected(converted_case)["3.4"]["place"]["placements"][1]
    out = io.StringIO()
    convert(ConvertCommand(str(case_input(fair_case)), dry_run=True, fmt="json"), out, io.StringIO())
    (finding,) = [
        d for f in json.loads(out.getvalue())["files"] for d in f["diagnostics"] if d["code"] == "CV306"
    ]
    assert f"'root.plan' without a reservation lands in {fair['queue']} (" in finding["message"]
    assert f"under the Fair Scheduler and in {capacity['queue']} (" in finding["message"]


PREEMPT_LOAD_CASES = [p for p in LOAD_CASES if case_settings(p).get("preempt")]


@pytest.mark.parametrize(
    ("case", "version"),
    [(p, v) for p in PREEMPT_LOAD_CASES for v in case_versions(p)],
    ids=[f"{p.name}-{v}" for p in PREEMPT_LOAD_CASES for v in case_versions(p)],
)
def test_the_preemption_preview_runs_on_the_state_the_allocation_reached(case: Path, version: str) -> None:
    # simulate --demand --preemption: one round of ProportionalCapacityPreemptionPolicy on what the
    # CapacityScheduler holds when the demand persists (user limits included), as Hadoop ran it on
    # the same scheduler: every queue's usage, pending, guarantee, ideal assignment and what it
    # would preempt, and the containers taken from each application
    from fsctl.commands.simulate import SimulateOptions, build_report

    hadoop = expected(case)[version]["cs-load"]
    assert hadoop["ok"], hadoop.get("error")
    snapshot = demand_file(case)
    assert snapshot is not None
    report = build_report(
        SimulateOptions(
            str(case_input(case)),
            cluster=_cluster(case_settings(case)["cluster"], case),
            demand=str(snapshot),
            yarn_site=_site(case),
            preemption=True,
            hadoop_version=parse_version(version),
        )
    )
    preview = report.preemption
    assert preview is not None and not [f for f in preview.findings if f.code == "SM244"]
    # Hadoop 3.3's round may end on an exception (an application of a leaf whose short name another
    # queue shares): fsctl says so (SM215), and nothing is taken
    thrown = hadoop["preemption"]["error"]
    assert (thrown is not None) == any(f.code == "SM215" for f in preview.findings), thrown
    assert thrown is None or thrown["class"] == "java.lang.NullPointerException"
    theirs = hadoop["preemption"]["queues"]
    assert {q.path for q in preview.queues} == set(theirs)
    for q in preview.queues:
        for key in ("used", "pending", "guaranteed", "ideal_assigned", "to_be_preempted"):
            ours = {t: getattr(q, key).get(t, 0) for t in theirs[q.path][key]}
            assert ours == theirs[q.path][key], (q.path, key)
    taken: dict[str, dict[str, object]] = {}
    for c in preview.selected:
        row = taken.setdefault(f"{c.queue} {c.app}", {"containers": 0, "total": {}})
        row["containers"] = int(str(row["containers"])) + 1
        total = row["total"]
        assert isinstance(total, dict)
        for t, amount in c.resource.items():
            total[t] = total.get(t, 0) + amount
    assert taken == {
        app: {"containers": row["containers"], "total": {t: v for t, v in row["total"].items()}}
        for app, row in hadoop["preemption"]["selected"].items()
    }


@pytest.mark.parametrize("version", LINES)
def test_cs312_says_where_hadoop_puts_applications_to_a_shared_short_name(version: str) -> None:
    # alice submits to 'c' (root.c, root.c.c, root.c.c.c, root.b.c), bob to root.c.c.c, dave to 'x'
    # (the parent root.x and the leaf root.a.x), erin to root.a.x
    from fsctl.io.loader import load
    from fsctl.lint import LintContext, run_lint

    case = CASES / "cs-short-name-registered-last"
    alice, bob, _, dave, erin, _ = expected(case)[version]["place"]["placements"]
    line = parse_version(version)
    loaded = load(str(case_input(case)), hadoop_version=line).result
    messages = {
        d.queue: d.message for d in run_lint(loaded, LintContext(hadoop_version=line)) if d.code == "CS312"
    }
    c, x = messages["root.c.c"], messages["root.x"]
    if parse_version(version) >= (3, 3):
        assert alice["rejected"] and dave["rejected"] and not bob["rejected"] and not erin["rejected"]
        assert c.endswith("submissions and mapping rules must use the full path")
        return
    assert (alice["queue"], bob["rejected"], dave["rejected"], erin["rejected"]) == (
        "root.b.c",
        True,
        True,
        True,
    )
    assert c.endswith(f"submitted to 'c' runs in {alice['queue']}, and root.c.c.c can never be submitted to")
    assert x.endswith(
        "submitted to 'x' is rejected (root.x is a parent), and root.a.x can never be submitted to"
    )


@pytest.mark.parametrize("version", [line for line in LINES if (3, 1) <= parse_version(line) < (3, 4)])
def test_a_vector_entry_hadoop_cannot_convert_is_refused_with_its_message_before_3_4(version: str) -> None:
    # CapacitySchedulerConfiguration.updateResourceValuesFromConfig of 3.1-3.3 converts every unit
    # (UnitsConversionUtil.convert throws for 'w'); 3.4's skips an unknown one
    case = CASES / "cs-vector-units-before-3.4"
    hadoop = expected(case)[version]["capacity"]["error"]
    _, errors, _ = fsctl_side.load_verdict(str(case_input(case)), version)
    (error,) = errors
    assert error.startswith(f"CS128 {hadoop['class'].rsplit('.', 1)[1]}: {hadoop['message']} (")
