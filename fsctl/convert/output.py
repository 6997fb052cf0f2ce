"""The bytes of the converted files, and fs2cs's console layout (``--print``)."""

from __future__ import annotations

from collections.abc import Mapping

HEADER_CAPACITY = "capacity-scheduler.xml converted from a Fair Scheduler configuration by fsctl convert"
HEADER_SITE = (
    "yarn-site.xml properties to add or change (merge them into your yarn-site.xml), from fsctl convert"
)


def configuration_xml(props: Mapping[str, str], header: str) -> bytes:
    """A Hadoop configuration file; the capacity engineer's writer when it is there."""
    pairs = list(props.items())
    try:
        from fsctl.capacity.writer import write_configuration
    except ImportError:
        return _fallback_xml(pairs, header)
    return write_configuration(pairs, header)


def _fallback_xml(pairs: list[tuple[str, str]], header: str) -> bytes:
    # imported here: xml.sax.saxutils pulls in urllib.request, http.client and email (tens of ms)
    from xml.sax.saxutils import escape

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f"<!-- {escape(header).replace('--', '- -')} -->",
        "<configuration>",
    ]
    for name, value in pairs:
        lines.append("  <property>")
        lines.append(f"    <name>{escape(name)}</name>")
        lines.append(f"    <value>{escape(value)}</value>")
        lines.append("  </property>")
    lines.append("</configuration>")
    return ("\n".join(lines) + "\n").encode("utf-8")


def console_text(capacity: bytes, site: bytes, mapping_json: str | None) -> str:
    """fs2cs ``-p``: the JSON first (with ``-e``), then both XML files under ``=======`` headers."""
    parts: list[str] = []
    if mapping_json is not None:
        parts += ["======= mapping-rules.json =======", mapping_json, ""]
    parts += ["======= capacity-scheduler.xml =======", capacity.decode("utf-8").rstrip("\n"), ""]
    parts += ["======= yarn-site.xml =======", site.decode("utf-8").rstrip("\n")]
    return "\n".join(parts) + "\n"
