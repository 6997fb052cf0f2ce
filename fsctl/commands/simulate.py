"""``fsctl simulate FILE --cluster RES [--demand FILE]``: the shares each queue would get.

Fair Scheduler files get steady and instantaneous fair shares and, with preemption enabled in
yarn-site.xml, starvation (fs-math.md); Capacity Scheduler files get configured, absolute and
effective capacities (cs.md §7). Bad input is one located line on stderr and exit 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.commands.options import EvaluationOptions
from fsctl.gcpause import paused_gc
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.tree import CAPACITY, FAIR, QueueTree
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.evaluate.capacity_preemption import PreemptionPreview
    from fsctl.evaluate.live import LiveCheck
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.model.demand import DemandSnapshot
    from fsctl.report.simulate import Row, SimulateReport

FORMATS = ("text", "json", "csv", "markdown", "html")


@dataclass
class SimulateOptions(EvaluationOptions):
    path: str
    depth: int | None = None
    queue: str | None = None
    #: preview the Capacity Scheduler's preemption policy even when the yarn-site does not run it
    preemption: bool = False


class SimulateError(Exception):
    """Input simulate cannot use; the message is one located line."""


def _located(diagnostic: Diagnostic) -> str:
    where = str(diagnostic.location) if diagnostic.location is not None else ""
    return (
        f"{where}: {diagnostic.code} {diagnostic.message}"
        if where
        else f"{diagnostic.code} {diagnostic.message}"
    )


def run(options: SimulateOptions, stdout: TextIO, stderr: TextIO) -> int:
    with paused_gc():
        return _run(options, stdout, stderr)


def _run(options: SimulateOptions, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl.report import use_color
    from fsctl.report.simulate import render

    try:
        report = build_report(options)
    except SimulateError as exc:
        stderr.write(f"fsctl simulate: {exc}\n")
        return EXIT_ERROR
    differs = report.live_check is not None and bool(report.live_check.differences)
    if report.findings and not report.load:  # under load they are the report's notes and JSON
        from fsctl.report.text import format_line

        for finding in report.findings:
            stderr.write(format_line(finding, options.demand or options.path) + "\n")
    if options.output in (None, "-"):
        render(report, options.fmt, stdout, use_color(stdout, options.color), options.path)
        return EXIT_FINDINGS if differs else EXIT_CLEAN
    import io

    from fsctl.io.fileio import write_report

    text = io.StringIO()
    render(report, options.fmt, text, False, options.path)
    inputs = [options.path, options.demand, options.yarn_site]
    problem = write_report(text.getvalue(), options.output, stdout, force=options.force, inputs=inputs)
    if problem is not None:
        stderr.write(f"fsctl simulate: {problem}\n")
        return EXIT_ERROR
    return EXIT_FINDINGS if differs else EXIT_CLEAN


def build_report(options: SimulateOptions) -> SimulateReport:
    """Load, evaluate and shape the rows; raises :class:`SimulateError` on unusable input."""
    from fsctl.catalogue.simulate import SM106
    from fsctl.io.loader import load, load_site

    conf = None
    if options.yarn_site:
        site = load_site(options.yarn_site)
        if site.conf is None:
            raise SimulateError(
                _located(site.diagnostics[0]) if site.diagnostics else f"{options.yarn_site}: unreadable"
            )
        conf = site.conf
    loaded = load(options.path, yarn_site=conf, hadoop_version=options.hadoop_version)
    result = loaded.result
    from fsctl.catalogue.fair import LOADS_ANYWAY

    errors = [d for d in result.diagnostics if d.severity == Severity.ERROR and d.code not in LOADS_ANYWAY]
    if result.tree is None or errors:
        first = errors[0] if errors else (result.diagnostics[0] if result.diagnostics else None)
        more = f" (and {len(errors) - 1} more; run fsctl validate)" if len(errors) > 1 else ""
        reason = _located(first) if first is not None else f"{options.path}: not a scheduler configuration"
        raise SimulateError(reason + more)
    tree = result.tree
    if tree.format not in (FAIR, CAPACITY):
        raise SimulateError(f"{options.path}: a yarn-site.xml has no queues to simulate")

    snapshot = None
    if options.demand:
        from fsctl.io.demand import read_demand

        snapshot, problems = read_demand(options.demand)
        if problems or snapshot is None:
            raise SimulateError(_located(problems[0]) if problems else f"{options.demand}: unreadable")
    cluster = options.cluster or (snapshot.cluster if snapshot is not None else None)
    if not cluster:
        raise SimulateError(
            _located(
                SM106.at(
                    None,
                    "give the cluster size with --cluster (e.g. --cluster 'memory-mb=102400, vcores=100')",
                )
            )
        )
    if not cluster.get("memory-mb"):
        raise SimulateError(_located(SM106.at(None, "the cluster needs memory-mb above 0")))

    if options.preemption and tree.format != CAPACITY:
        raise SimulateError(
            "--preemption previews the Capacity Scheduler's preemption policy; the Fair Scheduler's "
            "follows yarn.scheduler.fair.preemption in --yarn-site"
        )
    if snapshot is not None and snapshot.scheduler is not None:
        _same_scheduler(snapshot, tree, options)
    report = report_for_tree(tree, cluster, snapshot, conf, options.hadoop_version, options.path)
    if snapshot is not None and snapshot.reported:
        report.live_check = live_check(report, snapshot)
        mismatch = _release_mismatch(snapshot, options.hadoop_version)
        if mismatch:
            report.notes.append(mismatch)
    if tree.format == CAPACITY:
        report.preemption = _capacity_preemption(tree, report, snapshot, options)
    if options.queue or options.depth is not None:  # else every row stays, depths from the root's 0
        report.rows = _focus(report.rows, options.queue, options.depth)
        if report.preemption is not None:
            kept = {str(row["path"]) for row in report.rows}
            report.preemption.only(kept)
    if options.queue and report.load:  # the findings about queues of the subtree, and the others
        below = options.queue + "."
        outside = {
            _located(d)
            for d in report.findings
            if not (d.queue is None or d.queue == options.queue or d.queue.startswith(below))
        }
        report.findings = [d for d in report.findings if _located(d) not in outside]
        report.notes = [n for n in report.notes if n not in outside]
    elif options.queue:
        inside = (options.queue + ".", options.queue + ":")
        report.notes = [n for n in report.notes if not n.startswith("root.") or n.startswith(inside)]
    return report


def _same_scheduler(snapshot: DemandSnapshot, tree: QueueTree, options: SimulateOptions) -> None:
    """A snapshot of a ResourceManager running the other scheduler: SM266, exit 2."""
    from fsctl.catalogue.live_check import SM266
    from fsctl.model.demand import FAIR_SCHEDULER

    runs_fair = snapshot.scheduler == FAIR_SCHEDULER
    if runs_fair != (tree.format == FAIR):
        runs = "the Fair Scheduler" if runs_fair else "the Capacity Scheduler"
        given = "a Fair Scheduler file" if tree.format == FAIR else "a Capacity Scheduler file"
        where = snapshot.provenance.get("rm") or options.demand
        raise SimulateError(
            _located(
                SM266.at(
                    None,
                    f"{options.demand}: the ResourceManager ({where}) runs {runs}, {options.path} is {given}",
                )
            )
        )


def _release_mismatch(snapshot: DemandSnapshot, version: HadoopVersion) -> str:
    """A note when the snapshot's ResourceManager runs another release than the one simulated: its
    shares follow its own release's arithmetic, and the live check may differ for that alone."""
    from fsctl.model.versions import SUPPORTED_VERSIONS, parse_version

    release = snapshot.provenance.get("hadoop")
    try:
        runs = parse_version(release) if release else None
    except ValueError:
        return ""
    if runs is None or runs == version:
        return ""
    line = f"{runs[0]}.{runs[1]}"
    advice = f" (give --hadoop-version {line})" if line in SUPPORTED_VERSIONS else ""
    return (
        f"the snapshot's ResourceManager runs Hadoop {release}, these are Hadoop "
        f"{version[0]}.{version[1]}'s shares{advice}"
    )


