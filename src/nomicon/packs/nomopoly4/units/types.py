"""The unit and building types of section XII, one rule each, their stats as
parameters (so that an amendment changes them: P14's Monks, P22's SCVs).

Four types are used by the seed but never defined (the proposals that made them are
not in it): the Warrior, the SCV, the Monk and the Mesmer. Their rules say they are
reconstructed, and from what evidence (INTERPRETATIONS.md, "Types the seed does not
define").
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, action, adjust, hook
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.mechanics import combat, units
from nomicon.mechanics.units import TypeParams, UnitType
from nomicon.packs.nomopoly4 import squares
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.ducky import BANK, DUCKY
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units.framework import NEEDS, has_units_or_buildings


class _Type(UnitType):
    pack = PACK
    requires = NEEDS


class Fort(_Type):
    """Building: Fort Initial hit points: 1500 Attack strength: 0 Attack range: 0 Armor: 25 - A player may build a Fort on the square he currently occupies by paying $1000 (providing that no other player has any units or buildings on that square)."""  # noqa: E501

    key = "fort"
    number = 1210
    title = "Fort"
    kind = "fort"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 1500
        range: int = 0
        armor: int = 25
        price: int = Field(1000, ge=0, description="dollars a player pays to build a Fort")

    params: Params

    @action("build-fort")
    def build(self, ctx: Ctx, actor: str) -> None:
        """Build a Fort on the square you occupy."""
        square = ctx.attr(actor, "location")
        ctx.transfer(actor, None, self.params.price, DOLLARS, "a Fort")
        units.create(ctx, self.kind, owner=actor, location=square,
                     cause=f"{actor} builds it on square {square}", by=actor)

    @build.check
    def _may_build(self, ctx: Ctx, actor: str) -> None:
        square = ctx.attr(actor, "location")
        ctx.require(isinstance(square, int), "you occupy no square to build on")
        owners = {(ctx.entity(e) or {}).get("owner") for e in units.things(ctx, location=square)}
        others = sorted(o for o in owners - {actor} if o is not None)
        ctx.require(not others, f"another player has units or buildings on square {square}",
                    detail=f"{', '.join(others)} has them there")
        # Things of no one's (an Imp) are the placement rules' to refuse, in their names.
        units.require_placement(ctx, self.kind, actor, square)
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.price, f"a Fort costs ${self.params.price}; you have "
                    f"${have}")


class Warrior(_Type):
    """Reconstructed: the seed recruits Warriors (L417) but never gives their stats. Evidence: "the cool down time for moving a Warrior would be 1 day" with Move's 10 days divided by the speed (L415), so speed 10; a Warrior heals "to a maximum of 50" (L358) and "A Warrior with 37 HP transforms into an SCV. The SCV will have ceil(20*37/50)" (L371), so 50 hit points; a Warrior's attack deals "5 damage" to a Mesmer (L308), whose armor is 5, so attack 10.

    Unit: Warrior Initial hit points: 50 Attack strength: 10 Attack range: 1 Armor: 0 Speed: 10"""  # noqa: E501

    key = "warrior"
    number = 1214
    title = "Warrior"
    kind = "warrior"

    class Params(TypeParams):
        max_hp: int = 50
        attack: int = 10
        speed: int = 10


class Scv(_Type):
    """Reconstructed: the seed upgrades Warriors to SCVs (L360-363) but never gives their stats. Evidence: "The SCV will have ceil(20*37/50)" (L371) and "SCV's will now have an initial HP of 40 instead of 20" (L261), so 20 hit points; the rest is a ruling (INTERPRETATIONS.md): attack 2, speed 9.

    Unit: SCV Initial hit points: 20 Attack strength: 2 Attack range: 1 Armor: 0 Speed: 9"""  # noqa: E501

    key = "scv"
    number = 1215
    title = "SCV"
    kind = "scv"

    class Params(TypeParams):
        max_hp: int = 20
        attack: int = 2
        speed: int = 9


class Monk(_Type):
    """Reconstructed: the seed makes Monks (L350-353) but never gives their stats. Evidence: "Increase the initial HP of Monks from 25 to 40" (L295), so 25 hit points; the rest is a ruling (INTERPRETATIONS.md): attack 0, armor 5, speed 5.

    Unit: Monk Initial hit points: 25 Attack strength: 0 Attack range: 1 Armor: 5 Speed: 5"""  # noqa: E501

    key = "monk"
    number = 1219
    title = "Monk"
    kind = "monk"

    class Params(TypeParams):
        max_hp: int = 25
        armor: int = 5
        speed: int = 5


class GuardTower(_Type):
    """Building: Guard Tower
    Initial hit points: 250
    Attack strength: 25
    Attack range: 2
    Armor: 5
    - A single square may not contain more than one Guard Tower"""

    key = "guard-tower"
    number = 1222
    title = "Guard Tower"
    kind = "guard-tower"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 250
        attack: int = 25
        range: int = 2
        armor: int = 5
        one_per_square: bool = True


class Wall(_Type):
    """Building: Wall
    Initial hit points: 500
    Attack strength: 0
    Attack range: 0
    Armor: 15
    - A single square may not contain more than one Wall
    - A player may not attack any unit or building in a territory containing a Wall (other than the Wall itself) until the Wall is destroyed"""  # noqa: E501

    key = "wall"
    number = 1223
    title = "Wall"
    kind = "wall"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 500
        range: int = 0
        armor: int = 15
        one_per_square: bool = True

    @adjust(combat.TARGETABLE)
    def behind_the_wall(self, ctx: Ctx, asked: combat.Targeting) -> combat.Targeting:
        # "Territory" is the square (a ruling). Only attacks are stopped: damage that
        # is no attack (a Bombard "ignoring armor and walls") is not asked.
        target = ctx.entity(asked["target"])
        if asked["problem"] is not None or target is None or target["kind"] == self.kind:
            return asked
        walls = [e for e in ctx.entities_at(asked["location"])
                 if (ctx.entity(e) or {}).get("kind") == self.kind]
        if not walls:
            return asked
        return {**asked, "problem": f"{asked['target']} is on square {asked['location']}, "
                f"which contains the Wall {walls[0]}: no unit or building there but the "
                "Wall may be attacked until it is destroyed", "rule": self.rid}


class Teleporter(_Type):
    """Building: Teleporter
    Initial HP: 300
    Attack: 0
    Range: 0
    Armor: 20
    - Whenever a player is on a square containing a teleporter, they may pay $100 to the owner of the teleporter to jump to any square containing a Teleporter.
    - A player does not pay anything to use their own teleporter."""  # noqa: E501

    key = "teleporter"
    number = 1226
    title = "Teleporter"
    kind = "teleporter"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 300
        range: int = 0
        armor: int = 20
        fare: int = Field(100, ge=0, description="dollars paid to the teleporter's owner")

    params: Params

    def _teleporters(self, ctx: Ctx, square: Any) -> list[str]:
        return [e for e in ctx.entities_at(square) if (ctx.entity(e) or {}).get("kind")
                == self.kind]

    def _destinations(self, ctx: Ctx, actor: str) -> list[int]:
        here = ctx.attr(actor, "location")
        found = {ctx.entity(e)["location"] for e in ctx.entities_of(self.kind)}  # type: ignore[index]
        return sorted(square for square in found if square != here)

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value == ctx.attr(actor, "location"):
            ctx.refuse(f"you are already on square {value}")
        ctx.refuse(f"square {value!r} contains no Teleporter",
                   detail="a player jumps to a square containing a Teleporter")

    @action("teleport", Arg("to", int, "a square containing a Teleporter",
                            choices="_destinations", explain="_why_not"))
    def teleport(self, ctx: Ctx, actor: str, to: int) -> None:
        """Pay the owner of the Teleporter on your square $100 (nothing if it is
        yours) to jump to another square containing a Teleporter."""
        here = ctx.attr(actor, "location")
        owner = ctx.entity(self._teleporters(ctx, here)[0])["owner"]  # type: ignore[index]
        if owner != actor and self.params.fare:
            ctx.transfer(actor, owner, self.params.fare, DOLLARS,
                         f"{actor} uses {owner}'s Teleporter")
        # A teleport is not a jump of Rule XVI (L119 sets them apart): it lands the
        # player as any arrival does.
        walker.land(ctx, Piece.player(actor), to, how="a Teleporter")

    @teleport.check
    def _on_a_teleporter(self, ctx: Ctx, actor: str) -> None:
        here = ctx.attr(actor, "location")
        found = self._teleporters(ctx, here)
        ctx.require(found, f"square {here} contains no Teleporter",
                    detail="a player may teleport from a square containing a Teleporter")
        owner = ctx.entity(found[0])["owner"]  # type: ignore[index]
        have = ctx.balance(actor, DOLLARS)
        ctx.require(owner == actor or have >= self.params.fare,
                    f"the Teleporter costs ${self.params.fare}; you have ${have}")


class Mesmer(_Type):
    """Reconstructed: the seed makes Mesmers (L299-302) but never gives their stats. Evidence: a Warrior's attack deals "5 damage to the Mesmer" (L308); the rest is a ruling (INTERPRETATIONS.md), the Monk's twin: 25 hit points, attack 0, armor 5, speed 5.

    Unit: Mesmer Initial hit points: 25 Attack strength: 0 Attack range: 1 Armor: 5 Speed: 5"""  # noqa: E501

    key = "mesmer"
    number = 1229
    title = "Mesmer"
    kind = "mesmer"

    class Params(TypeParams):
        max_hp: int = 25
        armor: int = 5
        speed: int = 5


class DuckPond(_Type):
    """Building: Duck Pond Initial hit points: 70 Attack strength: 0 Attack range: 0 Armor: 0 - If the Rber Ducky lands on a square containing a Duck Pond, then 50% of the money in the Bank Account of Terror will be subtracted from the Bank Account of Terror and added to the resources of that square."""  # noqa: E501

    key = "duck-pond"
    number = 1236
    title = "Duck Pond"
    kind = "duck-pond"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 70
        range: int = 0
        percent: int = Field(50, ge=0, le=100, description="of the Bank Account of Terror")

    params: Params

    @hook(walker.LANDED)
    def ducky_lands(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # Any arrival of the Ducky by a walk or a jump lands it (a ruling); a square
        # with two Duck Ponds is paid once.
        square = data.get("square")
        if data.get("entity") != DUCKY or not isinstance(square, int) or not any(
                (ctx.entity(e) or {}).get("kind") == self.kind for e in ctx.entities_at(square)):
            return
        share = ctx.balance(BANK, DOLLARS) * self.params.percent // 100
        if share:
            ctx.transfer(BANK, squares.account(numbered.square_id(ctx, square)), share, DOLLARS,
                         f"the Rber Ducky lands on the Duck Pond of square {square}")


class LaserHowitzer(_Type):
    """Unit: Laser Howitzer
    Initial hit points: 100
    Attack Strength: 75 against buildings, 30 against other Laser Howitzers, 15 against non-Howitzer units
    Attack Range: 2
    Armor: 5
    Speed: 5
    Commands: can be issued the attack, move, and bombard (see below) commands."""  # noqa: E501

    key = "laser-howitzer"
    number = 1238
    title = "Laser Howitzer"
    kind = "laser-howitzer"

    class Params(TypeParams):
        max_hp: int = 100
        attack: int = Field(15, description="against non-Howitzer units")
        against_buildings: int = 75
        against_howitzers: int = 30
        range: int = 2
        armor: int = 5
        speed: int = 5

    params: Params

    @adjust(combat.STRENGTH)
    def by_target(self, ctx: Ctx, asked: combat.Strength) -> combat.Strength:
        if asked["attacker_kind"] != self.kind:
            return asked
        if asked["target_class"] == "building":
            return {**asked, "strength": self.params.against_buildings}
        if asked["target_kind"] == self.kind:
            return {**asked, "strength": self.params.against_howitzers}
        return asked


def unoccupied(ctx: Ctx, square: Any) -> bool:
    """No unit or building stands on ``square`` (players may)."""
    return not has_units_or_buildings(ctx, square)
