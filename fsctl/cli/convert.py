"""``fsctl convert FAIR.xml [--yarn-site FILE] (-o DIR | --print)``: the click shell."""

from __future__ import annotations

import sys
from typing import Any

import click

from fsctl.cli.options import cluster_option, diagnostic_options, file_option, input_options
from fsctl.cli.settings import FORMAT_CHOICES, diagnostic_settings, settings

#: the diagnostics formats, and a pull-request comment (markdown) or a page (html) with the shares
CONVERT_FORMATS = (*FORMAT_CHOICES, "markdown", "html")


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
@click.option(
    "--percentage",
    is_flag=True,
    help="Percentages instead of weights (fs2cs -pc); always so for --hadoop-version below 3.4.",
)
@file_option(
    "-r",
    "--rules",
    "rules_path",
    help="The fs2cs conversion-rules file (<rule>.action=warning|abort, maxChildQueue.limit).",
)
@click.option("-e", "--rules-to-file", is_flag=True, help="Write the mapping rules to mapping-rules.json.")
@click.option("-d", "--dry-run", is_flag=True, help="Convert, verify and report; write nothing.")
@cluster_option(": converts maxResources and shows shares.")
@click.option(
    "--fallback-queue",
    metavar="PATH",
    default=None,
    help="Leaf queue for applications no rule places or that name a missing queue.",
)
@file_option(
    "--apps",
    "apps_file",
    help="Applications (CSV or YAML, as for fsctl route) to route through both schedulers too.",
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
    help="No preemption policy, or observe-only preemption (fs2cs -dp).",
)
@click.option(
    "-a",
    "--enable-async-scheduler",
    "enable_async",
    is_flag=True,
    help="Turn on asynchronous scheduling in the output yarn-site.xml.",
)
@click.option(
    "--skip-placement-rules",
    is_flag=True,
    help="Do not convert placement rules (fs2cs -sp); always so for --hadoop-version below 3.4.",
)
@click.option(
    "-t",
    "--no-terminal-rule-check",
    is_flag=True,
    help="Convert even when placement rules follow a terminal rule (fs2cs -t).",
)
@click.option("-s", "--skip-verification", is_flag=True, help="Do not validate the converted configuration.")
@click.option("--force", is_flag=True, help="Overwrite the output files if they exist.")
@diagnostic_options(formats=CONVERT_FORMATS)
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
    apps_file: str | None,
    share_tolerance: float,
    preemption_mode: str | None,
    enable_async: bool,
    skip_placement_rules: bool,
    no_terminal_rule_check: bool,
    skip_verification: bool,
    force: bool,
    **diagnostics: Any,
) -> None:
    """Convert the Fair Scheduler configuration FAIR.xml to the Capacity Scheduler, as Hadoop's
    `yarn fs2cs` does, listing every setting that is dropped or changed.

    Weight mode by default (capacity=N.Nw); --percentage for percentages. With --hadoop-version
    3.3 it does what 3.3.6's fs2cs does: percentages, no placement rules. Exit 0 clean, 1 findings
    at or above --fail-on, 2 unreadable input, usage or I/O problems. --format markdown and html
    report the findings and the shares before and after.
    """
    from fsctl.commands import convert as run_convert
    from fsctl.convert.options import ConvertOptions

    known = settings(yarn_site, hadoop_version)
    mode = preemption_mode or "enabled"
    convert_options = ConvertOptions(
        percentage=percentage,
        convert_placement=not skip_placement_rules,
        rules_to_file=rules_to_file,
        enable_async=enable_async,
        preemption_mode=mode,  # type: ignore[arg-type]
        cluster=known.cluster(cluster),
        fallback_queue=fallback_queue,
        share_tolerance=share_tolerance,
        hadoop_version=known.hadoop_version,
    )
    options = run_convert.ConvertCommand(
        fair_path=fair,
        yarn_site=known.yarn_site,
        output_dir=output_dir,
        print_output=print_output,
        dry_run=dry_run,
        force=force,
        rules_path=rules_path,
        apps_file=apps_file,
        skip_verification=skip_verification,
        no_terminal_rule_check=no_terminal_rule_check,
        convert=convert_options,
        **diagnostic_settings(known.config, CONVERT_FORMATS, **diagnostics),
    )
    sys.exit(run_convert.run(options, sys.stdout, sys.stderr))
