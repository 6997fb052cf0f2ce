"""Where applications land: the Fair Scheduler's placement policy and the Capacity Scheduler's
mapping rules run on given applications (``fsctl route``, and ``fsctl convert``'s routing report)."""
