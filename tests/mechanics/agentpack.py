"""A small pack for the agents' tests, in the manner of Nomopoly IV's Imps: squares 1
to 6, players standing on them, resources on some, a Rubber Ducky, and Imps that act
every day at midnight GMT by their list of priorities, one released every third day
counted from the enactment of their rule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from nomicon.authoring import Arg, Attribute, Ctx, Currency, Initial, Pack, Rule, action, hook
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed
from nomicon.mechanics import agents
from nomicon.mechanics.agents import AgentKind, AgentParams, Behaviour

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)  # a Monday
PACK = "agents-test"
SQUARES = tuple(range(1, 7))
TERROR = "bank-of-terror"
SECRET = dice.secret_from_seed("agents")


def square(n: int) -> str:
    """The account that holds a square's resources."""
    return f"square-{n}"


def noted(game: Game, key: str) -> list[Any]:
    found: list[Any] = game.state.root.get("notes", {}).get(key, [])
    return found


def note(ctx: Ctx, key: str, value: Any) -> None:
    if not ctx.state.has(["notes"]):
        ctx.set(["notes"], {})
    ctx.set(["notes", key], [*ctx.get(["notes", key], []), value])


class Board(Rule):
    """The board has squares 1 to 6; each player stands on one, from square 1. A square may hold resources in dollars. The admin may move a player, or put resources on a square."""  # noqa: E501

    key = "board"
    pack = PACK
    number = 1
    title = "The board"
    attributes = (Attribute("location", 1),)
    currencies = (Currency("dollars", 0, minimum=0),)

    @action("move", Arg("player", str), Arg("to", int, minimum=1, maximum=6), admin=True)
    def move(self, ctx: Ctx, actor: str, player: str, to: int) -> None:
        ctx.set_attr(player, "location", to)
        ctx.emit("moved", f"{player} moves to square {to}", player=player, square=to)

    @action("endow", Arg("to", int, minimum=1, maximum=6), Arg("amount", int, minimum=1),
            admin=True)
    def endow(self, ctx: Ctx, actor: str, to: int, amount: int) -> None:
        ctx.transfer(None, square(to), amount, "dollars", "resources appear")


