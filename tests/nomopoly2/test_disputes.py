"""Section XXVII, Disputes: the accusation, the choice of mechanism (by agreement or by
the squares' colours), Government Courts, Corporate Trials, and the three Penalties."""

from __future__ import annotations

from typing import Any

import pytest
from n2game import Clock, new

from nomicon.kernel.errors import ActionRefused
from nomicon.packs.nomopoly2.disputes import chains_for


def accuse(g: Clock, penalty: str = "payment", **more: Any) -> None:
    g.act("alice", "accuse", defendant="bob", charge="theft", facts="he took my hat",
          penalty=penalty, **more)


def run_update(g: Clock, dice: list[int] | None = None) -> None:
    """An update with ``dice`` forced for the dispute's trial (no proposals, no turns).

    XIV.1: "Every two weeks, the Government shall hold a Lottery", in the update's
    second step (XXXV.2), before the judging after which the dispute is settled; with
    only the Government's five tickets its draw is one roll of 1d5, so on an even
    update a 1 is forced for it ahead of ``dice``."""
    if dice:
        number = int((g.view().get("update") or {}).get("number", 0)) + 1
        g.game.force_dice([1, *dice] if number % 2 == 0 else dice)
    g.act("admin", "update")
    g.game.advance(g.tick())


def dispute(g: Clock) -> dict[str, Any]:
    found: dict[str, Any] = g.view()["disputes"]["1"]
    return found


@pytest.mark.parametrize(("args", "why"), [
    ({"defendant": "alice", "penalty": "chains", "amount": 5}, "is not another player"),
    ({"defendant": "bob", "penalty": "exile"}, "'exile' is not a recognized Penalty"),
    ({"defendant": "bob", "penalty": "chains", "amount": 101},
     "at most 100 pounds, not 101"),
    ({"defendant": "bob", "penalty": "payment"}, "names the sum to be paid"),
    ({"defendant": "bob", "penalty": "payment", "amount": 50, "payee": "wetha"},
     "the WETHA is not a recognized payee"),
    ({"defendant": "bob", "penalty": "payment", "amount": 50, "payee": "sba"},
     "'sba' is not a player or an organization the admin recognizes"),
])
def test_xxvii_1_an_accusation_needs_another_player_and_a_recognized_penalty(
        args: dict[str, Any], why: str) -> None:
    g = new()
    with pytest.raises(ActionRefused, match=r"Rule 2701") as refused:
        g.act("alice", "accuse", charge="theft", facts="he took it", **args)
    assert why in str(refused.value)
    assert "disputes" not in g.view()


def test_xxvii_1_settled_at_the_end_of_the_second_week() -> None:
    g = new()
    accuse(g, "chains", amount=40)
    run_update(g, [6, 6, 1, 1])  # update 1 posts it: no trial yet
    assert dispute(g)["status"] == "open"
    run_update(g, [6, 6, 1, 1])  # update 2: a trial (no agreement, both on White)
    assert (dispute(g)["mechanism"], dispute(g)["winner"]) == ("trial", "alice")
    assert g.view()["players"]["bob"]["chains"]["pounds"] == 40


def test_xxvii_1_players_who_agree_get_their_mechanism() -> None:
    g = new()
    accuse(g, amount=100)
    g.act("alice", "choose-mechanism", dispute=1, mechanism="court")
    g.act("bob", "choose-mechanism", dispute=1, mechanism="court")
    run_update(g)
    run_update(g)
    assert dispute(g)["mechanism"] == "court"


def test_xxvii_1_without_agreement_corporate_against_non_corporate_is_a_court() -> None:
    g = new()
    g.set("board.spaces.1.color", "red")  # alice is on square 1, a Corporate Color
    g.set("players.bob.location", 2)  # bob on White square 2
    accuse(g, amount=100)
    g.act("alice", "choose-mechanism", dispute=1, mechanism="trial")
    run_update(g)
    run_update(g)
    assert dispute(g)["mechanism"] == "court"


def test_xxvii_1_only_the_parties_choose_and_a_mechanism_is_court_or_trial() -> None:
    g = new(("alice", "bob", "carol"))
    accuse(g, amount=100)
    with pytest.raises(ActionRefused, match=r"carol is not a party to dispute 1"):
        g.act("carol", "choose-mechanism", dispute=1, mechanism="court")
    with pytest.raises(ActionRefused, match=r"'duel' is not a dispute-settling mechanism"):
        g.act("bob", "choose-mechanism", dispute=1, mechanism="duel")


def test_xxvii_1_the_accuser_who_loses_suffers_the_penalty() -> None:
    g = new()
    accuse(g, "chains", amount=30)
    run_update(g)
    run_update(g, [1, 1, 6, 6])
    assert dispute(g)["winner"] == "bob"
    assert g.view()["players"]["alice"]["chains"]["pounds"] == 30
    assert g.view()["players"]["bob"]["chains"] is None


