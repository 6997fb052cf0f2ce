"""Where the Fair Scheduler puts an application: ``QueuePlacementPolicy`` runs its rules in order
(``placement/*PlacementRule.java#getPlacementForApp``); at submission the scheduler sends an
application placed in a reservable (plan) queue to that queue's default reservation queue
(``FairScheduler.resolveReservationQueueName``: a submission names no reservation), then
``FairScheduler.addApplication`` takes the queue only if it is, or can be created as, a leaf
(``QueueManager.getLeafQueue``).

Semantics of the newest Hadoop (fs-parse.md §5). Groups are given, never looked up. ACLs are not
checked: this answers where an application is placed, not whether its user may submit there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from fsctl.fair.model import FairTree
from fsctl.fair.names import assure_root, clean_name, is_valid_node_name, is_valid_queue_name
from fsctl.fair.placement import DEFAULT_QUEUE
from fsctl.model.tree import PlacementRule

#: the queue a submission without one names (YarnConfiguration.DEFAULT_QUEUE_NAME)
DEFAULT_QUEUE_NAME = "default"
#: the leaf of a plan queue that runs applications without a reservation (ReservationConstants)
RESERVATION_DEFAULT_SUFFIX = "-default"


@dataclass(frozen=True)
class Assignment:
    """The queue an application lands in (None: rejected), the rule that decided, and why a
    rejected application was rejected."""

    queue: str | None
    rule: str
    reason: str = ""


class _Rejected(Exception):
    """A rule threw YarnException: the submission fails (it does not go on to the next rule)."""


class FairQueues:
    """The queues the Fair Scheduler knows when an application arrives: the file's, all configured
    (none dynamic), and before Hadoop 3.4 ``root.default``."""

    def __init__(self, tree: FairTree) -> None:
        #: queues the file declares but Hadoop refuses to create (a refused policy, FS114-FS116): an
        #: application sent there is refused again when getLeafQueue tries to create them
        info = tree.info
        self._refused = tuple(info.dropped_queues)
        #: path -> whether it is a leaf
        if self._refused:
            self._leaf = {q.path: q.is_leaf for q in tree.queues() if not self.refused(q.path)}
        else:
            self._leaf = {q.path: q.is_leaf for q in tree.queues()}
        self._leaf["root"] = False  # QueueManager.initialize: root is always an FSParentQueue
        #: the reservable (plan) queues: AllocationConfiguration.isReservable
        self.reservable = frozenset(q.path for q in tree.queues() if q.effective.reservation)
        #: the policy each queue runs (worked out when a new queue is first placed), and the one a
        #: new (dynamic) queue gets: the default
        self._tree = tree
        self._policy: dict[str, str] | None = None
        self.default_policy = _policy(info.defaults.default_queue_scheduling_policy)
        #: id(rule) -> (rule, describe(rule)): an application's assignment names its rule
        self._described: dict[int, tuple[PlacementRule, str]] = {}
        if info.hadoop_version < (3, 4):
            # QueueManager.initialize creates the leaf root.default before the file is read until
            # YARN-7769 (3.4.0); 3.4 has it only when the file declares it (oracle: 3.3.6, 3.4.2)
            self._leaf.setdefault(DEFAULT_QUEUE, True)
        #: before YARN-8967 (3.3.0) the rules (QueuePlacementRule) check the queues the file
        #: configures, leaf or parent, not the ones that exist: an undeclared root.default is not
        #: one (oracle: 3.2.4 rejects "specified" with create="false" there)
        self._declared: dict[str, bool] | None = None
        self.hadoop_version = info.hadoop_version
        if info.hadoop_version < (3, 3):
            declared = {element["path"] for element in info.queue_elements}
            self._declared = {q.path: q.is_leaf for q in tree.queues() if q.path in declared}

    def configured(self, path: str) -> bool:
        """FSPlacementRule.configuredQueue: the queue exists and is not dynamic (before 3.3: the file
        configures it)."""
        if self._declared is not None:
            return path in self._declared
        return path in self._leaf

    def configured_leaf(self, path: str) -> bool:
        """The parent a nestedUserQueue rule found is a leaf: one that exists (before 3.3: one the
        file configures as a leaf)."""
        if self._declared is not None:
            return self._declared.get(path) is True
        return self._leaf.get(path) is True

    def refused(self, path: str) -> bool:
        return bool(self._refused) and any(path == d or path.startswith(d + ".") for d in self._refused)

    def refuses_new_child(self, parent: str) -> str:
        """Why QueueManager.createNewQueues makes no new queue under ``parent``, or "": a new queue
        takes the default policy, which the parent's must allow (isChildPolicyAllowed: a fair parent
        takes no drf child, a fifo one no child at all; oracle 3.4.2: a fifo root without children
        places nothing)."""
        if self._policy is None:
            self._policy = {q.path: _policy(q.effective.scheduling_policy) for q in self._tree.queues()}
        policy = self._policy.get(parent, "fair")
        if policy == "fifo":
            return f"the fifo parent {parent} takes no child"
        if policy == "fair" and self.default_policy == "drf":
            return f"a drf queue under the fair parent {parent}"
        return ""

    def is_leaf(self, path: str) -> bool | None:
        """True or False for an existing queue, None when it does not exist."""
        return self._leaf.get(path)

    def described(self, rule: PlacementRule) -> str:
        """:func:`describe` of a rule, worked out once (the rule is kept, so its id stays its own)."""
        found = self._described.get(id(rule))
        if found is None or found[0] is not rule:
            found = self._described[id(rule)] = (rule, describe(rule))
        return found[1]


def describe(rule: PlacementRule) -> str:
    """``primaryGroup``, ``nestedUserQueue(primaryGroup)``, ``default(root.adhoc)``."""
    text = rule.name
    if rule.name == "default" and rule.queue and rule.queue != DEFAULT_QUEUE:
        text += f"({rule.queue})"
    if rule.parent is not None:
        text += f"({describe(rule.parent)})"
    return text


def assign(
    queues: FairQueues,
    rules: Sequence[PlacementRule],
    *,
    user: str,
    groups: Iterable[str] = (),
    queue: str = DEFAULT_QUEUE_NAME,
) -> Assignment:
    """QueuePlacementPolicy.assignAppToQueue, then FairScheduler.addApplication's leaf check."""
    placed, described, reason, _ = assignment_fields(queues, rules, user, groups, queue)
    return Assignment(placed, described, reason)


