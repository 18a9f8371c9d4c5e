"""Nomopoly IV's section XII invariants: one owner per square, at most one Guard
Tower and one Wall per square, hit points within 1..the type's maximum."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import nomicon
from nomicon.kernel.engine import Game

START = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)


def game_with_a_fort() -> Game:
    game = nomicon.new_game("nomopoly-iv", players=["alice", "bob"], seed=4, start=START,
                            params={"history": 22, "starting_money": 10000},
                            allow_forced=True)
    game.act("alice", "build-fort")
    game.act("alice", "command", unit="fort-1", command="recruit-warrior")
    return game


def test_a_game_with_units_keeps_the_invariants() -> None:
    game = game_with_a_fort()
    assert game.pack.invariants(game.state.root) == []


def test_two_owners_on_a_square_break_an_invariant() -> None:
    state = copy.deepcopy(game_with_a_fort().state.root)
    state["entities"]["warrior-1"]["owner"] = "bob"
    assert "square 1 holds units or buildings of alice, bob" in \
        game_with_a_fort().pack.invariants(state)


def test_hit_points_above_the_maximum_or_below_1_break_an_invariant() -> None:
    game = game_with_a_fort()
    state = copy.deepcopy(game.state.root)
    state["entities"]["warrior-1"]["hp"] = 51
    state["entities"]["fort-1"]["hp"] = 0
    problems = game.pack.invariants(state)
    assert "warrior-1 has 51 hit points, not 1..50" in problems
    assert "fort-1 has 0 hit points, not 1..1500" in problems


def test_two_walls_on_a_square_break_an_invariant() -> None:
    game = game_with_a_fort()
    state = copy.deepcopy(game.state.root)
    for eid in ("wall-1", "wall-2"):
        state["entities"][eid] = {"kind": "wall", "owner": "alice", "location": 1, "hp": 500}
    assert "square 1 holds 2 of wall" in game.pack.invariants(state)
