"""Routing results as diagnostics (``RT2xx``): for sarif and github output, and for the routing
report of ``fsctl convert``."""

from __future__ import annotations

from collections.abc import Sequence

from fsctl.catalogue import route as rules
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import Location
from fsctl.routing.engine import Landing, RoutedApp


def landing_text(landing: Landing) -> str:
    """``root.qa.p0 (specified)``, ``rejected (specified: root.qa is not a leaf queue)``."""
    why = f"{landing.rule}: {landing.reason}" if landing.reason else landing.rule
    return f"{landing.shown()} ({why})"


def routing_findings(routed: Sequence[RoutedApp], where: Location | None = None) -> list[Diagnostic]:
    """RT201 for each application that lands differently between configurations; with a single
    configuration, RT202 for each one it rejects. ``where`` stands in for applications given on
    the command line."""
    found: list[Diagnostic] = []
    for item in routed:
        location = item.app.location or where
        if len(item.landings) > 1:
            if item.differs:
                landings = "; ".join(f"{landing_text(lg)} in {lg.file}" for lg in item.landings)
                found.append(rules.RT201.at(location, f"{item.app.label()} lands differently: {landings}"))
        elif item.landings and item.landings[0].rejected:
            found.append(
                rules.RT202.at(location, f"{item.app.label()} is rejected: {landing_text(item.landings[0])}")
            )
    return found
