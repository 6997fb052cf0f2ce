"""FS303 duplicate-user: AllocationFileParser#extractUserData keeps the last <user> of a name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.lint.fair.document import FILE_PARSER, Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS303",
    "duplicate-user",
    WARNING,
    """Two ``<user>`` elements have the same name; only the last ``maxRunningApps`` counts.

    Bad: ``<user name="bob">`` twice with different limits.
    Good: one ``<user name="bob">``.
    """,
    lint_only=True,
    hadoop_source=FILE_PARSER + "#extractUserData",
)


def check_user(walk: Walk, element: etree._Element, name: str, earlier: etree._Element | None) -> None:
    if earlier is None:
        return
    message = (
        f'user "{name}" is defined again; its maxRunningApps replaces the one of line {walk.at(earlier).line}'
    )
    walk.flag(RULE, element, message, property="user")
