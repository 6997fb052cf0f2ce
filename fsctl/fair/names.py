"""Queue-name helpers with Hadoop's exact rules (``FairSchedulerUtilities``,
``FairQueuePlacementUtils``)."""

from __future__ import annotations

# FairSchedulerUtilities.trimQueueName: Guava's old WHITESPACE table, nothing else (not other C0
# controls, which String.trim would strip)
QUEUE_NAME_WHITESPACE = frozenset(
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
ROOT = "root"
DOT_REPLACEMENT = "_dot_"


def trim_queue_name(name: str) -> str:
    """``FairSchedulerUtilities.trimQueueName``."""
    start, end = 0, len(name)
    while start < end and name[start] in QUEUE_NAME_WHITESPACE:
        start += 1
    while end > start and name[end - 1] in QUEUE_NAME_WHITESPACE:
        end -= 1
    return name[start:end]


def is_valid_queue_name(name: str | None) -> bool:
    """``FairQueuePlacementUtils.isValidQueueName``: trimmed already, no leading/trailing period."""
    return (
        name is not None
        and name == trim_queue_name(name)
        and not name.startswith(".")
        and not name.endswith(".")
    )


def assure_root(queue: str) -> str:
    """``FairQueuePlacementUtils.assureRoot``: prefix ``root.`` unless already rooted."""
    if queue == ROOT or queue.startswith(ROOT + "."):
        return queue
    return f"{ROOT}.{queue}"


def clean_name(name: str) -> str:
    """``FairQueuePlacementUtils.cleanName``: trimmed, every period replaced by ``_dot_``."""
    return trim_queue_name(name).replace(".", DOT_REPLACEMENT)


def is_valid_node_name(node: str) -> bool:
    """``QueueManager`` path-node check: not empty and equal to its trimmed form."""
    return bool(node) and node == trim_queue_name(node)
