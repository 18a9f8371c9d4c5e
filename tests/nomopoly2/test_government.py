"""Section X (The Government): Public Property, National Parks, voters, the auction,
the dispersal and the Zoo."""

from __future__ import annotations

import json

import pytest
from n2game import Clock, new

from nomicon.boards import numbered, snake
from nomicon.kernel.errors import ActionRefused
from nomicon.sayings import story


def land(g: Clock, player: str, square: int) -> None:
    """``player`` takes a turn earned by an accepted proposal and rolls 3 and 5 (no
    doubles) from eight squares back, landing on ``square``."""
    g.set(f"players.{player}.location", square - 8)
    g.act(player, "propose", title="t", text="x")
    proposal = max(int(k) for k in g.view()["proposals"])
    g.update({proposal: "accept"}, dice=[3, 5])
    assert g.view()["players"][player]["location"] == square


def test_x_2_multiples_of_ten_are_public_property_except_the_carnival() -> None:
    g = new()
    spaces = g.view()["board"]["spaces"]
    for n in (10, 20, 30, 40, 60):
        assert spaces[str(n)]["owner"] == "government"
        assert spaces[str(n)]["public"] is True
    # XV.1: "The Carnival ... does not belong to The Government and is not Public
    # Property".
    assert spaces["50"].get("owner") is None
    assert not spaces["50"].get("public")


def test_x_3_odd_multiples_of_five_above_twenty_are_national_parks() -> None:
    g = new()
    spaces = g.view()["board"]["spaces"]
    for n in (25, 35, 45, 55):
        assert spaces[str(n)]["owner"] == "government"
        assert spaces[str(n)]["park"] is True
    for n in (5, 15, 20, 30):  # not above 20, or an even multiple of 5
        assert not spaces[str(n)].get("park")


def test_x_3_landing_on_a_national_park_costs_ten_dollars() -> None:
    g = new()
    land(g, "alice", 35)
    fees = [e for e in g.events("transfer") if e["data"]["reason"] == "landing on National Park 35"]
    assert [(e["data"]["source"], e["data"]["target"], e["data"]["amount"]) for e in fees] == [
        ("alice", "government", 10)]


def test_x_4_registering_to_vote_costs_a_hundred_dollars_once() -> None:
    g = new()
    g.act("alice", "register-to-vote")
    assert g.view()["players"]["alice"]["registered_voter"] is True
    assert g.dollars("alice") == 900
    assert g.dollars("government") == 100
    with pytest.raises(ActionRefused, match=r"already a Registered Voter \(Rule 1004"):
        g.act("alice", "register-to-vote")
    assert g.dollars("alice") == 900


def test_x_4_a_player_without_a_hundred_dollars_cannot_register() -> None:
    g = new()
    g.set("accounts.bob.dollars", 99)
    with pytest.raises(ActionRefused, match=r"registering costs \$100; bob has \$99"):
        g.act("bob", "register-to-vote")
    assert g.view()["players"]["bob"]["registered_voter"] is False
    assert g.dollars("bob") == 99


def _auction_square_3(g: Clock) -> None:
    # A square the Government came to own (a forfeit, a bankruptcy): auctionable.
    g.set("board.spaces.3.owner", "government")


def test_x_5_the_ladder_going_once_twice_gone_then_sold_to_the_highest_bidder() -> None:
    g = new(("alice", "bob", "carol"))
    _auction_square_3(g)
    g.update()
    lot = g.view()["orgs"]["auction"]["lots"]["square-3"]
    assert (lot["stage"], lot["bid"]) == ("going-once", None)  # the Corporation has $0
    g.act("bob", "bid", lot="square-3", amount=20)
    g.update()
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["stage"] == "going-twice"
    g.act("alice", "bid", lot="square-3", amount=25)
    g.update()
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["stage"] == "gone"
    with pytest.raises(ActionRefused, match=r"square 3 is Gone: no more Bids \(Rule 1005"):
        g.act("carol", "bid", lot="square-3", amount=500)
    before = g.dollars("government")
    g.update()
    # "'Gone' properties have their ownership transferred to the highest Bidder, who
    # pays her last Bid to the Government".
    assert g.view()["board"]["spaces"]["3"]["owner"] == "alice"
    assert g.dollars("alice") == 1000 - 50 * 4 - 25  # four White fines (VIII.11), the Bid
    assert g.dollars("government") == before + 25
    assert "square-3" not in g.view()["orgs"]["auction"]["lots"]


