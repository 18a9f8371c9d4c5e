"""Section XXXIII (Pseudoplayers): the elephant's die, the Phantom Piece's colours, the
Corporate Player's offer, TISSSG's scream and TSMSG.

With no proposal to judge, the first dice of an update are the pseudoplayers' in the
pseudoplayers phase: the elephant's one die, the Phantom Piece's two, the Corporate
Player's three, TISSSG's three (doubles on the first two of a turn earn another move).
"""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused


def fresh(players: tuple[str, ...] = ("alice", "bob", "carol")) -> Clock:
    """A game whose players' squares are painted (no White fine, no property tax)."""
    g = new(players)
    paint_owned(g)
    return g


def run_update(g: Clock, dice: list[int]) -> None:
    """An update with ``dice`` forced for the pseudoplayers.

    XIV.1: "Every two weeks, the Government shall hold a Lottery", in the update's
    second step (XXXV.2), before the pseudoplayers; with only the Government's five
    tickets its draw is one roll of 1d5, so on an even update a 1 is forced for it
    ahead of ``dice``."""
    number = int((g.view().get("update") or {}).get("number", 0)) + 1
    g.game.force_dice([1, *dice] if number % 2 == 0 else dice)
    g.act("admin", "update")
    g.game.advance(g.tick())
    g.game.advance(g.tick())


def at(g: Clock, eid: str) -> int | None:
    record = g.view()["entities"].get(eid)
    return None if record is None else record["location"]


def test_xxxiii_the_pseudoplayers_start_on_their_squares() -> None:
    g = fresh()
    assert {e: at(g, e) for e in ("elephant", "phantom-piece", "corporate-player",
                                  "tisssg")} == {"elephant": 45, "phantom-piece": 1,
                                                 "corporate-player": 1, "tisssg": 1}


def test_xxxiii_2_the_elephant_moves_north_and_the_others_take_their_turns() -> None:
    g = fresh()
    # A board of 64 has rows of 8: square 45 is in the sixth row, and North of it is
    # 52. The Phantom rolls 2+3 (square 6), the Corporate Player 1+2+3 (square 7),
    # TISSSG 1+3+4 (square 9).
    run_update(g, [4, 2, 3, 1, 2, 3, 1, 3, 4])
    assert (at(g, "elephant"), at(g, "phantom-piece"), at(g, "corporate-player"),
            at(g, "tisssg")) == (52, 6, 7, 9)


def test_xxxiii_2_the_elephant_moves_south_unless_it_cannot() -> None:
    g = fresh()
    run_update(g, [1, 1, 2, 1, 2, 3, 1, 3, 4])
    assert at(g, "elephant") == 36
    g.set("entities.elephant.location", 3)
    run_update(g, [1])
    assert at(g, "elephant") == 3  # the first row has nothing South of it
    assert any("cannot move South" in e["message"]
               for e in g.events("nomopoly2.pseudoplayer-did"))


def test_xxxiii_2_on_a_5_the_players_on_its_square_become_sick() -> None:
    g = fresh(("alice", "bob"))
    g.set("players.alice.location", 45)
    run_update(g, [5, 1, 2, 1, 2, 3, 1, 3, 4])
    assert g.view()["players"]["alice"].get("sick") is True
    assert not g.view()["players"]["bob"].get("sick")


def test_xxxiii_2_on_a_6_it_strips_the_coatings_and_paints_its_skin_colour() -> None:
    g = fresh()
    g.set("board.spaces.45.coating", "glue")
    run_update(g, [6, 1, 2, 1, 2, 3, 1, 3, 4])
    space = g.view()["board"]["spaces"]["45"]
    assert space["color"] == "khaki" and "coating" not in space


def test_xxxiii_2_only_a_player_on_the_elephants_square_may_feed_it() -> None:
    g = fresh(("alice", "bob"))
    with pytest.raises(ActionRefused, match=r"alice is on square 1, the elephant on square 45"):
        g.act("alice", "feed-elephant", item="dollars")
    g.set("players.alice.location", 45)
    # alice, the first player, holds The Magic Kazoo (XXIV.1; INTERPRETATIONS.md, 2401):
    # her only item; dollars are money, not an item.
    with pytest.raises(ActionRefused, match=r"item 'dollars' is not allowed \(Rule 3302, "
                       r"XXXIII.2 The elephant\); choose one of \['kazoo'\]"):
        g.act("alice", "feed-elephant", item="dollars")


@pytest.mark.parametrize(("color", "alice", "corporation", "government"), [
    ("yellow", 800, 400, 0),        # Extortion: all players pay $200 to the Corporation
    ("fuschia", 500, 0, 1000),      # Taxation: all players pay $500 to the Government
    ("white", 1000, 0, 0),          # White has no effect
])
def test_xxxiii_3_the_colour_under_the_phantom_piece_impacts_every_player(
        color: str, alice: int, corporation: int, government: int) -> None:
    g = fresh(("alice", "bob"))
    g.set("board.spaces.6.color", color)
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    assert at(g, "phantom-piece") == 6
    assert (g.dollars("alice"), g.dollars("bob")) == (alice, alice)
    assert (g.dollars("corporation"), g.dollars("government")) == (corporation, government)


def test_xxxiii_3_the_phantom_piece_occupies_without_landing() -> None:
    g = fresh(("alice", "bob"))
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    landed = [e for e in g.game.log if e["type"] == "walk.landed"
              and e["data"].get("piece") == "phantom-piece"]
    assert at(g, "phantom-piece") == 6 and landed == []


def test_xxxiii_3_blue_moves_the_corporations_money_to_the_sba_made_up_to_4000() -> None:
    g = fresh(("alice", "bob"))
    g.set("accounts.corporation.dollars", 1500)
    g.set("board.spaces.6.color", "blue")
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    assert (g.dollars("corporation"), g.dollars("sba")) == (0, 4000)


