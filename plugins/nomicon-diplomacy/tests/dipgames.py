"""Games of Diplomacy for the plug-in's tests: a table of eight members, of whom one
referees and seven play."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import nomicon
from nomicon.kernel.engine import Game

PACK = "ackanomic-diplomacy"
START = datetime(2024, 6, 3, 12, 0, tzinfo=UTC)
REFEREE = "rita"
PLAYERS = ("ann", "ben", "cat", "dan", "eve", "fay", "gus")


def table(params: dict[str, Any] | None = None, seed: int = 1) -> Game:
    """A table whose procedure has run A to F: rita referees, seven players enrolled."""
    game = nomicon.new_game(PACK, (REFEREE, *PLAYERS), seed=seed, start=START,
                            game_id="dip", params=params or {})
    game.act(REFEREE, "volunteer-referee")
    game.act(REFEREE, "announce-details", min_players=2, max_players=7)
    for player in PLAYERS:
        game.act(player, "enroll")
    return game


def countries(game: Game) -> dict[str, str]:
    found: dict[str, str] = game.state.root["diplomacy"]["countries"]
    return found


def player_of(game: Game, power: str) -> str:
    return next(player for player, held in countries(game).items() if held == power)


def of_type(game: Game, kind: str) -> list[dict[str, Any]]:
    return [event for event in game.log if event["type"] == kind]
