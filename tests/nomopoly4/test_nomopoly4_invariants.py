"""Nomopoly IV's invariants (issue 15): each one the pack declares can fail. Every test
takes the state of a game at the end of the built history, breaks it on purpose by
writing to a copy directly, and sees the pack's invariants report exactly that.

The invariants: exactly ten ? boxes (Rule 1702); one owner per square except Railways
(Rule 1204, P24); at most one of a one-per-square building on a square (Guard Tower,
Wall, Refinery, and whatever type a rule declares so); hit points within 1..the type's
maximum; Imps and Minions never on a square with a unit or building (Rule 1901);
money and goods never below zero; a market's escrow equal to its open requests.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from functools import cache
from typing import Any

import nomicon
from nomicon.mechanics import market as order_book
from nomicon.packs.nomopoly4 import NomopolyIV, history

START = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)
PLAYERS = ["alice", "bob", "carol"]
PACK = NomopolyIV()
#: A square with nothing on it in the game below (no ? box, no player, no Ducky).
EMPTY = 77


@cache
def _at(k: int) -> dict[str, Any]:
    game = nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=4, start=START,
                            params={"history": k}, allow_forced=True)
    return game.state.root


def state(k: int | None = None) -> dict[str, Any]:
    """A fresh copy of the state at history ``k`` (by default the end of the built
    history), with no unit, building or ? box on :data:`EMPTY`."""
    root = copy.deepcopy(_at(history.built_prefix() if k is None else k))
    assert not [e for e in root["entities"].values() if e.get("location") == EMPTY]
    return root


def put(root: dict[str, Any], eid: str, kind: str, owner: str | None, hp: int,
        where: int = EMPTY) -> None:
    root["entities"][eid] = {"kind": kind, "owner": owner, "location": where, "hp": hp}


def test_the_state_as_played_breaks_none() -> None:
    root = state()
    assert PACK.invariants(root) == []
    # The things the tests below add, each alone and where it may be, break none either.
    put(root, "w1", "warrior", "alice", 50)
    put(root, "t1", "guard-tower", "alice", 250)
    put(root, "f1", "fort", "alice", 1500)
    assert PACK.invariants(root) == []


# -- exactly ten ? boxes (Rule 1702) ------------------------------------------------------
def test_a_missing_question_box_is_reported() -> None:
    root = state()
    boxes = [eid for eid, e in root["entities"].items() if e["kind"] == "question-box"]
    assert len(boxes) == 10  # "There will always be exactly 10 ? boxes on the board"
    del root["entities"][boxes[0]]
    assert PACK.invariants(root) == ["9 ? boxes are on the board, not 10"]


def test_an_eleventh_question_box_is_reported() -> None:
    root = state()
    put(root, "box-extra", "question-box", None, 1)
    del root["entities"]["box-extra"]["hp"]
    assert PACK.invariants(root) == ["11 ? boxes are on the board, not 10"]


def test_two_question_boxes_on_one_square_are_reported() -> None:
    root = state()
    first, second = [e for e in root["entities"].values() if e["kind"] == "question-box"][:2]
    second["location"] = first["location"]
    problems = PACK.invariants(root)
    assert len(problems) == 1 and problems[0].startswith("two ? boxes share a square")


# -- one owner per square, but for Railways (Rule 1204, P24) -------------------------------
def test_two_owners_on_one_square_are_reported() -> None:
    root = state()
    put(root, "w1", "warrior", "alice", 50)
    put(root, "w2", "warrior", "bob", 50)
    assert PACK.invariants(root) == [f"square {EMPTY} holds units or buildings of alice, bob"]


def test_anyones_units_may_stand_on_a_railway_but_not_with_other_buildings() -> None:
    root = state()
    put(root, "r1", "railway", "bob", 200)
    put(root, "w1", "warrior", "alice", 50)
    # "A square containing a Railway may contain units of any player" (P24).
    assert PACK.invariants(root) == []
    put(root, "f1", "fort", "alice", 1500)
    assert PACK.invariants(root) == [
        f"square {EMPTY} holds a Railway of bob and buildings of alice"]


# -- at most one of a one-per-square building ----------------------------------------------
def test_two_guard_towers_or_two_walls_on_one_square_are_reported() -> None:
    root = state()
    put(root, "t1", "guard-tower", "alice", 250)
    put(root, "t2", "guard-tower", "alice", 250)
    put(root, "v1", "wall", "alice", 500, where=EMPTY + 1)
    put(root, "v2", "wall", "alice", 500, where=EMPTY + 1)
    assert sorted(PACK.invariants(root)) == [f"square {EMPTY} holds 2 of guard-tower",
                                             f"square {EMPTY + 1} holds 2 of wall"]


def test_one_per_square_follows_the_types_the_rules_declare() -> None:
    # Two Forts may share a square; a type whose rule says one per square (as P38's
    # Refinery and P40's Laboratory do) may not, whatever its kind.
    root = state()
    put(root, "f1", "fort", "alice", 1500)
    put(root, "f2", "fort", "alice", 1500)
    assert PACK.invariants(root) == []
    fort = next(r for r in root["rules"].values() if r["class"] == "nomopoly-iv/fort")
    fort["params"]["one_per_square"] = True
    assert PACK.invariants(root) == [f"square {EMPTY} holds 2 of fort"]


# -- hit points within 1..the maximum ------------------------------------------------------
def test_hit_points_outside_one_to_the_maximum_are_reported() -> None:
    root = state()
    # A Warrior's Max HP is 50 (P01, "Unit: Warrior Max HP: 50").
    put(root, "w1", "warrior", "alice", 51)
    put(root, "w2", "warrior", "alice", 0)
    assert sorted(PACK.invariants(root)) == ["w1 has 51 hit points, not 1..50",
                                             "w2 has 0 hit points, not 1..50"]


def test_an_imp_above_its_maximum_is_reported() -> None:
    root = state(36)  # Imps (P29) are in force; P39 turns them into Minions
    put(root, "imp-x", "imp", None, 51)  # "Imps have 50 HP" (Rule 1901)
    assert PACK.invariants(root) == ["imp-x has 51 hit points, not 1..50"]


# -- Imps and Minions never with units or buildings (Rule 1901) -----------------------------
def test_an_imp_or_a_minion_on_a_square_with_a_unit_is_reported() -> None:
    root = state()
    put(root, "w1", "warrior", "alice", 50)
    put(root, "imp-x", "imp", None, 50)
    assert PACK.invariants(root) == [f"square {EMPTY} holds imp-x and w1"]
    del root["entities"]["imp-x"]
    put(root, "guard-x", "imperial-guard", None, 100)
    assert PACK.invariants(root) == [f"square {EMPTY} holds guard-x and w1"]


# -- money and goods never below zero ------------------------------------------------------
def test_money_or_goods_below_zero_are_reported() -> None:
    root = state()
    root["accounts"]["alice"]["dollars"] = -1
    root["accounts"]["bob"]["mushroom"] = -2
    assert sorted(PACK.invariants(root)) == ["alice holds -1 dollars", "bob holds -2 mushroom"]


# -- a market's escrow equals its open requests --------------------------------------------
def _one_open_ask(root: dict[str, Any]) -> str:
    """Alice asks $300 for a Mushroom on the public market; returns its escrow account."""
    root[order_book.MARKETS] = {"public": {
        "orders": {"1": {"owner": "alice", "side": order_book.SELL, "good": "mushroom",
                         "quantity": 1, "price": 300, "currency": "dollars"}},
        "book": {"mushroom": {order_book.SELL: {"1": 300}}},
    }}
    account = order_book.escrow_account("public", 1)
    root["accounts"][account] = {"mushroom": 1}
    return account


def test_escrow_that_is_not_the_open_requests_is_reported() -> None:
    root = state()
    account = _one_open_ask(root)
    assert PACK.invariants(root) == []
    root["accounts"][account] = {"mushroom": 0}
    assert PACK.invariants(root) == [
        f"{account} holds nothing, but its open request needs {{'mushroom': 1}}"]
    # Escrow left behind by a request that is no longer open.
    root["accounts"][account] = {"mushroom": 1}
    root[order_book.MARKETS]["public"] = {"orders": {}, "book": {}}
    assert PACK.invariants(root) == [
        f"{account} holds {{'mushroom': 1}}, but its open request needs nothing (none is open)"]
