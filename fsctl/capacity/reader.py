"""capacity-scheduler.xml into the queue tree, as ``CapacitySchedulerQueueManager`` builds it.

The tree comes only from the ``<queue-path>.queues`` lists (cs.md §5.1): a queue is a parent when
it has children or an auto-creation flag. Every other key is attached to the queue whose path is the
longest prefix of the key, under its suffix (``capacity``, ``accessible-node-labels.x.capacity``);
keys under paths that are not in the tree are kept in ``CapacityInfo.orphans`` (Hadoop ignores
them). ``declared`` holds typed values of what the file says; ``effective`` a
:class:`~fsctl.capacity.values.CapacityQueueValues` with Hadoop's defaults and inheritance resolved
once here (cs.md §2). Load-time checks (cs.md §6) are in :mod:`fsctl.capacity.validate`.

``tree.info`` is a :class:`~fsctl.capacity.values.CapacityInfo`: the configuration Hadoop sees and
the file's own, the scheduler-wide values with their defaults, the queue store (CSQueueStore), keys
under undeclared paths, wildcard templates, names listed twice and the mapping rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from sys import intern
from typing import Any

from fsctl.capacity import keys
from fsctl.capacity.capacity_value import CapacityMode, CapacityValue
from fsctl.capacity.values import CapacityInfo, CapacityQueue, CapacityQueueValues, CapacityTree, QueueStore
from fsctl.gcpause import paused_gc
from fsctl.hadoop.conf import HadoopConf, document_location, read_configuration
from fsctl.hadoop.javanum import java_trim
from fsctl.io.xmldoc import XmlDocument, local_name
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.location import DeferredLocation, Location
from fsctl.model.resources import resource_types as make_resource_types
from fsctl.model.tree import CAPACITY, Queue, QueueTree, ReadResult, Setting
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

PREFIX = keys.PREFIX
#: the starts of a queue key: a path under root, or a v2 template wildcard
_QUEUE_KEYS = (PREFIX + keys.ROOT + ".", PREFIX + "*.")
_ROOT_KEY = PREFIX + keys.ROOT
#: the keys that make a queue without children a parent (auto-creation, reservations)
_PARENT_FLAGS = ("auto-create-child-queue.enabled", "auto-queue-creation-v2.enabled", "reservable")
#: queue keys whose effective value is the queue's own, else a default that is the same for every
#: queue of a kind (leaf or parent, root or not): see _Builder._defaults
_PLAIN_KEYS: dict[str, str] = {key: keys.attribute(key) for key in keys.PLAIN_QUEUE_KEYS}
#: the keys of a queue whose effective values are its parent's, bar its capacities and plain keys
#: (most queues of a large file): _Builder._inherited resolves those once per parent
_INHERITING_KEYS = frozenset(
    (
        "capacity",
        "maximum-capacity",
        "queues",
        "ordering-policy",
        "auto-create-child-queue.enabled",
        "auto-queue-creation-v2.enabled",
        *_PLAIN_KEYS,
    )
)
#: CapacityQueueValues' fields in order, and the positions _Builder._resolve_all sets
_FIELDS = tuple(field.name for field in dataclasses.fields(CapacityQueueValues))
(
    _CAPACITY,
    _MAXIMUM_CAPACITY,
    _CAPACITY_MODE,
    _ACCESSIBLE,
    _USER_SETTINGS,
    _ORDERING,
    _PARENT_ORDERING,
    _AUTO_CREATE,
    _V1_ENABLED,
    _V2_ENABLED,
) = map(
    _FIELDS.index,
    (
        "capacity",
        "maximum_capacity",
        "capacity_mode",
        "accessible_node_labels",
        "user_settings",
        "ordering_policy",
        "parent_ordering_policy",
        "auto_create",
        "auto_create_child_queue_enabled",
        "auto_queue_creation_v2_enabled",
    ),
)
_EMPTY_DICTS = tuple(
    _FIELDS.index(name)
    for name in (
        "node_labels",
        "ordering_policy_params",
        "leaf_queue_template",
        "auto_queue_creation_v2_template",
        "auto_queue_creation_v2_leaf_template",
        "auto_queue_creation_v2_parent_template",
    )
)
_PLAIN_INDEX = {key: _FIELDS.index(name) for key, name in _PLAIN_KEYS.items()}
_ZERO_PERCENT = CapacityValue(CapacityMode.PERCENTAGE, "", percent=0.0, vector=())
_FULL_PERCENT = CapacityValue(CapacityMode.PERCENTAGE, "", percent=100.0, vector=())


def read_capacity(
    doc: XmlDocument, site: HadoopConf | None = None, hadoop_version: HadoopVersion = DEFAULT_VERSION
) -> ReadResult:
    """Read capacity-scheduler.xml (format ``capacity-scheduler``); never raises."""
    try:
        conf, diagnostics = read_configuration(doc)
        result = read_capacity_conf(
            conf,
            site=site,
            hadoop_version=hadoop_version,
            # worked out if read: finding a column means splitting the whole text into lines
            root_location=DeferredLocation(_root_location, doc),
        )
        result.diagnostics[:0] = diagnostics
        return result
    except Exception as exc:  # a reader must never crash: report the bug instead
        return _internal_error(doc.path, exc)


def _root_location(doc: XmlDocument) -> Location:
    return document_location(doc, doc.root, local_name(doc.root))


def read_capacity_conf(
    conf: HadoopConf,
    site: HadoopConf | None = None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    root_location: Location | DeferredLocation | None = None,
) -> ReadResult:
    """The tree of an already read configuration (tests and other formats build one in memory)."""
    try:
        with paused_gc():
            return _Builder(conf, site, hadoop_version, root_location).build()
    except Exception as exc:
        return _internal_error(conf.source, exc)


def _internal_error(path: str, exc: Exception) -> ReadResult:
    from fsctl.catalogue import capacity as rules

    message = f"internal error while reading the file: {type(exc).__name__}: {exc}"
    return ReadResult(path, CAPACITY, None, [rules.CS010.at(Location(path, 1, 1), message)])


class _Builder:
    def __init__(
        self,
        conf: HadoopConf,
        site: HadoopConf | None,
        version: HadoopVersion,
        root_location: Location | DeferredLocation | None,
    ) -> None:
        from fsctl.capacity import validate

        self.validate = validate
        self.conf = conf
        self.version = version
        self.diagnostics: list[Diagnostic] = []
        if site is not None:
            self.merged, overrides = site.layered(conf)
            self.diagnostics.extend(overrides)
        else:
            self.merged = conf
        self.root_location = root_location or Location(conf.source, 1, 1)
        self.resource_types = make_resource_types(
            t for t in self.merged.get_trimmed_strings("yarn.resource-types") if t
        )
        # legacy-queue-mode only exists from 3.4 on; before, every file is "legacy"
        self.v34 = version >= (3, 4)
        self.legacy = version < (3, 4) or self.merged.get_boolean(PREFIX + "legacy-queue-mode.enabled", True)
        self.parser = validate.ValueParser(self.merged, version, self.resource_types, self.diagnostics)
        #: each queue's node labels and their union, found once by _resolve_globals
        self.own_labels: dict[Queue, list[str]] = {}
        self.all_labels: set[str] = set()
        self._default_dicts: dict[bool, dict[str, Any]] = {}
        #: (parent, leaf) -> the effective values (in field order) its children without keys of their
        #: own share
        self._inherited_fields: dict[tuple[Queue, bool], list[Any]] = {}

    # -- the tree ------------------------------------------------------------------------------

    def build(self) -> ReadResult:
        root_key = PREFIX + "root.queues"
        location = self._location(root_key) or self.root_location
        root: CapacityQueue = Queue(keys.ROOT, keys.ROOT, location=location)
        duplicates: list[tuple[str, str, Location | None]] = []
        index: dict[str, Queue] = {}
        ordered: list[Queue] = []  # tree.queues() order, walked once (two queues may share a path)
        # the children lists and the keys that can make a childless queue a parent, found in one
        # scan of the names rather than lookups per queue (most queues are leaves)
        listing: set[str] = set()
        flagged: set[str] = set()
        for name in self.merged.names():
            if name.endswith(".queues"):
                listing.add(name)
            elif name.endswith(_PARENT_FLAGS):
                flagged.add(name)
        stack = [root]
        while stack:
            queue = stack.pop()
            index[queue.path] = queue
            ordered.append(queue)
            self._build_children(queue, duplicates, listing, flagged)
            stack.extend(reversed(queue.children))
        settings: dict[str, Setting] = {}
        labelled: set[Queue] = set()
        orphans, wildcards = self._attach_keys(settings, index, labelled)
        # each queue's labels, kept for _label_capacities (root's are the union over the tree)
        # only the (few) queues with label keys: a map of every queue would cost 100,000s of entries
        self.own_labels = (
            {q: labels for q in ordered if q in labelled and (labels := _own_labels(q))} if labelled else {}
        )
        self.all_labels = {label for labels in self.own_labels.values() for label in labels}
        info = CapacityInfo(
            properties=self.merged,
            file_properties=self.conf,
            defaults=self._resolve_globals(),
            store=QueueStore(ordered),
            legacy_queue_mode=self.legacy,
            resource_types=self.resource_types,
            configured_node_labels=sorted(self.all_labels),
            hadoop_version=self.version,
            orphans=orphans,
            wildcard_templates=wildcards,
            duplicate_children=duplicates,
        )
        tree: CapacityTree = QueueTree(CAPACITY, self.conf.source, root, settings=settings, info=info)
        tree.reindex(index)  # the paths in pre-order, the last of two queues with one path winning
        self._resolve_all(ordered, info, wildcards)
        self._forget_unread_templates(index)
        self.diagnostics.extend(self.validate.validate_tree(tree, self.merged, self.version, ordered))
        return ReadResult(self.conf.source, CAPACITY, tree, self.diagnostics)

    def _forget_unread_templates(self, index: dict[str, Queue]) -> None:
        """A ``ManagedParentQueue`` (``auto-create-child-queue.enabled``) is the only reader of the v1
        ``leaf-queue-template.*`` keys: on any other queue Hadoop never parses them, so what their
        values would fail with is no load error (oracle: 3.3.6 boots a ``1w`` there, 3.4.2 and
        3.3.6 an ``abc``). The lint rule on settings without auto-creation still names the keys."""
        prefix = keys.V1_TEMPLATE_PREFIX

        def unread(d: Diagnostic) -> bool:
            if not (d.property or "").startswith(prefix) or d.queue is None:
                return False
            queue = index.get(d.queue)
            return queue is not None and queue.effective.auto_create != "v1"

        if any(map(unread, self.diagnostics)):
            self.diagnostics[:] = [d for d in self.diagnostics if not unread(d)]

    def _location(self, key: str) -> Location | DeferredLocation | None:
        """Where a key was written, worked out when first read (queues take theirs from it)."""
        return self.merged.deferred_location(key) or None

    def _build_children(
        self,
        queue: Queue,
        duplicates: list[tuple[str, str, Location | None]],
        listing: set[str],
        flagged: set[str],
    ) -> None:
        key = f"{PREFIX}{queue.path}.queues"
        # CapacitySchedulerConfiguration.getQueues: getStrings, then each element trimmed
        listed = self.merged.get_strings(key) if key in listing else None
        if listed:  # most queues are leaves: nothing to build
            location = self._location(key)
            seen: set[str] = set()
            for name in (java_trim(n) for n in listed):
                if name in seen:
                    duplicates.append((queue.path, name, self.merged.location(key)))
                    continue
                seen.add(name)
                queue.add_child(Queue(name, f"{queue.path}.{name}", location=location))
        if queue.children or not flagged:
            return
        merged = self.merged
        keys_of = [f"{PREFIX}{queue.path}.{flag}" for flag in _PARENT_FLAGS]
        auto, auto_v2, reservable = (key in flagged and merged.get_boolean(key, False) for key in keys_of)
        # ManagedParentQueue (YARN-7117) came with 3.1: 2.10 never reads auto-create-child-queue.enabled
        if (auto and self.version >= (3, 1)) or (self.version >= (3, 4) and auto_v2) or reservable:
            queue.declared_parent = True

    def _attach_keys(
        self, settings: dict[str, Setting], index: dict[str, Queue], labelled: set[Queue]
    ) -> tuple[dict[str, Setting], dict[str, dict[str, Setting]]]:
        """Every key of the file to its queue (``labelled`` gets the queues with label keys), to
        the globals, to the wildcard templates or to the orphans; returns the last two."""
        orphans: dict[str, Setting] = {}
        wildcards: dict[str, dict[str, Setting]] = {}
        parser = self.parser
        queue_setting = parser.queue_setting
        skip = len(PREFIX)
        index_get = index.get
        merged = self.merged
        # the file's keys with the values Hadoop sees (the same when no yarn-site.xml is layered)
        pairs = merged.settings() if merged is self.conf else merged.settings(self.conf.names())
        for name, setting in pairs:
            if setting is None:  # blocked by a final definition below, with no value of its own
                continue
            if not name.startswith(_QUEUE_KEYS):
                if name == _ROOT_KEY:  # root itself is no key of a queue
                    orphans[name] = setting
                else:
                    settings[name] = parser.global_setting(name, setting)
                continue
            # the usual key is <queue path>.<suffix without dots>: one lookup, before the general search
            position = name.rfind(".")
            queue = index_get(name[skip:position])
            if queue is not None:
                suffix = name[position + 1 :]
            else:
                queue, suffix = _owner(name[skip:], index)
            suffix = intern(suffix)  # one string per suffix, not one per key: 100,000s of keys
            # a "*" path segment (a v2 template wildcard) needs a "*" somewhere: test that first
            if "*" in name and "*" in (rest := name[skip:]).split(".auto-queue-creation-v2.")[0].split("."):
                template_path, _, template_suffix = rest.partition(".auto-queue-creation-v2.")
                if template_suffix:
                    wildcards.setdefault(template_path, {})["auto-queue-creation-v2." + template_suffix] = (
                        setting
                    )
                    continue
            if queue is None:
                orphans[name] = setting
                continue
            if "." in suffix:  # a family key (labels, users, templates...): the plain ones have no dot
                if keys.queue_kind(suffix) is None:
                    orphans[name] = setting
                    continue
                if suffix.startswith(keys.LABELS_PREFIX):
                    labelled.add(queue)
            queue.declared[suffix] = queue_setting(queue, suffix, setting)
        return orphans, wildcards

    # -- effective values ----------------------------------------------------------------------

    def _resolve_globals(self) -> dict[str, Any]:
        defaults: dict[str, Any] = {}
        for name, (kind, default) in keys.GLOBAL_KEYS.items():
            defaults[name] = self.parser.effective_value(PREFIX + name, kind, default)
        for name, (kind, default) in keys.SITE_KEYS.items():
            defaults[name] = self.parser.effective_value(name, kind, default)
        defaults["legacy-queue-mode.enabled"] = self.legacy
        return defaults

    def _resolve_queue(
        self, info: CapacityInfo, queue: Queue, wildcards: dict[str, dict[str, Setting]]
    ) -> None:
        parent = queue.parent
        up: CapacityQueueValues | None = parent.effective if parent is not None else None
        glob = info.defaults
        declared = queue.declared
        values = {suffix: s.value for suffix, s in declared.items() if s.value is not None}
        own = values.get
        # one pass over the (few) declared keys for the families resolved below
        templated = False
        params: dict[str, Any] = {}
        weights: list[tuple[str, Any]] = []
        for suffix, setting in declared.items():
            if "template." in suffix:
                templated = True
            if suffix.startswith(keys.ORDERING_PARAM_PREFIX):
                params[suffix[len(keys.ORDERING_PARAM_PREFIX) :]] = setting.value
            elif (
                suffix.startswith(keys.USER_SETTINGS_PREFIX)
                and suffix.endswith(".weight")
                and setting.value is not None
            ):
                weights.append((suffix[len(keys.USER_SETTINGS_PREFIX) : -len(".weight")], setting.value))

        is_root = up is None
        capacity = own("capacity")
        if is_root:
            capacity = CapacityValue(
                CapacityMode.PERCENTAGE, "", percent=100.0, vector=self.parser.root_vector()
            )
        elif capacity is None:
            capacity = _ZERO_PERCENT  # immutable: one instance serves every queue without a value
        state = own("state")
        if state is None:
            state = "RUNNING" if up is None or up.state == "RUNNING" else "STOPPED"
        labels = own("accessible-node-labels")
        if up is None:
            accessible = ["*"]
        elif labels is None:
            accessible = list(up.accessible_node_labels)
        else:
            accessible = _label_list(labels)
        expression = own("default-node-label-expression")
        if expression is None and up is not None:
            parent_labels = set(up.accessible_node_labels)
            mine = set(accessible)
            if "*" in mine or parent_labels <= mine:
                expression = up.default_node_label_expression
        leaf = queue.is_leaf
        if leaf:
            ordering = own("ordering-policy", "fifo")
        else:
            inherited = up.parent_ordering_policy if up is not None else None
            ordering = own("ordering-policy", "utilization" if inherited is None else inherited)
        maximum_lifetime, default_lifetime = self._lifetimes(up, own)
        maximum_mb, maximum_vcores = self._maximum_allocation(up, glob, own)
        user_settings = dict(up.user_settings) if up is not None else {}
        user_settings.update(weights)
        v1 = self.version >= (3, 1) and own("auto-create-child-queue.enabled", False)
        v2 = self.v34 and own("auto-queue-creation-v2.enabled", False)
        depth_key = "auto-queue-creation-v2.maximum-queue-depth"
        depth = own(depth_key, glob[depth_key])
        templates = templated or (bool(wildcards) and not is_root)  # else every template is empty
        # the defaults of the plain keys, then the computed values and the queue's own
        fields = self._defaults(is_root, glob).copy()
        for suffix, value in values.items():
            if suffix in _PLAIN_KEYS:  # own value or default: nothing else decides these
                fields[_PLAIN_KEYS[suffix]] = value
        queue.effective = CapacityQueueValues(
            capacity=capacity,
            maximum_capacity=own("maximum-capacity") or _FULL_PERCENT,
            capacity_mode=capacity.mode.value,
            state=state,
            accessible_node_labels=accessible,
            default_node_label_expression=expression or "",
            node_labels=self._label_capacities(queue, is_root) if self.all_labels else {},
            ordering_policy=ordering,
            parent_ordering_policy=None if leaf else ordering,
            ordering_policy_params=params,
            maximum_application_lifetime=maximum_lifetime,
            default_application_lifetime=default_lifetime,
            disable_preemption=own("disable_preemption", up.disable_preemption if up is not None else False),
            intra_queue_preemption_disable_preemption=own(
                "intra-queue-preemption.disable_preemption",
                up.intra_queue_preemption_disable_preemption if up is not None else False,
            ),
            maximum_allocation_mb=maximum_mb,
            maximum_allocation_vcores=maximum_vcores,
            user_settings=user_settings,
            auto_create="v1" if v1 else "v2" if v2 else None,
            auto_create_child_queue_enabled=v1,
            leaf_queue_template=_template(queue, keys.V1_TEMPLATE_PREFIX) if templated else {},
            auto_queue_creation_v2_enabled=bool(v2),
            auto_queue_creation_v2_maximum_queue_depth=depth,
            auto_queue_creation_v2_template=(
                _v2_template(queue, keys.V2_TEMPLATE, wildcards, depth, templated) if templates else {}
            ),
            auto_queue_creation_v2_leaf_template=(
                _v2_template(queue, keys.V2_LEAF_TEMPLATE, wildcards, depth, templated) if templates else {}
            ),
            auto_queue_creation_v2_parent_template=(
                _v2_template(queue, keys.V2_PARENT_TEMPLATE, wildcards, depth, templated) if templates else {}
            ),
            **fields,
        )

    def _resolve_all(
        self, ordered: list[Queue], info: CapacityInfo, wildcards: dict[str, dict[str, Setting]]
    ) -> None:
        """Every queue's effective values, parents first (``ordered`` is pre-order).

        Without labels and wildcard templates, a queue (not root) whose keys are in _INHERITING_KEYS
        takes what it shares with its siblings (:meth:`_inherited`, once per parent and kind), and
        its own capacities, plain keys, ordering policy and auto-creation flags: what
        :meth:`_resolve_queue` finds, in a loop with its names bound once (it runs for nearly every
        queue of a large file). Every other queue is resolved by :meth:`_resolve_queue`."""
        glob = info.defaults
        inheriting = not self.all_labels and not wildcards
        own_keys_only = _INHERITING_KEYS.issuperset
        shared_rows = self._inherited_fields
        plain_index = _PLAIN_INDEX.get
        make = CapacityQueueValues
        zero, full, v34 = _ZERO_PERCENT, _FULL_PERCENT, self.v34
        accessible_at, users_at, capacity_at, maximum_at, mode_at = (
            _ACCESSIBLE,
            _USER_SETTINGS,
            _CAPACITY,
            _MAXIMUM_CAPACITY,
            _CAPACITY_MODE,
        )
        for queue in ordered:
            parent = queue.parent
            if not inheriting or parent is None or not own_keys_only(queue.declared):
                self._resolve_queue(info, queue, wildcards)
                continue
            leaf = not queue.children and not queue.declared_parent  # Queue.is_leaf
            up = parent.effective
            shared = shared_rows.get((parent, leaf))
            if shared is None:
                fields = self._inherited(up, leaf, glob)
                shared = shared_rows[parent, leaf] = [fields[name] for name in _FIELDS]
                # the containers equal to what the general resolution makes per queue, made once per
                # parent and shared by its children (effective values are read-only: nothing writes
                # into them), a tenth of a 100,000-queue tree's memory
                shared[accessible_at] = list(up.accessible_node_labels)
                shared[users_at] = dict(up.user_settings)
                for empty_at in _EMPTY_DICTS:
                    shared[empty_at] = {}
            row = shared.copy()
            capacity = maximum = None
            v1 = v2 = False
            for suffix, setting in queue.declared.items():
                value = setting.value
                if value is None:
                    continue
                if suffix == "capacity":
                    capacity = value
                elif suffix == "maximum-capacity":
                    maximum = value
                elif (at := plain_index(suffix)) is not None:
                    row[at] = value
                elif suffix == "ordering-policy":
                    row[_ORDERING] = value
                    if not leaf:
                        row[_PARENT_ORDERING] = value
                elif suffix == "auto-create-child-queue.enabled":
                    v1 = value
                elif suffix == "auto-queue-creation-v2.enabled":
                    v2 = value
            if v1 or v2:
                v2 = v34 and v2  # v2 auto-creation arrived in 3.4
                row[_AUTO_CREATE] = "v1" if v1 else "v2" if v2 else None
                row[_V1_ENABLED] = v1
                row[_V2_ENABLED] = bool(v2)
            if capacity is None:
                capacity = zero
            row[capacity_at] = capacity
            row[maximum_at] = maximum or full
            row[mode_at] = capacity.mode._value_  # the member's value without Enum's property
            # positional: a tenth of the time of 45 keywords
            queue.effective = make(*row)

    def _inherited(self, up: CapacityQueueValues, leaf: bool, glob: dict[str, Any]) -> dict[str, Any]:
        """What :meth:`_resolve_queue` finds for a child of ``up`` without state, label, ordering,
        lifetime, allocation, auto-creation, template or user keys: its parent's values (state,
        labels, lifetimes, allocation, preemption), the defaults of its kind (ordering, auto-creation)
        and of the plain keys. The capacities and containers are set per queue."""
        fields = self._defaults(False, glob).copy()
        inherited = up.parent_ordering_policy
        ordering = "fifo" if leaf else "utilization" if inherited is None else inherited
        maximum_lifetime, default_lifetime = self._lifetimes(up, {}.get)
        depth_key = "auto-queue-creation-v2.maximum-queue-depth"
        fields.update(
            capacity=None,
            maximum_capacity=None,
            capacity_mode=None,
            accessible_node_labels=None,
            node_labels=None,
            ordering_policy_params=None,
            user_settings=None,
            leaf_queue_template=None,
            auto_queue_creation_v2_template=None,
            auto_queue_creation_v2_leaf_template=None,
            auto_queue_creation_v2_parent_template=None,
            state="RUNNING" if up.state == "RUNNING" else "STOPPED",
            # the queue's labels are its parent's: the parent's default expression applies
            default_node_label_expression=up.default_node_label_expression or "",
            ordering_policy=ordering,
            parent_ordering_policy=None if leaf else ordering,
            maximum_application_lifetime=maximum_lifetime,
            default_application_lifetime=default_lifetime,
            disable_preemption=up.disable_preemption,
            intra_queue_preemption_disable_preemption=up.intra_queue_preemption_disable_preemption,
            maximum_allocation_mb=up.maximum_allocation_mb,
            maximum_allocation_vcores=up.maximum_allocation_vcores,
            auto_create=None,
            auto_create_child_queue_enabled=False,
            auto_queue_creation_v2_enabled=False,
            auto_queue_creation_v2_maximum_queue_depth=glob[depth_key],
        )
        return fields

    def _defaults(self, is_root: bool, glob: dict[str, Any]) -> dict[str, Any]:
        """The defaults of the keys in _PLAIN_KEYS by attribute (LeafQueue, AbstractCSQueue), built
        once for root and once for the other queues."""
        cached = self._default_dicts.get(is_root)
        if cached is not None:
            return cached
        acl_default = "*" if is_root else " "
        # CapacitySchedulerConfiguration.getUserLimit, getUserLimitFactor: 3.4 reads the global keys
        # as every queue's default, 3.3 has no global default (found by the load oracle)
        v34 = self.version >= (3, 4)
        defaults: dict[str, Any] = {
            "minimum_user_limit_percent": glob["minimum-user-limit-percent"] if v34 else 100.0,
            "user_limit_factor": glob["user-limit-factor"] if v34 else 1.0,
            "maximum_applications": -1,
            "maximum_am_resource_percent": glob["maximum-am-resource-percent"],
            "max_parallel_apps": glob["max-parallel-apps"],
            "acl_submit_applications": acl_default,
            "acl_administer_queue": acl_default,
            "acl_application_max_priority": "*",
            "acl_administer_reservations": "*",
            "acl_list_reservations": "*",
            "acl_submit_reservations": "*",
            "priority": 0,
            "default_application_priority": 0,
            "allow_zero_capacity_sum": False,
            "reservable": False,
            "auto_create_child_queue_max_queues": 1000,
            "auto_create_child_queue_fail_on_exceeding_parent_capacity": False,
            "auto_create_child_queue_management_policy": (
                "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.queuemanagement."
                "GuaranteedOrZeroCapacityOverTimePolicy"
            ),
            "auto_queue_creation_v2_max_queues": 1000,
            "auto_queue_creation_v2_queue_auto_removal_enable": True,
        }
        self._default_dicts[is_root] = defaults
        return defaults

    def _label_capacities(self, queue: Queue, is_root: bool) -> dict[str, dict[str, Any]]:
        """Per configured label: capacity and maximum-capacity (CapacityValue) and AM percent."""
        # root's labels are the union over the tree
        labels: Collection[str] = self.all_labels if is_root else self.own_labels.get(queue, ())
        result: dict[str, dict[str, Any]] = {}
        if not labels:
            return result
        for label in sorted(labels):

            def value(tail: str, label: str = label) -> Any:
                setting = queue.declared.get(f"{keys.LABELS_PREFIX}{label}.{tail}")
                return None if setting is None else setting.value

            capacity = value("capacity")
            if queue.parent is None:
                capacity = CapacityValue(CapacityMode.PERCENTAGE, "", percent=100.0)
            result[label] = {
                "capacity": capacity or CapacityValue(CapacityMode.PERCENTAGE, "", percent=0.0),
                "maximum-capacity": value("maximum-capacity")
                or CapacityValue(CapacityMode.PERCENTAGE, "", percent=100.0),
                "maximum-am-resource-percent": value("maximum-am-resource-percent"),
            }
        return result

    def _lifetimes(self, up: CapacityQueueValues | None, own: Any) -> tuple[int, int]:
        """QueueAppLifetimeAndLimitSettings: < 0 inherits; the default is capped by the maximum.

        Returns (maximum-application-lifetime, default-application-lifetime)."""
        maximum = own("maximum-application-lifetime", -1)
        if maximum < 0:
            maximum = up.maximum_application_lifetime if up is not None else -1
        default = own("default-application-lifetime", -1)
        if default < 0:
            inherited = up.default_application_lifetime if up is not None else -1
            capped = min(inherited, maximum) if maximum > 0 else inherited
            default = capped if inherited > 0 else maximum
        return maximum, default

    def _maximum_allocation(
        self, up: CapacityQueueValues | None, glob: dict[str, Any], own: Any
    ) -> tuple[int, int]:
        """QueueAllocationSettings: the parent's (or the cluster's) unless the queue sets its own."""
        if up is not None:
            memory, vcores = up.maximum_allocation_mb, up.maximum_allocation_vcores
        else:
            memory = glob["yarn.scheduler.maximum-allocation-mb"]
            vcores = glob["yarn.scheduler.maximum-allocation-vcores"]
        own_mb = own("maximum-allocation-mb", -1)
        own_vcores = own("maximum-allocation-vcores", -1)
        if own_mb > 0:
            memory = own_mb
        if own_vcores > 0:
            vcores = own_vcores
        text = own("maximum-allocation")
        if text:
            amounts = self.parser.resource_string(text)
            memory = amounts.get("memory-mb", memory)
            vcores = amounts.get("vcores", vcores)
        return memory, vcores


def parse_acl(text: str) -> tuple[bool, list[str], list[str]]:
    """(everyone, users, groups) of an ACL string, as AccessControlList(String) builds it.

    ``"*"`` allows everyone; otherwise the text splits at its first space into comma-separated
    users and groups (each trimmed, blanks dropped); ``""`` and ``" "`` allow nobody.
    """
    parts = text.split(" ", 1)
    if any("*" in part and java_trim(part) == "*" for part in parts):
        return True, [], []
    users = _trimmed_collection(parts[0])
    groups = _trimmed_collection(parts[1]) if len(parts) == 2 else []
    return False, users, groups


def _trimmed_collection(text: str) -> list[str]:
    """StringUtils.getTrimmedStringCollection: split on commas, trimmed, blanks and repeats dropped."""
    return list(dict.fromkeys(item for item in (java_trim(p) for p in text.split(",")) if item))


def _owner(rest: str, index: dict[str, Queue]) -> tuple[Queue | None, str]:
    """The queue whose path is the longest prefix of ``rest`` (before a dot), and the suffix."""
    # from the right, the first hit is the longest: usually one lookup (``root.a.b.capacity``)
    position = rest.rfind(".")
    while position != -1:
        queue = index.get(rest[:position])
        if queue is not None:
            return queue, rest[position + 1 :]
        position = rest.rfind(".", 0, position)
    return None, ""


def _own_labels(queue: Queue) -> list[str]:
    """Labels named in the queue's ``accessible-node-labels.<label>.*`` keys (ConfiguredNodeLabels)."""
    found: list[str] = []
    for suffix in queue.declared:
        if not suffix.startswith(keys.LABELS_PREFIX):  # label_of's own test, without the call
            continue
        parsed = keys.label_of(suffix)
        if parsed is not None and parsed[0] not in found:
            found.append(parsed[0])
    return found


