"""The one table of departures from fs2cs is the README's table."""

from __future__ import annotations

from fsctl.convert.departures import DEPARTURES, Difference, explained, markdown_table
from tests.conftest import ROOT


def test_readme_lists_every_departure() -> None:
    assert markdown_table() in (ROOT / "README.md").read_text(encoding="utf-8")


def test_each_row_has_a_reason_and_a_unique_name() -> None:
    assert len({d.name for d in DEPARTURES}) == len(DEPARTURES)
    assert all(d.fs2cs and d.fsctl and d.reason for d in DEPARTURES)


def test_explained_differences() -> None:
    queues = "yarn.scheduler.capacity.root.queues"
    assert explained(Difference(queues, "b,a", "a,b", {}, {}))
    assert not explained(Difference(queues, "b,a", "a,c", {}, {}))
    acl = "yarn.scheduler.capacity.root.acl_submit_applications"
    assert explained(Difference(acl, None, " ", {}, {}))
    assert not explained(Difference(acl, None, "*", {}, {}))
    assert explained(Difference(acl, None, "*", {}, {}, hadoop=(3, 3)))  # fs2cs 3.3 leaves * out
    delay = "yarn.scheduler.capacity.node-locality-delay"
    assert explained(Difference(delay, "0.1", None, {}, {})) and not explained(
        Difference(delay, "40", "41", {}, {})
    )
    capacity = "yarn.scheduler.capacity.root.{}.capacity"
    fs2cs = {capacity.format("a"): "33.333", capacity.format("b"): "33.334", capacity.format("c"): "33.333"}
    # the remainder goes where fs2cs puts it: a sibling that took it elsewhere is a divergence
    assert not explained(Difference(capacity.format("a"), "33.333", "33.334", fs2cs, {}))
    reported = frozenset({("CV403", "root")})
    assert explained(Difference(capacity.format("a"), "50.000", "66.667", fs2cs, {}, reported))
    assert not explained(Difference(capacity.format("a"), "50.000", "66.667", fs2cs, {}))


def test_acls_of_queues_fsctl_does_not_write() -> None:
    prefix = "yarn.scheduler.capacity."
    fsctl = {prefix + "root.queues": "a,b", prefix + "root.a.queues": "y"}
    never_created = prefix + "root.a.x.acl_submit_applications"
    assert explained(Difference(never_created, "bob ", None, {}, fsctl))
    assert explained(Difference(prefix + "ROOT.a.acl_administer_queue", "alice ", None, {}, fsctl))
    # an ACL of a queue fsctl does write is no departure
    assert not explained(Difference(prefix + "root.a.y.acl_submit_applications", "bob ", None, {}, fsctl))
    assert not explained(Difference(prefix + "root.b.acl_submit_applications", "bob ", None, {}, fsctl))
