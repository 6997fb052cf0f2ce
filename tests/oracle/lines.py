"""The Hadoop release lines the differential tests ask: every line fsctl follows
(``--hadoop-version``), each judged by its own ResourceManager code (``oracle/run``)."""

from __future__ import annotations

from fsctl.model.versions import DEFAULT_VERSION, SUPPORTED_VERSIONS, parse_version

#: one list names them all: a line fsctl accepts is a line the differential tests ask
LINES = SUPPORTED_VERSIONS
#: fs2cs exists from Hadoop 3.3.0 on (YARN-9698): the conversion differentials ask these lines only
FS2CS_LINES = tuple(line for line in LINES if parse_version(line) >= (3, 3))
#: the Capacity Scheduler under load, its preemption policy and a live ResourceManager are asked of
#: these lines only: their oracle verbs use MockRM and test-jar APIs from 3.3.0 on (pom.xml leaves
#: them out of the older builds)
MODERN_LINES = FS2CS_LINES
#: what a Capacity Scheduler queue's resources are compared on: its effective guaranteed and maximum
#: resources (QueueResourceQuotas) exist from Hadoop 3.1.0 on (YARN-5881); 2.10 has none
EFFECTIVE_RESOURCES = ("guaranteed", "maximum")


def effective_resources(version: str) -> tuple[str, ...]:
    """The keys of the oracle's ``capacity`` answer that hold a queue's effective resources."""
    return EFFECTIVE_RESOURCES if parse_version(version) >= (3, 1) else ()


def line_cases(version: str, cases: int) -> int:
    """The generated cases a differential gives one line: all of them to the default line (3.4),
    a third to each other line (their differences from it are few and named; CI time is shared)."""
    return cases if parse_version(version) == DEFAULT_VERSION else max(1, cases // 3)
