"""An action's audience decided when it runs (DESIGN §3b). Rule 4 of the roles pack
(``rolespack.py``): "A player may vanish for a day: while they are invisible, nobody
else sees where they stand, and their moves do not show in anybody else's history."
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from rolespack import START, new_game

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def seqs(game: Game, viewer: str) -> list[int]:
    return [e["seq"] for e in game.log_for(viewer)]


def moved(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["place"] for e in events if e["type"] == "moved"]


def test_an_invisible_players_move_is_in_their_history_and_the_admins_only() -> None:
    game = new_game()
    game.act("bob", "vanish")
    batch = game.act("bob", "move", place="loc3")
    assert [e["type"] for e in batch] == ["action", "audience.set", "moved"]
    assert all(e["to"] == ["bob"] for e in batch)
    hidden = {e["seq"] for e in batch}
    assert hidden <= set(seqs(game, "bob")) and hidden <= set(seqs(game, "admin"))
    for viewer in ("alice", "carol", "observer"):
        assert hidden.isdisjoint(seqs(game, viewer)), viewer
    [decided] = [e for e in batch if e["type"] == "audience.set"]
    assert decided["rule"] == 4
    assert decided["data"] == {"audience": ["bob"], "reason": "bob is invisible",
                               "scope": "batch"}
    assert decided["message"] == "this action is seen only by bob: bob is invisible"


def test_nobody_else_sees_where_an_invisible_player_stands_until_they_reappear() -> None:
    game = new_game()
    game.act("bob", "vanish")
    game.act("bob", "move", place="loc3")
    assert game.view("bob")["players"]["bob"]["location"] == "loc3"
    assert "location" not in game.view("alice")["players"]["bob"]
    assert game.view("alice")["players"]["carol"]["location"] == "loc0"
    game.advance(START + timedelta(days=1))  # the day is over: bob is seen again
    assert game.view("alice")["players"]["bob"]["location"] == "loc3"
    assert [e["message"] for e in game.log_for("alice") if e["type"] == "reappeared"] == [
        "bob is seen again at loc3"]


def test_a_visible_players_move_is_public() -> None:
    game = new_game()
    batch = game.act("carol", "move", place="loc2")
    assert all("to" not in e for e in batch)
    assert moved(game.log_for("alice")) == ["loc2"]


def test_the_move_after_the_day_is_over_shows_again() -> None:
    game = new_game()
    game.act("bob", "vanish")
    game.act("bob", "move", place="loc3")
    game.act("bob", "move", place="loc5", at=START + timedelta(days=1, hours=1))
    assert moved(game.log_for("alice")) == ["loc5"]
    assert moved(game.log_for("bob")) == ["loc3", "loc5"]


def test_several_decisions_narrow_the_audience_to_the_viewers_they_all_name() -> None:
    game = new_game()
    with game._transaction(game.clock, "alice") as ctx:
        ctx.emit("before", "a public event before the decisions")
        ctx.audience(["bob", "carol"], "first")
        ctx.emit("told", "bob alone is told this", to=["bob"])
        ctx.audience(["carol", "role:referee"], "second")
        ctx.emit("after", "an event after them")
    batch = game.log[-5:]
    assert [(e["type"], e["to"]) for e in batch] == [
        ("before", ["alice", "carol"]),
        ("audience.set", ["alice", "carol"]),
        ("told", ["bob"]),  # an event that names its audience keeps it
        ("audience.set", ["alice", "carol"]),
        ("after", ["alice", "carol"])]
    assert game.log_for("bob")[-1]["type"] == "told"


def test_a_refused_hidden_action_leaves_nothing_behind() -> None:
    game = new_game()
    game.act("bob", "vanish")
    before = list(game.log)
    with pytest.raises(ActionRefused, match="not allowed"):
        game.act("bob", "move", place="loc9")
    assert game.log == before


def test_a_decision_undone_with_its_savepoint_hides_nothing() -> None:
    """A trial run (a savepoint that is rolled back) takes its decision with it."""
    game = new_game()
    with game._transaction(game.clock, "alice") as ctx:
        with ctx.savepoint(keep=False):
            ctx.hide_action("only trying")
        ctx.emit("done", "alice does it in plain sight")
    assert "to" not in game.log[-1]
    assert game.log_for("bob")[-1]["type"] == "done"
