"""Game ids are safe slugs: they name a game in addresses, file names and mail."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import nomicon
from nomicon.kernel.errors import GameError

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
BAD = ["../../etc", "a/b", "with space", 'quote"d', "it's", "-leading", "x" * 65,
       "nul\x00byte", "tab\tid", "café"]


@pytest.mark.parametrize("game_id", BAD)
def test_an_unsafe_game_id_is_refused_with_the_rule(game_id: str) -> None:
    with pytest.raises(GameError, match=r"is not a valid game id: a game id is 1 to 64 "
                                        r"letters, digits, '-' or '_'"):
        nomicon.new_game("infinite-nomic-r7", ["ann"], seed=1, start=START, game_id=game_id)


@pytest.mark.parametrize("game_id", ["g", "tour", "Game-7_b", "0abc", "x" * 64])
def test_a_safe_game_id_is_kept(game_id: str) -> None:
    game = nomicon.new_game("infinite-nomic-r7", ["ann"], seed=1, start=START, game_id=game_id)
    assert game.id == game_id
