"""``fsctl simulate`` with the Capacity Scheduler's preemption preview, in every format: golden
files for text and markdown (``FSCTL_REGENERATE=1 pytest tests/report`` rewrites them; review the
diff), the JSON ``preemption`` key, CSV's ``preemption.*`` columns, the HTML tables, and the same
bytes run after run."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.conftest import SAMPLES
from tests.report.test_markdown import check_golden


def simulate(fmt: str = "text", queue: str | None = None) -> str:
    """``fsctl simulate`` of the sample with its preemption preview, in-process."""
    from fsctl.commands.simulate import SimulateOptions, run
    from fsctl.io.loader import load_site

    out, err = io.StringIO(), io.StringIO()
    site = str(SAMPLES / "yarn-site-capacity.xml")
    assert load_site(site).conf is not None
    options = SimulateOptions(
        str(SAMPLES / "capacity" / "departments.xml"),
        demand=str(SAMPLES / "demand" / "departments-capacity.yaml"),
        yarn_site=site,
        fmt=fmt,
        queue=queue,
        color=False,
    )
    assert run(options, out, err) == 0, err.getvalue()
    return out.getvalue().replace(str(SAMPLES), "samples")


@pytest.mark.parametrize(
    ("fmt", "golden"), [("text", "simulate-preemption.txt"), ("markdown", "simulate-preemption.md")]
)
def test_the_preview_matches_its_golden_file(fmt: str, golden: str) -> None:
    check_golden(golden, simulate(fmt))


def test_json_carries_the_preview_beside_the_queues() -> None:
    document = json.loads(simulate("json"))
    # under the snapshot's load: the allocation (``load``) and the preview beside the queues
    assert list(document) == ["version", "cluster", "load", "queues", "preemption"]
    preview = document["preemption"]
    assert preview["monitor"] is True and preview["hadoop"] == "3.4"
    assert preview["selectors"] == ["FifoCandidatesSelector", "IntraQueueCandidatesSelector"]
    taken = [(c["queue"], c["application"], c["user"]) for c in preview["containers"]]
    # on the state the allocation reached: qa.p1 and default, far beyond their guarantees, give back
    assert taken[0] == ("root.qa.p1", "backfill-2019", "ana")
    assert ("root.default", "notebook-2", "eve") in taken
    rows = {q["path"]: q for q in preview["queues"]}
    assert rows["root.qa.p0"]["preemption_disabled"] is True
    assert rows["root.default"]["containers"] == sum(
        1 for c in preview["containers"] if c["queue"] == "root.default"
    )
    assert {a["name"] for a in rows["root.qa.p1"]["applications"]} == {
        "etl-nightly",
        "backfill-2019",
        "fraud-model",
    }
    assert preview["settings"]["total_preemption_per_round"] == 0.2


def test_csv_rows_gain_the_preview_columns() -> None:
    rows = list(csv.reader(io.StringIO(simulate("csv"))))
    header = rows[0]
    assert "preemption.to_obtain.memory-mb" in header and header[-1] == "preemption.containers"
    assert all(len(row) == len(header) for row in rows)
    path, kind = header.index("path"), header.index("kind")
    default = next(row for row in rows if row[path] == "root.default" and row[kind] == "queue")
    assert default[header.index("preemption.containers")].split() == [
        f"notebook-2/{n}" for n in range(13, 5, -1)
    ]
    # a user's or an application's row carries its queue's path, not the queue's preview
    assert all(row[header.index("preemption.containers")] == "" for row in rows[1:] if row[kind] != "queue")


def test_html_adds_the_preview_tables() -> None:
    page = simulate("html")
    assert "Preemption preview" in page and "Containers, in the order the policy takes them" in page
    assert "backfill-2019" in page


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "markdown", "html"])
def test_the_same_bytes_every_run(fmt: str) -> None:
    assert simulate(fmt) == simulate(fmt)


def test_a_focused_queue_keeps_its_own_rows_and_containers() -> None:
    preview = json.loads(simulate("json", queue="root.qa"))["preemption"]
    assert {q["path"] for q in preview["queues"]} == {"root.qa", "root.qa.p0", "root.qa.p1", "root.qa.p2"}
    assert {c["queue"] for c in preview["containers"]} == {"root.qa.p1"}


def test_the_readmes_example_is_what_simulate_prints() -> None:
    from tests.conftest import ROOT

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index(
        "$ fsctl simulate samples/capacity/departments.xml --demand samples/demand/departments-capacity.yaml"
    )
    shown = readme[start : readme.index("```", start)].splitlines()[2:]
    printed = simulate().splitlines()
    assert [line for line in shown if line.strip() != "..."] == [line for line in printed if line in shown], (
        "the README's preemption example differs from simulate's output"
    )
