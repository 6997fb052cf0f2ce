"""The PL3xx checks on placement policies built in memory (no XML)."""

from __future__ import annotations

from fsctl.lint import LintContext
from fsctl.lint import placement as placement_lint
from fsctl.lint.placement.document import always_places
from fsctl.model.tree import PlacementRule
from tests.lint.trees import codes, tree_of

# -- placement on hand-built trees ----------------------------------------------------------------


def test_default_rule_targets() -> None:
    tree = tree_of("root.prod.etl", "root.adhoc")
    tree.placement = [PlacementRule("specified", create=False), PlacementRule("default", queue="root.prod")]
    assert codes(tree) == ["PL301"]
    tree.placement[-1] = PlacementRule("default", queue="root.adhoc")
    assert codes(tree) == []
    tree.placement[-1] = PlacementRule("default", queue="root.default")
    assert codes(tree) == ["PL305"]


def test_always_places() -> None:
    tree = tree_of("root.adhoc", "root.users.x")
    configured = PlacementRule("default", create=False, queue="root.adhoc")
    missing = PlacementRule("default", create=False, queue="root.nothere")
    assert always_places(tree, configured)
    assert not always_places(tree, missing)
    assert not always_places(tree, PlacementRule("specified"))
    assert not always_places(tree, PlacementRule("secondaryGroupExistingQueue"))
    assert always_places(tree, PlacementRule("user"))
    assert not always_places(tree, PlacementRule("user", create=False))
    under_parent = PlacementRule("default", create=False, queue="root.users")
    assert always_places(tree, PlacementRule("nestedUserQueue", parent=under_parent))
    # a nested rule under a leaf never places (UserPlacementRule skips leaf parents)
    assert not always_places(tree, PlacementRule("nestedUserQueue", parent=configured))


def test_shadowed_rule_is_reported_once_at_the_first_unreachable_rule() -> None:
    tree = tree_of("root.adhoc")
    tree.placement = [
        PlacementRule("specified", create=False),
        PlacementRule("default", create=False, queue="root.adhoc"),
        PlacementRule("user", create=False),
        PlacementRule("reject"),
    ]
    found = list(placement_lint.check(tree, LintContext()))
    assert [(d.code, d.message.split(" ")[1]) for d in found] == [("PL304", "3")]
