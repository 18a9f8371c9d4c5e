"""What a game store does, whatever keeps the games: the :class:`Store` protocol.

The service, the server and the command line are written against it; the SQL store
(:class:`~nomicon.store.SqlStore`) is one backend, and the contract tests
(``tests/store``) hold every backend to it. A store is shared: several store objects,
in one process or many, may open the same games, and the log's numbering is what
keeps them from overwriting each other (a writer that lost a race gets
:class:`~nomicon.store.SeqConflict`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Protocol

from .records import KEEP, Claim, GameRecord, Idempotency, Keep, Kept, LoadedGame, Point

__all__ = ["Store"]


class Store(Protocol):
    """Games, their append-only event logs and state snapshots, the idempotency keys
    of the requests that wrote them, their timers and their kept chart measures.

    Every method raises a :class:`~nomicon.store.StoreError`: ``GameNotFound`` for an
    unknown game, ``InvalidInput`` for a value that cannot be stored, and the
    backend's own failures wrapped in one; never a driver's exception.
    """

    def close(self) -> None:
        """Release what the store holds. Idempotent; the store is unusable afterwards."""

    # -- write locks ------------------------------------------------------------

    def write_lock(self, game_id: str) -> AbstractContextManager[bool]:
        """Hold the game's write lock, so that writers take turns rather than race.
        Advisory: yields False when it could not be had in time."""

    def try_write_lock(self, game_id: str) -> AbstractContextManager[bool]:
        """The game's write lock if it is free now: yields False when another writer
        holds it, True when it is held or the store has no such lock."""

    # -- games ----------------------------------------------------------------

    def create_game(self, record: GameRecord, events: Sequence[Mapping[str, Any]] = (), *,
                    snapshot: Mapping[str, Any] | None = None,
                    series: Mapping[int, Sequence[Point]] | None = None) -> None:
        """Store a new game with its first events (seq 1, 2, ...), atomically;
        ``DuplicateGame`` if the id is taken. ``snapshot``: the state after the last
        event; ``series``: the points each batch wrote, by the seq of its last event."""

    def get_game(self, game_id: str) -> GameRecord:
        """The game's record."""

    def list_games(self) -> list[GameRecord]:
        """All games, oldest first."""

    def games_page(self, after: str | None = None, limit: int = 50) -> list[GameRecord]:
        """At most ``limit`` games, newest first, those after game ``after``."""

    def chart(self, game_id: str, viewer: str, samples: int) -> Kept | None:
        """The kept measures at up to ``samples`` moments as ``viewer`` saw them; None
        when they were not kept from the game's start."""

    def due_games(self, now: datetime, limit: int = 100) -> list[str]:
        """At most ``limit`` games with a timer due at or before ``now``, longest due first."""

    def set_next_due(self, game_id: str, next_due: datetime | None, *, head: int) -> bool:
        """Record when the game's next timer falls due, as of event ``head``; False
        (nothing written) when the log has moved on since."""

    # -- events ---------------------------------------------------------------

    def append(
        self,
        game_id: str,
        events: Sequence[Mapping[str, Any]],
        *,
        idempotency: Idempotency | None = None,
        secret: str | None = None,
        meta: Mapping[str, Any] | None = None,
        snapshot: Mapping[str, Any] | None = None,
        next_due: datetime | Keep | None = KEEP,
        series: Sequence[Point] = (),
    ) -> int:
        """Append events continuing the log, with the extras, atomically; the new head.

        ``SeqConflict`` (nothing written) unless the first event follows the head and
        the batch is contiguous; ``KeyUsed`` (nothing written) if the caller used the
        idempotency key before. ``secret``, ``meta`` and ``next_due`` replace the
        game's (None, None and :data:`~nomicon.store.KEEP` leave them);
        ``snapshot`` is the state after the batch; ``series`` the points it wrote.
        """

    def append_batches(
        self,
        game_id: str,
        batches: Sequence[tuple[Sequence[Mapping[str, Any]], Sequence[Point]]],
        *,
        secret: str | None = None,
        meta: Mapping[str, Any] | None = None,
        snapshot: Mapping[str, Any] | None = None,
        next_due: datetime | Keep | None = KEEP,
    ) -> int:
        """Append several batches ``(events, series)`` continuing the log, in one
        transaction, as :meth:`append` would each (without a key); the extras are
        the game's as they stand after the last batch. The new head."""

    def claim(self, game_id: str, key: str, *, caller: str) -> Claim | None:
        """What ``caller``'s request with idempotency ``key`` committed, if any."""

    def load(self, game_id: str) -> tuple[GameRecord, list[dict[str, Any]]]:
        """The record and the whole log, read consistently."""

    def load_tail(self, game_id: str, upto: int | None = None) -> LoadedGame:
        """What opening the game reads, at ``upto`` (default: the head): the record,
        the newest usable snapshot and the events from it (see :class:`LoadedGame`)."""

    def load_since(self, game_id: str, seq: int) -> tuple[GameRecord, list[dict[str, Any]]]:
        """The record and the events from ``seq`` (included) to the head, read together."""

    def events(self, game_id: str, after: int = 0,
               upto: int | None = None) -> list[dict[str, Any]]:
        """Events with ``after < seq <= upto`` (``upto`` defaults to the head), in order."""

    # -- snapshots --------------------------------------------------------------

    def save_snapshot(self, game_id: str, seq: int, state: Mapping[str, Any]) -> None:
        """Store the state as of event ``seq``; replaces one at that seq."""

    def latest_snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(seq, state)`` of the newest snapshot, or None."""
