"""Two small packs for the tests of sub-games: a parent and a child.

The parent, an *arcade*, starts child games from its rules: a Game of Pure Skill
(Ackanomic 1250.7, the ``ackanomic-goofspiel`` pack) for three players and a
referee, whose payoff is clause 5 of 1250.7 paid in the arcade; and a Duel between
two players (the child pack below). Its players may go on vacation, a status that
reaches the children they play in.

The child, a *duel*, is won by the first duellist to strike three times; when its
time is up the duellist with more strikes wins; a duellist who goes on vacation in
the main game forfeits.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    Initial,
    Pack,
    PackParams,
    Rule,
    action,
    events,
    finish,
    hook,
)
from nomicon.kernel.pack import Registry, installed

ARCADE = "test-arcade"
DUEL = "test-duel"
GOOFSPIEL = "ackanomic-goofspiel"
START = datetime(2024, 6, 3, 12, 0, tzinfo=UTC)


# -- the parent ----------------------------------------------------------------------
class Purse(Rule):
    """Players hold points and A$."""

    key = "purse"
    pack = ARCADE
    number = 1
    title = "Points and A$"
    currencies = (Currency("points", 0, doc="points"), Currency("A$", 0, doc="dollars"))
    attributes = (Attribute("trophies", 0, doc="standard Trophies won"),)


class PureSkill(Rule):
    """A player may start a Game of Pure Skill for three players and a referee. Upon a winning condition being met and a winner being declared, the winner receives 8 points, and the referee receives A$8. The winner receives a standard Trophy."""  # noqa: E501

    key = "pure-skill-games"
    pack = ARCADE
    number = 2
    title = "Games of Pure Skill"

    @action("start-pure-skill", Arg("players", list, "the three players"),
            Arg("referee", str, "the referee (default: the engine)", required=False),
            Arg("cards", int, "cards in each pack", required=False, default=13))
    def start(self, ctx: Ctx, actor: str, players: list[str], referee: str | None = None,
              cards: int = 13) -> None:
        ctx.start_child(GOOFSPIEL, players=players, referee=referee,
                        params={"cards": cards},
                        cause=f"{actor} started a Game of Pure Skill")

    @hook(events.CHILD_SETTLED)
    def pay(self, ctx: Ctx, data: events.ChildSettled) -> None:
        if data["pack"] != GOOFSPIEL or len(data["winners"]) != 1:
            return
        winner = data["winners"][0]
        ctx.gain(winner, 8, f"won the Game of Pure Skill {data['child']}")
        ctx.set_attr(winner, "trophies", ctx.attr(winner, "trophies", 0) + 1)
        if data["referee"] is not None and ctx.is_player(data["referee"]):
            ctx.gain(data["referee"], 8, f"refereed the Game of Pure Skill {data['child']}",
                     "A$")


class Duels(Rule):
    """A player may challenge another to a Duel. The winner of a Duel receives 3 points."""

    key = "duels"
    pack = ARCADE
    number = 3
    title = "Duels"

    @action("challenge", Arg("target", str, "the player challenged"))
    def challenge(self, ctx: Ctx, actor: str, target: str) -> None:
        ctx.require(target != actor, "a player cannot duel themself")
        ctx.start_child(DUEL, players=[actor, target], cause=f"{actor} challenged {target}")

    @hook(events.CHILD_SETTLED)
    def pay(self, ctx: Ctx, data: events.ChildSettled) -> None:
        if data["pack"] == DUEL:
            for winner in data["winners"]:
                ctx.gain(winner, 3, f"won the Duel {data['child']}")


class Vacations(Rule):
    """A player may go on vacation, and come back from it."""

    key = "vacations"
    pack = ARCADE
    number = 4
    title = "Vacations"

    @action("vacation")
    def vacation(self, ctx: Ctx, actor: str) -> None:
        ctx.grant_status(actor, "vacation")

    @action("back")
    def back(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.end_status(actor, "vacation", "back"), "you are not on vacation")


class ArcadePack(Pack):
    id = ARCADE
    title = "Arcade"
    description = "A test pack whose rules start child games."
    initial = (Initial(Purse), Initial(PureSkill), Initial(Duels), Initial(Vacations))


# -- the child ---------------------------------------------------------------------------
class Duel(Rule):
    """The first of the two duellists to strike three times wins the Duel. When three days have passed, the duellist who struck more often wins; if they struck as often, nobody does. A duellist who goes on vacation in the main game forfeits: the other wins."""  # noqa: E501

    key = "duel"
    pack = DUEL
    number = 1
    title = "The Duel"
    attributes = (Attribute("strikes", 0, doc="strikes so far"),)

    def on_enact(self, ctx: Ctx) -> None:
        ctx.set_timer("duel-time", timedelta(days=3), self.time_up)

    @action("strike")
    def strike(self, ctx: Ctx, actor: str) -> None:
        strikes = ctx.attr(actor, "strikes") + 1
        ctx.set_attr(actor, "strikes", strikes)
        if strikes == 3:
            _win(ctx, [actor], f"{actor} struck three times")

    def time_up(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        counts = {name: ctx.attr(name, "strikes") for name in ctx.players()}
        best = max(counts.values())
        leaders = [name for name, count in counts.items() if count == best]
        _win(ctx, leaders if len(leaders) == 1 else [], "three days have passed")

    @hook(events.PARENT_INPUT)
    def heard(self, ctx: Ctx, data: events.ParentInput) -> None:
        ctx.state.append(["heard"], [data["n"], data["kind"], data["player"]])
        if (data["kind"] == "status.granted" and data["data"].get("name") == "vacation"
                and ctx.is_player(data["player"])):
            others = [name for name in ctx.players() if name != data["player"]]
            _win(ctx, others, f"{data['player']} went on vacation and forfeits")


def _win(ctx: Ctx, winners: list[str], why: str) -> None:
    ctx.set(["winners"], winners)
    finish(ctx, why)


class DuelPack(Pack):
    id = DUEL
    title = "Duel"
    description = "A test pack played as a child game."
    initial = (Initial(Duel),)
    players = (2, 2)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        ctx.set(["heard"], [])

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        strikes = {name: record["strikes"] for name, record in state["players"].items()}
        return {"winners": list(state["winners"]), "scores": strikes, "referee": None,
                "rounds": sum(strikes.values())}


def registry() -> Registry:
    """The installed packs (Goofspiel among them) with the arcade and the duel."""
    return installed().with_pack(ArcadePack()).with_pack(DuelPack())
