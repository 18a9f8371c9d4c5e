"""Rule effects that trigger each other forever stop the batch with an error naming
the rules in the loop; nothing changes, and the game goes on."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from nomicon.kernel import dice
from nomicon.kernel.context import MAX_CHAIN, Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import RuleError
from nomicon.kernel.pack import Initial, Pack, installed
from nomicon.kernel.rules import Arg, Attribute, Rule, action, hook

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


class Ping(Rule):
    """A player may ping (a depth may be given). Each pong is answered by a ping."""

    key = "ping"
    pack = "loop"
    number = 1
    title = "Ping"
    attributes = (Attribute("pings", 0),)

    @action("ping", Arg("depth", int, required=False, default=None))
    def start(self, ctx: Ctx, actor: str, depth: int | None) -> None:
        ctx.emit("ping", f"{actor} pings", player=actor, left=depth)

    @hook("ping")
    def count(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.set_attr(data["player"], "pings", ctx.attr(data["player"], "pings") + 1)

    @hook("pong")
    def answer(self, ctx: Ctx, data: dict[str, Any]) -> None:
        left = data["left"]
        if left is None or left > 0:
            ctx.emit("ping", "ping again", player=data["player"],
                     left=None if left is None else left - 1)


class Pong(Rule):
    """Each ping is answered by a pong."""

    key = "pong"
    pack = "loop"
    number = 2
    title = "Pong"

    @hook("ping")
    def answer(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.emit("pong", "pong", player=data["player"], left=data["left"])


class LoopPack(Pack):
    id = "loop"
    title = "Loop"
    initial = (Initial(Ping), Initial(Pong))


REGISTRY = installed().with_pack(LoopPack())


def new() -> Game:
    return Game.create("loop", start=START, players=("ann",), secret=dice.secret_from_seed(1),
                       registry=REGISTRY)


def test_a_chain_that_never_ends_is_refused_naming_the_rules() -> None:
    game = new()
    before, head = game.view(), game.head
    with pytest.raises(RuleError) as refused:
        game.act("ann", "ping")
    message = str(refused.value)
    assert "a chain of rule effects did not end" in message
    assert "[Rule 1, Ping] and [Rule 2, Pong] kept triggering each other" in message
    assert "nothing changed" in message and "RecursionError" not in message
    assert game.view() == before and game.head == head


def test_a_deep_chain_that_ends_is_carried_out() -> None:
    game = new()
    game.act("ann", "ping", depth=5)  # six pings and six pongs, well within the bound
    assert game.view()["players"]["ann"]["pings"] == 6
    assert MAX_CHAIN >= 20  # far above any real chain


class Dive(Rule):
    """A player may dive some levels deep: each level down is an event whose hook goes
    one level further, and the last ends with an event that no rule hooks."""

    key = "dive"
    pack = "dive"
    number = 1
    title = "Dive"

    @action("dive", Arg("levels", int))
    def start(self, ctx: Ctx, actor: str, levels: int) -> None:
        ctx.emit("down", f"{actor} dives", player=actor, left=levels)

    @hook("down")
    def further(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if data["left"] > 0:
            ctx.emit("down", "further down", player=data["player"], left=data["left"] - 1)
        else:
            ctx.emit("bottom", "the bottom", player=data["player"])


class DivePack(Pack):
    id = "dive"
    title = "Dive"
    initial = (Initial(Dive),)


def test_an_event_no_rule_hooks_still_counts_against_the_bound() -> None:
    """The action runs in its rule's name (one level), each ``down`` hook one more: the
    ``bottom`` event of a dive ``levels`` deep is emitted ``levels + 2`` levels deep,
    and an event emitted :data:`MAX_CHAIN` deep stops the batch, hooked or not."""
    game = Game.create("dive", start=START, players=("ann",), secret=dice.secret_from_seed(2),
                       registry=installed().with_pack(DivePack()))
    head = game.head
    with pytest.raises(RuleError, match="a chain of rule effects did not end"):
        game.act("ann", "dive", levels=MAX_CHAIN - 2)
    assert game.head == head
    events = game.act("ann", "dive", levels=MAX_CHAIN - 3)
    assert [event["type"] for event in events].count("down") == MAX_CHAIN - 2
    assert events[-1]["type"] == "bottom"
