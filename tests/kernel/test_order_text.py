"""An order given as one line of text, in the words of ``nomicon act NAME key=value``:
it is read into the same action and arguments as an order given by ``action`` and
``args``, and a line that cannot be read is refused and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from mail_pack import FIRST_UPDATE, START, new

from nomicon.kernel.errors import ActionRefused, InvalidArguments, UnknownAction

MONDAY_10 = START + timedelta(hours=1)
AFTER_UPDATE = FIRST_UPDATE + timedelta(minutes=1)


def test_a_text_order_is_recorded_like_the_same_order_by_action_and_args() -> None:
    game = new()
    game.act("alice", "order", text="buy square=2", at=MONDAY_10)
    game.act("bob", "order", action="buy", args={"square": 3}, at=MONDAY_10)
    alice = list(game.view("alice")["orders"].values())
    assert [(o["action"], o["args"], o["phase"]) for o in alice] == [
        ("buy", {"square": 2}, "purchases")]
    game.advance(AFTER_UPDATE)
    squares = game.view()["board"]["squares"]
    assert (squares["2"]["owner"], squares["3"]["owner"]) == ("alice", "bob")
    assert game.view()["players"]["alice"]["dollars"] == 70  # "for sale at $30"


def test_quoted_words_make_one_value() -> None:
    game = new()
    game.act("alice", "order", text="paint square=1 colour='deep blue'", at=MONDAY_10)
    (order,) = game.view("alice")["orders"].values()
    assert (order["action"], order["args"]) == ("paint", {"square": 1, "colour": "deep blue"})


def test_a_text_order_is_received_from_the_mail_gateway_too() -> None:
    game = new()
    game.act("admin", "receive-order", player="carol", received_at="2021-03-01T09:30:00Z",
             position=1, text="buy square=4", at=MONDAY_10)
    (order,) = game.view("carol")["orders"].values()
    assert (order["player"], order["action"], order["args"]) == ("carol", "buy", {"square": 4})


def test_an_unreadable_or_ambiguous_text_order_is_refused_and_changes_nothing() -> None:
    game = new()
    before, length = game.view(), len(game.log)
    with pytest.raises(ActionRefused, match=r"cannot be read: malformed argument 'square': "
                       r"write key=value \(Rule 5, Schedule of updates\)"):
        game.act("alice", "order", text="buy square")
    with pytest.raises(ActionRefused, match=r"the order's text is empty"):
        game.act("alice", "order", text="   ")
    with pytest.raises(ActionRefused, match=r"cannot be read: No closing quotation"):
        game.act("alice", "order", text="paint square=1 colour='red")
    with pytest.raises(ActionRefused, match=r"by text or by action and args, not both"):
        game.act("alice", "order", text="buy square=1", action="buy")
    with pytest.raises(ActionRefused, match=r"an order names its action"):
        game.act("alice", "order")
    with pytest.raises(InvalidArguments, match=r"alice cannot buy square='two'"):
        game.act("alice", "order", text="buy square=two")
    with pytest.raises(UnknownAction, match=r"alice cannot fly: no rule in force defines"):
        game.act("alice", "order", text="fly")
    assert game.view() == before
    assert len(game.log) == length
