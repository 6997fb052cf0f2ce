"""``fsctl convert`` end to end: output directory checks (fs2cs.md §1.3, rows 81-85), --print,
--rules-to-file, --dry-run, --force, JSON report, verification, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fsctl.commands.convert import ConvertCommand, run
from fsctl.convert.options import ConvertOptions
from fsctl.model.diagnostics import Severity
from tests.convert.helpers import DATA, allocations

CONVERSION = str(DATA / "hadoop" / "fair-scheduler-conversion.xml")


def call(fair: str = CONVERSION, **kwargs: Any) -> tuple[int, str, str]:
    convert_options = kwargs.pop("convert", ConvertOptions())
    options = ConvertCommand(fair_path=fair, convert=convert_options, **kwargs)
    out, err = io.StringIO(), io.StringIO()
    code = run(options, out, err)
    return code, out.getvalue(), err.getvalue()


def small(tmp_path: Path, body: str = '<queue name="a"><weight>1</weight></queue><queue name="b"/>') -> str:
    path = tmp_path / "fair-scheduler.xml"
    path.write_text(allocations(body))
    return str(path)


def test_writes_both_files_and_creates_the_directory(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, _, _ = call(small(tmp_path), output_dir=str(out), fail_on=Severity.ERROR)
    assert code == 0
    assert (out / "capacity-scheduler.xml").exists() and (out / "yarn-site.xml").exists()
    assert not (out / "mapping-rules.json").exists()


def test_rules_to_file(tmp_path: Path) -> None:
    # CC testConversionWithRulesToFile... (row 40)
    out = tmp_path / "out"
    call(CONVERSION, output_dir=str(out), convert=ConvertOptions(rules_to_file=True))
    text = (out / "mapping-rules.json").read_text()
    assert len(json.loads(text)["rules"]) == 5
    assert "mapping-rule-json<" not in (out / "capacity-scheduler.xml").read_text()


def test_output_is_a_file(tmp_path: Path) -> None:
    # TestFSConfigToCSConfigArgumentHandler: -o <file> is a precondition error (row 81)
    target = tmp_path / "file"
    target.write_text("x")
    code, _, err = call(small(tmp_path), output_dir=str(target))
    assert code == 2 and "not a directory" in err


@pytest.mark.parametrize("existing", ["yarn-site.xml", "capacity-scheduler.xml"])
def test_refuses_existing_outputs(tmp_path: Path, existing: str) -> None:
    # row 82: "already contains a file or directory named ..."; fsctl: exit 2 unless --force
    out = tmp_path / "out"
    out.mkdir()
    (out / existing).write_text("old")
    code, _, err = call(small(tmp_path), output_dir=str(out))
    assert code == 2 and "--force" in err
    assert (out / existing).read_text() == "old"
    code, _, _ = call(small(tmp_path), output_dir=str(out), force=True, fail_on=Severity.ERROR)
    assert code == 0 and (out / existing).read_text() != "old"


def test_output_directory_holding_the_input_yarn_site(tmp_path: Path) -> None:
    # row 83: "contains the yarn-site.xml"
    site = tmp_path / "yarn-site.xml"
    site.write_text(
        '<?xml version="1.0"?><configuration><property><name>yarn.x</name>'
        "<value>1</value></property></configuration>"
    )
    code, _, err = call(small(tmp_path), yarn_site=str(site), output_dir=str(tmp_path), force=True)
    assert code == 2 and "contains the yarn-site.xml" in err


def test_no_output_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = call(small(tmp_path))
    assert code == 2 and "no output" in err


def test_print_layout(tmp_path: Path) -> None:
    # TestFSConfigToCSConfigConverterMain#testConvertFSConfigurationWithConsoleParam (row 85): -p -e
    code, out, err = call(CONVERSION, print_output=True, convert=ConvertOptions(rules_to_file=True))
    headers = [line for line in out.splitlines() if line.startswith("=======")]
    assert headers == ["======= mapping-rules.json =======", "======= capacity-scheduler.xml =======",
                       "======= yarn-site.xml ======="]  # fmt: skip
    assert "CV2" in err  # the findings go to stderr when the files own stdout
    assert code == 0  # printed: its warnings are the review list, not a failure


def test_rules_in_a_file_are_verified_too() -> None:
    # percentage mode: root.admins cannot create root.admins.devs.<user> (cs.md §8.5), file or inline
    options = ConvertOptions(rules_to_file=True, percentage=True)
    code, out, err = call(CONVERSION, print_output=True, convert=options)
    assert code == 1 and out == "" and "CV104" in err


def test_dry_run_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, _, _ = call(small(tmp_path), output_dir=str(out), dry_run=True, fail_on=Severity.ERROR)
    assert code == 0 and not out.exists()


def test_json_report_with_shares(tmp_path: Path) -> None:
    code, out, _ = call(
        CONVERSION,
        dry_run=True,
        fmt="json",
        convert=ConvertOptions(cluster={"memory-mb": 102400, "vcores": 100}),
    )
    document = json.loads(out)
    assert document["version"] == 1 and document["verified"] is True
    assert {row["queue"] for row in document["shares"]} >= {"root.default", "root.users.joe", "root.misc.a"}
    assert document["summary"]["warnings"] > 0 and code == 0
    fail_on_warnings = call(CONVERSION, dry_run=True, fmt="json", fail_on=Severity.WARNING)[0]
    assert fail_on_warnings == 1


def test_text_report_with_share_table(tmp_path: Path) -> None:
    _, out, _ = call(
        CONVERSION, dry_run=True, convert=ConvertOptions(cluster={"memory-mb": 102400, "vcores": 100})
    )
    assert "Shares on a cluster of 102400 MB, 100 vcores" in out and "root.users.joe" in out


def test_abort_writes_nothing_and_exits_1(tmp_path: Path) -> None:
    rules = tmp_path / "rules.properties"
    rules.write_text("maxResources.action=abort\n")
    out = tmp_path / "out"
    code, _, err = call(CONVERSION, output_dir=str(out), rules_path=str(rules))
    assert code == 1 and not (out / "capacity-scheduler.xml").exists() and "nothing is written" in err


def test_verification_failure_is_an_error(tmp_path: Path) -> None:
    # ConvertedConfigValidator: a queue maximum allocation above the cluster's (8192 MB by default)
    body = '<queue name="a"><maxContainerAllocation>memory-mb=16384, vcores=2</maxContainerAllocation>'
    body += "</queue>"
    fair = small(tmp_path, body)
    code, out, _ = call(fair, output_dir=str(tmp_path / "out"), fmt="json")
    document = json.loads(out)
    assert code == 1 and document["verified"] is False
    assert [d["code"] for d in document["files"][0]["diagnostics"]].count("CV104") == 1
    code, _, _ = call(fair, output_dir=str(tmp_path / "out"), skip_verification=True, fail_on=Severity.ERROR)
    assert code == 0


def test_unreadable_fair_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text("<allocations></queue></allocations>")  # fair-scheduler-invalid.xml
    code, _, _ = call(str(bad), dry_run=True)
    assert code == 2


def test_fair_load_errors_exit_2(tmp_path: Path) -> None:
    # fs2cs fails when the Fair Scheduler does not start: maxAMShare on a parent is a load error
    fair = small(tmp_path, '<queue name="p"><maxAMShare>0.5</maxAMShare><queue name="c"/></queue>')
    code, out, _ = call(fair, dry_run=True, fmt="json")
    codes = [d["code"] for d in json.loads(out)["files"][0]["diagnostics"]]
    assert code == 2 and "CV109" in codes


def test_select_and_exit_zero(tmp_path: Path) -> None:
    from fsctl.catalogue.selection import Selection

    code, out, _ = call(
        CONVERSION, dry_run=True, fmt="json", selection=Selection.of(["CV201"]), fail_on=Severity.WARNING
    )
    assert {d["code"] for d in json.loads(out)["files"][0]["diagnostics"]} == {"CV201"}
    assert code == 1
    code, _, _ = call(CONVERSION, dry_run=True, exit_zero=True, fail_on=Severity.WARNING)
    assert code == 0


def test_deterministic_bytes(tmp_path: Path) -> None:
    call(CONVERSION, output_dir=str(tmp_path / "one"))
    call(CONVERSION, output_dir=str(tmp_path / "two"))
    for name in ("capacity-scheduler.xml", "yarn-site.xml"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()


def test_every_conversion_rule_is_emitted_somewhere() -> None:
    # a CV code that nothing emits is dead documentation
    from fsctl import catalogue
    from fsctl.catalogue import convert as convert_rules

    source = "".join(
        p.read_text() for p in (Path(convert_rules.__file__).parents[1] / "convert").glob("*.py")
    )
    source += (Path(convert_rules.__file__).parents[1] / "commands" / "convert.py").read_text()
    codes = [r.code for r in catalogue.all_rules() if r.code.startswith("CV")]
    assert codes and [c for c in codes if f"rules.{c}" not in source] == []


def _fsctl(*args: str) -> tuple[int, str, str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "fsctl", "convert", *args], capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("cluster", ["vcores=20, memory-mb=240G", "vcores=20, memmmm=240"])
def test_bad_cluster_is_a_usage_error(tmp_path: Path, cluster: str) -> None:
    # CC testConvertFSConfigurationErrorHandling... "Error while parsing resource" (row 37)
    code, _, err = _fsctl(small(tmp_path), "--dry-run", "--cluster", cluster)
    assert code == 2 and "--cluster" in err


def test_percentage_end_to_end(tmp_path: Path) -> None:
    # TestFSConfigToCSConfigConverterMain#testConvertFSConfigurationWithPercentage... (row 84): both files
    out = tmp_path / "out"
    code, _, _ = _fsctl(small(tmp_path), "-o", str(out), "--percentage", "--fail-on", "error")
    assert code == 0
    text = (out / "capacity-scheduler.xml").read_text()
    assert "<value>50.000</value>" in text and (out / "yarn-site.xml").exists()


INVALID_PLACEMENT = (
    '<queue name="default"/><queue name="users" type="parent"/>'
    '<queuePlacementPolicy><rule name="specified" create="true"/>'
    '<rule name="nestedUserQueue" create="true"><rule name="default" create="true" queue="users"/></rule>'
    '<rule name="default"/></queuePlacementPolicy>'
)


@pytest.mark.parametrize(("flag", "expected"), [(False, 2), (True, 0)])
def test_no_terminal_rule_check(tmp_path: Path, flag: bool, expected: int) -> None:
    # fair-scheduler-invalidplacementrules.xml (row 80): without -t the Fair Scheduler does not start
    fair = small(tmp_path, INVALID_PLACEMENT)
    code, _, _ = call(fair, dry_run=True, no_terminal_rule_check=flag, fail_on=Severity.ERROR)
    assert code == expected