def _label_list(value: str) -> list[str]:
    """getAccessibleNodeLabels: trimmed, blanks dropped; ``*`` anywhere means just ``*``."""
    labels = [java_trim(item) for item in value.split(",")]
    labels = [label for label in labels if label]
    return ["*"] if "*" in labels else labels


def _template(queue: Queue, prefix: str) -> dict[str, Any]:
    if not any("template." in suffix for suffix in queue.declared):
        return {}
    return {
        suffix[len(prefix) :]: setting.raw
        for suffix, setting in queue.declared.items()
        if suffix.startswith(prefix)
    }


def _v2_template(
    queue: Queue, prefix: str, wildcards: dict[str, dict[str, Setting]], depth: int, templated: bool = True
) -> dict[str, str]:
    """AutoCreatedQueueTemplate: the queue's own template keys, then wildcard paths (most specific
    first, up to ``min(depth(P) - 1, maximum-queue-depth)`` segments); root takes no wildcards."""
    result = _template(queue, prefix) if templated else {}
    if queue.parent is None or not wildcards:
        return result
    parts = queue.path.split(".")
    levels = min(len(parts) - 1, depth)
    for replaced in range(1, levels + 1):
        pattern = ".".join(parts[: len(parts) - replaced] + ["*"] * replaced)
        for suffix, setting in wildcards.get(pattern, {}).items():
            if suffix.startswith(prefix):
                result.setdefault(suffix[len(prefix) :], setting.raw)
    return result


__all__ = ["parse_acl", "read_capacity", "read_capacity_conf"]
