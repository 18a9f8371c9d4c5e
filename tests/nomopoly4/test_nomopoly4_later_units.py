"""Nomopoly IV's later unit proposals where a scenario file would be long or cannot
say it: Ride Railway past XV.2 (P24), one railway per square and the words "hold",
"own" and "safe" (P42), the hourly relief (P44), the victory's ties (P51), and the
invariants they add."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import nomicon
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly4 import history
from nomicon.packs.nomopoly4.units.healing import max_hp_text
from nomicon.packs.nomopoly4.victory import winners_of

START = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)  # a Monday
PLAYERS = ["alice", "bob"]


def new_game(k: int) -> Game:
    return nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=4, start=START,
                            params={"history": k, "starting_money": 10000},
                            allow_forced=True)


def enact(game: Game, record_id: str) -> None:
    """Pass one record of the history as players would."""
    record = history.BY_ID[record_id]
    game.act("alice", "propose", title=record.title, text=record.text,
             amendment=record.amendment_list())
    number = max(int(k) for k in game.state.root["proposals"])
    for player in PLAYERS:
        game.act(player, "vote", proposal=number, vote="for")
    assert game.state.root["proposals"][str(number)]["status"] == "passed"


def entity(game: Game, eid: str) -> dict[str, Any]:
    found: dict[str, Any] = game.state.root["entities"][eid]
    return found


def scv_on_square_5(game: Game) -> str:
    game.act("admin", "set", path="players.alice.location", value=5)
    game.act("alice", "build-fort")
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    game.act("alice", "command", unit="warrior-1", command="upgrade-to-scv")
    return "warrior-1"


def test_ride_railway_is_not_counted_by_the_limit_of_30_a_day() -> None:
    """P24: "This command may be issued any number of times per day, this proposal
    takes priority over rule XV.2." XV.2 (Rule 1502) is still in force at history 24."""
    game = new_game(24)
    assert "1502" in game.state.root["rules"]
    scv = scv_on_square_5(game)
    game.act("alice", "command", unit=scv, command="build-railway")
    game.advance(START + timedelta(days=2))
    game.act("alice", "command", unit=scv, command="ride-railway", to=4)
    game.act("alice", "command", unit=scv, command="build-railway")
    game.advance(START + timedelta(days=4))
    for ride in range(31):
        game.act("alice", "command", unit=scv, command="ride-railway", to=5 if ride % 2 == 0
                 else 4)
    assert entity(game, scv)["location"] == 5
    # The rides did not count: other commands are still far from 30.
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    assert entity(game, "warrior-2")["kind"] == "warrior"


def test_p42_destroys_all_but_the_oldest_railway_of_a_square_with_a_500_refund() -> None:
    """P42: "all but one of those railways will be destroyed and the owner of the
    destroyed railways will be refunded $500 for each destroyed railway"."""
    game = new_game(24)
    scv = scv_on_square_5(game)
    game.act("alice", "command", unit=scv, command="build-railway")
    game.advance(START + timedelta(days=2))
    game.act("alice", "command", unit=scv, command="build-railway")
    assert [e for e, r in game.state.root["entities"].items()
            if r["kind"] == "railway"] == ["railway-1", "railway-2"]
    dollars = game.state.root["accounts"]["alice"]["dollars"]
    enact(game, "P42")
    assert "railway-2" not in game.state.root["entities"]
    assert entity(game, "railway-1")["location"] == 5
    assert game.state.root["accounts"]["alice"]["dollars"] == dollars + 500
    game.advance(START + timedelta(days=4))
    with pytest.raises(ActionRefused, match="already contains a railway") as refused:
        game.act("alice", "command", unit=scv, command="build-railway")
    assert "Rule 1253" in str(refused.value)
    assert game.pack.invariants(game.state.root) == []


