"""DESIGN.md §1: the core never imports click or rich; jinja2 and xmlschema only inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "fsctl"
PRESENTATION = ("cli", "report")


def module_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        nodes = [node]
        if isinstance(node, ast.If):  # `if TYPE_CHECKING:` blocks import nothing at run time
            continue
        for n in nodes:
            if isinstance(n, ast.Import):
                found.update(alias.name.split(".")[0] for alias in n.names)
            elif isinstance(n, ast.ImportFrom) and n.module and n.level == 0:
                found.add(n.module.split(".")[0])
    return found


def all_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", all_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_import_boundaries(path: Path) -> None:
    relative = path.relative_to(PACKAGE)
    imports = module_level_imports(path)
    assert not imports & {"jinja2", "xmlschema"}, (
        "import jinja2/xmlschema inside the function that needs them"
    )
    if relative.parts[0] not in PRESENTATION and relative.name != "__main__.py":
        assert not imports & {"click", "rich"}, "only fsctl/cli and fsctl/report may import click or rich"
    if relative.parts[0] == "report":
        assert "rich" not in imports, "rich is imported lazily, only when colour output is on"
