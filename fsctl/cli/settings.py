"""How options merge with ``[tool.fsctl]``, without click: ``fsctl validate FILE...`` and
``fsctl lint FILE...`` with no options (pre-commit's call) never import it (fsctl.cli). A bad setting
raises click's usage errors, click imported only then, so every path reports it the same way.

:class:`Settings` is read first (``[tool.fsctl]``, the yarn-site, the Hadoop release); ``--cluster``
is parsed against it, in the resource types the yarn-site declares, in one place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict, Unpack

from fsctl.catalogue.selection import Selection, UnknownRuleError
from fsctl.cli.config import ConfigError, ProjectConfig, load_project_config
from fsctl.model.diagnostics import Severity
from fsctl.model.versions import DEFAULT_VERSION, SUPPORTED_VERSIONS, HadoopVersion, parse_version

if TYPE_CHECKING:
    import click

    from fsctl.commands.check import CheckOptions
    from fsctl.report import TextOptions

FORMAT_CHOICES = ("auto", "text", "json", "sarif", "github")
FAIL_ON_CHOICES = ("error", "warning", "info")


def _usage_error(message: str) -> click.UsageError:
    import click

    return click.UsageError(message)


def _bad_parameter(message: str, hint: str) -> click.BadParameter:
    import click

    return click.BadParameter(message, param_hint=hint)


def standard_input_once(*inputs: tuple[str, str | None]) -> None:
    """Standard input can be read once: ``-`` for two inputs (``diff - -``, ``validate - -``, a FILE
    and ``--yarn-site -``) is a usage error naming them, not an empty second file."""
    given = [name for name, path in inputs if path == "-"]
    if len(given) > 1:
        raise _usage_error(
            f"'-' (standard input) is given for {', '.join(given)}: standard input can be read only once"
        )


def project_config() -> ProjectConfig:
    try:
        return load_project_config()
    except ConfigError as exc:
        raise _usage_error(str(exc)) from None


def text_options(quiet: bool, statistics: bool, fmt: str) -> TextOptions:
    """--quiet and --statistics, which shape the text report only."""
    from fsctl.report import TextOptions

    if statistics and fmt != "text":
        raise _usage_error(f"--statistics is a text report; it cannot be combined with --format {fmt}")
    return TextOptions(quiet=quiet, statistics=statistics)


def resolve_format(fmt: str | None, config: ProjectConfig, formats: tuple[str, ...] = FORMAT_CHOICES) -> str:
    from fsctl.report import resolve_format as resolve

    value = fmt or config.get("format") or "auto"
    if value not in formats:
        raise _usage_error(f"[tool.fsctl] format: {value!r} is not one of {', '.join(formats)}")
    return resolve(value)


def resolve_selection(select: tuple[str, ...], ignore: tuple[str, ...], config: ProjectConfig) -> Selection:
    """Codes, prefixes or names from the flags, else ``[tool.fsctl]``; one that no rule has is a usage
    error naming where it was written."""
    chosen: dict[str, tuple[str, ...]] = {}
    for key, given in (("select", select), ("ignore", ignore)):
        try:
            chosen[key] = Selection.of(given or config.get(key, ())).select
        except UnknownRuleError as exc:
            where = f"--{key}" if given else f"{config.path}: [tool.fsctl] {key}"
            raise _usage_error(f"{where}: {exc}") from None
    return Selection(chosen["select"], chosen["ignore"])


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
    if str(value) not in SUPPORTED_VERSIONS:
        raise _usage_error(
            f"{config.path}: [tool.fsctl] hadoop-version: {value!r} is not one of "
            + ", ".join(SUPPORTED_VERSIONS)
        )
    return parse_version(str(value))


class Evaluation(TypedDict):
    cluster: dict[str, int] | None
    demand: str | None
    yarn_site: str | None
    hadoop_version: HadoopVersion
    color: bool | None
    output: str | None
    force: bool


@dataclass(frozen=True)
class Settings:
    """What the semantic options depend on, read first: ``[tool.fsctl]``, the yarn-site.xml and the
    Hadoop release. Options such as ``--cluster`` are parsed against it, once."""

    config: ProjectConfig
    yarn_site: str | None
    hadoop_version: HadoopVersion

    def resource_types(self) -> tuple[str, ...] | None:
        """``memory-mb``, ``vcores`` and the types the yarn-site declares in ``yarn.resource-types``;
        None when the yarn-site cannot be read (the command reports why)."""
        from fsctl.capacity.site import resource_types
        from fsctl.io.loader import load_site

        if self.yarn_site is None:
            return resource_types(None)
        conf = load_site(self.yarn_site).conf
        return None if conf is None else resource_types(conf)

    def evaluation(
        self, cluster: str | None, demand: str | None, color: bool | None, output: str | None, force: bool
    ) -> Evaluation:
        """The fields of simulate's and diff's options (fsctl.commands.options.EvaluationOptions)
        but the format, with ``--cluster`` parsed here."""
        return Evaluation(
            cluster=self.cluster(cluster),
            demand=demand,
            yarn_site=self.yarn_site,
            hadoop_version=self.hadoop_version,
            color=color,
            output=output,
            force=force,
        )

    def cluster(self, text: str | None) -> dict[str, int] | None:
        """``--cluster`` (else ``[tool.fsctl] cluster``), in the resource types the yarn-site knows."""
        from fsctl.fair.cluster import ClusterError, parse_cluster
        from fsctl.model.resources import MANDATORY_TYPES

        value = text or self.config.get("cluster")
        if value is None:
            return None
        types = self.resource_types()
        try:
            return parse_cluster(str(value), MANDATORY_TYPES if types is None else types)
        except ClusterError as exc:
            unread = f" (the resource types of {self.yarn_site} are unknown: it cannot be read)"
            raise _bad_parameter(str(exc) + (unread if types is None else ""), "--cluster") from None


def settings(yarn_site: str | None, hadoop_version: str | None) -> Settings:
    """``--yarn-site`` and ``--hadoop-version``, each else its ``[tool.fsctl]`` key."""
    config = project_config()
    return Settings(
        config, yarn_site or config.path_value("yarn-site"), resolve_version(hadoop_version, config)
    )


class DiagnosticSettings(TypedDict):
    fmt: str
    text: TextOptions
    selection: Selection
    fail_on: Severity | None
    exit_zero: bool
    color: bool | None


def diagnostic_settings(
    config: ProjectConfig,
    formats: tuple[str, ...] = FORMAT_CHOICES,
    *,
    fmt: str | None = None,
    select: tuple[str, ...] = (),
    ignore: tuple[str, ...] = (),
    fail_on: str | None = None,
    exit_zero: bool | None = None,
    quiet: bool = False,
    statistics: bool = False,
    color: bool | None = None,
) -> DiagnosticSettings:
    """The parameters of ``diagnostic_options`` (fsctl.cli.options), resolved against ``[tool.fsctl]``."""
    fmt_name = resolve_format(fmt, config, formats)
    return DiagnosticSettings(
        fmt=fmt_name,
        text=text_options(quiet, statistics, fmt_name),
        selection=resolve_selection(select, ignore, config),
        fail_on=resolve_fail_on(fail_on, config),
        exit_zero=bool(exit_zero if exit_zero is not None else config.get("exit-zero", False)),
        color=color,
    )


class DiagnosticFlags(TypedDict, total=False):
    """The parameters of ``diagnostic_options`` as given; :func:`diagnostic_settings` has the defaults."""

    fmt: str | None
    select: tuple[str, ...]
    ignore: tuple[str, ...]
    fail_on: str | None
    exit_zero: bool | None
    quiet: bool
    statistics: bool
    color: bool | None


def build_options(
    lint: bool,
    files: Sequence[str],
    *,
    yarn_site: str | None = None,
    hadoop_version: str | None = None,
    cluster: str | None = None,
    **flags: Unpack[DiagnosticFlags],
) -> CheckOptions:
    """validate's (``lint`` False) and lint's options; the defaults are those of no option given."""
    from fsctl.commands.check import CheckOptions

    standard_input_once(*(("FILE", path) for path in files), ("--yarn-site", yarn_site))
    known = settings(yarn_site, hadoop_version)
    return CheckOptions(
        paths=list(files),
        lint=lint,
        yarn_site=known.yarn_site,
        hadoop_version=known.hadoop_version,
        cluster=known.cluster(cluster) if lint else None,
        **diagnostic_settings(known.config, **flags),
    )
