"""Java's ``java.util.PriorityQueue`` with a comparator, where Hadoop's answer depends on its order.

The preemption policy (``AbstractPreemptableResourceCalculator.computeFixpointAllocation``) keeps
its queues in a ``PriorityQueue``: which of several equally served queues is taken first, and the
order a loop over the queue visits them in, are those of the binary heap, not of a sort. This is the
same heap (``siftUpUsingComparator``, ``siftDownUsingComparator``, ``poll``), element for element.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class JavaPriorityQueue(Generic[T]):
    def __init__(self, compare: Callable[[T, T], int]) -> None:
        self._compare = compare
        self._items: list[T] = []

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        """The heap's array order, as Java's iterator gives it."""
        return iter(list(self._items))

    def add(self, item: T) -> None:
        items, compare = self._items, self._compare
        items.append(item)
        k = len(items) - 1
        while k > 0:
            parent = (k - 1) >> 1
            above = items[parent]
            if compare(item, above) >= 0:
                break
            items[k] = above
            k = parent
        items[k] = item

    def peek(self) -> T | None:
        return self._items[0] if self._items else None

    def remove(self) -> T:
        """``poll()`` of a non-empty queue: the head; the last element sifts down from the top."""
        items, compare = self._items, self._compare
        head = items[0]
        last = items.pop()
        n = len(items)
        if n:
            k, half = 0, n >> 1
            while k < half:
                child = 2 * k + 1
                smallest = items[child]
                right = child + 1
                if right < n and compare(smallest, items[right]) > 0:
                    child = right
                    smallest = items[child]
                if compare(last, smallest) <= 0:
                    break
                items[k] = smallest
                k = child
            items[k] = last
        return head
