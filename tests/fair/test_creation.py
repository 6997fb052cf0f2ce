"""The order Hadoop's QueueManager creates queues in (and lists a parent's children in), as fs2cs
writes it into ``.queues`` (oracle: 3.4.2 and 3.3.6's fs2cs on the same files)."""

from __future__ import annotations

import pytest

from fsctl.fair.creation import creation_order
from fsctl.model.versions import HadoopVersion

from .conftest import Reader


def children_in_creation_order(read_xml: Reader, body: str, version: HadoopVersion, parent: str) -> list[str]:
    tree = read_xml(body, version=version).tree
    rank = creation_order(tree, version).rank
    queue = tree.find(parent)
    return [c.name for c in sorted(queue.children, key=lambda c: rank[c.path])]


SEVEN = "".join(f'<queue name="{n}"/>' for n in "abcdefg")


@pytest.mark.parametrize(
    ("version", "expected"),
    [((3, 4), list("defgabc")), ((3, 3), ["default", *"defgabc"])],
)
def test_leaves_in_hash_set_order_after_the_early_default(
    read_xml: Reader, version: HadoopVersion, expected: list[str]
) -> None:
    # fs2cs: root.queues d,e,f,g,a,b,c (3.4.2) and default,d,e,f,g,a,b,c (3.3.6)
    assert children_in_creation_order(read_xml, SEVEN, version, "root") == expected


def test_a_parent_is_made_with_its_first_leaf_and_refused_ones_count(read_xml: Reader) -> None:
    # fs2cs 3.4.2: root.queues a,b; root.a.queues y (x, a drf child of a fair parent, is refused)
    body = (
        '<queue name="root"><queue name="a"><queue name="x"><schedulingPolicy>drf</schedulingPolicy>'
        '</queue><queue name="y"/></queue><queue name="b"/></queue>'
    )
    tree = read_xml(body).tree
    rank = creation_order(tree, (3, 4)).rank
    assert sorted(["root.a", "root.b"], key=rank.__getitem__) == ["root.a", "root.b"]
    assert "root.a.x" in rank and rank["root.a"] < rank["root.a.y"]


def test_under_a_root_element_spelled_otherwise_names_are_hashed_as_written(read_xml: Reader) -> None:
    # fs2cs 3.4.2 on <queue name="ROOT"><queue name="a"/><queue name="b"/>: root.ROOT.queues b,a
    body = '<queue name="ROOT"><queue name="a"/><queue name="b"/></queue>'
    assert children_in_creation_order(read_xml, body, (3, 4), "root.ROOT") == ["b", "a"]


def test_before_3_4_a_declared_parent_root_default_is_made_again_among_the_parents(read_xml: Reader) -> None:
    # fs2cs 3.3.6 gives root.default, the last child created, the remainder (33.334): the early leaf
    # is removed and the parent made at its turn in the parents' HashSet order, after p1
    body = '<queue name="p1" type="parent"/><queue name="a"/><queue name="default" type="parent"/>'
    assert children_in_creation_order(read_xml, body, (3, 3), "root") == ["a", "p1", "default"]
