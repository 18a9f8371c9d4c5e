"""Ghost's rules enacted by a proposal into a game of another pack, which has no Ghost
table: their actions are refused, naming the rule and why, and change nothing."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

import nomicon
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.rules import Rule
from nomicon.packs.ackanomic import ghost, ghost_protests

START = datetime(2024, 6, 3, 12, tzinfo=UTC)


def nomic_with(cls: type[Rule]) -> Game:
    """A game of Nomic into which ``cls`` was enacted, as a passed proposal does."""
    game = Game.create("nomic", start=START, players=("alice", "bob", "carol"),
                       secret=dice.secret_from_seed(5), registry=nomicon.registry(),
                       game_id="host")
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.enact(ctx, cls)
    return game


@pytest.mark.parametrize(("cls", "name", "args", "rule"), [
    (ghost.Plays, "begin", {"letter": "g"}, "Rule 44, Plays"),
    (ghost.Plays, "continue", {"word": "gh"}, "Rule 44, Plays"),
    (ghost_protests.Protests, "protest", {"kind": "word"}, "Rule 45, Protests"),
    (ghost.Resigning, "resign", {}, "Rule 47, Resigning and leaving"),
])
def test_a_ghost_play_in_a_game_without_a_ghost_table_is_refused(
        cls: type[Rule], name: str, args: dict[str, Any], rule: str) -> None:
    """44: "(1) ... begin a new ghost word"; "(2) ... continue an existing ghost word";
    45: protest it; 47: "A player who resigns is removed from the game": a game of
    another pack has no game of Ghost to play them in."""
    game = nomic_with(cls)
    assert "ghost" not in game.state.root
    before = game.view()
    events = len(game.log)
    with pytest.raises(ActionRefused) as refused:
        game.act("alice", name, **args)
    message = str(refused.value)
    assert "there is no Ghost table in this game" in message
    assert rule in message
    assert "this rule plays only in a game of its own pack" in message
    assert game.view() == before
    assert len(game.log) == events
