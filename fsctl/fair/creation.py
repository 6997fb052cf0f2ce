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

from collections.abc import Callable

from fsctl.fair.model import FairTree
from fsctl.hadoop.javahash import hash_set_order
from fsctl.model.tree import Queue
from fsctl.model.versions import HadoopVersion

DEFAULT_QUEUE = "root.default"  # YarnConfiguration.DEFAULT_QUEUE_NAME under root


def post_order(root: Queue, key: Callable[[Queue], int] | None = None) -> list[Queue]:
    """Children before their parent, siblings in document order or sorted by ``key`` (no recursion)."""
    order: list[Queue] = []
    stack: list[tuple[Queue, bool]] = [(root, False)]
    while stack:
        queue, expanded = stack.pop()
        if expanded:
            order.append(queue)
            continue
        stack.append((queue, True))
        children = queue.children if key is None else sorted(queue.children, key=key)
        stack.extend((child, False) for child in reversed(children))
    return order


def creation_order(tree: FairTree, version: HadoopVersion) -> dict[str, int]:
    """Every queue path to its rank in Hadoop's creation order (root first). A queue Hadoop then
    refuses to create (FS114-FS116) has a rank too: its configured name is in the sets all the same."""
    # the names as configured: below a top <queue name="ROOT"> without the root prefix (ROOT.a)
    unkeyed = tree.info.unkeyed_subtree if tree.info is not None else None
    # in document order: the reader puts 3.3's early root.default first whether declared or not; a
    # tree built in memory has no elements, and every queue of it counts as declared
    written: dict[str, int] = {}
    for element in tree.info.queue_elements if tree.info is not None else ():
        written.setdefault(element.path, len(written))
    leaves: list[str] = []
    parents: list[str] = []
    for queue in post_order(tree.root, key=lambda q: written.get(q.path, -1)):
        if queue.parent is None or (written and queue.path not in written):
            continue  # root, and a queue no element declares (3.3's early root.default)
        path = queue.path
        if unkeyed is not None and (path == unkeyed or path.startswith(unkeyed + ".")):
            path = path.removeprefix(tree.root.path + ".")
        (leaves if queue.is_leaf else parents).append(path)
    rank = {tree.root.path: 0}
    default = tree.find(DEFAULT_QUEUE) if version < (3, 4) else None
    # before 3.4 the early leaf root.default blocks every queue below it until, declared a parent,
    # it is removed and made again at its turn among the parents (oracle: 3.3.6; reader FS116)
    blocking = default is not None
    if default is not None and default.is_leaf:
        rank[DEFAULT_QUEUE] = 1
    for name in (*hash_set_order(leaves), *hash_set_order(parents)):
        # QueueManager.getQueue: the root prefix added, then the missing ancestors first
        full = name if name.startswith(tree.root.path + ".") else f"{tree.root.path}.{name}"
        if blocking and full.startswith(DEFAULT_QUEUE + "."):
            continue
        if full == DEFAULT_QUEUE:
            blocking = False
        parts = full.split(".")
        for end in range(2, len(parts) + 1):
            rank.setdefault(".".join(parts[:end]), len(rank))
    return rank
