"""The ledger on a small pack: goods in accounts and inventories, voluntary and forced
payments (shortfall, bail-out, bad debt), even splits, rounding, escrow, a sliding
limit, a cap on what one action moves, and a weighted pick."""

from __future__ import annotations

from datetime import timedelta
from decimal import ROUND_FLOOR, ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

import pytest
from goodspack import BANK, START, Lottery, new

from nomicon.authoring import Currency, round_money, split
from nomicon.kernel import dice, ledger
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused


def events_of(game: Game, since: int, *types: str) -> list[dict[str, Any]]:
    return [e for e in game.log[since:] if e["type"] in types]


def dollars(game: Game, account: str) -> int:
    return int(game.state.root["accounts"][account]["dollars"])


# -- goods ----------------------------------------------------------------------------
def test_a_good_is_a_currency_of_kind_good_that_nobody_holds_below_zero() -> None:
    assert Currency("flute", kind="good").minimum == 0
    assert Currency("flute", kind="good", minimum=0).minimum == 0
    assert Currency("points").kind == "money"
    with pytest.raises(ValueError, match="minimum is 0, not -1"):
        Currency("flute", kind="good", minimum=-1)
    with pytest.raises(ValueError, match="'money' or 'good', not 'gem'"):
        Currency("ruby", kind="gem")
    with pytest.raises(ValueError, match="only goods are listed in an inventory"):
        Currency("points", inventory="items")


def test_a_players_goods_are_listed_in_their_inventory_by_name() -> None:
    game = new()
    assert game.view()["players"]["alice"]["basket"] == {}
    game.act("alice", "pick")
    game.act("alice", "pick")
    players = game.view("bob")["players"]
    assert players["alice"]["basket"] == {"apple": 2}
    assert players["bob"]["basket"] == {}
    assert "apple" not in players["alice"]  # listed only in the basket
    assert players["alice"]["ticket"] == 0  # a good in no inventory is shown by name
    assert game.view()["accounts"]["alice"]["apple"] == 2


def test_goods_move_by_transfers_with_reasons_and_never_below_zero() -> None:
    game = new()
    game.act("alice", "pick")
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"alice has 1 apple, not 2 \(Rule 2, Fruit\)"):
        game.act("alice", "give", to="bob", fruit="apple", count=2)
    assert (game.view(), len(game.log)) == (before, length)
    game.act("alice", "give", to="bob", fruit="apple", count=1)
    players = game.view()["players"]
    assert (players["alice"]["basket"], players["bob"]["basket"]) == ({}, {"apple": 1})
    [moved] = events_of(game, length, "transfer")
    assert {k: moved["data"][k] for k in ("source", "target", "amount", "currency", "reason")} \
        == {"source": "alice", "target": "bob", "amount": 1, "currency": "apple",
            "reason": "a gift"}


def test_the_admin_sets_an_inventory_through_its_view_path() -> None:
    game = new()
    game.act("admin", "set", path="players.alice.basket", value={"pear": 3})
    assert game.state.root["accounts"]["alice"]["pear"] == 3
    assert game.state.root["accounts"]["alice"]["apple"] == 0
    game.act("admin", "set", path="players.alice.basket.apple", value=2)
    assert game.view()["players"]["alice"]["basket"] == {"apple": 2, "pear": 3}
    assert game.log[-1]["data"]["old"] == 0
    game.act("admin", "set", path="players.alice.basket", value={})
    assert game.view()["players"]["alice"]["basket"] == {}
    assert game.log[-1]["data"]["old"] == {"apple": 2, "pear": 3}
    with pytest.raises(ActionRefused, match="'plum' is not a good of basket"):
        game.act("admin", "set", path="players.alice.basket", value={"plum": 1})
    with pytest.raises(ActionRefused, match="must be a whole number from 0, not -1"):
        game.act("admin", "set", path="players.alice.basket", value={"pear": -1})