def live_check(report: SimulateReport, snapshot: DemandSnapshot) -> LiveCheck:
    """The shares of ``report`` against the ones the snapshot's ResourceManager reported."""
    from fsctl.evaluate.live import check_capacity, check_fair

    if report.format == "fair-scheduler":
        return check_fair(report.result, snapshot)
    return check_capacity(report.result.capacities if report.load else report.result, snapshot)


def report_for_tree(
    tree: QueueTree,
    cluster: dict[str, int],
    snapshot: DemandSnapshot | None = None,
    conf: HadoopConf | None = None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    label: str = "",
) -> SimulateReport:
    """The shares of a loaded tree (Fair or Capacity Scheduler); ``label`` names it in messages."""
    if tree.format == FAIR:
        return _fair_report(tree, cluster, snapshot, conf, hadoop_version, label)
    if snapshot is not None:
        return _capacity_load_report(tree, cluster, snapshot, hadoop_version)
    return _capacity_report(tree, cluster)


def _fair_report(
    tree: QueueTree,
    cluster: dict[str, int],
    snapshot: DemandSnapshot | None,
    conf: HadoopConf | None,
    hadoop_version: HadoopVersion,
    label: str,
) -> SimulateReport:
    from fsctl.catalogue.simulate import SM104, SM105
    from fsctl.evaluate.compute_fair_shares import FairSharesNeverEnd
    from fsctl.evaluate.fair import evaluate_fair, impossible_usage, parent_entries, unknown_queues
    from fsctl.evaluate.preemption import PreemptionSettings, evaluate_preemption
    from fsctl.report.simulate import SimulateReport

    size_based = _site_bool(conf, "yarn.scheduler.fair.sizebasedweight", False)
    try:
        fair = evaluate_fair(
            tree, cluster, snapshot, hadoop_version=hadoop_version, size_based_weight=size_based
        )
    except FairSharesNeverEnd as exc:
        raise SimulateError(_located(never_ends(tree, exc.queues))) from None
    for load in unknown_queues(fair, snapshot):
        raise SimulateError(
            _located(SM104.at(load.location, f"{load.path}: no such queue in {label}", queue=load.path))
        )
    for load in parent_entries(fair, snapshot):
        raise SimulateError(
            _located(
                SM105.at(
                    load.location,
                    f"{load.path} is a parent queue; give the load of its leaves",
                    queue=load.path,
                )
            )
        )
    settings = PreemptionSettings.from_site(conf)
    preemption = evaluate_preemption(tree, fair, settings, hadoop_version=hadoop_version)
    shown = ".".join(str(p) for p in hadoop_version)
    header = [f"cluster {_fmt_cluster(fair.cluster)}   fair scheduler, Hadoop {shown} arithmetic"]
    notes = list(preemption.notes)
    notes += [
        f"{path}: no application, so no queue (the Fair Scheduler creates a queue for an application "
        "submitted to it)"
        for path in fair.not_created
    ]
    report = SimulateReport(
        "fair-scheduler",
        fair.cluster,
        fair.types,
        header=header,
        notes=notes,
        active_view=snapshot is not None,
        result=fair,
    )
    report.findings = impossible_usage(fair, snapshot)
    return report