class ImpDoings(Rule):
    """Things an Imp may do. Call: if its square contains one or more players, the Imp begins calling the Rubber Ducky; if for the next 73 hours there is continuously at least one player on that square, the Ducky then jumps to that square. Hoard: if its square has resources, the Imp takes $100 of them (or what there is) to the Bank of Terror. Jump: if a square has no Imp, the Imp jumps to a randomly selected such square. Rage: the Imp goes crazy."""  # noqa: E501

    key = "imp-doings"
    pack = PACK
    number = 30
    title = "What Imps do"
    contributes: ClassVar[dict[str, Any]] = {agents.BEHAVIOURS: {
        "call": Behaviour("_can_call", "_call"),
        "hoard": Behaviour("_can_hoard", "_hoard"),
        "jump": Behaviour("_can_jump", "_jump"),
        "rage": Behaviour("_can_rage", "_rage"),
    }}

    def _players_at(self, ctx: Ctx, where: Any) -> list[str]:
        return [p for p in ctx.players() if ctx.attr(p, "location") == where]

    def _where(self, ctx: Ctx, imp: str) -> Any:
        return (ctx.entity(imp) or {}).get("location")

    def _can_call(self, ctx: Ctx, imp: str) -> bool:
        return bool(self._players_at(ctx, self._where(ctx, imp)))

    def _call(self, ctx: Ctx, imp: str) -> None:
        agents.begin_task(ctx, imp, "calling", until=timedelta(hours=73))

    @hook("status.ended", key="calling")
    def _called(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if data["cause"] == "expired" and ctx.entity(data["holder"]) is not None:
            ctx.set(["ducky"], self._where(ctx, data["holder"]))

    @hook("moved")
    def _left(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # "continuously at least one player on that square": the calling stops when
        # the last one leaves.
        for imp in ctx.entities_of("imp"):
            if agents.task_of(ctx, imp) == "calling" and not self._players_at(
                    ctx, self._where(ctx, imp)):
                agents.end_task(ctx, imp, "no player is left on its square")

    def _can_hoard(self, ctx: Ctx, imp: str) -> bool:
        return ctx.balance(square(self._where(ctx, imp)), "dollars") > 0

    def _hoard(self, ctx: Ctx, imp: str) -> None:
        account = square(self._where(ctx, imp))
        ctx.transfer(account, TERROR, min(100, ctx.balance(account, "dollars")), "dollars",
                     f"{imp} takes the square's resources")

    def _empty(self, ctx: Ctx) -> list[int]:
        return [n for n in SQUARES if not any(
            (ctx.entity(e) or {}).get("kind") == "imp" for e in ctx.entities_at(n))]

    def _can_jump(self, ctx: Ctx, imp: str) -> bool:
        return bool(self._empty(ctx))

    def _jump(self, ctx: Ctx, imp: str) -> None:
        ctx.move_entity(imp, ctx.pick(self._empty(ctx), f"where {imp} jumps"))

    def _can_rage(self, ctx: Ctx, imp: str) -> bool:
        return True

    def _rage(self, ctx: Ctx, imp: str) -> None:
        note(ctx, "rages", imp)


class ImpParams(AgentParams):
    priorities: tuple[str, ...] = ("call", "hoard", "jump", "rage")
    acts: str = "every day at midnight GMT"
    spawns: str = "every third day at midnight GMT"


class Imps(AgentKind):
    """Every day at midnight GMT, each Imp takes the action listed first on its list of Priorities; if that is not possible, the next instead, and so on. Priorities: 1) Call, 2) Hoard, 3) Jump, 4) Rage. Every third day at midnight GMT, an Imp is created on a randomly selected square that does not already contain an Imp, if possible; this occurs before the Imps act. The admin may also summon an Imp to a square."""  # noqa: E501

    key = "imps"
    pack = PACK
    number = 19
    title = "Imps"
    agent_kind = "imp"
    Params = ImpParams
    params: ImpParams

    def spawn(self, ctx: Ctx) -> None:
        empty = [n for n in SQUARES if not ctx.entities_at(n)]
        if empty:
            ctx.create_entity("imp", location=ctx.pick(empty, "where an Imp is created"),
                              cause="the Dark Lord releases an Imp")

    @action("summon", Arg("to", int, minimum=1, maximum=6), Arg("name", str, required=False),
            admin=True)
    def summon(self, ctx: Ctx, actor: str, to: int, name: str | None = None) -> None:
        ctx.create_entity("imp", location=to, id=name, cause="summoned by the admin")


class Portal(Rule):
    """Every third day, when Imps would be created, an additional Imp is created on square 6, the Dark Portal's square."""  # noqa: E501

    key = "portal"
    pack = PACK
    number = 20
    title = "The Dark Portal"

    @hook(agents.events.AGENTS_SPAWNING)
    def _spawn(self, ctx: Ctx, data: agents.events.AgentsSpawning) -> None:
        if data["kind"] == "imp":
            ctx.create_entity("imp", location=6, cause="the Dark Portal")


class AgentsPack(Pack):
    id = PACK
    title = "Agents test"
    initial = (Initial(Board), Initial(ImpDoings), Initial(Imps))
    rule_classes = (Portal,)

    def setup(self, ctx: Ctx, params: Any) -> None:
        ctx.open_account(TERROR)
        for n in SQUARES:
            ctx.open_account(square(n))


REGISTRY = installed().with_pack(AgentsPack())


def new(players: tuple[str, ...] = ("alice", "bob")) -> Game:
    return Game.create(PACK, start=START, players=players, secret=SECRET, registry=REGISTRY)


def enact(game: Game, cls: type[Rule], at: datetime, **params: Any) -> None:
    """Put ``cls`` into force at ``at`` (the timers due before it fire first), as a
    passed proposal does."""
    game.fire_due(at)
    with game._transaction(at, "admin") as ctx:
        ruleset.enact(ctx, cls, params=params or None)


def amend(game: Game, number: int, at: datetime, **params: Any) -> None:
    """Amend Rule ``number``'s parameters at ``at``, as a passed proposal does."""
    game.fire_due(at)
    with game._transaction(at, "admin") as ctx:
        ruleset.amend(ctx, number, params=params)