def test_escrow_holds_what_is_put_in_it_until_it_is_released() -> None:
    game = new()
    game.act("alice", "pick")
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.escrow", "an apple for sale")
        account = ctx.escrow("sale-1")
        ctx.transfer("alice", account, 1, "apple", "offered for sale")
        assert (ctx.balance("alice", "apple"), ctx.balance(account, "apple")) == (0, 1)
        assert ledger.totals(game.state.root, "apple") == 1
        assert ctx.release(account, "bob", "sold") == {"apple": 1}
    assert account == "escrow:sale-1"
    assert account not in game.state.root["accounts"]  # an empty escrow is closed
    assert game.view()["players"]["bob"]["basket"] == {"apple": 1}


# -- voluntary and forced payments -------------------------------------------------------
def test_a_voluntary_payment_beyond_the_balance_is_refused_and_changes_nothing() -> None:
    game = new()
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"alice has 10 dollars, not 11 \(Rule 1, Money\)"):
        game.act("alice", "pay", to="bob", amount=11)
    assert (game.view(), len(game.log)) == (before, length)


def test_a_forced_payment_that_can_be_afforded_is_an_ordinary_transfer() -> None:
    game = new()
    length = len(game.log)
    game.act("admin", "fine", player="alice", amount=4)
    assert (dollars(game, "alice"), dollars(game, BANK)) == (6, 4)
    assert [e["type"] for e in events_of(game, length, "transfer", "shortfall", "bad-debt")] \
        == ["transfer"]


def test_a_shortfall_is_settled_by_the_rules_before_the_payment_is_taken() -> None:
    game = new()
    game.act("admin", "set", path="partners.alice", value="bob")
    length = len(game.log)
    game.act("admin", "fine", player="alice", amount=15)
    shortfall, bail_out, fine = events_of(game, length, "transfer", "shortfall", "bad-debt")
    assert shortfall["type"] == "shortfall"
    assert {k: shortfall["data"][k] for k in ("debtor", "creditor", "due", "missing")} == {
        "debtor": "alice", "creditor": BANK, "due": 15, "missing": 5}
    assert (bail_out["data"]["source"], bail_out["data"]["target"],
            bail_out["data"]["amount"], bail_out["data"]["reason"]) == (
        "bob", "alice", 5, "a bail-out")
    assert (fine["data"]["amount"], fine["data"]["reason"]) == (15, "a fine")
    assert (dollars(game, "alice"), dollars(game, "bob"), dollars(game, BANK)) == (0, 5, 15)


@pytest.mark.parametrize("partner_has", [None, 4])
def test_an_unsettled_shortfall_takes_what_there_is_and_records_bad_debt(
        partner_has: int | None) -> None:
    game = new()
    if partner_has is not None:  # a partner who cannot pay the 5 missing
        game.act("admin", "set", path="partners.alice", value="bob")
        game.act("admin", "set", path="players.bob.dollars", value=partner_has)
    length = len(game.log)
    game.act("admin", "fine", player="alice", amount=15)
    kinds = [e["type"] for e in events_of(game, length, "transfer", "shortfall", "bad-debt")]
    assert kinds == ["shortfall", "transfer", "bad-debt"]
    [taken] = events_of(game, length, "transfer")
    [debt] = events_of(game, length, "bad-debt")
    assert taken["data"]["amount"] == 10
    assert {k: debt["data"][k] for k in ("debtor", "creditor", "due", "paid", "unpaid")} == {
        "debtor": "alice", "creditor": BANK, "due": 15, "paid": 10, "unpaid": 5}
    assert (dollars(game, "alice"), dollars(game, BANK)) == (0, 10)
    assert dollars(game, "bob") == (10 if partner_has is None else partner_has)


def test_a_game_with_forced_payments_rebuilds_from_its_log() -> None:
    game = new()
    game.act("admin", "set", path="partners.bob", value="carol")
    game.act("admin", "fine", player="alice", amount=12)
    game.act("admin", "fine", player="bob", amount=14)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=game.registry)
    assert rebuilt.state.root == game.state.root