def test_x_5_a_bid_must_be_more_than_the_current_bid() -> None:
    g = new()
    _auction_square_3(g)
    g.update()
    g.act("bob", "bid", lot="square-3", amount=20)
    with pytest.raises(ActionRefused, match=r"more than the current Bid \(\$20\)"):
        g.act("alice", "bid", lot="square-3", amount=20)
    with pytest.raises(ActionRefused, match=r"not auctioning 'square-4'"):
        g.act("alice", "bid", lot="square-4", amount=20)


def test_x_5_the_highest_bid_is_public_but_not_the_bidder() -> None:
    g = new(("alice", "bob", "carol"))
    _auction_square_3(g)
    g.update()
    g.act("bob", "bid", lot="square-3", amount=20)
    seen_by_alice = g.view("alice")["orgs"]["auction"]["lots"]["square-3"]
    assert seen_by_alice["bid"] == 20
    assert seen_by_alice["bidder"] == "(secret)"
    assert g.view("bob")["orgs"]["auction"]["lots"]["square-3"]["bidder"] == "bob"
    assert g.view("admin")["orgs"]["auction"]["lots"]["square-3"]["bidder"] == "bob"
    # Nor does the log name bob to alice.
    assert not any("bob" in str(e.get("data")) and e["type"] == "action"
                   for e in g.game.log_for("alice"))


def test_x_5_the_corporation_bids_half_the_market_value() -> None:
    g = new()
    g.set("accounts.corporation.dollars", 1000)
    g.set("board.spaces.7.owner", "government")
    g.update()
    lot = g.view()["orgs"]["auction"]["lots"]["square-7"]
    # Square 7 lies next to square 10 in the snake's rows of eight, so it is worth
    # eleven dollars times 7 (V.2), $77; half is $38.50, rounded to $39 (IV.4).
    assert lot["bid"] == 39
    assert g.view()["orgs"]["auction"]["lots"]["square-7"]["bidder"] == "corporation"


def test_x_5_public_property_and_national_parks_are_not_auctioned() -> None:
    g = new()
    g.update()
    lots = g.view()["orgs"]["auction"]["lots"]
    assert not any(k in lots for k in ("square-10", "square-25", "square-45"))


def test_x_5_a_gone_lot_without_a_bid_is_auctioned_again() -> None:
    g = new()
    _auction_square_3(g)
    for _ in range(3):
        g.update()
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["stage"] == "gone"
    g.update()
    assert g.view()["board"]["spaces"]["3"]["owner"] == "government"
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["stage"] == "going-once"


def test_x_5_a_winner_who_cannot_pay_does_not_get_the_square() -> None:
    g = new()
    _auction_square_3(g)
    g.update()
    g.act("bob", "bid", lot="square-3", amount=5000)
    g.update()
    g.update()
    g.update()
    assert g.view()["board"]["spaces"]["3"]["owner"] == "government"
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["stage"] == "going-once"
    assert any("bob cannot pay the Bid" in e["message"] for e in g.events("nomopoly2.lot-changed"))


def test_x_5_a_collection_of_items_is_auctioned_the_same_way() -> None:
    g = new()
    g.set("accounts.government.souvenir_hat", 2)
    g.act("admin", "auction-items", collection="hats", items={"souvenir_hat": 2})
    assert g.view()["orgs"]["auction"]["lots"]["hats"]["stage"] == "going-once"
    g.act("bob", "bid", lot="hats", amount=7)
    for _ in range(3):
        g.update()
    assert g.view()["accounts"]["bob"]["souvenir_hat"] == 2
    assert "hats" not in g.view()["orgs"]["auction"]["lots"]


def test_x_6_the_government_disperses_what_it_has_above_15000() -> None:
    g = new(("alice", "bob"))
    g.set("accounts.government.dollars", 15_101)
    g.update()
    # $101 extra, evenly to two players: $50 each; the odd dollar stays.
    assert g.dollars("government") == 15_001
    assert [e["data"]["each"] for e in g.events("nomopoly2.dispersed")] == [50]


def test_x_6_nothing_is_dispersed_at_15000() -> None:
    g = new(("alice", "bob"))
    g.set("accounts.government.dollars", 15_000)
    g.update()
    assert g.events("nomopoly2.dispersed") == []


def test_x_7_the_zoo_fines_25_and_gives_a_hat_by_default() -> None:
    g = new()
    land(g, "alice", 45)
    # 45 is a National Park too ($10), then the Zoo's $25; no answer: the hat.
    assert g.view()["accounts"]["alice"]["souvenir_hat"] == 1
    reasons = [e["data"]["reason"] for e in g.events("transfer")
               if e["data"]["source"] == "alice" and e["data"]["target"] == "government"]
    assert reasons == ["landing on National Park 45", "landing in the Zoo"]


