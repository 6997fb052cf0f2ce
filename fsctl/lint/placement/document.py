"""What the PL3xx rules share: where a placement rule is, the queue it names, and whether it always
places (``placement/*PlacementRule.java``, fs-parse.md §5)."""

from __future__ import annotations

from collections.abc import Iterator

from fsctl.model.location import Location
from fsctl.model.tree import PlacementRule, Queue, QueueTree

PLACE = "RM/placement/"


def location(tree: QueueTree, rule: PlacementRule | None = None) -> Location:
    """The rule's element, else the root queue's, else the file's first line."""
    if rule is not None and rule.location is not None:
        return rule.location
    return tree.root.location or Location(tree.source, 1, 1)


def configured(tree: QueueTree, path: str | None) -> Queue | None:
    return tree.find(path) if path else None


def close_queue(tree: QueueTree, path: str | None) -> str | None:
    """The defined queue that ``path``, a queue not defined, most likely misspells, or None: one
    name below its deepest defined ancestor replaced by a child's name that is the same but for
    letter case, else the closest at a difflib ratio of 0.8 or more. Only that ancestor's children
    are compared, so a tree of 100,000 queues costs no more than its widest parent."""
    if not path:
        return None
    import difflib

    parts = path.split(".")
    depth = len(parts) - 1
    ancestor = None
    while depth > 0 and ancestor is None:
        ancestor = tree.find(".".join(parts[:depth]))
        if ancestor is None:
            depth -= 1
    if ancestor is None:
        return None
    name, rest = parts[depth], parts[depth + 1 :]
    names = [child.name for child in ancestor.children]
    same_but_case = [n for n in names if n.lower() == name.lower()]
    close = same_but_case or difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    if not close:
        return None
    meant = ".".join([ancestor.path, close[0], *rest])
    return meant if tree.find(meant) is not None else None


def with_parents(policy: list[PlacementRule]) -> Iterator[PlacementRule]:
    """Each rule of the policy, preceded by its parent rule (nestedUserQueue's <rule> inside)."""
    for rule in policy:
        if rule.parent is not None:
            yield rule.parent
        yield rule


def always_places(tree: QueueTree, rule: PlacementRule) -> bool:
    """Whether the rule returns a queue for every application (so nothing after it runs).

    Stricter than Hadoop's terminal flag: a ``default`` rule with create=false whose queue is in the
    file always returns it, and a rule whose parent rule always yields an existing parent queue
    places whenever it may create.
    """
    if rule.name == "reject":
        return True
    if rule.name == "default":
        return rule.create or configured(tree, rule.queue) is not None
    if rule.name in ("user", "primaryGroup", "nestedUserQueue"):
        if not rule.create:
            return False
        parent = rule.parent
        if parent is None:
            return rule.name != "nestedUserQueue"
        if parent.name != "default" or not always_places(tree, parent):
            return False
        target = configured(tree, parent.queue)
        return target is None or not target.is_leaf
    return False
