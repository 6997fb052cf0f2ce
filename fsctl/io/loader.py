"""Turn a path into a :class:`ReadResult`, whatever the format.

Formats are detected from content (README, Commands): ``<allocations>`` (or a near miss such as
``<allocation>``, which Hadoop refuses) is a Fair Scheduler allocation file; a Hadoop
``<configuration>`` is a Capacity Scheduler file when named ``capacity-scheduler*.xml`` or holding
queue definitions, a yarn-site file when named ``yarn-site*.xml`` or holding other ``yarn.`` keys
(see :func:`configuration_kind`). Readers are imported only for the format
at hand, so validating a Fair file never loads the Capacity Scheduler code and vice versa.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fsctl.catalogue import document as doc_rules
from fsctl.io.suppress import Suppressions, find_suppressions
from fsctl.io.xmldoc import XmlDocument, XmlLoadError, load_xml, local_name
from fsctl.model.diagnostics import Diagnostic
from fsctl.model.tree import CAPACITY, YARN_SITE, ReadResult
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

if TYPE_CHECKING:
    from fsctl.hadoop.conf import HadoopConf

CAPACITY_PREFIX = "yarn.scheduler.capacity."
#: queue definitions: root.queues, root.<queue>.capacity, ...
QUEUE_PREFIX = CAPACITY_PREFIX + "root."


@dataclass(eq=False)
class LoadedFile:
    result: ReadResult
    document: XmlDocument | None = None
    suppressions: Suppressions = field(default_factory=Suppressions)
    #: the yarn-site.xml read for this file, when it is one (``fsctl validate yarn-site.xml``)
    conf: HadoopConf | None = None

    @property
    def unreadable(self) -> bool:
        """The file could not be parsed or recognised at all (exit code 2)."""
        return self.result.format is None


@dataclass(eq=False)
class Site:
    """A yarn-site.xml given with ``--yarn-site``: its settings and what was wrong with it."""

    path: str
    conf: HadoopConf | None
    diagnostics: list[Diagnostic]
    suppressions: Suppressions = field(default_factory=Suppressions)


def load_site(path: str) -> Site:
    from fsctl.hadoop.conf import read_configuration

    try:
        doc = load_xml(path)
    except XmlLoadError as exc:
        return Site(path, None, [exc.diagnostic])
    if local_name(doc.root) == "allocations":  # the two files swapped: nothing here is a yarn-site setting
        message = "is a Fair Scheduler allocation file (<allocations>), not a yarn-site.xml"
        return Site(path, None, [doc_rules.XML004.at(doc.location(doc.root), message)])
    suppressions = find_suppressions(doc)  # before the reading lets the tree go
    conf, diagnostics = read_configuration(doc)
    return Site(path, conf, diagnostics, suppressions)


def load(
    path: str,
    *,
    yarn_site: HadoopConf | None = None,
    hadoop_version: HadoopVersion = DEFAULT_VERSION,
    data: bytes | None = None,
) -> LoadedFile:
    """Read ``path`` (or ``data`` standing for it, e.g. ``REV:PATH`` from git) into the model."""
    try:
        doc = load_xml(path, data)
    except XmlLoadError as exc:
        return LoadedFile(ReadResult(path, None, None, [exc.diagnostic]))
    suppressions = find_suppressions(doc)
    root_tag = local_name(doc.root)
    if root_tag == "configuration":
        return _load_configuration(doc, suppressions, yarn_site, hadoop_version)
    if root_tag == "allocations" or _near_allocations(root_tag):
        # a near miss (<allocation>, <Allocations>) is an allocation file Hadoop refuses:
        # "top-level element not <allocations>" (AllocationFileLoaderService), FS100
        from fsctl.fair.reader import read_fair

        result = read_fair(doc, yarn_site, hadoop_version)  # tree.info.document: lint reuses the parse
        return LoadedFile(result, doc, suppressions)
    message = (
        f"top-level element <{root_tag}> is neither <allocations> (Fair Scheduler) nor "
        "<configuration> (capacity-scheduler.xml, yarn-site.xml)"
    )
    diagnostic = doc_rules.XML004.at(doc.location(doc.root), message)
    return LoadedFile(ReadResult(path, None, None, [diagnostic]), doc, suppressions)


def _near_allocations(tag: str) -> bool:
    import difflib

    lowered = tag.lower()
    return lowered.startswith("alloc") or difflib.SequenceMatcher(None, lowered, "allocations").ratio() >= 0.8


def _load_configuration(
    doc: XmlDocument,
    suppressions: Suppressions,
    yarn_site: HadoopConf | None,
    hadoop_version: HadoopVersion,
) -> LoadedFile:
    from fsctl.hadoop.conf import read_configuration

    conf, conf_diagnostics = read_configuration(doc)
    names = list(conf.names())
    kind = configuration_kind(doc.path, names)
    if kind == CAPACITY:
        from fsctl.capacity.reader import read_capacity

        return LoadedFile(read_capacity(doc, yarn_site, hadoop_version), doc, suppressions, conf)
    if kind == YARN_SITE:
        diagnostics = list(conf_diagnostics) + check_site(conf)
        if not _site_evidence(doc.path, names):
            diagnostics.append(
                doc_rules.XML006.at(
                    doc.location(doc.root),
                    "only scheduler-wide yarn.scheduler.capacity.* properties and no queue definitions: "
                    "read as a yarn-site.xml (a capacity-scheduler.xml declares "
                    "yarn.scheduler.capacity.root.queues; name the file capacity-scheduler*.xml to read it "
                    "as one)",
                )
            )
        return LoadedFile(ReadResult(doc.path, YARN_SITE, None, diagnostics), doc, suppressions, conf)
    message = (
        "a Hadoop <configuration> without yarn.* properties: not a capacity-scheduler.xml or "
        "yarn-site.xml (an empty capacity-scheduler.xml still needs yarn.scheduler.capacity.root.queues)"
    )
    diagnostic = doc_rules.XML004.at(doc.location(doc.root), message)
    return LoadedFile(
        ReadResult(doc.path, None, None, [*conf_diagnostics, diagnostic]), doc, suppressions, conf
    )


def configuration_kind(path: str, names: list[str]) -> str | None:
    """``capacity-scheduler``, ``yarn-site`` or None for a Hadoop ``<configuration>``.

    The file name decides when it says (``capacity-scheduler*.xml``, ``yarn-site*.xml``); otherwise
    queue definitions (``yarn.scheduler.capacity.root...``) make a capacity-scheduler.xml, and any
    other ``yarn.`` key a yarn-site.xml, which may hold scheduler-wide capacity keys too.
    """
    base = os.path.basename(path).lower()
    if base.startswith("capacity-scheduler"):
        return CAPACITY
    if base.startswith("yarn-site"):
        return YARN_SITE
    if any(name.startswith(QUEUE_PREFIX) for name in names):
        return CAPACITY
    if any(name.startswith("yarn.") for name in names):
        return YARN_SITE
    return None


def _site_evidence(path: str, names: list[str]) -> bool:
    """A yarn-site by name or by a key outside the Capacity Scheduler's own prefix."""
    if os.path.basename(path).lower().startswith("yarn-site"):
        return True
    return any(name.startswith("yarn.") and not name.startswith(CAPACITY_PREFIX) for name in names)


def check_site(conf: HadoopConf) -> list[Diagnostic]:
    """Scheduler settings held in a yarn-site.xml: the Fair ones and the RM/Capacity ones."""
    from fsctl.capacity.site import check_site as check_capacity_site
    from fsctl.fair.site import check_fair_site

    return [*check_fair_site(conf), *check_capacity_site(conf)]


__all__ = ["LoadedFile", "Site", "check_site", "load", "load_site"]
