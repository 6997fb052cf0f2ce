"""The Fair Scheduler: reading fair-scheduler.xml (and its yarn-site settings) into the queue tree.

Modules: ``elements`` (the one table of allocation-file elements and its views), ``model`` (the typed
records: ``QueueTree[FairQueueValues, FairInfo]``), ``effective`` (Hadoop's precedence, resolved
once), ``names`` (queue-name rules), ``resources`` (resource strings), ``placement``
(``queuePlacementPolicy``), ``site`` and ``site_reader`` (yarn-site settings), ``cluster``
(``--cluster``), ``structure`` (schema check), ``reader`` (the allocation file), ``writer`` (the tree
back to a file), ``assign`` (where an application lands).
"""
