"""Structure check of an allocation file against ``schemas/fair-scheduler.xsd`` (lxml's libxml2).

The schema is permissive where Hadoop is, so a failure is something Hadoop silently ignores. Only
failures no Hadoop-specific rule reports are turned into diagnostics (stray text, FS204). The schema
is loaded on first use and cached; a missing or broken schema file disables the check.
"""

from __future__ import annotations

import functools

from lxml import etree

from fsctl.catalogue import fair as rules
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic

SCHEMA_NAME = "fair-scheduler.xsd"
_STRAY_TEXT = "Character content other than whitespace is not allowed"


@functools.lru_cache(maxsize=1)
def schema() -> etree.XMLSchema | None:
    from fsctl.io.assets import asset_path

    try:
        return etree.XMLSchema(etree.parse(asset_path("schemas", SCHEMA_NAME)))
    except (OSError, etree.LxmlError):
        return None


def check_structure(doc: XmlDocument) -> list[Diagnostic]:
    """FS204 for text Hadoop ignores; every other schema failure duplicates a Hadoop-specific rule."""
    checker = schema()
    if checker is None or checker.validate(doc.root.getroottree()):
        return []
    found: list[Diagnostic] = []
    tree = doc.root.getroottree()
    for entry in list(checker.error_log):  # type: ignore[call-overload]
        if _STRAY_TEXT not in entry.message:
            continue
        element = _element_at(tree, entry.path)
        if element is None:
            continue
        tag = local_name(element)
        name = element.get("name")
        found.append(
            rules.FS204.at(
                doc.location(element),
                f"text directly inside <{tag}{f' name={name!r}' if name is not None else ''}> is ignored "
                "by Hadoop",
                property=tag,
            )
        )
    return found


def _element_at(tree: etree._ElementTree, path: str | None) -> etree._Element | None:
    if not path:
        return None
    try:
        found = tree.xpath(path)
    except etree.XPathError:
        return None
    if isinstance(found, list) and found and isinstance(found[0], etree._Element):
        return found[0]
    return None
