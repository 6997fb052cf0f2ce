"""``fsctl simulate``: the command end to end (JSON contract of DESIGN.md §2, CSV, text, errors)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from fsctl.commands.simulate import SimulateOptions, run
from tests.conftest import SAMPLES, allocations, configuration, run_fsctl

Write = Callable[[str, str], str]

S4_TREE = allocations(
    '<queue name="parentA"><weight>8</weight>'
    + "".join(f'<queue name="childA{i}"/>' for i in range(1, 5))
    + '</queue><queue name="parentB"><weight>1</weight><queue name="childB1"/><queue name="childB2"/></queue>'
    '<queue name="default"/>'
)
ROW_KEYS = {
    "path",
    "parent",
    "leaf",
    "policy",
    "weight",
    "active",
    "min_share",
    "max_share",
    "demand",
    "usage",
    "steady_fair_share",
    "fair_share",
    "starvation",
}
#: keys only leaf rows have: the AM limit and the applications the snapshot lists
LEAF_KEYS = {"max_am_share", "am_usage", "am_limit", "applications"}


def simulate(*args: str, **options: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(SimulateOptions(*args, **options), out, err)  # type: ignore[arg-type]
    return code, out.getvalue(), err.getvalue()


def rows(text: str) -> dict[str, dict[str, object]]:
    doc = json.loads(text)
    assert doc["version"] == 1
    return {row["path"]: row for row in doc["queues"]}


def test_s4_json_contract(write: Write) -> None:
    # TestFairSchedulerFairShare#testFairShareMultipleActiveQueuesUnderDifferentParent (fs-math.md §4.4 S4)
    config = write("fair.xml", S4_TREE)
    demand = write(
        "demand.yaml",
        "queues:\n"
        + "".join(
            f"  {q}: {{demand: 'memory-mb=1024, vcores=1', apps: 1}}\n"
            for q in ("root.parentA.childA1", "root.parentA.childA2", "root.parentB.childB1", "root.default")
        ),
    )
    code, out, err = simulate(config, cluster={"memory-mb": 16384, "vcores": 10}, demand=demand, fmt="json")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["cluster"] == {"memory-mb": 16384, "vcores": 10}
    by_path = rows(out)
    a1 = by_path["root.parentA.childA1"]
    assert set(a1) == ROW_KEYS | LEAF_KEYS
    assert a1["fair_share"] == {"memory-mb": 6554, "vcores": None}  # fair policy: vcores not computed
    assert a1["max_share"] == {"memory-mb": None, "vcores": None}  # unbounded
    assert a1["active"] is True and by_path["root.parentA.childA3"]["active"] is False
    assert by_path["root.parentB.childB1"]["fair_share"] == {"memory-mb": 1638, "vcores": None}
    assert by_path["root.parentA.childA3"]["steady_fair_share"] == {"memory-mb": 3277, "vcores": None}
    assert a1["starvation"] == {
        "min_share": {"memory-mb": 0, "vcores": 0},
        "fair_share": {"memory-mb": 0, "vcores": 0},
    }


def test_csv_and_text(write: Write) -> None:
    config = write("fair.xml", S4_TREE)
    code, out, _ = simulate(config, cluster={"memory-mb": 16384, "vcores": 10}, fmt="csv")
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    child = next(r for r in table if r["path"] == "root.parentB.childB2")
    assert child["steady_fair_share.memory-mb"] == "819" and child["steady_fair_share.vcores"] == ""
    code, out, _ = simulate(config, cluster={"memory-mb": 16384, "vcores": 10}, fmt="text", color=False)
    assert code == 0 and "childB2" in out and "819M" in out and "\x1b[" not in out


def test_focus_on_a_queue_and_depth(write: Write) -> None:
    config = write("fair.xml", S4_TREE)
    _, out, _ = simulate(config, cluster={"memory-mb": 16384, "vcores": 10}, fmt="json", queue="root.parentA")
    assert sorted(rows(out)) == ["root.parentA"] + [f"root.parentA.childA{i}" for i in range(1, 5)]
    _, out, _ = simulate(config, cluster={"memory-mb": 16384, "vcores": 10}, fmt="json", depth=1)
    assert sorted(rows(out)) == ["root", "root.default", "root.parentA", "root.parentB"]


def test_capacity_json(write: Write) -> None:
    # TestQueueParsing (cs.md §9.3 #33): a1 absCap 6 %, absMax 15 %
    config = write(
        "cs.xml",
        configuration(
            {
                "yarn.scheduler.capacity.root.queues": "a,b,c",
                "yarn.scheduler.capacity.root.a.capacity": "10",
                "yarn.scheduler.capacity.root.a.maximum-capacity": "15",
                "yarn.scheduler.capacity.root.b.capacity": "20",
                "yarn.scheduler.capacity.root.c.capacity": "70",
                "yarn.scheduler.capacity.root.a.queues": "a1,a2",
                "yarn.scheduler.capacity.root.a.a1.capacity": "60",
                "yarn.scheduler.capacity.root.a.a2.capacity": "40",
            }
        ),
    )
    code, out, err = simulate(config, cluster={"memory-mb": 102400, "vcores": 100}, fmt="json")
    assert code == 0, err
    a1 = rows(out)["root.a.a1"]
    assert a1["absolute_capacity"] == pytest.approx(6.0) and a1["absolute_maximum_capacity"] == pytest.approx(
        15.0
    )
    assert a1["guaranteed"] == {"memory-mb": 6144, "vcores": 6}
    assert a1["maximum"] == {"memory-mb": 15360, "vcores": 15}


def test_a_weight_queues_capacity_is_0_in_json_and_its_weight_in_text(write: Write) -> None:
    # QueueCapacities.capacity of 1w is 0 (oracle 3.4.2); the text column shows the weight instead
    config = write(
        "cs.xml",
        configuration(
            {
                "yarn.scheduler.capacity.root.queues": "a,b",
                "yarn.scheduler.capacity.root.a.capacity": "1w",
                "yarn.scheduler.capacity.root.b.capacity": "3w",
            }
        ),
    )
    cluster = {"memory-mb": 102400, "vcores": 100}
    code, out, err = simulate(config, cluster=cluster, fmt="json")
    assert code == 0, err
    b = rows(out)["root.b"]
    assert (b["capacity"], b["absolute_capacity"], b["weight"]) == (0.0, 75.0, 3.0)
    _, text, _ = simulate(config, cluster=cluster, fmt="text")
    (line,) = [row for row in text.splitlines() if row.split()[:1] == ["b"]]
    assert line.split()[1:3] == ["3w", "75.00"]


def test_in_flexible_mode_a_weight_queues_capacity_is_its_share_in_json_and_text(write: Write) -> None:
    # CapacitySchedulerQueueCapacityHandler.setQueueCapacities: the queue's resources over its
    # parent's (recorded: cs-flexible-capacities)
    config = write(
        "cs.xml",
        configuration(
            {
                "yarn.scheduler.capacity.legacy-queue-mode.enabled": "false",
                "yarn.scheduler.capacity.root.queues": "a,b",
                "yarn.scheduler.capacity.root.a.capacity": "1w",
                "yarn.scheduler.capacity.root.b.capacity": "3w",
            }
        ),
    )
    cluster = {"memory-mb": 102400, "vcores": 100}
    code, out, err = simulate(config, cluster=cluster, fmt="json")
    assert code == 0, err
    b = rows(out)["root.b"]
    assert (b["capacity"], b["absolute_capacity"], b["weight"]) == (75.0, 75.0, 3.0)
    _, text, _ = simulate(config, cluster=cluster, fmt="text")
    (line,) = [row for row in text.splitlines() if row.split()[:1] == ["b"]]
    assert line.split()[1:3] == ["75.00", "75.00"]


@pytest.mark.parametrize(
    ("demand", "message"),
    [
        # below a leaf no queue can be created (QueueManager.getLeafQueue); root.nope would be
        ("queues:\n  root.default.nope: {demand: 'memory-mb=1, vcores=1'}\n", "SM104"),
        ("queues:\n  root.parentA: {demand: 'memory-mb=1, vcores=1'}\n", "SM105"),
        ("queues:\n  root.default: {demand: 'memory-mb=lots'}\n", "demand.yaml:2:26: SM103"),
        ("queues: [\n", "SM101"),
    ],
)
def test_bad_demand_is_one_located_line(write: Write, demand: str, message: str) -> None:
    config = write("fair.xml", S4_TREE)
    path = write("demand.yaml", demand)
    code, out, err = simulate(config, cluster={"memory-mb": 1024, "vcores": 1}, demand=path)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cluster_from_the_demand_file(write: Write) -> None:
    config = write("fair.xml", S4_TREE)
    path = write("demand.yaml", "cluster: 'memory-mb=240, vcores=1'\nqueues: {}\n")
    code, out, _ = simulate(config, demand=path, fmt="json")
    assert code == 0 and json.loads(out)["cluster"] == {"memory-mb": 240, "vcores": 1}
    code, _, err = simulate(config)
    assert code == 2 and "SM106" in err


def test_a_configuration_hadoop_never_finishes_stops_with_sm107(write: Write) -> None:
    # <weight>NaN</weight> alone under root: Hadoop's ComputeFairShares loops forever (fsctl hung)
    config = write("fair.xml", allocations('<queue name="etl">\n  <weight>NaN</weight>\n</queue>'))
    done = run_fsctl("simulate", config, "--cluster", "memory-mb=1000, vcores=7", "--format", "json")
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr.count("\n") == 1 and "SM107" in done.stderr and "root.etl has weight NaN" in done.stderr
    )
    assert f"{config}:4:" in done.stderr  # at the <weight> element
    # diff computes shares with --cluster and for its html page: the same located line, exit 2
    plain = write("plain.xml", allocations('<queue name="etl"/>'))
    for extra in (["--cluster", "memory-mb=1000, vcores=7"], ["--format", "html"]):
        compared = run_fsctl("diff", plain, config, *extra)
        assert compared.returncode == 2 and "internal error" not in compared.stderr, extra
        assert (
            compared.stderr
            == f"fsctl diff: {config}:4:3: SM107 root.etl has weight NaN"
            + (done.stderr.partition("has weight NaN")[2])
        )
    # a NaN weight beside a finite one ends (it gets 0): the queue named is the one whose search does not
    two = write(
        "two.xml",
        allocations(
            '<queue name="a"><queue name="x"><weight>NaN</weight></queue><queue name="y"/></queue>\n'
            '<queue name="b"><queue name="z"><weight>NaN</weight></queue></queue>'
        ),
    )
    named = run_fsctl("simulate", two, "--cluster", "memory-mb=1000, vcores=7")
    assert named.returncode == 2 and "SM107 root.b.z has weight NaN" in named.stderr
    # convert's html page leaves the "before" panel out and says why
    page = run_fsctl("convert", config, "--format", "html", "-o", str(Path(config).parent / "out"))
    assert "internal error" not in page.stderr and "before left out:" in page.stdout


def test_cli_exit_codes(write: Write) -> None:
    config = write("fair.xml", S4_TREE)
    ok = run_fsctl("simulate", config, "--cluster", "memory-mb=16384, vcores=10", "--format", "json")
    assert ok.returncode == 0 and rows(ok.stdout)["root.default"]["steady_fair_share"] == {
        "memory-mb": 1638,
        "vcores": None,
    }  # weight 1 of 10 (S1 tree), derived
    bad = run_fsctl("simulate", config, "--cluster", "lots")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    broken = run_fsctl("simulate", write("broken.xml", "<allocations>"), "--cluster", "memory-mb=1, vcores=1")
    assert broken.returncode == 2 and "Traceback" not in broken.stderr and broken.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("config", "demand"),
    [
        ("fair/team-cluster.xml", "demand/team-cluster.yaml"),
        ("fair/departments.xml", "demand/departments.yaml"),
        ("capacity/team-cluster.xml", "demand/team-cluster.yaml"),
        ("capacity/departments.xml", "demand/departments.yaml"),
        ("capacity/departments.xml", "demand/departments-load.yaml"),
    ],
)
def test_samples_simulate(config: str, demand: str) -> None:
    code, out, err = simulate(str(SAMPLES / config), demand=str(SAMPLES / demand), fmt="json")
    assert code == 0, err
    assert rows(out)["root"]["leaf"] is False


def test_readme_example_is_deterministic() -> None:
    path = SAMPLES / "fair" / "team-cluster.xml"
    first = simulate(str(path), demand=str(SAMPLES / "demand" / "team-cluster.yaml"))
    assert first == simulate(str(path), demand=str(SAMPLES / "demand" / "team-cluster.yaml"))
    assert Path(path).exists()


def test_branch_2_8_preemption_model_and_color(write: Write) -> None:
    # TestFSLeafQueue#testIsStarvedForFairShare (branch-2.8, fs-math.md §4.8 X6) through the command
    config = write(
        "fair.xml",
        allocations(
            "<defaultFairSharePreemptionTimeout>10</defaultFairSharePreemptionTimeout>"
            '<queue name="A"><weight>0.2</weight></queue>'
            '<queue name="B"><weight>0.8</weight>'
            '<queue name="B1"><fairSharePreemptionThreshold>0.4</fairSharePreemptionThreshold></queue>'
            '<queue name="B2"><fairSharePreemptionThreshold>0.6</fairSharePreemptionThreshold></queue>'
            "</queue>"
        ),
    )
    site = write(
        "yarn-site.xml",
        configuration(
            {
                "yarn.scheduler.fair.preemption": "true",
                "yarn.scheduler.fair.preemption.cluster-utilization-threshold": "0",
            }
        ),
    )
    demand = write(
        "demand.yaml",
        "queues:\n"
        "  root.A: {demand: 'memory-mb=1024, vcores=1'}\n"
        "  root.B.B1: {demand: 'memory-mb=3072, vcores=3', usage: 'memory-mb=2048, vcores=2'}\n"
        "  root.B.B2: {demand: 'memory-mb=3072, vcores=3', usage: 'memory-mb=2048, vcores=2'}\n",
    )
    options = {"cluster": {"memory-mb": 10240, "vcores": 10}, "demand": demand, "yarn_site": site}
    code, out, err = simulate(config, fmt="json", hadoop_version=(2, 8), **options)
    assert code == 0, err
    by_path = rows(out)
    assert by_path["root.B.B1"]["starvation"]["fair_share"]["memory-mb"] == 0  # type: ignore[index]
    assert by_path["root.B.B2"]["starvation"]["fair_share"]["memory-mb"] == 1024  # type: ignore[index]
    code, out, _ = simulate(config, fmt="text", color=True, hadoop_version=(2, 8), **options)
    assert code == 0 and "\x1b[" in out and "STARVED fair-share 1024M" in out
    code, _, err = simulate(config, queue="root.nope", **options)
    assert code == 2 and "root.nope" in err


def test_text_marks_starvation_on_leaves_and_sums_it_on_parents() -> None:
    # FSLeafQueue#updateStarvedApps: starvation belongs to leaf queues; a parent row only sums it
    from tests.conftest import run_fsctl

    result = run_fsctl(
        "simulate",
        str(SAMPLES / "fair" / "departments.xml"),
        "--demand",
        str(SAMPLES / "demand" / "departments.yaml"),
        "--yarn-site",
        str(SAMPLES / "yarn-site.xml"),
    )
    rows = {line.split()[0]: line for line in result.stdout.splitlines()[2:] if line.strip()}
    assert result.returncode == 0
    assert "leaves starved min-share" in rows["root"] and "STARVED" not in rows["root"]
    # Hadoop's numbers (the oracle's MockRM on this sample): root.qa.p2's 25 applications, the first
    # holding the usage, are starved of min share and of fair share
    assert "STARVED min-share 2048M/2; STARVED fair-share 38912M/38" in result.stdout


IMPOSSIBLE = allocations(
    '<queue name="p"><maxResources>memory-mb=8192, vcores=8</maxResources>'
    '<queue name="x"/><queue name="y"><maxResources>memory-mb=2048, vcores=2</maxResources></queue>'
    "</queue>"
)
IMPOSSIBLE_SNAPSHOT = (
    "queues:\n"
    '  root.p.x: {demand: "memory-mb=4096, vcores=4", usage: "memory-mb=4096, vcores=4"}\n'
    '  root.p.y: {demand: "memory-mb=4096, vcores=4", usage: "memory-mb=4096, vcores=4"}\n'
)


@pytest.mark.parametrize("command", ["simulate", "diff"])
def test_usage_above_a_maximum_is_a_located_warning(write: Write, command: str) -> None:
    # Hadoop never assigns a container past a queue's maximum (FSQueue.fitsInMaxShare; recorded:
    # tests/data/oracle/snapshot-above-maximum): the snapshot is not a state of this configuration
    path = write("fair.xml", IMPOSSIBLE)
    demand = write("demand.yaml", IMPOSSIBLE_SNAPSHOT)
    files = [path] if command == "simulate" else [path, path]
    result = run_fsctl(command, *files, "--demand", demand, "--cluster", "memory-mb=16384, vcores=16")
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "SM108" in line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"{demand}:3:3: SM108 warning: root.p.y uses memory-mb=4096, vcores=4")
    assert "above its maximum (memory-mb=2048, vcores=2)" in lines[0]
