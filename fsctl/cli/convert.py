"""``fsctl convert FAIR.xml [--yarn-site FILE] (-o DIR | --print)``: the click shell."""

from __future__ import annotations

import sys
from typing import Any

import click

from fsctl.cli.options import INPUT_PATH, cluster_option, diagnostic_options, file_option, input_options
from fsctl.cli.settings import FORMAT_CHOICES, diagnostic_settings, settings, standard_input_once

#: the diagnostics formats, and a pull-request comment (markdown) or a page (html) with the shares
CONVERT_FORMATS = (*FORMAT_CHOICES, "markdown", "html")


@click.command("convert")
@click.argument("fair", metavar="FAIR.xml", type=INPUT_PATH)
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
@file_option(
    "--demand",
    help="Demand snapshot (YAML or JSON): the brief compares each team under its load (and on its "
    "cluster, without --cluster).",
)
@click.option(
    "--team-depth",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Depth of the brief's teams: 1 for the top-level queues, 2 for the queues below them.",
)
@click.option(
    "--merged-yarn-site",
    "merged_site",
    metavar="FILE",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the --yarn-site file with the conversion applied to FILE: the yarn-site.xml the "
    "ResourceManager boots with (comments and order kept).",
)
@click.option("-s", "--skip-verification", is_flag=True, help="Do not validate the converted configuration.")
@click.option("--force", is_flag=True, help="Overwrite the output files if they exist.")
@diagnostic_options(formats=CONVERT_FORMATS, fail_on_default="none, a converted configuration exits 0")
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
    demand: str | None,
    team_depth: int,
    merged_site: str | None,
    skip_verification: bool,
    force: bool,
    **diagnostics: Any,
) -> None:
    """Convert the Fair Scheduler configuration FAIR.xml to the Capacity Scheduler, as Hadoop's
    `yarn fs2cs` does, listing every setting that is dropped or changed.

    The report opens with the migration brief: what changes for each team (guaranteed and maximum
    resources before and after, under the --demand load when given), ranked, with its cause; then
    what is dropped, every finding, and the cutover checklist. Weight mode by default
    (capacity=N.Nw); --percentage for percentages. With --hadoop-version 3.3 it does what 3.3.6's
    fs2cs does: percentages, no placement rules. Exit 0 converted (the findings are the review
    list), 1 the conversion has errors and nothing is written (or, with --fail-on, a finding at least
    that severe), 2 unreadable input, usage or I/O problems.
    """
    from fsctl.commands import convert as run_convert
    from fsctl.convert.options import ConvertOptions

    standard_input_once(
        ("FAIR.xml", fair), ("--yarn-site", yarn_site), ("--rules", rules_path), ("--apps", apps_file)
    )
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
    reporting = diagnostic_settings(known.config, CONVERT_FORMATS, **diagnostics)
    # only --fail-on itself makes findings fail a conversion: [tool.fsctl] fail-on gates lint and
    # validate, and a converted configuration is a success to go on from
    if not diagnostics.get("fail_on"):
        reporting["fail_on"] = None
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
        demand=demand,
        team_depth=team_depth,
        merged_site=merged_site,
        **reporting,
    )
    sys.exit(run_convert.run(options, sys.stdout, sys.stderr))
