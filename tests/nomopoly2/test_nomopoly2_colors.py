"""Section XIII (Colors) and XXV (Vynd's Hot Springs Resort): painting, paint cans, the
GIPPer, block protection, Tefflon, glue, grease and one coating at a time."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly2.colors import canonical


def earned_turn(g: Clock, player: str, dice: list[int]) -> None:
    """``player`` makes a proposal; the update rejects it ($10) and she takes the turn."""
    g.act(player, "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=dice)


def space(g: Clock, number: int) -> dict[str, object]:
    found: dict[str, object] = g.view()["board"]["spaces"][str(number)]
    return found


def own(g: Clock, player: str, *numbers: int, color: str | None = None) -> None:
    for n in numbers:
        g.set(f"board.spaces.{n}.owner", player)
        if color:
            g.set(f"board.spaces.{n}.color", color)


def test_xiii_1_and_2_squares_start_white_in_one_of_thirteen_colours() -> None:
    g = new(("alice",), board_size=16)
    assert {space(g, n).get("color", "white") for n in range(1, 17)} == {"white"}


def test_xiii_3_an_owner_paints_a_corporate_color_for_50_to_the_corporation() -> None:
    g = new()
    own(g, "alice", 5)
    g.act("alice", "paint-square", square=5, color="red")
    assert space(g, 5)["color"] == "red"
    assert g.dollars("alice") == 950 and g.dollars("corporation") == 50
    with pytest.raises(ActionRefused, match=r"teal is not a Corporate Color \(Rule 1303,"):
        g.act("alice", "paint-square", square=5, color="teal")
    with pytest.raises(ActionRefused, match=r"square 6 is not alice's.*\(Rule 1303,"):
        g.act("alice", "paint-square", square=6, color="red")


def test_xiii_4_a_can_of_government_paint_is_poured_where_she_stands() -> None:
    g = new()
    g.set("players.alice.location", 7)
    with pytest.raises(ActionRefused, match=r"alice has no can of navy paint.*\(Rule 1304,"):
        g.act("alice", "pour-paint", color="navy")
    g.act("alice", "buy-paint", color="navy")
    assert g.view()["accounts"]["alice"]["paint_navy"] == 1
    assert g.dollars("alice") == 900 and g.dollars("government") == 100
    g.act("alice", "pour-paint", color="navy")
    # Poured on the square she occupies, owned by nobody, and the can is expended.
    assert space(g, 7)["color"] == "navy"
    assert g.view()["accounts"]["alice"].get("paint_navy", 0) == 0
    with pytest.raises(ActionRefused, match=r"red is not a Government Color \(Rule 1304,"):
        g.act("alice", "buy-paint", color="red")


def test_xiii_1_fuchsia_and_fuschia_are_one_colour() -> None:
    g = new()
    g.act("alice", "buy-paint", color="fuschia")
    g.act("alice", "pour-paint", color="fuschia")
    assert space(g, 1)["color"] == "fuschia"
    assert canonical("Fuchsia") == canonical("FUSCHIA") == "fuschia"


def test_xiii_5_the_gipper_brings_a_can_for_50_above_the_paint() -> None:
    g = new()
    own(g, "alice", 20, 21)
    g.act("alice", "hire-gipper", square=20, color="teal")  # a new can: $100 + $50
    assert space(g, 20)["color"] == "teal" and g.dollars("alice") == 850
    g.act("alice", "buy-paint", color="lime")
    g.act("alice", "hire-gipper", square=21, color="lime")  # her own can: $50
    assert space(g, 21)["color"] == "lime" and g.dollars("alice") == 850 - 100 - 50
    assert g.dollars("government") == 300
    with pytest.raises(ActionRefused, match=r"square 22 is not alice's.*\(Rule 1305,"):
        g.act("alice", "hire-gipper", square=22, color="teal")


def test_xiii_6_painting_the_elephant_costs_1000_plus_the_paint() -> None:
    g = new()
    with pytest.raises(ActionRefused, match=r"alice has \$1000, not the \$1100 it costs "
                       r"\(Rule 1306,"):
        g.act("alice", "paint-elephant", color="maroon")  # $1000 and a new can
    assert g.dollars("alice") == 1000 and "pseudo" not in g.view()
    g.set("accounts.alice.dollars", 1500)
    g.act("alice", "paint-elephant", color="maroon")
    assert g.view()["pseudo"]["elephant"]["skin"] == "maroon"
    assert g.dollars("alice") == 400 and g.dollars("government") == 1100


def test_xiii_7_nobody_paints_a_square_the_colour_of_a_block() -> None:
    g = new(("alice", "bob"))
    own(g, "bob", 10, 11, 12, color="red")  # three Red squares: bob's block
    own(g, "alice", 20)
    with pytest.raises(ActionRefused, match=r"bob owns a block in red.*\(Rule 1307,"):
        g.act("alice", "paint-square", square=20, color="red")
    g.act("alice", "paint-square", square=20, color="blue")
    assert space(g, 20)["color"] == "blue"


def test_xiii_9_and_10_tefflon_stops_every_recolouring_until_removed() -> None:
    g = new()
    own(g, "alice", 5)
    g.act("alice", "apply-tefflon", square=5)
    assert space(g, 5)["coating"] == "tefflon" and g.dollars("corporation") == 300
    with pytest.raises(ActionRefused, match=r"coated in Tefflon.*\(Rule 1309,"):
        g.act("alice", "paint-square", square=5, color="red")
    with pytest.raises(ActionRefused, match=r"already coated in tefflon.*\(Rule 1313,"):
        g.act("alice", "apply-tefflon", square=5)
    g.act("alice", "remove-tefflon", square=5)
    assert space(g, 5)["coating"] is None and g.dollars("alice") == 400
    with pytest.raises(ActionRefused, match=r"square 5 has no coat of Tefflon.*\(Rule 1310,"):
        g.act("alice", "remove-tefflon", square=5)


def test_xiii_13_a_square_has_one_coating_at_a_time() -> None:
    g = new()
    own(g, "alice", 5)
    g.act("alice", "apply-grease", square=5)
    with pytest.raises(ActionRefused, match=r"already coated in grease.*\(Rule 1313,"):
        g.act("alice", "apply-glue", square=5)
    assert space(g, 5)["coating"] == "grease" and g.dollars("alice") == 1000  # grease is free


def test_xiii_11_glue_costs_ten_times_the_square_on_a_square_owned_or_occupied() -> None:
    g = new()
    g.set("players.alice.location", 9)
    g.act("alice", "apply-glue", square=9)  # occupied: $90
    assert space(g, 9)["coating"] == "glue" and g.dollars("government") == 90
    with pytest.raises(ActionRefused, match=r"neither owns nor occupies square 8.*\(Rule 1311,"):
        g.act("alice", "apply-glue", square=8)


def test_xxv_3_the_resort_cannot_be_glued() -> None:
    g = new()
    own(g, "alice", 13)
    with pytest.raises(ActionRefused, match=r"Vynd's Hot Springs Resort.*\(Rule 2503,"):
        g.act("alice", "apply-glue", square=13)
    assert space(g, 13).get("coating") is None and g.dollars("alice") == 1000


def test_xiii_11_starting_on_someone_elses_glue_rolls_one_die_fewer() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 1)
    g.act("bob", "apply-glue", square=1)
    earned_turn(g, "alice", [4])
    turn = g.events("nomopoly2.turn-taken")[-1]["data"]
    assert (turn["dice"], turn["end"]) == ([4], 5)
    assert space(g, 1)["coating"] is None  # removed when it affected her


def test_xiii_11_passing_glue_loses_a_pip_and_stuck_there_pays_no_rent() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 3, 4, color="red")
    g.set("board.spaces.3.name", "Sticky")
    g.act("bob", "apply-glue", square=3)
    earned_turn(g, "alice", [1, 2])  # 3 pips: passing 2, then 3 costs the last pip
    assert g.view()["players"]["alice"]["location"] == 3
    assert space(g, 3)["coating"] is None
    assert not g.events("nomopoly2.rent-paid")  # landed due to the glue: no rent
    assert g.dollars("alice") == 1000 - 10


def test_xiii_11_glue_on_the_square_landed_on_does_nothing() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 4, color="red")
    g.set("board.spaces.4.name", "Sticky")
    g.act("bob", "apply-glue", square=4)
    earned_turn(g, "alice", [1, 2])  # lands on 4: not passing through it
    assert g.view()["players"]["alice"]["location"] == 4
    assert space(g, 4)["coating"] == "glue"
    # Rent, a tenth of the Red square's $40 market value (V.1, V.4).
    assert [e["data"]["amount"] for e in g.events("nomopoly2.rent-paid")] == [4]


def test_xiii_11_the_owner_is_not_held_by_her_own_glue() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "alice", 3)
    g.act("alice", "apply-glue", square=3)
    earned_turn(g, "alice", [2, 3])
    assert g.view()["players"]["alice"]["location"] == 6
    assert space(g, 3)["coating"] == "glue"


def test_xxv_2_passing_the_resort_gives_back_the_pips_glue_took() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.location", 9)
    own(g, "bob", 11)
    g.act("bob", "apply-glue", square=11)
    earned_turn(g, "alice", [3, 3, 1, 1])  # 6 pips: 10, 11 (glue: one lost), 12, 13...
    first = g.events("nomopoly2.turn-taken")[0]["data"]
    # The pip lost at 11 comes back when she passes the Resort (13): she lands on 15.
    assert (first["start"], first["end"]) == (9, 15)


def test_xiii_12_grease_sends_a_landing_on_to_the_successor() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 6, 7)
    g.act("bob", "apply-grease", square=6)
    g.act("bob", "apply-grease", square=7)
    earned_turn(g, "alice", [2, 3])
    assert g.view()["players"]["alice"]["location"] == 8  # 6 and 7 greased: on to 8


def test_xiii_11_a_sick_player_on_glue_rolls_no_die_and_stays_without_paying() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    own(g, "bob", 5, color="red")
    g.set("board.spaces.5.name", "Sticky")
    g.set("players.alice.location", 5)
    g.set("players.alice.sick", True)
    g.act("bob", "apply-glue", square=5)
    earned_turn(g, "alice", [])
    turn = g.events("nomopoly2.turn-taken")[-1]["data"]
    assert (turn["dice"], turn["end"]) == ([], 5)
    assert space(g, 5)["coating"] is None
    assert not g.events("nomopoly2.rent-paid")  # she never left, so never landed
    assert g.dollars("alice") == 1000 - 10
