"""The per-queue key table: one row per key, the views the reader, lint and the records use."""

from __future__ import annotations

from fsctl.capacity import keys


def test_one_row_per_key_and_derived_values_are_not_read() -> None:
    names = [row.name for row in keys.QUEUE_ROWS]
    assert len(names) == len(set(names)) == 57
    for row in keys.QUEUE_ROWS:
        assert row.value in (keys.PLAIN, keys.RESOLVED, keys.NOT_KEPT)
        if row.kind is keys.DERIVED:  # capacity-mode, node-labels, ...: no key of the file
            assert row.value == keys.RESOLVED and keys.queue_kind(row.name) is None


def test_views() -> None:
    assert keys.QUEUE_KEYS["capacity"] == keys.CAPACITY
    assert keys.QUEUE_KEYS["max-parallel-apps"] == keys.INT_VALUEOF  # Integer.valueOf: not trimmed
    assert "capacity-mode" not in keys.QUEUE_KEYS and "capacity-mode" in keys.EFFECTIVE_QUEUE_KEYS
    assert "queues" in keys.QUEUE_KEYS and "queues" not in keys.EFFECTIVE_QUEUE_KEYS
    assert keys.EFFECTIVE_QUEUE_KEYS[:3] == ("capacity", "maximum-capacity", "capacity-mode")
    assert keys.PLAIN_QUEUE_KEYS == (
        "minimum-user-limit-percent", "user-limit-factor", "maximum-applications",
        "maximum-am-resource-percent", "max-parallel-apps", "acl_submit_applications",
        "acl_administer_queue", "acl_application_max_priority", "acl_administer_reservations",
        "acl_list_reservations", "acl_submit_reservations", "priority", "default-application-priority",
        "allow-zero-capacity-sum", "reservable", "auto-create-child-queue.max-queues",
        "auto-create-child-queue.fail-on-exceeding-parent-capacity",
        "auto-create-child-queue.management-policy", "auto-queue-creation-v2.max-queues",
        "auto-queue-creation-v2.queue-auto-removal.enable",
    )  # fmt: skip
