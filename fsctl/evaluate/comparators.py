"""The policies' schedulable comparators: who gets resources (and who is starved) first.

``FairSharePolicy.FairShareComparator`` (fs-math.md §2.1), ``DominantResourceFairnessPolicy``
``COMPARATOR2`` (§2.2, memory and vcores only; with the pre-YARN-11482 ``s2Needy`` bug for versions
before 3.3) and ``FifoPolicy`` (§2.3). A negative result means ``s1`` goes first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fsctl.evaluate.compute_fair_shares import Schedulable, java_float
from fsctl.model.resources import MEMORY, VCORES
from fsctl.model.versions import DEFAULT_VERSION, HadoopVersion

Comparator = Callable[[Schedulable, Schedulable], int]


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def _ties(s1: Schedulable, s2: Schedulable) -> int:
    """Start time, then name (``compareTo``)."""
    if s1.start_time != s2.start_time:
        return _sign(s1.start_time - s2.start_time)
    return (s1.name > s2.name) - (s1.name < s2.name)


def fair_compare(s1: Schedulable, s2: Schedulable) -> int:
    """``FairSharePolicy.FairShareComparator`` (3.x, memory only)."""
    d1, d2 = s1.demand.get(MEMORY, 0), s2.demand.get(MEMORY, 0)
    if d1 == 0 and d2 > 0:  # YARN-6769: no demand goes last
        return 1
    if d2 == 0 and d1 > 0:
        return -1
    u1, u2 = s1.usage.get(MEMORY, 0), s2.usage.get(MEMORY, 0)
    m1, m2 = min(s1.min_of(MEMORY), d1), min(s2.min_of(MEMORY), d2)
    needy1, needy2 = u1 < m1, u2 < m2
    if needy1 != needy2:
        return -1 if needy1 else 1
    if needy1 and needy2:
        r1 = u1 / m1 if m1 > 1 else float(u1)
        r2 = u2 / m2 if m2 > 1 else float(u2)
        result = _sign(r1 - r2)
    else:
        w1, w2 = java_float(s1.weight), java_float(s2.weight)
        if w1 > 0 and w2 > 0:
            result = _sign(u1 / w1 - u2 / w2)
        elif w1 == w2:
            result = _sign(u1 - u2)
        else:
            result = _sign(-w1 + w2)  # compare(-w1, -w2): the non-zero weight first
    return result if result != 0 else _ties(s1, s2)


def drf_comparator(cluster: Mapping[str, int], version: HadoopVersion = DEFAULT_VERSION) -> Comparator:
    """``DominantResourceFairnessPolicy.DominantResourceFairnessComparator2`` (memory and vcores)."""
    # YARN-11482 fixed s2Needy in 3.4.0 and in 3.3.6 too (its DominantResourceFairnessComparator2
    # reads resourceInfo2; 3.2.4 and 3.1.4 still read resourceInfo1)
    buggy = version < (3, 3)

    def shares(s: Schedulable) -> tuple[list[float], int]:
        mem = s.usage.get(MEMORY, 0) / cluster[MEMORY] if cluster.get(MEMORY) else 0.0
        vc = s.usage.get(VCORES, 0) / cluster[VCORES] if cluster.get(VCORES) else 0.0
        dominant = 1 if vc > mem else 0  # a tie goes to memory
        return [mem, vc], dominant

    def compare(s1: Schedulable, s2: Schedulable) -> int:
        share1, dom1 = shares(s1)
        share2, dom2 = shares(s2)
        usage1 = [s1.usage.get(MEMORY, 0), s1.usage.get(VCORES, 0)]
        usage2 = [s2.usage.get(MEMORY, 0), s2.usage.get(VCORES, 0)]
        min1 = [s1.min_of(MEMORY), s1.min_of(VCORES)]
        min2 = [s2.min_of(MEMORY), s2.min_of(VCORES)]
        needy1 = usage1[dom1] < min1[dom1]
        needy2 = (usage1 if buggy else usage2)[dom2] < min2[dom2]
        if needy1 != needy2:
            return -1 if needy1 else 1
        if not needy1:
            w1, w2 = java_float(s1.weight), java_float(s2.weight)
            a = [x / w1 if w1 else float("inf") for x in share1]
            b = [x / w2 if w2 else float("inf") for x in share2]
        else:
            a = [usage1[i] / min1[i] if min1[i] else float("inf") for i in range(2)]
            b = [usage2[i] / min2[i] if min2[i] else float("inf") for i in range(2)]
        result = _sign(a[dom1] - b[dom2]) if a[dom1] != b[dom2] else 0
        if result == 0:
            other1, other2 = 1 - dom1, 1 - dom2
            result = _sign(a[other1] - b[other2]) if a[other1] != b[other2] else 0
        return result if result != 0 else _ties(s1, s2)

    return compare


def fifo_compare(s1: Schedulable, s2: Schedulable) -> int:
    """``FifoPolicy.FifoComparator``: priority (higher first), then start time, then name."""
    if s1.priority != s2.priority:
        return s2.priority - s1.priority
    return _ties(s1, s2)


def comparator(
    policy: str, cluster: Mapping[str, int], version: HadoopVersion = DEFAULT_VERSION
) -> Comparator:
    if policy == "drf":
        return drf_comparator(cluster, version)
    if policy == "fifo":
        return fifo_compare
    return fair_compare
