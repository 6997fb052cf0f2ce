"""The order in which Hadoop's ``QueueManager`` creates the queues of an allocation file, which is
the order ``FSParentQueue.getChildQueues`` lists a parent's children in (fs2cs iterates them so).

``QueueManager.updateAllocationConfiguration`` creates every configured leaf, then every configured
parent, each set a ``HashSet`` (``QueueProperties.configuredQueues``) filled as
``AllocationFileQueueParser`` finishes each queue element (children before their parent, siblings in
document order); a queue's missing ancestors are created just before it. Before 3.4,
``QueueManager.initialize`` has created ``root.default`` before any of them (oracle: 3.3.6 lists
``root.queues`` as ``default,d,e,f,g,a,b,c`` for a file declaring ``a`` to ``g``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fsctl.fair.model import FairTree
from fsctl.hadoop.javahash import hash_set_order, joined_hash, string_hash
from fsctl.model.tree import Queue
from fsctl.model.versions import HadoopVersion

DEFAULT_QUEUE = "root.default"  # YarnConfiguration.DEFAULT_QUEUE_NAME under root


def post_order(root: Queue, top: list[Queue] | None = None) -> list[Queue]:
    """Children before their parent, siblings in document order, root's in the order ``top`` gives
    when given (no recursion)."""
    order: list[Queue] = []
    stack: list[tuple[Queue, bool]] = [(root, False)]
    while stack:
        queue, expanded = stack.pop()
        if expanded:
            order.append(queue)
            continue
        stack.append((queue, True))
        children = top if top is not None and queue is root else queue.children
        stack.extend((child, False) for child in reversed(children))
    return order


@dataclass(frozen=True)
class Creation:
    """``rank``: every queue path to its place in Hadoop's creation order (root first; a queue
    Hadoop then refuses to create, FS114-FS116, has one too: it is configured all the same).
    ``hashes``: the ``String.hashCode`` of every queue path, for the hash orders fs2cs iterates."""

    rank: dict[str, int]
    hashes: dict[str, int]


def creation_order(tree: FairTree, version: HadoopVersion) -> Creation:
    """The order Hadoop creates the tree's queues in. One walk: the hash of each path is worked out
    from its parent's (files repeat a few names over 100,000s of queues)."""
    root = tree.root
    hashes = {root.path: string_hash(root.path)}
    for queue in root.walk():
        parent = queue.parent
        if parent is not None:
            hashes[queue.path] = joined_hash(hashes[parent.path], queue.name)
    # in document order: the reader puts 3.3's early root.default first among root's children
    # whether declared or not; a tree built in memory has no elements, and every queue of it counts
    # as declared
    written: dict[str, int] = {}
    for element in tree.info.queue_elements if tree.info is not None else ():
        written.setdefault(element.path, len(written))
    top = sorted(root.children, key=lambda q: written.get(q.path, -1))
    # the names as configured: below a top <queue name="ROOT"> without the root prefix (ROOT.a)
    unkeyed = tree.info.unkeyed_subtree if tree.info is not None else None
    configured: dict[str, Queue] = {}
    names: dict[str, int] = {}
    leaves: list[str] = []
    parents: list[str] = []
    for queue in post_order(root, top):
        if queue.parent is None or (written and queue.path not in written):
            continue  # root, and a queue no element declares (3.3's early root.default)
        name = queue.path
        if unkeyed is not None and (name == unkeyed or name.startswith(unkeyed + ".")):
            name = name.removeprefix(root.path + ".")
            names[name] = string_hash(name)
        else:
            names[name] = hashes[name]
        configured[name] = queue
        (leaves if queue.is_leaf else parents).append(name)
    rank = {root.path: 0}
    default = tree.find(DEFAULT_QUEUE) if version < (3, 4) else None
    # before 3.4 the early leaf root.default blocks every queue below it until, declared a parent,
    # it is removed and made again at its turn among the parents (oracle: 3.3.6; reader FS116)
    blocking = default is not None
    if default is not None and default.is_leaf:
        rank[DEFAULT_QUEUE] = 1
    below_default = DEFAULT_QUEUE + "."
    for name in (*hash_set_order(leaves, names), *hash_set_order(parents, names)):
        queue = configured[name]
        path = queue.path
        if blocking:
            if path.startswith(below_default):
                continue
            blocking = path != DEFAULT_QUEUE
        if path in rank:
            continue
        # QueueManager.getQueue: the missing ancestors first, then the queue
        missing = [queue]
        node = queue.parent
        while node is not None and node.path not in rank:
            missing.append(node)
            node = node.parent
        for node in reversed(missing):
            rank[node.path] = len(rank)
    return Creation(rank, hashes)
