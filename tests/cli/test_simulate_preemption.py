"""``fsctl simulate --preemption``: when the preview shows, and every input it cannot use as one
located line with exit 2."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.cli.test_simulate import simulate
from tests.conftest import allocations, configuration, run_fsctl

Write = Callable[[str, str], str]
CS = "yarn.scheduler.capacity."
PRE = "yarn.resourcemanager.monitor.capacity.preemption."
TREE = {CS + "root.queues": "a,b", CS + "root.a.capacity": "40", CS + "root.b.capacity": "60"}
LOAD = """cluster: "memory-mb=20480, vcores=20"
queues:
  root.a:
    applications:
      - {name: big, user: ana, usage: "memory-mb=16384, vcores=16", am: "memory-mb=1024, vcores=1"}
  root.b:
    applications:
      - {name: late, user: bob, usage: "memory-mb=2048, vcores=2", demand: "memory-mb=12288, vcores=12"}
"""
MONITOR = {"yarn.resourcemanager.scheduler.monitor.enable": "true"}


def preview(out: str) -> dict[str, object] | None:
    document = json.loads(out)
    value = document.get("preemption")
    assert value is None or isinstance(value, dict)
    return value


def test_the_preview_shows_when_asked_or_when_the_monitor_runs_it(write: Write) -> None:
    config, demand = write("cs.xml", configuration(TREE)), write("load.yaml", LOAD)
    code, out, err = simulate(config, demand=demand, fmt="json")
    assert code == 0, err
    assert preview(out) is None  # the monitor is off and --preemption not given
    code, out, _ = simulate(config, demand=demand, fmt="json", preemption=True)
    shown = preview(out)
    assert code == 0 and shown is not None and shown["monitor"] is False
    assert shown["findings"][0]["code"] == "SM240"  # type: ignore[index]
    site = write("yarn-site.xml", configuration({**MONITOR, PRE + "total_preemption_per_round": "1.0"}))
    code, out, _ = simulate(config, demand=demand, yarn_site=site, fmt="json")
    shown = preview(out)
    assert code == 0 and shown is not None and shown["monitor"] is True
    assert [c["application"] for c in shown["containers"]] == ["big"] * 2  # type: ignore[index]


def test_the_command_line_flag(write: Write) -> None:
    config, demand = write("cs.xml", configuration(TREE)), write("load.yaml", LOAD)
    done = run_fsctl("simulate", config, "--demand", demand, "--preemption")
    assert done.returncode == 0, done.stderr
    assert "preemption preview: one round of ProportionalCapacityPreemptionPolicy" in done.stdout
    assert "SM240" in done.stdout


def test_a_fair_scheduler_file_is_refused(write: Write) -> None:
    config = write("fair.xml", allocations('<queue name="a"/>'))
    code, _, err = simulate(config, cluster={"memory-mb": 1024, "vcores": 1}, preemption=True)
    assert code == 2 and "--preemption previews the Capacity Scheduler's preemption policy" in err
    assert err.count("\n") == 1


def test_a_snapshot_queue_the_file_lacks_is_one_located_line(write: Write) -> None:
    config = write("cs.xml", configuration(TREE))
    demand = write(
        "load.yaml",
        'cluster: "memory-mb=20480, vcores=20"\nqueues:\n  root.c: {usage: "memory-mb=1024, vcores=1"}\n',
    )
    code, _, err = simulate(config, demand=demand, preemption=True)
    assert code == 2 and err.count("\n") == 1
    # the allocation under the load comes first, and names the queue (no parent here creates one)
    assert "load.yaml:3:" in err and "SM200 root.c: no such queue" in err


def test_a_setting_the_policy_cannot_read_is_one_located_line(write: Write) -> None:
    config, demand = write("cs.xml", configuration(TREE)), write("load.yaml", LOAD)
    site = write("yarn-site.xml", configuration({**MONITOR, PRE + "natural_termination_factor": "half"}))
    code, _, err = simulate(config, demand=demand, yarn_site=site)
    assert code == 2 and err.count("\n") == 1
    assert "yarn-site.xml:" in err and "SM241" in err and "natural_termination_factor" in err


def test_older_lines_are_not_previewed(write: Write) -> None:
    from fsctl.model.versions import parse_version

    config, demand = write("cs.xml", configuration(TREE)), write("load.yaml", LOAD)
    code, _, err = simulate(config, demand=demand, preemption=True, hadoop_version=parse_version("3.2"))
    assert code == 2 and "not 3.2's" in err
    site = write("yarn-site.xml", configuration(MONITOR))
    code, out, _ = simulate(config, demand=demand, yarn_site=site, hadoop_version=parse_version("3.2"))
    assert code == 0 and "the preemption policy of Hadoop 3.2 is not previewed" in out
