"""The bytes of the converted files, and fs2cs's console layout (``--print``)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from fsctl.model.location import Location

HEADER_CAPACITY = "capacity-scheduler.xml converted from a Fair Scheduler configuration by fsctl convert"
HEADER_SITE = (
    "yarn-site.xml properties to add or change (merge them into your yarn-site.xml), from fsctl convert"
)


def configuration_xml(props: Mapping[str, str], header: str) -> bytes:
    """A Hadoop configuration file, written by the Capacity Scheduler writer."""
    from fsctl.capacity.writer import write_configuration

    return write_configuration(list(props.items()), header)


#: every byte but the C0 controls XML 1.0 forbids: deleting these leaves only the forbidden ones
#: (bytes.translate runs at memory speed, ten times a regular expression's search)
_ALLOWED_BYTES = bytes(b for b in range(256) if b >= 0x20 or b in b"\t\n\r")


def is_plain(data: bytes) -> bool:
    """``data`` (from :func:`configuration_xml`) parses to its properties, as given: nothing to
    learn from parsing it. The writer escapes the markup characters, ``>`` included; what is left
    to fail are the characters XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF)."""
    return (
        not data.translate(None, _ALLOWED_BYTES)
        and b"\xef\xbf\xbe" not in data
        and b"\xef\xbf\xbf" not in data
    )


class WrittenLines:
    """Where :func:`configuration_xml` put the ``<configuration>`` element and each ``<property>``
    (the i-th in ``props`` order), as the reader would locate them: found in one scan of the bytes
    when a finding first asks. Names and values are escaped, so neither can hold ``<property>``."""

    def __init__(self, path: str, data: bytes) -> None:
        self.path = path
        self.data = data
        self._lines: list[int] | None = None

    def root(self, _: object = None) -> Location:
        offset = self.data.find(b"\n<configuration>") + 1
        return Location(self.path, self.data.count(b"\n", 0, offset) + 1, 1)

    def property(self, index: int) -> Location:
        if self._lines is None:
            lines, line, previous = [], 1, 0
            for match in re.finditer(rb"\n  <property>", self.data):
                line += self.data.count(b"\n", previous, match.start() + 1)
                previous = match.start() + 1
                lines.append(line)
            self._lines = lines
        return Location(self.path, self._lines[index], 3)


def console_text(capacity: bytes, site: bytes, mapping_json: str | None) -> str:
    """fs2cs ``-p``: the JSON first (with ``-e``), then both XML files under ``=======`` headers."""
    parts: list[str] = []
    if mapping_json is not None:
        parts += ["======= mapping-rules.json =======", mapping_json, ""]
    parts += ["======= capacity-scheduler.xml =======", capacity.decode("utf-8").rstrip("\n"), ""]
    parts += ["======= yarn-site.xml =======", site.decode("utf-8").rstrip("\n")]
    return "\n".join(parts) + "\n"
