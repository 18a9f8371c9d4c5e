"""A refusal repeats the action's arguments as they were given and cites what
refused it: a rule, or the procedure every game has (STYLE: errors say what, where
and why)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError, Refusal

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def game() -> Game:
    return Game.create("infinite-nomic-r7", start=START, players=["alice", "bob"],
                       secret=dice.secret_from_seed("refusals"), game_id="refusals")


def refused(game: Game, actor: str, name: str, **args: object) -> str:
    with pytest.raises(ActionError) as caught:
        game.act(actor, name, **args)
    return str(caught.value)


def test_a_rules_refusal_repeats_the_arguments(game: Game) -> None:
    assert refused(game, "alice", "deposit", amount=5).startswith(
        "alice cannot deposit amount=5: you are not on a space with a Bank "
        "(Rule 11, Features)")


def test_a_malformed_argument_shows_what_was_given(game: Game) -> None:
    message = refused(game, "alice", "deposit", amount="x")
    assert message.startswith("alice cannot deposit amount='x': amount: Input should be a "
                              "valid integer")
    assert "not 'x'" in message and "(Nomicon procedure)" in message


@pytest.mark.parametrize(("actor", "name", "args", "expected"), [
    ("mallory", "roll", {}, "mallory cannot roll: 'mallory' is not a player of this game "
                            "(Nomicon procedure); join the game first"),
    ("alice", "fly", {"to": 3}, "alice cannot fly to=3: no rule in force defines this action "
                                "(Nomicon procedure)"),
    ("alice", "set", {"path": "x", "value": 1}, "alice cannot set path='x' value=1: only the "
                                                "admin may do this (Nomicon procedure)"),
])
def test_what_the_procedure_refuses_cites_it(game: Game, actor: str, name: str,
                                             args: dict[str, object], expected: str) -> None:
    assert refused(game, actor, name, **args) == expected


class _Cited:
    label = "Rule 9, Cited"


def test_a_refusal_reads_as_its_reason_and_cites_its_rule() -> None:
    refusal = Refusal("not your turn", "it is bob's turn", True, _Cited())
    assert str(refusal) == "not your turn"
    assert refusal.args == ("not your turn",)
    assert repr(refusal) == "Refusal('not your turn')"
    assert (refusal.reason, refusal.detail, refusal.turn) == (
        "not your turn", "it is bob's turn", True)
    assert refusal.rule == "Rule 9, Cited"
    assert Refusal("no", rule="Nomicon procedure", cited=_Cited()).rule == "Nomicon procedure"
    assert Refusal("no").rule is None
