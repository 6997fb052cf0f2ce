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

from fsctl.fair.model import FairTree
from fsctl.hadoop.javahash import hash_set_order
from fsctl.model.tree import Queue
from fsctl.model.versions import HadoopVersion

DEFAULT_QUEUE = "root.default"  # YarnConfiguration.DEFAULT_QUEUE_NAME under root


def post_order(root: Queue) -> list[Queue]:
    """Children before their parent, siblings in document order (no recursion)."""
    order: list[Queue] = []
    stack: list[tuple[Queue, bool]] = [(root, False)]
    while stack:
        queue, expanded = stack.pop()
        if expanded:
            order.append(queue)
            continue
        stack.append((queue, True))
        stack.extend((child, False) for child in reversed(queue.children))
    return order


def creation_order(tree: FairTree, version: HadoopVersion) -> dict[str, int]:
    """Every queue path to its rank in Hadoop's creation order (root first). A queue Hadoop then
    refuses to create (FS114-FS116) has a rank too: its configured name is in the sets all the same."""
    # the names as configured: below a top <queue name="ROOT"> without the root prefix (ROOT.a)
    unkeyed = tree.info.unkeyed_subtree if tree.info is not None else None
    leaves: list[str] = []
    parents: list[str] = []
    for queue in post_order(tree.root):
        if queue.parent is None:
            continue
        path = queue.path
        if unkeyed is not None and (path == unkeyed or path.startswith(unkeyed + ".")):
            path = path.removeprefix(tree.root.path + ".")
        (leaves if queue.is_leaf else parents).append(path)
    rank = {tree.root.path: 0}
    if version < (3, 4) and tree.find(DEFAULT_QUEUE) is not None:
        rank[DEFAULT_QUEUE] = 1
    for name in (*hash_set_order(leaves), *hash_set_order(parents)):
        # QueueManager.getQueue: the root prefix added, then the missing ancestors first
        parts = (name if name.startswith(tree.root.path + ".") else f"{tree.root.path}.{name}").split(".")
        for end in range(2, len(parts) + 1):
            rank.setdefault(".".join(parts[:end]), len(rank))
    return rank