def test_the_view_says_who_holds_and_owns_a_square_and_whether_it_is_safe() -> None:
    """P42: "hold": a unit or building other than a railroad; "own": a building other
    than a railroad; "safe": the owner also owns all the squares adjacent to it."""
    game = new_game(24)
    enact(game, "P42")
    scv = scv_on_square_5(game)
    game.act("alice", "command", unit=scv, command="build-railway")
    game.act("admin", "set", path="players.bob.location", value=7)
    game.act("bob", "build-fort")
    terms = game.view("bob")["square_terms"]
    assert terms["5"] == {"held_by": ["alice"], "owned_by": "alice", "safe": False}
    assert terms["7"] == {"held_by": ["bob"], "owned_by": "bob", "safe": False}
    # A square whose neighbours all hold the owner's buildings is safe.
    for square in (6, 4, 16):
        game.act("admin", "set", path=f"entities.fort-{square}", value={
            "kind": "fort", "owner": "alice", "location": square, "hp": 1500})
    assert game.view("alice")["square_terms"]["5"]["safe"] is True


def test_every_hour_one_cooling_unit_or_building_stops_cooling_down() -> None:
    """P44: "Every hour on the hour one randomly selected unit or building which is
    cooling down will have its cool down ended"; its end is an ordinary one."""
    game = new_game(28)
    enact(game, "P44")
    game.act("admin", "set", path="players.alice.location", value=5)
    game.act("alice", "build-fort")
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    assert "cooling-down" in game.state.root["statuses"]["fort-1"]
    game.advance(START + timedelta(minutes=59))
    assert "cooling-down" in game.state.root["statuses"]["fort-1"]
    game.advance(START + timedelta(hours=1))
    assert "cooling-down" not in (game.state.root["statuses"].get("fort-1") or {})
    ended = [e["data"] for e in game.log if e["type"] == "cooldown.ended"]
    assert ended[-1]["entity"] == "fort-1"
    assert "Rule 1255" in ended[-1]["cause"]
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")


@pytest.mark.parametrize(("standing", "expected"), [
    ({"alice": (24, 230), "bob": (25, 0)}, ["bob"]),
    ({"alice": (26, 0), "bob": (25, 200)}, ["alice"]),  # the highest level
    ({"alice": (25, 3), "bob": (25, 7), "carol": (30, 0)}, ["carol"]),
    ({"alice": (25, 3), "bob": (25, 7)}, ["bob"]),  # then the highest experience
    ({"alice": (25, 7), "bob": (25, 7), "carol": (25, 1)}, ["alice", "bob"]),  # all tied
    ({"alice": (24, 239)}, []),
])
def test_the_winner_at_level_25_and_the_ties(standing: dict[str, tuple[int, int]],
                                             expected: list[str]) -> None:
    """P51: "the player with the highest level is declared the winner ... who has the
    highest experience ... (if multiple players would still be declared winner, they
    all are)"."""
    assert winners_of(standing, 25) == expected


def test_max_hp_replaces_initial_hit_points_but_not_the_seeds_quoted_words() -> None:
    assert max_hp_text("Building: Wall\nInitial hit points: 500") == "Building: Wall\nMax HP: 500"
    assert max_hp_text("more than the intial hit points specified") == (
        "more than the Max HP specified")
    assert max_hp_text('Evidence: "an initial HP of 40". Initial HP: 40') == (
        'Evidence: "an initial HP of 40". Max HP: 40')


def test_a_railway_square_may_hold_anothers_units_but_not_their_buildings() -> None:
    """P24: "units owned by any player may move onto the square containing the Railway.
    However, only the owner of the Railway may have buildings that occupy the same
    square as the Railway"."""
    game = new_game(24)
    scv_on_square_5(game)
    state = copy.deepcopy(game.state.root)
    state["entities"]["railway-9"] = {"kind": "railway", "owner": "alice", "location": 9,
                                      "hp": 200}
    state["entities"]["warrior-9"] = {"kind": "warrior", "owner": "bob", "location": 9,
                                      "hp": 50}
    assert game.pack.invariants(state) == []
    state["entities"]["fort-9"] = {"kind": "fort", "owner": "bob", "location": 9, "hp": 1500}
    assert "square 9 holds a Railway of alice and buildings of bob" in \
        game.pack.invariants(state)
