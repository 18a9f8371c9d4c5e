"""A small pack for the tests of statuses, schedules and pauses.

Its rules are written for the tests, in the manner of the seeds' rules: a Carnival
that makes players Sick, a Dark Portal that releases an Imp every third day from
its enactment, a payday held in a parameter, three bells that ring at the same
instant, a countdown of 73 hours, and a referee who may leave (pausing the game).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Initial, Pack, Rule, RuleParams, action, every, hook
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)  # a Monday
PACK = "clock"


def noted(game: Game, key: str) -> list[Any]:
    """What the rules noted under ``notes.<key>``."""
    found: list[Any] = game.state.root.get("notes", {}).get(key, [])
    return found


def _note(ctx: Ctx, key: str, value: Any) -> None:
    if not ctx.state.has(["notes"]):
        ctx.set(["notes"], {})
    ctx.set(["notes", key], [*ctx.get(["notes", key], []), value])


class Carnival(Rule):
    """A player who visits the Carnival may make another player Sick for a number of days. A player may also cast a cloak of invisibility on another, which lasts until it is lifted. A player may dare another to ride the Ferris wheel; one who has not answered within a day refuses."""  # noqa: E501

    key = "carnival"
    pack = PACK
    number = 5
    title = "The Carnival"

    @action("sicken", Arg("target", str), Arg("days", int, minimum=1))
    def sicken(self, ctx: Ctx, actor: str, target: str, days: int) -> None:
        ctx.grant_status(target, "Sick", until=timedelta(days=days), data={"days": days})

    @action("cloak", Arg("target", str))
    def cloak(self, ctx: Ctx, actor: str, target: str) -> None:
        ctx.grant_status(target, "Invisible")

    @action("lift", Arg("target", str))
    def lift(self, ctx: Ctx, actor: str, target: str) -> None:
        ctx.require(ctx.end_status(target, "Invisible", f"lifted by {actor}"),
                    f"{target} is not Invisible")

    @action("look", Arg("target", str))
    def look(self, ctx: Ctx, actor: str, target: str) -> None:
        _note(ctx, "looks", [ctx.get(["game", "clock"]), ctx.has_status(target, "Sick")])

    @action("dare", Arg("target", str))
    def dare(self, ctx: Ctx, actor: str, target: str) -> None:
        ctx.prompt(target, ["ride", "refuse"], "refuse", handler=self.dared,
                   message="ride the Ferris wheel?", deadline=ctx.now + timedelta(days=1))

    def dared(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        _note(ctx, "dares", [ctx.get(["game", "clock"]), prompt["to"], option])

    @hook("status.granted", key="Sick")
    def on_sick(self, ctx: Ctx, data: dict[str, Any]) -> None:
        _note(ctx, "sick", [ctx.get(["game", "clock"]), data["holder"], data["again"]])

    @hook("status.ended", key="Sick")
    def on_well(self, ctx: Ctx, data: dict[str, Any]) -> None:
        _note(ctx, "well", [ctx.get(["game", "clock"]), data["holder"], data["cause"]])


class DarkPortal(Rule):
    """Every third day at midnight GMT, an Imp is created at the Dark Portal. The days are counted from the enactment of this rule."""  # noqa: E501

    key = "dark-portal"
    pack = PACK
    number = 20
    title = "The Dark Portal"

    @every("every third day at midnight GMT", anchor="enactment")
    def release(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _note(ctx, "imps", ctx.get(["game", "clock"]))


class OldPortal(Rule):
    """Every third day at midnight GMT, an Imp is created at the Old Portal, the days counted from the start of the game."""  # noqa: E501

    key = "old-portal"
    pack = PACK
    number = 21
    title = "The Old Portal"

    @every("every third day at midnight GMT")
    def release(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _note(ctx, "old imps", ctx.get(["game", "clock"]))


class Watch(Rule):
    """Every 6 hours, counted from the enactment of this rule, the watch changes."""

    key = "watch"
    pack = PACK
    number = 22
    title = "The Watch"

    @every("every 6 hours", anchor="enactment")
    def change(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _note(ctx, "watches", ctx.get(["game", "clock"]))


class Payday(Rule):
    """Each player is paid one coin on payday; when payday is, this rule says."""

    key = "payday"
    pack = PACK
    number = 6
    title = "Payday"

    class Params(RuleParams):
        payday: str | None = Field("every Friday at noon UTC")

    params: Params

    @every(param="payday")
    def pay(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _note(ctx, "paydays", ctx.get(["game", "clock"]))


def _ring(ctx: Ctx, bell: str) -> None:
    _note(ctx, "bells", bell)


class Zeta(Rule):
    """Every day at noon UTC the Zeta bell rings."""

    key = "zeta"
    pack = PACK
    number = 9
    title = "Zeta bell"

    @every("every day at noon UTC")
    def ring(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _ring(ctx, "zeta")
        # Is anyone Sick as the bells ring? (A Sickness ending at noon has ended.)
        _note(ctx, "sick at the bells", ctx.holders_of("Sick"))


class Alpha(Rule):
    """Every day at noon UTC the Alpha bells ring: the treble bell, then the bass bell. A player may also set two chimes an hour ahead, the one and then the other."""  # noqa: E501

    key = "alpha"
    pack = PACK
    number = 8
    title = "Alpha bells"

    @every("every day at noon UTC")
    def treble(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _ring(ctx, "alpha treble")

    @every("every day at noon UTC")
    def bass(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _ring(ctx, "alpha bass")

    @action("chimes", Arg("first", str), Arg("then", str))
    def chimes(self, ctx: Ctx, actor: str, first: str, then: str) -> None:
        ctx.set_timer(f"chime:{first}", timedelta(hours=1), self.chime, {"chime": first})
        ctx.set_timer(f"chime:{then}", timedelta(hours=1), self.chime, {"chime": then})

    def chime(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _ring(ctx, payload["chime"])


class Omega(Rule):
    """Every day at noon UTC the Omega bell rings; this rule takes precedence over the other bells."""  # noqa: E501

    key = "omega"
    pack = PACK
    number = 40
    title = "Omega bell"
    precedence = -5

    @every("every day at noon UTC")
    def ring(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _ring(ctx, "omega")


class Countdown(Rule):
    """When a player starts the Imp calling, the Imp arrives 73 hours later (a number of hours this rule gives). The referee may leave the game, which pauses it until the referee returns, or for at most the given number of days."""  # noqa: E501

    key = "countdown"
    pack = PACK
    number = 7
    title = "The calling"

    class Params(RuleParams):
        hours: int = Field(73, ge=1)

    params: Params

    @action("call")
    def call(self, ctx: Ctx, actor: str) -> None:
        ctx.set_timer("imp-arrives", timedelta(hours=self.params.hours), self.arrive)

    def arrive(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        _note(ctx, "arrivals", ctx.get(["game", "clock"]))

    @action("leave", Arg("days", int, minimum=1, required=False))
    def leave(self, ctx: Ctx, actor: str, days: int | None = None) -> None:
        ctx.pause(f"{actor}, the referee, left",
                  until=timedelta(days=days) if days is not None else None)

    @action("return")
    def come_back(self, ctx: Ctx, actor: str) -> None:
        ctx.resume(f"{actor}, the referee, is back")

    @hook("game.resumed")
    def resumed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        _note(ctx, "resumed", [ctx.get(["game", "clock"]), data["span"]])


class ClockPack(Pack):
    id = PACK
    title = "Clock"
    initial = (Initial(Carnival), Initial(Countdown), Initial(Payday))
    rule_classes = (DarkPortal, OldPortal, Watch, Zeta, Alpha, Omega)
    players = (1, None)


REGISTRY = installed().with_pack(ClockPack())


def new_game(players: tuple[str, ...] = ("alice", "bob", "carol")) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(14),
                       registry=REGISTRY, game_id="clock")


def enact(game: Game, cls: type[Rule], at: datetime) -> None:
    """Put ``cls`` into force at ``at`` (the timers due before it fire first), as a
    passed proposal does."""
    game.fire_due(at)
    with game._transaction(at, "admin") as ctx:
        ruleset.enact(ctx, cls)


def amend(game: Game, number: int, at: datetime, **params: Any) -> None:
    """Amend Rule ``number``'s parameters at ``at``, as a passed proposal does."""
    game.fire_due(at)
    with game._transaction(at, "admin") as ctx:
        ruleset.amend(ctx, number, params=params)


def days(n: float) -> timedelta:
    return timedelta(days=n)


def hours(n: float) -> timedelta:
    return timedelta(hours=n)
