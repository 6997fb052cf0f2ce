"""Java's String.hashCode and HashSet order (values from jshell on OpenJDK 17)."""

from __future__ import annotations

import pytest

from fsctl.hadoop.javahash import hash_set_order, string_hash


@pytest.mark.parametrize(
    ("text", "java"),
    [("root.default", 497640757), ("root.default.a", 1491399144), ("é日本", 1058960), ("", 0)],
)
def test_string_hash_is_javas(text: str, java: int) -> None:
    assert string_hash(text) == java % 2**32


def test_hash_set_order_is_javas() -> None:
    # Hadoop 3.3.6 created root.default.b but not root.default.a from this set (tests/data/oracle)
    inserted = ["root.a", "root.default.a", "root.default.b", "root.default"]
    assert hash_set_order(inserted) == ["root.default.a", "root.default", "root.a", "root.default.b"]


def test_hash_set_order_after_resizes_is_javas() -> None:
    order = hash_set_order([f"root.q{i}" for i in range(100)] + ["root.q1"])
    assert len(order) == 100
    java_first = "root.q70,root.q71,root.q69,root.q65,root.q66,root.q67,root.q68,root.q61,root.q62,root.q63"
    assert order[:10] == java_first.split(",")
