"""Nomopoly II section IX as a voting method: the admin judges proposals."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from nomicon.governance.judged import AdminJudged, take_earned_turn
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.kernel.pack import Initial, Pack, installed
from nomicon.kernel.rules import Attribute, Currency, Rule


class Dollars(Rule):
    """Players hold dollars."""

    key = "dollars"
    pack = "judged-test"
    number = 2
    title = "Money"
    currencies = (Currency("dollars", 0),)
    attributes = (Attribute("sick", False),)


class JudgedPack(Pack):
    id = "judged-test"
    title = "Judged"
    initial = (Initial(AdminJudged), Initial(Dollars))


REGISTRY = installed().with_pack(JudgedPack())


def new() -> Game:
    return Game.create("judged-test", start=datetime(2000, 1, 1, tzinfo=UTC),
                       players=["ann", "ben"], secret=dice.secret_from_seed(2),
                       registry=REGISTRY)


def propose(game: Game, who: str, title: str, amendment: list[Any] | None = None) -> None:
    args: dict[str, Any] = {"title": title, "text": title}
    if amendment is not None:
        args["amendment"] = amendment
    game.act(who, "propose", **args)


def judge(game: Game, number: int, verdict: str) -> None:
    prompt = next(p for p in game.view()["prompts"] if p["data"]["proposal"] == number)
    game.act("admin", "choose", option=verdict, prompt=prompt["id"])


def status(game: Game, number: int) -> str:
    return str(game.view()["proposals"][str(number)]["status"])


def choices(game: Game, actor: str, arg: str) -> list[Any]:
    """What ``actor`` may give as ``arg`` of ``choose`` now."""
    entry = next(a for a in game.legal_actions(actor) if a["name"] == "choose")
    return list(entry["args"][arg]["choices"])


def test_a_third_undecided_proposal_discards_the_oldest() -> None:
    # IX.2: "If a player submits a proposal while two of her proposals is still
    # undecided, then the oldest undecided proposal is discarded".
    game = new()
    propose(game, "ann", "one")
    propose(game, "ann", "two")
    propose(game, "ann", "three")
    assert [status(game, n) for n in (1, 2, 3)] == ["discarded", "open", "open"]
    assert sorted(p["data"]["proposal"] for p in game.view()["prompts"]) == [2, 3]


def test_judging_order_firsts_before_seconds() -> None:
    # IX.7: each player's first undecided proposal before any player's second.
    game = new()
    propose(game, "ann", "ann first")   # 1
    propose(game, "ann", "ann second")  # 2
    propose(game, "ben", "ben first")   # 3
    judge(game, 1, "accept")
    with pytest.raises(ActionRefused, match="judge every player's proposal number 1 first"):
        judge(game, 2, "accept")
    assert status(game, 2) == "open"
    judge(game, 3, "reject")
    judge(game, 2, "accept")
    assert [status(game, n) for n in (1, 2, 3)] == [
        "awaiting-implementation", "awaiting-implementation", "failed"]


def test_awards_fines_and_the_turns_they_come_with() -> None:
    # IX.5, IX.6, IX.9: $100 accepted (+$100 when it simplifies), $10 fine when
    # rejected, paid just before the earned turn; a waste of time earns nothing.
    game = new()
    propose(game, "ann", "tidy", [{"op": "interpret", "rule": 2, "text": "cents are dollars"}])
    propose(game, "ben", "bad")
    propose(game, "ben", "worse")
    judge(game, 1, "accept-simplifies")
    judge(game, 2, "reject")
    judge(game, 3, "waste")
    assert status(game, 1) == "passed"
    assert game.view()["rules"]["2"]["interpretations"][0]["text"] == "cents are dollars"
    assert [(t["player"], t["award"]) for t in game.view()["earned_turns"]] == [
        ("ann", 200), ("ben", -10)]
    assert game.view()["players"]["ann"]["dollars"] == 0  # not before the turn
    taken: list[dict[str, Any]] = []
    for _ in range(3):
        with game._transaction(game.clock, None) as ctx:
            entry = take_earned_turn(ctx)
            if entry is not None:
                taken.append(entry)
    assert [t["player"] for t in taken] == ["ann", "ben"]
    assert game.view()["players"]["ann"]["dollars"] == 200
    assert game.view()["players"]["ben"]["dollars"] == -10


def test_ix_8_a_sick_proposal_is_accepted_only_if_its_author_was_sick() -> None:
    # IX.8: "The admin may choose to declare a proposal a Sick Proposal. Sick
    # Proposals will never be accepted when submitted by a player who is not Sick."
    game = new()
    game.act("admin", "set", path="players.ben.sick", value=True)
    propose(game, "ann", "a")
    game.act("admin", "declare-sick", proposal=1)
    assert sorted(choices(game, "admin", "option")) == ["reject", "waste"]
    propose(game, "ben", "b")
    game.act("admin", "declare-sick", proposal=2)
    with pytest.raises(ActionRefused, match=r"#1 is a Sick Proposal and ann was not Sick "
                       r"when submitting it \(Rule 1, Proposals\)"):
        judge(game, 1, "accept")
    assert status(game, 1) == "open"
    judge(game, 1, "reject")
    judge(game, 2, "accept")
    assert (status(game, 1), status(game, 2)) == ("failed", "awaiting-implementation")


def test_ix_8_declaring_a_proposal_sick_is_not_a_verdict() -> None:
    # IX.3: the admin judges every proposal "accepting or rejecting" it; IX.8's
    # declaration only bars acceptance. A Sick author's Sick Proposal is still judged.
    game = new()
    game.act("admin", "set", path="players.ben.sick", value=True)
    propose(game, "ben", "b")
    game.act("admin", "declare-sick", proposal=1)
    assert status(game, 1) == "open"
    assert game.view()["proposals"]["1"]["sick"] is True
    assert game.view()["prompts"][0]["options"] == [
        "accept", "accept-simplifies", "reject", "waste"]
    judge(game, 1, "reject")
    assert status(game, 1) == "failed"
    assert [(t["player"], t["award"]) for t in game.view()["earned_turns"]] == [("ben", -10)]


def test_ix_8_sickness_counts_as_it_was_when_the_proposal_was_submitted() -> None:
    # IX.8: "never be accepted when submitted by a player who is not Sick": ann falls
    # Sick after submitting, ben recovers after submitting.
    game = new()
    game.act("admin", "set", path="players.ben.sick", value=True)
    propose(game, "ann", "a")
    propose(game, "ben", "b")
    game.act("admin", "set", path="players.ann.sick", value=True)
    game.act("admin", "set", path="players.ben.sick", value=False)
    game.act("admin", "declare-sick", proposal=1)
    game.act("admin", "declare-sick", proposal=2)
    with pytest.raises(ActionRefused, match="ann was not Sick when submitting it"):
        judge(game, 1, "accept-simplifies")
    judge(game, 1, "waste")
    judge(game, 2, "accept")
    assert (status(game, 1), status(game, 2)) == ("failed", "awaiting-implementation")


def test_ix_8_a_prompt_from_before_still_offering_sick_explains_the_declaration() -> None:
    # A game kept from when "sick" was a verdict still has it among a prompt's options.
    game = new()
    propose(game, "ann", "a")
    game.state.root["prompts"][0]["options"].append("sick")
    with pytest.raises(ActionRefused, match=r"'sick' is not a verdict \(Rule 1, Proposals\); "
                       r"declare it with declare-sick proposal=1"):
        judge(game, 1, "sick")
    assert status(game, 1) == "open"
    assert game.view()["earned_turns"] == []


def test_ix_8_only_an_undecided_proposal_is_declared_sick() -> None:
    game = new()
    propose(game, "ann", "a")
    judge(game, 1, "reject")
    with pytest.raises(ActionRefused, match=r"proposal 1 is not open \(failed\)"):
        game.act("admin", "declare-sick", proposal=1)
    assert "sick" not in game.view()["proposals"]["1"]
    with pytest.raises(ActionRefused, match="only the admin may do this"):
        game.act("ann", "declare-sick", proposal=1)


def test_only_the_admin_judges_and_there_is_no_vote() -> None:
    game = new()
    propose(game, "ann", "a")
    with pytest.raises(ActionRefused, match="ann has no decision to make"):
        game.act("ann", "choose", option="accept")
    with pytest.raises(ActionRefused, match="there is no vote to choose"):
        game.act("ben", "vote", proposal=1, vote="for")
    assert "vote" not in [a["name"] for a in game.legal_actions("ben")]


