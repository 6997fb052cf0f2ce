"""How options merge with ``[tool.fsctl]``, without click: ``fsctl validate FILE...`` and
``fsctl lint FILE...`` with no options (pre-commit's call) never import it (fsctl.cli). A bad setting
raises click's usage errors, click imported only then, so every path reports it the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fsctl.config import ConfigError, ProjectConfig, load_project_config
from fsctl.model.diagnostics import Severity
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion, parse_version
from fsctl.selection import Selection

if TYPE_CHECKING:
    import click

    from fsctl.commands.check import CheckOptions

FORMAT_CHOICES = ("auto", "text", "json", "sarif", "github")


def _usage_error(message: str) -> click.UsageError:
    import click

    return click.UsageError(message)


def _bad_parameter(message: str, hint: str) -> click.BadParameter:
    import click

    return click.BadParameter(message, param_hint=hint)


def project_config() -> ProjectConfig:
    try:
        return load_project_config()
    except ConfigError as exc:
        raise _usage_error(str(exc)) from None


def resolve_format(fmt: str | None, config: ProjectConfig) -> str:
    from fsctl.report import resolve_format as resolve

    value = fmt or config.get("format") or "auto"
    if value not in FORMAT_CHOICES:
        raise _usage_error(f"[tool.fsctl] format: {value!r} is not one of {', '.join(FORMAT_CHOICES)}")
    return resolve(value)


def resolve_selection(select: tuple[str, ...], ignore: tuple[str, ...], config: ProjectConfig) -> Selection:
    return Selection.of(select or config.get("select", ()), ignore or config.get("ignore", ()))


def resolve_fail_on(fail_on: str | None, config: ProjectConfig) -> Severity:
    value = fail_on or config.get("fail-on") or "warning"
    try:
        return Severity.parse(str(value))
    except KeyError:
        raise _usage_error(f"--fail-on: {value!r} is not error, warning or info") from None


def resolve_version(text: str | None, config: ProjectConfig) -> HadoopVersion:
    value = text or config.get("hadoop-version")
    if value is None:
        return DEFAULT_VERSION
    try:
        return parse_version(str(value))
    except ValueError as exc:
        raise _bad_parameter(str(exc), "--hadoop-version") from None


def resolve_cluster(text: str | None, config: ProjectConfig) -> dict[str, int] | None:
    from fsctl.cluster import ClusterError, parse_cluster

    value = text or config.get("cluster")
    if value is None:
        return None
    try:
        return parse_cluster(str(value))
    except ClusterError as exc:
        raise _bad_parameter(str(exc), "--cluster") from None


def build_options(
    lint: bool,
    files: Sequence[str],
    fmt: str | None = None,
    select: tuple[str, ...] = (),
    ignore: tuple[str, ...] = (),
    fail_on: str | None = None,
    exit_zero: bool | None = None,
    color: bool | None = None,
    yarn_site: str | None = None,
    hadoop_version: str | None = None,
    cluster: str | None = None,
) -> CheckOptions:
    """validate's and lint's options (the defaults: none given on the command line)."""
    from fsctl.commands.check import CheckOptions

    config = project_config()
    return CheckOptions(
        paths=list(files),
        lint=lint,
        yarn_site=yarn_site or config.path_value("yarn-site"),
        hadoop_version=resolve_version(hadoop_version, config),
        cluster=resolve_cluster(cluster, config) if lint else None,
        fmt=resolve_format(fmt, config),
        selection=resolve_selection(select, ignore, config),
        fail_on=resolve_fail_on(fail_on, config),
        exit_zero=bool(exit_zero if exit_zero is not None else config.get("exit-zero", False)),
        color=color,
    )
