"""The order book (mechanics/market.py) on a small pack whose Public Market follows
Nomopoly IV XXII: "Submit a 'Buy Request' ... The player must pay that amount of money
immediately"; "Submit a 'Sell Request' ... The player loses that item immediately";
a retracted request is refunded; filling one moves the item and the money and
removes the request; the Dark Lord undercuts the lowest ask by $1 and the money "goes
into the Bank Account of Terror"."""

from __future__ import annotations

import pytest
from marketpack import DARK_LORD, REGISTRY, SECRET, TERROR, Skimming, new

from nomicon.kernel import ledger, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.mechanics import market
from nomicon.replay import replay

PUBLIC = "public"


def held(game: Game, account: str, what: str) -> int:
    return ledger.balance(game.state, account, what)


def kinds(events: list[dict[str, object]]) -> list[object]:
    return [e["type"] for e in events if str(e["type"]).startswith("market.")]


def test_a_buy_request_pays_its_price_into_escrow_at_once() -> None:
    game = new()
    events = game.act("alice", "market-buy", good="pear", price=15)
    assert held(game, "alice", "dollars") == 85
    assert held(game, market.escrow_account(PUBLIC, 1), "dollars") == 15
    assert kinds(events) == ["market.placed"]
    placed = next(e for e in events if e["type"] == "market.placed")["data"]
    assert (placed["side"], placed["good"], placed["price"], placed["maker"]) == (
        "buy", "pear", 15, "alice")
    assert game.invariant_failures() == []


def test_a_sell_request_takes_the_item_into_escrow_at_once() -> None:
    game = new()
    game.act("bob", "market-sell", good="apple", price=7)
    assert held(game, "bob", "apple") == 2
    assert held(game, market.escrow_account(PUBLIC, 1), "apple") == 1
    assert market.order(game.state.root, PUBLIC, 1) is not None
    assert game.invariant_failures() == []


def test_retracting_a_request_returns_its_escrow_and_removes_it() -> None:
    game = new()
    game.act("alice", "market-buy", good="apple", price=12)
    game.act("alice", "market-sell", good="pear", price=30)
    events = game.act("alice", "market-retract", order=1)
    assert kinds(events) == ["market.retracted"]
    assert held(game, "alice", "dollars") == 100
    game.act("alice", "market-retract", order=2)
    assert held(game, "alice", "pear") == 2
    assert market.open_orders(game.state.root, PUBLIC) == []
    assert not any(a.startswith("escrow:") for a in game.state.root["accounts"])
    assert game.invariant_failures() == []


def test_filling_a_sell_request_pays_its_maker_and_gives_the_item_to_the_filler() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=10)
    game.act("bob", "market-fill", order=1)
    assert (held(game, "alice", "dollars"), held(game, "alice", "apple")) == (110, 2)
    assert (held(game, "bob", "dollars"), held(game, "bob", "apple")) == (90, 4)
    assert market.order(game.state.root, PUBLIC, 1) is None


def test_filling_a_buy_request_gives_its_maker_the_item_and_the_filler_the_money() -> None:
    game = new()
    game.act("alice", "market-buy", good="pear", price=20)
    events = game.act("carol", "market-fill", order=1)
    filled = next(e for e in events if e["type"] == "market.filled")["data"]
    assert (filled["by"], filled["quantity"], filled["remaining"]) == ("carol", 1, 0)
    assert (held(game, "alice", "dollars"), held(game, "alice", "pear")) == (80, 3)
    assert (held(game, "carol", "dollars"), held(game, "carol", "pear")) == (120, 1)
    assert game.invariant_failures() == []


def test_filling_ones_own_request_is_refused_by_the_market_and_changes_nothing() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=10)
    before = (len(game.log), game.state.root["accounts"]["alice"].copy())
    with pytest.raises(ActionRefused, match=r"alice cannot market-fill order=1: "
                       r"request #1 is alice's own.*\(Rule 22, Public Market\)"):
        game.act("alice", "market-fill", order=1)
    assert (len(game.log), game.state.root["accounts"]["alice"]) == before
    # Nobody else's request is open, so filling is not among alice's legal actions.
    assert "market-fill" not in [a["name"] for a in game.legal_actions("alice")]


