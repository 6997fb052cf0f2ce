"""Selection, --fail-on, --exit-zero, [tool.fsctl] in pyproject.toml and inline suppression comments."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import allocations, configuration, run_fsctl

# FS101 (error: a dot in a queue name) on line 3; FS201 (warning: unknown top-level element) on line 4
TWO_FINDINGS = allocations('<queue name="a.b"/>\n<frobnicate>1</frobnicate>')


def codes(result) -> list[str]:  # type: ignore[no-untyped-def]
    doc = json.loads(result.stdout)
    return [d["code"] for f in doc["files"] for d in f["diagnostics"]]


def test_findings_and_their_exit_codes(write) -> None:  # type: ignore[no-untyped-def]
    path = write("fair-scheduler.xml", TWO_FINDINGS)
    result = run_fsctl("validate", path, "--format", "json")
    assert (result.returncode, codes(result)) == (1, ["FS101", "FS201"])
    assert run_fsctl("validate", path, "--exit-zero").returncode == 0


def test_select_and_ignore(write) -> None:  # type: ignore[no-untyped-def]
    path = write("fair-scheduler.xml", TWO_FINDINGS)
    assert codes(run_fsctl("validate", path, "--format", "json", "--select", "FS2")) == ["FS201"]
    assert codes(run_fsctl("validate", path, "--format", "json", "--ignore", "FS101,FS201")) == []


def test_fail_on_error_lets_warnings_pass(write) -> None:  # type: ignore[no-untyped-def]
    path = write("fair-scheduler.xml", allocations("<frobnicate>1</frobnicate>"))
    assert run_fsctl("validate", path).returncode == 1
    assert run_fsctl("validate", path, "--fail-on", "error").returncode == 0


def test_pyproject_settings_apply_and_flags_win(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.fsctl]\nignore = ["FS201"]\nfail-on = "error"\n')
    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "fair-scheduler.xml").write_text(allocations("<frobnicate>1</frobnicate>"))
    inside = run_fsctl("validate", "fair-scheduler.xml", "--format", "json", cwd=str(conf))
    assert (inside.returncode, codes(inside)) == (0, [])
    flag_wins = run_fsctl(
        "validate", "fair-scheduler.xml", "--format", "json", "--ignore", "FS1", cwd=str(conf)
    )
    assert codes(flag_wins) == ["FS201"]


def test_bad_pyproject_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.fsctl]\nfail_on = "sometimes"\n')
    (tmp_path / "f.xml").write_text(allocations(""))
    result = run_fsctl("validate", "f.xml", cwd=str(tmp_path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    unknown = tmp_path / "pyproject.toml"
    unknown.write_text('[tool.fsctl]\nselekt = ["FS"]\n')
    result = run_fsctl("validate", "f.xml", cwd=str(tmp_path))
    assert result.returncode == 2 and "selekt" in result.stderr


def test_disable_comment_applies_to_the_next_element_only(write) -> None:  # type: ignore[no-untyped-def]
    body = (
        '<!-- fsctl: disable=FS305 -->\n<queue name="a"><frob>1</frob></queue>\n'
        '<queue name="c"><frob>1</frob></queue>'
    )
    result = run_fsctl("lint", write("f.xml", allocations(body)), "--format", "json")
    doc = json.loads(result.stdout)
    lines = [(d["code"], d["line"]) for d in doc["files"][0]["diagnostics"]]
    assert lines == [("FS305", 5)]


def test_disable_file_comment(write) -> None:  # type: ignore[no-untyped-def]
    body = (
        '<!-- fsctl: disable-file=FS201, FS305 -->\n<queue name="a"><frob/></queue>\n'
        "<frobnicate>1</frobnicate>"
    )
    result = run_fsctl("lint", write("f.xml", allocations(body)), "--format", "json")
    assert (result.returncode, codes(result)) == (0, [])


def test_sarif_describes_the_rules_it_reports(write) -> None:  # type: ignore[no-untyped-def]
    result = run_fsctl("validate", write("f.xml", TWO_FINDINGS), "--format", "sarif")
    sarif = json.loads(result.stdout)
    run = sarif["runs"][0]
    assert sarif["version"] == "2.1.0"
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["FS101", "FS201"]
    first = run["results"][0]
    assert first["ruleId"] == "FS101" and first["level"] == "error"
    assert first["locations"][0]["physicalLocation"]["region"] == {"startLine": 3, "startColumn": 1}


def test_github_annotations(write) -> None:  # type: ignore[no-untyped-def]
    path = write("f.xml", TWO_FINDINGS)
    result = run_fsctl("validate", path, "--format", "github")
    first, second = result.stdout.splitlines()
    assert first.startswith(f"::error file={path},line=3,col=1,title=FS101 ")
    assert second.startswith(f"::warning file={path},line=4,col=1,title=FS201 ")


def test_format_auto_is_github_under_actions(write) -> None:  # type: ignore[no-untyped-def]
    path = write("f.xml", TWO_FINDINGS)
    result = run_fsctl("validate", path, env={"GITHUB_ACTIONS": "true"})
    assert result.stdout.startswith("::error ")


def test_validate_leaves_out_lint_rules_and_lint_adds_them(write) -> None:  # type: ignore[no-untyped-def]
    path = write("f.xml", allocations('<queue name="a"><maxRunningApps>0</maxRunningApps></queue>'))
    assert all(not c.startswith("FS3") for c in codes(run_fsctl("validate", path, "--format", "json")))
    assert any(c.startswith("FS3") for c in codes(run_fsctl("lint", path, "--format", "json")))


GPU_CLUSTER = "memory-mb=102400, vcores=100, yarn.io/gpu=8"
GPU_SITE = configuration({"yarn.resource-types": "yarn.io/gpu"})
FAIR = allocations('<queue name="a"><weight>1</weight></queue><queue name="b"><weight>3</weight></queue>')


def test_cluster_takes_the_resource_types_the_yarn_site_declares(write) -> None:  # type: ignore[no-untyped-def]
    """--cluster is parsed once --yarn-site is read, by every command that takes it."""
    fair, site, other = (
        write("fair.xml", FAIR),
        write("yarn-site.xml", GPU_SITE),
        write("b.xml", allocations("")),
    )
    ratios = write("ratios.yaml", "queues:\n  a: {share: 25}\n  b: {share: 75}\n")
    commands = {
        "simulate": ["simulate", fair, "--format", "json"],
        "convert": ["convert", fair, "--print"],
        "diff": ["diff", fair, other],
        "lint": ["lint", fair],
        "generate": ["generate", ratios, "--target", "fair"],
    }
    for name, argv in commands.items():
        refused = run_fsctl(*argv, "--cluster", GPU_CLUSTER)
        assert "yarn.io/gpu" in refused.stdout + refused.stderr, name
        assert refused.returncode != 0, name
        known = run_fsctl(*argv, "--yarn-site", site, "--cluster", GPU_CLUSTER)
        assert "was not recognized" not in known.stdout + known.stderr, name
        assert known.returncode in (0, 1), (name, known.stderr)
    shares = json.loads(
        run_fsctl(*commands["simulate"], "--yarn-site", site, "--cluster", GPU_CLUSTER).stdout
    )
    assert "yarn.io/gpu" in json.dumps(shares)


def test_cluster_names_an_unreadable_yarn_site(write) -> None:  # type: ignore[no-untyped-def]
    fair = write("fair.xml", FAIR)
    result = run_fsctl("simulate", fair, "--yarn-site", "missing.xml", "--cluster", GPU_CLUSTER)
    assert result.returncode == 2
    assert "missing.xml" in result.stderr
