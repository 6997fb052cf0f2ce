"""Conversions that depend on what the Fair reader records (queue elements, refused queues), so they
go through the real reader; the expected values are Hadoop's fs2cs answers (oracle/, 3.4.2)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fsctl.convert.converter import ConversionResult, convert
from fsctl.convert.options import ConvertOptions
from fsctl.io.loader import load
from tests.conftest import run_fsctl
from tests.convert.helpers import allocations, codes, cs


def _convert(write: Callable[[str, str], str], body: str) -> ConversionResult:
    tree = load(write("fair-scheduler.xml", allocations(body))).result.tree
    assert tree is not None
    return convert(tree, None, ConvertOptions())


def test_a_root_element_writes_roots_default_acls(write: Callable[[str, str], str]) -> None:
    # a <queue name="root"> element puts root's default * into getQueueAcls, and fs2cs writes it;
    # the default of the other queues (nobody) is not written
    props = cs(_convert(write, '<queue name="root"><queue name="a"/></queue>'))
    assert props["root.acl_submit_applications"] == "*"
    assert props["root.acl_administer_queue"] == "*"
    assert "root.a.acl_submit_applications" not in props


def test_without_a_root_element_no_root_acl(write: Callable[[str, str], str]) -> None:
    props = cs(_convert(write, '<queue name="a"/>'))
    assert "root.acl_submit_applications" not in props


def test_a_parent_whose_children_are_refused_stays_a_parent(write: Callable[[str, str], str]) -> None:
    # root.a.b (drf under fair) is not created; root.a, configured as a parent, converts as one
    result = _convert(
        write,
        "<defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>"
        '<queue name="a"><schedulingPolicy>fair</schedulingPolicy><queue name="b"/></queue>',
    )
    props = cs(result)
    assert "root.a.b.capacity" not in props
    assert props["root.a.auto-queue-creation-v2.enabled"] == "true"
    assert "root.a.ordering-policy" not in props and "root.a.user-limit-factor" not in props
    assert codes(result, "CV307") == ["root.a.b"]


def test_a_refused_queue_does_not_stop_the_conversion(
    write: Callable[[str, str], str], tmp_path: Path
) -> None:
    # the Fair Scheduler loads the file without the queue (FS114 is reported), and so does fs2cs
    source = write(
        "fair-scheduler.xml",
        allocations(
            '<queue name="a"><queue name="b"><schedulingPolicy>drf</schedulingPolicy></queue></queue>'
        ),
    )
    result = run_fsctl("convert", source, "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr  # written: FS114 is the review list's
    assert "FS114" in result.stdout and "CV109" not in result.stdout
    assert (tmp_path / "out" / "capacity-scheduler.xml").exists()
    asked = run_fsctl("convert", source, "-o", str(tmp_path / "again"), "--fail-on", "error")
    assert asked.returncode == 1 and (tmp_path / "again" / "capacity-scheduler.xml").exists()


def test_shares_hadoop_never_computes_are_a_warning_not_a_hang(
    tmp_path: Path, write: Callable[[str, str], str]
) -> None:
    # a NaN weight: Hadoop's ComputeFairShares loops forever, so --cluster has no "before" to show
    source = write("fair-scheduler.xml", allocations('<queue name="a"><weight>NaN</weight></queue>'))
    out = tmp_path / "out"
    result = run_fsctl("convert", source, "-o", str(out), "--cluster", "memory-mb=1000, vcores=7")
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert "SM107 warning: root.a has weight NaN" in result.stdout
