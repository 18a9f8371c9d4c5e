"""Nomicon: a server that runs games of Nomic with executable rules.

    import nomicon
    game = nomicon.new_game("infinite-nomic-r7", players=["alice", "bob"], seed=7)
    game.act("alice", "roll")
    game.view("bob")["players"]["alice"]["location"]
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from nomicon.kernel.errors import (
    ActionError,
    ActionRefused,
    GameError,
    InvalidArguments,
    NomiconError,
    NotYourTurn,
    UnknownAction,
)

if TYPE_CHECKING:
    from nomicon.kernel.engine import Game
    from nomicon.kernel.pack import Registry
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


def __getattr__(name: str) -> Any:
    """``Game`` and ``__version__``, imported when first asked for: every ``nomicon.*``
    import runs this file, and the engine (with pydantic and the rules) is more than
    a command such as ``nomicon --help`` needs."""
    if name == "Game":
        from nomicon.kernel.engine import Game

        return Game
    if name == "__version__":
        from nomicon.kernel.versions import NOMICON_VERSION

        return NOMICON_VERSION
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def registry() -> Registry:
    """The installed rule packs and their rule classes.

    (Not ``packs``: that name is the ``nomicon.packs`` subpackage.)
    """
    from nomicon.kernel.pack import installed

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
    import secrets

    from nomicon.kernel import dice
    from nomicon.kernel.engine import Game

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