def test_legal_actions_offer_only_the_requests_the_player_can_fill_whole() -> None:
    # A listed market-fill names no quantity, so it fills the whole request: a request
    # the player cannot cover is not offered, and filling it is refused with the reason.
    game = new()
    game.act("alice", "market-buy", good="pear", price=10, quantity=3)  # bob has 2 pears
    game.act("alice", "market-sell", good="apple", price=60, quantity=2)  # $120; bob $100
    game.act("carol", "market-sell", good="apple", price=50)
    offered = [a["args"]["order"]["choices"] for a in game.legal_actions("bob")
               if a["name"] == "market-fill"]
    assert offered == [[3]]
    before = len(game.log)
    with pytest.raises(ActionRefused, match=r"filling request #1 needs 3 pear"):
        game.act("bob", "market-fill", order=1)
    with pytest.raises(ActionRefused, match=r"filling request #2 needs 120 dollars"):
        game.act("bob", "market-fill", order=2)
    assert len(game.log) == before


def test_only_the_maker_may_retract_a_request() -> None:
    game = new()
    game.act("alice", "market-buy", good="apple", price=5)
    with pytest.raises(ActionRefused, match=r"request #1 is alice's; only its maker may "
                       r"retract it \(Rule 22, Public Market\)"):
        game.act("bob", "market-retract", order=1)
    assert held(game, market.escrow_account(PUBLIC, 1), "dollars") == 5


def test_a_request_that_is_no_longer_open_cannot_be_filled() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=10)
    game.act("bob", "market-fill", order=1)
    with pytest.raises(ActionRefused, match=r"there is no open request #1 on the public "
                       r"market \(Rule 22, Public Market\)"):
        game.act("carol", "market-fill", order=1)


def test_a_request_the_player_cannot_cover_is_refused_in_the_markets_name() -> None:
    game = new()
    with pytest.raises(ActionRefused, match=r"a buy request for 1 apple at 101 dollars "
                       r"needs 101 dollars \(Rule 22, Public Market\); alice has 100"):
        game.act("alice", "market-buy", good="apple", price=101)
    with pytest.raises(ActionRefused, match=r"needs 3 pear .*alice has 2"):
        game.act("alice", "market-sell", good="pear", price=1, quantity=3)
    game.act("bob", "market-sell", good="pear", price=100)
    game.act("alice", "market-sell", good="apple", price=1)
    game.act("alice", "market-buy", good="apple", price=1)  # alice has 99 now
    with pytest.raises(ActionRefused, match=r"filling request #1 needs 100 dollars"):
        game.act("alice", "market-fill", order=1)
    assert held(game, "alice", "dollars") == 99


def test_the_dead_may_not_use_the_market() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=10)
    game.act("admin", "die", player="bob")
    with pytest.raises(ActionRefused, match=r"bob is dead \(Rule 22, Public Market\)"):
        game.act("bob", "market-fill", order=1)
    assert not [a for a in game.legal_actions("bob") if a["name"].startswith("market-")]


def test_only_goods_are_traded() -> None:
    game = new()
    with pytest.raises(ActionRefused, match=r"'dollars' is not traded on the public market"):
        game.act("alice", "market-sell", good="dollars", price=10)


def test_best_prices_are_the_lowest_ask_and_the_highest_bid_the_older_first() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=12)   # 1
    game.act("bob", "market-sell", good="apple", price=9)      # 2
    game.act("carol", "market-sell", good="apple", price=9)    # 3
    game.act("alice", "market-buy", good="apple", price=4)     # 4
    game.act("bob", "market-buy", good="apple", price=6)       # 5
    game.act("carol", "market-buy", good="pear", price=8)      # 6
    root = game.state.root
    assert market.lowest_ask(root, PUBLIC, "apple") == 9
    assert market.best(root, PUBLIC, "apple", market.SELL)["id"] == 2  # type: ignore[index]
    assert market.highest_bid(root, PUBLIC, "apple") == 6
    assert market.lowest_ask(root, PUBLIC, "pear") is None
    offers = market.best_offers(root, PUBLIC)
    assert list(offers) == ["apple", "pear"]
    assert offers["pear"][market.BUY]["id"] == 6  # type: ignore[index]
    first = market.requests(root, PUBLIC, "apple", market.SELL, page=1, per_page=2)
    second = market.requests(root, PUBLIC, "apple", market.SELL, page=2, per_page=2)
    assert ([o["id"] for o in first.orders], [o["id"] for o in second.orders]) == ([2, 3], [1])
    assert (first.pages, first.total) == (2, 3)
    page = market.page_of(root, PUBLIC, "apple", per_page=10)
    assert [o["id"] for o in page["buy"]["orders"]] == [5, 4]
    game.act("carol", "market-fill", order=2)
    assert market.best(game.state.root, PUBLIC, "apple", market.SELL)["id"] == 3  # type: ignore[index]


