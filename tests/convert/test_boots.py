"""Converted output the ResourceManager can load: every written value is one Hadoop's getter for its
key reads (``CapacitySchedulerConfiguration``), the yarn-site capacity keys are type-checked like
capacity-scheduler.xml's, and with ``-e`` the output names the rules file."""

from __future__ import annotations

import json
from pathlib import Path

from fsctl.convert.converter import _drop_unreadable
from fsctl.convert.options import ConvertOptions, Emitter
from fsctl.convert.rules_file import RulesFile
from tests.conftest import SAMPLES, configuration, run_fsctl
from tests.convert.helpers import CONVERSION_XML, P, codes, cs, run
from tests.convert.test_command import CONVERSION, call

FS = "yarn.scheduler.fair."


def test_an_unreadable_value_is_left_out_and_named() -> None:
    out = Emitter(RulesFile())
    out.site[P + "node-locality-delay"] = "0.1"  # getInt
    out.site[P + "per-node-heartbeat.multiple-assignments-enabled"] = "true"
    out.cs("maximum-am-resource-percent", "half")  # getFloat
    _drop_unreadable(out, ConvertOptions())
    assert P + "node-locality-delay" not in out.site
    assert P + "per-node-heartbeat.multiple-assignments-enabled" in out.site
    assert out.get_cs("maximum-am-resource-percent") is None
    assert sorted(d.property or "" for d in out.findings if d.code == "CV308") == [
        P + "maximum-am-resource-percent",
        P + "node-locality-delay",
    ]


def test_locality_thresholds_are_not_copied_into_an_integer_key() -> None:
    site = {FS + "locality.threshold.node": "0.1", FS + "locality.threshold.rack": "0.3"}
    result = run(CONVERSION_XML, site)
    assert not any("locality" in key for key in result.site)
    assert len(codes(result, "CV304")) == 2


def test_validate_reads_capacity_keys_of_a_yarn_site_with_their_getters(tmp_path: Path) -> None:
    site = tmp_path / "yarn-site.xml"
    site.write_text(
        configuration(
            {
                "yarn.resourcemanager.scheduler.class": (
                    "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"
                ),
                P + "node-locality-delay": "0.1",
                P + "rack-locality-additional-delay": "2",
            }
        )
    )
    result = run_fsctl("validate", str(site))
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() if "CS103" in line]
    assert len(lines) == 1 and "node-locality-delay" in lines[0] and '"0.1"' in lines[0]


def test_convert_verification_reads_the_merged_yarn_site(tmp_path: Path) -> None:
    # a locality delay left by an earlier fs2cs run in the input yarn-site survives the merge
    site = tmp_path / "yarn-site.xml"
    site.write_text(configuration({P + "node-locality-delay": "0.1"}))
    code, report, _ = call(CONVERSION, yarn_site=str(site), dry_run=True)
    assert code == 1
    (line,) = [line for line in report.splitlines() if "CV104" in line]
    assert "node-locality-delay" in line and "yarn-site.xml:" in line


def test_rules_to_file_names_the_file(tmp_path: Path) -> None:
    out = tmp_path / "out"
    call(CONVERSION, output_dir=str(out), convert=ConvertOptions(rules_to_file=True))
    written = (out / "capacity-scheduler.xml").read_text()
    path = str((out / "mapping-rules.json").resolve())
    assert f"<value>{path}</value>" in written
    # fsctl reads the rules where the configuration says: validate finds them
    assert run_fsctl("validate", str(out / "capacity-scheduler.xml")).returncode == 0


def test_rules_to_file_with_print_says_what_to_add() -> None:
    result = run(CONVERSION_XML, rules_to_file=True)
    assert "mapping-rule-json-file" not in cs(result)
    (message,) = [d.message for d in result.findings if d.code == "CV409"]
    assert "<name>yarn.scheduler.capacity.mapping-rule-json-file</name>" in message


def test_samples_convert_to_a_loadable_configuration(tmp_path: Path) -> None:
    for sample in sorted((SAMPLES / "fair").glob("*.xml")):
        out = tmp_path / sample.stem
        _, report, _ = call(str(sample), yarn_site=str(SAMPLES / "yarn-site.xml"), output_dir=str(out),
                            fmt="json", convert=ConvertOptions(rules_to_file=True))  # fmt: skip
        document = json.loads(report)
        if not document["written"]:
            continue  # a sample the Fair Scheduler itself refuses
        assert document["verified"] is True, sample.name
        # the delta alone (without the input's allocation limits): every value reads with its getter
        check = run_fsctl(
            "validate", str(out / "capacity-scheduler.xml"), "--yarn-site", str(out / "yarn-site.xml")
        )
        assert "CS103" not in check.stdout and "CS201" not in check.stdout, (sample.name, check.stdout)
