"""Rules for files that cannot be read or parsed at all, whatever their format (``XML0xx``)."""

from fsctl.catalogue import ERROR, INFO, define

XML001 = define(
    "XML001",
    "file-unreadable",
    ERROR,
    """The file cannot be read.

    It does not exist, is a directory, or cannot be opened. Nothing else is checked.
    """,
)

XML002 = define(
    "XML002",
    "xml-not-well-formed",
    ERROR,
    """The file is not well-formed XML.

    The ResourceManager refuses to load a scheduler file that does not parse; the message gives
    the parser's reason and position. Empty files, truncated files, binary data and bytes that are
    not valid in the declared encoding all end here.
    """,
)

XML003 = define(
    "XML003",
    "xml-entity-declared",
    ERROR,
    """The document declares entities or refers to an external DTD, and fsctl refuses it.

    Entity declarations are how XML external-entity (XXE) and "billion laughs" attacks work.
    fsctl never resolves entities or fetches anything from the network; a scheduler file has no
    need of a DTD. Remove the ``<!DOCTYPE ...>`` block.
    """,
)

XML004 = define(
    "XML004",
    "unknown-format",
    ERROR,
    """The file is neither a Fair Scheduler allocation file nor a Hadoop configuration file.

    Formats are detected from content and name: ``<allocations>`` (or a near miss such as
    ``<allocation>``) is a Fair Scheduler allocation file; a ``<configuration>`` named
    ``capacity-scheduler*.xml`` or holding queue definitions (``yarn.scheduler.capacity.root.*``)
    is a Capacity Scheduler file; one named ``yarn-site*.xml`` or holding other ``yarn.`` keys is a
    yarn-site file.
    """,
)

XML005 = define(
    "XML005",
    "file-too-large",
    ERROR,
    """The file is larger than fsctl is willing to parse (64 MiB).

    No real scheduler configuration comes close; a file this big is almost certainly not one.
    """,
)

XML006 = define(
    "XML006",
    "format-ambiguous",
    INFO,
    """A ``<configuration>`` that could be a yarn-site.xml or a capacity-scheduler.xml.

    It holds only scheduler-wide ``yarn.scheduler.capacity.*`` properties: no queue definitions
    (``yarn.scheduler.capacity.root.queues``) and no other ``yarn.`` key, and its name says neither.
    fsctl reads it as a yarn-site.xml, where the Capacity Scheduler reads such keys too. Name the
    file ``capacity-scheduler*.xml`` to read it as a Capacity Scheduler file.
    """,
)
