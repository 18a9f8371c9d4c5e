"""The commands of section XII that move, fight, change and earn: P01's Move, Attack
and Recruit Warrior, P07's Upgrade to SCV and Mine, P08's and P13's pledges, P08's
Orison of Healing, P15's Power Drain. The commands that build are in
:mod:`.building`, P22's Laser Howitzer commands in :mod:`.howitzer`, the
enchantments in :mod:`.enchantments`."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule
from nomicon.boards import numbered
from nomicon.mechanics import combat, geometry, units
from nomicon.mechanics.commands import TARGET, TO, CommandParams
from nomicon.packs.nomopoly4 import squares
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units.framework import (
    Command,
    players_near,
    square_of,
    units_near,
)


class Move(Command):
    """Command: Move Can be issued to: Any unit Cool down time: 10 days divided by the speed of the unit (so for example, the cool down time for moving a Warrior would be 1 day) Effect: The player may move the unit to the square either directly above, below, left, or right of the unit's current square (based on the two-dimensional layout of the board, ignoring numeric order)"""  # noqa: E501

    key = "move"
    number = 1211
    title = "Move"
    command = "move"
    takes = (TO,)
    per_speed = True

    class Params(CommandParams):
        cooldown_hours: float = 240

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return list(geometry.of(ctx).neighbours(square_of(ctx, unit)))

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        to = args.get("to")
        if to is None:
            return
        here = square_of(ctx, unit)
        ctx.require(to in geometry.of(ctx).neighbours(here),
                    f"square {to} is not directly above, below, left or right of square {here}")
        record = ctx.entity(unit)
        assert record is not None
        units.require_placement(ctx, record["kind"], record["owner"], to, entity=unit)

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.move(ctx, unit, args["to"])
        return {}


class Attack(Command):
    """Command: Attack Can be issued to: Any unit or building with attack strength > 0 Cool down time: 1 day Effect: The player may select any unit or building whose distance to the attacking unit is less than or equal to the range of the attacking unit. Distance is defined as the minimum number of moves required to get from the attacking unit's square to the target unit's square, where a "move" can go to any square directly above, below, left, or right of the square in question. (Example: The distance from Square #4 to Square #15 would be 3). The target unit has its hit points reduced accordingly: - If the attacking unit's attack strength is greater than the target unit/building's armor strength, then the target unit/building's hit points are reduced by (attack strength - armor) - If the attacking unit's attack strength is equal to the target unit/building's armor strength, then the target unit/building's hit points are reduced by 1 - If the attacking unit's attack strength is less than the target unit/building's armor strength, then there is a 1 in (armor - attack strength) chance that the target unit/building's hit points will be reduced by 1"""  # noqa: E501

    key = "attack"
    number = 1212
    title = "Attack"
    command = "attack"
    issued_to_class = None
    takes = (TARGET,)

    class Params(CommandParams):
        cooldown_hours: float = 24

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        return None if stats.attack > 0 else f"a {stats.kind} has no attack strength"

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        stats = units.stats_for(ctx, unit)
        assert stats is not None
        here = square_of(ctx, unit)
        board = geometry.of(ctx)  # once, not once per square: it reads the layout
        return [other for place in ctx.entity_locations()
                if (apart := board.distance(here, place)) is not None
                and apart <= stats.range
                for other in units.things(ctx, location=place) if other != unit]

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        ctx.require(units.stats_for(ctx, target) is not None,
                    f"there is no unit or building {target!r}")
        # A ruling: the unit selects another; it may be one of its owner's own.
        ctx.require(target != unit, f"{unit} cannot attack itself")
        stats = units.stats_for(ctx, unit)
        assert stats is not None
        ctx.require(combat.in_range(ctx, unit, target),
                    f"{target} is out of range: its distance is "
                    f"{combat.distance(ctx, unit, target)}, and a {stats.kind}'s range is "
                    f"{stats.range}")
        problem = combat.targeting_problem(ctx, target, attacker=unit)
        if problem is not None:
            ctx.refuse(problem[0], rule=problem[1])

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        apart = combat.distance(ctx, unit, args["target"])
        return {"distance": apart, "damage": combat.attack(ctx, args["target"], attacker=unit)}

    def cooldown(self, ctx: Ctx, unit: str, args: dict[str, Any],
                 outcome: dict[str, Any]) -> timedelta:
        # A type whose own text sets its cool-down after an attack (P47's Musketeer,
        # by distance) says it through attack_cooldown; the others cool down 1 day.
        stats = units.stats_for(ctx, unit)
        own = getattr(stats.rule, "attack_cooldown", None) if stats is not None else None
        if callable(own) and outcome.get("distance") is not None:
            found: timedelta = own(int(outcome["distance"]))
            return found
        return super().cooldown(ctx, unit, args, outcome)


