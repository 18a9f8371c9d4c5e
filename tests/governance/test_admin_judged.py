"""Nomopoly II section IX as a voting method: the admin judges proposals."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from nomicon.governance.judged import AdminJudged, take_earned_turn
from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
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


def new(**params: Any) -> Game:
    """A game of ann and ben under section IX (with the method's parameters given)."""
    registry = REGISTRY
    if params:
        pack = type("ParamsPack", (JudgedPack,), {
            "initial": (Initial(AdminJudged, params=params), Initial(Dollars))})
        registry = installed().with_pack(pack())
    return Game.create("judged-test", start=datetime(2000, 1, 1, tzinfo=UTC),
                       players=["ann", "ben"], secret=dice.secret_from_seed(2),
                       registry=registry)


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


def dollars(game: Game, account: str) -> int:
    return int(game.view()["accounts"].get(account, {}).get("dollars", 0))


def take_all(game: Game) -> list[dict[str, Any]]:
    """Take every earned turn in the queue, as the pack running the turns would."""
    taken: list[dict[str, Any]] = []
    while True:
        with game._transaction(game.clock, None) as ctx:
            entry = take_earned_turn(ctx)
        if entry is None:
            return taken
        taken.append(entry)


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


def test_a_verdict_given_without_naming_a_prompt_goes_to_a_proposal_judged_now() -> None:
    # IX.7 again: with ann's second made before ben's first, a verdict that names no
    # prompt goes to ben's first, and only the default is listed for ann's second.
    game = new()
    propose(game, "ann", "ann first")   # 1
    propose(game, "ann", "ann second")  # 2
    propose(game, "ben", "ben first")   # 3
    judge(game, 1, "accept")
    assert choices(game, "admin", "option") == ["accept", "accept-simplifies", "reject", "waste"]
    game.act("admin", "choose", option="accept")
    assert [status(game, n) for n in (2, 3)] == ["open", "awaiting-implementation"]
    game.act("admin", "choose", option="waste")
    assert status(game, 2) == "failed"


def test_awards_fines_and_the_turns_they_come_with() -> None:
    # IX.5, IX.6, IX.9: $100 accepted (+$100 when it simplifies), $10 fine when
    # rejected, paid just before the earned turn; a waste of time earns no turn but,
    # being rejected (IX.4), is fined all the same.
    game = new()
    propose(game, "ann", "tidy", [{"op": "interpret", "rule": 2, "text": "cents are dollars"}])
    propose(game, "ben", "bad")
    propose(game, "ben", "worse")
    judge(game, 1, "accept-simplifies")
    judge(game, 2, "reject")
    judge(game, 3, "waste")
    assert status(game, 1) == "passed"
    assert game.view()["rules"]["2"]["interpretations"][0]["text"] == "cents are dollars"
    assert [(t["player"], t["award"], t["turn"]) for t in game.view()["earned_turns"]] == [
        ("ann", 200, True), ("ben", -10, True), ("ben", -10, False)]
    assert game.view()["players"]["ann"]["dollars"] == 0  # not before the turn
    taken = take_all(game)
    assert [t["player"] for t in taken] == ["ann", "ben"]
    assert game.view()["players"]["ann"]["dollars"] == 200
    assert game.view()["players"]["ben"]["dollars"] == -20
    assert game.view()["earned_turns"] == []


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
    assert [(t["player"], t["award"], t["turn"]) for t in game.view()["earned_turns"]] == [
        ("ben", -10, True)]


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


def test_iv_2_the_fine_goes_to_the_government() -> None:
    # IV.2: a player who "is fined" has the amount "subtracted from the player's money
    # and added to The Government's money"; IV.3: an award "is added to the player's
    # total", taken from no one.
    game = new()
    propose(game, "ann", "a")
    propose(game, "ben", "b")
    judge(game, 1, "accept")
    judge(game, 2, "reject")
    take_all(game)
    assert (dollars(game, "ann"), dollars(game, "ben")) == (100, -10)
    assert dollars(game, "government") == 10
    transfers = [(e["data"]["source"], e["data"]["target"], e["data"]["amount"])
                 for e in game.log if e["type"] == "transfer"]
    assert transfers == [(None, "ann", 100), ("ben", "government", 10)]


def test_iv_2_a_game_names_where_fines_go() -> None:
    # The account is the rule's parameter; null takes the fine out of the game.
    game = new(fine_account=None)
    propose(game, "ann", "a")
    judge(game, 1, "waste")
    assert take_all(game) == []
    assert dollars(game, "ann") == -10
    assert "government" not in game.view()["accounts"]


def test_iv_5_a_pack_pays_the_fine_its_own_way() -> None:
    # IV.5 (Bankruptcy) is not built: a pack that has it passes take_earned_turn the
    # way it makes a player pay a fine.
    game = new()
    propose(game, "ben", "b")
    judge(game, 1, "reject")
    paid: list[tuple[str, str | None, int]] = []

    def settle(ctx: Ctx, player: str, to: str | None, amount: int, currency: str,
               why: str) -> None:
        paid.append((player, to, amount))
        ctx.emit("fine.settled", f"{player} settles {amount} {currency} ({why})")

    with game._transaction(game.clock, None) as ctx:
        entry = take_earned_turn(ctx, fine=settle)
    assert entry is not None and entry["player"] == "ben"
    assert paid == [("ben", "government", 10)]
    assert dollars(game, "ben") == 0


def test_ix_6_a_waste_of_time_is_fined_where_its_turn_would_have_come() -> None:
    # IX.4: a waste of time is a rejected proposal; IX.6 "fined $10 for each rejected
    # proposal"; IX.5: it earns no turn. Its fine falls between the turns of the
    # proposals made before and after it.
    game = new()
    propose(game, "ann", "a")   # 1
    propose(game, "ben", "b")   # 2
    propose(game, "ben", "c")   # 3
    judge(game, 1, "accept")
    judge(game, 2, "waste")
    judge(game, 3, "accept")
    with game._transaction(game.clock, None) as ctx:
        first = take_earned_turn(ctx)
    assert first is not None and first["proposal"] == 1
    assert dollars(game, "ben") == 0  # #2's fine waits for its place
    with game._transaction(game.clock, None) as ctx:
        second = take_earned_turn(ctx)
    assert second is not None and second["proposal"] == 3
    assert (dollars(game, "ben"), dollars(game, "government")) == (90, 10)


def test_ix_5_turns_come_in_the_order_the_proposals_were_made() -> None:
    # IX.5: a turn is taken "after all turns earned for previously made proposals";
    # IX.7 makes the admin judge ben's first (#3) before ann's second (#2).
    game = new()
    propose(game, "ann", "ann first")   # 1
    propose(game, "ann", "ann second")  # 2
    propose(game, "ben", "ben first")   # 3
    judge(game, 1, "reject")
    judge(game, 3, "reject")
    judge(game, 2, "accept")
    assert [t["proposal"] for t in game.view()["earned_turns"]] == [1, 2, 3]
    assert [(t["player"], t["proposal"]) for t in take_all(game)] == [
        ("ann", 1), ("ann", 2), ("ben", 3)]


def test_xxii_7_a_proposal_cannot_be_taken_back() -> None:
    # XXII.7: "By default, actions can not be taken back. Once an action has been
    # submited to the admin, it can be considered to have happened".
    game = new()
    propose(game, "ann", "a")
    with pytest.raises(ActionRefused, match=r"a proposal cannot be taken back once it is "
                       r"submitted \(Rule 1, Proposals\); actions can not be taken back"):
        game.act("ann", "retract", proposal=1)
    assert status(game, 1) == "open"
    assert "retract" not in [a["name"] for a in game.legal_actions("ann")]


def test_xxii_7_a_game_whose_rules_allow_it_retracts() -> None:
    game = new(retractable=True)
    propose(game, "ann", "a")
    game.act("ann", "retract", proposal=1)
    assert status(game, 1) == "retracted"


def test_only_the_admin_judges_and_there_is_no_vote() -> None:
    game = new()
    propose(game, "ann", "a")
    with pytest.raises(ActionRefused, match="ann has no decision to make"):
        game.act("ann", "choose", option="accept")
    with pytest.raises(ActionRefused, match="there is no vote to choose"):
        game.act("ben", "vote", proposal=1, vote="for")
    assert "vote" not in [a["name"] for a in game.legal_actions("ben")]


