"""One conversion run, in fs2cs's order (``FSConfigToCSConfigConverter.java``, fs2cs.md §2.1):
yarn-site delta, global settings, queues, ACLs, placement rules; then fsctl's own checks
(target version, duplicate leaf names, fallback queue), the share table and verification.

Pure: it returns properties, JSON and findings, and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from fsctl.catalogue import convert as rules
from fsctl.convert import fairview, output, paths, placement
from fsctl.convert.options import CS_PREFIX, ConvertOptions, Emitter
from fsctl.convert.queues import QueueContext, convert_queues
from fsctl.convert.resources import Plan
from fsctl.convert.shares import ShareRow, guarantees_above_maximum, report_moves, share_table
from fsctl.convert.yarn_site import FAIR, SiteView, convert_globals, convert_site
from fsctl.fair.creation import creation_order
from fsctl.fair.model import FairQueue, FairTree
from fsctl.model.diagnostics import Diagnostic, Severity
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.tree import Queue, QueueTree, ReadResult

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf
    from fsctl.routing.engine import RoutedApp


_SEVERITY = attrgetter("severity")


@dataclass
class ConversionResult:
    capacity: dict[str, str]
    site: dict[str, str]
    mapping_rules: list[dict[str, Any]] | None
    mapping_json: str | None
    findings: list[Diagnostic]
    shares: list[ShareRow] | None = None
    aborted: bool = False
    capacity_bytes: bytes = b""
    site_bytes: bytes = b""
    verified: bool | None = None
    #: the converted tree as verify() read it back (routing reuses it, then lets it go)
    capacity_tree: QueueTree | None = None
    #: the applications that land elsewhere after the switch, of ``probes`` routed (the routing report)
    routing: list[RoutedApp] | None = None
    probes: int = 0

    @property
    def failed(self) -> bool:
        """Nothing may be written: an abort, or an error finding."""
        # any(d.severity >= ERROR) without a Python-level loop: asked several times of 100,000s
        return self.aborted or any(map(Severity.ERROR.__le__, map(_SEVERITY, self.findings)))


def convert(tree: QueueTree, conf: HadoopConf | None, options: ConvertOptions) -> ConversionResult:
    out = Emitter(options.rules)
    # percentages place a rounding remainder by the order Hadoop created the queues in; every
    # configured queue counts there, those Hadoop then refuses too
    creation = creation_order(tree, options.hadoop_version) if not options.weight_mode else None
    tree = _created_queues(tree, out)
    _rules_file_problems(options, out)
    _version_checks(tree, options, out)
    paths.check_paths(tree, options, out)
    fallback = _fallback_queue(tree, options, out)

    site = SiteView(conf, out)
    drf = fairview.drf_used(tree)
    preemption = convert_site(site, drf, options, out)
    defaults = fairview.globals_of(tree)
    convert_globals(tree, defaults, options, out)

    plan = Plan(options.cluster)
    size_based = site.boolean(FAIR + "sizebasedweight", False)
    # before 3.4 fs2cs turns on (v1) auto-creation under every parent when the file has no placement
    # policy and undeclared pools are allowed (FSConfigToCSConfigConverter, oracle: 3.3.6)
    auto_create_v1 = (
        options.hadoop_version < (3, 4)
        and tree.info.placement_location is None
        and site.boolean(FAIR + "allow-undeclared-pools", True)
    )
    convert_queues(
        QueueContext(tree, defaults, options, preemption, size_based, drf, auto_create_v1, creation),
        plan,
        out,
    )

    _root_maximum(tree, options, out)
    _cluster_allocation(conf, out)
    mapping_rules, mapping_json = _placement(tree, site, options, fallback, out)

    _drop_unreadable(out, options)

    shares = None
    if options.cluster is not None:
        from fsctl.evaluate.compute_fair_shares import FairSharesNeverEnd

        try:
            shares = share_table(tree, plan, options.cluster)
        except FairSharesNeverEnd as exc:  # Hadoop's search loops forever: no shares before to compare
            _never_ends(tree, out, exc.queues)
        else:
            report_moves(tree, shares, options.share_tolerance, options.cluster, out)
            guarantees_above_maximum(tree, plan, options.cluster, out)

    result = ConversionResult(
        capacity=out.capacity,
        site=out.site,
        mapping_rules=mapping_rules,
        mapping_json=mapping_json,
        findings=out.findings,
        shares=shares,
        aborted=out.aborted,
    )
    result.capacity_bytes = output.configuration_xml(result.capacity, output.HEADER_CAPACITY)
    result.site_bytes = output.configuration_xml(result.site, output.HEADER_SITE)
    if out.aborted:
        hits = [d for d in out.findings if d.severity >= Severity.ERROR]
        result.findings.append(
            rules.CV101.at(
                Location(options.rules.path) if options.rules.path else None,
                f"conversion aborted by {len(hits)} finding(s) the rules file makes fatal; "
                "nothing is written",
            )
        )
    return result


def _cluster_allocation(conf: HadoopConf | None, out: Emitter) -> None:
    """The user's cluster-wide maximum allocation, carried into the yarn-site.xml written when a
    converted queue has a maximum-allocation of its own: the Capacity Scheduler refuses a queue's
    above the cluster's (CapacitySchedulerConfiguration.getQueueMaximumAllocation), so the files
    written must stand on their own (departures: cluster-allocation-carried)."""
    if conf is None or not any(
        key.endswith((".maximum-allocation-mb", ".maximum-allocation-vcores")) for key in out.capacity
    ):
        return
    for name in ("yarn.scheduler.maximum-allocation-mb", "yarn.scheduler.maximum-allocation-vcores"):
        value = conf.get(name)
        if value is not None:
            out.site[name] = value


def _never_ends(tree: FairTree, out: Emitter, blamed: tuple[str, ...]) -> None:
    """SM107 as a warning: the conversion stands (without --cluster it is the same), only the
    share table, whose "before" Hadoop never computes, is left out."""
    from fsctl.catalogue.simulate import SM107
    from fsctl.evaluate.fair import never_ending_search

    queue, message = never_ending_search(tree, blamed)
    location = queue.setting_location("weight") if queue is not None else tree.root.location
    out.finding(
        SM107,
        location,
        f"{message}; the share table is left out",
        queue=queue.path if queue is not None else "root",
        property="weight" if queue is not None else None,
        severity=Severity.WARNING,
    )


def verify(
    result: ConversionResult, path: str, options: ConvertOptions, input_site: HadoopConf | None = None
) -> None:
    """Read the converted capacity-scheduler.xml back with fsctl's Capacity Scheduler reader, with
    the input yarn-site.xml plus the delta as its yarn-site; every load error becomes a CV104
    finding (``ConvertedConfigValidator``, which starts a Capacity Scheduler on the output)."""
    from fsctl.capacity.site import check_capacity_keys
    from fsctl.io.xmldoc import XmlLoadError

    site = merged_site(result, input_site)
    try:
        read = read_back(result, path, options, site)
        problems = [d for d in read.diagnostics if d.severity >= Severity.ERROR]
        result.capacity_tree = read.tree
    except XmlLoadError as exc:
        problems = [exc.diagnostic]
    # the capacity keys of yarn-site.xml are read with the same getters (node-locality-delay: getInt)
    problems += [d for d in check_capacity_keys(site, options.hadoop_version) if d.severity >= Severity.ERROR]
    for problem in problems:
        result.findings.append(
            rules.CV104.at(
                problem.location,
                f"the converted configuration would not load: {problem.code} {problem.message}",
                queue=problem.queue,
                property=problem.property,
            )
        )
    result.verified = not problems


def merged_site(result: ConversionResult, input_site: HadoopConf | None) -> HadoopConf:
    """The yarn-site.xml the ResourceManager reads after the switch: the input plus the delta."""
    from fsctl.hadoop.conf import HadoopConf

    site = HadoopConf.from_pairs(list(result.site.items()), source="yarn-site.xml")
    if input_site is not None:
        site, _ = input_site.layered(site)
    return site


def read_back(result: ConversionResult, path: str, options: ConvertOptions, site: HadoopConf) -> ReadResult:
    """The converted capacity-scheduler.xml read by fsctl's Capacity Scheduler reader; with
    --rules-to-file the rules are read as if inlined (the file may not be written yet). Raises
    XmlLoadError.

    The properties are read in memory, located where the file has them: parsing bytes fsctl has
    just written would only find them again (they are parsed when something could make them
    ill-formed)."""
    from fsctl.capacity.reader import read_capacity, read_capacity_conf
    from fsctl.hadoop.conf import PropertyRecord, configuration_of
    from fsctl.io.xmldoc import load_xml

    props = result.capacity
    data = result.capacity_bytes
    inline = CS_PREFIX + "mapping-rule-json"
    if result.mapping_json is not None and inline not in result.capacity:
        props = {**result.capacity, inline: result.mapping_json}
        data = output.configuration_xml(props, output.HEADER_CAPACITY)
    # every name as java_trim leaves it: not empty, no code point up to U+0020 at either end
    if not (output.is_plain(data) and all(name and name[0] > " " and name[-1] > " " for name in props)):
        return read_capacity(load_xml(path, data), site, options.hadoop_version)
    lines = output.WrittenLines(path, data)
    records = (
        PropertyRecord(name, value or None, False, DeferredLocation(lines.property, index))
        for index, (name, value) in enumerate(props.items())
    )
    conf, diagnostics = configuration_of(records, path)
    read = read_capacity_conf(conf, site, options.hadoop_version, DeferredLocation(lines.root, None))
    read.diagnostics[:0] = diagnostics
    return read


def _drop_unreadable(out: Emitter, options: ConvertOptions) -> None:
    """Leave out every scheduler-wide value its Hadoop getter could not read (the ResourceManager
    would not start), with a CV308 finding; per-queue values are checked by :func:`verify`."""
    from fsctl.capacity.keys import PREFIX, global_kind
    from fsctl.capacity.site import check_capacity_keys
    from fsctl.hadoop.conf import HadoopConf

    start = len(PREFIX)
    queue_keys = PREFIX + "root."  # no scheduler-wide key starts so
    for target, name in ((out.site, "yarn-site.xml"), (out.capacity, "capacity-scheduler.xml")):
        # check_capacity_keys reads the scheduler-wide keys only: the per-queue ones (nearly all of a
        # large file) are left out of the configuration it reads
        pairs = [
            (key, value)
            for key, value in target.items()
            if not key.startswith(queue_keys)
            and (not key.startswith(PREFIX) or global_kind(key[start:]) is not None)
        ]
        conf = HadoopConf.from_pairs(pairs, source=name)
        for problem in check_capacity_keys(conf, options.hadoop_version):
            key = problem.property or ""
            value = target.pop(key, None)
            if value is None:
                continue
            out.finding(
                rules.CV308,
                None,
                f"{key}={value} is not written to {name}: {problem.message}; the ResourceManager would "
                "not start with it",
                property=key,
            )


def _created_queues(tree: FairTree, out: Emitter) -> FairTree:
    """The tree without the queues the Fair Scheduler refuses to create (the reader lists them in
    ``info.dropped_queues``); the caller's tree is left as it is."""
    dropped = set(tree.info.dropped_queues)
    if not dropped:
        return tree
    for path in sorted(dropped):
        queue = tree.find(path)
        out.finding(
            rules.CV307,
            queue.location if queue is not None else None,
            f"the Fair Scheduler does not create {path}, so it and its subtree are not converted",
            queue=path,
        )
    copies: dict[str, FairQueue] = {}
    for queue in tree.queues():
        parent = copies.get(queue.parent.path) if queue.parent is not None else None
        if queue.parent is not None and (parent is None or queue.path in dropped):
            continue
        # a parent whose children are all refused is still a parent (configured PARENT in Hadoop)
        copy: FairQueue = Queue(queue.name, queue.path, None, [], queue.declared, queue.location,
                     queue.declared_parent or not queue.is_leaf)  # fmt: skip
        copy.effective = queue.effective
        if parent is not None:
            parent.add_child(copy)
        copies[queue.path] = copy
    pruned = replace(tree, root=copies[tree.root.path])
    pruned.reindex()
    return pruned


