"""Single Capture Go (Ackanomic 1250.13): the grid's geometry, and the game played as
a child game of another game. (Its clauses are pinned by the scenario files in
tests/scenarios/ackanomic-single-capture-go.)"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

import nomicon
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.packs.ackanomic import scgo
from subgamepacks import ArcadePack, registry

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
CHILD = "ackanomic-single-capture-go"


@pytest.mark.parametrize(("players", "side"), [
    (2, 5), (3, 6), (4, 7), (5, 8), (6, 9), (7, 10), (8, 10), (9, 11), (10, 11), (11, 12),
    (12, 12)])
def test_n_is_the_smallest_integer_whose_square_holds_twelve_squares_a_player(
        players: int, side: int) -> None:
    """IV: "N is the smallest integer such that N^2 is equal to or greater than
    12*(the number of players who begin the game"."""
    assert scgo.side_for(players) == side


def test_squares_are_labelled_by_row_letter_and_column_number() -> None:
    """IV: "a1 a2 a3 ... / b1 b2 b3 ...": rows are letters, columns numbers."""
    assert scgo.squares(2) == ["a1", "a2", "b1", "b2"]
    assert sorted(scgo.neighbours("a1", 5)) == ["a2", "b1"]
    assert sorted(scgo.neighbours("c3", 5)) == ["b3", "c2", "c4", "d3"]
    assert scgo.position("e5", 5) == (5, 5) and scgo.position("f1", 5) is None


def test_a_group_is_joined_orthogonally_and_a_lone_letter_is_a_group() -> None:
    """3) "A Group is a set of identical Letters ... orthogonally adjacent"; diagonal
    Letters are separate Groups; Liberty is an unoccupied neighbour, and @ occupies."""
    grid = {"a1": "A", "a2": "A", "b2": "A", "c3": "A", "b1": "B", "a3": "@", "c2": "B"}
    found = {members for _, members in scgo.groups(grid, 3)}
    assert found == {frozenset({"a1", "a2", "b2"}), frozenset({"c3"}), frozenset({"b1"}),
                     frozenset({"c2"})}
    # a1-a2-b2 touches b3 and c2? b3 is empty: Liberty.
    assert scgo.has_liberty(frozenset({"a1", "a2", "b2"}), grid, 3)
    # b1's neighbours a1 (A), b2 (A) and c1 (empty): Liberty; fill c1 and it has none.
    assert scgo.has_liberty(frozenset({"b1"}), grid, 3)
    assert not scgo.has_liberty(frozenset({"b1"}), {**grid, "c1": "@"}, 3)


def arcade() -> Game:
    return nomicon.new_game(ArcadePack.id, ("alice", "bob", "carol", "dave"), seed=1,
                            start=START, game_id="arc", registry=registry())


def child_of(parent: Game, players: list[str], referee: str | None) -> Game:
    """A Single Capture Go child of ``parent``, made as the service makes one."""
    record = {"id": "arc-1", "pack": CHILD, "players": players, "referee": referee, "params": {},
              "status": "running", "inputs": []}
    members = [*players, *([referee] if referee else [])]
    return Game.create(CHILD, start=START, players=members, secret=b"scgo", game_id="arc-1",
                       registry=registry(), parent=subgames.link(parent.id, record))


def test_as_a_child_game_it_plays_the_parents_players_and_the_referee_reads_the_plays(
) -> None:
    parent = arcade()
    game = child_of(parent, ["alice", "bob"], "carol")
    table = game.state.root["scgo"]
    assert table["remaining"] == ["alice", "bob"] and table["referee"] == "carol"
    assert table["size"] == 5
    game.act("alice", "play", square="c3")
    # "privately mail the referee their play": the referee reads it, the opponent not.
    assert game.view("carol")["players"]["alice"]["play"] == "c3"
    assert "c3" not in json.dumps(game.view("bob")["players"])
    with pytest.raises(ActionRefused, match="you are the referee of this game"):
        game.act("carol", "play", square="a1")


def test_a_child_games_result_names_winner_scores_rounds_letters_and_doom() -> None:
    parent = arcade()
    game = child_of(parent, ["alice", "bob"], None)
    letters = game.state.root["scgo"]["letters"]
    game.act("alice", "play", square="a1")
    game.act("bob", "play", square="a2")
    game.advance(START + timedelta(days=3))
    game.act("alice", "play", square="e5", at=START + timedelta(days=3, hours=1))
    game.act("bob", "play", square="b1", at=START + timedelta(days=3, hours=1))
    game.advance(START + timedelta(days=6))
    assert game.is_over
    # A child game awards no Trophy itself: the parent's rule pays clause 5.
    assert game.state.root["players"]["bob"]["trophies"] == 0
    assert game.pack.result(game.state.root) == {
        "winners": ["bob"], "scores": {"alice": 2, "bob": 2}, "referee": None, "rounds": 2,
        "letters": letters, "doomed": {"alice": 2}}


def test_a_play_is_not_in_the_other_players_log_until_the_round_ends() -> None:
    """IV: a play is mailed "privately" to the referee: neither the views nor the log
    that another player reads hold it before the round's results."""
    game = nomicon.new_game(CHILD, ["alice", "bob", "carol"], seed=4, start=START)
    game.act("alice", "play", square="d4")
    bob_reads = json.dumps([game.view("bob"), game.log_for("bob")])
    assert '"d4"' not in bob_reads and "square=d4" not in bob_reads
    assert "alice: play (sealed)" in bob_reads
    assert "square=d4" in json.dumps(game.log_for("alice"))
    game.advance(START + timedelta(days=3))
    revealed = [e for e in game.log_for("bob") if e["type"] == "scgo.round-resolved"]
    assert revealed[0]["data"]["plays"]["alice"] == "d4"
