"""``fsctl route CONFIG... (--app SPEC | --apps FILE)``: where each application lands under each
configuration, and the rule that decided. Exit 0 when every configuration agrees (or there is one),
1 when an application lands differently, 2 for usage problems and unreadable input."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.gcpause import paused_gc
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion
from fsctl.routing.apps import App, AppSpecError

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.routing.engine import Engine


@dataclass
class RouteOptions:
    configs: list[str]
    app_specs: list[str] = field(default_factory=list)
    apps_file: str | None = None
    yarn_site: str | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    fmt: str = "text"
    color: bool | None = None
    #: groups of the applications that name none: a ``user: g1,g2`` file, or LOCAL_GROUPS
    groups: str | None = None


#: ``--groups local``: this machine's group mapping
LOCAL_GROUPS = "local"


class _Unusable(Exception):
    """Exit 2 with these lines on stderr."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def run(options: RouteOptions, stdout: TextIO, stderr: TextIO) -> int:
    from fsctl.report import use_color
    from fsctl.report.route import render_route
    from fsctl.routing.engine import route_apps

    try:
        with paused_gc():
            apps = read_apps(options)
            conf = _site(options.yarn_site)
            engines = [_engine(path, conf, options.hadoop_version, stderr) for path in options.configs]
    except _Unusable as exc:
        for line in exc.lines:
            stderr.write(f"fsctl route: {line}\n")
        return EXIT_ERROR
    if options.groups is not None:
        source = "this machine's group mapping" if options.groups == LOCAL_GROUPS else options.groups
        stderr.write(f"fsctl route: groups of applications that name none: from {source}\n")
    routed = route_apps(engines, apps)
    render_route(routed, options.fmt, stdout, use_color(stdout, options.color), options.configs[0])
    return EXIT_FINDINGS if any(item.differs for item in routed) else EXIT_CLEAN


def read_apps(options: RouteOptions) -> list[App]:
    from fsctl.routing.apps import parse_spec
    from fsctl.routing.apps import read_apps as read_file

    if not options.app_specs and not options.apps_file:
        raise _Unusable(["no application: give --app SPEC or --apps FILE"])
    try:
        apps = [parse_spec(spec) for spec in options.app_specs]
        if options.apps_file:
            apps += read_file(options.apps_file)
    except AppSpecError as exc:
        where = str(exc.location) if exc.location is not None else "--app"
        raise _Unusable([f"{where}: RT101 {exc.message} (app-spec-invalid)"]) from None
    if not apps:
        raise _Unusable([f"{options.apps_file}: RT101 no application in the file (app-spec-invalid)"])
    if options.groups is not None:
        from fsctl.routing.apps import read_groups, with_groups

        try:
            table = None if options.groups == LOCAL_GROUPS else read_groups(options.groups)
        except AppSpecError as exc:
            raise _Unusable([f"{exc.location}: RT101 {exc.message} (app-spec-invalid)"]) from None
        apps = with_groups(apps, table)
    return apps


def _site(path: str | None) -> HadoopConf | None:
    from fsctl.io.loader import load_site

    if path is None:
        return None
    site = load_site(path)
    if site.conf is None:
        raise _Unusable([_line(d) for d in site.diagnostics])
    return site.conf


def _engine(path: str, conf: HadoopConf | None, version: HadoopVersion, stderr: TextIO) -> Engine:
    from fsctl.io.loader import load
    from fsctl.routing.engine import capacity_engine, fair_engine

    loaded = load(path, yarn_site=conf, hadoop_version=version)
    result = loaded.result
    if result.format == "yarn-site":
        raise _Unusable([f"{path}: a yarn-site.xml; give it with --yarn-site"])
    if result.tree is None:
        raise _Unusable([_line(d) for d in result.diagnostics] or [f"{path}: unreadable"])
    errors = [d for d in result.diagnostics if d.severity >= Severity.ERROR]
    if errors:
        stderr.write(
            f"fsctl route: {path}: {len(errors)} load error(s) the ResourceManager would refuse (see "
            "fsctl validate); routed as read\n"
        )
    if result.format == "fair-scheduler":
        return fair_engine(path, result.tree)
    return capacity_engine(path, result.tree)


def _line(diagnostic: Diagnostic) -> str:
    return f"{diagnostic.location}: {diagnostic.code} {diagnostic.message} ({diagnostic.name})"
