"""Nomopoly IV's ? boxes and items (P23, P33, P34, P45), the Shop of Terror (P27, P43),
the Experience Fairy (P41) and unopened boxes (P49), each record passed through
governance as the replay does. Units are the mechanics test pack's types, enacted
into the game by the test (the pack's own unit types come with P01)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nomicon.authoring import Ctx
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused as Refusal
from nomicon.kernel.pack import installed
from nomicon.mechanics import units
from nomicon.packs.nomopoly4 import history

sys.path.insert(0, str(Path(__file__).parents[1] / "mechanics"))
from armypack import ArmyToy, Fort, Wall, Warrior
from marketpack import Market, MarketPack

START = datetime(2005, 1, 3, 13, 0, tzinfo=UTC)  # a Monday, after noon Central
REGISTRY = installed().with_pack(ArmyToy()).with_pack(MarketPack())
#: Every ? box on squares 1..10 in order (a free square's first), each a Mushroom.
PLAIN = [1, 1] * 10


def new_game() -> Game:
    return Game.create("nomopoly-iv", start=START, players=("alice", "bob"),
                       secret=dice.secret_from_seed(4), registry=REGISTRY, allow_forced=True,
                       params={"history": 0})


def pass_record(game: Game, rid: str, rolls: list[int] | None = None) -> None:
    record = history.BY_ID[rid]
    game.act("alice", "propose", title=record.id, text=record.text,
             amendment=record.amendment_list())
    number = max(int(k) for k in game.state.root["proposals"])
    game.act("alice", "vote", proposal=number, vote="for")
    if rolls:
        game.force_dice(rolls)
    game.act("bob", "vote", proposal=number, vote="for")
    assert game.state.root["proposals"][str(number)]["status"] == "passed"


@contextmanager
def acting(game: Game) -> Iterator[Ctx]:
    with game._transaction(game.clock, "admin") as ctx:
        yield ctx


def give(game: Game, player: str, item: str, count: int = 1) -> None:
    with acting(game) as ctx:
        ctx.transfer(None, player, count, item, "given by the test")


def with_units(game: Game) -> None:
    with acting(game) as ctx:
        for cls, number in ((Warrior, 3001), (Fort, 3002), (Wall, 3003)):
            ruleset.enact(ctx, cls, number=number)


def place(game: Game, kind: str, owner: str | None, square: int) -> str:
    with acting(game) as ctx:
        return units.create(ctx, kind, owner=owner, location=square, cause="the test")


def hp(game: Game, eid: str) -> int | None:
    record = game.state.root["entities"].get(eid)
    return None if record is None else int(record["hp"])


def state(game: Game) -> dict[str, Any]:
    return game.state.root


@pytest.fixture
def game() -> Game:
    found = new_game()
    pass_record(found, "P02")
    pass_record(found, "P23", PLAIN)
    return found


def test_p23_ten_boxes_hidden_until_taken_and_replaced_at_once(game: Game) -> None:
    boxes = {eid: e for eid, e in state(game)["entities"].items() if e["kind"] == "question-box"}
    assert sorted(e["location"] for e in boxes.values()) == list(range(1, 11))
    # The item is the admin's to see; the draw's roll is private until the box is taken.
    assert "item" not in game.view("bob")["entities"]["question-box-1"]
    private = state(game)["dice"]["private"]
    assert [r["purpose"] for r in private.values()] == ["the item in a new ? box"] * 10
    assert not any("1d457" in e["message"] for e in game.log_for("bob"))
    game.force_dice([2, 201])  # the new box: the second free square (1, 11, ...), a Coin
    game.act("alice", "take-box")
    assert state(game)["accounts"]["alice"]["mushroom"] == 1
    assert state(game)["entities"]["question-box-11"]["location"] == 11
    assert state(game)["entities"]["question-box-11"]["item"] == "coin"
    assert any("1d457 = 1" in e["message"] and "revealed" in e["message"]
               for e in game.log_for("bob"))
    assert game.pack.invariants(state(game)) == []
    with pytest.raises(Refusal, match=r"no \? box on your square \(1\)"):
        game.act("bob", "take-box")
    assert "take-box" not in {a["name"] for a in game.legal_actions("bob")}


def test_p23_mushroom_needs_jumps_and_a_coin_gives_500_then_p34_250_a_level(
        game: Game) -> None:
    give(game, "alice", "mushroom")
    with pytest.raises(Refusal, match="no rule in force gives players Jumps"):
        game.act("alice", "use-item", item="mushroom")
    assert state(game)["accounts"]["alice"]["mushroom"] == 1
    give(game, "alice", "coin", 2)
    game.act("alice", "use-item", item="coin")
    assert state(game)["accounts"]["alice"]["dollars"] == 2500
    assert state(game)["accounts"]["alice"]["coin"] == 1
    pass_record(game, "P33")
    pass_record(game, "P34")
    game.act("admin", "set", path="players.alice.level", value=3)
    game.act("alice", "use-item", item="coin")
    assert state(game)["accounts"]["alice"]["dollars"] == 2500 + 750
    with pytest.raises(Refusal, match="you have no coin"):
        game.act("alice", "use-item", item="coin")


def test_p23_fire_flower_hurts_units_only_then_p33_five_a_level(game: Game) -> None:
    with_units(game)
    mine, theirs = place(game, "warrior", "alice", 1), place(game, "warrior", "alice", 1)
    fort = place(game, "fort", "alice", 1)
    give(game, "alice", "fire-flower", 2)
    game.act("alice", "use-item", item="fire-flower")
    assert (hp(game, mine), hp(game, theirs), hp(game, fort)) == (40, 40, 1500)
    pass_record(game, "P33")
    game.act("admin", "set", path="players.alice.level", value=4)
    game.act("alice", "use-item", item="fire-flower")
    assert (hp(game, mine), hp(game, theirs), hp(game, fort)) == (20, 20, 1500)


def test_p45_fire_flower_attacks_chosen_targets_and_the_wall_case(game: Game) -> None:
    with_units(game)
    pass_record(game, "P45")
    a, b, c = (place(game, "warrior", "alice", 1) for _ in range(3))
    give(game, "alice", "fire-flower", 3)
    game.act("admin", "set", path="players.alice.level", value=3)
    # ceil(3 / 2) = 2 targets, attacked with strength 30 (a Warrior's armor is 0).
    with pytest.raises(Refusal, match="choose 2 units or buildings on your square, not 1"):
        game.act("alice", "use-item", item="fire-flower", targets=[a])
    game.act("alice", "use-item", item="fire-flower", targets=[a, c])
    assert (hp(game, a), hp(game, b), hp(game, c)) == (20, 50, 20)
    # With a Wall: ceil(3 / 4) = 1 target, which is the Wall: 40 damage, not an attack.
    wall = place(game, "wall", "alice", 1)
    game.act("alice", "use-item", item="fire-flower")
    assert hp(game, wall) == 460
    game.act("admin", "set", path="players.alice.level", value=5)
    [form] = [f for f in game.legal_actions("alice") if f["name"] == "use-item"]
    selections = form["args"]["targets"]["choices"]
    assert selections and all(len(s) == 2 and wall in s for s in selections)
    with pytest.raises(Refusal, match="one of the targets must be the Wall"):
        game.act("alice", "use-item", item="fire-flower", targets=[a, b])
    game.act("alice", "use-item", item="fire-flower", targets=[wall, b])
    assert (hp(game, wall), hp(game, b)) == (420, 30)


def test_p23_ghost_hides_location_and_own_moves_for_three_days(game: Game) -> None:
    give(game, "alice", "ghost")
    give(game, "alice", "feather", 2)
    game.act("alice", "use-item", item="ghost")
    assert "location" not in game.view("bob")["players"]["alice"]
    assert game.view("alice")["players"]["alice"]["location"] == 1
    before = len(game.log_for("bob"))
    game.act("alice", "use-item", item="feather", to=17)
    assert state(game)["players"]["alice"]["location"] == 17
    assert len(game.log_for("bob")) == before  # the move is not in bob's history
    assert any(e.get("type") == "nomopoly.item-used" and e["data"]["item"] == "feather"
               for e in game.log_for("alice"))
    game.fire_due(START + timedelta(days=3, minutes=1))  # turns are taken for her meanwhile
    assert game.view("bob")["players"]["alice"]["location"] == (
        state(game)["players"]["alice"]["location"])
    game.act("alice", "use-item", item="feather", to=3)
    assert len(game.log_for("bob")) > before


def test_p23_shells_and_the_bolt_bring_the_ducky_and_its_pies() -> None:
    game = new_game()
    pass_record(game, "P02")
    pass_record(game, "P03")  # the Ducky on Square 1 pies both players to Square 2
    pass_record(game, "P23", PLAIN)
    game.act("admin", "set", path="players.bob.location", value=7)
    give(game, "alice", "red-shell")
    with pytest.raises(Refusal, match="select another player, not yourself"):
        game.act("alice", "use-item", item="red-shell", target="alice")
    game.act("alice", "use-item", item="red-shell", target="bob")
    # The Ducky jumps to bob's Square 7: a tenth of his $1800 and a push to Square 8.
    assert state(game)["entities"]["rber-ducky"]["location"] == 7
    assert state(game)["players"]["bob"]["location"] == 8
    assert state(game)["accounts"]["bob"]["dollars"] == 1620
    give(game, "bob", "lightning-bolt")
    game.act("bob", "use-item", item="lightning-bolt")
    # alice is transported to the Ducky's Square 7, pied and pushed to Square 8.
    assert state(game)["players"]["alice"]["location"] == 8
    assert state(game)["accounts"]["alice"]["dollars"] == 1620
    give(game, "alice", "green-shell")
    game.act("alice", "use-item", item="green-shell")  # bob is the only other player
    assert state(game)["entities"]["rber-ducky"]["location"] == 8
    assert game.pack.invariants(state(game)) == []


def test_p27_shop_trades_and_the_star_egg_lockout(game: Game) -> None:
    with_units(game)
    pass_record(game, "P27", [5])  # the Shop on Square 5
    assert state(game)["entities"]["shop-of-terror"]["location"] == 5
    give(game, "alice", "moldy-mush")
    with pytest.raises(Refusal, match="not on the Shop of Terror"):
        game.act("alice", "trade-in", trade="moldy-mush")
    assert "trade-in" not in {a["name"] for a in game.legal_actions("alice")}
    game.act("admin", "set", path="players.alice.location", value=5)
    [offer] = [a for a in game.legal_actions("alice") if a["name"] == "trade-in"]
    assert offer["args"]["trade"]["choices"] == ["moldy-mush"]
    game.act("alice", "trade-in", trade="moldy-mush")
    assert state(game)["accounts"]["alice"]["dollars"] == 2002
    with pytest.raises(Refusal, match="takes 100 wilt-shroom"):
        game.act("alice", "trade-in", trade="star-egg")
    for good in ("wilt-shroom", "moldy-mush", "rotten-mush"):
        give(game, "alice", good, 100)
    game.act("alice", "trade-in", trade="star-egg")
    assert state(game)["accounts"]["alice"]["star-egg"] == 1
    assert state(game)["accounts"]["alice"]["wilt-shroom"] == 0
    fort = place(game, "fort", "alice", 5)
    warrior = place(game, "warrior", "alice", 5)
    game.act("alice", "use-item", item="star-egg")
    assert hp(game, fort) == 1400 and hp(game, warrior) is None  # no armor counts
    assert state(game)["accounts"]["alice"]["star-egg"] == 1  # not used up
    with pytest.raises(Refusal, match="may not use a Star Egg again for 7 days"):
        game.act("alice", "use-item", item="star-egg")
    game.fire_due(START + timedelta(days=7, hours=1))
    game.act("admin", "set", path="players.alice.location", value=5)  # turns moved her
    game.act("alice", "use-item", item="star-egg")
    assert hp(game, fort) == 1300


def test_p43_the_shop_moves_every_saturday_to_another_square(game: Game) -> None:
    pass_record(game, "P27", [5])
    pass_record(game, "P43")
    game.fire_due(datetime(2005, 1, 7, 23, 59, tzinfo=UTC))
    game.force_dice([5])  # the fifth of the squares other than 5: Square 6
    game.fire_due(datetime(2005, 1, 8, 0, 0, tzinfo=UTC))
    assert state(game)["entities"]["shop-of-terror"]["location"] == 6


def test_p41_the_fairy_teaches_the_first_player_on_his_square(game: Game) -> None:
    pass_record(game, "P41")
    game.fire_due(datetime(2005, 1, 9, 11, 59, tzinfo=UTC))
    game.force_dice([1])  # Sunday noon GMT: Square 1
    game.fire_due(datetime(2005, 1, 9, 12, 0, tzinfo=UTC))
    assert state(game)["entities"]["experience-fairy"]["location"] == 1
    game.act("admin", "set", path="players.alice.location", value=1)
    game.act("admin", "set", path="players.bob.location", value=2)
    game.act("admin", "set", path="players.alice.experience", value=0)
    game.act("admin", "set", path="players.alice.level", value=1)
    with pytest.raises(Refusal, match="not on your square 2"):
        game.act("bob", "receive-teaching")
    game.act("alice", "receive-teaching")
    # 25 Experience at Level 1: Level 2 (10 spent), 15 left, under Level 2's 20.
    assert (state(game)["players"]["alice"]["level"],
            state(game)["players"]["alice"]["experience"]) == (2, 15)
    assert "experience-fairy" not in state(game)["entities"]
    # Unvisited for a day, he leaves.
    game.fire_due(datetime(2005, 1, 16, 12, 0, tzinfo=UTC))
    assert "experience-fairy" in state(game)["entities"]
    game.fire_due(datetime(2005, 1, 17, 12, 1, tzinfo=UTC))
    assert "experience-fairy" not in state(game)["entities"]


def test_p49_a_box_unopened_for_120_hours_opens_for_the_dark_lord() -> None:
    game = new_game()
    pass_record(game, "P03")
    pass_record(game, "P23", [1, 201] + [1, 1] * 9)  # Square 1 holds a Coin
    pass_record(game, "P49")
    game.force_dice([1, 1] * 10)
    game.fire_due(START + timedelta(hours=120, minutes=1))
    root = state(game)
    # No market rule is in force (P46 is not built): the Dark Lord keeps the items.
    assert root["accounts"]["dark-lord"]["coin"] == 1
    assert root["accounts"]["dark-lord"]["mushroom"] == 9
    assert len([e for e in root["entities"].values() if e["kind"] == "question-box"]) == 10
    assert game.pack.invariants(root) == []


def test_the_greedy_bot_takes_boxes_and_is_taught_before_it_plays_items(game: Game) -> None:
    pack, root = game.pack, state(game)
    teach = pack.greedy_score(root, "alice", "receive-teaching", {})
    take = pack.greedy_score(root, "alice", "take-box", {})
    coin = pack.greedy_score(root, "alice", "use-item", {"item": "coin"})
    # A Feather is worth using only to reach a ? box (squares 1..10; alice is on 1).
    to_box = pack.greedy_score(root, "alice", "use-item", {"item": "feather", "to": 4})
    nowhere = pack.greedy_score(root, "alice", "use-item", {"item": "feather", "to": 14})
    waste = pack.greedy_score(root, "alice", "use-item", {"item": "wilt-shroom"})
    assert teach > take > coin > to_box > 0 > max(nowhere, waste)


def test_p49_with_a_market_the_dark_lord_asks_a_dollar_under_the_lowest() -> None:
    # The Public Market is P46, not built yet: the mechanics test pack's market stands in.
    game = new_game()
    pass_record(game, "P03")
    pass_record(game, "P23", [1, 201] + [1, 1] * 9)  # Square 1 holds a Coin
    pass_record(game, "P49")
    with acting(game) as ctx:
        ruleset.enact(ctx, Market, number=2201)
    give(game, "bob", "coin", 2)
    game.act("bob", "market-sell", good="coin", price=300)
    game.act("bob", "market-sell", good="coin", price=250)
    game.force_dice([1, 1] * 10)
    game.fire_due(START + timedelta(hours=120, minutes=1))
    orders = state(game)["markets"]["public"]["orders"]
    [ask] = [o for o in orders.values() if o["maker"] == "dark-lord"]
    assert (ask["good"], ask["price"], ask["proceeds"]) == ("coin", 249, "bank-account-of-terror")
    # Only the Coin had sell requests: the nine Mushrooms stay with him.
    assert state(game)["accounts"]["dark-lord"]["mushroom"] == 9
    terror = state(game)["accounts"]["bank-account-of-terror"]["dollars"]
    game.act("alice", "market-fill", order=ask["id"])
    assert state(game)["accounts"]["bank-account-of-terror"]["dollars"] == terror + 249
    assert state(game)["accounts"]["alice"]["coin"] == 1
    assert game.pack.invariants(state(game)) == []
