"""``render_json``: the same bytes as ``json.dump(indent=2)`` for rows of every shape, whichever path
(a row's plan, the general encoder, the vector memo) writes them."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fsctl.commands.simulate import SimulateError, SimulateOptions, build_report
from fsctl.report.simulate import Row, SimulateReport, render, render_json, strip_private, vector

TYPES = ("memory-mb", "vcores")


def _rows() -> list[Row]:
    shares = vector({"memory-mb": 2048, "vcores": 2**63 - 1}, TYPES)
    rows: list[Row] = [
        {"path": "root", "parent": None, "leaf": False, "weight": 1.0, "min_share": shares, "_depth": 0},
        {"path": "root.a", "parent": "root", "leaf": True, "weight": 0.1, "min_share": dict(shares)},
        # the same shape with values that are equal as memo keys but spelled differently
        {"path": "root.b", "parent": "root", "leaf": True, "weight": 1, "min_share": {"memory-mb": 1.0}},
        {"path": "root.c", "parent": "root", "leaf": 1, "weight": True, "min_share": {"memory-mb": True}},
        {"path": "root.ü", "parent": "root", "leaf": False, "weight": float("nan"), "min_share": {}},
        {"path": "x", "weight": float("inf"), "list": [1, [], {}, (2.5, None)], "neg": -float("inf")},
        {1: "int key", 1.5: "float key", False: "bool key", None: "null key"},
        {},
        {"_only": "private"},
        {"applications": [{"name": "a", "demand": vector(None, TYPES, missing_is_null=False)}]},
    ]
    return rows


@pytest.mark.parametrize("skip_private", [False, True])
@pytest.mark.parametrize("count", [0, 1, 3, 10])
def test_render_json_is_json_dump_indent_2(skip_private: bool, count: int) -> None:
    rows = (_rows() * 2)[:count] if count < 10 else _rows() * 3
    if skip_private:  # private keys are "_"-prefixed strings: such rows have only str keys
        rows = [row for row in rows if all(isinstance(k, str) for k in row)]
    report = SimulateReport("fair-scheduler", {"memory-mb": 1024, "vcores": 1}, TYPES, rows)
    out = io.StringIO()
    render_json(report, out, skip_private=skip_private)
    document: dict[str, Any] = report.to_json()
    if skip_private:
        document["queues"] = strip_private(rows)
    assert out.getvalue() == json.dumps(document, indent=2) + "\n"


def test_vector_nulls_and_zeros() -> None:
    unbounded = 2**63 - 1
    assert vector({"memory-mb": unbounded, "vcores": 3}, TYPES) == {"memory-mb": None, "vcores": 3}
    assert vector({"memory-mb": 5}, TYPES) == {"memory-mb": 5, "vcores": None}
    assert vector({"memory-mb": 5}, TYPES, missing_is_null=False) == {"memory-mb": 5, "vcores": 0}
    assert vector(None, TYPES, missing_is_null=False) == {"memory-mb": 0, "vcores": 0}
    assert vector({"memory-mb": unbounded}, TYPES, unbounded_is_null=False)["memory-mb"] == unbounded


ROOT = Path(__file__).resolve().parents[2]
ORACLE = sorted(p for p in (ROOT / "tests" / "data" / "oracle").iterdir() if p.is_dir())
SAMPLES = sorted((ROOT / "samples").glob("*/*.xml"))


def _options(case: Path) -> SimulateOptions:
    if case.is_file():
        return SimulateOptions(path=str(case), cluster={"memory-mb": 102400, "vcores": 100}, fmt="json")
    demand, site = case / "demand.json", case / "yarn-site.xml"
    return SimulateOptions(
        path=str(next(p for p in sorted(case.glob("*.xml")) if p.name != "yarn-site.xml")),
        cluster={"memory-mb": 102400, "vcores": 100},
        demand=str(demand) if demand.exists() else None,
        yarn_site=str(site) if site.exists() else None,
        hadoop_version=(2, 8) if "preemption" in case.name else (3, 4),
        fmt="json",
    )


def _hadoop_refuses(case: Path) -> bool:
    """Whether Hadoop 3.4 refused to load the case (its recorded answer)."""
    answers = json.loads((case / "hadoop.json").read_text())["3.4"]
    return not (answers.get("capacity") or answers["load"])["ok"]


#: oracle cases Hadoop 3.4 refuses to load, so simulate refuses them too, with the code of Hadoop's
#: reason: mixed capacity modes (CS119), an empty value attribute Float.parseFloat refuses (CS103),
#: maxAMShare on a parent (FS110), a maximum above the one the parent inherits (CS108), an absolute
#: leaf-queue-template under a percentage parent (CS117)
REFUSED = {
    "cs-absolute-child-of-percentage": "CS119",
    "cs-mixed-siblings": "CS119",
    "cs-compact-empty-value": "CS103",
    "parent-max-am-share": "FS110",
    "cs-absolute-max-above-inherited-max": "CS108",
    "cs-v1-absolute-template-under-percentage": "CS117",
}


def test_the_refused_cases_are_those_hadoop_refuses() -> None:
    assert set(REFUSED) == {c.name for c in ORACLE if _hadoop_refuses(c)}


@pytest.mark.parametrize("case", [c for c in ORACLE if c.name in REFUSED], ids=lambda p: p.name)
def test_cases_hadoop_refuses_are_refused(case: Path) -> None:
    with pytest.raises(SimulateError, match=REFUSED[case.name]):
        build_report(_options(case))


#: Capacity files with a snapshot: the allocation under load, which JSON always writes from its rows
UNDER_LOAD = {
    c.name for c in ORACLE if (c / "capacity-scheduler.xml").exists() and (c / "demand.json").exists()
}


@pytest.mark.parametrize(
    "case", SAMPLES + [c for c in ORACLE if c.name not in REFUSED.keys() | UNDER_LOAD], ids=lambda p: p.name
)
def test_json_from_the_evaluation_is_json_of_the_rows(case: Path) -> None:
    """``render`` writes JSON straight from the evaluation; the rows say the same, byte for byte."""
    report = build_report(_options(case))
    assert report.result is not None
    direct = io.StringIO()
    render(report, "json", direct)
    assert report.result is not None  # the rows were never built
    from_rows = io.StringIO()
    render_json(report, from_rows, skip_private=True)  # builds the rows
    assert report.result is None
    assert direct.getvalue() == from_rows.getvalue()
    assert json.loads(direct.getvalue())["queues"] == strip_private(report.rows)


LABELLED = """<?xml version="1.0"?>
<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
  <property><name>yarn.scheduler.capacity.root.accessible-node-labels.gpu.capacity</name><value>100</value></property>
  <property><name>yarn.scheduler.capacity.root.a.capacity</name><value>40</value></property>
  <property><name>yarn.scheduler.capacity.root.b.capacity</name><value>60</value></property>
  <property><name>yarn.scheduler.capacity.root.a.accessible-node-labels</name><value>gpu</value></property>
  <property><name>yarn.scheduler.capacity.root.a.accessible-node-labels.gpu.capacity</name><value>25.5</value></property>
  <property><name>yarn.scheduler.capacity.root.b.accessible-node-labels.gpu.capacity</name><value>74.5</value></property>
  <property><name>yarn.scheduler.capacity.root.a.accessible-node-labels.gpu.maximum-capacity</name><value>37.5</value></property>
  <property><name>yarn.scheduler.capacity.root.b.accessible-node-labels</name><value>gpu</value></property>
