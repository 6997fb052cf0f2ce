"""The bytes of the converted files, and fs2cs's console layout (``--print``)."""

from __future__ import annotations

from collections.abc import Mapping

HEADER_CAPACITY = "capacity-scheduler.xml converted from a Fair Scheduler configuration by fsctl convert"
HEADER_SITE = (
    "yarn-site.xml properties to add or change (merge them into your yarn-site.xml), from fsctl convert"
)


def configuration_xml(props: Mapping[str, str], header: str) -> bytes:
    """A Hadoop configuration file, written by the Capacity Scheduler writer."""
    from fsctl.capacity.writer import write_configuration

    return write_configuration(list(props.items()), header)


def console_text(capacity: bytes, site: bytes, mapping_json: str | None) -> str:
    """fs2cs ``-p``: the JSON first (with ``-e``), then both XML files under ``=======`` headers."""
    parts: list[str] = []
    if mapping_json is not None:
        parts += ["======= mapping-rules.json =======", mapping_json, ""]
    parts += ["======= capacity-scheduler.xml =======", capacity.decode("utf-8").rstrip("\n"), ""]
    parts += ["======= yarn-site.xml =======", site.decode("utf-8").rstrip("\n")]
    return "\n".join(parts) + "\n"
