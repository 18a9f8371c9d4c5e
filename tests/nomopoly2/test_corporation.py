"""Section XXIII (The Corporation): the Large Factory, the ETF, shares and dividends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from n2game import Clock, new

from nomicon.authoring import Ctx
from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly2 import corporation
from nomicon.packs.nomopoly2.terms import set_fact


def land(g: Clock, player: str, square: int) -> None:
    g.set(f"players.{player}.location", square - 8)
    g.act(player, "propose", title="t", text="x")
    proposal = max(int(k) for k in g.view()["proposals"])
    g.update({proposal: "accept"}, dice=[3, 5])
    assert g.view()["players"][player]["location"] == square


def paid(g: Clock, source: str, target: str) -> list[int]:
    return [e["data"]["amount"] for e in g.events("transfer")
            if e["data"]["source"] == source and e["data"]["target"] == target
            and e["data"]["currency"] == "dollars"]


def test_xxiii_2_the_large_factory_is_the_corporation_s_and_a_pollutant() -> None:
    g = new()
    square = g.view()["board"]["spaces"]["22"]
    assert (square["owner"], square["pollutant"]) == ("corporation", True)


def test_xxiii_2_the_fine_and_half_of_it_to_each_adjacent_utility_s_owner() -> None:
    g = new(("alice", "bob", "carol"))
    for n, owner in ((21, "bob"), (23, "carol")):
        g.set(f"board.spaces.{n}.utility", True)
        g.set(f"board.spaces.{n}.owner", owner)
    land(g, "alice", 22)
    assert paid(g, "alice", "corporation") == [60]
    assert paid(g, "corporation", "bob") == [30]
    assert paid(g, "corporation", "carol") == [30]


def test_xxiii_2_a_neighbour_that_is_not_a_utility_gets_nothing() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.21.owner", "bob")
    land(g, "alice", 22)
    assert paid(g, "alice", "corporation") == [60]
    assert paid(g, "corporation", "bob") == []


def _deliver(ctx: Ctx, player: str) -> None:
    set_fact(ctx, "delivered", [player])


@pytest.fixture
def gadget() -> Iterator[None]:
    """One Experimental Technology at the ETF (section XIX registers the real ones)."""
    corporation.register_technology(corporation.Technology("Gadget", 100, _deliver))
    yield
    del corporation.TECHNOLOGIES["Gadget"]


def test_xxiii_3_the_etf_fines_50_and_sells_nothing_without_an_answer(gadget: None) -> None:
    g = new()
    land(g, "alice", 51)
    assert paid(g, "alice", "corporation") == [50]
    assert g.view()["orgs"].get("delivered") is None


def test_xxiii_3_a_standing_answer_buys_a_technology_at_the_etf(gadget: None) -> None:
    g = new()
    g.act("alice", "standing-answer", kind="etf-purchase", option="Gadget")
    land(g, "alice", 51)
    assert paid(g, "alice", "corporation") == [50, 100]
    assert g.view()["orgs"]["delivered"] == ["alice"]


def test_xxiii_4_shares_are_bought_at_their_price() -> None:
    g = new()
    g.act("alice", "buy-shares", count=30)
    assert g.dollars("alice") == 700
    assert g.view()["accounts"]["alice"]["shares"] == 30
    assert g.view()["accounts"]["corporation"]["shares"] == 970
    assert g.view()["players"]["alice"]["shares_cost"] == 300  # V.5's Net Value reads it
    with pytest.raises(ActionRefused, match=r"only 970 unowned shares \(Rule 2304"):
        g.act("bob", "buy-shares", count=971)


def test_xxiii_4_every_4000_collected_pays_a_dividend_raises_the_price_issues_1000() -> None:
    g = new()
    g.set("accounts.alice.dollars", 10_000)
    g.act("alice", "buy-shares", count=400)  # $4000 collected
    # $1 for each of alice's 400 shares, $1 to the SBA for each of the 600 unowned.
    assert g.dollars("alice") == 10_000 - 4000 + 400
    assert g.dollars("sba") == 600
    assert g.dollars("corporation") == 3000
    record = g.view()["orgs"]["shares"]
    assert (record["price"], record["collected"], record["dividends"]) == (11, 0, 1)
    assert g.view()["accounts"]["corporation"]["shares"] == 600 + 1000
    g.act("alice", "buy-shares", count=10)
    assert g.dollars("alice") == 10_000 - 4000 + 400 - 110  # at the new price


def test_xxiii_4_no_dividend_below_4000() -> None:
    g = new()
    g.set("accounts.alice.dollars", 10_000)
    g.act("alice", "buy-shares", count=399)
    assert g.events("nomopoly2.dividend-paid") == []
    assert g.view()["orgs"]["shares"]["collected"] == 3990
