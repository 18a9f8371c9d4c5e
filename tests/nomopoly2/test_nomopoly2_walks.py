"""Sections XI (Jumpgates), XII (Utilities), XV (The Carnival), XVI (Dice), XVII (The
Candyland Phase), XX (Double Dip) and XXV.1 (the Resort's fees): what happens while
a piece walks and when it lands."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused


def earned_turn(g: Clock, player: str, dice: list[int], verdict: str = "reject") -> None:
    """``player`` proposes; the update judges it ($10 or $100) and she takes the turn."""
    g.act(player, "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: verdict}, dice=dice)


def where(g: Clock, player: str) -> int:
    found: int = g.view()["players"][player]["location"]
    return found


def own(g: Clock, player: str, *numbers: int, color: str | None = None) -> None:
    for n in numbers:
        g.set(f"board.spaces.{n}.owner", player)
        if color:
            g.set(f"board.spaces.{n}.color", color)


# -- XI. Jumpgates ------------------------------------------------------------------

def test_xi_1_a_square_is_part_of_one_jumpgate_at_most() -> None:
    g = new()
    g.act("admin", "make-jumpgate", first=5, second=30)
    assert g.view()["board"]["spaces"]["30"]["jumpgate"] == 5
    with pytest.raises(ActionRefused, match=r"square 30 is part of a Jumpgate already"):
        g.act("admin", "make-jumpgate", first=30, second=40)


def test_xi_2_a_gate_of_matching_colours_carries_the_player_with_its_toll() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("admin", "make-jumpgate", first=6, second=30)
    own(g, "bob", 6, 30, color="navy")
    with pytest.raises(ActionRefused, match=r"a toll of \$26 is not allowed \(Rule 1102,"):
        g.act("bob", "set-toll", square=6, amount=26)
    g.act("bob", "set-toll", square=6, amount=25)
    earned_turn(g, "alice", [2, 3])
    assert where(g, "alice") == 30  # transported to the sister, landing on it
    tolls = [e["data"]["amount"] for e in g.events("transfer")
             if "toll" in e["data"]["reason"]]
    assert tolls == [25]  # and not carried back from 30 ("via any rule other than this")


def test_xi_2_gates_of_different_colours_carry_nobody() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("admin", "make-jumpgate", first=6, second=30)
    own(g, "bob", 6, color="navy")
    own(g, "bob", 30, color="teal")
    earned_turn(g, "alice", [2, 3])
    assert where(g, "alice") == 6


def test_xi_3_buying_a_gate_square_buys_its_sister() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    # The sister is 33, a square X.2 and X.3 leave to nobody (30 is Public Property).
    g.act("admin", "make-jumpgate", first=6, second=33)
    g.act("alice", "standing-answer", kind="buy-square", option="buy")
    earned_turn(g, "alice", [2, 3])
    spaces = g.view()["board"]["spaces"]
    assert spaces["6"]["owner"] == spaces["33"]["owner"] == "alice"
    assert g.dollars("alice") == 1000 - 10 - 60 - 330  # both market values (V.1)


def test_xi_3_without_the_money_for_both_she_buys_neither() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("admin", "make-jumpgate", first=6, second=33)
    g.set("accounts.alice.dollars", 300)
    g.act("alice", "standing-answer", kind="buy-square", option="buy")
    earned_turn(g, "alice", [2, 3])
    spaces = g.view()["board"]["spaces"]
    assert spaces["6"].get("owner") is None and spaces["33"].get("owner") is None
    assert g.dollars("alice") == 290
    unused = g.events("standing.unused") or [e for e in g.game.log
                                             if "is not given" in e.get("message", "")]
    assert unused and "Rule 1103" in unused[-1]["message"]


# -- XII. Utilities -----------------------------------------------------------------

def test_xii_1_a_declared_utility_stands_until_the_admin_cancels_it() -> None:
    g = new(("alice", "bob"))
    own(g, "bob", 8)
    with pytest.raises(ActionRefused, match=r"square 8 is not alice's \(Rule 1201,"):
        g.act("alice", "declare-utility", square=8)
    g.act("bob", "declare-utility", square=8)
    assert g.view()["board"]["spaces"]["8"]["utility"] is True
    prompt = next(p for p in g.view()["prompts"] if p["to"] == "admin")
    g.act("admin", "choose", prompt=prompt["id"], option="cancel")
    assert g.view()["board"]["spaces"]["8"]["utility"] is False


def test_xii_2_landing_on_a_utility_pays_5_a_pip_of_the_owners_die() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 6, color="red")
    g.set("board.spaces.6.name", "Power")
    g.act("bob", "declare-utility", square=6)
    earned_turn(g, "alice", [2, 3, 4])  # the owner's die: 4 pips, $20
    assert where(g, "alice") == 6
    assert g.dollars("alice") == 1000 - 10 - 20 and g.dollars("bob") == 1020
    assert not g.events("nomopoly2.rent-paid")  # V.4: a Utility's rent is zero


# -- XV. The Carnival ---------------------------------------------------------------

@pytest.mark.parametrize(("die", "dollars", "sick"), [
    (1, 990, True), (2, 1000, False), (3, 1000, False), (4, 980, False), (5, 980, False)])
def test_xv_2_trying_his_luck(die: int, dollars: int, sick: bool) -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.location", 45)
    earned_turn(g, "alice", [2, 3, die])
    assert where(g, "alice") == 50
    assert g.dollars("alice") == dollars and bool(g.view()["players"]["alice"].get("sick")) is sick
    if die in (4, 5):
        assert g.dollars("government") == 10  # the $10 lost disappears from the game


def test_xv_2_a_six_takes_another_turn_at_once() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.location", 45)
    earned_turn(g, "alice", [2, 3, 6, 1, 2])
    turns = [(e["data"]["start"], e["data"]["end"], e["data"]["speeding"])
             for e in g.events("nomopoly2.turn-taken")]
    assert turns == [(50, 53, False), (45, 50, False)]  # the inner turn is logged first
    assert where(g, "alice") == 53


# -- XVI. Dice ----------------------------------------------------------------------

def test_xvi_2_and_3_extra_dice_cost_20_a_player_and_add_or_subtract() -> None:
    g = new(("alice", "bob", "carol"))
    paint_owned(g)
    g.act("alice", "buy-extra-dice", count=2)
    assert g.view()["accounts"]["alice"]["extra_dice"] == 2 and g.dollars("alice") == 880
    with pytest.raises(ActionRefused, match=r"alice has 2 extra dice, not 3 \(Rule 1603,"):
        g.act("alice", "use-extra-dice", count=3, sign="+")
    g.act("alice", "use-extra-dice", count=1, sign="-")
    earned_turn(g, "alice", [5, 4, 2])  # 9 - 2 = 7: a non-speeding 7 (VII.6) moves 14
    turn = g.events("nomopoly2.turn-taken")[-1]["data"]
    assert (turn["dice"], turn["pips"], turn["end"]) == ([5, 4, -2], 7, 15)
    assert g.view()["accounts"]["alice"]["extra_dice"] == 1  # the used die is removed


def test_xvi_4_a_multiple_of_13_by_default_does_nothing_special() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.act("alice", "buy-extra-dice", count=1)
    g.act("alice", "use-extra-dice", count=1, sign="+")
    earned_turn(g, "alice", [6, 5, 2])  # 13
    assert where(g, "alice") == 14 and where(g, "bob") == 1
    assert any(e["data"].get("default") == "nothing" for e in g.events("prompt.opened"))


def test_xvi_4_a_standing_answer_trades_places() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("players.bob.location", 70)
    g.act("alice", "buy-extra-dice", count=1)
    g.act("alice", "use-extra-dice", count=1, sign="+")
    g.act("alice", "standing-answer", kind="multiple-of-13", option="swap:bob")
    earned_turn(g, "alice", [6, 5, 2])
    assert where(g, "alice") == 70 and where(g, "bob") == 14


def test_xvi_4_so_sorry_sends_an_enemy_home_for_30() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("players.alice.team", "south")
    g.set("players.bob.team", "north")
    # On a board of 100 (rows of 10) the South base is the bottom row, 1-10 (VI.6),
    # the North base the top row, 91-100.
    g.set("players.bob.location", 3)
    g.act("alice", "buy-extra-dice", count=1)
    g.act("alice", "use-extra-dice", count=1, sign="+")
    g.act("alice", "standing-answer", kind="multiple-of-13", option="so-sorry:bob")
    earned_turn(g, "alice", [6, 5, 2])
    assert where(g, "bob") == 91
    assert g.dollars("bob") == 970
    assert g.dollars("alice") == 1000 - 40 - 10 + 30


def test_xvi_5_a_sick_players_1_cures_her_and_paints_her_square() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.sick", True)
    g.set("players.alice.location", 9)
    earned_turn(g, "alice", [1])
    view = g.view()
    assert view["players"]["alice"]["sick"] is False
    # "the current Sickness Color": XXX.6, "The Sickness Color is currently Yellow".
    assert view["board"]["spaces"]["9"]["color"] == "yellow"  # before the move
    assert where(g, "alice") == 10


# -- XVII. The Candyland Phase ------------------------------------------------------

def test_xvii_cl_turns_walk_alphabetically_to_the_colour_spun() -> None:
    g = new(("bob", "alice"), candyland=True, board_size=16)
    for n in (1, 2):
        g.set(f"board.spaces.{n}.color", "blue")  # the players' squares (II.7)
    g.set("board.spaces.5.color", "teal")
    g.set("board.spaces.12.color", "blue")
    # Both stand on square 1. The wheel (Blue, Teal in XIII.1's order): Blue for
    # alice, who goes first by name, then Teal for bob.
    g.game.force_dice([1, 2])
    g.update()
    assert where(g, "alice") == 2 and where(g, "bob") == 5
    walks = [e["data"]["piece"] for e in g.events("walked")]
    assert walks == ["alice", "bob"]


def test_xvii_a_colour_only_on_her_square_takes_her_round_past_the_top() -> None:
    g = new(("alice",), candyland=True, board_size=9)
    g.set("board.spaces.1.color", "red")
    g.update()
    assert where(g, "alice") == 1 and g.dollars("alice") == 1000 + 400


def test_xvii_no_colour_on_the_board_no_cl_turn() -> None:
    g = new(("alice",), candyland=True, board_size=9)
    g.update()
    assert where(g, "alice") == 1 and not g.events("walked")


# -- XX. Double Dip -----------------------------------------------------------------

def test_xx_landing_on_the_double_dip_moves_twice_the_pips_and_matches_payments() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    own(g, "bob", 37)
    own(g, "bob", 49, color="red")
    g.set("board.spaces.49.name", "Pricey")
    g.set("players.alice.location", 31)
    earned_turn(g, "alice", [2, 4])  # 6 pips to 37, then 12 more to 49
    assert where(g, "alice") == 49
    # Rent on 49, a tenth of $490, is paid during the extra movement, and matched to
    # the Double Dip's owner (bob both times).
    rents = [e["data"]["amount"] for e in g.events("transfer")
             if e["data"]["source"] == "alice" and e["data"]["target"] == "bob"]
    assert rents == [49, 49]


# -- XXV.1 --------------------------------------------------------------------------

def test_xxv_1_the_resorts_owner_pays_the_corporation_half_its_fees() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 13, color="teal")
    g.set("board.spaces.13.name", "Vynd's")
    g.set("players.alice.location", 8)
    # After alice's 2 and 3 the pseudoplayers move on forced dice that keep them off
    # the Resort (the Phantom Piece's 1 and 2, the Corporate Player's 1, 2, 1,
    # TISSSG's 2, 1, 3), so that only alice's fee is split.
    earned_turn(g, "alice", [2, 3, 1, 2, 1, 2, 1, 2, 1, 3])
    # 13 is adjacent to the Public Property 20 (X.2), so its market value is $143
    # (V.2) and its rent $14 (IV.4); half of it to the Corporation, $7.
    assert g.dollars("corporation") == 7
    assert g.dollars("bob") == 1000 - 7 + 14 - 7  # after its property tax (VIII.7)


def test_xvi_3_subtracted_dice_below_one_leave_her_where_she_is() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("alice", "buy-extra-dice", count=1)
    g.act("alice", "use-extra-dice", count=1, sign="-")
    earned_turn(g, "alice", [1, 2, 6])  # 3 - 6
    turn = g.events("nomopoly2.turn-taken")[-1]["data"]
    assert (turn["pips"], turn["start"], turn["end"]) == (-3, 1, 1)
    assert g.events("walked")[-1]["data"]["stopped"].startswith("no pips to move")
