"""FS315: how Hadoop splits an ACL's text into users and groups."""

from __future__ import annotations

import pytest

from fsctl.lint.fair.acl_surprising_split import acl_problem

# -- ACL splitting (hadoop-common AccessControlList(String): split(" ", 2), then
#    StringUtils.getTrimmedStringCollection on each part; fs-parse.md §3.10) ------------------------


@pytest.mark.parametrize(
    ("text", "surprising"),
    [
        ("*", False),
        (" ", False),  # nobody
        (" admins", False),  # groups only, the documented form
        (" admins, ops", False),  # group list: spaces after commas are trimmed
        ("alice,bob admins", False),
        ("alice admins,ops", False),
        ("alice", False),
        ("alice ", False),
        ("alice, bob", True),  # bob becomes a group
        ("alice ,bob", True),
        ("alice bob carol", True),  # one group "bob carol"
        ("\n    alice\n  ", True),  # alice becomes a group
        ("  admins", True),  # two spaces: users "", groups " admins" -- fine for Hadoop, but flagged
        ("alice\tadmins", True),  # a user named "alice<TAB>admins"
    ],
)
def test_acl_problem(text: str, surprising: bool) -> None:
    assert (acl_problem(text) is not None) == surprising


def test_acl_problem_says_how_hadoop_reads_it() -> None:
    message = acl_problem("alice, bob admins")
    assert message is not None
    assert "users 'alice'" in message and "groups 'bob admins'" in message
