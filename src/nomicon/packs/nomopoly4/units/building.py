"""The commands of section XII that build (P10, P12, P17, P20) and P12's Teleport."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx
from nomicon.mechanics import cooldowns, geometry, units
from nomicon.mechanics.commands import TO, CommandParams
from nomicon.packs.nomopoly4.units.framework import Command, has_units_or_buildings, square_of


class Build(Command):
    """Base of the commands whose effect is "The player pays $N and receives a ...
    on the square containing the SCV"."""

    builds: ClassVar[str] = ""
    issued_to = ("scv",)

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        made = units.create(ctx, self.builds, owner=actor, location=square_of(ctx, unit),
                            cause=f"{actor} issues {self.command} to {unit}", by=actor)
        return {"made": made}


class BuildGuardTower(Build):
    """Command: Build Guard Tower
    Can be issued to: SCV
    Cool down time: 5 days
    Effect: The player pays $1500 and receives a Guard Tower in the square containing the SCV"""

    key = "build-guard-tower"
    number = 1224
    title = "Build Guard Tower"
    command = "build-guard-tower"
    builds = "guard-tower"

    class Params(CommandParams):
        cooldown_hours: float = 120
        price: int = 1500


class BuildWall(Build):
    """Command: Build Wall
    Can be issued to: SCV
    Cool down time: 5 days
    Effect: The player pays $1000 and receives a Wall in the square containing the SCV"""

    key = "build-wall"
    number = 1225
    title = "Build Wall"
    command = "build-wall"
    builds = "wall"

    class Params(CommandParams):
        cooldown_hours: float = 120
        price: int = 1000


class BuildTeleporter(Build):
    """Command: Build Teleporter
    Can be issued to: SCV
    Cool down time: 5 days
    Effect: The player pays $700 and receives a Teleporter in the square containg the SCV."""

    key = "build-teleporter"
    number = 1227
    title = "Build Teleporter"
    command = "build-teleporter"
    builds = "teleporter"

    class Params(CommandParams):
        cooldown_hours: float = 120
        price: int = 700


class Teleport(Command):
    """Command: Teleport
    Can be issued to: Any unit on a square containg or adjacent to a Teleporter
    Cool down time: 2 days
    Effect: The player pays $100 to the owner of the teleporter [$0 if he owns the teleporter] to move the unit to any other square containing or adjacent to a teleporter, as long as it would be a legal place to have that unit [ie, no other units or buildings can be present]."""  # noqa: E501

    key = "teleport"
    number = 1228
    title = "Teleport"
    command = "teleport"
    takes = (TO,)

    class Params(CommandParams):
        cooldown_hours: float = 48
        price: int = 100

    def _teleporters_near(self, ctx: Ctx, square: Any) -> list[str]:
        return [e for place in geometry.near(ctx, square) for e in ctx.entities_at(place)
                if (ctx.entity(e) or {}).get("kind") == "teleporter"]

    def _origin(self, ctx: Ctx, unit: str) -> str | None:
        # A ruling: the teleporter paid is the one the unit uses, on its own square if
        # there is one, else the first adjacent one (in the order of the layout's
        # neighbours, then the order they were built).
        found = self._teleporters_near(ctx, square_of(ctx, unit))
        return found[0] if found else None

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        if found is not None:
            return found
        if self._origin(ctx, unit) is None:
            return f"{unit} is not on a square containing or adjacent to a Teleporter"
        return None

    def price(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> int:
        origin = self._origin(ctx, unit)
        owner = (ctx.entity(origin) or {}).get("owner") if origin else None
        return 0 if owner == (ctx.entity(unit) or {}).get("owner") else self.params.price

    def payee(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> str | None:
        origin = self._origin(ctx, unit)
        return (ctx.entity(origin) or {}).get("owner") if origin else None

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        squares = {place for eid in ctx.entities_of("teleporter")
                   for place in geometry.near(ctx, square_of(ctx, eid))}
        return sorted(squares)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        to = args.get("to")
        if to is None:
            return
        ctx.require(to != square_of(ctx, unit), f"{unit} is already on square {to}")
        ctx.require(self._teleporters_near(ctx, to),
                    f"square {to} neither contains nor is adjacent to a Teleporter")
        ctx.require(not has_units_or_buildings(ctx, to),
                    f"square {to} is not a legal place for {unit}: units or buildings are "
                    "present there")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.move(ctx, unit, args["to"])
        return {}


class BuildFort(Build):
    """Name: Build Fort
    Enchantment: No
    Duration: 0
    Can be Issued to: SCV's
    Cool Down time: 4 days
    Effect: The issuer (the player whom issued the command) pays $1000 and gets a new fort at the location the issue (the unit the command was issued to) is at. The new Fort immediately begins cooling down for 2 days."""  # noqa: E501

    key = "build-fort"
    number = 1234
    title = "Build Fort"
    command = "build-fort"
    builds = "fort"

    class Params(CommandParams):
        cooldown_hours: float = 96
        price: int = 1000
        fort_cooldown_hours: float = Field(48, ge=0, description="the new Fort's cool-down")

    params: Params

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        made = super().effect(ctx, actor, unit, args)
        cooldowns.start(ctx, made["made"], timedelta(hours=self.params.fort_cooldown_hours),
                        command=self.command)
        return made


class BuildDuckPond(Build):
    """Command: Build Duck Pond Can be issued to: SCV Cool down time: 1 day Effect: The player pays $100 and receives a Duck Pond on the square containing the SCV"""  # noqa: E501

    key = "build-duck-pond"
    number = 1237
    title = "Build Duck Pond"
    command = "build-duck-pond"
    builds = "duck-pond"

    class Params(CommandParams):
        cooldown_hours: float = 24
        price: int = 100
