"""Options shared by several commands, and how they merge with ``[tool.fsctl]``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

import click

from fsctl.catalogue.selection import Selection, UnknownRuleError
from fsctl.cli.config import ConfigError, ProjectConfig, load_project_config
from fsctl.model.diagnostics import Severity
from fsctl.model.versions import DEFAULT_VERSION, SUPPORTED_VERSIONS, HadoopVersion, parse_version

if TYPE_CHECKING:
    from fsctl.report import TextOptions

F = TypeVar("F", bound=Callable[..., Any])

FORMAT_CHOICES = ("auto", "text", "json", "sarif", "github")


def project_config() -> ProjectConfig:
    try:
        return load_project_config()
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None


def file_option(*names: str, help: str) -> Callable[[F], F]:
    """An optional input file: ``--name FILE`` (and a destination name when given after the flags)."""
    return click.option(*names, type=click.Path(dir_okay=False), default=None, help=help)


def cluster_option(what: str) -> Callable[[F], F]:
    """``--cluster RES``; ``what`` ends the help after the example."""
    return click.option(
        "--cluster",
        metavar="RES",
        default=None,
        help=f"Cluster size, e.g. 'memory-mb=102400, vcores=100'{what}",
    )


def format_option(
    choices: tuple[str, ...], help: str, default: str | None = None, show_default: bool = False
) -> Callable[[F], F]:
    """``--format`` into the ``fmt`` parameter."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=default,
        show_default=show_default,
        help=help,
    )


#: --color/--no-color, for every command with a text report
color_option = click.option(
    "--color/--no-color", default=None, help="Colour the text output (default: on a terminal)."
)


def diagnostic_options(func: F | None = None, *, formats: tuple[str, ...] = FORMAT_CHOICES) -> Any:
    """--format, --select, --ignore, --fail-on, --exit-zero, --quiet, --statistics, --color; as
    ``@diagnostic_options`` or ``@diagnostic_options(formats=...)``."""
    if func is None:
        return lambda f: diagnostic_options(f, formats=formats)
    decorators = [
        format_option(formats, "Output format (auto: github under GitHub Actions, else text)."),
        click.option(
            "--select",
            multiple=True,
            metavar="CODES",
            help="Only these rule codes, prefixes or names (FS, FS3, FS301, queue-name-has-dot); "
            "repeatable or comma-separated.",
        ),
        click.option(
            "--ignore",
            multiple=True,
            metavar="CODES",
            help="Leave out these rule codes, prefixes or names.",
        ),
        click.option(
            "--fail-on",
            type=click.Choice(["error", "warning", "info"]),
            default=None,
            help="Exit 1 when a finding is at least this severe (default: warning).",
        ),
        click.option("--exit-zero", is_flag=True, default=None, help="Exit 0 even with findings."),
        click.option(
            "-q", "--quiet", is_flag=True, help="Print the findings only: no summary, nothing when clean."
        ),
        click.option(
            "--statistics", is_flag=True, help="Print a count of findings per rule instead of the findings."
        ),
        color_option,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


class DiagnosticSettings(TypedDict):
    fmt: str
    text: TextOptions
    selection: Selection
    fail_on: Severity
    exit_zero: bool
    color: bool | None


def diagnostic_settings(
    config: ProjectConfig,
    formats: tuple[str, ...],
    *,
    fmt: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    exit_zero: bool | None,
    quiet: bool,
    statistics: bool,
    color: bool | None,
) -> DiagnosticSettings:
    """The parameters of :func:`diagnostic_options`, resolved against ``[tool.fsctl]``."""
    fmt_name = resolve_format(fmt, config, formats)
    return DiagnosticSettings(
        fmt=fmt_name,
        text=text_options(quiet, statistics, fmt_name),
        selection=resolve_selection(select, ignore, config),
        fail_on=resolve_fail_on(fail_on, config),
        exit_zero=bool(exit_zero if exit_zero is not None else config.get("exit-zero", False)),
        color=color,
    )


def input_options(func: F) -> F:
    """--yarn-site, --hadoop-version."""
    func = hadoop_version_option("Hadoop release whose behaviour to follow")(func)
    return file_option("--yarn-site", help="yarn-site.xml holding scheduler settings and resource types.")(
        func
    )


def output_options(func: F) -> F:
    """-o/--output FILE and --force, for commands whose report may go to a file."""
    func = click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")(func)
    return click.option(
        "-o",
        "--output",
        metavar="FILE",
        default=None,
        help="Write the report to FILE instead of standard output.",
    )(func)


def hadoop_version_option(what: str) -> Callable[[F], F]:
    """--hadoop-version, one of the releases whose behaviour fsctl knows."""
    return click.option(
        "--hadoop-version",
        type=click.Choice(SUPPORTED_VERSIONS),
        default=None,
        help=f"{what} (default 3.4).",
    )


def text_options(quiet: bool, statistics: bool, fmt: str) -> TextOptions:
    """--quiet and --statistics, which shape the text report only."""
    from fsctl.report import TextOptions

    if statistics and fmt != "text":
        raise click.UsageError(f"--statistics is a text report; it cannot be combined with --format {fmt}")
    return TextOptions(quiet=quiet, statistics=statistics)


def resolve_format(fmt: str | None, config: ProjectConfig, formats: tuple[str, ...] = FORMAT_CHOICES) -> str:
    from fsctl.report import resolve_format as resolve

    value = fmt or config.get("format") or "auto"
    if value not in formats:
        raise click.UsageError(f"[tool.fsctl] format: {value!r} is not one of {', '.join(formats)}")
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
            raise click.UsageError(f"{where}: {exc}") from None
    return Selection(chosen["select"], chosen["ignore"])


def resolve_fail_on(fail_on: str | None, config: ProjectConfig) -> Severity:
    value = fail_on or config.get("fail-on") or "warning"
    try:
        return Severity.parse(str(value))
    except KeyError:
        raise click.UsageError(f"--fail-on: {value!r} is not error, warning or info") from None


def resolve_version(text: str | None, config: ProjectConfig) -> HadoopVersion:
    value = text or config.get("hadoop-version")
    if value is None:
        return DEFAULT_VERSION
    if str(value) not in SUPPORTED_VERSIONS:
        raise click.UsageError(
            f"{config.path}: [tool.fsctl] hadoop-version: {value!r} is not one of "
            + ", ".join(SUPPORTED_VERSIONS)
        )
    return parse_version(str(value))


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
            raise click.BadParameter(
                str(exc) + (unread if types is None else ""), param_hint="--cluster"
            ) from None


def settings(yarn_site: str | None, hadoop_version: str | None) -> Settings:
    """``--yarn-site`` and ``--hadoop-version``, each else its ``[tool.fsctl]`` key."""
    config = project_config()
    return Settings(
        config, yarn_site or config.path_value("yarn-site"), resolve_version(hadoop_version, config)
    )
