"""Section G of the Grid: Radar, Radar Towers and Pinball Guns."""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action
from nomicon.boards.grid import are_consecutive, direction
from nomicon.packs.bnomic_grid import board, damage, movement, occupants, terms
from nomicon.packs.bnomic_grid.events import (
    GUN_BOUGHT,
    GUN_FIRED,
    SHOT_RECEIVED,
    TOWER_BUILT,
    Blow,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.players import MAX
from nomicon.packs.bnomic_grid.terms import GUN, PACK, TOWER


class Radar(Rule):
    """G. Other Stuff

    G.1 Radar

    Each player has an attribute called Radar. All players initially have a Radar of 2. If a square containing a Bonus Box is within x squares of a player, where x is that player's Radar, then the admin shall reveal where the Bonus Box is, but not what type of Box it is."""  # noqa: E501

    key = "radar"
    pack = PACK
    number = 701
    title = "G.1 Radar"
    requires = GRID
    attributes = (Attribute("radar", 2, doc="how many squares away Bonus Boxes are seen"),)
    # The reveal is part of each player's view of the Grid (radar_reveals), applied
    # where the Bonus Boxes are hidden from players.


class RadarTowers(Rule):
    """G.2 Radar Towers

    There exist objects called Radar Towers. Any player who occuppies a square that does not already contain a Radar Tower may pay 8 points to Build a Radar Tower on that square. Radar Towers are immovable, passable objects. Any player who occupies a square containing a Radar Tower is treated as if eir Radar is 3 greater than it actually is. The previous sentence does not apply to this section."""  # noqa: E501

    key = "radar-towers"
    pack = PACK
    number = 702
    title = "G.2 Radar Towers"
    requires = GRID

    class Params(RuleParams):
        price: int = Field(8, ge=0)
        bonus: int = Field(3, ge=0)

    params: Params

    @action("build-radar-tower")
    def build(self, ctx: Ctx, actor: str) -> None:
        """Pay 8 points to build a Radar Tower on your square."""
        here = occupants.location(ctx, actor)
        assert here is not None
        damage.charge(ctx, actor, self.params.price, "a Radar Tower")
        oid = occupants.create(ctx, TOWER, location=here, owner=actor, cause="built",
                               by=actor)
        ctx.emit(TOWER_BUILT, f"{actor} builds a Radar Tower ({oid}) on "
                                     f"{board.square_label(here)}",
                 player=actor, object=oid, square=list(here))

    @build.check
    def _build_check(self, ctx: Ctx, actor: str) -> None:
        here = occupants.location(ctx, actor)
        ctx.require(here is not None, "you are not on the Grid")
        assert here is not None
        ctx.require(not any((occupants.obj(ctx, oid) or {}).get("kind") == TOWER
                            for oid in occupants.objects_at(ctx, here)),
                    f"{board.square_label(here)} already contains a Radar Tower")
        damage.require_points(ctx, actor, self.params.price, "a Radar Tower")


class PinballGuns(Rule):
    """G.3 Pinball Guns

    Any player who does not have a Pinball Gun may buy one for 2 points. If a player is on the Grid, and e has a Pinball Gun, e may Fire the Gun at any square consecutive to eir position. If there is a MO in that square, that MO moves twice in the direction opposite the one from which it was Fired at, unless another rule prevents this. When a player fires a Pinball Gun, e loses it."""  # noqa: E501

    key = "pinball-guns"
    pack = PACK
    number = 703
    title = "G.3 Pinball Guns"
    requires = GRID

    class Params(RuleParams):
        price: int = Field(2, ge=0)
        pushes: int = Field(2, ge=0)

    params: Params

    @action("buy-gun")
    def buy_gun(self, ctx: Ctx, actor: str) -> None:
        """Buy a Pinball Gun for 2 points."""
        damage.charge(ctx, actor, self.params.price, "a Pinball Gun")
        oid = occupants.create(ctx, GUN, holder=actor, owner=actor, cause="bought", by=actor)
        ctx.emit(GUN_BOUGHT, f"{actor} buys a Pinball Gun ({oid})", player=actor, object=oid)

    @buy_gun.check
    def _buy_gun_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not occupants.held(ctx, actor, GUN), "you already have a Pinball Gun")
        damage.require_points(ctx, actor, self.params.price, "a Pinball Gun")

    @action("fire-gun", Arg("x", int, "x of a square next to you", minimum=1, maximum=MAX),
            Arg("y", int, "y of a square next to you", minimum=1, maximum=MAX))
    def fire_gun(self, ctx: Ctx, actor: str, x: int, y: int) -> None:
        """Fire your Pinball Gun at a square next to you: whatever can move there is
        pushed two squares away from you. You lose the gun."""
        here = occupants.location(ctx, actor)
        assert here is not None
        target = (x, y)
        ctx.require(are_consecutive(here, target) and board.grid(ctx).contains(target),
                    f"{board.square_label(target)} is not a square of the Grid consecutive to "
                    f"{board.square_label(here)}")
        gun = occupants.held(ctx, actor, GUN)[0]
        ctx.emit(GUN_FIRED, f"{actor} fires a Pinball Gun at {board.square_label(target)}",
                 player=actor, target=list(target))
        damage.destroy(ctx, gun, f"fired by {actor}", by=actor)
        way = direction(here, target)
        players = occupants.free_players_at(ctx, target, but=actor)
        things = [oid for oid in occupants.objects_at(ctx, target)
                  if terms.kind(occupants.obj(ctx, oid) or {}).mobile]
        for player in players:
            shot = Blow(by=actor, target=player, prevented=False)
            ctx.dispatch(SHOT_RECEIVED, shot)
            if not shot["prevented"] and occupants.location(ctx, player) == target:
                movement.push(ctx, player, way, self.params.pushes, how=f"is shot by {actor}")
        for oid in things:
            record = occupants.obj(ctx, oid)
            if record is not None and occupants.object_square(record) == target:
                movement.push(ctx, oid, way, self.params.pushes, how=f"is shot by {actor}")

    @fire_gun.check
    def _fire_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.on_grid(ctx, actor), "you are not on the Grid")
        ctx.require(occupants.held(ctx, actor, GUN), "you have no Pinball Gun")
