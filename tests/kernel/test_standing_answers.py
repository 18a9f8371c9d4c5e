"""Standing answers on the small game played by mail (``mail_pack``): a player answers
a kind of question before it is asked, and the answer is given when such a question
opens to them (the Zoo: "take a hat, or pay $5")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from mail_pack import FIRST_UPDATE, START, events, new

from nomicon.kernel.errors import ActionRefused, InvalidArguments


def test_a_standing_answer_is_given_when_the_question_opens() -> None:
    game = new()
    game.act("bob", "standing-answer", kind="zoo", option="pay")
    game.act("bob", "visit")
    assert game.view()["prompts"] == []
    assert game.view()["players"]["bob"]["dollars"] == 95  # "or pay $5"
    answered = events(game, "prompt.answered")
    assert [(e["data"]["player"], e["data"]["option"]) for e in answered] == [("bob", "pay")]
    # Without one, the question waits for the player.
    game.act("alice", "visit")
    assert [(p["to"], p["kind"]) for p in game.view()["prompts"]] == [("alice", "zoo")]


def test_a_standing_answer_is_sealed_to_other_players() -> None:
    game = new()
    head = game.head
    game.act("bob", "standing-answer", kind="zoo", option="pay")
    assert game.view("bob")["standing"] == {"bob": {"zoo": {
        "option": "pay", "condition": None, "otherwise": None}}}
    assert game.view("alice")["standing"] == {}
    assert [e["type"] for e in game.log_for("alice", after=head)] == ["action.sealed"]


def test_a_conditional_standing_answer_gives_its_otherwise() -> None:
    game = new()
    game.act("bob", "standing-answer", kind="zoo", option="pay",
             condition="my.dollars - prompt.data.price > 90", otherwise="hat")
    game.act("bob", "visit")  # 100 - 5 > 90: pay
    game.act("bob", "visit")  # 95 - 5 is not more than 90: a hat
    assert (game.view()["players"]["bob"]["dollars"], game.view()["players"]["bob"]["hats"]) \
        == (95, 1)


def test_a_standing_answer_that_cannot_be_given_leaves_the_question_open() -> None:
    game = new()
    game.act("admin", "set", path="players.bob.dollars", value=3)
    game.act("bob", "standing-answer", kind="zoo", option="pay")
    game.act("bob", "visit")
    assert [p["to"] for p in game.view()["prompts"]] == ["bob"]
    (unused,) = events(game, "standing-answer.unused", viewer="bob")
    assert unused["data"]["reason"] == "bob has 3 dollars, not 5 (Rule 1, Dollars)"
    assert not events(game, "standing-answer.unused", viewer="alice")
    assert game.view()["players"]["bob"]["dollars"] == 3
    # A standing answer with an option the question does not have is not given either.
    game.act("bob", "choose", option="hat")
    game.act("bob", "standing-answer", kind="zoo", option="run")
    game.act("bob", "visit")
    assert events(game, "standing-answer.unused")[-1]["data"]["reason"] == (
        "'run' is not open now (open: hat, pay)")


def test_a_standing_answer_is_given_in_the_middle_of_an_update() -> None:
    game = new()
    game.act("bob", "standing-answer", kind="zoo", option="pay")
    # Bob's visit comes before his purchase (position 1, then 2): the Zoo's $5 leaves
    # him $95, and the purchase's condition sees it.
    game.act("bob", "order", action="visit", phase="works", position=1)
    game.act("bob", "order", action="buy", args={"square": 1}, phase="works", position=2,
             condition="my.dollars == 95")
    game.advance(FIRST_UPDATE + timedelta(minutes=1))
    assert game.view()["players"]["bob"]["dollars"] == 65
    assert game.view()["board"]["squares"]["1"]["owner"] == "bob"
    assert [e["type"] for e in events(game, "order.done", "order.failed", "order.skipped")] \
        == ["order.done", "order.done"]


def test_standing_answers_are_changed_and_withdrawn() -> None:
    game = new()
    game.act("bob", "standing-answer", kind="zoo", option="pay")
    game.act("bob", "standing-answer", kind="zoo", option="hat")
    game.act("bob", "withdraw-standing-answer", kind="zoo")
    assert game.view("bob")["standing"] == {"bob": {}}
    with pytest.raises(ActionRefused, match=r"bob has no standing answer to 'zoo' questions"):
        game.act("bob", "withdraw-standing-answer", kind="zoo")
    with pytest.raises(ActionRefused, match=r"'Zoo!' is not a kind of question "
                       r"\(Rule 6, Standing answers\)"):
        game.act("bob", "standing-answer", kind="Zoo!", option="pay")
    with pytest.raises(ActionRefused, match=r"the condition cannot be read: 'my.dollars >' "
                       r"is not an expression"):
        game.act("bob", "standing-answer", kind="zoo", option="pay", condition="my.dollars >")
    with pytest.raises(InvalidArguments, match="option: Field required"):
        game.act("bob", "standing-answer", kind="zoo", at=START + timedelta(hours=1))