def test_a_request_for_several_units_may_be_filled_in_part() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=5, quantity=3)
    game.act("bob", "market-fill", order=1, quantity=2)
    assert market.order(game.state.root, PUBLIC, 1)["quantity"] == 1  # type: ignore[index]
    assert (held(game, "alice", "dollars"), held(game, "bob", "apple")) == (110, 5)
    assert game.invariant_failures() == []
    with pytest.raises(ActionRefused, match=r"request #1 has 1 apple open, so 2 cannot"):
        game.act("carol", "market-fill", order=1, quantity=2)
    game.act("carol", "market-fill", order=1)
    assert market.open_orders(game.state.root, PUBLIC) == []


def test_the_dark_lord_undercuts_the_lowest_ask_and_his_takings_go_to_the_bank_of_terror(
        ) -> None:
    game = new()
    game.act("admin", "endow", good="pear")  # no sell request for pears: he keeps it
    assert market.open_orders(game.state.root, "public") == []
    game.act("alice", "market-sell", good="apple", price=10)
    game.act("bob", "market-sell", good="apple", price=8)
    game.act("admin", "endow", good="apple")
    lord = market.best(game.state.root, PUBLIC, "apple", market.SELL)
    assert lord is not None
    assert (lord["maker"], lord["price"], lord["proceeds"]) == (DARK_LORD, 7, TERROR)
    game.act("carol", "market-fill", order=lord["id"])
    assert (held(game, TERROR, "dollars"), held(game, DARK_LORD, "dollars")) == (7, 0)
    assert (held(game, DARK_LORD, "apple"), held(game, "carol", "apple")) == (0, 4)
    assert game.invariant_failures() == []


def test_the_invariant_finds_escrow_that_differs_from_the_open_requests() -> None:
    game = new()
    game.act("alice", "market-buy", good="apple", price=10)
    root = game.state.root
    root["accounts"][market.escrow_account(PUBLIC, 1)]["dollars"] = 9
    root["accounts"]["escrow:market:public:7"] = {"apple": 1}
    problems = market.invariant_failures(root)
    assert len(problems) == 2
    assert "escrow:market:public:1 holds {'dollars': 9}" in problems[0]
    assert "escrow:market:public:7 holds {'apple': 1}" in problems[1]


def test_a_replay_of_the_markets_log_is_the_live_game() -> None:
    game = new()
    game.act("alice", "market-sell", good="apple", price=10, quantity=2)
    game.act("bob", "market-buy", good="pear", price=6)
    game.act("carol", "market-fill", order=1, quantity=1)
    game.act("alice", "market-fill", order=2)
    game.act("admin", "endow", good="apple")
    game.act("alice", "market-retract", order=1)
    found = replay(game.log, registry=REGISTRY)
    assert (found.diverged_at, found.divergence) == (None, None)
    rebuilt = Game.rebuild(game.log, secret=SECRET, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root
    assert market.open_orders(rebuilt.state.root, PUBLIC)[0]["maker"] == DARK_LORD


def test_a_request_whose_escrow_a_rule_would_change_is_refused() -> None:
    game = new()
    with game._transaction(game.clock, "admin") as ctx:
        ruleset.enact(ctx, Skimming)
    with pytest.raises(ActionRefused, match=r"the rules would put 9 dollars in escrow, not "
                       r"the 10 it needs \(Rule 22, Public Market\)"):
        game.act("alice", "market-buy", good="apple", price=10)
    assert held(game, "alice", "dollars") == 100
    game.act("alice", "market-sell", good="apple", price=10)  # goods are not skimmed
    assert game.invariant_failures() == []


def test_a_participant_who_is_not_a_player_may_fill_a_request_from_a_chosen_account() -> None:
    game = new()
    game.act("alice", "market-buy", good="pear", price=20)
    with game._transaction(game.clock, "admin") as ctx:
        ctx.transfer(None, DARK_LORD, 1, "pear", "an Imp brings it")
        market.fill(ctx, PUBLIC, 1, by=DARK_LORD, into=TERROR)
    # The Dark Lord's pear goes to alice; her 20 dollars to the account he chose.
    assert (held(game, "alice", "pear"), held(game, TERROR, "dollars")) == (3, 20)
    assert (held(game, DARK_LORD, "pear"), held(game, DARK_LORD, "dollars")) == (0, 0)
    filled = next(e for e in game.log if e["type"] == "market.filled")["data"]
    assert (filled["by"], filled["account"], filled["into"]) == (DARK_LORD, DARK_LORD, TERROR)
    assert game.invariant_failures() == []
