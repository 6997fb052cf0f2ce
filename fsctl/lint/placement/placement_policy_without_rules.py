"""PL307 placement-policy-without-rules: QueuePlacementPolicy#fromXml ignores a policy without rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "PL307",
    "placement-policy-without-rules",
    WARNING,
    """``<queuePlacementPolicy>`` contains no ``<rule>``: Hadoop silently ignores it.

    A policy with only whitespace, comments or other elements passes Hadoop's emptiness check
    and then yields no rules; the previous rule set (on a fresh start, the one derived from
    yarn-site.xml) stays active. Whatever the file seems to say about placement is not in force.

    Bad: ``<queuePlacementPolicy> <!-- todo --> </queuePlacementPolicy>``
    Good: ``<queuePlacementPolicy><rule name="specified"/><rule name="default"/></queuePlacementPolicy>``
    """,
    lint_only=True,
    hadoop_source="FAIR/QueuePlacementPolicy.java#fromXml",
)


def check_policy_element(doc: XmlDocument, policy: etree._Element) -> Iterator[Diagnostic]:
    has_rules = any(isinstance(c.tag, str) and local_name(c).lower() == "rule" for c in policy)
    # Hadoop's emptiness check counts any child node, whitespace text included (PL101 otherwise)
    has_content = bool(policy.text) or any(isinstance(c.tag, str) or c.tail for c in policy)
    if not has_rules and has_content:
        yield RULE.at(
            doc.location(policy),
            "this queuePlacementPolicy has no <rule> elements: Hadoop ignores it and keeps the rules "
            "derived from yarn-site.xml",
            property="queuePlacementPolicy",
        )
