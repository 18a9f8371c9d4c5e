"""Sections E.1 (Big Rocks) and E.3 (the Yeti) of the Grid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook
from nomicon.boards.grid import Square, as_square
from nomicon.packs.bnomic_grid import board, clock, damage, movement, occupants
from nomicon.packs.bnomic_grid.events import (
    NWEEK_BEGAN,
    OBJECT_MOVED,
    ROCK_CHECK,
    ROCK_NOT_PURCHASED,
    ROCK_PLACED,
    ROCK_SMASHED,
    SQUARE_FROZEN,
    YETI_APPEARED,
    Nweek,
    ObjectMoved,
    RockCheck,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.players import MAX
from nomicon.packs.bnomic_grid.terms import BIG_ROCK, BOX, PACK, YETI


def placeable_squares(ctx: Ctx) -> set[Square]:
    """Where a Big Rock may be placed: a vacant location, while at least two are
    vacant, or the location of another Big Rock."""
    vacant = movement.vacant_squares(ctx)
    rocks = {occupants.object_square(occupants.obj(ctx, oid) or {})
             for oid in occupants.of_kind(ctx, BIG_ROCK)}
    out = {s for s in rocks if s is not None}
    if len(vacant) >= 2:
        out |= set(vacant)
    return out


def _kind_of(ctx: Ctx, oid: str) -> str | None:
    return (occupants.obj(ctx, oid) or {}).get("kind")


def place_rock(ctx: Ctx, square: Square, why: str, *, by: str | None = None) -> None:
    """Put a Big Rock on a square (``by``: the player who bought it); on another Big
    Rock, everything there is destroyed."""
    others = [oid for oid in occupants.objects_at(ctx, square)
              if _kind_of(ctx, oid) == BIG_ROCK]
    rock = occupants.create(ctx, BIG_ROCK, location=square, cause=why, by=by)
    if others:
        ctx.emit(ROCK_SMASHED, f"a Big Rock falls on the Big Rock at "
                               f"{board.square_label(square)}: "
                 "everything there is destroyed", square=list(square), object=rock)
        for oid in occupants.objects_at(ctx, square):
            secret = _kind_of(ctx, oid) == BOX
            damage.destroy(ctx, oid,
                           f"a Big Rock fell on a Big Rock at {board.square_label(square)}",
                           by=by, to=[] if secret else None)
        return
    for oid in occupants.objects_at(ctx, square):
        if _kind_of(ctx, oid) == BOX:
            damage.destroy(ctx, oid, "buried under a Big Rock", by=by, to=[])
    ctx.emit(ROCK_PLACED,
             f"a Big Rock ({rock}) is placed on {board.square_label(square)} ({why})",
             object=rock, square=list(square))


class BigRocks(Rule):
    """E. Uncarryable Grid Objects

    E.1 Big Rocks

    There exist Impassable SO's called Big Rocks. Big Rocks may be purchased to put on the Grid. When one is purchased, the purchasing entity may either specify the target location of the Big Rock at a cost of 10+5d3 points, or allow the Big Rock to be placed randomly at a cost of 5+5d3 points. A Big Rock must be placed in a vacant location on the Grid, or in the same location as another Big Rock. If a Big Rock is placed in the same location as another Big Rock, all Grid Objects on that location are destroyed, including both Rocks, and the location becomes vacant. A Big Rock cannot be placed in a vacant location on the Grid if the number of vacant locations is less than two. If a player purchases a Big Rock, and the calculated cost for the Big Rock is more points than the purchasing Player has, or if a Big Rock cannot be placed in the location the purchasing Player specified, the purchasing Player loses points up to and including the cost of the Big Rock (not to exceed all eir points) and the Big Rock is not purchased."""  # noqa: E501

    key = "big-rocks"
    pack = PACK
    number = 501
    title = "E.1 Big Rocks"
    requires = GRID

    class Params(RuleParams):
        chosen_base: int = Field(10, ge=0)
        random_base: int = Field(5, ge=0)
        dice: int = Field(5, ge=0)
        die: int = Field(3, ge=1)

    params: Params

    @action("buy-rock", Arg("x", int, "x of the chosen location (or none: random)",
                            required=False, minimum=1, maximum=MAX),
            Arg("y", int, "y of the chosen location (or none: random)", required=False,
                minimum=1, maximum=MAX))
    def buy_rock(self, ctx: Ctx, actor: str, x: int | None = None, y: int | None = None) -> None:
        """Buy a Big Rock: at a location you choose for 10+5d3 points, or placed at
        random for 5+5d3."""
        if (x is None) != (y is None):
            ctx.refuse("give both x and y of the location, or neither for a random one")
        chosen = (x, y) if x is not None and y is not None else None
        if chosen is not None:
            ctx.dispatch(ROCK_CHECK, RockCheck(player=actor, square=list(chosen)))
        base = self.params.chosen_base if chosen else self.params.random_base
        cost = base + damage.roll_sum(ctx, self.params.dice, self.params.die,
                                     f"Big Rock price for {actor}:")
        have = damage.balance(ctx, actor)
        if cost > have:
            self._not_purchased(ctx, actor, cost, f"it costs {cost} points and {actor} has "
                                f"{have}")
            return
        allowed = placeable_squares(ctx)
        if chosen is not None:
            square: Square | None = chosen if chosen in allowed else None
            if square is None:
                self._not_purchased(ctx, actor, cost, self._why_not_here(ctx, chosen))
                return
        else:
            square = movement.random_square(ctx, "Big Rock placed at random",
                                         lambda s: s in allowed)
            if square is None:
                self._not_purchased(ctx, actor, cost, "there is no location for it")
                return
        damage.charge(ctx, actor, cost, "a Big Rock")
        place_rock(ctx, square, f"bought by {actor} for {cost} points", by=actor)

    def _why_not_here(self, ctx: Ctx, square: Square) -> str:
        if not board.grid(ctx).contains(square):
            return f"{board.square_label(square)} is off the Grid"
        if not movement.is_vacant(ctx, square):
            return f"{board.square_label(square)} is not vacant"
        return "fewer than two locations are vacant"

    def _not_purchased(self, ctx: Ctx, actor: str, cost: int, why: str) -> None:
        lost = damage.lose_at_most(ctx, actor, cost, "a Big Rock that could not be purchased")
        ctx.emit(ROCK_NOT_PURCHASED, f"{actor} does not get the Big Rock ({why}) and "
                 f"loses {lost} points", player=actor, cost=cost, lost=lost, why=why)


