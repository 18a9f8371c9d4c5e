"""The short game of Infinite Nomic that the export, import and forgery tests play:
alice and bob roll, the seed rotates, bob rolls, and (``end``) the admin ends it."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from nomicon.service import GameService
from nomicon.store import SqlStore

PACK = "infinite-nomic-r7"
T0 = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


def clock() -> Callable[[], datetime]:
    """A wall clock that moves on a minute each time it is read."""
    minutes = iter(range(10_000))
    return lambda: T0 + timedelta(minutes=next(minutes))


def play(store: SqlStore, game_id: str, *, end: bool = False) -> GameService:
    """Play the game as ``game_id`` in ``store``; the service that played it."""
    service = GameService(store, now=clock())
    game = service.create(PACK, ["alice", "bob"], seed=1, game_id=game_id)
    service.act(game.id, "alice", "roll")
    service.act(game.id, "alice", "end-turn")
    service.act(game.id, "admin", "rotate-seed")
    service.act(game.id, "bob", "roll")
    if end:
        service.act(game.id, "admin", "end-game", {"winners": ["bob"]})
    return service
