"""Nomicon: a server that runs games of Nomic with executable rules.

    import nomicon
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob"], seed=7)
    game.act("alice", "roll")
    game.view("bob")["players"]["alice"]["location"]
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import (
    ActionError,
    ActionRefused,
    GameError,
    InvalidArguments,
    NomiconError,
    NotYourTurn,
    UnknownAction,
)
from nomicon.kernel.pack import Registry, installed
from nomicon.kernel.versions import NOMICON_VERSION as __version__

__all__ = [
    "ActionError",
    "ActionRefused",
    "Game",
    "GameError",
    "InvalidArguments",
    "NomiconError",
    "NotYourTurn",
    "UnknownAction",
    "__version__",
    "new_game",
    "registry",
]


def registry() -> Registry:
    """The installed rule packs and their rule classes.

    (Not ``packs``: that name is the ``nomicon.packs`` subpackage.)
    """
    return installed()


def new_game(
    pack: str,
    players: list[str] | tuple[str, ...] = (),
    *,
    seed: int | str | None = None,
    params: dict[str, Any] | None = None,
    start: datetime | None = None,
    game_id: str | None = None,
    registry: Registry | None = None,
    allow_forced: bool = False,
) -> Game:
    """Create a game in memory.

    ``seed`` makes the dice secret reproducible (tests, simulations); without it the
    secret is random. ``start`` defaults to now: the game's clock is an input, and
    this is the one place that reads the wall clock for it.
    """
    secret = dice.secret_from_seed(seed) if seed is not None else dice.new_secret()
    return Game.create(
        pack,
        start=start or datetime.now(UTC).replace(microsecond=0),
        players=list(players),
        secret=secret,
        params=params,
        game_id=game_id or secrets.token_hex(4),
        registry=registry,
        allow_forced=allow_forced,
    )
