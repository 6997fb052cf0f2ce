"""``fsctl generate`` end to end: golden outputs, checked and atomic writing, templates, JSON,
regeneration for a new cluster size, and shares that simulate to the ratios."""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from fsctl.commands.generate import GenerateOptions, run

ROOT = Path(__file__).resolve().parents[2]
RATIOS = ROOT / "samples" / "ratios"
DEPARTMENTS = str(RATIOS / "departments.yaml")
CLUSTER = "memory-mb=102400, vcores=100"
SMALL = (
    "queues:\n  qa:\n    share: 40\n    queues:\n      p0: {share: 50}\n      p1: {share: 50}\n"
    "  default: {share: 60}\n"
)


def _regenerate_module() -> ModuleType:
    path = ROOT / "tests" / "data" / "generate" / "regenerate.py"
    spec = importlib.util.spec_from_file_location("generate_regenerate", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REGENERATE = _regenerate_module()


def generate(**options: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(GenerateOptions(**options), out, err)  # type: ignore[arg-type]
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(REGENERATE.CASES))
def test_golden_output(name: str) -> None:
    code, text, err = REGENERATE.produce(name)
    assert code == 0, err
    golden = (ROOT / "tests" / "data" / "generate" / "golden" / name).read_text(encoding="utf-8")
    assert text == golden, f"{name} changed; run tests/data/generate/regenerate.py and review the diff"


@pytest.mark.parametrize("fmt", ["yaml", "toml", "csv"])
@pytest.mark.parametrize("target", ["fair", "capacity"])
def test_every_syntax_gives_the_same_bytes_but_the_header(fmt: str, target: str) -> None:
    code, text, err = generate(ratios=str(RATIOS / f"departments.{fmt}"), target=target)
    assert code == 0, err
    _, reference, _ = generate(ratios=DEPARTMENTS, target=target)
    assert text.replace(f"departments.{fmt}", "departments.yaml") == reference


@pytest.mark.parametrize("target", ["fair", "capacity"])
def test_writes_a_file_that_validates(tmp_path: Path, write: Callable[[str, str], str], target: str) -> None:
    # the conformance case (../shared/conformance/run.py sec_generate)
    ratios = write("g/ratios.yaml", SMALL)
    out = tmp_path / f"{target}.xml"
    code, stdout, err = generate(ratios=ratios, cluster=CLUSTER, target=target, output=str(out))
    assert code == 0, err
    assert stdout == ""
    assert "wrote" in err
    from fsctl.commands.check import CheckOptions, check_files

    reports = check_files(CheckOptions(paths=[str(out)]))
    assert [d for r in reports for d in r.diagnostics] == []


def test_no_overwrite_without_force(tmp_path: Path, write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", SMALL)
    out = tmp_path / "fair.xml"
    out.write_text("precious")
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", output=str(out))
    assert code == 2 and "--force" in err
    assert out.read_text() == "precious"
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", output=str(out), force=True)
    assert code == 0, err
    assert "<allocations>" in out.read_text()


def test_mistakes_exit_1_and_write_nothing(tmp_path: Path, write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", "queues:\n  a: {share: 40}\n  b: {share: 50}\n")
    out = tmp_path / "fair.xml"
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", output=str(out))
    assert code == 1
    assert f"{ratios}:1:1: GN102 error: the shares of the children of root add up to 90" in err
    assert not out.exists()
    code, _, _ = generate(ratios=ratios, cluster=CLUSTER, target="fair", output=str(out), normalize=True)
    assert code == 0 and out.exists()


def test_unreadable_inputs_and_usage_exit_2(tmp_path: Path, write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", SMALL)
    assert generate(ratios=str(tmp_path / "none.yaml"), cluster=CLUSTER, target="fair")[0] == 2
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", placement="specified,usr")
    assert code == 2 and "GN110" in err and "did you mean 'user'" in err
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="capacity", placement="specified")
    assert code == 2 and "GN110" in err
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", weights=True)
    assert code == 2
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", increment="lots")
    assert code == 2 and "--increment" in err
    code, _, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", template=str(tmp_path / "no.j2"))
    assert code == 2 and "GN112" in err


def test_bad_cluster_option_exits_1(write: Callable[[str, str], str]) -> None:
    code, _, err = generate(ratios=write("r.yaml", SMALL), cluster="100 vcores", target="fair")
    assert code == 1 and "GN108" in err


def test_stdout_and_json(write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", SMALL)
    code, text, _ = generate(ratios=ratios, cluster=CLUSTER, target="fair", output="-")
    assert code == 0 and text.startswith("<?xml")
    code, text, _ = generate(ratios=ratios, cluster=CLUSTER, target="capacity", fmt="json")
    document = json.loads(text)
    assert code == 0 and document["version"] == 1
    summary = document["generate"]
    assert summary["target"] == "capacity" and summary["mode"] == "percentage"
    assert summary["cluster"] == {"memory-mb": 102400, "vcores": 100}
    assert [q["path"] for q in summary["queues"]] == ["root.qa", "root.qa.p0", "root.qa.p1", "root.default"]
    assert summary["queues"][0]["capacity"] == "40"
    assert summary["content"].startswith("<?xml")
    assert document["summary"] == {"errors": 0, "warnings": 0, "infos": 0}
    code, text, _ = generate(
        ratios=write("bad.yaml", "queues:\n  a: {share: 4}\n"), cluster=CLUSTER, target="fair", fmt="json"
    )
    document = json.loads(text)
    assert code == 1
    assert document["files"][0]["diagnostics"][0]["code"] == "GN102"
    assert document["files"][0]["diagnostics"][0]["line"] == 1


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_builder_warnings_and_queue_count_reach_the_user(
    tmp_path: Path, write: Callable[[str, str], str], fmt: str
) -> None:
    # 0.5% of 100 vcores and 102400 MB rounds down to nothing: GN202 twice, found while building
    ratios = write("r.yaml", "queues:\n  a: {share: 99.5}\n  b: {share: 0.5}\n")
    out = str(tmp_path / "fair.xml")
    code, text, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", output=out, fmt=fmt)
    assert code == 0  # warnings: the file is written
    if fmt == "json":
        document = json.loads(text)
        assert [d["code"] for d in document["files"][0]["diagnostics"]] == ["GN202", "GN202"]
        assert [q["path"] for q in document["generate"]["queues"]] == ["root.a", "root.b"]
    else:
        assert err.count("GN202") == 2
        assert f"wrote {out} (fair, 2 queues)" in err


def test_output_is_deterministic(write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", SMALL)
    first = generate(ratios=ratios, cluster=CLUSTER, target="fair", placement="specified,user,default")
    second = generate(ratios=ratios, cluster=CLUSTER, target="fair", placement="specified,user,default")
    assert first == second
    assert "r.yaml" in first[1] and "memory-mb=102400, vcores=100" in first[1]
    assert str(Path(ratios).parent) not in first[1]  # the header names the file, not the machine's path


def test_user_template(write: Callable[[str, str], str]) -> None:
    ratios = write("r.yaml", SMALL)
    template = write(
        "mine.j2",
        '<?xml version="1.0"?>\n<!-- {{ ratio_file }} {{ cluster_text }} -->\n<allocations>\n'
        "{% for q in queues if q.path != 'root' %}"
        '  <queue name="{{ q.path[5:] }}"><weight>{{ q.share }}</weight></queue>\n'
        "{% endfor %}</allocations>\n",
    )
    code, text, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", template=template)
    assert code == 1, text  # flat names with dots: the validator refuses them, nothing is printed
    assert "GN111" in err and text == ""
    template = write(
        "flat.j2",
        '<?xml version="1.0"?>\n<allocations>\n{% for q in root.children %}'
        '  <queue name="{{ q.name }}"><weight>{{ q.share }}</weight></queue>\n{% endfor %}</allocations>\n',
    )
    code, text, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", template=template)
    assert code == 0, err
    assert '<queue name="qa"><weight>40</weight></queue>' in text


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{{ no_such_variable }}", "undefined"),
        ("{{ ''.__class__.__mro__ }}", "not allowed"),
        ("{% for %}", "syntax error"),
    ],
)
def test_template_errors_are_reported(write: Callable[[str, str], str], body: str, message: str) -> None:
    ratios = write("r.yaml", SMALL)
    code, text, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", template=write("t.j2", body))
    assert code == 2  # a broken template is unreadable input, as a missing one is
    assert "GN112" in err and message in err
    assert text == ""


@pytest.mark.parametrize(
    ("name", "body"),
    [("r.yaml", "queues:\n  a: {share: 100\n"), ("r.toml", "[queues\n"), ("r.csv", "name,share\na,100\n")],
)
def test_malformed_ratio_file_exits_2(write: Callable[[str, str], str], name: str, body: str) -> None:
    code, text, err = generate(ratios=write(name, body), cluster=CLUSTER, target="fair")
    assert (code, text) == (2, "")
    assert "GN101" in err


def test_yarn_site_increments(write: Callable[[str, str], str]) -> None:
    site = write(
        "yarn-site.xml",
        '<?xml version="1.0"?>\n<configuration>\n  <property>'
        "<name>yarn.scheduler.increment-allocation-mb</name><value>4096</value></property>\n</configuration>\n",
    )
    ratios = write("r.yaml", "queues:\n  a: {share: 30}\n  b: {share: 70}\n")
    code, text, err = generate(ratios=ratios, cluster=CLUSTER, target="fair", yarn_site=site)
    assert code == 0, err
    assert "memory-mb=28672, vcores=30" in text  # 30720 -> 7 × 4096
    code, text, err = generate(
        ratios=ratios, cluster=CLUSTER, target="fair", yarn_site=site, increment="memory-mb=1"
    )
    assert "memory-mb=30720, vcores=30" in text


@pytest.mark.parametrize("target", ["fair", "capacity"])
def test_regeneration_changes_only_resource_values(tmp_path: Path, target: str) -> None:
    old, new = tmp_path / "old.xml", tmp_path / "new.xml"
    for path, cluster in ((old, "memory-mb=1024000, vcores=1000"), (new, "memory-mb=1536000, vcores=1536")):
        code, _, err = generate(
            ratios=DEPARTMENTS,
            cluster=cluster,
            target=target,
            output=str(path),
            placement="specified,user,default" if target == "fair" else None,
        )
        assert code == 0, err
    from fsctl.commands.diff import DiffOptions
    from fsctl.commands.diff import run as diff

    out = io.StringIO()
    code = diff(DiffOptions(old=str(old), new=str(new), fmt="json"), out)
    changes = json.loads(out.getvalue())["changes"]
    if target == "fair":
        assert code == 1
        assert {c["property"] for c in changes} == {"minResources", "maxResources"}
        assert {c["kind"] for c in changes} == {"changed"}
        assert len({c["queue"] for c in changes}) == 13
    else:
        assert code == 0 and changes == []  # percentages do not depend on the cluster size


def test_fair_shares_simulate_to_the_ratios(tmp_path: Path) -> None:
    cluster = {"memory-mb": 200000, "vcores": 190}
    out = tmp_path / "team.xml"
    for ratios in (DEPARTMENTS, str(RATIOS / "team.yaml")):
        code, _, err = generate(
            ratios=ratios, cluster="memory-mb=200000, vcores=190", target="fair", output=str(out), force=True
        )
        assert code == 0, err
        from fsctl.evaluate.fair import evaluate_fair
        from fsctl.generate.ratios import read_ratios
        from fsctl.io.loader import load

        loaded = load(str(out))
        assert loaded.result.tree is not None
        result = evaluate_fair(loaded.result.tree, cluster)
        source = read_ratios(ratios, cluster="memory-mb=200000, vcores=190").ratios
        assert source is not None
        fraction = {q.path: q.share / 100 for q in source.walk()}
        for queue in source.walk():
            expected = Fraction(1)
            path = queue.path
            while path != "root":
                expected *= fraction[path]
                path = path.rpartition(".")[0]
            shares = result.find(queue.path)
            assert shares is not None
            for name, total in cluster.items():
                if name not in shares.steady_fair_share:
                    continue  # the fair policy computes memory only
                got = shares.steady_fair_share[name]
                assert abs(got - float(expected * total)) <= total * 0.005 + 1, (queue.path, name, got)


def test_cli_shell(tmp_path: Path, write: Callable[[str, str], str]) -> None:
    from fsctl.cli.generate import command

    ratios = write("r.yaml", SMALL)
    out = tmp_path / "cs.xml"
    with pytest.raises(SystemExit) as exit_info:
        command.main(
            [ratios, "--cluster", CLUSTER, "--target", "capacity", "-o", str(out)], standalone_mode=False
        )
    assert exit_info.value.code == 0
    assert out.read_text().startswith("<?xml")
