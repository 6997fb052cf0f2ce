"""Where ``fsctl convert`` departs from Hadoop's fs2cs on purpose: one table, each row with its reason.

Everything else fsctl writes is what fs2cs writes; the differential tests (``tests/oracle``) run both
on the same files and accept a difference only when a row here explains it. The README's table is
this one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

Properties = Mapping[str, str]


@dataclass(frozen=True)
class Difference:
    """One property on which fs2cs's output and fsctl's differ, with what can explain it."""

    key: str
    fs2cs: str | None
    fsctl: str | None
    fs2cs_all: Properties
    fsctl_all: Properties
    #: the (code, queue) of every finding fsctl reported for the conversion
    reported: frozenset[tuple[str, str | None]] = frozenset()
    #: the Hadoop line both converted for
    hadoop: tuple[int, int] = (3, 4)


@dataclass(frozen=True)
class Departure:
    name: str
    fs2cs: str
    fsctl: str
    reason: str
    explains: Callable[[Difference], bool]


_CAPACITY = re.compile(r"^yarn\.scheduler\.capacity\.(root(?:\.[^.]+)*)\.capacity$")
_LOCALITY = (
    "yarn.scheduler.capacity.node-locality-delay",
    "yarn.scheduler.capacity.rack-locality-additional-delay",
)
_PREFIX = "yarn.scheduler.capacity."
_ACL_SUFFIXES = (".acl_submit_applications", ".acl_administer_queue")
_ROOT_ACLS = (
    "yarn.scheduler.capacity.root.acl_submit_applications",
    "yarn.scheduler.capacity.root.acl_administer_queue",
)


def _same_queues_other_order(d: Difference) -> bool:
    return (
        d.key.endswith(".queues")
        and d.fs2cs is not None
        and d.fsctl is not None
        and sorted(d.fs2cs.split(",")) == sorted(d.fsctl.split(","))
    )


def _root_acl_nobody(d: Difference) -> bool:
    return d.key in _ROOT_ACLS and d.fs2cs is None and d.fsctl == " "


def _everyone_kept(d: Difference) -> bool:
    return d.hadoop < (3, 4) and d.key.endswith(_ACL_SUFFIXES) and d.fs2cs is None and d.fsctl == "*"


def _parent_of_capacity(key: str) -> str | None:
    match = _CAPACITY.match(key)
    return match.group(1).rsplit(".", 1)[0] if match else None


def _acl_of_no_queue(d: Difference) -> bool:
    """An ACL fs2cs writes for a path that is no queue of fsctl's output (fs2cs's emitACLs walks
    AllocationConfiguration.getQueueAcls, keyed by every queue element as the parser named it)."""
    if d.fsctl is not None or d.fs2cs is None or not d.key.endswith(_ACL_SUFFIXES):
        return False
    path = d.key.removeprefix(_PREFIX).rsplit(".", 1)[0]
    queues = {"root"} | {
        f"{key.removeprefix(_PREFIX).removesuffix('.queues')}.{child.strip()}"
        for key, children in d.fsctl_all.items()
        if key.startswith(_PREFIX) and key.endswith(".queues")
        for child in children.split(",")
    }
    return path not in queues


def _locality_left_out(d: Difference) -> bool:
    return d.key in _LOCALITY and d.fsctl is None and d.fs2cs is not None


def _rules_file_named(d: Difference) -> bool:
    return (
        d.key == "yarn.scheduler.capacity.mapping-rule-json-file" and d.fs2cs is None and d.fsctl is not None
    )


def _weights_followed(d: Difference) -> bool:
    """A child's percentage (or the parent's zero-sum flag) where fsctl reported that fs2cs's
    arithmetic fails or distorts the weights of that parent's children (CV401-CV403)."""
    parent = _parent_of_capacity(d.key)
    if parent is None and d.key.endswith(".allow-zero-capacity-sum"):
        parent = d.key.removeprefix("yarn.scheduler.capacity.").removesuffix(".allow-zero-capacity-sum")
    return parent is not None and any((code, parent) in d.reported for code in ("CV401", "CV402", "CV403"))


