"""Seats: leaving a game, substitutes and bots, on the small pack of ``sealedpack``.

Rule 3 of the pack: players take turns in joining order, rolling a die once a turn
for points. Rule 4: a player who leaves gives their points to the pot and their turn
ends; the rule's parameters say whether a bot plays their seat, and whether that seat
still counts for scoring. Rule 5: a player on vacation names a substitute.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sealedpack import GUESSES, POT, START, new_game

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.replay import replay


def points(game: Game, player: str) -> int:
    value: int = game.state.root["accounts"][player].get("points", 0)
    return value


def refusal(game: Game, actor: str, name: str, **args: Any) -> str:
    before = len(game.log)
    with pytest.raises(ActionRefused) as refused:
        game.act(actor, name, **args)
    assert len(game.log) == before
    return str(refused.value)


def current(game: Game) -> str | None:
    found: str | None = game.state.root["turn"]["current"]
    return found


# -- leaving -----------------------------------------------------------------------------------
def test_a_player_who_leaves_no_longer_acts_and_the_rules_take_their_points() -> None:
    game = new_game()
    game.force_dice([5])
    game.act("alice", "roll")
    game.act("alice", "end-turn")
    produced = game.act("alice", "leave-game", cause="moving house")
    left = next(e for e in produced if e["type"] == "player.left")
    assert (left["data"], left.get("to")) == ({"player": "alice", "cause": "moving house"},
                                              None)
    assert points(game, "alice") == 0 and game.state.root["accounts"][POT]["points"] == 5
    assert game.legal_actions("alice") == []
    assert refusal(game, "alice", "poll") == ("alice cannot poll: you have left this game "
                                              "(Nomicon procedure); you left: moving house")
    assert game.view("bob")["seats"]["alice"]["left"] is True


def test_the_turn_order_skips_a_player_who_left() -> None:
    game = new_game()
    game.act("bob", "leave-game")
    assert game.state.root["turn"]["order"] == ["alice", "carol"]
    game.act("alice", "end-turn")
    assert current(game) == "carol"
    game.act("carol", "end-turn")
    assert current(game) == "alice"


def test_a_player_who_leaves_on_their_turn_passes_it_on() -> None:
    game = new_game()
    game.act("admin", "remove-player", player="alice", cause="left the parent game")
    assert current(game) == "bob"
    assert game.state.root["seats"]["alice"]["cause"] == "left the parent game"


def test_leaving_twice_and_leaving_for_someone_else_are_refused() -> None:
    game = new_game()
    game.act("admin", "remove-player", player="carol")
    assert refusal(game, "admin", "remove-player", player="carol") == (
        "admin cannot remove-player player='carol': carol has already left this game "
        "(Nomicon procedure)")
    assert refusal(game, "admin", "remove-player", player="mallory") == (
        "admin cannot remove-player player='mallory': 'mallory' is not a player of this game "
        "(Nomicon procedure)")


def test_a_step_waiting_only_for_players_who_left_resolves_with_their_default() -> None:
    game = new_game(guessing={"default": 4})
    game.act("alice", "start")
    game.act("alice", "guess", number=10)
    game.act("bob", "guess", number=20)
    game.act("carol", "leave-game")
    [result] = game.state.root["results"]
    assert result["guesses"] == {"alice": 10, "bob": 20, "carol": 4}
    assert result["defaulted"] == ["carol"]


# -- substitutes -------------------------------------------------------------------------------
def test_a_substitute_plays_the_seat_in_the_players_name_and_sees_what_they_see() -> None:
    game = new_game(guessing={"rounds": 2})
    game.act("alice", "start")
    game.act("bob", "guess", number=42)
    game.act("bob", "vacation", substitute="sam")
    assert refusal(game, "bob", "guess", number=43) == (
        "bob cannot guess number=43: your seat is played by sam (Rule 5, Vacations)")
    assert game.legal_actions("bob") == []
    assert game.view("sam")["steps"][GUESSES]["submissions"] == {"bob": 42}
    assert {e["name"] for e in game.legal_actions("sam")} >= {"guess", "poll"}
    produced = game.act("sam", "guess", number=43)
    assert (produced[0]["actor"], produced[0]["data"]["by"]) == ("bob", "sam")
    assert game.view("admin")["steps"][GUESSES]["submissions"] == {"bob": 43}
    assert refusal(game, "sam", "leave-game") == (
        "sam cannot leave-game: you play bob's seat; only bob may leave (Rule 5, Vacations)")
    game.act("sam", "give-back")
    assert "bob" not in game.state.root.get("seats", {})
    assert refusal(game, "sam", "poll") == (
        "sam cannot poll: 'sam' is not a player of this game (Nomicon procedure); join the "
        "game first")
    game.act("bob", "guess", number=44)
    assert game.view("bob")["steps"][GUESSES]["submissions"] == {"bob": 44}


def test_a_player_of_the_game_cannot_be_a_substitute() -> None:
    game = new_game()
    assert refusal(game, "alice", "vacation", substitute="bob") == (
        "alice cannot vacation substitute='bob': bob cannot play alice's seat (Rule 5, "
        "Vacations); a substitute has no seat of their own in this game")


# -- bots --------------------------------------------------------------------------------------
def test_a_random_bot_plays_a_leavers_turns_with_the_games_dice() -> None:
    """Bob leaves; the rules start a random bot for his seat. When alice ends her turn,
    the bot plays bob's turn in that same batch: it rolls (a roll of 1d2 chooses among
    rolling and ending the turn), then ends the turn (its one legal action left)."""
    game = new_game(departures={"bot": "random"})
    game.act("bob", "leave-game")
    assert game.view("carol")["seats"]["bob"]["bot"] == "random"
    game.force_dice([1, 6])  # the bot's choice: roll (1 of 2); the die: 6
    produced = game.act("alice", "end-turn")
    bots = [(e["actor"], e["data"]["name"], e["data"]["by"]) for e in produced
            if e["type"] == "action" and e["data"].get("by")]
    assert bots == [("bob", "roll", "bot:random"), ("bob", "end-turn", "bot:random")]
    assert points(game, "bob") == 6
    assert current(game) == "carol"
    assert refusal(game, "bob", "roll") == (
        "bob cannot roll: your seat is played by a bot (random) (Rule 4, Departures)")


def test_a_bots_sealed_submission_is_drawn_with_a_roll_only_its_audience_sees() -> None:
    game = new_game(departures={"bot": "random"})
    game.act("admin", "set", path="roles", value={"referee": ["zoe"]})
    game.act("carol", "leave-game")
    game.force_dice([58])
    game.act("alice", "start")
    assert game.view("zoe")["steps"][GUESSES]["submissions"] == {"carol": 58}
    assert game.view("alice")["steps"][GUESSES]["submissions"] == {}
    rolls = [e for e in game.log if e["type"] == "dice.rolled"]
    assert rolls[-1]["data"]["value"] == 58 and rolls[-1]["to"] == ["carol", "zoe"]
    assert rolls[-1]["seq"] not in [e["seq"] for e in game.log_for("alice")]


def test_a_default_bot_submits_the_default_and_leaves_turns_to_the_rules() -> None:
    game = new_game(guessing={"default": 3}, departures={"bot": "default"})
    game.act("bob", "leave-game")
    game.act("alice", "start")
    assert game.view("admin")["steps"][GUESSES]["submissions"] == {"bob": 3}
    game.act("alice", "end-turn")
    assert current(game) == "bob"
    assert [e for e in game.log if e["type"] == "action" and e["data"].get("by")] == []


def test_whether_a_bots_seat_counts_for_scoring_is_the_rules_say() -> None:
    """Guessing's highest guess scores a point, among the seats that count."""
    for counts, scorers in ((True, {"alice", "bob", "carol"}), (False, {"alice", "carol"})):
        game = new_game(guessing={"default": 9}, departures={"bot": "default",
                                                             "counts": counts})
        game.act("bob", "leave-game")
        game.act("alice", "start")
        game.act("alice", "guess", number=9)
        game.act("carol", "guess", number=9)
        assert {p for p in ("alice", "bob", "carol") if points(game, p) == 1} == scorers
        assert game.state.root["seats"]["bob"]["counts"] is counts


