"""Section XXIV, The Magic Kazoo: one Kazoo; while its owner plays it for the week she
gives nothing of her own will, pays nothing the rules ask, gains no square; then it
goes to the poorest other player. And XXXIV.3's money associated with the Kazoo."""

from __future__ import annotations

import pytest
from n2game import new

from nomicon.kernel.errors import ActionRefused


def test_xxiv_1_there_is_one_kazoo_and_the_first_player_has_it() -> None:
    g = new(("alice", "bob", "carol"))
    held = {p: g.view()["accounts"][p].get("kazoo", 0) for p in ("alice", "bob", "carol")}
    assert held == {"alice": 1, "bob": 0, "carol": 0}


def test_xxiv_2_only_the_owner_may_play_it() -> None:
    g = new()
    with pytest.raises(ActionRefused, match=r"bob does not own The Magic Kazoo.*Rule 2402"):
        g.act("bob", "play-kazoo")


@pytest.mark.parametrize(("action", "args"), [
    ("calm-tisssg", {}),  # XXXIII.5: $350 to the Government
    ("register-to-vote", {}),  # X.4: $100 to the Government
    ("buy-lottery-tickets", {"count": 1}),  # XIV.1: $50
    ("give-square-to-corporate-player", {"square": 1}),  # XXXIII.4: her square
    ("buy-paint", {"color": "navy"}),  # XIII.4: $100 a can to the Government
    ("commit-suicide", {}),  # XXXIV.3: her money to her Teammates or the Kazoo
])
def test_xxiv_2_the_other_sections_payments_and_gifts_are_neither_offered_nor_taken(
        action: str, args: dict[str, object]) -> None:
    """ "While playing The Magic Kazoo, a player cannot voluntarily give money or
    possessions to any other player or entity." """
    g = new()
    g.act("alice", "play-kazoo")
    assert action not in {a["name"] for a in g.game.legal_actions("alice")}
    before = g.view()
    with pytest.raises(ActionRefused, match=r"alice is playing The Magic Kazoo and cannot "
                       r"voluntarily give money or possessions \(Rule 2402"):
        g.act("alice", action, **args)
    assert g.view() == before


def test_xxiv_2_a_player_playing_cannot_give_money_and_nothing_moves() -> None:
    g = new()
    g.act("alice", "play-kazoo")
    with pytest.raises(ActionRefused, match=r"playing The Magic Kazoo and cannot voluntarily "
                       r"give 5 dollars to bob \(Rule 2402"):
        g.act("alice", "give", to="bob", what="dollars", count=5)
    assert (g.dollars("alice"), g.dollars("bob")) == (1000, 1000)


def test_xxiv_2_she_plays_for_the_entire_week_and_cannot_stop() -> None:
    g = new()
    g.act("alice", "play-kazoo")
    with pytest.raises(ActionRefused, match="already playing"):
        g.act("alice", "play-kazoo")


def test_xxiv_2_a_player_playing_pays_no_rent_on_landing() -> None:
    g = new()
    for field, value in (("owner", "bob"), ("color", "red"), ("name", "Bob's")):
        g.set(f"board.spaces.9.{field}", value)
    g.act("alice", "play-kazoo")
    g.act("alice", "propose", title="t", text="x")
    g.update({1: "accept"}, dice=[3, 5])
    assert g.view()["players"]["alice"]["location"] == 9
    # The $100 for an accepted proposal arrives (IX.6); neither the $9 rent nor the
    # $50 White fine on her own White square (VIII.11) is paid. bob pays his White fine.
    assert g.dollars("alice") == 1100
    assert g.dollars("bob") == 950
    assert [e["data"]["amount"] for e in g.events("nomopoly2.rent-paid")] == [0]


def test_xxiv_2_a_player_playing_cannot_ask_charity_for_a_square() -> None:
    g = new()
    g.act("bob", "donate-to-charity", square=2)  # II.7 gave bob square 2
    g.act("alice", "play-kazoo")
    with pytest.raises(ActionRefused, match=r"cannot gain ownership of a square"):
        g.act("alice", "request-from-charity", square=2)


def test_xxiv_2_a_player_playing_cannot_buy_a_square() -> None:
    g = new()
    g.act("alice", "play-kazoo")
    with pytest.raises(ActionRefused, match=r"Rule 2402"):
        g.act("alice", "new-clear-fishing")
    assert g.dollars("alice") == 1000


def test_xxiv_3_after_the_week_it_goes_to_the_poorest_other_player() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("bob", "give", to="alice", what="dollars", count=10)
    g.act("alice", "play-kazoo")
    g.update()  # update 1: the week she plays ends with it
    v = g.view()
    assert v["players"]["alice"]["kazoo_playing"] is None
    # bob has $990, carol $1000: bob is the player with the least money.
    assert (v["accounts"]["alice"]["kazoo"], v["accounts"]["bob"]["kazoo"]) == (0, 1)


def test_xxiv_3_a_tie_is_decided_by_the_dice() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("alice", "play-kazoo")
    g.act("admin", "update")
    g.game.force_dice([2])  # bob and carol tie at $1000: the second of them
    g.game.advance(g.tick())
    v = g.view()
    assert (v["accounts"]["bob"]["kazoo"], v["accounts"]["carol"]["kazoo"]) == (0, 1)


def test_xxxiv_3_the_money_associated_with_the_kazoo_goes_to_the_first_player() -> None:
    g = new()
    g.set("accounts.magic-kazoo.dollars", 300)
    g.act("alice", "play-kazoo")
    assert g.dollars("alice") == 1300
    assert g.dollars("magic-kazoo") == 0
