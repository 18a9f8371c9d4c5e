"""LazyLog: a log that holds its tail and fetches the rest when something reads it."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from nomicon.store import LazyLog, StoreError


def events(first: int, last: int) -> list[dict[str, Any]]:
    return [{"seq": s} for s in range(first, last + 1)]


class Loader:
    def __init__(self, log: list[dict[str, Any]]) -> None:
        self.log = log
        self.calls: list[int] = []

    def __call__(self, upto: int) -> list[dict[str, Any]]:
        self.calls.append(upto)
        return self.log[:upto]


def lazy(head: int = 10, tail_from: int = 8) -> tuple[LazyLog, Loader]:
    loader = Loader(events(1, head))
    return LazyLog(events(tail_from, head), loader), loader


def test_the_tail_is_read_without_fetching() -> None:
    log, loader = lazy()
    assert len(log) == 10 and bool(log)
    assert log[-1] == {"seq": 10} and log[7] == {"seq": 8} and log[-3] == {"seq": 8}
    assert log[8:] == events(9, 10) and log[-2:] == events(9, 10) and log[10:] == []
    log.append({"seq": 11})
    log.extend(events(12, 13))
    assert len(log) == 13 and log[10:] == events(11, 13)
    assert (loader.calls, log.loaded, log.in_memory) == ([], False, 6)


@pytest.mark.parametrize("read", [
    lambda log: list(log),
    lambda log: log[0],
    lambda log: log[-10],
    lambda log: log[5:9],
    lambda log: log[::-1],
    lambda log: list(reversed(log)),
    lambda log: {"seq": 3} in log,
    lambda log: log == events(1, 10),
    lambda log: copy.deepcopy(log),
])
def test_reading_before_the_tail_fetches_the_rest_once(read: Any) -> None:
    log, loader = lazy()
    read(log)
    assert loader.calls == [7] and log.loaded
    assert list(log) == events(1, 10) and log[0] == {"seq": 1}
    assert loader.calls == [7]


def test_changes_before_the_tail_fetch_first() -> None:
    log, loader = lazy()
    log.insert(0, {"seq": 0})
    assert loader.calls == [7] and [e["seq"] for e in log][:2] == [0, 1]
    del log[0]
    log[0] = {"seq": 1, "edited": True}
    assert log[0]["edited"] and len(log) == 10


def test_out_of_range_and_a_short_store_answer() -> None:
    log, _ = lazy()
    with pytest.raises(IndexError):
        _ = log[10]
    with pytest.raises(IndexError):
        _ = log[-11]
    broken = LazyLog(events(8, 10), lambda upto: events(1, 5))
    with pytest.raises(StoreError, match=r"events 1\.\.7"):
        list(broken)
    with pytest.raises(ValueError):
        LazyLog([], lambda upto: [])


def test_a_tail_from_the_start_is_the_whole_log() -> None:
    log = LazyLog(events(1, 3), lambda upto: pytest.fail("nothing to fetch"))
    assert log.loaded and list(log) == events(1, 3)
    assert "3 events, all in memory" in repr(log)


class Ranges:
    def __init__(self, log: list[dict[str, Any]]) -> None:
        self.log = log
        self.calls: list[tuple[int, int]] = []

    def __call__(self, after: int, upto: int) -> list[dict[str, Any]]:
        self.calls.append((after, upto))
        return self.log[after:upto]


def test_with_a_range_reader_a_page_before_the_tail_reads_only_that_page() -> None:
    loader, ranges = Loader(events(1, 10_000)), Ranges(events(1, 10_000))
    log = LazyLog(events(9_990, 10_000), loader, ranges)
    assert log[100:103] == events(101, 103)
    assert log[9_987:9_991] == events(9_988, 9_991)  # across the start of the tail
    assert log[4] == {"seq": 5} and log[-10_000] == {"seq": 1}
    assert ranges.calls == [(100, 103), (9_987, 9_989), (4, 5), (0, 1)]
    assert loader.calls == [] and not log.loaded  # the whole log was never read
    assert log[::-1][0] == {"seq": 10_000} and loader.calls == [9_989]  # other steps: all


def test_a_short_range_from_the_store_is_an_error() -> None:
    log = LazyLog(events(8, 10), Loader(events(1, 10)), lambda after, upto: events(1, 2))
    with pytest.raises(StoreError, match=r"events 4\.\.6"):
        _ = log[3:6]