class Yeti(Rule):
    """E.3 The Yeti

    There exists an entity called the Yeti. At the start of the 1st nday of each nweek, the Yeti moves three times, each time to a random square which is not more than 8 units from the square e is in. When the Yeti leaves a square, that square becomes Frozen."""  # noqa: E501

    key = "yeti"
    pack = PACK
    number = 505
    title = "E.3 The Yeti"
    requires = GRID

    class Params(RuleParams):
        moves: int = Field(3, ge=0)
        reach: int = Field(8, ge=1)

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        if occupants.obj(ctx, YETI) is None:
            square = movement.random_square(ctx, "the Yeti's first square",
                                         lambda s: movement.may_object_occupy(ctx, s))
            if square is not None:
                occupants.create(ctx, YETI, oid=YETI, location=square,
                                 cause="there exists an entity called the Yeti")
                ctx.emit(YETI_APPEARED, f"the Yeti is on {board.square_label(square)}",
                         square=list(square))
        # nweek 1 is one of "each nweek": its 1st nday starts as the game begins, so
        # the Yeti makes its three moves at that instant, once every rule of the new
        # game is in force (F.4's first Ball of Wax is placed at the same instant).
        # A Yeti that a proposal brings in during a later nweek waits for the start
        # of the next one.
        if clock.game_begins(ctx):
            ctx.set_timer("yeti:nweek-1", ctx.now, self.first_nweek)

    def first_nweek(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self._roam(ctx)

    def on_repeal(self, ctx: Ctx) -> None:
        damage.destroy(ctx, YETI, "no rule keeps the Yeti")

    @hook(NWEEK_BEGAN)
    def roam(self, ctx: Ctx, data: Nweek) -> None:
        self._roam(ctx)

    def _roam(self, ctx: Ctx) -> None:
        for move in range(1, self.params.moves + 1):
            record = occupants.obj(ctx, YETI)
            here = occupants.object_square(record) if record else None
            if here is None:
                return
            target = movement.random_square(
                ctx, f"the Yeti's move {move} of {self.params.moves}", _elsewhere(ctx, here),
                around=here, radius=self.params.reach)
            if target is not None:
                movement.relocate_object(ctx, YETI, target, how="roams")

    @hook(OBJECT_MOVED)
    def freeze(self, ctx: Ctx, data: ObjectMoved) -> None:
        start = as_square(data.get("start"))
        if data.get("kind") != YETI or start is None or start == as_square(data.get("end")):
            return
        board.set_square(ctx, start, wet=False, frozen=True)
        ctx.emit(SQUARE_FROZEN,
                 f"{board.square_label(start)} is Frozen where the Yeti left it",
                 square=list(start))


def _elsewhere(ctx: Ctx, here: Square) -> Callable[[Square], bool]:
    """Squares the Yeti may move to from ``here``: any other it may occupy."""
    return lambda square: square != here and movement.may_object_occupy(ctx, square)