def test_a_game_played_by_bots_replays_exactly() -> None:
    """Two seats played by random bots for a week of turns and guessing rounds: the log
    folds to the live state, re-executing it produces every event again, and the same
    inputs give the same game."""

    def play() -> Game:
        game = new_game(("alice", "bob", "carol", "dave"), guessing={"rounds": 5},
                        departures={"bot": "random", "counts": False}, seed="bots")
        game.act("bob", "leave-game")
        game.act("dave", "leave-game")
        game.act("alice", "start")
        for day in range(7):
            at = START + timedelta(days=day, hours=1)
            for player in ("alice", "carol"):
                if current(game) == player:
                    game.act(player, "roll", at=at)
                    game.act(player, "end-turn", at=at)
                if GUESSES in game.state.root.get("steps", {}):
                    game.act(player, "guess", number=day + 10, at=at)
        game.advance(START + timedelta(days=12))
        return game

    game = play()
    bot_moves = [e for e in game.log if e["type"] == "action" and e["data"].get("by")]
    assert {e["actor"] for e in bot_moves} == {"bob", "dave"}
    assert len(game.state.root["results"]) == 5
    rebuilt = Game.rebuild(game.log, secret=game.secret, registry=game.registry,
                           allow_forced=True)
    assert rebuilt.state.root == game.state.root
    found = replay(game.log, secret=game.secret, registry=game.registry)
    assert found.divergence is None and found.batches > 0
    assert play().log == game.log
