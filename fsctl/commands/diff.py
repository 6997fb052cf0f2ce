"""``fsctl diff OLD NEW``: semantic differences between two scheduler configurations.

Either side may be a file or ``REV:PATH`` (read with ``git show`` in the current directory); a
path that exists is always a path. Exit 0 when equivalent, 1 when different, 2 when an input cannot
be read or the ResourceManager would refuse to load it (the load errors are printed, one a line).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.commands.options import EvaluationOptions
from fsctl.gcpause import paused_gc
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import FAIR
from fsctl.model.versions import HadoopVersion

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.model.resources import Vector
    from fsctl.model.tree import QueueTree

GIT_TIMEOUT = 60


@dataclass
class DiffOptions(EvaluationOptions):
    old: str
    new: str
    #: where ``git show`` runs (default: the current directory)
    cwd: str | None = None


FORMATS = ("text", "json", "sarif", "github", "markdown", "html")
#: the cluster the html page sizes shares on when --cluster is not given
NOMINAL_CLUSTER = {"memory-mb": 1_024_000, "vcores": 1000}


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


def side_bytes(spec: str, cwd: str | None) -> bytes | None:
    """The bytes of one side, or None where reading is left to the loader (standard input, or a
    file it reports as unreadable)."""
    if looks_like_revision(spec):
        return git_show(spec, cwd)
    from fsctl.io.xmldoc import STDIN, XmlLoadError, read_bytes

    if spec == STDIN:
        return None
    try:
        return read_bytes(spec)
    except XmlLoadError:
        return None


def read_side(
    spec: str,
    conf: HadoopConf | None,
    version: HadoopVersion,
    cwd: str | None,
    data: bytes | None = None,
) -> tuple[QueueTree | None, list[Diagnostic]]:
    """Load one side: the tree, and the diagnostics that make it unusable (errors)."""
    from fsctl.io.loader import load

    if data is None and looks_like_revision(spec):
        data = git_show(spec, cwd)
    from fsctl.catalogue.fair import LOADS_ANYWAY

    loaded = load(spec, yarn_site=conf, hadoop_version=version, data=data)
    result = loaded.result
    # a queue Hadoop refuses to create does not stop the scheduler (convert and simulate go on too)
    errors = [d for d in result.diagnostics if d.severity >= Severity.ERROR and d.code not in LOADS_ANYWAY]
    if result.tree is None and not errors:
        what = "a yarn-site.xml" if result.format == "yarn-site" else "not a scheduler configuration"
        raise InputError(f"{spec}: {what}; diff compares fair-scheduler.xml and capacity-scheduler.xml files")
    return result.tree, errors


def same_input(old: str, old_data: bytes | None, new: str, new_data: bytes | None) -> bool:
    """Both sides read to the same tree: the same bytes, under the same file name (the name can
    decide a ``<configuration>``'s kind, see :func:`fsctl.io.loader.configuration_kind`)."""
    return (
        old_data is not None
        and old_data == new_data
        and os.path.basename(old).lower() == os.path.basename(new).lower()
    )


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
        trees: list[QueueTree | None] = []
        failed = False
        sides = [side_bytes(spec, options.cwd) for spec in (options.old, options.new)]
        for spec, data in zip((options.old, options.new), sides, strict=True):
            if trees and not failed and same_input(options.old, sides[0], spec, data):
                trees.append(trees[0])  # the same bytes read the same way: one tree for both sides
                continue
            tree, errors = read_side(spec, conf, options.hadoop_version, options.cwd, data)
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

    from fsctl.commands.simulate import SimulateError
    from fsctl.diff import diff_trees, is_different
    from fsctl.evaluate.compute_fair_shares import FairSharesNeverEnd
    from fsctl.report import use_color
    from fsctl.report.diff import render_diff

    labels = (f"{options.old} ({old_tree.format})", f"{options.new} ({new_tree.format})")
    text = io.StringIO()
    to_stdout = options.output in (None, "-")
    # a snapshot that gives its cluster's size (fsctl snapshot's do) sizes the shares, as in
    # simulate and convert; --cluster comes first
    cluster = options.cluster or (demand.cluster if demand is not None else None)
    try:  # shares are computed with a cluster (--cluster, or the snapshot's) and for the html page
        changes = diff_trees(old_tree, new_tree, cluster=cluster, demand=demand)
        if options.fmt == "html":
            text.write(_page(options, old_tree, new_tree, changes, conf, demand, labels, cluster))
        else:
            color = use_color(stdout, options.color) if to_stdout else False
            cross_format = old_tree.format != new_tree.format
            new_path = options.new.partition(":")[2] if looks_like_revision(options.new) else options.new
            render_diff(
                changes, options.fmt, text, color, labels, new_path=new_path, cross_format=cross_format
            )
    except FairSharesNeverEnd as exc:
        err.write(f"fsctl diff: {_never_ends(old_tree, new_tree, options, exc.queues)}\n")
        return EXIT_ERROR
    except SimulateError as exc:  # the html page's shares: simulate's own located message (SM107)
        err.write(f"fsctl diff: {exc}\n")
        return EXIT_ERROR
    for finding in _snapshot_warnings((old_tree, new_tree), options.cluster, demand):
        err.write(finding + "\n")
    from fsctl.io.fileio import write_report

    inputs = [options.old, options.new, options.yarn_site, options.demand]
    problem = write_report(text.getvalue(), options.output, stdout, force=options.force, inputs=inputs)
    if problem is not None:
        err.write(f"fsctl diff: {problem}\n")
        return EXIT_ERROR
    return EXIT_FINDINGS if is_different(changes) else EXIT_CLEAN


def _snapshot_warnings(trees: tuple[QueueTree, QueueTree], cluster: Any, demand: Any) -> list[str]:
    """SM108 for a snapshot no Fair side ever holds (usage above a maximum), one line each."""
    if demand is None or not cluster:  # the shares were computed (a search that never ends raised)
        return []
    from fsctl.evaluate.fair import evaluate_fair, impossible_usage
    from fsctl.report.text import format_line

    lines: list[str] = []
    for tree in dict.fromkeys(trees):  # one tree read for both sides is checked once
        if tree.format == FAIR:
            result = evaluate_fair(tree, cluster, demand)
            lines += [format_line(d, demand.source) for d in impossible_usage(result, demand)]
    return lines


def _never_ends(old: QueueTree, new: QueueTree, options: DiffOptions, blamed: tuple[str, ...]) -> str:
    """SM107, located in the side whose shares Hadoop never finishes computing."""
    from fsctl.commands.simulate import never_ends
    from fsctl.evaluate.fair import never_ending_search

    sides = [(tree, spec) for tree, spec in ((old, options.old), (new, options.new)) if tree.format == FAIR]
    tree, spec = next(((t, s) for t, s in sides if never_ending_search(t, blamed)[0] is not None), sides[0])
    return format_error(never_ends(tree, blamed), spec)


def _page(
    options: DiffOptions,
    old_tree: QueueTree,
    new_tree: QueueTree,
    changes: list[Any],
    conf: HadoopConf | None,
    demand: Any,
    labels: tuple[str, str],
    given: Vector | None,
) -> str:
    """The html page: the two trees of shares side by side, and the changes below."""
    from fsctl.report.diff import summary
    from fsctl.report.html import Page, Panel, Table, render_page

    cluster = given or NOMINAL_CLUSTER
    panels = [
        Panel(f"before: {label}", _shares(tree, cluster, demand, conf, options.hadoop_version, label))
        for tree, label in ((old_tree, labels[0]), (new_tree, labels[1]))
    ]
    panels[1].heading = f"after: {labels[1]}"
    size = ", ".join(f"{k}={v}" for k, v in cluster.items())
    subtitle = f"{summary(changes)}; shares on a cluster of {size}" + (
        "" if given else " (a nominal size: give --cluster for yours)"
    )
    rows = [
        [c.kind, c.queue or "(scheduler-wide)", c.property or "", c.old or "", c.new or "", c.effect]
        for c in changes
    ]
    table = Table(
        "Changes", ("kind", "queue", "property", "before", "after", "effect"), rows, "no differences"
    )
    return render_page(Page(f"fsctl diff {options.old} → {options.new}", subtitle, panels, [table]))


def _shares(
    tree: QueueTree,
    cluster: dict[str, int],
    demand: Any,
    conf: HadoopConf | None,
    version: HadoopVersion,
    label: str,
) -> Any:
    """One side's simulate report; the demand snapshot only where it names queues of this side."""
    from fsctl.commands.simulate import SimulateError, report_for_tree

    try:
        return report_for_tree(tree, cluster, demand, conf, version, label)
    except SimulateError:
        return report_for_tree(tree, cluster, None, conf, version, label)


def _site(path: str | None) -> HadoopConf | None:
    if not path:
        return None
    from fsctl.io.loader import load_site

    site = load_site(path)
    errors = [d for d in site.diagnostics if d.severity >= Severity.ERROR]
    if site.conf is None or errors:
        lines = "; ".join(format_error(d, path) for d in errors) or "cannot be read"
        raise InputError(f"--yarn-site {lines}")
    return site.conf


def _demand(path: str | None) -> Any:
    if not path:
        return None
    from fsctl.io.demand import read_demand

    snapshot, diagnostics = read_demand(path)
    if snapshot is None:
        lines = "; ".join(format_error(d, path) for d in diagnostics) or "cannot be read"
        raise InputError(f"--demand {lines}")
    return snapshot
