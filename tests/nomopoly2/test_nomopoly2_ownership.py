"""Section VIII: giving, naming, buying by a standing answer, rent and its cuts,
property tax, blocks, renaming, the White fine, Homesteads and Charity."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused


def earned_turn(g: Clock, dice: list[int], player: str = "alice") -> None:
    g.act(player, "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=dice)


def space(g: Clock, n: int) -> dict[str, object]:
    found: dict[str, object] = g.view()["board"]["spaces"][str(n)]
    return found


def test_viii_1_a_player_gives_money_or_items_to_another() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "give", to="bob", what="dollars", count=250)
    assert (g.dollars("alice"), g.dollars("bob")) == (750, 1250)
    with pytest.raises(ActionRefused, match=r"'hats' is not an item of the game"):
        g.act("alice", "give", to="bob", what="hats")
    with pytest.raises(ActionRefused, match=r"'alice' is not another player"):
        g.act("alice", "give", to="alice", what="dollars", count=1)


def test_viii_3_the_owner_names_an_unnamed_square() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "name-square", square=1, name="Home")
    assert space(g, 1)["name"] == "Home"
    with pytest.raises(ActionRefused, match=r"square 1 is already named 'Home'"):
        g.act("alice", "name-square", square=1, name="Again")
    with pytest.raises(ActionRefused, match=r"square 2 is not alice's \(Rule 803, VIII.3 "
                       r"Naming squares\); its owner is bob"):
        g.act("alice", "name-square", square=2, name="Mine")


def test_viii_4_a_standing_answer_buys_the_square_landed_on_at_market_value() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.act("alice", "standing-answer", kind="buy-square", option="buy")
    earned_turn(g, [2, 3])
    assert space(g, 6)["owner"] == "alice"
    assert g.dollars("alice") == 1000 - 10 - 60  # "paying The Government its market price"
    assert g.dollars("government") == 10 + 60


def test_viii_4_without_a_standing_answer_the_square_is_not_bought() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    earned_turn(g, [2, 3])
    assert space(g, 6).get("owner") is None
    assert g.dollars("alice") == 990


def test_viii_4_a_player_without_the_market_value_is_not_offered_the_square() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("accounts.alice.dollars", 69)
    g.act("alice", "standing-answer", kind="buy-square", option="buy")
    earned_turn(g, [2, 3])  # $10 fine: $59 left, less than $60
    assert space(g, 6).get("owner") is None
    assert g.view()["prompts"] == []


def test_viii_5_and_9_rent_to_a_best_friend_is_halved_rounded_down() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    for field, value in (("owner", "bob"), ("color", "teal"), ("name", "Teal Six")):
        g.set(f"board.spaces.6.{field}", value)
    g.act("alice", "befriend", friend="bob")
    g.act("bob", "befriend", friend="alice")
    g.set("players.bob.location", 50)  # bob's own landing is not the point here
    earned_turn(g, [2, 3])
    # Rent: a tenth of $60 is $6, halved: $3. Teal is a Government Color: no cut.
    rents = [e["data"]["amount"] for e in g.events("nomopoly2.rent-paid")]
    assert rents == [3]


def test_viii_5_an_unnamed_square_pays_no_rent() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("board.spaces.6.owner", "bob")
    g.set("board.spaces.6.color", "red")
    earned_turn(g, [2, 3])
    assert g.events("nomopoly2.rent-paid") == []


def test_viii_7_property_tax_is_paid_weekly_or_the_square_goes_to_the_government() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("board.spaces.40.owner", "alice")
    g.set("board.spaces.40.color", "navy")
    g.set("board.spaces.50.owner", "bob")
    g.set("board.spaces.50.color", "khaki")
    g.act("bob", "standing-answer", kind="property-tax", option="give-up")
    g.update()
    # 5% of $400 is $20; bob gives his square up.
    assert g.dollars("alice") == 980
    assert space(g, 40)["owner"] == "alice"
    assert space(g, 50)["owner"] == "government"
    assert g.dollars("bob") == 1000


def test_viii_8_three_squares_of_a_color_no_one_else_has_make_a_block() -> None:
    from nomicon.packs.nomopoly2.ownership import blocks

    g = new(("alice", "bob"), board_size=64)
    for n in (1, 5, 9):
        g.set(f"board.spaces.{n}.owner", "alice")
        g.set(f"board.spaces.{n}.color", "red")
    g.set("board.spaces.2.color", "blue")
    with g.game._transaction(g.now, None) as ctx:
        assert blocks(ctx) == {"alice": ["red"]}
    g.set("board.spaces.2.color", "red")  # bob's square 2
    with g.game._transaction(g.now, None) as ctx:
        assert blocks(ctx) == {}


def test_viii_10_renaming_costs_15_then_30_then_100_to_each_then_freemasonry() -> None:
    g = new(("alice", "bob", "carol"))
    g.act("alice", "name-square", square=1, name="A")
    costs = []
    for name in ("B", "C", "D"):
        before = g.dollars("alice")
        g.act("alice", "rename-square", square=1, name=name)
        costs.append(before - g.dollars("alice"))
    # Paid to the Government, the Corporation and each other player: four payees.
    assert costs == [4 * 15, 4 * 30, 4 * 100]
    assert g.dollars("bob") == 1000 + 15 + 30 + 100
    g.act("alice", "rename-square", square=1, name="E")
    assert g.view()["players"]["alice"]["team"] is None
    assert space(g, 1)["renames"] == 4
    with pytest.raises(ActionRefused, match=r"square 1 has been renamed four times"):
        g.act("alice", "rename-square", square=1, name="F")


def test_viii_11_the_white_fine_is_shared_by_wetha_members_and_freemasons() -> None:
    g = new(("alice", "bob", "carol", "dave"))
    paint_owned(g)
    g.set("board.spaces.1.color", "white")  # alice's square
    g.act("bob", "become-freemason")
    g.set("players.bob.dues_paid", True)  # both: a double share
    g.set("players.carol.dues_paid", True)
    g.update()
    # $50 over 3 shares: $16 each, bob two; $2 leftover leaves the game.
    assert (g.dollars("alice"), g.dollars("bob"), g.dollars("carol"), g.dollars("dave")) \
        == (950, 1032, 1016, 1000)


def test_viii_12_a_homestead_after_three_weeks_on_a_square_saves_its_rent() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    with pytest.raises(ActionRefused, match=r"alice has not ended three consecutive weeks "
                       r"on square 1"):
        g.act("alice", "set-up-homestead")
    for _ in range(3):
        g.update()
    g.act("alice", "set-up-homestead")
    assert g.view()["players"]["alice"]["homesteads"] == [1]


def test_viii_13_charity_gives_a_square_to_the_poorest_requester() -> None:
    g = new(("alice", "bob", "carol"))
    paint_owned(g)
    g.act("alice", "donate-to-charity", square=1)
    assert space(g, 1)["owner"] == "charity"
    g.act("bob", "request-from-charity", square=1)
    g.act("carol", "request-from-charity", square=1)
    g.set("accounts.carol.dollars", 500)  # same number of squares, less money
    g.update()
    assert space(g, 1)["owner"] == "carol"