def test_x_7_a_standing_answer_pays_five_dollars_instead_of_the_hat() -> None:
    g = new()
    g.act("alice", "standing-answer", kind="zoo", option="pay")
    land(g, "alice", 45)
    assert g.view()["accounts"]["alice"]["souvenir_hat"] == 0
    fines = [e["data"]["amount"] for e in g.events("transfer")
             if e["data"]["source"] == "alice" and e["data"]["target"] == "government"]
    assert fines == [10, 25, 5]


def test_x_5_a_bid_sent_by_mail_is_carried_out_before_the_auction() -> None:
    g = new(("alice", "bob"))
    _auction_square_3(g)
    g.update()
    # An order received during the week runs in the update's first phase, before the
    # auction moves the lot on.
    g.act("bob", "order", text="bid lot=square-3 amount=30")
    assert g.view()["orgs"]["auction"]["lots"]["square-3"]["bid"] is None
    g.update()
    lot = g.view()["orgs"]["auction"]["lots"]["square-3"]
    assert (lot["stage"], lot["bid"], lot["bidder"]) == ("going-twice", 30, "bob")
    assert g.view("alice")["orgs"]["auction"]["lots"]["square-3"]["bidder"] == "(secret)"


def test_x_2_squares_made_later_are_claimed_at_the_next_update() -> None:
    g = new(board_size=18)
    for _ in range(2):
        g.act("alice", "new-clear-fishing")
    assert g.view()["board"]["spaces"]["20"].get("owner") is None
    g.update()
    assert g.view()["board"]["spaces"]["20"]["owner"] == "government"
    assert g.view()["board"]["spaces"]["20"]["public"] is True


def test_x_5_a_collection_nobody_bought_is_auctioned_again() -> None:
    g = new()
    g.set("accounts.government.souvenir_hat", 1)
    g.act("admin", "auction-items", collection="hat", items={"souvenir_hat": 1})
    for _ in range(3):
        g.update()
    assert g.view()["orgs"]["auction"]["lots"]["hat"]["stage"] == "going-once"
    assert g.view()["accounts"]["escrow:auction-hat"]["souvenir_hat"] == 1


def test_x_5_a_square_the_government_no_longer_owns_leaves_the_auction() -> None:
    g = new()
    _auction_square_3(g)
    g.update()
    g.act("bob", "bid", lot="square-3", amount=20)
    g.set("board.spaces.3.owner", "bob")  # a rule gives it away meanwhile
    g.update()
    assert "square-3" not in g.view()["orgs"]["auction"]["lots"]
    assert g.view()["board"]["spaces"]["3"]["owner"] == "bob"


def test_x_5_a_lot_follows_its_square_when_the_board_is_renumbered() -> None:
    g = new()
    g.set("board.spaces.64.owner", "government")
    g.update()
    g.act("bob", "bid", lot="square-64", amount=20)
    # Square 2 is destroyed and the last square takes its number (XVIII): the
    # auction of square 64 and its Bid go with it to its new number.
    with g.game._transaction(g.game.clock, None) as ctx:
        numbered.renumber(ctx, snake.destroyed(numbered.layout(ctx), 2), why="a test")
    assert g.view()["board"]["spaces"]["2"]["owner"] == "government"
    g.update()
    lots = g.view()["orgs"]["auction"]["lots"]
    assert (lots["square-2"]["stage"], lots["square-2"]["bid"]) == ("going-twice", 20)
    assert "square-64" not in lots


def test_x_5_a_bid_sent_by_mail_does_not_name_the_bidder_to_other_players() -> None:
    # "Also listed on The Government page is the highest Bid to date (but not the name
    # of the highest bidder)": nothing alice reads of bob's mailed bid names him.
    g = new(("alice", "bob"))
    _auction_square_3(g)
    g.update()
    head = g.game.head
    g.act("bob", "order", text="bid lot=square-3 amount=30")
    g.update()
    theirs = [{k: v for k, v in e.items() if k != "to"}
              for e in g.game.log_for("alice", after=head)]
    # (The week's fines name bob, in public, for other reasons.)
    about = [e for e in theirs if e["type"] != "transfer"]
    assert "bob" not in json.dumps(about)
    assert "bob" not in "\n".join(f"{line.who} {line.what}" for line in story(about))
    assert "bob" not in json.dumps(g.view("alice")["orders"])
    assert [e["message"] for e in theirs if e["type"] == "order.sealed"] == [
        "a sealed order was received", "a sealed order was carried out"]
    for reader in ("bob", "admin"):
        done = [e for e in g.game.log_for(reader, after=head) if e["type"] == "order.done"]
        assert [(e["data"]["player"], e["data"]["args"]) for e in done] == [
            ("bob", {"lot": "square-3", "amount": 30})]