</configuration>
"""


def test_json_from_the_evaluation_with_node_labels(tmp_path: Path) -> None:
    config = tmp_path / "capacity-scheduler.xml"
    config.write_text(LABELLED, encoding="utf-8")
    report = build_report(_options(config))
    direct = io.StringIO()
    render(report, "json", direct)
    from_rows = io.StringIO()
    render_json(report, from_rows, skip_private=True)
    assert '"labels"' in direct.getvalue()
    assert direct.getvalue() == from_rows.getvalue()


SIGNED_ZEROS = """<?xml version="1.0"?>
<allocations>
  <queue name="a"><maxAMShare>0.0</maxAMShare><weight>0.0</weight></queue>
  <queue name="b"><maxAMShare>-0.0</maxAMShare><weight>-0.0</weight></queue>
</allocations>
"""


def test_signed_zeros_keep_their_sign(tmp_path: Path) -> None:
    """0.0 and -0.0 are one key to the evaluation's look-ups, but JSON spells each as configured."""
    config = tmp_path / "fair-scheduler.xml"
    config.write_text(SIGNED_ZEROS, encoding="utf-8")
    out = io.StringIO()
    render(build_report(_options(config)), "json", out)
    rows = {row["path"]: row for row in json.loads(out.getvalue())["queues"]}
    assert str(rows["root.a"]["max_am_share"]) == "0.0" and str(rows["root.b"]["max_am_share"]) == "-0.0"
    assert str(rows["root.a"]["weight"]) == "0.0" and str(rows["root.b"]["weight"]) == "-0.0"
