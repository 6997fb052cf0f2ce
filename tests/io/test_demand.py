"""The demand snapshot of ``simulate --demand``: read into plain data, every problem located."""

from __future__ import annotations

from pathlib import Path

from fsctl.io.demand import read_demand
from fsctl.model.resources import MEMORY, VCORES

SNAPSHOT = """\
cluster: "memory-mb=102400, vcores=100"
queues:
  root.ads: {demand: "memory-mb=4096, vcores=4", apps: 2}
  root.search:
    applications:
      - {name: a1, demand: {memory-mb: 1024, vcores: 1}, start: 3}
"""


def test_reads_queues_apps_and_cluster(tmp_path: Path) -> None:
    path = tmp_path / "demand.yaml"
    path.write_text(SNAPSHOT, encoding="utf-8")
    snapshot, diagnostics = read_demand(str(path))
    assert diagnostics == [] and snapshot is not None
    assert snapshot.cluster == {MEMORY: 102400, VCORES: 100}
    assert snapshot.queues["root.ads"].demand == {MEMORY: 4096, VCORES: 4}
    assert snapshot.queues["root.ads"].app_count == 2
    (app,) = snapshot.queues["root.search"].applications
    assert (app.name, app.demand, app.start_time) == ("a1", {MEMORY: 1024, VCORES: 1}, 3)


def test_every_problem_is_a_located_diagnostic() -> None:
    snapshot, diagnostics = read_demand("d.yaml", "queues:\n  ads: {}\n  root.x: {demand: 50%}\n")
    assert snapshot is None
    assert [(d.code, d.location.line) for d in diagnostics] == [("SM102", 2), ("SM103", 3)]


def test_an_unreadable_file_is_sm101(tmp_path: Path) -> None:
    snapshot, diagnostics = read_demand(str(tmp_path / "missing.yaml"))
    assert snapshot is None and [d.code for d in diagnostics] == ["SM101"]


def test_an_application_names_its_user_and_container_size() -> None:
    text = (
        "queues:\n  root.a:\n    applications:\n"
        '      - {name: a1, user: alice, container: "memory-mb=2048, vcores=1",\n'
        '         demand: "memory-mb=8192, vcores=4"}\n'
        "      - {name: a2}\n"
    )
    snapshot, diagnostics = read_demand("d.yaml", text)
    assert diagnostics == [] and snapshot is not None
    first, second = snapshot.queues["root.a"].applications
    assert (first.user, first.container) == ("alice", {MEMORY: 2048, VCORES: 1})
    assert (second.user, second.container) == (None, None)


def test_a_user_that_is_not_a_name_is_sm102() -> None:
    snapshot, diagnostics = read_demand(
        "d.yaml", "queues:\n  root.a:\n    applications:\n      - {user: 7}\n"
    )
    assert snapshot is None and [(d.code, d.location.line) for d in diagnostics] == [("SM102", 4)]