def _root_maximum(tree: FairTree, options: ConvertOptions, out: Emitter) -> None:
    """CV410: a maximum on root caps the Fair cluster; the Capacity Scheduler's root has it all."""
    from fsctl.convert.resources import maximum_percent, resolved
    from fsctl.fair.effective import root_maximum
    from fsctl.hadoop.javanum import java_float_str, to_float32

    found = root_maximum(tree)
    if found is None:
        return
    spec, setting = found
    own = "maxResources" in tree.root.declared
    how = "root's maxResources" if own else "queueMaxResourcesDefault (which applies to root too)"
    top = ", ".join(q.path for q in tree.root.children[:3]) + (", ..." if len(tree.root.children) > 3 else "")
    percent: float | None = None
    if spec.is_percentage:
        percent = round(max(fraction for _, fraction in spec.fractions or ()) * 100.0, 3)
    elif options.cluster is not None:
        conversion = maximum_percent(resolved(spec, options.cluster), options.cluster)
        percent = conversion.percent if conversion is not None else None
    if percent is not None:
        value = java_float_str(to_float32(percent))
        keep = f"; to keep it, give the top-level queues ({top}) maximum-capacity={value}"
    elif spec.is_percentage or options.cluster is not None:
        keep = ""  # not below this cluster's size
    else:
        keep = "; give --cluster for the maximum-capacity that keeps it on the top-level queues"
    written = setting.raw.strip() if setting.raw else str(setting.value)
    out.finding(
        rules.CV410,
        setting.location or tree.root.location,
        f"{how} caps the whole cluster at {written} under the Fair Scheduler; the Capacity Scheduler's "
        f"root always has the whole cluster, so the migration lifts the cap{keep}",
        queue="root" if own else None,
        property="maxResources" if own else "queueMaxResourcesDefault",
    )


