"""Every Fair Scheduler allocation-file element in one table, and the views derived from it.

One :class:`Element` row per setting Hadoop reads (``AllocationFileParser.VALID_TAG_NAMES``,
``AllocationFileQueueParser#loadQueue``, ``AllocationFileParser#extractUserData``; fs-parse.md
§2.2-§2.4 and §2.6): its name and aliases, how Hadoop parses the text (:data:`Kind`), the default,
where an unset value comes from (:data:`Inherit`), its scope, the XSD type the schema records for it
and what a ratio file may say about it. Rows of one scope are in writer order (the order of
Hadoop's FairScheduler.md). The reader, the writer, the effective values, the schema test, lint and
the ratio files all derive from the table: a new Hadoop property is one row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from fsctl.hadoop.javanum import LONG_MAX
from fsctl.model.resources import INT_MAX

#: How Hadoop turns the text into a value:
#: ``resource0`` / ``resource`` ``parseResourceConfigValue`` (missing types 0 / unbounded);
#: ``int`` ``Integer.parseInt``; ``seconds`` ``Long.parseLong`` times 1000 (ms);
#: ``share`` ``Float.parseFloat`` capped at 1.0; ``fraction`` ``Float.parseFloat`` clamped to [0, 1];
#: ``weight`` ``Double.parseDouble`` cast to float; ``policy`` ``SchedulingPolicy.parse``;
#: ``bool`` ``Boolean.parseBoolean``; ``acl`` the raw, untrimmed text (``AccessControlList``);
#: ``presence`` the element's presence (content never read); ``text`` the trimmed text.
Kind = Literal[
    "resource0",
    "resource",
    "int",
    "seconds",
    "share",
    "fraction",
    "weight",
    "policy",
    "bool",
    "acl",
    "presence",
    "text",
]
#: Where an unset value comes from: ``own`` the row's default; ``top`` the top-level default named
#: by ``default``; ``parent`` the parent's effective value, root taking the top-level default named
#: by ``default`` (``setupRootQueueProperties``); ``root`` the row's default on root, else the
#: ``inherited`` default (ACLs: root ``*``, the others nobody)
Inherit = Literal["own", "top", "parent", "root"]
Scope = Literal["queue", "top", "user"]


@dataclass(slots=True)
class RatioSpec:
    """What a ratio file (``fsctl generate``) may say about a queue element."""

    kind: str  # int, seconds, weight, fraction, amshare, bool, policy, acl, resource
    applies_to: str = "any"  # any, leaf, parent: where a value from ``defaults`` is applied
    rank: int = 0  # the order the generator writes the ratio file's settings in


@dataclass(slots=True)
class Element:
    name: str
    scope: Scope
    kind: Kind
    xsd: str
    #: the value when unset (``inherit`` own/root), or the name of the top-level element giving it
    default: Any = None
    inherit: Inherit = "own"
    #: the attribute of the typed effective record (``FairQueueValues`` or ``FairDefaults``)
    attribute: str = ""
    aliases: tuple[str, ...] = ()
    #: ``inherit == "root"``: the value of every queue but root
    inherited: Any = None
    ratio: RatioSpec | None = None


_RESERVATION = "org.apache.hadoop.yarn.server.resourcemanager.reservation."
EVERYBODY_ACL, NOBODY_ACL = "*", " "

ELEMENTS: tuple[Element, ...] = (
    # <queue> (AllocationFileQueueParser#loadQueue), in FairScheduler.md order
    Element("weight", "queue", "weight", "xs:double", 1.0, attribute="weight",
            ratio=RatioSpec("weight", rank=0)),
    Element("minResources", "queue", "resource0", "xs:string", None, attribute="min_resources"),
    Element("maxResources", "queue", "resource", "xs:string", "queueMaxResourcesDefault", "top",
            "max_resources"),
    Element("maxChildResources", "queue", "resource", "xs:string", None, attribute="max_child_resources",
            ratio=RatioSpec("resource", "parent", rank=4)),
    Element("maxContainerAllocation", "queue", "resource", "xs:string", None, "parent",
            "max_container_allocation", ratio=RatioSpec("resource", rank=5)),
    Element("maxRunningApps", "queue", "int", "xs:int", "queueMaxAppsDefault", "top", "max_running_apps",
            ratio=RatioSpec("int", rank=2)),
    Element("maxAMShare", "queue", "share", "xs:float", "queueMaxAMShareDefault", "top", "max_am_share",
            ratio=RatioSpec("amshare", "leaf", rank=3)),
    Element("schedulingPolicy", "queue", "policy", "xs:string", "defaultQueueSchedulingPolicy", "top",
            "scheduling_policy", aliases=("schedulingMode",), ratio=RatioSpec("policy", rank=1)),
    Element("minSharePreemptionTimeout", "queue", "seconds", "xs:long", "defaultMinSharePreemptionTimeout",
            "parent", "min_share_preemption_timeout", ratio=RatioSpec("seconds", rank=6)),
    Element("fairSharePreemptionTimeout", "queue", "seconds", "xs:long",
            "defaultFairSharePreemptionTimeout", "parent", "fair_share_preemption_timeout",
            ratio=RatioSpec("seconds", rank=7)),
    Element("fairSharePreemptionThreshold", "queue", "fraction", "xs:float",
            "defaultFairSharePreemptionThreshold", "parent", "fair_share_preemption_threshold",
            ratio=RatioSpec("fraction", rank=8)),
    Element("allowPreemptionFrom", "queue", "bool", "xs:boolean", True, "parent", "allow_preemption_from",
            ratio=RatioSpec("bool", rank=9)),
    Element("aclSubmitApps", "queue", "acl", "xs:string", EVERYBODY_ACL, "root", "acl_submit_apps",
            inherited=NOBODY_ACL, ratio=RatioSpec("acl", rank=10)),
    Element("aclAdministerApps", "queue", "acl", "xs:string", EVERYBODY_ACL, "root", "acl_administer_apps",
            inherited=NOBODY_ACL, ratio=RatioSpec("acl", rank=11)),
    Element("reservation", "queue", "presence", "xs:anyType", False, attribute="reservation",
            ratio=RatioSpec("bool", "leaf", rank=15)),
    Element("aclAdministerReservations", "queue", "acl", "xs:string", None,
            attribute="acl_administer_reservations", ratio=RatioSpec("acl", rank=12)),
    Element("aclListReservations", "queue", "acl", "xs:string", None, attribute="acl_list_reservations",
            ratio=RatioSpec("acl", rank=13)),
    Element("aclSubmitReservations", "queue", "acl", "xs:string", None, attribute="acl_submit_reservations",
            ratio=RatioSpec("acl", rank=14)),
    # top level (AllocationFileParser), in FairScheduler.md order
    Element("queueMaxAppsDefault", "top", "int", "xs:int", INT_MAX, attribute="queue_max_apps_default"),
    Element("queueMaxResourcesDefault", "top", "resource", "xs:string", None,
            attribute="queue_max_resources_default"),
    Element("queueMaxAMShareDefault", "top", "share", "xs:float", 0.5,
            attribute="queue_max_am_share_default"),
    Element("userMaxAppsDefault", "top", "int", "xs:int", INT_MAX, attribute="user_max_apps_default"),
    Element("defaultQueueSchedulingPolicy", "top", "policy", "xs:string", "fair",
            attribute="default_queue_scheduling_policy", aliases=("defaultQueueSchedulingMode",)),
    Element("defaultMinSharePreemptionTimeout", "top", "seconds", "xs:long", LONG_MAX,
            attribute="default_min_share_preemption_timeout"),
    # the deprecated top-level fairSharePreemptionTimeout is read only when this one is absent
    Element("defaultFairSharePreemptionTimeout", "top", "seconds", "xs:long", LONG_MAX,
            attribute="default_fair_share_preemption_timeout", aliases=("fairSharePreemptionTimeout",)),
    Element("defaultFairSharePreemptionThreshold", "top", "fraction", "xs:float", 0.5,
            attribute="default_fair_share_preemption_threshold"),
    Element("reservation-planner", "top", "text", "xs:string",
            _RESERVATION + "planning.SimpleCapacityReplanner", attribute="reservation_planner"),
    Element("reservation-agent", "top", "text", "xs:string",
            _RESERVATION + "planning.AlignedPlannerWithGreedy", attribute="reservation_agent"),
    Element("reservation-policy", "top", "text", "xs:string",
            _RESERVATION + "CapacityOverTimePolicy", attribute="reservation_policy"),
    # <user> (AllocationFileParser#extractUserData): only maxRunningApps is read
    Element("maxRunningApps", "user", "int", "xs:int", "userMaxAppsDefault", "top"),
)  # fmt: skip

QUEUE_ROWS = tuple(e for e in ELEMENTS if e.scope == "queue")
TOP_ROWS = tuple(e for e in ELEMENTS if e.scope == "top")
USER_ROWS = tuple(e for e in ELEMENTS if e.scope == "user")
BY_QUEUE_NAME = {e.name: e for e in QUEUE_ROWS}
BY_TOP_NAME = {e.name: e for e in TOP_ROWS}

# -- the reader ------------------------------------------------------------------------------------

#: queue child element -> property key (aliases folded)
QUEUE_PROPERTIES = {n: e.name for e in QUEUE_ROWS for n in (e.name, *e.aliases)}
ACL_PROPERTIES = frozenset(e.name for e in QUEUE_ROWS if e.kind == "acl")
#: top-level elements whose text the reader keeps for the getters (the policy is parsed at once)
TOP_LEVEL_TEXT = tuple(n for e in TOP_ROWS if e.kind != "policy" for n in (e.name, *e.aliases))
TOP_LEVEL_POLICY_TAGS = tuple(n for e in TOP_ROWS if e.kind == "policy" for n in (e.name, *e.aliases))
#: the policy's alias is read as the policy (the writer writes the policy only)
ALIASES_OF_POLICY = frozenset(a for e in TOP_ROWS if e.kind == "policy" for a in e.aliases)

# -- the writer ------------------------------------------------------------------------------------

QUEUE_ORDER = tuple(e.name for e in QUEUE_ROWS)
#: the deprecated fairSharePreemptionTimeout after the element that replaces it
TOP_LEVEL_ORDER = tuple(n for e in TOP_ROWS for n in (e.name, *e.aliases) if n not in ALIASES_OF_POLICY)
#: settings whose parsed value is milliseconds while the file holds seconds
SECONDS = frozenset(n for e in ELEMENTS if e.kind == "seconds" for n in (e.name, *e.aliases))

# -- lint (fsctl/lint/fair reads these names) --------------------------------------------------------

TOP_LEVEL_SCALARS = (*(n for e in TOP_ROWS for n in (e.name, *e.aliases)), "queuePlacementPolicy")
ALIASES = {
    **{a: e.name for e in QUEUE_ROWS for a in e.aliases},
    "pool": "queue",
    **{a: e.name for e in TOP_ROWS if e.kind == "policy" for a in e.aliases},
}
#: top level only: the deprecated spelling is read only when the new one is absent
TOP_LEVEL_ALIASES = {**ALIASES, **{a: e.name for e in TOP_ROWS for a in e.aliases}}
#: every element a <queue> may hold: the properties and nested queues
QUEUE_ELEMENTS = (*QUEUE_PROPERTIES, "queue", "pool")
QUEUE_ELEMENT_SET = frozenset(QUEUE_ELEMENTS)
ACL_ELEMENTS = tuple(e.name for e in QUEUE_ROWS if e.kind == "acl")
RESERVATION_ACLS = tuple(e.name for e in QUEUE_ROWS if e.kind == "acl" and e.default is None)
RESERVATION_ACL_SET = frozenset(RESERVATION_ACLS)
INT_ELEMENTS = tuple(dict.fromkeys(e.name for e in ELEMENTS if e.kind == "int"))
TIMEOUT_ELEMENTS = tuple(dict.fromkeys(e.name for e in ELEMENTS if e.kind == "seconds"))
FLOAT_ELEMENTS = tuple(e.name for e in ELEMENTS if e.kind in ("weight", "share", "fraction"))
RESOURCE_ELEMENTS = tuple(e.name for e in QUEUE_ROWS if e.kind in ("resource0", "resource"))
USER_ELEMENTS = tuple(e.name for e in USER_ROWS)
#: the tags whose text lint's DocumentChecks._value looks at
VALUE_CHECKED = frozenset(
    (*ACL_ELEMENTS, *(e.name for e in QUEUE_ROWS if e.kind == "bool"), *INT_ELEMENTS, *TIMEOUT_ELEMENTS,
     *FLOAT_ELEMENTS)
)  # fmt: skip
#: top-level default -> the root queue's own setting that replaces it (setupRootQueueProperties)
ROOT_DEFAULTS = {
    e.default: e.name for e in QUEUE_ROWS if e.inherit == "parent" and isinstance(e.default, str)
}

# -- ratio files (generate/ratios.SETTINGS) ----------------------------------------------------------

RATIO_SETTINGS: dict[str, RatioSpec] = dict(
    sorted(((e.name, e.ratio) for e in QUEUE_ROWS if e.ratio is not None), key=lambda item: item[1].rank)
)
RATIO_ALIASES = {a: e.name for e in QUEUE_ROWS for a in e.aliases}
