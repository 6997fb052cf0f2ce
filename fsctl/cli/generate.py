"""``fsctl generate RATIOS --cluster RES --target fair|capacity [-o FILE]``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import INPUT_PATH, cluster_option, color_option, file_option, format_option
from fsctl.commands import generate


@click.command("generate")
@click.argument("ratios", type=INPUT_PATH)
@cluster_option(" (overrides the ratio file's 'cluster').")
@click.option(
    "--target",
    type=click.Choice(["fair", "capacity"]),
    required=True,
    help="Which scheduler's configuration to write.",
)
@click.option(
    "-o",
    "--output",
    metavar="FILE",
    default=None,
    help="Write the configuration to FILE instead of standard output.",
)
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
@click.option("--normalize", is_flag=True, help="Scale sibling shares that do not add up to 100.")
@click.option(
    "--weights", is_flag=True, help="Weights ('<n>w') instead of percentages (Capacity Scheduler target)."
)
@click.option(
    "--placement",
    metavar="LIST",
    default=None,
    help="Fair placement policy preset, a comma list of rules, e.g. 'specified,user,default'.",
)
@file_option("--template", help="Render with this jinja2 template instead of fsctl's (sandboxed, strict).")
@file_option(
    "--yarn-site", help="yarn-site.xml holding scheduler settings and resource types (allocation increments)."
)
@click.option(
    "--increment",
    metavar="RES",
    default=None,
    help="Allocation increment overrides, e.g. 'memory-mb=512, vcores=1' (Fair target).",
)
@format_option(
    ("text", "json"),
    "Output format (json: the generated tree summary and the diagnostics on standard output).",
    default="text",
)
@color_option
def command(
    ratios: str,
    cluster: str | None,
    target: str,
    output: str | None,
    force: bool,
    normalize: bool,
    weights: bool,
    placement: str | None,
    template: str | None,
    yarn_site: str | None,
    increment: str | None,
    fmt: str,
    color: bool | None,
) -> None:
    """A scheduler configuration from the percentage-ratio file RATIOS (YAML, TOML or CSV).

    Shares are percentages of the parent queue; the Fair Scheduler gets absolute minResources and
    maxResources for the cluster size, the Capacity Scheduler percentages or weights. The result is
    validated before it is written, and never overwrites a file without --force. Exit 0 written, 1
    the ratios or the result have errors, 2 unreadable input, usage or I/O problems.
    """
    from fsctl.cli.settings import project_config, standard_input_once

    standard_input_once(("RATIOS", ratios), ("--template", template), ("--yarn-site", yarn_site))
    config = project_config()  # [tool.fsctl] yarn-site, as for validate
    options = generate.GenerateOptions(
        ratios=ratios,
        target=target,
        cluster=cluster,
        output=output,
        force=force,
        normalize=normalize,
        weights=weights,
        placement=placement,
        template=template,
        yarn_site=yarn_site or config.path_value("yarn-site"),
        increment=increment,
        fmt=fmt,
        color=color,
    )
    sys.exit(generate.run(options, sys.stdout, sys.stderr))
