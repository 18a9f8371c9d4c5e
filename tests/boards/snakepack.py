"""A small pack on a snake board for the walker's and the renumbering's tests.

Its rules are short paraphrases of Nomopoly II's (glue, grease, Jumpgates, chains,
destruction) and Nomopoly IV's (the tripling), plus a fence and a toll bridge that
stop and redirect a walk, and a diary that writes down every moment of every walk.
Which squares carry what is a game parameter, so each test sets up what it needs.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Initial, Pack, PackParams, Rule, action, hook
from nomicon.boards import numbered, snake, walker
from nomicon.boards.walker import Piece
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed

PACK = "snake-toy"
START = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def coating(ctx: Ctx, square: int) -> str | None:
    found: str | None = ctx.get(["board", "spaces", str(square), "coating"], None)
    return found


class Board(Rule):
    """Players stand on numbered squares and start on the first. A player may walk a
    number of squares forwards, or push the Rber Ducky forwards."""

    key = "board"
    pack = PACK
    number = 1
    title = "Board"
    attributes = (Attribute("location", 1), Attribute("chained", False))

    def step(self, ctx: Ctx) -> walker.Step:
        layout = numbered.layout(ctx)
        wrap = bool(ctx.param("wrap"))
        return lambda n: layout.successor(n, wrap=wrap)

    @action("walk", Arg("steps", int, minimum=0))
    def walk(self, ctx: Ctx, actor: str, steps: int) -> None:
        """Walk forwards."""
        walker.walk(ctx, Piece.player(actor), steps, self.step(ctx), how=f"walks {steps}",
                    turn="normal")

    @action("push-duck", Arg("steps", int, minimum=0))
    def push_duck(self, ctx: Ctx, actor: str, steps: int) -> None:
        """Push the Rber Ducky forwards."""
        walker.walk(ctx, Piece.entity("ducky"), steps, self.step(ctx),
                    how=f"pushed {steps} by {actor}")

    @action("stand", Arg("square", int))
    def stand(self, ctx: Ctx, actor: str, square: int) -> None:
        """Stand on a square without walking there."""
        walker.place(ctx, Piece.player(actor), square, why="stands there")

    @action("jump", Arg("square", int))
    def jump(self, ctx: Ctx, actor: str, square: int) -> None:
        """Jump to a square and land on it."""
        walker.land(ctx, Piece.player(actor), square, how="jumps")


class Diary(Rule):
    """Every leaving, passing and landing is written down."""

    key = "diary"
    pack = PACK
    number = 2
    title = "Diary"

    def write(self, ctx: Ctx, moment: str, data: dict[str, Any]) -> None:
        entry = {"moment": moment, "piece": data["piece"], "square": data["square"]}
        if "from" in data:
            entry["from"] = data["from"]
        if "via" in data:
            entry["via"] = data["via"]["why"]
        ctx.set(["diary"], [*ctx.get(["diary"], []), entry])

    @hook(walker.LEFT)
    def on_left(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.write(ctx, "left", data)

    @hook(walker.PASSING)
    def on_passing(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.write(ctx, "passing", data)

    @hook(walker.LANDING)
    def on_landing(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.write(ctx, "landing", data)

    @hook(walker.LANDED)
    def on_landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.write(ctx, "landed", data)


class Glue(Rule):
    """Any player passing through a square coated with glue during a normal turn will
    lose one pip's worth of movement. When a player is affected by a coat of glue,
    that coat of glue is removed from the square."""

    key = "glue"
    pack = PACK
    number = 3
    title = "Glue"

    @hook(walker.PASSING)
    def stick(self, ctx: Ctx, data: dict[str, Any]) -> None:
        square = data["square"]
        if "player" in data and data.get("turn") == "normal" and coating(ctx, square) == "glue":
            data["remaining"] -= 1
            ctx.state.delete(["board", "spaces", str(square), "coating"])
            ctx.emit("glue.used", f"{data['player']} loses a pip to the glue on {square}",
                     player=data["player"], square=square)


class Fence(Rule):
    """A piece that passes through a fenced square stops there."""

    key = "fence"
    pack = PACK
    number = 4
    title = "Fence"

    @hook(walker.PASSING)
    def halt(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if coating(ctx, data["square"]) == "fence":
            walker.stop(ctx, data, "the fence")


class Chains(Rule):
    """A chained player cannot leave her square."""

    key = "chains"
    pack = PACK
    number = 5
    title = "Chains"

    @hook(walker.LEFT)
    def hold(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if "player" in data and ctx.attr(data["player"], "chained"):
            walker.stop(ctx, data, "chained")


class Bridge(Rule):
    """A piece passing through the near end of the toll bridge crosses to its far
    end and walks on from there."""

    key = "bridge"
    pack = PACK
    number = 6
    title = "Bridge"

    @hook(walker.PASSING)
    def cross(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ends = ctx.param("bridge")
        if ends and data["square"] == ends[0]:
            walker.redirect(ctx, data, ends[1], "the toll bridge")


class Grease(Rule):
    """If a rule states that a player or pseudoplayer should land on a greased square,
    then he will land on the succeeding square instead."""

    key = "grease"
    pack = PACK
    number = 7
    title = "Grease"

    @hook(walker.LANDING)
    def slide(self, ctx: Ctx, data: dict[str, Any]) -> None:
        square = data["square"]
        if coating(ctx, square) == "grease":
            following = numbered.layout(ctx).successor(square)
            assert following is not None
            walker.redirect(ctx, data, following, "grease")


class Jumpgate(Rule):
    """A player who lands on a Jumpgate square is, after the other effects of landing
    on it, transported to the sister square, landing on it."""

    # Unlike Nomopoly II XI.2 it does not check how the player came ("via any rule
    # other than this one"), so the walker's own guard is what stops the ping-pong.

    key = "jumpgate"
    pack = PACK
    number = 8
    title = "Jumpgate"

    @hook(walker.LANDED)
    def transport(self, ctx: Ctx, data: dict[str, Any]) -> None:
        gate = ctx.param("gate")
        if gate and data["square"] in gate and "player" in data:
            sister = gate[1] if data["square"] == gate[0] else gate[0]
            walker.redirect(ctx, data, sister, "the Jumpgate")


class Shop(Rule):
    """The Shop stands on a square."""

    key = "shop"
    pack = PACK
    number = 9
    title = "Shop"
    contributes: ClassVar[dict[str, Any]] = {"located": ["board.shop"]}


class Congestion(Rule):
    """For each square currently on the board, add two new squares: one being the
    successor of the original square, and one the predecessor. All units, players,
    buildings and further occupying entities are now located on the new square
    corresponding to their old square (this change of location does not trigger
    leaving, landing, or any other such relocation rules)."""

    key = "congestion"
    pack = PACK
    number = 10
    title = "Congestion"

    @action("triple")
    def triple(self, ctx: Ctx, actor: str) -> None:
        """Triple the board."""
        numbered.renumber(ctx, snake.tripled(numbered.layout(ctx)), why="Congestion")


class Destruction(Rule):
    """If a square is destroyed, all players and items currently in that square are
    moved to the closest square immediately after the destruction. When a square is
    destroyed, if it was not the highest-numbered square, then the highest-numbered
    square will be renumbered to assume the number of the destroyed square. The board
    shall always contain at least one square."""

    key = "destruction"
    pack = PACK
    number = 11
    title = "Destruction"

    @action("destroy", Arg("square", int))
    def destroy(self, ctx: Ctx, actor: str, square: int) -> None:
        """Destroy a square."""
        layout = numbered.layout(ctx)
        ctx.require(layout.exists(square), f"there is no square {square}")
        ctx.require(len(layout.squares()) > 1, "the board always contains at least one square",
                    detail=f"square {square} is the only one left")
        others = [n for n in layout.squares() if n != square]
        refuge = layout.closest(square, others)
        for path in numbered.things_on(ctx, square):
            ctx.set(path, refuge)
        numbered.renumber(ctx, snake.destroyed(layout, square), why=f"{actor} destroys {square}")


class Fishing(Rule):
    """Any player may create a new square, numbered higher than any other on the
    board. This process is known as New Clear Fishing."""

    key = "fishing"
    pack = PACK
    number = 12
    title = "New Clear Fishing"

    @action("fish")
    def fish(self, ctx: Ctx, actor: str) -> None:
        """Create a new square after the last."""
        numbered.grow(ctx, 1, why=f"New Clear Fishing by {actor}")


class SnakeToy(Pack):
    id = PACK
    title = "Snake toy"
    board = "snake"
    provides = frozenset({"board:snake"})
    initial = tuple(Initial(cls) for cls in (Board, Diary, Glue, Fence, Chains, Bridge, Grease,
                                             Jumpgate, Shop, Congestion, Destruction,
                                             Fishing))

    class Params(PackParams):
        size: int = 20
        columns: int | None = 10
        wrap: bool = True
        coatings: dict[str, str] = Field(default_factory=dict)
        bridge: list[int] | None = None
        gate: list[int] | None = None
        shop: int = 10

    def setup(self, ctx: Ctx, params: Any) -> None:
        numbered.setup(ctx, params.size, columns=params.columns)
        for square, kind in params.coatings.items():
            ctx.set(["board", "spaces", square, "coating"], kind)
        ctx.set(["board", "shop"], params.shop)
        ctx.create_entity("ducky", id="ducky", location=1, cause="the game's setup",
                          name="Rber Ducky")
        ctx.set(["diary"], [])


REGISTRY = installed().with_pack(SnakeToy())


def new_game(players: tuple[str, ...] = ("alice", "bob"), **params: Any) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(7),
                       registry=REGISTRY, params=params)
