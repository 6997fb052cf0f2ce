"""``fsctl convert FAIR.xml (-o DIR | --print)``: Fair Scheduler to Capacity Scheduler, like
Hadoop's ``yarn fs2cs``, with findings for everything not carried over.

Differences from fs2cs in how the run behaves (the files themselves follow fs2cs.md §2–§3):

- ``-o DIR`` is created when missing; existing outputs are never overwritten without ``--force``
  (exit 2), and DIR may not be the folder of the input yarn-site.xml (fs2cs refuses it too).
- ``--dry-run`` converts, verifies and reports, and writes nothing (fs2cs still writes).
- A rules-file ``abort`` or any other error finding means nothing is written; every finding is
  listed, not only the first.
- Exit codes: 0 clean, 1 findings at or above ``--fail-on`` (or any error), 2 unusable input,
  usage or I/O problems (fs2cs returns -1 for all of them).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TextIO

from fsctl.catalogue import convert as rules
from fsctl.catalogue.selection import fails
from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.commands.check import DiagnosticOutput
from fsctl.convert.converter import ConversionResult, convert, verify
from fsctl.convert.options import ConvertOptions
from fsctl.convert.output import console_text
from fsctl.convert.rules_file import read_rules
from fsctl.gcpause import paused_gc
from fsctl.io.suppress import judged_by
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.report import FileReport, render_diagnostics, use_color
from fsctl.report.convert import report_json, routing_text, share_table_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from fsctl.hadoop.conf import HadoopConf
    from fsctl.model.tree import QueueTree
    from fsctl.model.versions import HadoopVersion
    from fsctl.routing.apps import App
    from fsctl.routing.engine import RoutedApp

CAPACITY_FILE = "capacity-scheduler.xml"
SITE_FILE = "yarn-site.xml"
MAPPING_FILE = "mapping-rules.json"


@dataclass
class ConvertCommand(DiagnosticOutput):
    fair_path: str
    yarn_site: str | None = None
    output_dir: str | None = None
    print_output: bool = False
    dry_run: bool = False
    force: bool = False
    rules_path: str | None = None
    #: applications to route through both schedulers, besides the probes derived from the Fair file
    apps_file: str | None = None
    skip_verification: bool = False
    #: fs2cs -t: start the Fair Scheduler in migration mode without the terminal-rule check
    no_terminal_rule_check: bool = False
    convert: ConvertOptions = field(default_factory=ConvertOptions)


class UsageProblem(Exception):
    """Exit 2 with this message."""


def run(options: ConvertCommand, stdout: TextIO, stderr: TextIO) -> int:
    try:
        with paused_gc():
            return _run(options, stdout, stderr)
    except UsageProblem as exc:
        stderr.write(f"fsctl convert: {exc}\n")
        return EXIT_ERROR


def _run(options: ConvertCommand, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl.io.loader import load, load_site

    if not (options.output_dir or options.print_output or options.dry_run):
        raise UsageProblem("no output: give -o DIR, --print or --dry-run")
    if options.output_dir and options.print_output:
        raise UsageProblem("--print and -o DIR exclude each other: print the files or write them")
    conv = options.convert
    if options.rules_path is not None:
        conv = replace(conv, rules=read_rules(_read_text(options.rules_path), options.rules_path))
    apps = _read_apps(options.apps_file)
    reports: list[FileReport] = []

    conf = None
    if options.yarn_site:
        site = load_site(options.yarn_site)
        conf = site.conf
        if conf is None:
            reports.append(FileReport(options.yarn_site, "yarn-site", site.diagnostics))
            _render(reports, options, stdout, stderr)
            return EXIT_ERROR
        if site.diagnostics:
            reports.append(
                FileReport(options.yarn_site, "yarn-site", options.selection.apply(site.diagnostics))
            )

    reader_site = _migration_mode(conf) if options.no_terminal_rule_check else conf
    loaded = load(options.fair_path, yarn_site=reader_site, hadoop_version=conv.hadoop_version)
    result = loaded.result
    fair_diagnostics = list(result.diagnostics)
    if result.tree is None or result.format != "fair-scheduler":
        if result.tree is not None:
            fair_diagnostics.append(
                rules.CV109.at(
                    None,
                    f"{options.fair_path} is a {result.format} file, not a Fair Scheduler allocation file",
                )
            )
        reports.append(FileReport(options.fair_path, result.format, fair_diagnostics))
        _render(reports, options, stdout, stderr)
        return EXIT_ERROR
    from fsctl.catalogue.fair import LOADS_ANYWAY

    # a queue Hadoop refuses to create does not stop the Fair Scheduler (nor fs2cs, oracle): it is
    # left out of the conversion (converter._created_queues), its error still reported
    if any(d.severity >= Severity.ERROR and d.code not in LOADS_ANYWAY for d in fair_diagnostics):
        fair_diagnostics.append(
            rules.CV109.at(
                result.tree.root.location,
                "the Fair Scheduler would not load this file, so it is not converted; fix the errors above",
            )
        )
        reports.append(
            FileReport(options.fair_path, result.format, loaded.suppressions.apply(fair_diagnostics))
        )
        _render(reports, options, stdout, stderr)
        return EXIT_ERROR

    _check_output_dir(options)
    if conv.rules_to_file and options.output_dir and not options.print_output:
        conv = replace(conv, rules_file_path=os.path.abspath(os.path.join(options.output_dir, MAPPING_FILE)))
    conversion = convert(result.tree, conf, conv)
    capacity_path = os.path.join(options.output_dir or ".", CAPACITY_FILE)
    if not options.skip_verification and not conversion.failed:
        verify(conversion, capacity_path, conv, conf)
    if not conversion.failed:
        _route(options.fair_path, result.tree, conversion, capacity_path, conv, conf, apps)

    findings = loaded.suppressions.apply([*fair_diagnostics, *conversion.findings])
    judged = judged_by(("XML", "FS", "PL", "CV"), lint=False)
    findings = options.selection.apply([*findings, *loaded.suppressions.problems(judged)])
    reports.append(FileReport(options.fair_path, result.format, findings))
    written: list[str] = []
    if conversion.failed:
        stderr.write("fsctl convert: the conversion has errors; nothing is written\n")
    elif options.print_output:
        mapping = conversion.mapping_json if conv.rules_to_file else None
        stdout.write(console_text(conversion.capacity_bytes, conversion.site_bytes, mapping))
    elif options.output_dir and not options.dry_run:
        written = _write(options, conversion)
    _render(reports, options, stdout, stderr, conversion, written, result.tree)

    everything = [d for r in reports for d in r.diagnostics]
    if any(d.severity >= Severity.ERROR for d in everything) or conversion.failed:
        return EXIT_FINDINGS if not options.exit_zero else EXIT_CLEAN
    if not options.exit_zero and fails(everything, options.fail_on):
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _read_apps(path: str | None) -> list[App]:
    from fsctl.routing.apps import AppSpecError, read_apps

    if path is None:
        return []
    try:
        return read_apps(path)
    except AppSpecError as exc:
        raise UsageProblem(f"--apps {exc.location or path}: RT101 {exc.message} (app-spec-invalid)") from None


def _route(
    fair_path: str,
    tree: QueueTree,
    conversion: ConversionResult,
    capacity_path: str,
    conv: ConvertOptions,
    conf: HadoopConf | None,
    apps: list[App],
) -> None:
    """The routing report: RT201 findings, and the changed applications for the table."""
    from fsctl.convert.converter import merged_site, read_back
    from fsctl.convert.options import CS_PREFIX
    from fsctl.convert.routing import (
        changed,
        conversion_engines,
        conversion_findings,
        fallback_back,
        probe_apps,
        where_they_land,
    )
    from fsctl.io.xmldoc import XmlLoadError
    from fsctl.routing.engine import route_each

    # the verified tree is needed no more after routing: released before the report is rendered
    capacity, conversion.capacity_tree = conversion.capacity_tree, None
    if capacity is None:  # --skip-verification
        try:
            capacity = read_back(conversion, capacity_path, conv, merged_site(conversion, conf)).tree
        except XmlLoadError:
            return
    if capacity is None:
        return
    override = conversion.capacity.get(CS_PREFIX + "queue-mappings-override.enable") == "true"
    probes = [*probe_apps(tree), *apps]
    # the converted file by its name: the output folder may be a temporary one (--dry-run, --print)
    files = (fair_path, CAPACITY_FILE)
    engines = conversion_engines(tree, capacity, conversion.mapping_rules, override, files)
    moved = changed(route_each(engines, probes))  # one at a time: only the few that move are kept
    where_they_land(conversion.findings, engines)
    # --fallback-queue is recommended where it would send the applications back (none is given yet)
    back = fallback_back(capacity, conversion.mapping_rules, files[1])
    no_advice: Callable[[list[RoutedApp]], str | None] = lambda _: None  # noqa: E731
    where = tree.info.placement_location or tree.root.location
    conversion.findings.extend(conversion_findings(moved, where, no_advice if conv.fallback_queue else back))
    capacity.unlink()  # freed here, before the report is built, though the collector is paused
    conversion.routing = moved
    conversion.probes = len(probes)  # each routed once


def _migration_mode(conf: HadoopConf | None) -> HadoopConf:
    """fs2cs starts the Fair Scheduler with ``migration.mode`` and ``no-terminal-rule.check`` set
    (``FSConfigToCSConfigConverter``): unreachable placement rules then only warn."""
    from fsctl.hadoop.conf import HadoopConf

    flags = HadoopConf.from_pairs(
        [
            ("yarn.scheduler.fair.migration.mode", "true"),
            ("yarn.scheduler.fair.no-terminal-rule.check", "true"),
        ],
        source="fsctl convert --no-terminal-rule-check",
    )
    if conf is None:
        return flags
    merged, _ = conf.layered(flags)
    return merged


def _read_text(path: str) -> str:
    from fsctl.io.fileio import read_input

    try:
        return read_input(path, 16 * 1024 * 1024).decode("utf-8")  # refuses FIFOs, devices, huge files
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageProblem(f"--rules {path}: cannot read: {exc}") from None


def _check_output_dir(options: ConvertCommand) -> None:
    """fs2cs's argument checks (fs2cs.md §1.3), plus fsctl's --force."""
    from fsctl.io.fileio import input_at

    directory = options.output_dir
    if not directory or options.print_output or options.dry_run:
        return
    if os.path.exists(directory) and not os.path.isdir(directory):
        raise UsageProblem(f"-o {directory}: is not a directory")
    if options.yarn_site and os.path.isdir(directory):
        site_dir = os.path.dirname(os.path.abspath(options.yarn_site))
        if os.path.samefile(site_dir, directory):
            raise UsageProblem(
                f"-o {directory}: the output directory contains the yarn-site.xml given with --yarn-site; "
                "choose another directory"
            )
    names = [CAPACITY_FILE, SITE_FILE] + ([MAPPING_FILE] if options.convert.rules_to_file else [])
    for name in names:  # even with --force: refused before any file is written, not half-way
        target = os.path.join(directory, name)
        if os.path.islink(target) or os.path.isdir(target):
            raise UsageProblem(f"{target}: is a symbolic link or a directory; refusing to write there")
        if input_at(target, [options.fair_path, options.yarn_site, options.rules_path]):
            raise UsageProblem(f"{target}: is one of the inputs; refusing to overwrite it")
    if not options.force:
        for name in names:
            target = os.path.join(directory, name)
            if os.path.lexists(target):
                raise UsageProblem(f"{target}: exists; use --force to overwrite it")


def _write(options: ConvertCommand, conversion: ConversionResult) -> list[str]:
    from fsctl.io.fileio import OutputExistsError, UnsafeOutputError, write_atomic

    directory = options.output_dir
    assert directory is not None
    outputs: list[tuple[str, bytes]] = [
        (CAPACITY_FILE, conversion.capacity_bytes),
        (SITE_FILE, conversion.site_bytes),
    ]
    if options.convert.rules_to_file and conversion.mapping_json is not None:
        outputs.append((MAPPING_FILE, conversion.mapping_json.encode("utf-8")))
    written: list[str] = []
    try:
        os.makedirs(directory, exist_ok=True)
        for name, data in outputs:
            path = os.path.join(directory, name)
            write_atomic(path, data, force=options.force)
            written.append(path)
    except (OutputExistsError, UnsafeOutputError) as exc:
        raise UsageProblem(str(exc)) from None
    except OSError as exc:
        raise UsageProblem(f"{directory}: cannot write: {exc.strerror or exc}") from None
    return written


def _render(
    reports: list[FileReport],
    options: ConvertCommand,
    stdout: TextIO,
    stderr: TextIO,
    conversion: ConversionResult | None = None,
    written: list[str] | None = None,
    fair_tree: QueueTree | None = None,
) -> None:
    # with --print the converted files own stdout; the report goes to stderr
    stream = stderr if options.print_output else stdout
    color = use_color(stream, options.color)
    if options.fmt == "json":
        json.dump(
            report_json(reports, conversion, options.convert.cluster, written or []),
            stream,
            indent=2,
            ensure_ascii=False,
        )
        stream.write("\n")
        return
    if options.fmt in ("markdown", "html"):
        findings = [d for r in reports for d in sorted(r.diagnostics, key=Diagnostic.sort_key)]
        if options.fmt == "markdown":
            from fsctl.report.markdown import convert_markdown

            shares = conversion.shares if conversion is not None else None
            stream.write(convert_markdown(options.fair_path, findings, shares, written or []))
        else:
            stream.write(_page(options, findings, conversion, fair_tree))
        return
    render_diagnostics(reports, options.fmt, stream, color, options.text)
    if options.fmt == "text" and conversion is not None and not options.text.statistics:
        if conversion.shares is not None:
            stream.write(share_table_text(conversion, options.convert.cluster))
        stream.write(routing_text(conversion, color))
        for path in written or []:
            stream.write(f"wrote {path}\n")


def _page(
    options: ConvertCommand,
    findings: list[Diagnostic],
    conversion: ConversionResult | None,
    fair_tree: QueueTree | None,
) -> str:
    """The html page: the Fair tree's shares before, the converted Capacity tree's after, and the
    findings (what the migration drops or changes) below."""
    from fsctl.commands.diff import NOMINAL_CLUSTER
    from fsctl.commands.simulate import SimulateError, report_for_tree
    from fsctl.report.html import Page, Panel, Table, render_page

    cluster = options.convert.cluster or NOMINAL_CLUSTER
    version = options.convert.hadoop_version
    panels = []
    left_out: list[str] = []  # a tree whose shares cannot be computed (SM107): no panel, and why
    for heading, tree in (
        (f"before: {options.fair_path}", fair_tree),
        ("after: capacity-scheduler.xml", _converted_tree(conversion, version)),
    ):
        if tree is None:
            continue
        try:
            panels.append(Panel(heading, report_for_tree(tree, cluster, None, None, version)))
        except SimulateError as exc:
            left_out.append(f"{heading.partition(':')[0]} left out: {exc}")
    size = ", ".join(f"{k}={v}" for k, v in cluster.items())
    subtitle = f"{len(findings)} findings; shares on a cluster of {size}" + (
        "" if options.convert.cluster else " (a nominal size: give --cluster for yours)"
    )
    subtitle += "".join(f"; {note}" for note in left_out)
    rows = [[f"{d.code} {d.severity.label}", d.queue or "", d.property or "", d.message] for d in findings]
    table = Table("What the migration drops or changes", ("finding", "queue", "property", "message"), rows)
    return render_page(Page(f"fsctl convert {options.fair_path}", subtitle, panels, [table]))


def _converted_tree(conversion: ConversionResult | None, version: HadoopVersion) -> QueueTree | None:
    """The converted capacity-scheduler.xml read back, as the ResourceManager would read it."""
    if conversion is None or conversion.failed or not conversion.capacity_bytes:
        return None
    from fsctl.capacity.reader import read_capacity
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.io.xmldoc import XmlLoadError, load_xml

    try:
        doc = load_xml(CAPACITY_FILE, conversion.capacity_bytes)
    except XmlLoadError:
        return None
    site = HadoopConf.from_pairs(list(conversion.site.items()), source=SITE_FILE)
    return read_capacity(doc, site, version).tree
