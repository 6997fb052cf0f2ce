"""FS315 acl-surprising-split: AccessControlList(String) splits users from groups at the first space."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fsctl.catalogue import WARNING, define
from fsctl.fair.elements import ACL_ELEMENTS
from fsctl.lint.fair.document import Walk

if TYPE_CHECKING:
    from lxml import etree

RULE = define(
    "FS315",
    "acl-surprising-split",
    WARNING,
    """ACL text that Hadoop splits into users and groups differently than it reads.

    An ACL is ``users groups``: the text is split once, at the first space; the part before is a
    comma-separated user list, the part after a comma-separated group list. The text is not
    trimmed. So:

    - ``alice, bob`` gives the user ``alice`` and the **group** ``bob``;
    - ``alice bob carol`` gives the user ``alice`` and one group named ``bob carol``;
    - a value on its own indented line (``<aclSubmitApps>\\n    alice\\n</aclSubmitApps>``) makes
      ``alice`` a **group**, because the first space comes before her name;
    - a tab is not a separator at all, and a line break only separates names within one list.

    A single leading space (`` admins``: groups only) and a lone space (`` ``: nobody) are the
    documented forms and are not reported.

    Bad: ``<aclSubmitApps>alice, bob admins</aclSubmitApps>``
    Good: ``<aclSubmitApps>alice,bob admins</aclSubmitApps>``
    """,
    lint_only=True,
    hadoop_source="hadoop-common/.../security/authorize/AccessControlList.java",
)


def check_value(walk: Walk, element: etree._Element, tag: str, text: str, path: str | None) -> None:
    if tag not in ACL_ELEMENTS:
        return
    problem = acl_problem(text)
    if problem is not None:
        message = f"{tag} {text!r}: {problem}"
        walk.flag(RULE, element, message, queue=path, property=tag)


def acl_problem(text: str) -> str | None:
    """Why Hadoop would read this ACL text differently than it looks, or None.

    ``AccessControlList(String)``: the raw (untrimmed) text is split once at the first space; users
    before, groups after, each a comma/newline separated list of trimmed names.
    """
    if text.strip() in ("", "*"):
        return None  # " " is nobody, "*" everyone: the documented forms
    if text.count(" ") == 1 and text[0] != " " and not any(c in text for c in "\t\n\r,"):
        return None  # "user group": the common case
    users, groups = _split_acl(text)
    user_names, group_names = _names(users), _names(groups)
    reads = (
        f"Hadoop reads {f'users {user_names}' if user_names else 'no users'} and "
        f"{f'groups {group_names}' if group_names else 'no groups'}"
    )
    groups_only = text[0] == " " and not text[1].isspace()
    if text[0].isspace() and not groups_only:
        return f"it starts with a line break or indentation, so {reads}; write the ACL on one line"
    if "\t" in text.strip():
        return f"a tab does not separate users from groups: {reads}"
    if (users.endswith(",") and groups.strip()) or groups.startswith(","):
        return f"a space next to a comma ends the user list and moves the rest into groups: {reads}"
    spaced = [g for g in _acl_items(groups) if " " in g]
    if spaced:
        return f"only the first space separates users from groups, {spaced[0]!r} is one group name: {reads}"
    return None


def _split_acl(text: str) -> tuple[str, str]:
    parts = text.split(" ", 1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _acl_items(part: str) -> list[str]:
    # StringUtils.getTrimmedStringCollection: split on commas and newlines, trim, drop empties
    return [item.strip() for item in re.split(r"[,\n]", part) if item.strip()]


def _names(part: str) -> str:
    return ", ".join(repr(item) for item in _acl_items(part))
