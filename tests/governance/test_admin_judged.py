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


def test_sick_proposals_pass_only_for_sick_players() -> None:
    # IX.8: "Sick Proposals will never be accepted when submitted by a player who is
    # not Sick."
    game = new()
    game.act("admin", "set", path="players.ben.sick", value=True)
    propose(game, "ann", "a")
    propose(game, "ben", "b")
    judge(game, 1, "sick")
    judge(game, 2, "sick")
    assert (status(game, 1), status(game, 2)) == ("failed", "awaiting-implementation")


def test_only_the_admin_judges_and_there_is_no_vote() -> None:
    game = new()
    propose(game, "ann", "a")
    with pytest.raises(ActionRefused, match="ann has no decision to make"):
        game.act("ann", "choose", option="accept")
    with pytest.raises(ActionRefused, match="there is no vote to choose"):
        game.act("ben", "vote", proposal=1, vote="for")
    assert "vote" not in [a["name"] for a in game.legal_actions("ben")]


