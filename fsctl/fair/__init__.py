"""The Fair Scheduler: reading fair-scheduler.xml (and its yarn-site settings) into the queue tree.

Modules: ``javanum`` (Java number parsing), ``resources`` (resource strings), ``placement``
(``queuePlacementPolicy``), ``site`` (yarn-site settings), ``reader`` (the allocation file).
"""
