"""PL308 placement-unknown-element: QueuePlacementPolicy#fromXml ignores elements and attributes it does
not know."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.lint.fair.document import suggest
from fsctl.model.diagnostics import Diagnostic

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "PL308",
    "placement-unknown-element",
    WARNING,
    """An element or attribute inside the placement policy that Hadoop ignores.

    Only ``<rule>`` elements (any letter case) are read inside ``<queuePlacementPolicy>`` and
    inside a rule (the nested parent rule); a rule reads ``name``, ``create`` and, for
    ``default``, ``queue``. Anything else is skipped without a word; the message suggests the
    closest known name.

    Bad: ``<rules name="specified"/>``, ``<rule name="default" queeu="root.adhoc"/>``
    Good: ``<rule name="specified"/>``, ``<rule name="default" queue="root.adhoc"/>``
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java#fromXml",
)


RULE_ATTRIBUTES = ("name", "create", "queue")


def check_policy_element(doc: XmlDocument, parent: etree._Element) -> Iterator[Diagnostic]:
    for child in parent:
        if not isinstance(child.tag, str):
            continue
        tag = local_name(child)
        if tag.lower() != "rule":
            yield RULE.at(
                doc.location(child),
                f"<{tag}> in <{local_name(parent)}> is ignored by Hadoop{suggest(tag, ('rule',))}",
                property=tag,
            )
            continue
        for attribute in child.attrib:
            name = str(attribute)
            if name in RULE_ATTRIBUTES:
                continue
            hint = suggest(name, RULE_ATTRIBUTES).replace("<", '"').replace(">", '"')
            yield RULE.at(
                doc.location(child),
                f"attribute {name}= on <rule> is ignored by Hadoop{hint}",
                property=name,
            )
        yield from check_policy_element(doc, child)
