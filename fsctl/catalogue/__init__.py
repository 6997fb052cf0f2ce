"""The rule catalogue: every code fsctl can report, with its name, severity and documentation.

Each module here declares the rules of one area with :func:`define`:

- ``document``  ``XML0xx``  files that cannot be read or parsed at all (any format)
- ``fair``      ``FS1xx`` Hadoop load errors, ``FS2xx`` Hadoop warnings, ``FS4xx`` Fair Scheduler
                settings in yarn-site.xml
- ``placement`` ``PL1xx`` Fair Scheduler placement-policy errors, ``PL5xx`` Capacity Scheduler
                mapping rules
- ``capacity``  ``CS1xx`` load errors, ``CS2xx`` warnings; ``capacity_site`` ``CS4xx`` yarn-site.xml
- ``convert``   ``CV…`` conversion findings
- ``generate``  ``GN…`` ratio-file problems
- ``simulate``  ``SM1xx`` simulate's inputs; ``capacity_preemption`` ``SM24x`` the Capacity
                Scheduler preemption preview
- ``suppression`` ``FX0xx`` fsctl's own inline suppression comments
- ``snapshot``  ``SN1xx`` a ResourceManager or saved REST responses that give no snapshot
- ``live_check`` ``SM26x`` simulate's live check: shares a snapshot's ResourceManager reported
                that differ from fsctl's

Lint rules (``FS3xx``, ``PL3xx``, ``CS3xx``) are declared beside their checks, one module per rule in
``fsctl.lint``; :func:`all_rules` imports them through ``lint.AREAS`` (the one call up the layers
the catalogue makes, named in ``tests/core/test_layering.py``).

The docstring of a rule is its user documentation (``fsctl rules CODE``): first line a summary,
then why it matters and, where useful, a failing and a passing example.
"""

from __future__ import annotations

import importlib

from fsctl.model.diagnostics import Rule, Severity

ERROR = Severity.ERROR
WARNING = Severity.WARNING
INFO = Severity.INFO

_RULES: dict[str, Rule] = {}
CATALOGUE_MODULES = (
    "document",
    "fair",
    "placement",
    "capacity",
    "capacity_site",
    "mapping",
    "convert",
    "generate",
    "simulate",
    "capacity_load",
    "capacity_preemption",
    "suppression",
    "route",
    "snapshot",
    "live_check",
)


def define(
    code: str,
    name: str,
    severity: Severity,
    doc: str,
    *,
    lint_only: bool = False,
    hadoop_source: str = "",
) -> Rule:
    """Declare a rule. Codes and names are unique across the whole catalogue."""
    if code in _RULES:
        raise ValueError(f"rule code {code} declared twice")
    rule = Rule(code, name, severity, doc, lint_only=lint_only, hadoop_source=hadoop_source)
    _RULES[code] = rule
    return rule


def all_rules() -> list[Rule]:
    """Every rule, in code order (imports every catalogue module and every lint area)."""
    _declare(lint=True)
    return sorted(_RULES.values(), key=lambda r: r.code)


def _declare(*, lint: bool) -> None:
    for module in CATALOGUE_MODULES:
        importlib.import_module(f"fsctl.catalogue.{module}")
    if lint:
        from fsctl.lint import AREAS

        for area in AREAS.values():
            for name in area:
                importlib.import_module(name)


def declared(code: str) -> Rule | None:
    """The rule of a code whose catalogue module is already imported (no import cost)."""
    return _RULES.get(code)


def get(code_or_name: str) -> Rule | None:
    """The rule of a code or name. The lint areas (their checks with them) are imported only when the
    catalogue modules do not declare it: ``validate --select`` or a suppression comment naming a
    validate rule stays off lint's imports."""
    wanted = code_or_name.strip()
    code, name = wanted.upper(), wanted.lower()
    for lint in (False, True):
        _declare(lint=lint)
        for rule in _RULES.values():
            if code == rule.code or name == rule.name:
                return rule
    return None
