"""Fair Scheduler to Capacity Scheduler conversion: Hadoop's ``yarn fs2cs``, without a JVM.

The core is pure (no click, no printing, no file writes): :func:`fsctl.convert.converter.convert`
takes a Fair Scheduler :class:`~fsctl.model.tree.QueueTree`, the yarn-site settings and
:class:`~fsctl.convert.options.ConvertOptions`, and returns the capacity-scheduler.xml properties,
the yarn-site.xml delta, the JSON mapping rules, the findings (``CV…``) and, with a cluster size,
the before/after share table. One module per concept:

- ``options``     the conversion options and the emitter that collects properties and findings
- ``rules_file``  fs2cs's ``--rules`` file (Java properties, ``warning``/``abort`` actions)
- ``fairview``    Hadoop's effective Fair values read off the tree (defaults, inheritance)
- ``yarn_site``   the yarn-site.xml delta and the global capacity-scheduler.xml settings
- ``weights``     weight mode and percentage mode (Hadoop's exact rounding and fix-up)
- ``queues``      per-queue settings and ACLs
- ``resources``   maxResources / minResources / maxChildResources with ``--cluster``
- ``placement``   placement policy to JSON mapping rules, fallback queue
- ``paths``       duplicate leaf names and path-based submission
- ``shares``      steady fair shares before, guaranteed and maximum resources after
- ``routing``     the routing report: probe applications, one RT201 per cause
- ``converter``   the run, in fs2cs's order, plus verification
- ``output``      the bytes of the converted files and fs2cs's ``--print`` layout

Where fs2cs's output depends on Java hash order (the order of children in ``.queues``, which of
several equal children absorbs a percentage rounding remainder), fsctl uses document order.
"""
