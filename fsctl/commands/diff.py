"""``fsctl diff OLD NEW``: semantic differences between two scheduler configurations.

Either side may be a file or ``REV:PATH`` (read with ``git show`` in the current directory); a
path that exists is always a path. Exit 0 when equivalent, 1 when different, 2 when an input cannot
be read or the ResourceManager would refuse to load it (the load errors are printed, one a line).
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, paused_gc
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.hadoopconf import HadoopConf
    from fsctl.model.tree import QueueTree

GIT_TIMEOUT = 60


@dataclass
class DiffOptions:
    old: str
    new: str
    cluster: dict[str, int] | None = None
    demand: str | None = None
    yarn_site: str | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    fmt: str = "text"
    color: bool | None = None
    #: where ``git show`` runs (default: the current directory)
    cwd: str | None = None


class InputError(Exception):
    """An input could not be obtained or understood; the message says which and why."""


def git_show(spec: str, cwd: str | None = None) -> bytes:
    """The bytes of ``REV:PATH`` from ``git show`` (list arguments, no shell)."""
    rev, _, path = spec.partition(":")
    if rev.startswith("-"):
        raise InputError(f"{spec}: not a file, and {rev!r} is not a git revision")
    try:
        done = subprocess.run(
            ["git", "show", f"{rev}:{path}"],
            capture_output=True,
            cwd=cwd,
            timeout=GIT_TIMEOUT,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        raise InputError(f"{spec}: not a file, and git is not installed to read it as REV:PATH") from None
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InputError(f"{spec}: git show failed: {exc}") from None
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", errors="replace").strip().splitlines()
        detail = reason[-1] if reason else f"exit status {done.returncode}"
        raise InputError(f"{spec}: not a file, and git show {rev}:{path} failed: {detail}")
    return done.stdout


def looks_like_revision(spec: str) -> bool:
    _rev, colon, path = spec.partition(":")
    return bool(colon and path and not os.path.exists(spec))


def read_side(
    spec: str, conf: HadoopConf | None, version: HadoopVersion, cwd: str | None
) -> tuple[QueueTree | None, list[Diagnostic]]:
    """Load one side: the tree, and the diagnostics that make it unusable (errors)."""
    from fsctl.loader import load

    data = git_show(spec, cwd) if looks_like_revision(spec) else None
    loaded = load(spec, yarn_site=conf, hadoop_version=version, data=data)
    result = loaded.result
    errors = [d for d in result.diagnostics if d.severity >= Severity.ERROR]
    if result.tree is None and not errors:
        what = "a yarn-site.xml" if result.format == "yarn-site" else "not a scheduler configuration"
        raise InputError(f"{spec}: {what}; diff compares fair-scheduler.xml and capacity-scheduler.xml files")
    return result.tree, errors


def format_error(d: Diagnostic, label: str) -> str:
    where = f"{d.file or label}:{d.line}:{d.column}" if d.line else (d.file or label)
    return f"{where}: {d.code} {d.message}"


def run(options: DiffOptions, stdout: TextIO, stderr: TextIO | None = None) -> int:
    with paused_gc():
        return _run(options, stdout, stderr)


def _run(options: DiffOptions, stdout: TextIO, stderr: TextIO | None = None) -> int:
    err = stderr if stderr is not None else sys.stderr
    try:
        conf = _site(options.yarn_site)
        trees = []
        failed = False
        for spec in (options.old, options.new):
            tree, errors = read_side(spec, conf, options.hadoop_version, options.cwd)
            for d in sorted(errors, key=Diagnostic.sort_key):
                err.write(format_error(d, spec) + "\n")
            failed = failed or bool(errors) or tree is None
            trees.append(tree)
        demand = _demand(options.demand)
    except InputError as exc:
        err.write(f"fsctl diff: {exc}\n")
        return EXIT_ERROR
    if failed:
        err.write("fsctl diff: an input has load errors (above); nothing compared\n")
        return EXIT_ERROR
    old_tree, new_tree = trees
    assert old_tree is not None and new_tree is not None

    from fsctl.diffing import diff_trees, is_different
    from fsctl.report import use_color
    from fsctl.report.diff import render_diff

    changes = diff_trees(old_tree, new_tree, cluster=options.cluster, demand=demand)
    labels = (f"{options.old} ({old_tree.format})", f"{options.new} ({new_tree.format})")
    render_diff(changes, options.fmt, stdout, use_color(stdout, options.color), labels)
    return EXIT_FINDINGS if is_different(changes) else EXIT_CLEAN


def _site(path: str | None) -> HadoopConf | None:
    if not path:
        return None
    from fsctl.loader import load_site

    site = load_site(path)
    errors = [d for d in site.diagnostics if d.severity >= Severity.ERROR]
    if site.conf is None or errors:
        lines = "; ".join(format_error(d, path) for d in errors) or "cannot be read"
        raise InputError(f"--yarn-site {lines}")
    return site.conf


def _demand(path: str | None) -> Any:
    if not path:
        return None
    from fsctl.evaluate.demand import read_demand

    snapshot, diagnostics = read_demand(path)
    if snapshot is None:
        lines = "; ".join(format_error(d, path) for d in diagnostics) or "cannot be read"
        raise InputError(f"--demand {lines}")
    return snapshot