# -- amounts -------------------------------------------------------------------------------
def test_an_even_split_returns_its_remainder() -> None:
    assert split(10, 3) == (3, 1)
    assert (split(10, 3).share, split(10, 3).remainder) == (3, 1)
    assert split(0, 4) == (0, 0)
    assert split(12, 4) == (3, 0)
    with pytest.raises(ValueError, match="into 0 parts"):
        split(10, 0)
    with pytest.raises(ValueError, match="negative"):
        split(-1, 2)


def test_sharing_out_gives_each_an_equal_share_and_the_source_keeps_the_rest() -> None:
    game = new()
    game.act("admin", "set", path=f"accounts.{BANK}.dollars", value=11)
    game.act("admin", "share")
    assert [dollars(game, p) for p in ("alice", "bob", "carol")] == [13, 13, 13]
    assert dollars(game, BANK) == 2


@pytest.mark.parametrize(("value", "rounded"), [
    (2.5, 3), (-2.5, -3), (0.5, 1), (-0.5, -1), (2.4999, 2), (-2.6, -3), (7, 7),
    (Fraction(7, 2), 4), (Fraction(-7, 2), -4), (Fraction(1, 3), 0), (Fraction(-2, 3), -1),
    (Decimal("1.5"), 2), (Decimal("-1.25"), -1), (1000 * 1.15, 1150),
])
def test_round_money_rounds_to_the_nearest_whole_amount_half_away_from_zero(
        value: Any, rounded: int) -> None:
    # Nomopoly II, IV.4: "All amounts of money are rounded to the nearest dollar."
    assert round_money(value) == rounded


def test_round_money_rounds_another_way_when_a_rule_says_so() -> None:
    assert [round_money(v, ROUND_HALF_EVEN) for v in (0.5, 1.5, 2.5, -2.5)] == [0, 2, 2, -2]
    assert [round_money(v, ROUND_FLOOR) for v in (-0.5, 0.5, Fraction(-1, 3))] == [-1, 0, -1]
    for bad in (True, "3", float("nan"), Decimal("Infinity")):
        with pytest.raises((TypeError, ValueError), match="cannot round"):
            round_money(bad)


# -- what one action moves --------------------------------------------------------------
def test_a_cap_on_what_one_action_moves_counts_the_whole_action() -> None:
    game = new()
    game.act("alice", "windfall", amount=30, spend=15)  # +30 then -15: 15 in all
    assert dollars(game, "alice") == 25
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"one action may not make alice gain more than "
                                            r"20 dollars \(Rule 5, Cap\); this one would "
                                            r"make them gain 21"):
        game.act("alice", "windfall", amount=21, spend=0)
    with pytest.raises(ActionRefused, match="may not make alice lose more than 20 dollars"):
        game.act("alice", "pay", to="bob", amount=21)
    assert (game.view(), len(game.log)) == (before, length)


def test_net_moves_sum_a_batchs_transfers_by_account() -> None:
    def moved(source: str | None, target: str | None, amount: int,
              currency: str = "dollars") -> dict[str, Any]:
        return {"type": "transfer", "data": {"source": source, "target": target,
                                             "amount": amount, "currency": currency}}

    events = [moved(None, "alice", 30), moved("alice", "bob", 10), moved("bob", None, 10),
              moved("alice", "bob", 5, "apple"), {"type": "other", "data": {}}]
    assert ledger.net_moves(events, "dollars") == {"alice": 20}
    assert ledger.net_moves(events, "apple") == {"alice": -5, "bob": 5}


