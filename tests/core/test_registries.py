"""The registries are explicit tables: every entry imports, and every module of a registered package
is in its table (a misnamed module fails here instead of silently dropping its checks)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from fsctl import catalogue, lint
from fsctl.cli import COMMANDS

PACKAGE = Path(__file__).resolve().parents[2] / "fsctl"


def modules_of(package: str) -> set[str]:
    return {p.stem for p in (PACKAGE / package).glob("*.py") if p.stem != "__init__"}


REGISTERED = sorted(
    {
        *COMMANDS.values(),
        *(name for names in lint.AREAS.values() for name in names),
        *(f"fsctl.catalogue.{name}" for name in catalogue.CATALOGUE_MODULES),
    }
)


@pytest.mark.parametrize("name", REGISTERED)
def test_every_registered_module_imports(name: str) -> None:
    importlib.import_module(name)


def test_every_command_module_is_registered() -> None:
    assert {name.rsplit(".", 1)[1] for name in COMMANDS.values()} == modules_of("cli") - {
        "options",  # the click decorators
        "config",  # [tool.fsctl]
        "settings",  # option resolution without click (main's issue 14)
        "direct",  # validate and lint lines read without click
        "group",  # the click group itself
    }


#: lint areas that are packages: one module per rule, listed in the package's RULES table
RULE_PACKAGES = sorted(p.parent.name for p in (PACKAGE / "lint").glob("*/__init__.py"))


def test_every_lint_module_is_registered() -> None:
    registered = {name.rsplit(".", 1)[1] for names in lint.AREAS.values() for name in names}
    assert registered == modules_of("lint") | set(RULE_PACKAGES)


@pytest.mark.parametrize("area", RULE_PACKAGES)
def test_every_rule_module_is_in_its_table(area: str) -> None:
    package = importlib.import_module(f"fsctl.lint.{area}")
    listed = [module.__name__.rsplit(".", 1)[1] for module in package.RULES]
    assert sorted(listed) == sorted(modules_of(f"lint/{area}") - {"document"})
    codes = [module.RULE.code for module in package.RULES]
    assert codes == sorted(codes), "RULES is in code order"
    unchecked = [m.__name__ for m in package.RULES if not any(n.startswith("check_") for n in vars(m))]
    assert unchecked == [], "a rule module without a check_* function checks nothing"


def test_every_catalogue_module_is_registered() -> None:
    assert set(catalogue.CATALOGUE_MODULES) == modules_of("catalogue") - {"selection"}