def assignment_fields(
    queues: FairQueues, rules: Sequence[PlacementRule], user: str, groups: Iterable[str], queue: str
) -> tuple[str | None, str, str, PlacementRule | None]:
    """:func:`assign` as the fields of its :class:`Assignment` (queue, rule, reason) and the rule
    that decided (None: none did), for a caller that routes many applications and keeps its own
    record of each."""
    group_list = list(dict.fromkeys(groups))  # Groups.getGroupsSet: ordered, no repeats
    for rule in rules:
        try:
            placed = _rule_queue(rule, queues, user, group_list, queue)
        except _Rejected as exc:
            return None, queues.described(rule), str(exc), rule
        if placed is not None:
            if placed in queues.reservable:
                target, why = reservation_default(placed), _NO_RESERVATION
                return (*_admit(queues, target, queues.described(rule), why), rule)
            return (*_admit(queues, placed, queues.described(rule)), rule)
    return None, "no rule", "application rejected by placement rules", None


_NO_RESERVATION = "no reservation given: the plan queue's default queue (resolveReservationQueueName)"


def reservation_default(plan: str) -> str:
    """``FairScheduler.getDefaultQueueForPlanQueue``: ``root.res`` -> ``root.res.res-default``."""
    return f"{plan}.{plan.rsplit('.', 1)[-1]}{RESERVATION_DEFAULT_SUFFIX}"


def _rule_queue(
    rule: PlacementRule, queues: FairQueues, user: str, groups: list[str], requested: str
) -> str | None:
    """One rule's getPlacementForApp: a queue path, or None to try the next rule."""
    name = rule.name
    if name == "reject":
        return None
    if name == "specified":
        if not is_valid_queue_name(requested):
            # SpecifiedPlacementRule: the missing space is Hadoop's
            raise _Rejected(f"Application submitted by user {user}with illegal queue name '{requested}'.")
        if requested == DEFAULT_QUEUE_NAME:
            return None
        path = assure_root(requested)
        return path if rule.create or queues.configured(path) else None
    if name == "default":
        path = rule.queue or DEFAULT_QUEUE
        return path if rule.create or queues.configured(path) else None
    parent: str | None = None
    if rule.parent is not None:
        parent = _rule_queue(rule.parent, queues, user, groups, requested)
        if parent is None or queues.configured_leaf(parent):
            return None  # "parent rule failed"
    if name == "secondaryGroupExistingQueue":
        # every group of the set, the primary one included (Groups.getGroupsSet, 3.4), existing
        # queues only; before 3.4 from the second group on (oracle: 3.3.6 and 3.2.4 skip the
        # primary group's existing queue, 3.4.2 takes it)
        for group in groups[1:] if queues.hadoop_version < (3, 4) else groups:
            candidate = _child(parent, clean_name(group))
            if queues.configured(candidate):
                return candidate
        return None
    if name == "primaryGroup":
        if not groups:
            raise _Rejected(f"No groups returned for user {user}")
        path = _child(parent, clean_name(groups[0]))
    else:  # user, nestedUserQueue
        path = _child(parent, clean_name(user))
    return path if rule.create or queues.configured(path) else None


def _child(parent: str | None, name: str) -> str:
    return assure_root(name) if parent is None else f"{parent}.{name}"


def _admit(queues: FairQueues, path: str, rule: str, why: str = "") -> tuple[str | None, str, str]:
    """QueueManager.getLeafQueue(path, create=true): an existing leaf, or a new one whose nearest
    existing ancestor is a parent. ``why`` says how an accepted application came to ``path``."""
    if queues.refused(path):
        return None, rule, f"Hadoop does not create {path} (fsctl validate says why)"
    leaf = queues.is_leaf(path)
    if leaf is True:
        return path, rule, why
    if leaf is False:
        return None, rule, f"{path} is not a leaf queue"
    parts = path.split(".")
    for index in range(len(parts) - 1, 0, -1):
        if not is_valid_node_name(parts[index]):
            offset = len(".".join(parts[:index])) + 1
            return None, rule, f"Illegal node name at offset {offset} for queue name {path}"
        ancestor = ".".join(parts[:index])
        kind = queues.is_leaf(ancestor)
        if kind is True:
            return None, rule, f"{path} is not a leaf queue"
        if kind is False:
            refusal = queues.refuses_new_child(ancestor)
            if refusal:
                return None, rule, f"{path} cannot be created: {refusal}"
            return path, rule, why
    return None, rule, f"{path} is not a leaf queue"


def _policy(value: str) -> str:
    """A policy as the reader resolved it, lower-case (a class name as written)."""
    return value.strip().lower()