# -- the sliding limit -----------------------------------------------------------------
def test_the_sliding_limit_allows_three_picks_and_refuses_the_fourth_inside_24_hours() -> None:
    game = new()
    for hour in (0, 1, 2):
        game.act("alice", "pick", at=START + timedelta(hours=hour))
    with pytest.raises(ActionRefused, match=r"alice may pick at most 3 times in any 24 hours "
                                            r"\(Rule 4, Picking\); used 3 times since "
                                            r"2021-03-01T09:00:00Z; next allowed at "
                                            r"2021-03-02T09:00:00Z"):
        game.act("alice", "pick", at=START + timedelta(hours=3))
    assert "pick" not in [a["name"] for a in game.legal_actions("alice")]
    game.act("bob", "pick", at=START + timedelta(hours=3))  # a limit of each player's own
    with pytest.raises(ActionRefused, match="at most 3 times"):
        game.act("alice", "pick", at=START + timedelta(hours=24) - timedelta(seconds=1))
    game.act("alice", "pick", at=START + timedelta(hours=24))  # the first no longer counts
    with pytest.raises(ActionRefused, match="at most 3 times"):
        game.act("alice", "pick", at=START + timedelta(hours=24, minutes=30))
    assert game.view()["players"]["alice"]["basket"] == {"apple": 4}
    assert game.state.root["limits"]["pick"]["alice"] == [
        "2021-03-01T10:00:00Z", "2021-03-01T11:00:00Z", "2021-03-02T09:00:00Z"]


# -- the weighted pick -----------------------------------------------------------------
def test_a_weighted_pick_uses_one_roll_over_the_documented_order() -> None:
    # Weights pear 3, nothing 0, ticket 2: faces 1-3 of a d5 give a pear, 4-5 a ticket.
    won = []
    for face in range(1, 6):
        game = new()
        game.force_dice([face])
        rolls = game.state.root["dice"]["count"]
        length = len(game.log)
        game.act("alice", "draw")
        [roll] = events_of(game, length, "dice.rolled")
        assert (roll["data"]["sides"], roll["data"]["value"]) == (5, face)
        assert game.state.root["dice"]["count"] == rolls + 1
        basket = game.view()["players"]["alice"]
        won.append("pear" if basket["basket"] else "ticket" if basket["ticket"] else "none")
    assert won == ["pear", "pear", "pear", "ticket", "ticket"]
    assert Lottery.PRIZES[1] == ("nothing", 0)


def test_a_weighted_pick_with_one_possible_outcome_rolls_nothing() -> None:
    game = new()
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.pick", "a certain pick")
        assert ctx.pick_weighted([("a", 0), ("b", 4)], "a sure thing") == "b"
    assert game.state.root["dice"]["count"] == 0
    for weights in ([0, 0], [1, -1], [True, 1], []):
        with pytest.raises(ValueError, match="weight"):
            dice.total_weight(weights)
    assert [dice.weighted_choice([3, 0, 2], face) for face in range(1, 6)] == [0, 0, 0, 2, 2]
    with pytest.raises(ValueError, match="1d5 cannot show 6"):
        dice.weighted_choice([3, 0, 2], 6)


def test_a_weighted_pick_may_be_private_until_a_rule_reveals_it() -> None:
    # A ? box's item: drawn where only the admin reads the roll, revealed when taken.
    game = new()
    game.force_dice([4])
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.pick_weighted([("pear", 3), ("ticket", 2)], "a hidden prize", to=[]) == (
            "ticket")
    [kept] = game.state.root["dice"]["private"].values()
    assert (kept["sides"], kept["value"], kept["to"]) == (5, 4, [])
    assert not any(e["type"] == "dice.rolled" for e in game.log_for("alice"))
    with game._transaction(game.clock, "admin") as ctx:
        assert ctx.reveal(purpose="a hidden prize", reason="the prize is taken") == [0]
    [shown] = [e for e in game.log_for("alice") if e["type"] == "dice.revealed"]
    assert shown["data"]["rolls"][0]["value"] == 4
    assert "private" not in game.state.root["dice"]


# -- the ledger's invariant -------------------------------------------------------------
def test_the_ledger_invariant_finds_a_balance_below_its_currencys_minimum() -> None:
    game = new()
    assert game.invariant_failures() == []
    game.act("admin", "set", path="players.alice.dollars", value=-3)
    assert game.invariant_failures() == [
        "alice holds -3 dollars, below the minimum 0 (Rule 1, Money)"]
