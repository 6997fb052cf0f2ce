"""``fsctl generate RATIOS --cluster RES --target fair|capacity``: a scheduler configuration from a
percentage-ratio file, validated by fsctl before it is written.

Exit codes: 0 written (or printed), 1 the ratio file or the generated file has errors (nothing is
written), 2 usage or I/O problems (a ratio file, template or yarn-site that cannot be read or
parsed, output exists without ``--force``, bad ``--placement`` or ``--increment``).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from fsctl.catalogue import generate as rules
from fsctl.commands import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS
from fsctl.gcpause import paused_gc
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import Location
from fsctl.model.resources import MANDATORY_TYPES

STDOUT = "-"
#: an input that cannot be read at all: the ratio file's syntax, the template's (exit 2, as an
#: unparsable XML file is everywhere)
UNREADABLE = frozenset({rules.GN100.code, rules.GN101.code, rules.GN112.code})


def _unreadable(diagnostics: list[Diagnostic]) -> bool:
    return any(d.code in UNREADABLE for d in diagnostics)


@dataclass
class GenerateOptions:
    ratios: str
    target: str  # fair | capacity
    cluster: str | None = None
    output: str | None = None  # None or "-": standard output
    force: bool = False
    normalize: bool = False
    weights: bool = False
    placement: str | None = None
    template: str | None = None
    yarn_site: str | None = None
    increment: str | None = None
    fmt: str = "text"
    color: bool | None = None


def parse_placement(text: str | None) -> tuple[list[str] | None, Diagnostic | None]:
    from fsctl.generate.fair import PLACEMENT_RULES

    if text is None:
        return None, None
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in PLACEMENT_RULES:
            from fsctl.generate.ratios import suggest

            hint = (
                " (nestedUserQueue needs a parent rule; write the policy by hand)"
                if name == "nestedUserQueue"
                else suggest(name, PLACEMENT_RULES)
            )
            return None, rules.GN110.at(
                Location("--placement"),
                f"--placement: unknown rule {name!r}{hint}; choose from {', '.join(PLACEMENT_RULES)}",
                property="queuePlacementPolicy",
            )
    return names, None


def parse_increment(text: str | None, types: tuple[str, ...]) -> tuple[dict[str, int], str | None]:
    """``--increment "memory-mb=512, vcores=1"``: the types it names override yarn-site and defaults."""
    if text is None:
        return {}, None
    from fsctl.fair.resources import ResourceParseError, parse_resource_config_value

    try:
        spec = parse_resource_config_value(text, 0, types)
    except ResourceParseError as exc:
        return {}, f"--increment {text!r}: {exc}"
    if spec.is_percentage:
        return {}, f"--increment {text!r}: increments are absolute amounts"
    return {name: amount for name, amount in spec.amounts().items() if amount > 0}, None


def run(options: GenerateOptions, stdout: TextIO, stderr: TextIO | None = None) -> int:
    with paused_gc():
        return _run(options, stdout, stderr)


def _run(options: GenerateOptions, stdout: TextIO, stderr: TextIO | None = None) -> int:
    from fsctl.generate.ratios import read_ratios
    from fsctl.report import FileReport

    stderr = stderr if stderr is not None else sys.stderr
    reports: list[FileReport] = []
    site_conf = None
    types: tuple[str, ...] = MANDATORY_TYPES
    if options.yarn_site:
        from fsctl.io.loader import load_site

        site = load_site(options.yarn_site)
        site_errors = [d for d in site.diagnostics if d.severity >= Severity.ERROR]
        if site.conf is None or site_errors:
            reports.append(FileReport(options.yarn_site, "yarn-site", site.diagnostics))
            return _finish(options, reports, None, stdout, stderr, EXIT_ERROR)
        site_conf = site.conf
        types = (*MANDATORY_TYPES, *site_conf.get_trimmed_strings("yarn.resource-types"))

    placement, problem = parse_placement(options.placement)
    if problem is None and placement and options.target != "fair":
        problem = rules.GN110.at(
            Location("--placement"),
            "--placement builds a Fair Scheduler placement policy; it has no meaning with --target capacity",
        )
    if problem is None and options.weights and options.target != "capacity":
        problem = rules.GN110.at(
            Location("--weights"),
            "--weights selects the Capacity Scheduler weight mode; use it with --target capacity",
        )
    if problem is None and options.template is not None and not os.path.isfile(options.template):
        problem = rules.GN112.at(Location(options.template), f"{options.template}: no such template file")
    overrides, increment_error = parse_increment(options.increment, types)
    if increment_error:
        problem = rules.GN110.at(Location("--increment"), increment_error)
    if problem is not None:
        reports.append(FileReport(options.ratios, "ratios", [problem]))
        return _finish(options, reports, None, stdout, stderr, EXIT_ERROR)

    result = read_ratios(
        options.ratios, normalize=options.normalize, cluster=options.cluster, resource_types=types
    )
    report = FileReport(options.ratios, "ratios", list(result.diagnostics))
    reports.append(report)
    if _unreadable(result.diagnostics):
        return _finish(options, reports, None, stdout, stderr, EXIT_ERROR)
    if not result.ok or result.ratios is None:
        return _finish(options, reports, None, stdout, stderr, EXIT_FINDINGS)

    from fsctl.generate.fair import increments_from_site
    from fsctl.generate.output import generate

    output_name = options.output if options.output not in (None, STDOUT) else "<stdout>"
    assert output_name is not None
    generated = generate(
        result.ratios,
        options.target,
        increments=increments_from_site(site_conf, overrides),
        placement=placement,
        weights=options.weights,
        template=options.template,
        yarn_site=site_conf,
        output_name=output_name,
        summary=options.fmt == "json",
    )
    report.diagnostics.extend(generated.diagnostics)
    if generated.output_diagnostics:
        reports.append(FileReport(output_name, f"{options.target}-scheduler", generated.output_diagnostics))
    if not generated.ok or generated.text is None:
        code = EXIT_ERROR if _unreadable(generated.diagnostics) else EXIT_FINDINGS
        return _finish(options, reports, generated, stdout, stderr, code)

    written = False
    if options.output not in (None, STDOUT):
        from fsctl.io.fileio import write_report

        inputs = [options.ratios, options.yarn_site, options.template]
        failure = write_report(generated.text, options.output, stdout, force=options.force, inputs=inputs)
        if failure is not None:
            stderr.write(f"fsctl generate: {failure}\n")
            return _finish(options, reports, generated, stdout, stderr, EXIT_ERROR)
        written = True
    elif options.fmt != "json":
        stdout.write(generated.text)
    return _finish(options, reports, generated, stdout, stderr, EXIT_CLEAN, written=written)


def _finish(
    options: GenerateOptions,
    reports: list[Any],
    generated: Any,
    stdout: TextIO,
    stderr: TextIO,
    code: int,
    *,
    written: bool = False,
) -> int:
    """Report diagnostics: JSON on stdout (with the tree summary), text on stderr."""
    from fsctl.report import render_diagnostics, use_color

    if options.fmt == "json":
        from fsctl.report.json_report import report_dict

        document: dict[str, Any] = report_dict(reports)
        document["generate"] = {
            "ratios": options.ratios,
            "target": options.target,
            "mode": ("weight" if options.weights else "percentage") if options.target == "capacity" else None,
            "output": options.output if options.output not in (None, STDOUT) else STDOUT,
            "written": written,
            "cluster": _cluster_of(generated),
            "queues": generated.summary if generated is not None else [],
        }
        if (
            generated is not None
            and generated.text is not None
            and options.output in (None, STDOUT)
            and code == 0
        ):
            document["generate"]["content"] = generated.text
        json.dump(document, stdout, indent=2, ensure_ascii=False)
        stdout.write("\n")
        return code
    shown = [r for r in reports if r.diagnostics]
    if shown:
        render_diagnostics(
            shown,
            "text" if options.fmt not in ("github", "sarif") else options.fmt,
            stderr,
            use_color(stderr, options.color),
        )
    if written:
        queues = generated.queue_count if generated is not None else 0
        stderr.write(f"fsctl generate: wrote {options.output} ({options.target}, {queues} queues)\n")
    return code


def _cluster_of(generated: Any) -> dict[str, int] | None:
    return None if generated is None else generated.cluster
