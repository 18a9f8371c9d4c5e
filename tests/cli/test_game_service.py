"""The GameService: the store is the commit point; a writer that lost a race reloads
and tries again on the new state."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, GameError
from nomicon.service import RETRIES, GameService, _conflict_in
from nomicon.store import GameNotFound, SeqConflict, SqlStore, open_store

PACK = "infinite-nomic-r7"
T0 = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def stores(db_url: str) -> Iterator[tuple[SqlStore, SqlStore]]:
    """Two stores on one database, as two processes would have."""
    with open_store(db_url) as one, open_store(db_url) as two:
        yield one, two


class Racing(GameService):
    """A service that, on each of its first ``races`` reads, lets another writer act on
    the game before it writes: the other process appends first."""

    def __init__(self, store: SqlStore, rival: GameService, move: tuple[str, str, dict[str, Any]],
                 races: int) -> None:
        super().__init__(store, now=lambda: T0 + timedelta(minutes=1))
        self.rival, self.move, self.races, self.reads = rival, move, races, 0

    def _take(self, game_id: str, *, trust: bool = False) -> tuple[Game, bool]:
        game = super()._take(game_id, trust=trust)  # each attempt's game
        self.reads += 1
        if self.races:
            self.races -= 1
            actor, name, args = self.move
            self.rival.act(game_id, actor, name, args)
        return game


def test_create_open_and_act_persist(stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    service = GameService(one, now=lambda: T0)
    game = service.create(PACK, ["alice", "bob"], seed=1)
    assert game.clock == T0
    record = one.get_game(game.id)
    assert record.meta["players"] == ["alice", "bob"]
    assert record.meta["commitment"] == game.view()["game"]["seed_commitment"]
    assert bytes.fromhex(record.secret or "") == game.secret
    events = service.act(game.id, "alice", "roll")
    assert events[0]["type"] == "action"
    reopened = GameService(two).open(game.id)
    assert reopened.state.root == service.open(game.id).state.root
    assert reopened.log[-1]["hash"] == events[-1]["hash"]


def test_the_game_handed_out_is_attached_to_the_store(stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    game = GameService(one, now=lambda: T0).create(PACK, ["alice", "bob"], seed=1)
    game.act("alice", "roll")  # persisted by the commit hook
    assert GameService(two).open(game.id).view() == game.view()


def test_a_batch_the_store_refuses_is_rolled_back(stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    first = GameService(one, now=lambda: T0)
    game = first.create(PACK, ["alice", "bob"], seed=1)
    stale = GameService(two).open(game.id)
    game.act("alice", "roll")
    before = stale.view()
    with pytest.raises(Exception) as caught:
        stale.act("alice", "end-turn")
    assert isinstance(_conflict_in(caught.value), SeqConflict)
    assert stale.view() == before
    assert len(first.open(game.id).log) == len(game.log)


def test_act_retries_on_the_new_state_after_losing_a_race(
        stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    rival = GameService(two, now=lambda: T0)
    game = rival.create(PACK, ["alice", "bob"], seed=1)
    ruling = ("admin", "interpret", {"rule": 7, "text": "Six means six."})
    racing = Racing(one, rival, ruling, races=2)
    events = racing.act(game.id, "alice", "roll")
    assert racing.reads == 3
    log = rival.open(game.id).log
    assert [e["type"] for e in log].count("rule.interpreted") == 2
    assert log[-len(events):] == events
    assert events[0]["data"]["name"] == "roll"


def test_a_refusal_on_the_new_state_propagates(stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    rival = GameService(two, now=lambda: T0)
    game = rival.create(PACK, ["alice", "bob"], seed=1)
    racing = Racing(one, rival, ("alice", "roll", {}), races=1)
    with pytest.raises(ActionRefused, match="already rolled"):
        racing.act(game.id, "alice", "roll")
    rolls = [e for e in rival.open(game.id).log if e["type"] == "dice.rolled"]
    assert len(rolls) == 1


def test_act_gives_up_after_the_retries(stores: tuple[SqlStore, SqlStore]) -> None:
    one, two = stores
    rival = GameService(two, now=lambda: T0)
    game = rival.create(PACK, ["alice", "bob"], seed=1)
    ruling = ("admin", "interpret", {"rule": 7, "text": "Again."})
    racing = Racing(one, rival, ruling, races=RETRIES + 1)
    with pytest.raises(SeqConflict):
        racing.act(game.id, "alice", "roll")
    assert racing.reads == RETRIES
    assert not any(e["type"] == "dice.rolled" for e in rival.open(game.id).log)


def test_the_service_clock_drives_timers(stores: tuple[SqlStore, SqlStore]) -> None:
    one, _ = stores
    times = iter([T0, T0 + timedelta(hours=36)])
    service = GameService(one, now=lambda: next(times))
    game = service.create(PACK, ["alice", "bob"], seed=1)
    events = service.act(game.id, "bob", "roll")  # alice's turn passed after a day
    assert events[0]["time"] == "2020-01-03T00:00:00Z"
    log = service.open(game.id).log
    assert any(e["type"] == "timer.fired" for e in log)


def test_advance_and_listing(stores: tuple[SqlStore, SqlStore]) -> None:
    one, _ = stores
    service = GameService(one, now=lambda: T0)
    game = service.create(PACK, ["alice"], seed=1, game_id="g1")
    moved = service.advance("g1", T0 + timedelta(hours=30))
    assert moved.clock == T0 + timedelta(hours=30)
    assert service.open("g1").clock == moved.clock
    assert [r.id for r in service.list_games()] == [game.id]
    with pytest.raises(GameError, match="already exists"):
        service.create(PACK, ["bob"], game_id="g1")


def test_unknown_games(stores: tuple[SqlStore, SqlStore]) -> None:
    service = GameService(stores[0])
    with pytest.raises(GameNotFound):
        service.open("nope")
    with pytest.raises(GameNotFound):
        service.act("nope", "alice", "roll")


def test_a_past_state_is_rebuilt_from_a_prefix_of_the_log(
        stores: tuple[SqlStore, SqlStore]) -> None:
    service = GameService(stores[0], now=lambda: T0)
    game = service.create(PACK, ["alice", "bob"], seed=1)
    head = game.head
    service.act(game.id, "alice", "roll")
    past = service.as_of(game.id, head)
    assert past.head == head
    assert past.state.root["players"]["alice"]["location"] == 1
    assert past.commit_hooks == []
    with pytest.raises(GameError):
        service.as_of(game.id, 0)