DEPARTURES: tuple[Departure, ...] = (
    Departure(
        "child-order",
        "children in `.queues` in the order the Fair Scheduler created them (Java HashSet order)",
        "children in document order",
        "the file's own order, which a reader of both files recognises; fs2cs's follows the hashes "
        "of the names",
        _same_queues_other_order,
    ),
    Departure(
        "acl-everyone-kept",
        "before 3.4 (3.3.6), leaves out an ACL of * (generateQueueAcl writes named users and groups only)",
        "writes it",
        "an unset Capacity Scheduler ACL below root admits nobody (CapacitySchedulerConfiguration."
        "getAcl): under a restricted root the queue would be closed to everyone",
        _everyone_kept,
    ),
    Departure(
        "root-acl-nobody",
        "a root aclSubmitApps/aclAdministerApps that admits nobody is left out",
        "written as ' ' (CV408)",
        "left out, the Capacity Scheduler's default for root (*) admits everyone everywhere",
        _root_acl_nobody,
    ),
    Departure(
        "locality-thresholds",
        "copies the Fair locality thresholds (fractions of nodes, e.g. 0.1) into node-locality-delay and "
        "rack-locality-additional-delay",
        "leaves them out, with a finding that suggests a value (CV304)",
        "the Capacity Scheduler reads both with getInt: a fraction stops the ResourceManager from starting",
        _locality_left_out,
    ),
    Departure(
        "rules-file-named",
        "with -e, writes mapping-rules.json but no property naming it",
        "also writes mapping-rule-json-file with the absolute path of the file (CV409 with --print)",
        "with mapping-rule-format=json and no rules, placement silently stops applying",
        _rules_file_named,
    ),
    Departure(
        "verify-with-yarn-site",
        "verifies its output with capacity-scheduler.xml alone, under the resource types of the "
        "user's yarn-site.xml: with custom resource types and drf its own verification fails (the "
        "DominantResourceCalculator it writes to yarn-site.xml is not read)",
        "verifies it with the user's yarn-site.xml and the delta merged, as the ResourceManager reads "
        "them: that output is written, and it boots; output the ResourceManager refuses is CV104",
        "the ResourceManager reads capacity-scheduler.xml over yarn-site.xml "
        "(FileBasedCSConfigurationProvider), so it has the calculator fs2cs wrote",
        lambda *_: False,  # a verdict, not a property: tests/oracle boots such output to confirm
    ),
    Departure(
        "acls-of-queues-not-created",
        "writes the ACL keys of every queue element: also of queues the Fair Scheduler never creates "
        '(FS114-FS116), and under a `<queue name="ROOT">` by the name as written (`ROOT.a`)',
        "leaves them out (CV307 names a queue not created, FS314 a ROOT element)",
        "no Capacity Scheduler queue has those paths: the keys are never read",
        _acl_of_no_queue,
    ),
    Departure(
        "max-resources-with-cluster",
        "maximum-capacity is always 100 (maxResources only warned about)",
        "with --cluster, maxResources and maxChildResources become maximum-capacity percentages",
        "a queue's cap is kept instead of silently lifted; without --cluster, or when the rules file "
        "aborts on them, fsctl does what fs2cs does",
        lambda *_: False,  # only with --cluster, which the fs2cs comparison does not pass to fsctl
    ),
    Departure(
        "weights-fs2cs-cannot-convert",
        "with --percentage, divides each weight by the truncated sum of the weights (1 + 0.5 -> 1): "
        "some weights crash it, fractions distort the shares (50/50 for 1 and 0.5) or give 0%; "
        "before 3.4 the rounding remainder can leave a child of weight 0 below 0, and its "
        "verification fails",
        "percentages that follow the weights as written, with fs2cs's rounding, a remainder that "
        "would go below 0 given to the largest, and a finding (CV401-CV403) naming fs2cs's values",
        "the converted queues keep the shares they had",
        _weights_followed,
    ),
    Departure(
        "full-path-leaves",
        "duplicate leaf names abort the conversion on Hadoop 3.2",
        "kept as path-based queues for 3.3+; --hadoop-version 3.2 fails listing every clash",
        "the Capacity Scheduler takes full paths since YARN-9879",
        lambda *_: False,  # same output as fs2cs on 3.4
    ),
    Departure(
        "fallback-queue",
        "no fallback",
        "--fallback-queue adds mapping rules sending unplaced applications to an existing leaf",
        "the Fair Scheduler's default rule did this; opt-in, so output without it matches fs2cs",
        lambda *_: False,
    ),
)


def explained(difference: Difference) -> bool:
    """True when a row of :data:`DEPARTURES` accounts for this difference."""
    return any(d.explains(difference) for d in DEPARTURES)


def markdown_table() -> str:
    """The README's table of departures, rendered from :data:`DEPARTURES` (a test keeps them equal)."""
    rows = ["| departure | fs2cs | fsctl | why |", "|---|---|---|---|"]
    rows += [f"| `{d.name}` | {d.fs2cs} | {d.fsctl} | {d.reason} |" for d in DEPARTURES]
    return "\n".join(rows) + "\n"
