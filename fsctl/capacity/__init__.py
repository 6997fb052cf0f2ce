"""The Capacity Scheduler: reading capacity-scheduler.xml (and yarn-site.xml under it) into the queue tree.

Modules: ``keys`` (the one table of keys: kind, default, scope, and the effective values of a queue),
``values`` (the typed records: ``QueueTree[CapacityQueueValues, CapacityInfo]``), ``reader`` (the
tree, with Hadoop's defaults and inheritance resolved once), ``validate`` (Hadoop's load-time
checks), ``capacity_value`` (capacity syntax), ``mapping`` (queue mappings and JSON mapping rules),
``site`` (yarn-site settings), ``writer`` (the tree back to a file).
"""
