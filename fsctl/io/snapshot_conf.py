"""The configuration a ResourceManager serves (``/conf``, ``/ws/v1/cluster/scheduler-conf``), read
into a snapshot's ``configuration:`` with its secrets redacted.

``/conf`` is Hadoop's ``ConfServlet``: XML by default, ``{"properties": [{"key", "value", ...}]}``
with ``Accept: application/json``. ``scheduler-conf`` (a Capacity Scheduler with a mutable
configuration store) is ``{"property": [{"name", "value"}]}``. Recent releases redact secrets
themselves (``ConfServlet`` through ``ConfigRedactor``); an older ResourceManager, or a saved file,
may not have, so every value is redacted again here as ``ConfigRedactor.redact`` does, with the
patterns of ``hadoop.security.sensitive-config-keys`` in ``core-default.xml`` (the same list in
3.3.6 and 3.4.2) and any further ones the served configuration names in the clear.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

#: ``hadoop.security.sensitive-config-keys`` in Hadoop's core-default.xml (3.3.6 and 3.4.2)
SENSITIVE_KEY_PATTERNS = (
    "secret$",
    "password$",
    "ssl.keystore.pass$",
    "fs.s3a.server-side-encryption.key",
    "fs.s3a.*.server-side-encryption.key",
    "fs.s3a.encryption.algorithm",
    "fs.s3a.encryption.key",
    "fs.s3a.secret.key",
    "fs.s3a.*.secret.key",
    "fs.s3a.session.key",
    "fs.s3a.*.session.key",
    "fs.s3a.session.token",
    "fs.s3a.*.session.token",
    "fs.azure.account.key.*",
    "fs.azure.oauth2.*",
    "fs.adl.oauth2.*",
    "fs.gs.encryption.*",
    "fs.gs.proxy.*",
    "fs.gs.auth.*",
    "credential$",
    "oauth.*secret",
    "oauth.*password",
    "oauth.*token",
    "hadoop.security.sensitive-config-keys",
)
SENSITIVE_KEYS_PROPERTY = "hadoop.security.sensitive-config-keys"
#: ConfigRedactor.REDACTED_TEXT
REDACTED = "<redacted>"
#: the Capacity Scheduler's own keys: the ``capacity-scheduler`` section, not ``yarn-site``
CAPACITY_PREFIX = "yarn.scheduler.capacity."


class ConfError(ValueError):
    """A configuration document fsctl cannot read; the message says what is wrong."""


class Redactor:
    """``ConfigRedactor``: a key any pattern finds (``Matcher.find``: anywhere in the key) is secret."""

    def __init__(self, extra_patterns: str | None = None) -> None:
        patterns = list(SENSITIVE_KEY_PATTERNS)
        # StringUtils.getTrimmedStrings: split at commas and surrounding white space
        if extra_patterns and extra_patterns != REDACTED:
            patterns += [p for p in re.split(r"\s*,\s*", extra_patterns.strip()) if p]
        self._compiled = []
        for pattern in patterns:
            try:
                self._compiled.append(re.compile(pattern))
            except re.error:
                # a Java-only pattern: the defaults still apply, and the key it meant is unknown
                continue

    def sensitive(self, key: str) -> bool:
        return any(pattern.search(key) for pattern in self._compiled)

    def redact(self, key: str, value: str) -> str:
        return REDACTED if self.sensitive(key) else value


def properties_of(document: Any, path: str, data: bytes | None = None) -> list[tuple[str, str]]:
    """(name, value) pairs of a served configuration: the JSON of ``/conf`` or ``scheduler-conf``
    (``document``), or the XML of ``/conf`` (``data``, read from ``path``). Raises ConfError."""
    if data is not None:
        return _xml_properties(path, data)
    if isinstance(document, dict) and isinstance(document.get("properties"), list):
        return _json_pairs(document["properties"], "properties", "key")
    if isinstance(document, dict) and "property" in document:
        entries = document["property"]
        if isinstance(entries, dict):  # Jersey writes a one-element list as the element
            entries = [entries]
        if not isinstance(entries, list):
            raise ConfError("property: expected a list")
        return _json_pairs(entries, "property", "name")
    raise ConfError("not a configuration: expected 'properties' (/conf) or 'property' (scheduler-conf)")


def _json_pairs(entries: Iterable[Any], where: str, name_key: str) -> list[tuple[str, str]]:
    pairs = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ConfError(f"{where}[{index}]: expected an object")
        name, value = entry.get(name_key), entry.get("value")
        if (
            not isinstance(name, str)
            or not isinstance(value, (str, int, float, bool))
            or isinstance(value, bool)
        ):
            if isinstance(name, str) and value is None:
                continue  # a key without a value (Configuration.unset): nothing to record
            raise ConfError(f"{where}[{index}]: expected '{name_key}' and 'value' text")
        pairs.append((name, str(value)))
    return pairs


def _xml_properties(path: str, data: bytes) -> list[tuple[str, str]]:
    from fsctl.io.xmldoc import XmlLoadError, element_text, load_xml, local_name

    try:
        root = load_xml(path, data).root
    except XmlLoadError as exc:
        location = exc.diagnostic.location
        where = f"line {location.line}: " if location is not None and location.line else ""
        raise ConfError(f"{where}{exc.diagnostic.message}") from None
    if local_name(root) != "configuration":
        raise ConfError(f"<{local_name(root)}>: expected a Hadoop <configuration>")
    pairs = []
    for prop in root:
        if not isinstance(prop.tag, str) or local_name(prop) != "property":
            continue
        fields = {local_name(child): element_text(child) for child in prop if isinstance(child, type(prop))}
        name, value = fields.get("name"), fields.get("value")
        if name:
            pairs.append((name.strip(), value or ""))
    return pairs


def split_sections(pairs: Iterable[tuple[str, str]], redactor: Redactor) -> dict[str, dict[str, str]]:
    """``yarn-site`` (the ``yarn.`` keys but the Capacity Scheduler's) and ``capacity-scheduler``,
    each sorted by name, every value redacted."""
    sections: dict[str, dict[str, str]] = {"yarn-site": {}, "capacity-scheduler": {}}
    for name, value in pairs:
        if name.startswith(CAPACITY_PREFIX):
            sections["capacity-scheduler"][name] = redactor.redact(name, value)
        elif name.startswith("yarn."):
            sections["yarn-site"][name] = redactor.redact(name, value)
    return {section: dict(sorted(values.items())) for section, values in sections.items() if values}