def _rules_file_problems(options: ConvertOptions, out: Emitter) -> None:
    location = Location(options.rules.path) if options.rules.path else None
    for message, is_error in options.rules.problems:
        out.add(rules.CV107.at(location, message, severity=None if is_error else Severity.WARNING))
        if is_error:
            out.aborted = True


def _version_checks(tree: QueueTree, options: ConvertOptions, out: Emitter) -> None:
    version = options.hadoop_version
    if version >= (3, 4):
        return
    shown = f"{version[0]}.{version[1]}"
    # percentages and no placement rules are the target's own defaults (ConvertOptions); only what
    # needs JSON mapping rules is left to refuse
    switches = {
        "--fallback-queue": options.fallback_queue is not None,
        "--rules-to-file": options.rules_to_file,
    }
    for switch in (name for name, given in switches.items() if given):
        out.finding(
            rules.CV108,
            tree.root.location,
            f"{switch} needs JSON mapping rules, which arrived in Hadoop 3.4; target {shown}",
        )


def _fallback_queue(tree: QueueTree, options: ConvertOptions, out: Emitter) -> str | None:
    if options.fallback_queue is None:
        return None
    wanted = placement.assure_root(options.fallback_queue.strip())
    queue = tree.find(wanted)
    if queue is None or not queue.is_leaf:
        reason = "does not exist" if queue is None else "is not a leaf queue"
        leaves = ", ".join(q.path for q in list(tree.leaves())[:5])
        out.finding(
            rules.CV105,
            tree.root.location,
            f"--fallback-queue {options.fallback_queue}: {wanted} {reason}; "
            f"give an existing leaf (e.g. {leaves})",
        )
        return None
    return wanted


