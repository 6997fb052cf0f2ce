"""``xmlschema`` as an independent second validator (a pure-Python XSD implementation, where fsctl
itself uses lxml's libxml2): ``schemas/*.xsd`` are valid XSD 1.0, and every sample and every
allocation file fsctl generates is valid against them.

(The two do not agree on stray text inside a wildcard-only content model, ``<allocations>2<queue
.../></allocations>``: libxml2 refuses it, as XSD 1.0 §3.4.4 says, xmlschema 4.3 accepts it; FS204
rests on libxml2.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import xmlschema

from tests.conftest import ROOT, SAMPLES, run_fsctl

SCHEMAS = sorted((ROOT / "schemas").glob("*.xsd"))
FAIR_SCHEMA = ROOT / "schemas" / "fair-scheduler.xsd"
FAIR_FILES = sorted(
    [
        *(SAMPLES / "fair").glob("*.xml"),
        *(ROOT / "tests" / "data" / "generate" / "golden").glob("*fair*.xml"),
        *(ROOT / "tests" / "data" / "convert" / "hadoop").glob("*.xml"),
    ]
)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_each_schema_is_valid_xsd(path: Path) -> None:
    meta = xmlschema.XMLSchema10.meta_schema
    meta.build()
    meta.validate(str(path))
    xmlschema.XMLSchema10(str(path))  # and it compiles


@pytest.mark.parametrize("path", FAIR_FILES, ids=lambda p: p.name)
def test_samples_and_goldens_are_valid(path: Path) -> None:
    xmlschema.XMLSchema10(str(FAIR_SCHEMA)).validate(str(path))


@pytest.mark.parametrize("ratios", sorted((SAMPLES / "ratios").glob("*.*[!d]")), ids=lambda p: p.name)
def test_every_generated_allocation_file_is_valid(ratios: Path, tmp_path: Path) -> None:
    out = tmp_path / "fair-scheduler.xml"
    result = run_fsctl(
        "generate", str(ratios), "--target", "fair", "--cluster", "memory-mb=1024000, vcores=1000",
        "--placement", "specified,default", "-o", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    xmlschema.XMLSchema10(str(FAIR_SCHEMA)).validate(str(out))


def test_the_package_never_imports_it() -> None:
    """A test dependency only: a pre-commit install must not pull a package fsctl never imports."""
    import ast
    import tomllib

    for module in (ROOT / "fsctl").rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "xmlschema" for n in names), module
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(d.startswith("xmlschema") for d in project["dependencies"])
    assert any(d.startswith("xmlschema") for d in project["optional-dependencies"]["test"])
