"""P22's commands (seed L243-260): Upgrade to Laser Howitzer, Bombard, Repair."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx
from nomicon.mechanics import combat, geometry, units
from nomicon.mechanics.commands import TARGET, TO, CommandParams
from nomicon.packs.nomopoly4.units.commands import Transform
from nomicon.packs.nomopoly4.units.framework import Command, square_of


class UpgradeToLaserHowitzer(Transform):
    """Command: Upgrade to Laser Howitzer
    Can be issued to: Warrior
    Cool down time: 2 days
    Effect: The issuer pays $1000 and the issuee becomes a Laser Howitzer."""

    key = "upgrade-to-laser-howitzer"
    number = 1239
    title = "Upgrade to Laser Howitzer"
    command = "upgrade-to-laser-howitzer"
    issued_to = ("warrior",)
    becomes = "laser-howitzer"

    class Params(Transform.Params):
        cooldown_hours: float = 48
        price: int = 1000


class Bombard(Command):
    """Command: Bombard
    Can be issued to: Laser Howitzer
    Cool Down time: 1 day
    Effect: Select a square within the range of the issuee, the issuee deals 25 damage to each building in the square ignoring armor and walls."""  # noqa: E501

    key = "bombard"
    number = 1240
    title = "Bombard"
    command = "bombard"
    issued_to = ("laser-howitzer",)
    takes = (TO,)

    class Params(CommandParams):
        cooldown_hours: float = 24
        damage: int = Field(25, ge=0, description="damage to each building, not an attack")

    params: Params

    def _range(self, ctx: Ctx, unit: str) -> int:
        stats = units.stats_for(ctx, unit)
        return stats.range if stats is not None else 0

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        # The squares within range that hold a building: bombarding another is allowed
        # but does nothing, and listing every square in range would crowd the form.
        here = square_of(ctx, unit)
        board, reach = geometry.of(ctx), self._range(ctx, unit)  # once, not per square
        return sorted(place for place in ctx.entity_locations()
                      if isinstance(place, int) and _buildings(ctx, place)
                      and (apart := board.distance(here, place)) is not None
                      and apart <= reach)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        to = args.get("to")
        if to is None:
            return
        apart = geometry.distance(ctx, square_of(ctx, unit), to)
        ctx.require(apart is not None, f"there is no square {to!r}")
        ctx.require(apart is not None and apart <= self._range(ctx, unit),
                    f"square {to} is out of range: its distance is {apart}, and a Laser "
                    f"Howitzer's range is {self._range(ctx, unit)}")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        # Not an attack: armor and a Wall's protection do not apply, and an Empathy
        # does not reflect it; the player who bombards is responsible for a kill.
        hit = _buildings(ctx, args["to"])
        for building in hit:
            combat.damage(ctx, building, self.params.damage, source=unit, by_player=actor,
                          cause=f"bombarded by {unit}")
        return {"buildings": hit}


def _buildings(ctx: Ctx, square: Any) -> list[str]:
    return [e for e in units.things(ctx, location=square)
            if (s := units.stats_for(ctx, e)) is not None and s.type_class == "building"]


class Repair(Command):
    """Command: Repair
    Can be issued to: SCV
    Cool Down time: 1 day
    Effect: the player issuing the command selects a building or SCV or Laser Howitzer (in Starcraft as I recall SCV's could repair each other and other mechanical things) at the same location as the issue, the issuer pays $10 and the target gains 60 hit points, if the target's hit points are greater then its Initial Hit Points then its hit points become its Initial Hit Points."""  # noqa: E501

    key = "repair"
    number = 1241
    title = "Repair"
    command = "repair"
    issued_to = ("scv",)
    takes = (TARGET,)

    class Params(CommandParams):
        cooldown_hours: float = 24
        price: int = 10
        repair: int = Field(60, ge=0, description="hit points the target gains")
        repairable_units: list[str] = Field(default_factory=lambda: ["scv", "laser-howitzer"])

    params: Params

    def _repairable(self, ctx: Ctx, target: str) -> bool:
        stats = units.stats_for(ctx, target)
        return stats is not None and (stats.type_class == "building"
                                      or stats.kind in self.params.repairable_units)

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return [e for e in units.things(ctx, location=square_of(ctx, unit))
                if self._repairable(ctx, e)]

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        ctx.require(self._repairable(ctx, target),
                    f"{target} is not a building, an SCV or a Laser Howitzer")
        ctx.require(square_of(ctx, target) == square_of(ctx, unit),
                    f"{target} is not at the same location as {unit}")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"repaired": units.heal(ctx, args["target"], self.params.repair,
                                       cause=f"repaired by {unit}")}
