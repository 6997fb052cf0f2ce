"""``fsctl convert --merged-yarn-site FILE``: the user's yarn-site.xml with the conversion applied.
Read as Hadoop's Configuration reads it, the merged file is the input with the delta on top (what
verify() and the ResourceManager read), its comments and order are kept, the input is never
touched, and the file is written atomically, never over an existing one without --force, never over
an input. Property tests over generated yarn-site files (duplicates, final keys, the compact
attribute form, comments and empty values)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsctl.commands.convert import ConvertCommand, run
from fsctl.convert.merged_site import merged_yarn_site
from fsctl.hadoop.conf import HadoopConf, read_configuration
from fsctl.io.xmldoc import load_xml
from tests.conftest import ROOT, SAMPLES, run_fsctl

FAIR = str(SAMPLES / "fair" / "departments.xml")
SITE = SAMPLES / "yarn-site.xml"
SCHEDULER = "yarn.resourcemanager.scheduler.class"
CAPACITY_SCHEDULER = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"


def conf_of(path: str, data: bytes) -> HadoopConf:
    conf, _ = read_configuration(load_xml(path, data))
    return conf


def layered(base: HadoopConf, delta: dict[str, str]) -> dict[str, str | None]:
    merged, _ = base.layered(HadoopConf.from_pairs(list(delta.items())))
    return dict(merged.items())


def call(**kwargs: Any) -> tuple[int, str, str]:
    options = ConvertCommand(fair_path=FAIR, **kwargs)
    out, err = io.StringIO(), io.StringIO()
    code = run(options, out, err)
    return code, out.getvalue(), err.getvalue()


def test_the_sample_merged_is_the_input_with_the_delta_on_top(tmp_path: Path) -> None:
    merged, out = tmp_path / "merged.xml", tmp_path / "out"
    before = SITE.read_bytes()
    code, stdout, err = call(output_dir=str(out), yarn_site=str(SITE), merged_site=str(merged))
    assert code == 0, err  # converted: the warnings are the review list
    assert SITE.read_bytes() == before  # the input is never modified
    assert f"wrote {merged}" in stdout
    delta = dict(conf_of(str(out / "yarn-site.xml"), (out / "yarn-site.xml").read_bytes()).items())
    result = dict(conf_of(str(merged), merged.read_bytes()).items())
    assert result == layered(conf_of(str(SITE), before), delta)
    assert result[SCHEDULER] == CAPACITY_SCHEDULER
    # comments and order kept: the input's comments, then the block of added keys naming what it replaced
    text = merged.read_text()
    for comment in re.findall(r"<!--.*?-->", SITE.read_text(), re.S):
        assert comment in text
    names = re.findall(r"<name>([^<]*)</name>", SITE.read_text())
    assert re.findall(r"<name>([^<]*)</name>", text)[: len(names)] == names
    fair_scheduler = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler"
    assert f"yarn.resourcemanager.scheduler.class (was {fair_scheduler})" in text
    # the Fair Scheduler's own keys stay, as fs2cs leaves them (the Capacity Scheduler does not read them)
    assert "yarn.scheduler.fair.preemption" in text
    assert text.startswith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!--\n  yarn-site.xml for the ResourceManager'
    )


def test_run_to_run_the_bytes_are_the_same(tmp_path: Path) -> None:
    first, second = tmp_path / "a.xml", tmp_path / "b.xml"
    for target in (first, second):
        call(print_output=True, yarn_site=str(SITE), merged_site=str(target))
    assert first.read_bytes() == second.read_bytes()


def test_never_over_an_existing_file_without_force(tmp_path: Path) -> None:
    target = tmp_path / "merged.xml"
    target.write_text("keep")
    code, _, err = call(print_output=True, yarn_site=str(SITE), merged_site=str(target))
    assert code == 2 and "exists; use --force" in err and target.read_text() == "keep"
    code, _, err = call(print_output=True, yarn_site=str(SITE), merged_site=str(target), force=True)
    assert code == 0 and target.read_text().startswith("<?xml"), err
    assert not [p for p in tmp_path.iterdir() if p.name != "merged.xml"]  # no temporary file left


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"merged_site": "m.xml", "print_output": True}, "--merged-yarn-site needs --yarn-site"),
        ({"merged_site": "m.xml", "yarn_site": str(SITE), "dry_run": True}, "--dry-run writes nothing"),
        (
            {"merged_site": str(SITE), "yarn_site": str(SITE), "print_output": True, "force": True},
            "one of the inputs",
        ),
        (
            {"merged_site": FAIR, "yarn_site": str(SITE), "print_output": True, "force": True},
            "one of the inputs",
        ),
    ],
    ids=["no-yarn-site", "dry-run", "over-the-site", "over-the-fair-file"],
)
def test_refused_before_anything_is_written(kwargs: dict[str, Any], message: str) -> None:
    before = SITE.read_bytes(), Path(FAIR).read_bytes()
    code, _, err = call(**kwargs)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert (SITE.read_bytes(), Path(FAIR).read_bytes()) == before


def test_not_over_a_file_the_output_directory_gets(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, _, err = call(output_dir=str(out), yarn_site=str(SITE), merged_site=str(out / "yarn-site.xml"))
    assert code == 2 and "-o" in err and not out.exists()


def test_the_command_line_spelling(tmp_path: Path) -> None:
    merged = tmp_path / "merged-yarn-site.xml"
    out = str(tmp_path / "out")
    result = run_fsctl(
        "convert", FAIR, "--yarn-site", str(SITE), "-o", out, "--merged-yarn-site", str(merged),
        "--fail-on", "error", cwd=str(ROOT),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert CAPACITY_SCHEDULER in merged.read_text()


# -- generated yarn-site files -----------------------------------------------------------------

KEYS = (
    SCHEDULER,
    "yarn.resourcemanager.scheduler.monitor.enable",
    "yarn.scheduler.capacity.resource-calculator",
    "yarn.scheduler.fair.preemption",
    "yarn.nodemanager.resource.memory-mb",
)
VALUES = ("true", "false", "x", "10", " spaced ", "a&b", "<v>", "")


@st.composite
def site_files(draw: st.DrawFn) -> str:
    """Properties in every spelling Configuration reads, with comments in between."""
    parts = ['<?xml version="1.0"?>', "<!-- a site -->", "<configuration>"]
    for _ in range(draw(st.integers(0, 8))):
        key = draw(st.sampled_from(KEYS))
        value = draw(st.sampled_from(VALUES)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        final = draw(st.booleans())
        form = draw(st.sampled_from(("elements", "attributes", "no-value", "comment-inside")))
        if draw(st.booleans()):
            parts.append("  <!-- about the next one -->")
        if form == "attributes":
            extra = ' final="true"' if final else ""
            parts.append(f'  <property name="{key}" value="{value}"{extra}/>')
        elif form == "no-value":
            parts.append(f"  <property>\n    <name>{key}</name>\n  </property>")
        else:
            comment = "<!-- kept -->" if form == "comment-inside" else ""
            extra = "\n    <final>true</final>" if final else ""
            body = f"    <name>{key}</name>\n    <value>{value}{comment}</value>{extra}"
            parts.append(f"  <property>\n{body}\n  </property>")
    parts.append("</configuration>")
    return "\n".join(parts) + "\n"


DELTAS = st.dictionaries(st.sampled_from(KEYS), st.sampled_from(("true", "org.Example", "1")), max_size=4)


@settings(max_examples=200)
@given(site_files(), DELTAS)
def test_the_merged_file_reads_as_the_input_with_the_delta_on_top(site: str, delta: dict[str, str]) -> None:
    data = site.encode()
    merged = merged_yarn_site("yarn-site.xml", data, delta)
    result = conf_of("merged.xml", merged)
    for key, value in delta.items():  # each key the conversion sets has its value, final or not
        assert result.get(key) == value
    for key, value in conf_of("yarn-site.xml", data).items():  # the others are as they were
        if key not in delta:
            assert result.get(key) == value
    assert merged_yarn_site("yarn-site.xml", data, delta) == merged


def test_an_element_without_a_value_gets_one_on_the_line_after_its_name() -> None:
    site = b"<configuration>\n  <property>\n    <name>a</name>\n  </property>\n</configuration>\n"
    assert merged_yarn_site("s.xml", site, {"a": "1", "b": "2"}).decode() == (
        "<configuration>\n  <property>\n    <name>a</name>\n    <value>1</value>\n  </property>\n\n"
        "  <!-- added by fsctl convert (Fair Scheduler -> Capacity Scheduler):\n"
        "         a (was unset)\n"
        "         and 1 key below -->\n"
        "  <property>\n    <name>b</name>\n    <value>2</value>\n  </property>\n</configuration>\n"
    )
