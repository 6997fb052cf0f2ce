"""The Fair Scheduler: reading fair-scheduler.xml (and its yarn-site settings) into the queue tree.

Modules: ``names`` (queue-name rules), ``resources`` (resource
strings), ``placement`` (``queuePlacementPolicy``), ``site`` (yarn-site settings), ``structure``
(schema check), ``reader`` (the allocation file).
"""