class RecruitWarrior(Command):
    """Command: Recruit Warrior Can be issued to: Fort Cool down time: 4 days Effect: The player pays $500, and he will receive a Warrior on the square containing the Fort"""  # noqa: E501

    key = "recruit-warrior"
    number = 1213
    title = "Recruit Warrior"
    command = "recruit-warrior"
    issued_to = ("fort",)

    class Params(CommandParams):
        cooldown_hours: float = 96
        price: int = 500

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        made = units.create(ctx, "warrior", owner=actor, location=square_of(ctx, unit),
                            cause=f"recruited at {unit}", by=actor)
        return {"made": made}


class Transform(Command):
    """Base of the commands whose effect is "the unit becomes a ..." (the hit points
    rescaled, Rule 1218)."""

    becomes: ClassVar[str] = ""

    class Params(CommandParams):
        # The kinds it may not be issued to ("non-Mesmer units"): a parameter, so an
        # amendment changes it (P14).
        not_to: list[str] = Field(default_factory=list)

    params: Params

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        if found is not None:
            return found
        if stats.kind in self.params.not_to:
            return f"{self.command} cannot be issued to a {stats.kind}"
        # A ruling: a unit already of the type does not "become" one.
        if stats.kind == self.becomes:
            return f"{unit} is already a {self.becomes}"
        if self.becomes not in units.catalogue(ctx):
            return f"no rule in force defines the type {self.becomes!r}"
        return None

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.transform(ctx, unit, self.becomes, cause=f"{actor} issues {self.command}")
        return {}


class UpgradeToScv(Transform):
    """Command: Upgrade to SCV
    Can be issued to: Warrior
    Cool down time: None
    Effect: The Warrior becomes an SCV"""

    key = "upgrade-to-scv"
    number = 1216
    title = "Upgrade to SCV"
    command = "upgrade-to-scv"
    issued_to = ("warrior",)
    becomes = "scv"


class Mine(Command):
    """Command: Mine
    Can be issued to: SCV
    Cool down time: 2 days
    Effect: The player receives $250 from the resources of the square the SCV is on (ie. the player receives $250 and the resources of the square are decreased by $250). The resources of a square may not go below $0. If a player attempts to mine a square that has less than $250, then the player will only mine whatever resources are left on the square."""  # noqa: E501

    key = "mine"
    number = 1217
    title = "Mine"
    command = "mine"
    issued_to = ("scv",)

    class Params(CommandParams):
        cooldown_hours: float = 48
        amount: int = Field(250, ge=0, description="dollars mined from the square")

    params: Params

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        square = square_of(ctx, unit)
        account = squares.account(numbered.square_id(ctx, square))
        mined = min(self.params.amount, ctx.balance(account, DOLLARS))
        if mined:
            # Shown to the players who may see the square's resources? The ledger's
            # transfer is public; the amount mined is what the miner receives, which
            # the seed does not hide.
            ctx.transfer(account, actor, mined, DOLLARS, f"{unit} mines square {square}")
        return {"mined": mined}


class Transformation(Rule):
    """Note: Whenever a unit/building transforms into another unit/building type (such as with the "Upgrade to SCV" command), the hit points of the new unit will be computed as follows:
    (HP of new unit) = ceil((Initial HP of new unit type) * (HP of old unit) / (Initial HP of old unit type))
    ceil means "ceiling value", ie. rounded up to the nearest integer.
    Example: A Warrior with 37 HP transforms into an SCV. The SCV will have ceil(20*37/50) = 15 HP"""  # noqa: E501

    key = "transformation"
    pack = PACK
    number = 1218
    title = "Hit points on transformation"
    # The mechanics layer's units.transform computes exactly this, in whole numbers.


