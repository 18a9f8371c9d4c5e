"""Methods a rule names (an argument's choices or explanation, a prompt's or a
timer's handler) are checked when the rule class is made or the prompt or timer is
set, not when a game first needs them; a handler may be given as the method."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import RuleError
from nomicon.kernel.pack import Initial, Pack, Registry
from nomicon.kernel.rules import Arg, Rule, action

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


def test_a_misspelt_choices_method_fails_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"the choices of argument 'item' of action 'buy' "
                                        r"name '_shop_itmes', which is not a method of Shop"):
        class Shop(Rule):
            """A player may buy an item."""

            @action("buy", Arg("item", str, choices="_shop_itmes"))
            def buy(self, ctx: Ctx, actor: str, item: str) -> None: ...

            def _shop_items(self, ctx: Ctx, actor: str) -> list[str]:
                return ["flute"]


class Alarm(Rule):
    """A player may set an alarm, which rings an hour later; or ask a question."""

    key = "alarm"
    pack = "alarm-test"
    number = 1
    title = "Alarms"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.set(["rung"], 0)

    @action("set-alarm")
    def set_alarm(self, ctx: Ctx, actor: str) -> None:
        ctx.set_timer(f"alarm:{actor}", timedelta(hours=1), self.ring, {"player": actor})

    @action("set-wrong-alarm")
    def set_wrong_alarm(self, ctx: Ctx, actor: str) -> None:
        ctx.set_timer(f"alarm:{actor}", timedelta(hours=1), "rnig")

    @action("ask")
    def ask(self, ctx: Ctx, actor: str) -> None:
        ctx.prompt(actor, ["yes", "no"], "no", handler=self.answered, message="well?")

    def ring(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        ctx.set(["rung"], ctx.get(["rung"]) + 1)

    def answered(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        ctx.set(["answer"], option)


class AlarmPack(Pack):
    id = "alarm-test"
    title = "Alarms"
    initial = (Initial(Alarm),)


def game() -> Game:
    return Game.create("alarm-test", start=START, players=["ann"],
                       secret=dice.secret_from_seed("alarm"), game_id="alarm",
                       registry=Registry([AlarmPack()]))


def test_handlers_given_as_methods_run_later_by_name() -> None:
    played = game()
    played.act("ann", "set-alarm")
    assert played.state.root["timers"]["alarm:ann"]["handler"] == "ring"
    played.advance(START + timedelta(hours=2))
    assert played.state.root["rung"] == 1
    played.act("ann", "ask")
    assert played.state.root["prompts"][0]["handler"] == "answered"
    played.act("ann", "choose", option="yes")
    assert played.state.root["answer"] == "yes"


def test_a_misspelt_handler_fails_when_the_timer_is_set_and_changes_nothing() -> None:
    played = game()
    head = played.head
    with pytest.raises(RuleError, match=r"a timer's handler 'rnig' is not a method of Alarm"):
        played.act("ann", "set-wrong-alarm")
    assert played.head == head and "alarm:ann" not in played.state.root["timers"]
