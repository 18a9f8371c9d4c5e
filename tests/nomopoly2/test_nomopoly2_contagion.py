"""Sections XXIX (Paths), XXX (Contagion), XXXI (Chains) and XXXIV (Violence and
Pain)."""

from __future__ import annotations

import pytest
from n2game import Clock, new, paint_owned

from nomicon.kernel.errors import ActionRefused as Refusal
from nomicon.packs.nomopoly2 import paths
from nomicon.packs.nomopoly2.chains import award_chains


def earned_turn(g: Clock, dice: list[int]) -> None:
    g.act("alice", "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=dice)


def player(g: Clock, name: str) -> dict[str, object]:
    found: dict[str, object] = g.view()["players"][name]
    return found


# -- XXX. Contagion ------------------------------------------------------------------

def test_xxx_1_a_big_kiss_needs_the_same_square_and_makes_sick() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("players.alice.sick", True)
    g.set("players.carol.location", 5)
    g.act("alice", "big-kiss", player="bob")
    assert player(g, "bob")["sick"] is True
    with pytest.raises(Refusal, match="not a non-Sick player on alice's square"):
        g.act("alice", "big-kiss", player="carol")
    assert player(g, "carol")["sick"] is False


def test_xxx_1_only_a_sick_player_kisses() -> None:
    g = new(("alice", "bob"))
    with pytest.raises(Refusal, match=r"alice is not Sick.*Rule 3001"):
        g.act("alice", "big-kiss", player="bob")


def test_xxx_2_a_big_sneeze_reaches_anyone_and_costs_five() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("players.alice.sick", True)
    g.set("players.carol.location", 5)
    g.act("alice", "big-sneeze", player="carol")
    assert player(g, "carol")["sick"] is True
    assert g.dollars("alice") == 995
    assert g.dollars("government") == 5
    with pytest.raises(Refusal, match="carol is already Sick"):
        g.act("alice", "big-sneeze", player="carol")


def test_xxx_3_two_pollutants_landed_on_in_a_week_make_sick() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("board.spaces.6.pollutant", True)
    g.set("board.spaces.9.pollutant", True)
    # 2+3 lands on 6; doubles 1+1... would speed: 1+2 from 6 lands on 9.
    earned_turn(g, [2, 3])
    assert player(g, "alice")["sick"] is False
    g.act("alice", "propose", title="t2", text="y")
    number = max(int(k) for k in g.view()["proposals"])
    # Next week: the count starts again, so one more pollutant is not two this week.
    g.update({number: "reject"}, dice=[1, 2])
    assert player(g, "alice")["location"] == 9
    assert player(g, "alice")["sick"] is False


def test_xxx_3_two_pollutants_in_one_week_by_doubles() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("board.spaces.3.pollutant", True)
    g.set("board.spaces.6.pollutant", True)
    earned_turn(g, [1, 1, 1, 2])  # 1 -> 3 (doubles), then 3 -> 6, in one update
    assert player(g, "alice")["location"] == 6
    assert player(g, "alice")["sick"] is True


def test_xxx_4_more_than_400_in_rent_in_a_week_makes_sick() -> None:
    g = new(("alice", "bob", "carol"), board_size=460)
    paint_owned(g)
    for square, owner in ((455, "bob"), (390, "carol")):
        g.set(f"board.spaces.{square}.owner", owner)
        g.set(f"board.spaces.{square}.name", f"{owner}'s")
        g.set(f"board.spaces.{square}.color", "blue")
    g.set("players.alice.location", 385)
    # Rent $390 on square 390 (V.4: a tenth of 10 x 390), and the $10 fine for her
    # rejected proposal (IX): $400 in fines and rent is not more than $400.
    earned_turn(g, [2, 3])
    assert g.dollars("carol") == 1000 + 390 - 78  # less the Corporation's 20% (VIII.6)
    assert g.dollars("alice") == 600
    assert player(g, "alice")["sick"] is False
    g.set("players.alice.location", 450)
    g.act("alice", "propose", title="t2", text="y")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=[2, 3])  # $455 rent: a new week, but over $400
    assert player(g, "alice")["sick"] is True


def test_xxx_5_the_biggest_sneeze_pays_150_to_each_infected() -> None:
    g = new(("alice", "bob", "carol", "dave"))
    g.set("players.alice.sick", True)
    g.set("players.dave.sick", True)
    g.act("alice", "biggest-sneeze")
    assert [player(g, p)["sick"] for p in ("bob", "carol")] == [True, True]
    assert (g.dollars("alice"), g.dollars("bob"), g.dollars("dave")) == (700, 1150, 1000)


def test_xxx_5_refused_without_the_money_and_changes_nothing() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("players.alice.sick", True)
    g.set("accounts.alice.dollars", 200)
    with pytest.raises(Refusal, match=r"has \$200, not the \$300"):
        g.act("alice", "biggest-sneeze")
    assert player(g, "bob")["sick"] is False


# -- XXXI. Chains --------------------------------------------------------------------

