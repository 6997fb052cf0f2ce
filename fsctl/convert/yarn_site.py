"""The output yarn-site.xml (only the properties to add or change) and the scheduler-wide
capacity-scheduler.xml settings.

Follows ``FSYarnSiteConverter.java`` (newest, fs2cs.md §2.2) and ``FSConfigToCSConfigConverter``
``convertSiteProperties`` / global settings (§2.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from fsctl.catalogue import convert as rules
from fsctl.convert import fairview
from fsctl.convert.options import ConvertOptions, Emitter
from fsctl.hadoop.javanum import ConfValueError, java_float_str, to_float32
from fsctl.model.location import Location
from fsctl.model.resources import INT_MAX
from fsctl.model.tree import QueueTree

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

N = TypeVar("N", int, float)

FAIR = "yarn.scheduler.fair."
CAPACITY_SCHEDULER = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"
PCPP = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"
DELETION_POLICY = (
    "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy"
)
REFRESH_POLICY = (
    "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueConfigurationAutoRefreshPolicy"
)
DRC = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"

#: yarn-site Fair properties fs2cs reads (converted, or used for the implicit placement policy)
READ_PROPERTIES = frozenset(
    FAIR + name
    for name in (
        "continuous-scheduling-enabled",
        "continuous-scheduling-sleep-ms",
        "preemption",
        "waitTimeBeforeKill",
        "waitTimeBeforeNextStarvationCheck",
        "assignmultiple",
        "max.assign",
        "locality.threshold.node",
        "locality.threshold.rack",
        "sizebasedweight",
        "allow-undeclared-pools",
        "user-as-default-queue",
        "allocation.file",
        "migration.mode",
        "no-terminal-rule.check",
    )
)


class SiteView:
    """Typed reads of the input yarn-site.xml with Hadoop's defaults; a value Hadoop could not
    parse becomes a finding and the default."""

    def __init__(self, conf: HadoopConf | None, emitter: Emitter) -> None:
        self.conf = conf
        self.emitter = emitter

    def location(self, name: str) -> Location | None:
        return self.conf.location(name) if self.conf is not None else None

    def is_set(self, name: str) -> bool:
        return self.conf is not None and self.conf.get(name) is not None

    def _bad(self, name: str, exc: Exception, default: object) -> None:
        self.emitter.finding(
            rules.CV303,
            self.location(name),
            f"{name}: {exc}; the Fair Scheduler would not start; converted as the default {default}",
            property=name,
        )

    def boolean(self, name: str, default: bool) -> bool:
        return self.conf.get_boolean(name, default) if self.conf is not None else default

    def integer(self, name: str, default: int) -> int:
        return self._number(lambda conf: conf.get_int(name, default), name, default)

    def long(self, name: str, default: int) -> int:
        return self._number(lambda conf: conf.get_long(name, default), name, default)

    def float(self, name: str, default: float) -> float:
        return self._number(lambda conf: conf.get_float(name, default), name, default)

    def _number(self, getter: Callable[[HadoopConf], N], name: str, default: N) -> N:
        """Configuration.getInt/getLong/getFloat; a value Hadoop cannot parse is a finding."""
        if self.conf is None:
            return default
        try:
            return getter(self.conf)
        except ConfValueError as exc:
            self._bad(name, exc, default)
            return default


def convert_site(site: SiteView, drf_used: bool, options: ConvertOptions, out: Emitter) -> bool:
    """The yarn-site.xml delta (``FSYarnSiteConverter.convertSiteProperties``). Returns whether Fair
    preemption is on (the queue converter needs it for ``disable_preemption``)."""
    put = out.site.__setitem__
    put("yarn.resourcemanager.scheduler.class", CAPACITY_SCHEDULER)
    # before 3.4 fs2cs turns the monitors on for preemption only, with the default policy list
    # (ProportionalCapacityPreemptionPolicy): the two policies 3.4 adds do not exist there, and a
    # 3.3.6 ResourceManager given them does not start (oracle, "Failed to find class")
    modern = options.hadoop_version >= (3, 4)
    if modern:
        put("yarn.resourcemanager.scheduler.monitor.enable", "true")

    if site.boolean(FAIR + "continuous-scheduling-enabled", False):
        put("yarn.scheduler.capacity.schedule-asynchronously.enable", "true")
        interval = site.integer(FAIR + "continuous-scheduling-sleep-ms", 5)
        put("yarn.scheduler.capacity.schedule-asynchronously.scheduling-interval-ms", str(interval))

    policies: list[str] = []
    preemption = site.boolean(FAIR + "preemption", False)
    if preemption:
        if options.preemption_mode == "nopolicy":
            # fs2cs sets the list to "" and then appends to it anyway, so PCPP stays (fs2cs.md §2.2)
            out.finding(
                rules.CV305,
                site.location(FAIR + "preemption"),
                "--disable-preemption nopolicy: ProportionalCapacityPreemptionPolicy is left out; "
                "fs2cs would still add it because Fair preemption is on",
                property=FAIR + "preemption",
            )
        else:
            policies.append(PCPP)
        wait = site.integer(FAIR + "waitTimeBeforeKill", 15000)
        put("yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill", str(wait))
        interval_ms = site.long(FAIR + "waitTimeBeforeNextStarvationCheck", 10000)
        put("yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval", str(interval_ms))
    if not modern:
        if preemption:
            put("yarn.resourcemanager.scheduler.monitor.enable", "true")
    else:
        if options.weight_mode:
            policies.append(DELETION_POLICY)
            put("yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time", "10")
        policies.append(REFRESH_POLICY)
        put("yarn.resourcemanager.scheduler.monitor.policies", ",".join(policies))

    multiple = site.boolean(FAIR + "assignmultiple", False)
    put(
        "yarn.scheduler.capacity.per-node-heartbeat.multiple-assignments-enabled",
        "true" if multiple else "false",
    )
    max_assign = site.integer(FAIR + "max.assign", -1)
    if max_assign != -1:
        put("yarn.scheduler.capacity.per-node-heartbeat.maximum-container-assignments", str(max_assign))

    for fair_name, cs_name in (
        ("locality.threshold.node", "yarn.scheduler.capacity.node-locality-delay"),
        ("locality.threshold.rack", "yarn.scheduler.capacity.rack-locality-additional-delay"),
    ):
        value = site.float(FAIR + fair_name, -1.0)
        if value != -1.0:
            # fs2cs copies the float (FSYarnSiteConverter), but CapacitySchedulerConfiguration reads
            # both keys with getInt: "0.1" there stops the ResourceManager. Left out instead.
            text = java_float_str(to_float32(value))
            out.finding(
                rules.CV304,
                site.location(FAIR + fair_name),
                f"{FAIR}{fair_name}={text} is a fraction of the cluster's nodes; {cs_name} is an integer "
                "count of missed scheduling opportunities (read with getInt), so it is not written: set it "
                f"yourself, e.g. to about {text} x the number of nodes"
                + (" (Hadoop's default is 40)" if fair_name.endswith("node") else ""),
                property=FAIR + fair_name,
            )

    if drf_used:
        put("yarn.scheduler.capacity.resource-calculator", DRC)
    if options.enable_async:
        put("yarn.scheduler.capacity.schedule-asynchronously.enable", "true")

    if site.boolean("yarn.resourcemanager.reservation-system.enable", False):
        out.fs2cs_rule(
            "reservationSystem",
            rules.CV204,
            site.location("yarn.resourcemanager.reservation-system.enable"),
            "Conversion of reservation system is not supported",
            property="yarn.resourcemanager.reservation-system.enable",
        )
    _report_unread(site, out)
    return preemption


def _report_unread(site: SiteView, out: Emitter) -> None:
    """Every other ``yarn.scheduler.fair.*`` property is dropped; fs2cs says nothing about them."""
    if site.conf is None:
        return
    for name in site.conf.names():
        if name.startswith(FAIR) and name not in READ_PROPERTIES:
            out.finding(
                rules.CV303,
                site.location(name),
                f"{name}={site.conf.get(name)} has no Capacity Scheduler equivalent and is not converted",
                property=name,
            )


def convert_globals(
    tree: QueueTree, defaults: fairview.Globals, options: ConvertOptions, out: Emitter
) -> None:
    """Scheduler-wide capacity-scheduler.xml settings (fs2cs.md §2.3)."""
    if defaults.queue_max_apps_default != INT_MAX:
        out.cs("max-parallel-apps", str(defaults.queue_max_apps_default))
    if defaults.user_max_apps_default != INT_MAX:
        out.cs("user.max-parallel-apps", str(defaults.user_max_apps_default))
    for user, apps in defaults.users.items():
        out.cs(f"user.{user}.max-parallel-apps", str(apps))
    share = defaults.queue_max_am_share_default
    out.cs("maximum-am-resource-percent", "1.0" if share == -1.0 else java_float_str(share))
    if options.preemption_mode == "observeonly":
        # fs2cs writes this key into capacity-scheduler.xml, not yarn-site.xml (fs2cs.md §2.3)
        out.cs_raw("yarn.resourcemanager.monitor.capacity.preemption.observe_only", "true")
    out.not_converted(tree.settings, DROPPED_GLOBALS, None)


#: top-level Fair elements fs2cs drops without a word (fs2cs.md §1.7)
DROPPED_GLOBALS = (
    "defaultFairSharePreemptionTimeout",
    "defaultMinSharePreemptionTimeout",
    "defaultFairSharePreemptionThreshold",
    "fairSharePreemptionTimeout",
    "queueMaxResourcesDefault",
    "reservation-planner",
    "reservation-agent",
    "reservation-policy",
)
