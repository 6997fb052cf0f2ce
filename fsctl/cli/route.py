"""``fsctl route CONFIG... (--app SPEC | --apps FILE)``"""

from __future__ import annotations

import sys

import click

from fsctl.cli.options import (
    INPUT_PATH,
    color_option,
    file_option,
    format_option,
    input_options,
)
from fsctl.cli.settings import FORMAT_CHOICES, resolve_format, settings, standard_input_once


@click.command("route")
@click.argument("configs", metavar="CONFIG...", nargs=-1, required=True, type=INPUT_PATH)
@click.option(
    "--app",
    "app_specs",
    multiple=True,
    metavar="SPEC",
    help="An application: user=alice,groups=eng:etl,queue=root.qa.p0 (groups and queue optional; "
    "repeatable).",
)
@file_option(
    "--apps",
    "apps_file",
    help="Applications from a CSV (header user,groups,queue) or YAML/JSON file, a snapshot of fsctl "
    "snapshot, or the RM's /ws/v1/cluster/apps JSON.",
)
@click.option(
    "--groups",
    metavar="FILE|local",
    default=None,
    help="Groups of applications that name none: a file of 'user: g1,g2' lines, or 'local' for this "
    "machine's group mapping (as Hadoop's ShellBasedUnixGroupsMapping).",
)
@input_options
@format_option(FORMAT_CHOICES, "Output format (auto: github under GitHub Actions, else text).")
@color_option
def command(
    configs: tuple[str, ...],
    app_specs: tuple[str, ...],
    apps_file: str | None,
    groups: str | None,
    yarn_site: str | None,
    hadoop_version: str | None,
    fmt: str | None,
    color: bool | None,
) -> None:
    """Where each application lands under each CONFIG (Fair Scheduler or Capacity Scheduler files),
    and the placement rule or mapping rule that decided.

    Groups come from the application (the first is the primary group), never from this machine.
    Exit 0 when every configuration places every application alike, 1 when one lands differently,
    2 on usage errors or unreadable input.
    """
    from fsctl.commands import route

    standard_input_once(
        *(("CONFIG", path) for path in configs), ("--apps", apps_file), ("--yarn-site", yarn_site)
    )
    known = settings(yarn_site, hadoop_version)
    options = route.RouteOptions(
        configs=list(configs),
        app_specs=list(app_specs),
        apps_file=apps_file,
        yarn_site=known.yarn_site,
        hadoop_version=known.hadoop_version,
        fmt=resolve_format(fmt, known.config),
        color=color,
        groups=groups,
    )
    sys.exit(route.run(options, sys.stdout, sys.stderr))
