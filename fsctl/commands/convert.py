"""``fsctl convert FAIR.xml (-o DIR | --print)``: Fair Scheduler to Capacity Scheduler, like
Hadoop's ``yarn fs2cs``, with findings for everything not carried over.

Differences from fs2cs in how the run behaves (the files themselves follow fs2cs.md §2–§3):

- ``-o DIR`` is created when missing; existing outputs are never overwritten without ``--force``
  (exit 2), and DIR may not be the folder of the input yarn-site.xml (fs2cs refuses it too).
- ``--dry-run`` converts, verifies and reports, and writes nothing (fs2cs still writes).
- A rules-file ``abort`` or any other error finding means nothing is written; every finding is
  listed, not only the first.
- Exit codes: 0 converted (written, printed or dry-run), whatever its findings; 1 when the
  conversion has errors (nothing is written), or a finding at or above ``--fail-on`` when that is
  given; 2 unusable input, usage or I/O problems (fs2cs returns -1 for all of them).

The report opens with the migration brief (:mod:`fsctl.convert.brief`): per team, what changes,
ranked, with its cause, on the ``--cluster`` given (or the cluster of the ``--demand`` snapshot, whose
load it is compared under); ``--merged-yarn-site FILE`` writes the user's yarn-site.xml with the
conversion applied (:mod:`fsctl.convert.merged_site`).
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
from fsctl.convert.brief import BriefInputs, build_brief
from fsctl.convert.converter import ConversionResult, convert, verify
from fsctl.convert.options import ConvertOptions
from fsctl.convert.output import console_text
from fsctl.convert.rules_file import read_rules
from fsctl.gcpause import paused_gc
from fsctl.io.suppress import judged_by
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import CAPACITY, FAIR, YARN_SITE
from fsctl.report import FileReport, render_diagnostics, use_color
from fsctl.report.convert import report_json, routing_text, share_table_text

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from fsctl.convert.brief import Brief, CapacityUnderLoad, Figures, QueueFigures
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.model.demand import DemandSnapshot
    from fsctl.model.tree import QueueTree
    from fsctl.model.versions import HadoopVersion
    from fsctl.routing.apps import App
    from fsctl.routing.engine import Engine, RoutedApp

CAPACITY_FILE = "capacity-scheduler.xml"
SITE_FILE = "yarn-site.xml"
MAPPING_FILE = "mapping-rules.json"

#: the other formats as FAIR.xml: what the file is, and what convert takes instead
_NOT_FAIR = {
    CAPACITY: (
        "a capacity-scheduler.xml",
        "convert takes the fair-scheduler.xml of a Fair Scheduler cluster and writes the Capacity "
        "Scheduler's files",
    ),
    YARN_SITE: (
        "a yarn-site.xml",
        "convert takes the fair-scheduler.xml (the allocation file) as FAIR.xml, and this file with "
        "--yarn-site",
    ),
}


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
    #: a demand snapshot: the brief compares the teams under its load (and on its cluster, without
    #: --cluster)
    demand: str | None = None
    #: the depth of the brief's teams (1: the top-level queues)
    team_depth: int = 1
    #: write the --yarn-site input with the conversion applied here
    merged_site: str | None = None
    #: a converted configuration exits 0 whatever its findings unless this asks for more
    fail_on: Severity | None = field(default=None, kw_only=True)

    @property
    def shows_brief(self) -> bool:
        """The report has the brief: json, markdown, html, and text but for --quiet and --statistics
        (sarif and github are findings only)."""
        if self.fmt == "text":
            return not (self.text.quiet or self.text.statistics)
        return self.fmt in ("json", "markdown", "html")


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
    _check_merged_site(options)
    apps = _read_apps(options.apps_file)
    snapshot = _read_demand(options.demand)
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
    if result.tree is None or result.format != FAIR:
        if result.format in _NOT_FAIR:  # a file of another kind: say which, and what convert takes
            what, instead = _NOT_FAIR[result.format]
            fair_diagnostics.append(
                rules.CV109.at(
                    None, f"{options.fair_path} is {what}, not a Fair Scheduler allocation file; {instead}"
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
    figures = None
    if not conversion.failed:
        figures = _figures_and_routing(options, result.tree, conversion, capacity_path, snapshot, conf, apps)

    findings = loaded.suppressions.apply([*fair_diagnostics, *conversion.findings])
    judged = judged_by(("XML", "FS", "PL", "CV"), lint=False)
    findings = options.selection.apply([*findings, *loaded.suppressions.problems(judged)])
    reports.append(FileReport(options.fair_path, result.format, findings))
    written: list[str] = []
    merged: str | None = None
    if conversion.failed:
        stderr.write("fsctl convert: the conversion has errors; nothing is written\n")
    else:
        if options.print_output:
            mapping = conversion.mapping_json if conv.rules_to_file else None
            stdout.write(console_text(conversion.capacity_bytes, conversion.site_bytes, mapping))
        elif options.output_dir and not options.dry_run:
            written = _write(options, conversion)
        if options.merged_site is not None and conf is not None:
            merged = _write_merged_site(options, conversion)
    everything = [d for r in reports for d in r.diagnostics]
    inputs = _brief_inputs(options, written, merged, snapshot)
    brief = build_brief(result.tree, conversion, everything, figures, inputs) if options.shows_brief else None
    outputs = [*written, *([merged] if merged is not None else [])]
    _render(reports, options, stdout, stderr, conversion, outputs, result.tree, brief, snapshot)

    if options.exit_zero:
        return EXIT_CLEAN
    if conversion.failed:  # nothing written: the errors say why
        return EXIT_FINDINGS
    # converted (written, printed or checked with --dry-run): its findings are the review list, and
    # fail the run only when --fail-on asks, so `convert ... && next-step` goes on
    if fails(everything, options.fail_on):
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


def _read_demand(path: str | None) -> DemandSnapshot | None:
    if path is None:
        return None
    from fsctl.io.demand import read_demand

    snapshot, problems = read_demand(path)
    if problems or snapshot is None:
        raise UsageProblem(_located(problems[0]) if problems else f"--demand {path}: unreadable")
    return snapshot


def _located(diagnostic: Diagnostic) -> str:
    where = f"{diagnostic.location}: " if diagnostic.location is not None else ""
    return f"{where}{diagnostic.code} {diagnostic.message}"


def _figures_and_routing(
    options: ConvertCommand,
    tree: QueueTree,
    conversion: ConversionResult,
    capacity_path: str,
    snapshot: DemandSnapshot | None,
    conf: HadoopConf | None,
    apps: list[App],
) -> Figures | None:
    """The routing report and the brief's figures on the cluster (--cluster, else the snapshot's;
    None without one). The converted tree is evaluated, then routed and let go (routing unlinks it:
    the collector is paused) before the Fair tree is evaluated: one large evaluation at a time."""
    from fsctl.convert.brief import Figures, capacity_figures
    from fsctl.evaluate.capacity import evaluate_capacity

    capacity = _capacity_tree(conversion, capacity_path, options.convert, conf)
    if capacity is None:
        return None
    given = options.convert.cluster
    cluster = given or (snapshot.cluster if snapshot is not None else None)
    wanted = options.shows_brief and cluster and cluster.get("memory-mb")
    engines = _route(options.fair_path, tree, conversion, capacity, options.convert, apps)
    after = None
    under_load: CapacityUnderLoad | None = None
    if wanted and cluster and snapshot is not None:
        under_load = capacity_under_load(capacity, cluster, snapshot, engines, options.convert.hadoop_version)
    if under_load is not None and under_load.result is not None:
        allocation = {q.path: q.used for q in under_load.result.queues}
        after = capacity_figures(under_load.result.capacities, allocation)
    elif wanted and cluster:
        after = capacity_figures(evaluate_capacity(capacity, cluster))
    capacity.unlink()  # freed here, before the report is built, though the collector is paused
    del capacity
    if after is None or cluster is None:
        return None
    evaluated = _fair_figures(options, tree, cluster, snapshot, conf)
    if evaluated is None:
        return None
    full_cluster, before = evaluated
    source = "--cluster" if given else "the demand snapshot's cluster"
    return Figures(full_cluster, source, before, after, demand=options.demand, under_load=under_load)


def capacity_under_load(
    capacity: QueueTree,
    cluster: dict[str, int],
    snapshot: DemandSnapshot,
    engines: Sequence[Engine],
    version: HadoopVersion,
) -> CapacityUnderLoad:
    """The Capacity Scheduler's allocation under the snapshot, its applications where the converted
    files place them (fsctl.convert.load); why not, when the snapshot cannot describe a state of the
    converted tree (its problem, located)."""
    from fsctl.convert.brief import CapacityUnderLoad
    from fsctl.convert.load import snapshot_after
    from fsctl.evaluate.capacity_load import LoadInputError, evaluate_capacity_load

    moved = snapshot_after(snapshot, engines)
    try:
        result = evaluate_capacity_load(capacity, cluster, moved.snapshot, version)
    except LoadInputError as exc:
        return CapacityUnderLoad(None, moved, _located(exc.diagnostics[0]))
    return CapacityUnderLoad(result, moved)


def _capacity_tree(
    conversion: ConversionResult, capacity_path: str, conv: ConvertOptions, conf: HadoopConf | None
) -> QueueTree | None:
    """The converted tree as verify() read it, else (--skip-verification) read back now; the
    conversion lets go of it (routing unlinks it once the brief's figures are taken)."""
    from fsctl.convert.converter import merged_site, read_back
    from fsctl.io.xmldoc import XmlLoadError

    capacity, conversion.capacity_tree = conversion.capacity_tree, None
    if capacity is None:
        try:
            capacity = read_back(conversion, capacity_path, conv, merged_site(conversion, conf)).tree
        except XmlLoadError:
            return None
    return capacity


def _fair_figures(
    options: ConvertCommand,
    tree: QueueTree,
    cluster: dict[str, int],
    snapshot: DemandSnapshot | None,
    conf: HadoopConf | None,
) -> tuple[dict[str, int], dict[str, QueueFigures]] | None:
    """The Fair tree's figures under the snapshot (simulate's arithmetic), with the cluster in every
    resource type; None where Hadoop's fair share search never ends (SM107, reported by the
    conversion). A snapshot queue the Fair file cannot hold is a usage problem, as in simulate."""
    from fsctl.catalogue.simulate import SM104, SM105
    from fsctl.convert.brief import fair_figures
    from fsctl.evaluate.compute_fair_shares import FairSharesNeverEnd
    from fsctl.evaluate.fair import evaluate_fair, parent_entries, unknown_queues

    version = options.convert.hadoop_version
    try:  # "2" is the last 2.x line (branch-2.8), as in simulate
        fair = evaluate_fair(
            tree,
            cluster,
            snapshot,
            hadoop_version=(2, 8) if version == (2, 0) else version,
            size_based_weight=_site_bool(conf, "yarn.scheduler.fair.sizebasedweight"),
        )
    except FairSharesNeverEnd:
        return None
    for load in unknown_queues(fair, snapshot):
        message = f"{load.path}: no such queue in {options.fair_path}"
        raise UsageProblem(_located(SM104.at(load.location, message, queue=load.path)))
    for load in parent_entries(fair, snapshot):
        message = f"{load.path} is a parent queue; give the load of its leaves"
        raise UsageProblem(_located(SM105.at(load.location, message, queue=load.path)))
    return fair.cluster, fair_figures(fair, under_load=snapshot is not None)


def _site_bool(conf: HadoopConf | None, name: str) -> bool:
    if conf is None:
        return False
    try:
        return conf.get_boolean(name, False)
    except ValueError:
        return False


def _route(
    fair_path: str,
    tree: QueueTree,
    conversion: ConversionResult,
    capacity: QueueTree,
    conv: ConvertOptions,
    apps: list[App],
) -> list[Engine]:
    """The routing report: RT201 findings, and the changed applications for the table; the two
    engines (the Fair policy, the converted rules), which hold the converted tree until the caller
    unlinks it."""
    from fsctl.convert.options import CS_PREFIX
    from fsctl.convert.routing import (
        changed,
        conversion_engines,
        conversion_findings,
        fallback_back,
        probe_apps,
        where_they_land,
    )
    from fsctl.routing.engine import route_each

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
    conversion.routing = moved
    conversion.probes = len(probes)  # each routed once
    return engines


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


def _check_merged_site(options: ConvertCommand) -> None:
    """--merged-yarn-site FILE: the --yarn-site input rewritten, never over an input (even with
    --force) nor an existing file without --force; refused before anything is written."""
    from fsctl.io.fileio import input_at

    target = options.merged_site
    if target is None:
        return
    if options.yarn_site is None:
        raise UsageProblem(
            "--merged-yarn-site needs --yarn-site: it writes that file with the conversion applied"
        )
    if options.yarn_site == "-":
        raise UsageProblem(
            "--merged-yarn-site needs --yarn-site FILE, not standard input: it reads the file again"
        )
    if options.dry_run:
        raise UsageProblem("--merged-yarn-site and --dry-run exclude each other: --dry-run writes nothing")
    if os.path.islink(target) or os.path.isdir(target):
        raise UsageProblem(
            f"--merged-yarn-site {target}: is a symbolic link or a directory; refusing to write there"
        )
    if input_at(
        target, [options.fair_path, options.yarn_site, options.rules_path, options.apps_file, options.demand]
    ):
        raise UsageProblem(f"--merged-yarn-site {target}: is one of the inputs; refusing to overwrite it")
    if options.output_dir and not options.print_output:
        for name in (CAPACITY_FILE, SITE_FILE, MAPPING_FILE):
            if os.path.abspath(target) == os.path.abspath(os.path.join(options.output_dir, name)):
                raise UsageProblem(
                    f"--merged-yarn-site {target}: -o {options.output_dir} writes {name} there; "
                    "choose another path"
                )
    if not options.force and os.path.lexists(target):
        raise UsageProblem(f"--merged-yarn-site {target}: exists; use --force to overwrite it")


def _write_merged_site(options: ConvertCommand, conversion: ConversionResult) -> str:
    from fsctl.convert.merged_site import merged_yarn_site
    from fsctl.io.fileio import OutputExistsError, UnsafeOutputError, write_atomic
    from fsctl.io.xmldoc import XmlLoadError, read_bytes

    target = options.merged_site
    source = options.yarn_site
    assert target is not None and source is not None
    try:
        data = merged_yarn_site(source, read_bytes(source), conversion.site)
    except XmlLoadError as exc:  # read once already: the file changed under fsctl
        raise UsageProblem(_located(exc.diagnostic)) from None
    try:
        write_atomic(target, data, force=options.force)
    except (OutputExistsError, UnsafeOutputError) as exc:
        raise UsageProblem(str(exc)) from None
    except OSError as exc:
        raise UsageProblem(f"--merged-yarn-site {target}: cannot write: {exc.strerror or exc}") from None
    return target


def _brief_inputs(
    options: ConvertCommand, written: list[str], merged: str | None, snapshot: DemandSnapshot | None
) -> BriefInputs:
    version = options.convert.hadoop_version
    not_written = "--dry-run" if options.dry_run else "--print" if options.print_output else None
    return BriefInputs(
        source=options.fair_path,
        hadoop_version=f"{version[0]}.{version[1]}" if version != (2, 0) else "2",
        team_depth=options.team_depth,
        share_tolerance=options.convert.share_tolerance,
        written={os.path.basename(path): path for path in written},
        merged_site=merged,
        input_site=options.yarn_site,
        not_written=not_written,
        cluster_given=bool(options.convert.cluster or (snapshot is not None and snapshot.cluster)),
    )


def _render(
    reports: list[FileReport],
    options: ConvertCommand,
    stdout: TextIO,
    stderr: TextIO,
    conversion: ConversionResult | None = None,
    written: list[str] | None = None,
    fair_tree: QueueTree | None = None,
    brief: Brief | None = None,
    snapshot: DemandSnapshot | None = None,
) -> None:
    """The brief first, then what is dropped, every finding and the tables; the cutover checklist
    ends the text report."""
    # with --print the converted files own stdout; the report goes to stderr
    stream = stderr if options.print_output else stdout
    color = use_color(stream, options.color)
    if options.fmt == "json":
        json.dump(
            report_json(reports, conversion, options.convert.cluster, written or [], brief),
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
            stream.write(convert_markdown(options.fair_path, findings, shares, written or [], brief))
        else:
            stream.write(_page(options, findings, conversion, fair_tree, brief, snapshot))
        return
    text = options.fmt == "text" and not options.text.statistics
    with_brief = text and brief is not None  # None with --quiet: the findings only
    if with_brief:
        from fsctl.report.brief import brief_text, dropped_text, more_changes_text

        assert brief is not None
        stream.write(
            brief_text(brief) + more_changes_text(brief) + dropped_text(brief) + "\nEvery finding:\n"
        )
    render_diagnostics(reports, options.fmt, stream, color, options.text)
    if text and conversion is not None:
        if conversion.shares is not None:
            stream.write(share_table_text(conversion, options.convert.cluster))
        stream.write(routing_text(conversion, color))
        for path in written or []:
            stream.write(f"wrote {path}\n")
    if with_brief:
        from fsctl.report.brief import cutover_text

        assert brief is not None
        stream.write(cutover_text(brief))


def _page(
    options: ConvertCommand,
    findings: list[Diagnostic],
    conversion: ConversionResult | None,
    fair_tree: QueueTree | None,
    brief: Brief | None = None,
    snapshot: DemandSnapshot | None = None,
) -> str:
    """The html page: the brief, the Fair tree's shares before and the converted Capacity tree's
    after (on the brief's cluster; with a snapshot, the Fair side under its load and the Capacity
    side's allocation under it, switchable in the picture), the routing table, every finding by
    code, and the cutover checklist."""
    from fsctl.commands.diff import NOMINAL_CLUSTER
    from fsctl.commands.simulate import SimulateError, report_for_tree
    from fsctl.report.html import (
        Page,
        Panel,
        brief_section,
        cutover_section,
        findings_section,
        render_page,
        routing_section,
    )

    figures = brief.figures if brief is not None else None
    cluster = figures.cluster if figures is not None else options.convert.cluster or NOMINAL_CLUSTER
    version = options.convert.hadoop_version
    panels = []
    left_out: list[str] = []  # a tree whose shares cannot be computed (SM107): no panel, and why
    # the after picture under the same load, as the converted files place it, when it was computed
    under_load = figures.under_load if figures is not None else None
    moved = under_load.after.snapshot if under_load is not None and under_load.result is not None else None
    for heading, tree, load in (
        (f"before: {options.fair_path}", fair_tree, snapshot),
        ("after: capacity-scheduler.xml", _converted_tree(conversion, version), moved),
    ):
        if tree is None:
            continue
        try:
            panels.append(Panel(heading, report_for_tree(tree, cluster, load, None, version)))
        except SimulateError as exc:
            left_out.append(f"{heading.partition(':')[0]} left out: {exc}")
    size = ", ".join(f"{k}={v}" for k, v in cluster.items())
    nominal = (
        ""
        if figures is not None or options.convert.cluster
        else " (a nominal size: give --cluster for yours)"
    )
    subtitle = f"{len(findings)} findings; shares on a cluster of {size}{nominal}"
    subtitle += "".join(f"; {note}" for note in left_out)
    lead = [brief_section(brief)] if brief is not None else []
    trail = []
    if conversion is not None and conversion.routing is not None:
        trail.append(routing_section(conversion.routing, conversion.probes))
    trail.append(findings_section(findings))
    if brief is not None:
        trail.append(cutover_section(brief))
    return render_page(Page(f"fsctl convert {options.fair_path}", subtitle, panels, lead=lead, trail=trail))


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
