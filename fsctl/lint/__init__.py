"""Checks Hadoop does not make. Each area exposes ``check(tree, context)`` yielding diagnostics of
``lint_only`` rules; :func:`run_lint` runs the ones that apply to a tree's format.

An area package (``fair``, ``placement``) holds one module per rule: its ``RULE`` and its
``check_<event>`` functions, registered by a row of the package's ``RULES`` table; the package's
``document`` module holds what its rules share."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import CAPACITY, FAIR, QueueTree, ReadResult
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf


@dataclass(frozen=True)
class LintContext:
    cluster: dict[str, int] | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    yarn_site: HadoopConf | None = None


class _Checker(Protocol):
    def check(self, tree: QueueTree, context: LintContext) -> Iterator[Diagnostic]: ...


#: every lint module, by the format it checks (imported only for a tree of that format)
AREAS = {
    FAIR: ("fsctl.lint.fair", "fsctl.lint.placement"),
    CAPACITY: ("fsctl.lint.capacity",),
}


def handlers(rules: Iterable[ModuleType], event: str) -> tuple[Any, ...]:
    """The ``check_<event>`` function of each rule module that has one, in the order of its table."""
    name = f"check_{event}"
    return tuple(getattr(module, name) for module in rules if hasattr(module, name))


def run_lint(result: ReadResult, context: LintContext) -> list[Diagnostic]:
    tree = result.tree
    if tree is None:
        return []
    found: list[Diagnostic] = []
    for module_name in AREAS.get(tree.format, ()):
        checker: _Checker = importlib.import_module(module_name)
        found.extend(checker.check(tree, context))
    return found
