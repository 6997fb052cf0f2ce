"""The demand snapshot after the switch (fsctl.convert.load): each application where the converted
files place a submission the Fair file places in its queue."""

from __future__ import annotations

from dataclasses import dataclass

from fsctl.convert.load import snapshot_after
from fsctl.model.demand import AppLoad, DemandSnapshot, QueueLoad
from fsctl.routing.apps import App
from fsctl.routing.engine import Landing


@dataclass
class Table:
    """An engine that places by a table: (user, asked queue) -> queue (None: rejected)."""

    file: str
    places: dict[tuple[str, str | None], str | None]

    def route(self, app: App) -> Landing:
        queue = self.places.get((app.user, app.queue), "root.default")
        return Landing(self.file, queue, "table")


def snapshot(**queues: QueueLoad) -> DemandSnapshot:
    return DemandSnapshot(queues={load.path: load for load in queues.values()}, cluster={"memory-mb": 8192})


def test_an_application_goes_where_the_converted_rules_put_its_submission() -> None:
    fair = Table("fair.xml", {("ana", "root.a"): "root.a", ("bob", "root.a"): "root.a"})
    capacity = Table("cs.xml", {("ana", "root.a"): "root.b", ("bob", "root.a"): "root.a"})
    load = QueueLoad(
        "root.a", applications=[AppLoad("x", user="ana", usage={"memory-mb": 1024}), AppLoad("y", user="bob")]
    )
    after = snapshot_after(snapshot(a=load), [fair, capacity])
    assert {p: [a.name for a in q.applications] for p, q in after.snapshot.queues.items()} == {
        "root.b": ["x"],
        "root.a": ["y"],
    }
    assert after.moved == {"root.a": "root.b"} and after.rejected_count == 0
    assert after.snapshot.cluster == {"memory-mb": 8192}


def test_the_submission_naming_no_queue_decides_when_naming_the_queue_does_not_land_there() -> None:
    # the Fair file places ana's unnamed submissions in root.users.ana (a user rule), not named ones
    fair = Table("fair.xml", {("ana", "root.users.ana"): "root.default", ("ana", None): "root.users.ana"})
    capacity = Table("cs.xml", {("ana", None): "root.users.ana"})
    load = QueueLoad("root.users.ana", applications=[AppLoad("x", user="ana")])
    after = snapshot_after(snapshot(a=load), [fair, capacity])
    assert list(after.snapshot.queues) == ["root.users.ana"] and not after.moved


def test_a_queue_no_submission_reaches_keeps_its_path_and_a_rejected_application_is_counted() -> None:
    fair = Table("fair.xml", {("ana", "root.a"): "root.a"})
    capacity = Table("cs.xml", {("ana", "root.a"): None})
    kept = QueueLoad("root.c", demand={"memory-mb": 2048}, apps=2)
    gone = QueueLoad("root.a", applications=[AppLoad("x", user="ana"), AppLoad("y", user="ana")])
    after = snapshot_after(snapshot(a=gone, c=kept), [fair, capacity])
    assert list(after.snapshot.queues) == ["root.c"]
    assert after.snapshot.queues["root.c"].apps == 2  # moved whole: still totals
    assert after.rejected == {"root.a": 2} and after.rejected_count == 2


def test_totals_that_share_a_queue_with_listed_applications_become_their_applications() -> None:
    fair = Table("fair.xml", {("fsctl_probe_user", "root.a"): "root.a", ("ana", "root.b"): "root.b"})
    capacity = Table("cs.xml", {("fsctl_probe_user", "root.a"): "root.b", ("ana", "root.b"): "root.b"})
    totals = QueueLoad(
        "root.a", demand={"memory-mb": 5120, "vcores": 5}, usage={"memory-mb": 1024, "vcores": 1}, apps=2
    )
    listed = QueueLoad("root.b", applications=[AppLoad("x", user="ana")])
    after = snapshot_after(snapshot(a=totals, b=listed), [fair, capacity])
    apps = after.snapshot.queues["root.b"].applications
    assert [a.name for a in apps] == ["a-app1", "a-app2", "x"]
    # the first holds the usage and half the demand above it plus the remainder
    assert apps[0].usage == {"memory-mb": 1024, "vcores": 1}
    assert apps[0].demand == {"memory-mb": 3072, "vcores": 3}
    assert apps[1].demand == {"memory-mb": 2048, "vcores": 2} and apps[1].usage == {}
