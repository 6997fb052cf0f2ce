"""``fsctl convert FAIR.xml [--yarn-site FILE] (-o DIR | --print)``: the click shell."""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import (
    diagnostic_options,
    input_options,
    project_config,
    resolve_cluster,
    resolve_fail_on,
    resolve_format,
    resolve_selection,
    resolve_version,
)


@click.command("convert")
@click.argument("fair", metavar="FAIR.xml", type=click.Path())
@input_options
@click.option(
    "-o",
    "--output-directory",
    "output_dir",
    type=click.Path(file_okay=False),
    default=None,
    help="Write capacity-scheduler.xml and yarn-site.xml (and mapping-rules.json) here.",
)
@click.option(
    "-p", "--print", "print_output", is_flag=True, help="Print the converted files instead of writing them."
)
@click.option("--percentage", is_flag=True, help="Percentages instead of weights (fs2cs -pc).")
@click.option(
    "-r",
    "--rules",
    "rules_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="fs2cs conversion-rules file (<rule>.action=warning|abort, maxChildQueue.limit).",
)
@click.option("-e", "--rules-to-file", is_flag=True, help="Write the mapping rules to mapping-rules.json.")
@click.option("-d", "--dry-run", is_flag=True, help="Convert, verify and report; write nothing.")
@click.option(
    "--cluster",
    metavar="RES",
    default=None,
    help="Cluster size ('memory-mb=102400, vcores=100'): converts maxResources and shows shares.",
)
@click.option(
    "--fallback-queue",
    metavar="PATH",
    default=None,
    help="Leaf queue for applications no rule places or that name a missing queue.",
)
@click.option(
    "--share-tolerance",
    metavar="PCT",
    type=click.FloatRange(min=0),
    default=10.0,
    show_default=True,
    help="Report leaves whose guaranteed share moves by more than this percentage.",
)
@click.option(
    "--disable-preemption",
    "preemption_mode",
    type=click.Choice(["nopolicy", "observeonly"]),
    default=None,
    help="fs2cs -dp: no preemption policy, or observe-only preemption.",
)
@click.option(
    "-a",
    "--enable-async-scheduler",
    "enable_async",
    is_flag=True,
    help="Turn on asynchronous scheduling in the output yarn-site.xml.",
)
@click.option("--skip-placement-rules", is_flag=True, help="Do not convert placement rules (fs2cs -sp).")
@click.option(
    "-t",
    "--no-terminal-rule-check",
    is_flag=True,
    help="Convert even when placement rules follow a terminal rule (fs2cs -t).",
)
@click.option("-s", "--skip-verification", is_flag=True, help="Do not validate the converted configuration.")
@click.option("--force", is_flag=True, help="Overwrite existing output files.")
@diagnostic_options
def command(
    fair: str,
    yarn_site: str | None,
    hadoop_version: str | None,
    output_dir: str | None,
    print_output: bool,
    percentage: bool,
    rules_path: str | None,
    rules_to_file: bool,
    dry_run: bool,
    cluster: str | None,
    fallback_queue: str | None,
    share_tolerance: float,
    preemption_mode: str | None,
    enable_async: bool,
    skip_placement_rules: bool,
    no_terminal_rule_check: bool,
    skip_verification: bool,
    force: bool,
    fmt: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    exit_zero: bool | None,
    color: bool | None,
) -> None:
    """Convert the Fair Scheduler configuration FAIR.xml to the Capacity Scheduler, as Hadoop's
    `yarn fs2cs` does, listing every setting that is dropped or changed.

    Weight mode by default (capacity=N.Nw); --percentage for percentages. Exit 0 clean, 1 findings
    at or above --fail-on, 2 unusable input, usage or I/O problems.
    """
    from fsctl.commands import convert as run_convert
    from fsctl.convert.options import ConvertOptions

    config = project_config()
    mode = preemption_mode or "enabled"
    convert_options = ConvertOptions(
        percentage=percentage,
        convert_placement=not skip_placement_rules,
        rules_to_file=rules_to_file,
        enable_async=enable_async,
        preemption_mode=mode,  # type: ignore[arg-type]
        cluster=resolve_cluster(cluster, config),
        fallback_queue=fallback_queue,
        share_tolerance=share_tolerance,
        hadoop_version=resolve_version(hadoop_version, config),
    )
    options = run_convert.ConvertCommand(
        fair_path=fair,
        yarn_site=yarn_site or config.path_value("yarn-site"),
        output_dir=output_dir,
        print_output=print_output,
        dry_run=dry_run,
        force=force,
        rules_path=rules_path,
        skip_verification=skip_verification,
        no_terminal_rule_check=no_terminal_rule_check,
        convert=convert_options,
        fmt=resolve_format(fmt, config),
        selection=resolve_selection(select, ignore, config),
        fail_on=resolve_fail_on(fail_on, config),
        exit_zero=bool(exit_zero if exit_zero is not None else config.get("exit-zero", False)),
        color=color,
    )
    sys.exit(run_convert.run(options, sys.stdout, sys.stderr))