def _capacity_preemption(
    tree: QueueTree, report: SimulateReport, snapshot: DemandSnapshot | None, options: SimulateOptions
) -> PreemptionPreview | None:
    """The preemption preview, when the yarn-site runs the policy on a snapshot or ``--preemption``
    asks for it (fsctl.evaluate.capacity_preemption)."""
    from fsctl.evaluate.capacity_preemption import PreemptionInputError, preview_of_snapshot

    if options.hadoop_version < (3, 3):  # the lines the oracle proves the preview against
        shown = ".".join(str(p) for p in options.hadoop_version)
        if options.preemption:
            raise SimulateError(f"--preemption previews Hadoop 3.3's and 3.4's policy, not {shown}'s")
        report.notes.append(f"the preemption policy of Hadoop {shown} is not previewed (3.3 and 3.4 are)")
        return None
    try:
        return preview_of_snapshot(
            tree,
            report.result.capacities if report.load else report.result,
            snapshot,
            options.hadoop_version,
            asked=options.preemption,
            allocated=report.result if report.load else None,
        )
    except PreemptionInputError as exc:
        raise SimulateError(_located(exc.diagnostic)) from None


def never_ends(tree: QueueTree, blamed: Sequence[str] = ()) -> Diagnostic:
    """SM107 where the search Hadoop never finishes comes from (FairSharesNeverEnd's queues)."""
    from fsctl.catalogue.simulate import SM107
    from fsctl.evaluate.fair import never_ending_search

    queue, message = never_ending_search(tree, blamed)
    if queue is not None:
        return SM107.on(queue, "weight", message)
    return SM107.at(tree.root.location, message, queue="root")


