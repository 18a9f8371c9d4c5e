"""Exceptions raised by the game store.

Every error the store raises on purpose is a :class:`StoreError`; driver and
SQLAlchemy exceptions are wrapped in one at the API boundary.
"""

from __future__ import annotations

from .records import Claim

__all__ = [
    "DuplicateGame",
    "GameNotFound",
    "InvalidInput",
    "KeyUsed",
    "SeqConflict",
    "StoreError",
]


class StoreError(Exception):
    """Base class of every error raised by the store."""


class GameNotFound(StoreError):
    """No game with the given id exists."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} not found")
        self.game_id = game_id


class DuplicateGame(StoreError):
    """A game with the given id already exists."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class SeqConflict(StoreError):
    """Events do not continue the log.

    An event with seq ``s`` can only follow a log whose head is ``s - 1``.
    ``expected`` is the head the offending event assumed (its seq minus one) and
    ``actual`` is the head it really found: the stored head when another writer
    appended first, or the previous event of the same batch when the batch
    itself has a gap or a repeat.
    """

    def __init__(self, game_id: str, expected: int, actual: int, detail: str = "") -> None:
        message = (
            f"seq conflict in game {game_id!r}: expected head {expected}, actual head {actual}"
        )
        if detail:
            message = f"{message} ({detail})"
        super().__init__(message)
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class KeyUsed(StoreError):
    """An append carried an idempotency key that an earlier append already used.

    Nothing was written; ``claim`` says what the earlier request committed.
    """

    def __init__(self, claim: Claim) -> None:
        super().__init__(
            f"idempotency key {claim.key!r} of game {claim.game_id!r} was already used "
            f"(events {claim.first_seq}..{claim.last_seq})"
        )
        self.claim = claim


class InvalidInput(StoreError, ValueError):
    """An argument cannot be stored (malformed event, naive datetime, non-JSON value...)."""