def test_xxvii_2_government_court_both_pay_150_and_the_admin_decides() -> None:
    g = new()
    accuse(g, amount=100)
    for who in ("alice", "bob"):
        g.act(who, "choose-mechanism", dispute=1, mechanism="court")
    g.act("bob", "argue", dispute=1, text="I was elsewhere")
    run_update(g)
    run_update(g)
    # $1000 - two White fines of $50 (VIII.11) - the Court's $150.
    assert (g.dollars("alice"), g.dollars("bob")) == (750, 750)
    prompt = next(p for p in g.view()["prompts"] if p["data"].get("dispute") == 1)
    assert (prompt["to"], prompt["options"]) == ("admin", ["alice", "bob"])
    assert dispute(g)["arguments"] == {"bob": ["I was elsewhere"]}
    g.act("admin", "choose", prompt=prompt["id"], option="alice")
    g.game.advance(g.tick())
    # bob pays the $100 damages to alice (a mail player's default: pay).
    assert (g.dollars("alice"), g.dollars("bob")) == (850, 650)
    assert dispute(g)["status"] == "settled"


def test_xxvii_3_extra_dice_count_for_the_one_trial() -> None:
    g = new()
    accuse(g, amount=100)
    g.act("bob", "buy-trial-dice", dispute=1, count=2)
    assert g.dollars("corporation") == 100  # two Extra Dice at $50
    run_update(g)
    # alice 6+6 = 12; bob 5+4 and two Extra Dice 2+2 = 13: bob wins.
    run_update(g, [6, 6, 5, 4, 2, 2])
    assert dispute(g)["totals"] == [12, 13]
    assert dispute(g)["winner"] == "bob"


def test_xxvii_3_a_tie_holds_another_trial_without_the_extra_dice() -> None:
    g = new()
    accuse(g, amount=100)
    g.act("alice", "buy-trial-dice", dispute=1, count=1)
    run_update(g)
    # First trial: alice 3+3+2 = 8, bob 4+4 = 8, a tie; then alice 1+2 = 3, bob 2+2 = 4.
    run_update(g, [3, 3, 2, 4, 4, 1, 2, 2, 2])
    assert dispute(g)["totals"] == [3, 4]
    assert dispute(g)["winner"] == "bob"


def test_xxvii_3_extra_dice_need_the_money() -> None:
    g = new()
    accuse(g, amount=100)
    with pytest.raises(ActionRefused, match=r"bob has 1000 dollars, not 1050"):
        g.act("bob", "buy-trial-dice", dispute=1, count=21)
    assert g.dollars("bob") == 1000


@pytest.mark.parametrize(("owed", "pounds"), [
    (1, 0), (2, 10), (3, 20), (8, 30), (9, 40), (100, 70), (1000, 100), (1024, 100),
    (1025, 110),
])
def test_xxvii_4_chains_are_ten_times_the_ceiling_of_log2_of_the_sum(
        owed: int, pounds: int) -> None:
    assert chains_for(owed) == pounds


def test_xxvii_4_a_loser_who_cannot_pay_gets_chains() -> None:
    g = new()
    accuse(g, amount=1000)
    run_update(g)
    run_update(g, [6, 6, 1, 1])
    # bob has $900 after two White fines: not enough for $1000, so 10 x ceil(log2 1000).
    assert g.view()["players"]["bob"]["chains"] == {"pounds": 100, "rusty": False,
                                                    "quiet_weeks": 0}
    assert g.dollars("alice") == 900


def test_xxvii_4_a_loser_may_refuse_to_pay() -> None:
    g = new()
    g.act("bob", "standing-answer", kind="pay-damages", option="refuse")
    accuse(g, amount=20)
    run_update(g)
    run_update(g, [6, 6, 1, 1])
    assert g.view()["players"]["bob"]["chains"]["pounds"] == 50  # ceil(log2 20) = 5
    assert g.dollars("bob") == 900


def test_xxvii_5_new_normal_chains_make_rusty_chains_normal() -> None:
    g = new()
    g.set("players.bob.chains", {"pounds": 200, "rusty": True, "quiet_weeks": 10})
    accuse(g, "chains", amount=100)
    run_update(g)
    # XXXI.6 in force: week 1 wears the Rusty Chains by 30 lb (200 -> 170); in week 2
    # the award makes them 270 lb of normal Chains, neither worn nor a quiet week.
    assert g.view()["players"]["bob"]["chains"] == {"pounds": 170, "rusty": True,
                                                    "quiet_weeks": 11}
    run_update(g, [6, 6, 1, 1])
    assert g.view()["players"]["bob"]["chains"] == {"pounds": 270, "rusty": False,
                                                    "quiet_weeks": 0}


def test_xxvii_6_the_loser_is_no_longer_a_registered_voter() -> None:
    g = new()
    g.set("players.bob.registered_voter", True)
    accuse(g, "unregister")
    run_update(g)
    run_update(g, [6, 6, 1, 1])
    assert g.view()["players"]["bob"]["registered_voter"] is False