def _capacity_report(tree: QueueTree, cluster: dict[str, int]) -> SimulateReport:
    from fsctl.evaluate.capacity import evaluate_capacity
    from fsctl.report.simulate import SimulateReport

    result = evaluate_capacity(tree, cluster)
    header = [
        f"cluster {_fmt_cluster(result.cluster)}   capacity scheduler, "
        f"{'legacy' if result.legacy else 'non-legacy'} queue mode"
    ]
    return SimulateReport(
        "capacity-scheduler",
        result.cluster,
        result.types,
        header=header,
        notes=list(result.notes),
        result=result,
    )


def _capacity_load_report(
    tree: QueueTree, cluster: dict[str, int], snapshot: DemandSnapshot, hadoop_version: HadoopVersion
) -> SimulateReport:
    """The allocation the Capacity Scheduler reaches under the snapshot (``evaluate.capacity_load``)."""
    from fsctl.evaluate.capacity_load import LoadInputError, evaluate_capacity_load
    from fsctl.report.simulate import SimulateReport

    try:
        result = evaluate_capacity_load(tree, cluster, snapshot, hadoop_version)
    except LoadInputError as exc:
        first = exc.diagnostics[0]
        more = f" (and {len(exc.diagnostics) - 1} more)" if len(exc.diagnostics) > 1 else ""
        raise SimulateError(_located(first) + more) from None
    mode = "legacy" if result.capacities.legacy else "non-legacy"
    shown = ".".join(str(p) for p in result.hadoop_version)
    header = [
        f"cluster {_fmt_cluster(result.cluster)}   capacity scheduler, {mode} queue mode, under load "
        f"(Hadoop {shown}): {result.end}"
    ]
    notes = [_located(d) for d in result.findings]
    return SimulateReport(
        "capacity-scheduler",
        result.cluster,
        result.types,
        header=header,
        notes=notes,
        active_view=True,
        result=result,
    )


def _site_bool(conf: HadoopConf | None, name: str, default: bool) -> bool:
    if conf is None:
        return default
    try:
        return conf.get_boolean(name, default)
    except ValueError:
        return default


def _fmt_cluster(cluster: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in cluster.items())


def _focus(rows: list[Row], queue: str | None, depth: int | None) -> list[Row]:
    """``--queue PATH`` keeps that subtree; ``--depth N`` keeps N levels below the shown top."""
    if queue:
        prefix = queue + "."
        rows = [r for r in rows if r["path"] == queue or str(r["path"]).startswith(prefix)]
        if not rows:
            raise SimulateError(f"--queue {queue}: no such queue")
    if depth is not None and rows:
        top = min(int(r["_depth"]) for r in rows)
        rows = [r for r in rows if int(r["_depth"]) - top <= depth]
    if rows:
        top = min(int(r["_depth"]) for r in rows)
        for r in rows:
            r["_depth"] = int(r["_depth"]) - top
    return rows
