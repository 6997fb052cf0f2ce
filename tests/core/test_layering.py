"""ARCHITECTURE.md: the core never imports click or rich; jinja2 and xmlschema only inside functions;
every import goes down the layer picture; no import cycle; at most three top-level modules.

Each rule is one test over every module of fsctl, and its failure lists every offender at once."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "fsctl"
PRESENTATION = ("cli", "report")


def module_level_imports(path: Path) -> set[str]:
    """The top-level packages ``path`` imports when it is imported (``if TYPE_CHECKING:`` blocks
    import nothing at run time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def all_modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def offenders(packages: set[str]) -> list[str]:
    """The modules (relative to fsctl/) that import one of ``packages`` at module level."""
    found = []
    for path in all_modules():
        relative = path.relative_to(PACKAGE)
        imported = sorted(module_level_imports(path) & packages)
        if imported:
            found.append(f"{relative}: {', '.join(imported)}")
    return found


def assert_none(found: list[str], rule: str) -> None:
    """Every offender in one message (pytest's own diff of two lists shows only the first)."""
    assert not found, f"{rule}:\n  " + "\n  ".join(found)


def test_jinja2_and_xmlschema_are_imported_inside_the_functions_that_need_them() -> None:
    assert_none(
        offenders({"jinja2", "xmlschema"}), "import jinja2/xmlschema inside the function that needs them"
    )


def test_only_cli_and_report_import_click_or_rich() -> None:
    core = [
        line
        for line in offenders({"click", "rich"})
        if Path(line.split(":")[0]).parts[0] not in PRESENTATION and not line.startswith("__main__.py")
    ]
    assert_none(core, "only fsctl/cli and fsctl/report may import click or rich")


def test_report_imports_rich_only_when_colour_output_is_on() -> None:
    found = [line for line in offenders({"rich"}) if line.startswith("report/")]
    assert_none(found, "rich is imported lazily, only when colour output is on")


# --- the layer picture (ARCHITECTURE.md): a package imports only from layers below it --------------

#: rank of each package; an import must go to a lower rank, or be listed in SIDEWAYS or CALLS_UP
LAYERS = {
    "model": 0,
    "catalogue": 1,
    "gcpause": 2,
    "io": 2,
    "hadoop": 3,
    "fair": 4,
    "capacity": 4,
    "lint": 5,
    "evaluate": 5,
    "routing": 5,
    "convert": 5,
    "diff": 5,
    "generate": 5,
    "report": 6,
    "commands": 7,
    "cli": 8,
    "__main__": 9,
}
#: imports between packages of one layer
SIDEWAYS = {("convert", "routing"), ("convert", "evaluate"), ("diff", "convert"), ("diff", "evaluate")}
#: function-level imports that go up, by module: the loader hands each detected format to its reader;
#: a demand snapshot spells resources as an allocation file does (the fair reader's parser); the
#: catalogue's all_rules() imports the lint areas, whose rule modules declare the lint rules
CALLS_UP = {"io.loader": {"hadoop", "fair", "capacity"}, "io.demand": {"fair"}, "catalogue": {"lint"}}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: every module but fsctl/__init__ (the version string)
MODULES = {module_name(p): p for p in all_modules() if module_name(p)}


def fsctl_imports(path: Path, *, module_level: bool) -> set[str]:
    """The fsctl modules ``path`` imports (``from fsctl.a import b`` counts fsctl.a.b when a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [n for n in tree.body if not isinstance(n, ast.If)] if module_level else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        found.update(n.removeprefix("fsctl.") for n in names if n.startswith("fsctl."))
    return {n for n in found if n in MODULES}


def layer_of(module: str) -> str:
    return module.split(".")[0]


def test_every_module_is_in_the_layer_picture() -> None:
    outside = sorted(m for m in MODULES if layer_of(m) not in LAYERS)
    assert_none(outside, "modules outside the layer picture (add their packages to LAYERS)")


def test_imports_follow_the_layers() -> None:
    upwards = []
    for module in sorted(m for m in MODULES if layer_of(m) in LAYERS):
        mine = layer_of(module)
        for target in sorted(fsctl_imports(MODULES[module], module_level=False)):
            theirs = layer_of(target)
            if theirs == mine or LAYERS[theirs] < LAYERS[mine] or (mine, theirs) in SIDEWAYS:
                continue
            if theirs not in CALLS_UP.get(module, set()):
                upwards.append(f"{module} imports {target}")
    assert_none(upwards, "imports up the layers")


def test_the_top_level_holds_at_most_three_modules() -> None:
    assert len([p for p in PACKAGE.glob("*.py")]) <= 3


def test_no_import_cycle_among_modules() -> None:
    """Module-level imports (the ones run at import time) form no cycle; every cycle a depth-first
    walk meets is listed."""
    graph = {m: fsctl_imports(p, module_level=True) - {m} for m, p in MODULES.items()}
    done: set[str] = set()
    cycles: list[str] = []

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycles.append(" -> ".join([*path[path.index(module) :], module]))
            return
        if module in done:
            return
        for target in sorted(graph[module]):
            visit(target, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert_none(cycles, "import cycles")


def test_architecture_md_names_every_package() -> None:
    text = (PACKAGE.parent / "ARCHITECTURE.md").read_text(encoding="utf-8")
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())
    assert [p for p in packages if f" {p}/" not in text] == []
    assert set(packages) <= set(LAYERS)
