"""Each game's next due time is kept in the store, and due timers fire once however
many sweeps (servers) find them due, on both backends."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import nomicon
from nomicon.kernel.timefmt import parse
from nomicon.service import GameService
from nomicon.store import SqlStore, open_store

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PACK = "infinite-nomic-r7"  # Rule 3: a turn passes after 24 hours; pings after an hour


def fired(log: list[dict[str, Any]], upto: datetime) -> list[tuple[str, str]]:
    return [(e["data"]["key_name"], e["time"]) for e in log
            if e["type"] == "timer.fired" and parse(e["time"]) <= upto]


def test_the_store_keeps_each_games_next_due_time(store: SqlStore) -> None:
    service = GameService(store, now=lambda: T0)
    game = service.create(PACK, ["ann", "bob"], seed=1)
    timer = game.next_timer()
    assert timer is not None
    assert store.get_game(game.id).next_due == parse(timer["due"]) == game.next_due()
    assert store.due_games(parse(timer["due"]) - timedelta(seconds=1)) == []
    assert store.due_games(parse(timer["due"])) == [game.id]
    service.act(game.id, "admin", "end-game")
    assert store.get_game(game.id).next_due is None  # an ended game has nothing due
    assert store.due_games(T0 + timedelta(days=30)) == []


def test_a_sweep_fires_what_is_due_once_and_records_the_next_time(store: SqlStore) -> None:
    service = GameService(store, now=lambda: T0)
    game = service.create(PACK, ["ann", "bob"], seed=2)
    later = T0 + timedelta(hours=50)
    reference = nomicon.new_game(PACK, ["ann", "bob"], seed=2, start=T0, game_id=game.id)
    expected = reference.fire_due(later)
    assert expected >= 2  # two turns passed in 50 hours, at least
    assert service.fire_due(game.id, later) == expected
    assert service.fire_due(game.id, later) == 0
    log = service.history(game.id)
    assert fired(log, later) == fired(reference.log, later)
    assert store.get_game(game.id).next_due == reference.next_due()
    assert reference.next_due() is not None and reference.next_due() > later
    assert store.due_games(later) == []


def test_a_game_marked_due_with_nothing_due_is_set_right_by_a_sweep(store: SqlStore) -> None:
    """A store upgraded from before next due times were kept marks every game due at
    its creation; the first sweep fires nothing there and records the real time."""
    service = GameService(store, now=lambda: T0)
    game = service.create(PACK, ["ann", "bob"], seed=3)
    store.set_next_due(game.id, T0, head=store.get_game(game.id).head)
    assert store.due_games(T0) == [game.id]
    assert service.fire_due(game.id, T0) == 0
    assert store.get_game(game.id).next_due == game.next_due()
    assert store.due_games(T0) == []


def test_sweeps_racing_on_one_store_fire_each_timer_once(store_url: str,
                                                         store: SqlStore) -> None:
    """Four services on separate connections (as four servers) sweep the same due
    games at once: every timer fires exactly once."""
    later = T0 + timedelta(hours=75)
    creator = GameService(store, now=lambda: T0)
    ids = [creator.create(PACK, ["ann", "bob", "cy"], seed=10 + n).id for n in range(6)]
    stores = [open_store(store_url) for _ in range(4)]
    errors: list[BaseException] = []
    start = threading.Barrier(len(stores))

    def sweep(other: SqlStore) -> None:
        try:
            sweeper = GameService(other, now=lambda: later)
            start.wait(timeout=60)
            for _ in range(3):
                for game_id in other.due_games(later):
                    sweeper.fire_due(game_id, later)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=sweep, args=(s,)) for s in stores]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=300)
    finally:
        for other in stores:
            other.close()
    assert not errors
    assert store.due_games(later) == []
    for n, game_id in enumerate(ids):
        reference = nomicon.new_game(PACK, ["ann", "bob", "cy"], seed=10 + n, start=T0,
                                     game_id=game_id)
        reference.fire_due(later)
        got = fired(store.events(game_id), later)
        assert got == fired(reference.log, later)
        assert len(got) == len(set(got)) >= 3