def test_xxxiii_3_maroon_navy_and_teal() -> None:
    g = fresh()
    g.set("accounts.government.dollars", 1000)
    g.set("players.bob.sick", True)
    g.set("board.spaces.6.color", "maroon")
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    # "divides all its money evenly among players, keeping any remainder"
    assert [g.dollars(p) for p in ("alice", "bob", "carol", "government")] == [
        1333, 1333, 1333, 1]
    g.set("board.spaces.12.color", "navy")
    run_update(g, [1, 2, 4, 1, 2, 3, 1, 3, 4])  # the Phantom goes from 6 to 12
    assert not g.view()["players"]["bob"]["sick"]
    g.set("board.spaces.15.color", "teal")
    run_update(g, [1, 1, 2, 1, 2, 3, 1, 3, 4])  # 12 to 15
    assert g.view()["board"]["size"] == 72  # "Eight new squares"


def test_xxxiii_3_red_buys_the_lowest_unowned_square_for_an_etf_branch() -> None:
    g = fresh(("alice", "bob"))
    g.set("accounts.corporation.dollars", 1000)
    g.set("board.spaces.6.color", "red")
    lowest = min(int(n) for n, s in g.view()["board"]["spaces"].items()
                 if s.get("owner") is None)
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    space = g.view()["board"]["spaces"][str(lowest)]
    assert (space["owner"], space["factory"]) == ("corporation", "ETF branch")
    assert g.dollars("corporation") == 1000 - 10 * lowest  # its market value (V.1)


def test_xxxiii_4_the_corporate_player_offers_217_times_the_market_value() -> None:
    g = fresh(("alice", "bob"))
    g.set("board.spaces.7.owner", "alice")
    g.set("board.spaces.7.color", "blue")
    g.set("accounts.corporation.dollars", 3000)
    g.act("alice", "standing-answer", kind="corporate-offer", option="accept")
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    # Square 7 lies south of square 10, Public Property (X.2), on rows of 8: its market
    # value is 11 x 7 = $77 (V.2), and floor(2.17 * $77) = $167; the square keeps its
    # colour: it was sold, not given.
    assert at(g, "corporate-player") == 7
    assert g.view()["board"]["spaces"]["7"]["owner"] == "corporation"
    assert (g.dollars("alice"), g.dollars("corporation")) == (1167, 3000 - 167)


def test_xxxiii_4_an_offer_left_unanswered_is_declined_and_none_is_made_below_2500() -> None:
    g = fresh(("alice", "bob"))
    g.set("board.spaces.7.owner", "alice")
    g.set("accounts.corporation.dollars", 3000)
    run_update(g, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    assert g.view()["board"]["spaces"]["7"]["owner"] == "alice"
    # 2.17 x $77 (V.2: square 7 is next to Public Property, square 10).
    offers = [e for e in g.events("prompt.opened") if "offers $167" in e["message"]]
    assert len(offers) == 1
    g2 = fresh(("alice", "bob"))
    g2.set("board.spaces.7.owner", "alice")
    g2.set("accounts.corporation.dollars", 2499)
    run_update(g2, [1, 2, 3, 1, 2, 3, 1, 3, 4])
    assert not [e for e in g2.events("prompt.opened") if "offers" in e["message"]]


def test_xxxiii_4_a_square_given_to_it_turns_a_corporate_colour() -> None:
    g = fresh(("alice", "bob"))
    g.set("board.spaces.7.owner", "alice")
    g.act("alice", "give-square-to-corporate-player", square=7)
    space = g.view()["board"]["spaces"]["7"]
    assert space["owner"] == "corporation"
    assert space["color"] in ("red", "orange", "yellow", "green", "blue", "indigo")
    with pytest.raises(ActionRefused, match=r"square 8 is not allowed \(Rule 3304"):
        g.act("alice", "give-square-to-corporate-player", square=8)


def test_xxxiii_5_tisssg_screams_and_destroys_the_pseudoplayers_on_his_square() -> None:
    g = fresh(("alice", "bob"))
    g.set("players.alice.location", 9)
    # The Phantom rolls 3+5 to square 9, where TISSSG ends on 1+3+4.
    run_update(g, [1, 3, 5, 1, 2, 3, 1, 3, 4])
    assert g.view()["players"]["alice"].get("hurt") is True
    assert not g.view()["players"]["bob"].get("hurt")
    assert at(g, "tisssg") is None and at(g, "phantom-piece") is None
    assert at(g, "corporate-player") == 7


def test_xxxiii_5_tsmsg_costs_350_hurts_nobody_and_is_trampled_by_the_elephant() -> None:
    g = fresh(("alice", "bob"))
    g.set("accounts.bob.dollars", 349)
    with pytest.raises(ActionRefused, match=r"bob has \$349, not \$350"):
        g.act("bob", "calm-tisssg")
    g.act("alice", "calm-tisssg")
    assert (g.dollars("alice"), g.dollars("government")) == (650, 350)
    with pytest.raises(ActionRefused, match="already The Sane Mellow Silent Guy"):
        g.act("bob", "calm-tisssg")
    g.set("players.bob.location", 9)
    g.set("entities.elephant.location", 20)
    run_update(g, [3, 2, 3, 1, 2, 3, 1, 3, 4])  # the elephant goes East to 21
    assert not g.view()["players"]["bob"].get("hurt") and at(g, "tisssg") == 9
    g.set("entities.elephant.location", 20)
    run_update(g, [3, 1, 2, 1, 2, 3, 5, 3, 4])  # TSMSG goes from 9 to 21
    assert at(g, "tisssg") is None