class PledgeServiceToDwayna(Transform):
    """Command: Pledge Service to Dwayna
    Can be issued to: Any unit
    Cool down time: 1 day
    Effect: The unit becomes a Monk. The player issuing this command must pay $250."""

    key = "pledge-service-to-dwayna"
    number = 1220
    title = "Pledge Service to Dwayna"
    command = "pledge-service-to-dwayna"
    becomes = "monk"

    class Params(Transform.Params):
        cooldown_hours: float = 24
        price: int = 250


class OrisonOfHealing(Command):
    """Command: Orison of Healing
    Can be issued to: Monk
    Cool down time: 2 days
    Effect: Target unit, which must be located on either the same square or an adjacent square to the Monk to which this command is being issued, has it's hit points raised by 5. If this would cause a unit to have more than the intial hit points specified for that unit type, that unit's hit points become the initial hit points instead.
    Example: A Monk on Square 13 is issued the Orison of Healing command, targeting a Warrior on Square 8. The Warrior's hit points are increased by 5, to a maximum of 50."""  # noqa: E501

    key = "orison-of-healing"
    number = 1221
    title = "Orison of Healing"
    command = "orison-of-healing"
    issued_to = ("monk",)
    takes = (TARGET,)

    class Params(CommandParams):
        cooldown_hours: float = 48
        heal: int = Field(5, ge=0, description="hit points the target gains")

    params: Params

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return units_near(ctx, unit)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        stats = units.stats_for(ctx, target)
        ctx.require(stats is not None and stats.type_class == "unit",
                    f"{target} is not a unit", detail="the target is a unit")
        ctx.require(target in units_near(ctx, unit),
                    f"{target} is not on the same square as {unit} or an adjacent one")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        gained = units.heal(ctx, args["target"], self.params.heal, cause=f"{self.command} "
                            f"of {unit}")
        return {"healed": gained}


class PledgeServiceToLyssa(Transform):
    """Command: Pledge Service to Lyssa
    Can be issued to: Any non-Monk unit
    Cool down time: 1 day
    Effect: The unit becomes a Mesmer. The player issuing this command must pay $250."""

    key = "pledge-service-to-lyssa"
    number = 1230
    title = "Pledge Service to Lyssa"
    command = "pledge-service-to-lyssa"
    becomes = "mesmer"

    class Params(Transform.Params):
        cooldown_hours: float = 24
        price: int = 250
        not_to: list[str] = Field(default_factory=lambda: ["monk"])


class PowerDrain(Command):
    """Command: Power Drain
    Issued to: Mesmer
    Cool down time: 3 days
    Effect: The player may select any player that is on the same square as the Mesmer or an adjacent square. The target player loses $250, and the player issuing this command gains $250."""  # noqa: E501

    key = "power-drain"
    number = 1232
    title = "Power Drain"
    command = "power-drain"
    issued_to = ("mesmer",)
    takes = (TARGET,)

    class Params(CommandParams):
        cooldown_hours: float = 72
        drain: int = Field(250, ge=0, description="dollars taken from the target")

    params: Params

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        owner = (ctx.entity(unit) or {}).get("owner")
        return [p for p in players_near(ctx, unit) if p != owner]

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        ctx.require(ctx.is_player(target), f"{target!r} is not a player")
        # A ruling: the issuer drains another player, not themselves.
        ctx.require(target != (ctx.entity(unit) or {}).get("owner"),
                    "a player cannot drain their own money")
        ctx.require(target in players_near(ctx, unit),
                    f"{target} is not on the same square as {unit} or an adjacent one")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        # A forced loss takes at most what the target has (Rule 401); the issuer
        # gains what the target lost.
        taken = ctx.transfer(args["target"], actor, self.params.drain, DOLLARS,
                             f"Power Drain by {unit}", forced=True)
        return {"drained": taken}
