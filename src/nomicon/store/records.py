"""The records the store takes and returns: plain data, with no database in them.

Every backend and every caller of a store shares them (see :class:`~nomicon.store.Store`),
and they import nothing else from the store, so the store's other modules can all
import them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = [
    "KEEP",
    "PUBLIC",
    "Claim",
    "GameRecord",
    "Idempotency",
    "Keep",
    "Kept",
    "LoadedGame",
    "Point",
]


@dataclass
class GameRecord:
    """A game's row. ``head`` is maintained by the store (the seq of the last event)."""

    id: str
    pack: str
    created: datetime  # tz-aware UTC
    meta: dict[str, Any] = field(default_factory=dict)  # players, params, seed commitment...
    secret: str | None = None  # hex seed secret; never shown to players, kept by the store
    head: int = 0
    #: When the game's next timer falls due (None: no timer, or the game is over).
    next_due: datetime | None = None
    #: The game that started this one, for a child game (None: a game of its own).
    parent: str | None = None


@dataclass(frozen=True)
class Idempotency:
    """A client's key for a request, and what to remember about the request.

    Keys belong to their caller (an account id): the same key sent by another
    caller is another key, so one caller can neither use up nor read another's.
    """

    caller: str
    key: str
    result: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Claim:
    """A caller's used idempotency key: the events ``first_seq..last_seq`` that its
    request committed, and the result stored with them."""

    game_id: str
    caller: str
    key: str
    first_seq: int
    last_seq: int
    result: dict[str, Any]


@dataclass
class LoadedGame:
    """What opening a game reads: its record, the newest usable snapshot, and events.

    With a snapshot ``(seq, state)``, ``events`` run from the snapshot's own event
    (``seq``) to the head, so the caller knows the head and the last hash even when
    nothing happened since; without one, ``events`` is the whole log.
    """

    record: GameRecord
    snapshot: tuple[int, dict[str, Any]] | None
    events: list[dict[str, Any]]


class Keep(enum.Enum):
    """The type of :data:`KEEP`: a value left as it is stored."""

    KEEP = "keep"


#: Leave a stored value as it is (for a parameter where None means something).
KEEP = Keep.KEEP


#: The audience of a value that everyone sees (a key of :attr:`Point.shown`).
PUBLIC = "*"


@dataclass(frozen=True)
class Point:
    """One player's measure as a batch left it, per audience: ``shown`` maps
    :data:`PUBLIC` and viewers to what they saw (see :mod:`nomicon.store.series`)."""

    player: str
    measure: str
    currency: bool
    shown: Mapping[str, float | None]


@dataclass
class Kept:
    """A chart's numbers as one viewer saw them: the sampled moments (the last seq
    of a batch, and its time) and, per (player, measure), a value at each moment."""

    seqs: list[int] = field(default_factory=list)
    times: list[str] = field(default_factory=list)
    currency: dict[str, bool] = field(default_factory=dict)
    values: dict[tuple[str, str], list[float | None]] = field(default_factory=dict)