def _placement(
    tree: QueueTree, site: SiteView, options: ConvertOptions, fallback: str | None, out: Emitter
) -> tuple[list[dict[str, Any]] | None, str | None]:
    converted: list[dict[str, Any]] | None = None
    policy = tree.placement
    if policy is None:
        policy = placement.default_policy(
            site.boolean(FAIR + "allow-undeclared-pools", True),
            site.boolean(FAIR + "user-as-default-queue", True),
        )
    if options.json_placement and policy:

        def static_children(path: str) -> bool:
            return out.get_cs(f"{path}.queues") is not None

        converted = placement.convert_placement(policy, options, out, static_children).rules
    elif options.convert_placement and policy:
        version = options.hadoop_version
        names = ", ".join(rule.name for rule in policy)
        out.finding(
            rules.CV440,
            tree.info.placement_location or tree.root.location,
            f"the placement policy ({names}) is not converted: Hadoop {version[0]}.{version[1]} has no JSON "
            "mapping rules (they arrived in 3.4), so each application goes to the queue it is submitted to "
            "(default when it names none)",
        )
    if fallback is not None:
        converted = placement.with_fallback(converted or [], fallback)
        out.finding(
            rules.CV405,
            tree.root.location,
            f"applications that no placement rule places, or that name a queue that does not exist, go to "
            f"{fallback} (setDefaultQueue first, a final defaultQueue rule, queue-mappings-override on)",
            queue=fallback,
        )
    if converted is None:
        return None, None
    text = placement.to_json(converted)
    out.cs("mapping-rule-format", "json")
    out.cs("queue-mappings-override.enable", "true")
    if not options.rules_to_file:
        out.cs("mapping-rule-json", text)
    else:
        _name_rules_file(tree, options, out)
    return converted, text


def _name_rules_file(tree: QueueTree, options: ConvertOptions, out: Emitter) -> None:
    """With -e the output must say where the rules are: format json without inline rules or a file
    loads no rules at all (CapacitySchedulerConfiguration.parseJSONMappingRules)."""
    key = CS_PREFIX + "mapping-rule-json-file"
    path = options.rules_file_path
    if path is None:
        out.finding(
            rules.CV409,
            tree.root.location,
            f"add <property><name>{key}</name><value>/ABSOLUTE/PATH/mapping-rules.json</value></property> "
            "to capacity-scheduler.xml, naming where mapping-rules.json is installed on the ResourceManager "
            "host; without it no mapping rule applies",
            property=key,
        )
        return
    out.cs("mapping-rule-json-file", path)
    out.finding(
        rules.CV409,
        tree.root.location,
        f"{key} names {path}; the ResourceManager opens that path as written, so change it if you install "
        "mapping-rules.json elsewhere",
        property=key,
    )
