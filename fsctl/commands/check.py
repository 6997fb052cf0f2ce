"""``fsctl validate`` and ``fsctl lint``: what the ResourceManager would reject or warn about when
loading each file, and (lint) the mistakes it silently accepts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TextIO

from fsctl.catalogue import declared
from fsctl.catalogue.selection import UNREADABLE_CODES, Selection, fails
from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.gcpause import paused_gc
from fsctl.io.loader import load, load_site
from fsctl.io.suppress import judged_by
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion
from fsctl.report import FileReport, TextOptions, render_diagnostics, use_color

#: the codes validate and lint report (inline comments naming others are not judged unused)
CHECKED_PREFIXES = ("XML", "FS", "CS", "PL")


@dataclass(kw_only=True)
class DiagnosticOutput:
    """How validate, lint and convert report their diagnostics (cli's ``diagnostic_options``)."""

    fmt: str = "text"
    selection: Selection = field(default_factory=Selection)
    #: the least severe finding that makes the exit code 1; None: findings never do (convert's default)
    fail_on: Severity | None = Severity.WARNING
    exit_zero: bool = False
    color: bool | None = None
    text: TextOptions = field(default_factory=TextOptions)


@dataclass
class CheckOptions(DiagnosticOutput):
    paths: list[str]
    lint: bool = False
    yarn_site: str | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    cluster: dict[str, int] | None = None


def check_files(options: CheckOptions) -> list[FileReport]:
    """Every file's diagnostics after suppressions and selection; the yarn-site file first."""
    with paused_gc():
        return _check_files(options)


def _check_files(options: CheckOptions) -> list[FileReport]:
    reports: list[FileReport] = []
    judged = judged_by(CHECKED_PREFIXES, lint=options.lint)
    conf = None
    if options.yarn_site:
        site = load_site(options.yarn_site)
        conf = site.conf
        site_diagnostics = list(site.diagnostics)
        if conf is not None:
            from fsctl.io.loader import check_site

            site_diagnostics += check_site(conf)
        kept = site.suppressions.apply(site_diagnostics)
        kept = options.selection.apply([*kept, *site.suppressions.problems(judged)])
        if kept or conf is None:
            reports.append(FileReport(options.yarn_site, "yarn-site", kept))
    for path, problem in expand_paths(options.paths):
        if problem is not None:
            reports.append(FileReport(path, None, [problem]))
            continue
        loaded = load(path, yarn_site=conf, hadoop_version=options.hadoop_version)
        diagnostics: list[Diagnostic] = list(loaded.result.diagnostics)
        if options.lint and loaded.result.tree is not None:
            from fsctl.lint import LintContext, run_lint

            context = LintContext(options.cluster, options.hadoop_version, conf)
            diagnostics.extend(run_lint(loaded.result, context))
        if not options.lint:
            diagnostics = [d for d in diagnostics if not _lint_only(d)]
        diagnostics = loaded.suppressions.apply(diagnostics)
        diagnostics = options.selection.apply([*diagnostics, *loaded.suppressions.problems(judged)])
        reports.append(FileReport(path, loaded.result.format, diagnostics))
    return reports


def expand_paths(paths: list[str]) -> list[tuple[str, Diagnostic | None]]:
    """Each path, a folder replaced by the scheduler files found in it (by name and by content) and
    by the entries of it that cannot be read, each a problem (XML001); a folder with none of either
    is a problem of its own."""
    import os

    from fsctl.io.fileio import STDIN, search_directory

    out: list[tuple[str, Diagnostic | None]] = []
    for path in paths:
        if path == STDIN or not os.path.isdir(path):
            out.append((path, None))
            continue
        from fsctl.catalogue.document import XML001
        from fsctl.commands.hooks import FILES  # the hooks' table: only a folder needs its pattern

        entries = search_directory(path, FILES, _recognised)
        if not entries:
            message = "is a directory holding no scheduler configuration (searched *.xml by name and content)"
            out.append((path, XML001.at(Location(path), message)))
        for entry, unreadable in entries:
            problem = None if unreadable is None else XML001.at(Location(entry), f"cannot read: {unreadable}")
            out.append((entry, problem))
    return out


def _recognised(path: str) -> bool:
    """A scheduler file by content: the loader detects its format."""
    return load(path).result.format is not None


def _lint_only(diagnostic: Diagnostic) -> bool:
    rule = declared(diagnostic.code)
    return rule is not None and rule.lint_only


def exit_code(reports: list[FileReport], fail_on: Severity | None, exit_zero: bool) -> int:
    everything = [d for r in reports for d in r.diagnostics]
    if any(d.code in UNREADABLE_CODES for d in everything):
        return EXIT_ERROR
    if not exit_zero and fails(everything, fail_on):
        return EXIT_FINDINGS
    return EXIT_CLEAN


def run(options: CheckOptions, stdout: TextIO) -> int:
    reports = check_files(options)
    render_diagnostics(reports, options.fmt, stdout, use_color(stdout, options.color), options.text)
    return exit_code(reports, options.fail_on, options.exit_zero)
