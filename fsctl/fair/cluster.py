"""The cluster size given on the command line (``--cluster``), in the Fair Scheduler resource syntax."""

from __future__ import annotations

from collections.abc import Iterable

from fsctl.model.resources import MANDATORY_TYPES, UNBOUNDED


class ClusterError(ValueError):
    """The ``--cluster`` text is not a usable absolute resource."""


def parse_cluster(text: str, resource_types: Iterable[str] = MANDATORY_TYPES) -> dict[str, int]:
    """``memory-mb=102400, vcores=100`` or ``102400 mb, 100 vcores`` -> ``{"memory-mb": 102400, ...}``.

    Percentages make no sense for the cluster itself, and every type must be given a finite amount.
    """
    from fsctl.fair.resources import ResourceParseError, parse_resource_config_value

    types = tuple(resource_types)
    try:
        spec = parse_resource_config_value(text, 0, types)
    except ResourceParseError as exc:
        raise ClusterError(f"--cluster {text!r}: {exc}") from None
    if spec.is_percentage:
        raise ClusterError(f"--cluster {text!r}: the cluster size must be absolute, not a percentage")
    amounts = spec.amounts()
    for name, amount in amounts.items():
        if amount >= UNBOUNDED:
            raise ClusterError(f"--cluster {text!r}: {name} must be a finite amount")
    if not amounts.get("memory-mb"):
        raise ClusterError(f"--cluster {text!r}: memory-mb must be given and above 0")
    return amounts
