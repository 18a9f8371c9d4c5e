"""A game's log that holds only its tail in memory until the whole log is needed.

Opening a game from a snapshot reads the events after the snapshot, not the whole
log. The game's ``log`` must still read as the whole log to whoever uses it (the
``log`` command, rule histories, views), so :class:`LazyLog` answers its length,
its last entries and slices of the tail from memory, appends new events to the
tail, and fetches the earlier events from the store the first time anything else
is asked for: iterating, an index or a slice that reaches before the tail. The
earlier events never change (the log is append-only), so fetching them late reads
exactly what fetching them early would have.

Given a ``ranges`` reader, an index or a forward slice before the tail reads only
the events it names (a page of the log costs the page, not the log), without
keeping them; iterating still fetches the whole log once.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Iterator, MutableSequence
from typing import Any, overload

from .errors import StoreError

__all__ = ["LazyLog"]

Event = dict[str, Any]


class LazyLog(MutableSequence[Event]):
    """The whole log of a game, of which only ``tail`` is in memory at first.

    ``tail`` holds the events from seq ``s`` on (``s`` >= 1, the tail is not empty);
    ``loader(n)`` returns events 1..n (called when the whole log is needed, with the
    number of events not in memory);
    ``ranges(a, b)``, if given, returns the events with ``a < seq <= b``.
    """

    def __init__(self, tail: Iterable[Event], loader: Callable[[int], list[Event]],
                 ranges: Callable[[int, int], list[Event]] | None = None) -> None:
        self._items: list[Event] = list(tail)
        if not self._items:
            raise ValueError("a lazy log needs at least one event in memory")
        self._offset = int(self._items[0]["seq"]) - 1  # events not in memory yet
        self._loader = loader
        self._ranges = ranges

    @property
    def loaded(self) -> bool:
        """Whether the whole log is in memory."""
        return self._offset == 0

    @property
    def in_memory(self) -> int:
        """How many events are held (the tail, or all of them once loaded)."""
        return len(self._items)

    def _load(self) -> None:
        if self._offset == 0:
            return
        prefix = list(self._loader(self._offset))
        seqs = [event.get("seq") for event in prefix]
        if seqs != list(range(1, self._offset + 1)):
            raise StoreError(f"the log before event {self._offset + 1} should be events "
                             f"1..{self._offset}, but the store returned {len(prefix)} events")
        self._items[:0] = prefix
        self._offset = 0

    def _fetch(self, start: int, stop: int) -> list[Event]:
        """Positions ``start..stop-1`` (all before the tail) read from the store."""
        assert self._ranges is not None
        found = list(self._ranges(start, stop))
        if [event.get("seq") for event in found] != list(range(start + 1, stop + 1)):
            raise StoreError(f"events {start + 1}..{stop} were asked for, but the store "
                             f"returned {len(found)} events")
        return found

    def _position(self, index: int) -> int:
        size = len(self)
        position = index + size if index < 0 else index
        if not 0 <= position < size:
            raise IndexError("log index out of range")
        return position

    def __len__(self) -> int:
        return self._offset + len(self._items)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        if isinstance(index, slice):
            positions = range(*index.indices(len(self)))
            if not positions:
                return []
            if min(positions) < self._offset:
                if self._ranges is not None and positions.step == 1:
                    before = self._fetch(positions.start, min(positions.stop, self._offset))
                    return before + self._items[:max(positions.stop - self._offset, 0)]
                self._load()
            return [self._items[p - self._offset] for p in positions]
        position = self._position(index)
        if position < self._offset:
            if self._ranges is not None:
                return self._fetch(position, position + 1)[0]
            self._load()
        return self._items[position - self._offset]

    @overload
    def __setitem__(self, index: int, value: Event) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[Event]) -> None: ...

    def __setitem__(self, index: int | slice, value: Any) -> None:
        self._load()
        self._items[index] = value

    def __delitem__(self, index: int | slice) -> None:
        self._load()
        del self._items[index]

    def insert(self, index: int, value: Event) -> None:
        if index >= len(self):
            self._items.append(value)
            return
        self._load()
        self._items.insert(index, value)

    def copy(self) -> LazyLog:
        """Another lazy log of the same events, holding in memory what this one holds."""
        twin = LazyLog(self._items, self._loader, self._ranges)
        twin._offset = self._offset
        return twin

    def forget_before(self, keep: int) -> None:
        """Hold only the last ``keep`` events (at least one) in memory; earlier ones are
        read from the store again when asked for. A game kept open for a long time
        holds its recent events, not its whole history."""
        drop = len(self._items) - max(keep, 1)
        if drop > 0:
            del self._items[:drop]
            self._offset += drop

    def append(self, value: Event) -> None:
        self._items.append(value)

    def extend(self, values: Iterable[Event]) -> None:
        self._items.extend(values)

    def __iter__(self) -> Iterator[Event]:
        self._load()
        return iter(self._items)

    def __reversed__(self) -> Iterator[Event]:
        self._load()
        return reversed(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyLog | list):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __copy__(self) -> list[Event]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Event]:
        return copy.deepcopy(list(self), memo)

    def __repr__(self) -> str:
        held = "all in memory" if self.loaded else f"the last {len(self._items)} in memory"
        return f"<LazyLog of {len(self)} events, {held}>"
