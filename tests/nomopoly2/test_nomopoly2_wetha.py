"""Section XXVIII (the WETHA): Dues, the rent dice, Lodges, the Giveaway Queue, trees."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused


def turn(g: Clock, who: str, start: int, dice: list[int]) -> None:
    """``who`` stands on ``start`` and takes a turn her proposal earns ($10 fine for
    its rejection, IX), with ``dice`` forced."""
    g.set(f"players.{who}.location", start)
    g.act(who, "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=dice)


def owner(g: Clock, square: int) -> object:
    return g.view()["board"]["spaces"][str(square)].get("owner")


def test_xxviii_4_lodges_are_the_wethas_pollutants_on_28_and_53_and_83_later() -> None:
    g = new(("alice", "bob"))
    spaces = g.view()["board"]["spaces"]
    for n in (28, 53):
        assert (spaces[str(n)]["owner"], spaces[str(n)]["pollutant"]) == ("wetha", True)
    assert g.view()["board"]["size"] == 64
    for _ in range(19):
        g.set("accounts.alice.dollars", 1000)
        g.act("alice", "new-clear-fishing")
    assert owner(g, 83) == "wetha"


def test_xxviii_2_dues_are_paid_to_the_wetha() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "pay-dues", amount=3)
    assert (g.dollars("alice"), g.dollars("wetha")) == (997, 3)
    assert g.view()["players"]["alice"]["dues_paid"] == 3
    g.set("accounts.alice.dollars", 0)
    with pytest.raises(ActionRefused, match=r"alice has no money to pay Dues with.*Rule 2802"):
        g.act("alice", "pay-dues", amount=1)


@pytest.mark.parametrize(("die", "rent"), [(1, 0), (1296, 7)])
def test_xxviii_3_four_dice_per_dollar_waive_rent_or_add_a_dollar(die: int, rent: int
                                                                  ) -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("board.spaces.6.owner", "bob")
    g.set("board.spaces.6.name", "Bob's")
    g.set("board.spaces.6.color", "navy")
    g.act("alice", "pay-dues", amount=1)
    # 1d1296 = 1 reads as four 1s (4 pips: under five, no rent); 1296 as four 6s
    # (24 pips: none under five, the $6 rent and an extra dollar).
    turn(g, "alice", 1, [2, 3, die])
    assert g.view()["players"]["alice"]["location"] == 6
    assert g.dollars("alice") == 1000 - 1 - 10 - rent
    (dice,) = g.events("nomopoly2.wetha-dice")
    assert dice["data"]["rolls"] == ([4] if rent == 0 else [24])


def test_xxviii_3_many_dollars_of_dues_roll_six_4d6_to_an_event() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("board.spaces.6.owner", "bob")
    g.set("board.spaces.6.name", "Bob's")
    g.set("board.spaces.6.color", "navy")
    g.act("alice", "pay-dues", amount=8)
    turn(g, "alice", 1, [2, 3])
    rolls = [e for e in g.events("dice.rolled") if "WETHA" in e["data"]["purpose"]]
    assert [e["data"]["sides"] for e in rolls] == [1296 ** 6, 1296 ** 2]
    (dice,) = g.events("nomopoly2.wetha-dice")
    assert len(dice["data"]["rolls"]) == 8


def test_xxviii_5_and_7_forfeiture_to_the_giveaway_queue_and_a_freemasons_gift() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    for n in (5, 30):
        g.set(f"board.spaces.{n}.owner", "alice")
        g.set(f"board.spaces.{n}.color", "blue")
    # alice's squares by market value: 1 ($10), 5 ($50), 30 ($300): the second least
    # valuable, 5, goes to the WETHA.
    turn(g, "alice", 23, [2, 3])
    assert g.view()["players"]["alice"]["location"] == 28
    assert owner(g, 5) == "wetha"
    g.act("bob", "become-freemason")
    turn(g, "bob", 25, [1, 2])
    assert owner(g, 5) == "bob"
    (forfeit, gift) = g.events("nomopoly2.lodge-visited")
    assert (forfeit["data"]["what"], gift["data"]["what"]) == ("forfeit", "gift")


def test_xxviii_5_a_named_second_square_is_not_forfeited() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("board.spaces.13.owner", "alice")  # Vynd's Hot Springs Resort, named
    g.set("board.spaces.30.owner", "alice")
    turn(g, "alice", 23, [2, 3])
    assert (owner(g, 13), owner(g, 30)) == ("alice", "alice")


def test_xxviii_6_a_member_on_a_team_pays_50_and_takes_the_first_gift() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("board.spaces.40.owner", "wetha")
    g.set("orgs.wetha_queue", [g.view()["board"]["spaces"]["40"]["id"]])
    g.act("alice", "pay-dues", amount=1)
    turn(g, "alice", 23, [2, 3])
    assert g.dollars("wetha") == 51
    assert g.dollars("alice") == 1000 - 1 - 10 - 50
    assert owner(g, 40) == "alice"
    assert g.view()["orgs"]["wetha_queue"] == []


def test_xxviii_8_trees_need_dues_and_a_clean_square() -> None:
    g = new(("alice", "bob"))
    with pytest.raises(ActionRefused, match="alice has not paid Dues to the WETHA"):
        g.act("alice", "plant-tree", square=10)
    g.act("alice", "pay-dues", amount=1)
    with pytest.raises(ActionRefused, match="square 28 is a pollutant"):
        g.act("alice", "plant-tree", square=28)
    g.act("alice", "plant-tree", square=10)
    assert g.view()["board"]["spaces"]["10"]["tree"] is True
    with pytest.raises(ActionRefused, match="square 10 has a tree already"):
        g.act("alice", "plant-tree", square=10)


def test_the_invariants_catch_a_lodge_not_the_wethas_and_chains_under_10_pounds() -> None:
    g = new(("alice", "bob"))
    pack = g.game.pack
    assert pack.invariants(g.view()) == []
    g.set("board.spaces.28.owner", "alice")
    g.set("players.bob.chains", {"pounds": 5, "rusty": False, "quiet_weeks": 0})
    assert pack.invariants(g.view()) == [
        "bob is bound by Chains of 5 pounds",
        "the Lodge on square 28 is not the WETHA's pollutant",
    ]
