"""Unit tests of the lint helpers and of the tree checks on trees built in memory (no XML)."""

from __future__ import annotations

import pytest

from fsctl.catalogue import all_rules
from fsctl.fair.effective import resolve_tree
from fsctl.lint import LintContext
from fsctl.lint import fair as fair_lint
from fsctl.lint import placement as placement_lint
from fsctl.lint.fair.acl_surprising_split import acl_problem
from fsctl.lint.fair.document import suggest
from fsctl.lint.placement.document import always_places
from fsctl.model.resources import ResourceSpec
from fsctl.model.tree import CAPACITY, FAIR, PlacementRule, Queue, QueueTree, Setting


def tree_of(*paths: str, fmt: str = FAIR) -> QueueTree:
    root = Queue("root", "root")
    for path in paths:
        parent = root
        for depth, name in enumerate(path.split(".")[1:], start=1):
            full = ".".join(path.split(".")[: depth + 1])
            child = parent.child(name)
            parent = child if child is not None else parent.add_child(Queue(name, full))
    tree = QueueTree(fmt, "<memory>", root)  # type: ignore[arg-type]
    if fmt == FAIR:
        resolve_tree(tree)
    return tree


def minimum(memory: int, vcores: int) -> Setting:
    return Setting(ResourceSpec.of({"memory-mb": memory, "vcores": vcores}))


def codes(tree: QueueTree, context: LintContext | None = None) -> list[str]:
    context = context or LintContext()
    found = [*fair_lint.check(tree, context), *placement_lint.check(tree, context)]
    return [d.code for d in found]


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


@pytest.mark.parametrize(
    ("name", "known", "hint"),
    [
        ("maxRunningApp", ("maxRunningApps", "maxAMShare"), " (did you mean <maxRunningApps>?)"),
        ("MAXAMSHARE", ("maxRunningApps", "maxAMShare"), " (did you mean <maxAMShare>?)"),
        ("comment", ("maxRunningApps", "maxAMShare"), ""),
    ],
)
def test_suggest(name: str, known: tuple[str, ...], hint: str) -> None:
    assert suggest(name, known) == hint


# -- tree checks on hand-built trees --------------------------------------------------------------


def test_children_min_shares_add_up_against_parent_and_cluster() -> None:
    tree = tree_of("root.prod.a", "root.prod.b")
    prod = tree.find("root.prod")
    assert prod is not None
    prod.declared["minResources"] = minimum(1000, 10)
    for name, memory in (("a", 600), ("b", 500)):
        queue = tree.find(f"root.prod.{name}")
        assert queue is not None
        queue.declared["minResources"] = minimum(memory, 1)
    assert codes(tree).count("FS318") == 1
    prod.declared["minResources"] = minimum(1100, 10)
    assert "FS318" not in codes(tree)
    # against the cluster only when one is given
    assert "FS318" in codes(tree, LintContext(cluster={"memory-mb": 1000, "vcores": 100}))


def test_max_below_min_from_the_default_and_percentages() -> None:
    tree = tree_of("root.a")
    queue = tree.find("root.a")
    assert queue is not None
    queue.declared["minResources"] = minimum(4096, 4)
    tree.settings["queueMaxResourcesDefault"] = Setting(ResourceSpec.of({"memory-mb": 2048, "vcores": 8}))
    assert codes(tree) == ["FS319"]
    # an own absolute maximum is Hadoop's own warning (FS202), not lint's
    queue.declared["maxResources"] = Setting(ResourceSpec.of({"memory-mb": 1024, "vcores": 8}))
    assert codes(tree) == []
    queue.declared["maxResources"] = Setting(ResourceSpec.of_fractions({"memory-mb": 0.1, "vcores": 1.0}))
    assert codes(tree) == ["FS309"] or codes(tree) == []  # 10 % is not above 100 %
    assert codes(tree, LintContext(cluster={"memory-mb": 10240, "vcores": 16})) == ["FS319"]


def test_zero_weight_and_zero_apps() -> None:
    tree = tree_of("root.a", "root.b")
    a, b = tree.find("root.a"), tree.find("root.b")
    assert a is not None and b is not None
    a.declared["weight"] = Setting(0.0, "0")
    b.declared["maxRunningApps"] = Setting(0, "0")
    assert sorted(codes(tree)) == ["FS320", "FS321"]
    a.declared["minResources"] = minimum(1024, 1)
    assert codes(tree) == ["FS321"]


@pytest.mark.parametrize(("version", "severity"), [((3, 4), "info"), ((3, 3), "info"), ((3, 2), "warning")])
def test_duplicate_leaf_names_severity_follows_the_version(version: tuple[int, int], severity: str) -> None:
    tree = tree_of("root.qa.p0", "root.qb.p0", "root.qb.p1")
    found = list(fair_lint.check(tree, LintContext(hadoop_version=version)))
    assert [(d.code, d.queue, d.severity.label) for d in found] == [("FS322", "root.qb.p0", severity)]


def test_parents_with_the_same_name_are_not_duplicate_leaves() -> None:
    tree = tree_of("root.qa.etl.x", "root.qb.etl.y")
    assert codes(tree) == []


def test_unsafe_queue_names() -> None:
    tree = tree_of("root.data science", "root.team-a", "root.ok_1")
    assert codes(tree) == ["FS323"]


def test_other_formats_are_left_alone() -> None:
    tree = tree_of("root.data science", fmt=CAPACITY)
    assert codes(tree) == []


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


# -- the catalogue ----------------------------------------------------------------------------------


LINT_RULES = [r for r in all_rules() if r.code.startswith(("FS3", "PL3"))]


@pytest.mark.parametrize("rule", LINT_RULES, ids=lambda r: r.code)
def test_rules_are_documented_lint_rules(rule: object) -> None:
    from fsctl.model.diagnostics import Rule

    assert isinstance(rule, Rule)
    assert rule.lint_only
    assert rule.name == rule.name.lower() and " " not in rule.name
    doc = rule.documentation
    summary, _, rest = doc.partition("\n\n")
    assert "\n" not in summary and summary.endswith((".", ")"))
    assert "Bad" in rest and "Good" in rest, "a failing and a passing example"
    assert rule.hadoop_source


def test_rule_names_are_unique_across_the_catalogue() -> None:
    names = [r.name for r in all_rules()]
    ours = {r.name for r in LINT_RULES}
    assert all(names.count(name) == 1 for name in ours)
