"""Section XIV (Lottery): tickets, the draw every second update, the rollover."""

from __future__ import annotations

import pytest
from n2game import new

from nomicon.kernel.errors import ActionRefused


def test_xiv_1_a_ticket_costs_50_of_which_40_goes_to_the_pot() -> None:
    g = new()
    assert g.view()["orgs"]["lottery"]["pot"] == 250  # "initially starts at $250"
    assert g.view()["accounts"]["government"]["lottery_ticket"] == 5
    g.act("alice", "buy-lottery-tickets", count=2)
    assert g.dollars("alice") == 900
    assert g.dollars("government") == 20
    assert g.view()["accounts"]["escrow:lottery-pot"]["dollars"] == 330
    assert g.view()["orgs"]["lottery"]["pot"] == 330
    assert g.view()["accounts"]["alice"]["lottery_ticket"] == 2


def test_xiv_1_a_player_who_cannot_pay_buys_no_ticket() -> None:
    g = new()
    g.set("accounts.bob.dollars", 49)
    with pytest.raises(ActionRefused, match=r"1 tickets cost \$50; bob has \$49 \(Rule 1401"):
        g.act("bob", "buy-lottery-tickets", count=1)
    assert g.view()["accounts"]["bob"]["lottery_ticket"] == 0


def test_xiv_2_the_lottery_is_held_every_second_update_and_a_player_wins_the_pot() -> None:
    g = new()
    g.act("alice", "buy-lottery-tickets", count=2)
    g.update()
    assert g.events("nomopoly2.lottery-drawn") == []  # the first week: no Lottery
    # Seven tickets: alice's two, then the Government's five; a 1 draws alice's.
    g.game.force_dice([1])
    g.update()
    [draw] = g.events("nomopoly2.lottery-drawn")
    assert (draw["data"]["winner"], draw["data"]["tickets"], draw["data"]["pot"]) == (
        "alice", 7, 330)
    assert g.dollars("alice") == 900 - 2 * 50 + 330  # two weeks of White fines (VIII.11)
    # XIV.3: the tickets are gone; the next Lottery starts at $250 with five new ones.
    assert g.view()["accounts"]["alice"]["lottery_ticket"] == 0
    assert g.view()["accounts"]["government"]["lottery_ticket"] == 5
    assert g.view()["orgs"]["lottery"]["pot"] == 250
    # XIV.4: the winner is on the Government page.
    assert g.view()["orgs"]["lottery"]["winners"] == [
        {"lottery": 1, "winner": "alice", "pot": 330}]


def test_xiv_2_a_government_ticket_rolls_the_pot_over() -> None:
    g = new()
    g.act("alice", "buy-lottery-tickets", count=2)
    g.update()
    g.game.force_dice([3])  # the first of the Government's tickets
    g.update()
    [draw] = g.events("nomopoly2.lottery-drawn")
    assert draw["data"]["winner"] == "government"
    assert g.view()["orgs"]["lottery"]["pot"] == 330 + 250
    assert g.view()["accounts"]["escrow:lottery-pot"]["dollars"] == 580
    assert g.view()["orgs"]["lottery"]["number"] == 2


def test_xiv_3_the_government_s_tickets_do_not_pile_up() -> None:
    g = new()
    for _ in range(4):
        g.update()
    assert len(g.events("nomopoly2.lottery-drawn")) == 2
    assert g.view()["accounts"]["government"]["lottery_ticket"] == 5
