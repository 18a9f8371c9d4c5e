"""The Ackanomic parent game: its rules, and rule 1250.1 VI (starting an instance):
announcing, enrolment and its window, limits frozen when announced, aborting and
refunds, the referee's choice in its order, seats drawn by the dice, and Duels."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from ackgames import START, new_game

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused

GOOFSPIEL = "1250.7"
SEATS = "seats of Game of Pure Skill #1"


def refused(game: Game, actor: str, name: str, /, **args: Any) -> str:
    """The refusal of the action, which must change nothing."""
    before = game.head, game.view("admin")
    with pytest.raises(ActionRefused) as caught:
        game.act(actor, name, **args)
    assert (game.head, game.view("admin")) == before
    return str(caught.value)


def of_type(game: Game, kind: str) -> list[dict[str, Any]]:
    return [event for event in game.log_for("admin") if event["type"] == kind]


def instance(game: Game, number: int = 1) -> dict[str, Any]:
    found: dict[str, Any] = game.view("admin")["instances"][str(number)]
    return found


# -- the parent's own rules --------------------------------------------------------------
def test_the_rules_the_seed_only_refers_to_say_they_are_reconstructed() -> None:
    rules = new_game().view("admin")["rules"]
    for number in ("2", "3", "4", "5", "6", "7", "125001"):
        assert "Reconstructed" in rules[number]["text"], rules[number]["title"]
    # Rule 1250.7's payoff is clause 5's words.
    assert ("the winner receives 8 points, and the referee receives A$8. The winner "
            "receives a standard Trophy.") in rules["125007"]["text"]
    assert rules["125007"]["params"]["winner_points"] == 8
    assert rules["125007"]["params"]["referee_dollars"] == 8


def test_the_treasury_holds_its_opening_funds() -> None:
    game = new_game(params={"treasury": 40})
    assert game.view("admin")["accounts"]["treasury"]["A$"] == 40


def test_an_office_is_assigned_by_the_admin_and_by_a_proposal() -> None:
    game = new_game()
    game.act("admin", "grant-role", player="bob", role="Speaker")
    assert game.view("carol")["roles"]["Speaker"] == ["bob"]
    game.act("alice", "propose", title="Carol speaks", text="Carol is the Speaker.",
             amendment=[{"op": "effect", "class": "ackanomic/appointment",
                         "params": {"office": "Speaker", "player": "carol"}}])
    for voter in ("alice", "bob", "carol"):
        game.act(voter, "vote", proposal=1, vote="for")
    assert game.view("admin")["proposals"]["1"]["status"] == "passed"
    assert game.view("carol")["roles"]["Speaker"] == ["carol"]


def test_a_player_on_vacation_is_not_active_and_neither_announces_nor_enrols() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    game.act("bob", "go-on-vacation")
    assert "you are not an active player" in refused(game, "bob", "enrol", instance=1)
    assert "you are not an active player" in refused(game, "bob", "announce", game=GOOFSPIEL)
    game.act("bob", "return-from-vacation")
    game.act("bob", "enrol", instance=1)
    assert instance(game)["enrolled"] == ["alice", "bob"]


# -- announcing and enrolling ------------------------------------------------------------
def test_announcing_opens_enrolment_for_three_days_with_the_announcer_enrolled() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    record = instance(game)
    assert (record["status"], record["game"], record["enrolled"], record["referee"]) == (
        "enrolling", GOOFSPIEL, ["alice"], None)
    assert (record["least"], record["most"]) == (3, 3)  # "exactly 3 players"
    assert record["closes"] == "2024-06-06T12:00:00Z"
    announced = of_type(game, "instance.announced")[0]["data"]
    assert (announced["announcer"], announced["game"]) == ("alice", GOOFSPIEL)
    assert "already" in refused(game, "alice", "enrol", instance=1)


def test_a_game_not_built_yet_is_refused_with_its_reason() -> None:
    message = refused(new_game("test-ackanomic"), "alice", "announce", game="1250.93")
    assert "Unbuilt (1250.93) is not built yet" in message
    assert "Rule 125001" in message
    assert "no game of the rules in force is numbered 1250.99" in refused(
        new_game(), "alice", "announce", game="1250.99")


def test_enrolment_closes_early_when_full_and_the_dice_draw_the_seats() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    game.act("bob", "enrol", instance=1, at=START + timedelta(hours=1))
    # The seats: 1dN over those not yet seated, in enrolment order: 2 of (alice, bob,
    # carol) is bob, then 2 of (alice, carol) is carol, and alice is last.
    game.force_dice([2, 2])
    game.act("carol", "enrol", instance=1, at=START + timedelta(hours=2))
    record = instance(game)
    assert record["status"] == "started"
    assert record["players"] == ["bob", "carol", "alice"]
    assert record["seating"] == {"bob": "1", "carol": "2", "alice": "3"}
    rolls = [e["data"] for e in of_type(game, "dice.rolled") if e["data"]["purpose"] == SEATS]
    assert [roll["value"] for roll in rolls] == [2, 2]
    child = game.view("admin")["children"][record["child"]]
    assert (child["status"], child["game"], child["pack"]) == (
        "started", record["child"], "ackanomic-goofspiel")
    assert (child["players"], child["referee"]) == (["bob", "carol", "alice"], None)
    assert "enrolment-1" not in game.view("admin").get("timers", {})
    assert "no instance of a game is open for enrolment" in refused(
        game, "dave", "enrol", instance=1)


def test_enrolment_that_closes_with_too_few_aborts_the_instance() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    game.act("bob", "enrol", instance=1)
    game.advance(START + timedelta(days=3) - timedelta(minutes=1))
    assert instance(game)["status"] == "enrolling"
    game.advance(START + timedelta(days=3))
    assert instance(game)["status"] == "aborted"
    assert of_type(game, "instance.aborted")[0]["data"]["reason"] == "2 enrolled; it needs 3"
    assert not game.view("admin").get("children")


def test_the_limits_are_frozen_when_the_instance_is_announced() -> None:
    game = new_game("test-ackanomic")
    game.act("alice", "announce", game="1250.90")
    # Five active players: at most 5 less 1.
    assert (instance(game)["least"], instance(game)["most"]) == (2, 4)
    game.act("erin", "go-on-vacation")  # four active now, but the limit stays 4
    for player in ("bob", "carol"):
        game.act(player, "enrol", instance=1)
    assert instance(game)["status"] == "enrolling"
    game.act("erin", "return-from-vacation")
    game.act("dave", "enrol", instance=1)
    assert instance(game)["status"] == "started"  # full at the frozen 4
    assert sorted(instance(game)["seating"].values()) == ["1", "2", "3", "4"]


# -- aborting -------------------------------------------------------------------------------
def test_the_announcer_aborts_before_the_start_and_the_fees_are_refunded() -> None:
    game = new_game(params={"fee": 2})
    assert game.view("admin")["rules"]["125001"]["params"]["fee"] == 2
    for player in ("alice", "bob"):
        game.act("admin", "set", path=f"players.{player}.A$", value=5)
    game.act("alice", "announce", game=GOOFSPIEL)
    game.act("bob", "enrol", instance=1)
    view = game.view("admin")
    assert (view["players"]["alice"]["A$"], view["players"]["bob"]["A$"]) == (3, 3)
    assert view["accounts"]["escrow:instance-1"]["A$"] == 4
    assert "only alice, who announced #1, may abort it" in refused(
        game, "bob", "abort", instance=1)
    assert "enrolling costs A$2" in refused(game, "carol", "enrol", instance=1)
    game.act("alice", "abort", instance=1)
    view = game.view("admin")
    assert (view["players"]["alice"]["A$"], view["players"]["bob"]["A$"]) == (5, 5)
    assert view["accounts"]["escrow:instance-1"]["A$"] == 0
    assert instance(game)["status"] == "aborted"
    assert "timers" not in view or "enrolment-1" not in view["timers"]
    assert "no instance of a game is open for enrolment" in refused(
        game, "carol", "enrol", instance=1)


# -- the referee -------------------------------------------------------------------------------
def test_the_office_holder_referees_first() -> None:
    game = new_game("test-ackanomic")
    game.act("admin", "grant-role", player="erin", role="Count Tabula")
    assert "refereed by the Count Tabula, erin" in refused(
        game, "alice", "announce", game="1250.91", referee=True)
    game.act("alice", "announce", game="1250.91")
    assert instance(game)["referee"] == "erin"
    assert "has a referee already: erin" in refused(
        game, "bob", "volunteer-referee", instance=1)
    game.force_dice([2])
    game.act("bob", "enrol", instance=1)
    assert instance(game)["seating"] == {"bob": "A", "alice": "B"}
    child = game.view("admin")["children"][instance(game)["child"]]
    assert child["referee"] == "erin"


def test_the_announcer_who_offers_referees_next_and_does_not_play() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL, referee=True)
    assert (instance(game)["referee"], instance(game)["enrolled"]) == ("alice", [])
    assert "you referee #1" in refused(game, "alice", "enrol", instance=1)
    for player in ("bob", "carol", "dave"):
        game.act(player, "enrol", instance=1)
    child = game.view("admin")["children"][instance(game)["child"]]
    assert child["referee"] == "alice" and sorted(child["players"]) == ["bob", "carol", "dave"]


def test_a_volunteer_referees_when_nobody_else_does_and_a_player_does_not() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    assert "you are enrolled in #1 as a player" in refused(
        game, "alice", "volunteer-referee", instance=1)
    game.act("erin", "volunteer-referee", instance=1)
    assert "has a referee already: erin" in refused(
        game, "dave", "volunteer-referee", instance=1)
    game.act("bob", "enrol", instance=1)
    game.act("carol", "enrol", instance=1)
    assert game.view("admin")["children"][instance(game)["child"]]["referee"] == "erin"


def test_the_engine_referees_when_nobody_does() -> None:
    game = new_game()
    game.act("alice", "announce", game=GOOFSPIEL)
    game.act("bob", "enrol", instance=1)
    game.act("carol", "enrol", instance=1)
    assert game.view("admin")["children"][instance(game)["child"]]["referee"] is None
    assert of_type(game, "instance.started")[0]["message"].endswith("the engine referees")


# -- Duels ------------------------------------------------------------------------------------
def test_a_duel_skips_enrolment_and_starts_at_once() -> None:
    game = new_game("test-ackanomic")
    game.force_dice([2])
    game.act("alice", "challenge", target="bob", game="1250.92")
    record = instance(game)
    assert record["status"] == "started"
    assert record["duel"] == {"challenger": "alice", "challenged": "bob"}
    assert record["players"] == ["bob", "alice"]
    assert not of_type(game, "instance.announced") and not of_type(game, "instance.enrolled")
    child = game.view("admin")["children"][record["child"]]
    assert (child["pack"], child["players"], child["referee"]) == (
        "test-duel", ["bob", "alice"], None)


def test_a_duel_is_fought_only_at_a_game_that_may_be_one() -> None:
    game = new_game("test-ackanomic")
    assert "Game of Pure Skill is not played as a Duel" in refused(
        game, "alice", "challenge", target="bob", game=GOOFSPIEL)
    assert "Unbuilt (1250.93) is not built yet" in refused(
        game, "alice", "challenge", target="bob", game="1250.93")
    assert "cannot challenge themself" in refused(
        game, "alice", "challenge", target="alice", game="1250.92")
    game.act("bob", "go-on-vacation")
    assert "bob is not an active player" in refused(
        game, "alice", "challenge", target="bob", game="1250.92")
