"""One failing and one passing file per rule: ``tests/data/lint/capacity/<CODE>/{fail,pass}/<CODE>.xml``.

The second line of each file says what to expect: ``<!-- expect: CODE@LINE:COLUMN[:severity] ... -->``
(exactly these diagnostics of that code) or ``<!-- expect-none: CODE -->``; ``| yarn-site: FILE``
adds a yarn-site.xml from the same folder, ``| hadoop-version: 3.1`` reads and lints for that release
(3.4 unless given). Adding a case is dropping a file in a folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fsctl.capacity.mapping import check_mapping
from fsctl.capacity.site import check_resource_calculator
from fsctl.catalogue import get
from fsctl.hadoop.conf import HadoopConf
from fsctl.io.loader import load, load_site
from fsctl.lint import LintContext, run_lint
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.versions import parse_version
from tests.capacity.rule_helpers import DATA

_HEADER = re.compile(r"<!-- (expect|expect-none): ([^|]*?)\s*(?:\|\s*(.*?))?\s*-->")


def _header(path: Path) -> tuple[str, list[str], dict[str, str]]:
    match = _HEADER.search(path.read_text(encoding="utf-8").splitlines()[1])
    assert match, f"{path}: second line must be an expect comment"
    options = {}
    if match.group(3):
        for item in match.group(3).split("|"):
            key, _, value = item.partition(":")
            options[key.strip()] = value.strip()
    return match.group(1), match.group(2).split(), options


def diagnostics_of(path: Path, options: dict[str, str]) -> list[Diagnostic]:
    """Everything validate and lint report for a file (mapping and calculator checks included, as
    the capacity reader runs them)."""
    site: HadoopConf | None = None
    if "yarn-site" in options:
        site = load_site(str(path.parent / options["yarn-site"])).conf
    version = parse_version(options.get("hadoop-version", "3.4"))
    result = load(str(path), yarn_site=site, hadoop_version=version).result
    found = list(result.diagnostics)
    tree = result.tree
    if tree is not None:
        conf = tree.info.properties
        if not any(d.code.startswith("PL5") for d in found):
            found.extend(check_mapping(conf, tree)[1])
        if not any(d.code in ("CS402", "CS403") for d in found):
            found.extend(check_resource_calculator(conf))
        found.extend(run_lint(result, LintContext(yarn_site=site, hadoop_version=version)))
    return found


FILES = sorted(DATA.glob("*/fail/*.xml")) + sorted(DATA.glob("*/pass/*.xml"))
CASES = [p for p in FILES if p.name[:2] in ("PL", "CS") and p.stem[2:].isdigit()]


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_rule_file(path: Path) -> None:
    kind, expected, options = _header(path)
    code = path.stem
    rule = get(code)
    assert rule is not None, f"{code} is not in the catalogue"
    found = [d for d in diagnostics_of(path, options) if d.code == code]
    if kind == "expect-none":
        assert found == [], [d.message for d in found]
        return
    got = []
    for d in found:
        entry = f"{d.code}@{d.line}:{d.column}"
        if d.severity != rule.severity:
            entry += f":{d.severity.label}"
        got.append(entry)
    assert sorted(got) == sorted(expected), [d.message for d in found]


def test_every_rule_has_a_pass_and_a_fail_file() -> None:
    from fsctl.catalogue import capacity_site, mapping
    from fsctl.lint.capacity import RULES

    codes = [
        value.code
        for module in (mapping, capacity_site)
        for name, value in vars(module).items()
        if re.fullmatch(r"(PL|CS)\d{3}", name)
    ]
    codes += [module.RULE.code for module in RULES]
    for code in codes:
        assert (DATA / code / "fail" / f"{code}.xml").exists(), code
        assert (DATA / code / "pass" / f"{code}.xml").exists(), code
