"""Nomopoly IV's last two proposals where a scenario file cannot say it: a Scientist
stops Researching when its Laboratory is destroyed or it becomes another type (P40),
the invariants of Safecracking (P37) and Research, the whole history at last (51), and
P32's Max HP reaching the Imps' "Initial HP" (P29)."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta

import nomicon
from nomicon.kernel.engine import Game
from nomicon.mechanics import units
from nomicon.packs.nomopoly4 import NomopolyIV, history

START = datetime(2020, 1, 6, 12, 30, tzinfo=UTC)  # a Monday, 06:30 CST
PLAYERS = ["alice", "bob"]


def new_game(k: int) -> Game:
    return nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=4, start=START,
                            params={"history": k, "starting_money": 10000},
                            allow_forced=True)


def researching_scientist(game: Game) -> None:
    """alice's scientist-1 Researching on her Laboratory on Square 10."""
    for eid, kind, hp in (("laboratory-1", "laboratory", 300), ("scientist-1", "scientist", 40)):
        game.act("admin", "set", path=f"entities.{eid}",
                 value={"kind": kind, "owner": "alice", "location": 10, "hp": hp})
    game.act("alice", "command", unit="scientist-1", command="research-breakthrough")
    game.advance(START + timedelta(hours=24))
    assert "researching" in game.state.root["statuses"]["scientist-1"]


def test_the_game_as_it_ended_is_the_default_history() -> None:
    assert history.built_prefix() == history.TOTAL == 51
    assert [r.index for r in history.RECORDS] == list(range(1, 52))
    assert history.BY_ID["P37"].text.startswith("Command: Safecracking")
    assert history.BY_ID["P40"].text.splitlines()[0] == "Building: Laboratory"
    assert history.BY_ID["P40"].text.splitlines()[-1].startswith("Every day at midnight Central")
    game = nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=4, start=START,
                            allow_forced=True)
    rules = game.state.root["rules"]
    assert {"1249", "2001", "2008", "1102"} <= set(rules)
    assert "not built yet" not in NomopolyIV.description


def test_p32_replaces_the_imps_initial_hp_with_max_hp() -> None:
    # P29 (Rule 1901) is in force before P32: "Replace all occurrences in the rules of
    # initial hit points with maximum hit points (Max HP)" reaches it.
    before = new_game(31).state.root["rules"]["1901"]["text"]
    assert "Initial HP: 50" in before
    after = new_game(32).state.root["rules"]["1901"]["text"]
    assert "Max HP: 50" in after and "Initial HP" not in after


def test_a_destroyed_laboratory_stops_its_scientist_researching() -> None:
    game = new_game(40)
    researching_scientist(game)
    with game._transaction(game.clock, "admin") as ctx:
        units.destroy(ctx, "laboratory-1", cause="destroyed by the test")
    assert "researching" not in (game.state.root["statuses"].get("scientist-1") or {})
    noon = START + timedelta(days=1, hours=5, minutes=30)  # Tuesday 18:00 GMT, noon CST
    game.advance(noon)
    assert game.state.root["accounts"]["alice"]["dollars"] == 10000


def test_a_scientist_that_becomes_a_monk_stops_researching() -> None:
    # Pledge Service to Dwayna: "Any non-Mesmer unit ... becomes a Monk"; a Monk is no
    # Scientist that is Researching (a ruling).
    game = new_game(40)
    researching_scientist(game)
    game.act("alice", "command", unit="scientist-1", command="pledge-service-to-dwayna")
    assert game.state.root["entities"]["scientist-1"]["kind"] == "monk"
    assert "researching" not in (game.state.root["statuses"].get("scientist-1") or {})


def test_the_invariants_of_safecracking_and_research() -> None:
    game = new_game(40)
    researching_scientist(game)
    pack = game.pack
    assert pack.invariants(game.state.root) == []
    moved = copy.deepcopy(game.state.root)
    moved["entities"]["scientist-1"]["location"] = 11
    assert pack.invariants(moved) == [
        "scientist-1 is researching but is not a Scientist on a square with a Laboratory"]
    both = copy.deepcopy(game.state.root)
    both["statuses"]["scientist-1"]["counter-researching"] = dict(
        both["statuses"]["scientist-1"]["researching"])
    assert "scientist-1 is both Researching and Counter-Researching" in pack.invariants(both)
    two = copy.deepcopy(game.state.root)
    two["entities"]["laboratory-2"] = dict(two["entities"]["laboratory-1"])
    assert "square 10 holds 2 of laboratory" in pack.invariants(two)
    cracking = copy.deepcopy(game.state.root)
    cracking["statuses"]["scientist-1"] = {"safecracking": {
        "since": None, "until": None, "by": "alice", "data": {"box": "question-box-1"}}}
    assert set(pack.invariants(cracking)) == {
        "scientist-1 is safecracking but is not an SCV",
        "scientist-1 is safecracking but not cooling down",
        "scientist-1 is safecracking a ? box that is not on its square"}