def test_xxxi_3_every_10_pounds_take_a_pip_to_a_minimum_of_one() -> None:
    g = new(("alice", "bob"), board_size=100)
    paint_owned(g)
    g.set("players.alice.chains", {"pounds": 35, "rusty": False, "quiet_weeks": 0})
    earned_turn(g, [4, 2])  # 6 pips less 3
    assert player(g, "alice")["location"] == 4
    g.set("players.bob.chains", {"pounds": 200, "rusty": False, "quiet_weeks": 0})
    g.act("bob", "propose", title="t", text="x")
    number = max(int(k) for k in g.view()["proposals"])
    g.update({number: "reject"}, dice=[5, 6])
    assert player(g, "bob")["location"] == 2  # a minimum of one pip


def test_xxxi_6_chains_lose_20_pounds_a_week_and_30_when_rusty() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("players.alice.chains", {"pounds": 50, "rusty": False, "quiet_weeks": 0})
    g.set("players.bob.chains", {"pounds": 50, "rusty": True, "quiet_weeks": 12})
    g.set("players.carol.chains", {"pounds": 25, "rusty": False, "quiet_weeks": 0})
    g.update()
    assert player(g, "alice")["chains"] == {"pounds": 30, "rusty": False, "quiet_weeks": 1}
    assert player(g, "bob")["chains"] == {"pounds": 20, "rusty": True, "quiet_weeks": 13}
    assert player(g, "carol")["chains"] is None  # 5 pounds: below 10, all lost


def test_xxxi_2_chains_rust_after_10_quiet_weeks() -> None:
    g = new(("alice", "bob"))
    g.set("players.alice.chains", {"pounds": 500, "rusty": False, "quiet_weeks": 9})
    g.update()
    # The tenth quiet week: Rusty, and the week's loss is already 30 pounds.
    assert player(g, "alice")["chains"] == {"pounds": 470, "rusty": True, "quiet_weeks": 10}


# -- XXXIV. Violence and Pain -------------------------------------------------------------

def test_xxxiv_3_a_team_member_splits_his_money_with_his_teammates() -> None:
    g = new(("alice", "bob", "carol", "dave", "erin"))
    team = player(g, "alice")["team"]
    mates = [p for p in ("bob", "carol", "dave", "erin") if player(g, p)["team"] == team]
    g.act("alice", "commit-suicide")
    assert player(g, "alice")["hurt"] is True
    # "evenly between his Teammates and himself"
    share = 1000 // (len(mates) + 1)
    assert [g.dollars(p) for p in mates] == [1000 + share] * len(mates)
    assert g.dollars("alice") == 1000 - share * len(mates)


def test_xxxiv_3_a_freemason_loses_all_to_the_magic_kazoo() -> None:
    g = new(("alice", "bob"))
    g.act("alice", "become-freemason")
    g.act("alice", "commit-suicide")
    assert g.dollars("alice") == 0
    assert g.dollars("magic-kazoo") == 1000
    assert player(g, "alice")["hurt"] is True


def test_xxxiv_4_and_5_demolitionville_hurts_the_hospital_heals_for_25() -> None:
    g = new(("alice", "bob"))
    g.set("players.alice.location", 41)  # Demolitionville (named_squares)
    assert player(g, "alice")["hurt"] is True
    with pytest.raises(Refusal, match=r"not The Hospital \(square 17\).*Rule 3405"):
        g.act("alice", "go-to-hospital")
    g.set("players.alice.location", 17)
    g.act("alice", "go-to-hospital")
    assert player(g, "alice")["hurt"] is False
    assert g.dollars("alice") == 975
    with pytest.raises(Refusal, match="alice is not Hurt"):
        g.act("alice", "go-to-hospital")


def test_xxxi_1_new_normal_chains_make_rusty_chains_normal() -> None:
    """"if a player bound by Rusty Chains is awarded new normal Chains, then all that
    player's Chains become normal" (and XXXI.2's ten quiet weeks start again)."""
    g = new(("alice", "bob"))
    g.set("players.alice.chains", {"pounds": 40, "rusty": True, "quiet_weeks": 12})
    with g.game._transaction(g.game.clock, None) as ctx:
        award_chains(ctx, "alice", 25, "a Dispute lost")
    assert player(g, "alice")["chains"] == {"pounds": 65, "rusty": False, "quiet_weeks": 0}


def test_xxix_distance_and_closer_on_rows_of_eight() -> None:
    """XXIX.3-4 on 64 squares (rows of 8): square 10 is row 1, column 6; square 20 is
    row 2, column 3 (distance 3); square 4 is row 0, column 3 (distance 3): equal, so
    the lower number, 4, is closer."""
    g = new(("alice",))
    with g.game._transaction(g.game.clock, None) as ctx:
        assert (paths.distance(ctx, 10, 20), paths.distance(ctx, 10, 4)) == (3, 3)
        assert paths.is_closer(ctx, 10, 4, 20)
        assert not paths.is_closer(ctx, 10, 20, 4)
        assert paths.closest(ctx, 10, [20, 4, 64]) == 4
        assert paths.distance(ctx, 1, 64) == 7  # square 64: row 7, column 0
