"""``fsctl diff FAIR.xml CS.xml`` agrees with ``fsctl convert``: mapping rules read where the
configuration says (inline or ``mapping-rule-json-file``), the rules ``--fallback-queue`` adds
expected, and the ``maximum-capacity`` convert writes for maxResources compared with its value."""

from __future__ import annotations

import io
import json
from pathlib import Path

from fsctl.commands.convert import ConvertCommand
from fsctl.commands.convert import run as convert
from fsctl.convert.options import ConvertOptions
from fsctl.model.diagnostics import Severity
from tests.conftest import SAMPLES
from tests.diff.test_diff_command import diff

DEPARTMENTS = str(SAMPLES / "fair" / "departments.xml")
CLUSTER = {"memory-mb": 1024000, "vcores": 1000}


def converted(tmp_path: Path, **options: object) -> str:
    out = tmp_path / "migrated"
    command = ConvertCommand(
        fair_path=DEPARTMENTS,
        output_dir=str(out),
        fail_on=Severity.ERROR,
        convert=ConvertOptions(cluster=CLUSTER, fallback_queue="root.default", **options),  # type: ignore[arg-type]
    )
    assert convert(command, io.StringIO(), io.StringIO()) == 0
    return str(out / "capacity-scheduler.xml")


def unexpected(out: str) -> list[dict[str, str]]:
    # the JSON carries "expected" in the effect's words (DESIGN.md §2's shape has no flag)
    return [c for c in json.loads(out)["changes"] if "expected from the conversion" not in c["effect"]]


def test_a_conversion_differs_where_convert_warned(tmp_path: Path) -> None:
    # what convert warns about (CV406: the p2 queues' guarantees shrink 2.6x; RT201: submissions to
    # the department queues land in root.default) is what diff does not expect (exit 1), nothing else
    code, out, _ = diff(DEPARTMENTS, converted(tmp_path), cluster=CLUSTER)
    found = {(c["queue"], c["property"]) for c in unexpected(out)}
    assert code == 1
    assert found == {
        (None, "placement"),
        ("root.qa.p2", "shareOfCluster"),
        ("root.qb.p2", "shareOfCluster"),
        ("root.qc.p2", "shareOfCluster"),
    }


def test_rules_in_a_file_are_read(tmp_path: Path) -> None:
    path = converted(tmp_path, rules_to_file=True)
    code, out, _ = diff(DEPARTMENTS, path, cluster=CLUSTER)
    assert not any(c["property"] == "mapping-rules" for c in unexpected(out))
    # the rules really are compared: another policy in the Fair file is a difference
    fair = tmp_path / "fair.xml"
    fair.write_text(Path(DEPARTMENTS).read_text().replace('<rule name="specified" create="false"/>', ""))
    code, out, _ = diff(str(fair), path, cluster=CLUSTER)
    assert code == 1
    assert any(c["property"] == "mapping-rules" for c in unexpected(out))


def test_maximum_capacity_is_compared_with_the_value_convert_writes(tmp_path: Path) -> None:
    path = converted(tmp_path)
    code, out, _ = diff(DEPARTMENTS, path, cluster={"memory-mb": 2048000, "vcores": 2000})
    assert code == 1
    found = unexpected(out)
    changed = {c["queue"]: (c["old"], c["new"]) for c in found if c["property"] == "maximum-capacity"}
    assert changed["root.qa"] == ("30.0", "60")  # 614400 MB of 2048000 MB
    # without a cluster the value cannot be checked: expected, and said so
    code, out, _ = diff(DEPARTMENTS, path)
    changes = json.loads(out)["changes"]
    (qa,) = [c for c in changes if c["queue"] == "root.qa" and c["property"] == "maximum-capacity"]
    assert "expected from the conversion; give --cluster" in qa["effect"]
    assert not any(c["property"] == "maxResources" for c in changes if c["queue"] == "root.qa")
