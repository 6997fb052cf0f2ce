"""``fsctl validate`` and ``fsctl lint``: what the ResourceManager would reject or warn about when
loading each file, and (lint) the mistakes it silently accepts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, paused_gc
from fsctl.loader import load, load_site
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion
from fsctl.report import FileReport, render_diagnostics, use_color
from fsctl.rules import declared
from fsctl.selection import UNREADABLE_CODES, Selection, fails


@dataclass
class CheckOptions:
    paths: list[str]
    lint: bool = False
    yarn_site: str | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    cluster: dict[str, int] | None = None
    fmt: str = "text"
    selection: Selection = field(default_factory=Selection)
    fail_on: Severity = Severity.WARNING
    exit_zero: bool = False
    color: bool | None = None


def check_files(options: CheckOptions) -> list[FileReport]:
    """Every file's diagnostics after suppressions and selection; the yarn-site file first."""
    with paused_gc():
        return _check_files(options)


def _check_files(options: CheckOptions) -> list[FileReport]:
    reports: list[FileReport] = []
    conf = None
    if options.yarn_site:
        site = load_site(options.yarn_site)
        conf = site.conf
        site_diagnostics = list(site.diagnostics)
        if conf is not None:
            from fsctl.loader import check_site

            site_diagnostics += check_site(conf)
        kept = options.selection.apply(site.suppressions.apply(site_diagnostics))
        if kept or conf is None:
            reports.append(FileReport(options.yarn_site, "yarn-site", kept))
    for path in options.paths:
        loaded = load(path, yarn_site=conf, hadoop_version=options.hadoop_version)
        diagnostics: list[Diagnostic] = list(loaded.result.diagnostics)
        if options.lint and loaded.result.tree is not None:
            from fsctl.lint import LintContext, run_lint

            context = LintContext(options.cluster, options.hadoop_version, conf)
            diagnostics.extend(run_lint(loaded.result, context))
        if not options.lint:
            diagnostics = [d for d in diagnostics if not _lint_only(d)]
        diagnostics = options.selection.apply(loaded.suppressions.apply(diagnostics))
        reports.append(FileReport(path, loaded.result.format, diagnostics))
    return reports


def _lint_only(diagnostic: Diagnostic) -> bool:
    rule = declared(diagnostic.code)
    return rule is not None and rule.lint_only


def exit_code(reports: list[FileReport], fail_on: Severity, exit_zero: bool) -> int:
    everything = [d for r in reports for d in r.diagnostics]
    if any(d.code in UNREADABLE_CODES for d in everything):
        return EXIT_ERROR
    if not exit_zero and fails(everything, fail_on):
        return EXIT_FINDINGS
    return EXIT_CLEAN


def run(options: CheckOptions, stdout: TextIO) -> int:
    reports = check_files(options)
    render_diagnostics(reports, options.fmt, stdout, use_color(stdout, options.color))
    return exit_code(reports, options.fail_on, options.exit_zero)
