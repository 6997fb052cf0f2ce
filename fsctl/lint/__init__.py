"""Checks Hadoop does not make. Each area module exposes ``check(tree, context)`` yielding
diagnostics of ``lint_only`` rules; :func:`run_lint` runs the ones that apply to a tree's format."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

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


def run_lint(result: ReadResult, context: LintContext) -> list[Diagnostic]:
    tree = result.tree
    if tree is None:
        return []
    found: list[Diagnostic] = []
    for module_name in AREAS.get(tree.format, ()):
        checker: _Checker = importlib.import_module(module_name)
        found.extend(checker.check(tree, context))
    return found
