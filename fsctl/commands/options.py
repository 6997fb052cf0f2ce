"""Options more than one command takes, as dataclass bases (keyword-only, so each command's own
positional fields come first)."""

from __future__ import annotations

from dataclasses import dataclass

from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion


@dataclass(kw_only=True)
class EvaluationOptions:
    """simulate's and diff's: the cluster and load a configuration is evaluated on, and the report."""

    cluster: dict[str, int] | None = None
    demand: str | None = None
    yarn_site: str | None = None
    hadoop_version: HadoopVersion = DEFAULT_VERSION
    fmt: str = "text"
    color: bool | None = None
    #: write the report here instead of standard output (never over a file without ``force``)
    output: str | None = None
    force: bool = False
