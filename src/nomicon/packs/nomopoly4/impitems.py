"""The Imps' items (P36, seed L117-121): the Imp-in-the-Box, the Imping Stick and the
Force Field, which the Shop of Terror sells (an amendment of Rule 1801's trades).

They are items (Rules 1713-1715, section XVII) rather than rules of section XIX: P39
repeals that section, and P48 later removes the first two itself.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import ActionDecl, Ctx, events, hook, veto
from nomicon.boards import numbered
from nomicon.mechanics import combat, units
from nomicon.packs.nomopoly4.imps import IMP, IMPING_STICK
from nomicon.packs.nomopoly4.items import ItemParams, ItemRule, square_of
from nomicon.packs.nomopoly4.travel import PACK

#: A Force Field is an entity of this kind on its square, with a status of the same
#: name for as long as it stands.
FORCE_FIELD = "force-field"


def field_at(ctx: Ctx, square: int) -> str | None:
    """The Force Field standing around ``square``, if any."""
    return next((e for e in ctx.entities_at(square)
                 if (ctx.entity(e) or {}).get("kind") == FORCE_FIELD
                 and ctx.has_status(e, FORCE_FIELD)), None)


class ImpInTheBox(ItemRule):
    """Item: Imp-in-the-Box Effect upon use: 3 Imps are immediately created on the player's current square. A player may only use this item if his current location would be a legal square to place an Imp."""  # noqa: E501

    key = "imp-in-the-box"
    pack = PACK
    number = 1713
    title = "Imp-in-the-Box"
    item = "imp-in-the-box"

    class Params(ItemParams):
        imps: int = Field(3, ge=1)

    params: Params

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        square = square_of(ctx, actor)
        ctx.require(units.stats_of(ctx, IMP) is not None, "there are no Imps in the rules "
                    "to release")
        problem = units.placement_problem(ctx, IMP, None, square)
        ctx.require(problem is None, f"square {square} is not a legal square to place an "
                    f"Imp: {problem[0] if problem else ''}")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        square = square_of(ctx, actor)
        made = [units.create(ctx, IMP, owner=None, location=square,
                             cause=f"{actor}'s Imp-in-the-Box") for _ in range(self.params.imps)]
        return f"{', '.join(made)} appear on square {square}"


class ImpingStick(ItemRule):
    """Item: Imping Stick Effect upon use: All Imps on the player's current square are killed, however, the player does not receive any Magic Mining Picks for killing those Imps."""  # noqa: E501

    key = "imping-stick"
    pack = PACK
    number = 1714
    title = "Imping Stick"
    item = "imping-stick"

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        square = square_of(ctx, actor)
        imps = [e for e in ctx.entities_at(square) if (ctx.entity(e) or {}).get("kind") == IMP]
        for imp in imps:
            combat.kill(ctx, imp, by_unit=None, by_player=actor, cause=IMPING_STICK)
        return f"{len(imps)} Imps on square {square} are killed"


class ForceField(ItemRule):
    """Item: Force Field Effect upon use: A force field is placed around the player's current square and remains there for the next 3 days. During this time, no player may jump (as defined in rule XVI) to that square. (A force field does not stop players from getting to that square by methods other than jumps, such as feathers or teleporters)"""  # noqa: E501

    key = "force-field"
    pack = PACK
    number = 1715
    title = "Force Field"
    item = "force-field"

    class Params(ItemParams):
        days: int = Field(3, ge=1)

    params: Params

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        square = square_of(ctx, actor)
        made = ctx.create_entity(FORCE_FIELD, location=square, cause=f"{actor}'s Force Field")
        ctx.grant_status(made, FORCE_FIELD, until=timedelta(days=self.params.days))
        return f"a Force Field surrounds square {square} for {self.params.days} days"

    @veto("jump")
    def no_jumps_in(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        # Only jumps (Rule 1601): feathers, teleporters and pies still get there.
        to = args.get("to")
        if isinstance(to, int) and numbered.layout(ctx).exists(to):
            found = field_at(ctx, to)
            held = ctx.status(found, FORCE_FIELD) if found is not None else None
            ctx.require(held is None, f"square {to} is surrounded by a Force Field: no "
                        "player may jump to it", detail=f"until {held['until'] if held else ''}")

    @hook(events.STATUS_ENDED, key=FORCE_FIELD)
    def gone(self, ctx: Ctx, data: events.StatusEnded) -> None:
        if ctx.entity(data["holder"]) is not None:
            ctx.destroy_entity(data["holder"], cause="the Force Field's 3 days are over")
