"""Section D of the Grid: Elbonian Airways, and being Thrown Elbonia-Style."""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action
from nomicon.boards.grid import LIMBO, Square
from nomicon.packs.bnomic_grid import board, damage, movement, occupants
from nomicon.packs.bnomic_grid.events import (
    AIRWAYS_OPENED,
    BOUNCED,
    FELL,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.players import MAX, check_move
from nomicon.packs.bnomic_grid.terms import AIRWAYS, PACK


def airways_squares(ctx: Ctx) -> list[Square]:
    found = [occupants.object_square(occupants.obj(ctx, oid) or {})
             for oid in occupants.of_kind(ctx, AIRWAYS)]
    return sorted(s for s in found if s is not None)


class ElbonianAirways(Rule):
    """D. Elbonian Airways

    There exist passable SOs called Elbonian Airways. Every square of the Grid which has x and y coordinates that are both integral multiples of 6 is said to contain an Elbonian Airways. If a player is in a square which contains an Elbonian Airways, e may pay 2+2n points to be Thrown Elbonia-Style at any other square which contains an Elbonian Airways, where n is the 5th Gremlin number."""  # noqa: E501

    key = "elbonian-airways"
    pack = PACK
    number = 401
    title = "D Elbonian Airways"
    requires = GRID

    class Params(RuleParams):
        fifth_gremlin_number: int = Field(1, ge=0, description="n in the fare 2+2n")
        every: int = Field(6, ge=1, description="airways stand where x and y are multiples")

    params: Params

    @property
    def fare(self) -> int:
        return 2 + 2 * self.params.fifth_gremlin_number

    def on_enact(self, ctx: Ctx) -> None:
        the_grid = board.grid(ctx)
        for x, y in the_grid.squares():
            if x % self.params.every == 0 and y % self.params.every == 0:
                occupants.create(ctx, AIRWAYS, oid=f"{AIRWAYS}-{x}-{y}", location=(x, y),
                                 cause="x and y are integral multiples of "
                                       f"{self.params.every}")
        ctx.emit(AIRWAYS_OPENED, "Elbonian Airways stand on " + ", ".join(
            board.square_label(s) for s in airways_squares(ctx)), squares=airways_squares(ctx))

    def on_amend(self, ctx: Ctx, old: Rule) -> None:
        if isinstance(old, ElbonianAirways) and old.params.every != self.params.every:
            self.on_repeal(ctx)
            self.on_enact(ctx)

    def on_repeal(self, ctx: Ctx) -> None:
        for oid in occupants.of_kind(ctx, AIRWAYS):
            damage.destroy(ctx, oid, "Elbonian Airways closes")

    @action("fly", Arg("x", int, "x of another Elbonian Airways", minimum=1, maximum=MAX),
            Arg("y", int, "y of another Elbonian Airways", minimum=1, maximum=MAX))
    def fly(self, ctx: Ctx, actor: str, x: int, y: int) -> None:
        """Pay 2+2n points to be Thrown Elbonia-Style at another Elbonian Airways."""
        here = occupants.location(ctx, actor)
        assert here is not None  # the check refuses players off the Grid
        target = (x, y)
        others = [s for s in airways_squares(ctx) if s != here]
        ctx.require(target in others, f"{board.square_label(target)} is not another square with "
                    "an Elbonian Airways",
                    detail="Elbonian Airways: " + ", ".join(board.square_label(s) for s in others))
        check_move(ctx, actor, here, target, "fly")
        damage.charge(ctx, actor, self.fare, "Elbonian Airways")
        throw_elbonia_style(ctx, actor, target, f"flies Elbonian Airways to "
                                                f"{board.square_label(target)}")

    @fly.check
    def _fly_check(self, ctx: Ctx, actor: str) -> None:
        here = occupants.location(ctx, actor)
        ctx.require(here is not None, "you are not on the Grid")
        ctx.require(here in airways_squares(ctx),
                    f"there is no Elbonian Airways on {board.square_label(here)}")
        damage.require_points(ctx, actor, self.fare, "Elbonian Airways")


class ElbonianThrows(Rule):
    """D.1 Elbonian Throws

    The term Being Thrown Elbonia-Style at a square shall refer to the following: The Object is moved to a square with coordinates (x+a-3,y+b-3), where x and y are the x and y coordinates of the square being Thrown at, and a and b are both 1d5. If an object, after being Thrown, ends up on a square which is occupied by an Impassable Object, it loses 5 points if it is a player and is Thrown at that square. If an Object, after being Thrown, ends up on a square which is off the Grid, e Falls Off the Edge, or Falls. When a player Falls, e loses 10 points and is Thrown at a random Square whose coordinates are both less than 15 but greater than 5, unless e has not landed in a legal square since the last time e Fell, in which case e loses 8 points and goes into Limbo. When another object Falls, it is placed on a randomly selected legal grid square."""  # noqa: E501

    key = "elbonian-throws"
    pack = PACK
    number = 402
    title = "D.1 Elbonian Throws"
    requires = GRID

    class Params(RuleParams):
        impassable_loss: int = Field(5, ge=0)
        fall_loss: int = Field(10, ge=0)
        second_fall_loss: int = Field(8, ge=0)
        fall_above: int = Field(5, ge=0, description="a Fall lands above this coordinate")
        fall_below: int = Field(15, ge=2, description="and below this one")
    # The mechanism is throw_elbonia_style below; Elbonian Airways, Toads and Falls
    # use it, with this rule's parameters when it is in force.

    params: Params


def throw_elbonia_style(ctx: Ctx, player: str, target: Square, why: str) -> None:
    """Throw a player Elbonia-Style at a square (D.1): two 1d5 for the offsets, again
    at the landing square while it is one e may not occupy, a Fall off the edge."""
    rule = ctx.rules.first(ElbonianThrows)
    params = (rule.params if isinstance(rule, ElbonianThrows)
              else ElbonianThrows.Params.model_validate({}))
    the_grid = board.grid(ctx)
    fell = False
    aim = target
    for _ in range(movement.TRIES):
        a = ctx.roll(5, f"{player} Thrown Elbonia-Style at {board.square_label(aim)}: a 1d5")
        b = ctx.roll(5, f"{player} Thrown Elbonia-Style at {board.square_label(aim)}: b 1d5")
        spot = (aim[0] + a - 3, aim[1] + b - 3)
        if not the_grid.contains(spot):
            if fell:
                ctx.emit(FELL, f"{player} Falls Off the Edge again at "
                               f"{board.square_label(spot)} "
                         "and goes into Limbo", player=player, square=list(spot), again=True)
                damage.lose_at_most(ctx, player, params.second_fall_loss, "Fell Off the Edge again")
                movement.drop_all(ctx, player, "goes into Limbo")
                movement.relocate_player(ctx, player, LIMBO, how="goes into Limbo after Falling")
                return
            fell = True
            ctx.emit(FELL, f"{player} Falls Off the Edge at {board.square_label(spot)}",
                     player=player, square=list(spot), again=False)
            damage.lose_at_most(ctx, player, params.fall_loss, "Fell Off the Edge")
            sides = max(1, params.fall_below - params.fall_above - 1)
            aim = (params.fall_above + ctx.roll(sides, f"{player} Falls: x 1d{sides}"),
                   params.fall_above + ctx.roll(sides, f"{player} Falls: y 1d{sides}"))
            continue
        if not movement.may_player_occupy(ctx, player, spot):
            # Another player's square is as closed to a player as an Impassable one
            # (B.1: no two players on one square).
            ctx.emit(BOUNCED, f"{player} comes down on {board.square_label(spot)}, which "
                              f"e may "
                     "not occupy, and is Thrown at it", player=player, square=list(spot))
            damage.lose_at_most(ctx, player, params.impassable_loss,
                       f"came down on {board.square_label(spot)}")
            aim = spot
            continue
        movement.relocate_player(ctx, player, spot, how=f"is Thrown Elbonia-Style ({why})")
        return
    # A player who has still not come down after so many throws is put on the legal
    # square nearest to where e was last Thrown at.
    legal = [s for s in the_grid.squares() if movement.may_player_occupy(ctx, player, s)]
    nearest = the_grid.nearest(aim, legal)
    if nearest:
        spot = ctx.pick(nearest, f"{player} comes down near {board.square_label(aim)}")
        movement.relocate_player(ctx, player, spot, how=f"comes down at last ({why})")
    else:
        movement.drop_all(ctx, player, "goes into Limbo")
        movement.relocate_player(ctx, player, LIMBO, how="finds no legal square and goes to Limbo")
