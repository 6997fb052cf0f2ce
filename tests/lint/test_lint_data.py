"""Data-driven lint tests, one case per file (the SQLFluff / check-jsonschema layout).

``tests/data/lint/{fair,placement}/<CODE>/fail/*.xml`` must produce exactly the findings their
``<!-- expect: CODE line:col [severity] -->`` comments list; ``.../pass/*.xml`` must produce none.
Only lint codes (``FS3xx``, ``PL3xx``) are compared: what the reader itself reports belongs to
``fsctl validate`` and is tested there. Adding a regression case is dropping a file in a folder.

Optional directives in comments: ``<!-- fsctl-test: hadoop-version=3.2 -->``,
``<!-- fsctl-test: cluster=memory-mb=1000, vcores=10 -->``,
``<!-- fsctl-test: yarn-site=yarn.scheduler.fair.allow-undeclared-pools=false; name=value -->``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fsctl.fair.cluster import parse_cluster
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.loader import load
from fsctl.lint import LintContext, run_lint
from fsctl.model.versions import DEFAULT_VERSION, parse_version

DATA = Path(__file__).resolve().parents[1] / "data" / "lint"
CASES = sorted(path for area in ("fair", "placement") for path in (DATA / area).glob("*/*/*.xml"))
LINT_CODE = re.compile(r"^(FS3|PL3)\d\d$")
EXPECT = re.compile(r"<!--\s*expect:\s*(.*?)\s*-->", re.S)
ONE = re.compile(r"([A-Z]{2,3}\d{3})\s+(\d+):(\d+)(?:\s+(error|warning|info))?")
DIRECTIVE = re.compile(r"<!--\s*fsctl-test:\s*([\w-]+)\s*=\s*(.*?)\s*-->", re.S)


def expected(text: str) -> list[tuple[str, int, int, str | None]]:
    found = []
    for block in EXPECT.findall(text):
        for code, line, column, severity in ONE.findall(block):
            found.append((code, int(line), int(column), severity or None))
    return sorted(found, key=lambda e: (e[1], e[2], e[0]))


def context_for(text: str) -> LintContext:
    options = dict(DIRECTIVE.findall(text))
    site = None
    if "yarn-site" in options:
        pairs = [p.split("=", 1) for p in options["yarn-site"].split(";") if p.strip()]
        site = HadoopConf.from_pairs((k.strip(), v.strip()) for k, v in pairs)
    version = options.get("hadoop-version")
    return LintContext(
        cluster=parse_cluster(options["cluster"]) if "cluster" in options else None,
        hadoop_version=parse_version(version) if version else DEFAULT_VERSION,
        yarn_site=site,
    )


def test_every_code_has_a_failing_case() -> None:
    from fsctl.catalogue import all_rules

    ours = {r.code for r in all_rules() if LINT_CODE.match(r.code)}
    covered = {path.parts[-3] for path in CASES if path.parts[-2] == "fail"}
    assert ours - covered == set()


@pytest.mark.parametrize("path", CASES, ids=lambda p: "/".join(p.parts[-4:]))
def test_lint_case(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    context = context_for(text)
    loaded = load(str(path), yarn_site=context.yarn_site, hadoop_version=context.hadoop_version)
    assert loaded.result.tree is not None, [d.message for d in loaded.result.diagnostics]
    got = sorted(
        (
            (d.code, d.line, d.column, d.severity.label)
            for d in run_lint(loaded.result, context)
            if LINT_CODE.match(d.code)
        ),
        key=lambda e: (e[1], e[2], e[0]),
    )
    want = expected(text)
    if path.parts[-2] == "pass":
        assert not want, "a pass case must not expect findings"
    else:
        assert any(code == path.parts[-3] for code, *_ in want), "a fail case must expect its own code"
    # severity is compared only where the file names one
    assert [g[:3] for g in got] == [w[:3] for w in want]
    for g, w in zip(got, want, strict=True):
        if w[3] is not None:
            assert g[3] == w[3], f"{g[0]} at {g[1]}:{g[2]}"
