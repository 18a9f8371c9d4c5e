"""A small pack of the tests' own on the mechanics layer: a few unit and building
types and commands, with the stats and numbers of Nomopoly IV's proposals where the
tests check the seed's own examples, on a snake board of 20 squares in rows of 10.

Units and buildings are placed by the tests themselves (:func:`place`); players have
money and experience.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from nomicon.authoring import Arg, Attribute, Ctx, Currency, Initial, Pack, Rule, adjust, hook
from nomicon.boards import numbered
from nomicon.kernel import dice, ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed
from nomicon.mechanics import combat, commands, geometry, units
from nomicon.mechanics.commands import TARGET, TO, CommandRule, Enchantment
from nomicon.mechanics.events import COOLDOWN_ENDED, DAMAGED, KILLED, CooldownEnded, Damaged, Killed
from nomicon.mechanics.units import TypeParams, UnitType

PACK = "army-toy"
START = datetime(2024, 3, 4, 12, 0, tzinfo=UTC)


class Money(Rule):
    """Each player has $5000 and experience, initially zero."""

    key = "money"
    pack = PACK
    number = 1
    title = "Money"
    currencies = (Currency("money", 5000, minimum=0, doc="dollars"),)
    attributes = (Attribute("experience", 0),)


class Frame(commands.Commands):
    key = "commands"
    pack = PACK
    number = 2
    title = "Commands"


# -- types --------------------------------------------------------------------------------
class Warrior(UnitType):
    """Unit: Warrior. Maximum hit points 50, attack 10, range 1, armor 0, speed 10."""

    key = "warrior"
    pack = PACK
    number = 10
    title = "Warrior"
    kind = "warrior"

    class Params(TypeParams):
        max_hp: int = 50
        attack: int = 10
        speed: int = 10


class Scv(UnitType):
    """Unit: SCV. Maximum hit points 20, attack 2, speed 9."""

    key = "scv"
    pack = PACK
    number = 11
    title = "SCV"
    kind = "scv"

    class Params(TypeParams):
        max_hp: int = 20
        attack: int = 2
        speed: int = 9


class Mesmer(UnitType):
    """Unit: Mesmer. Maximum hit points 25, attack 0, armor 5, speed 5."""

    key = "mesmer"
    pack = PACK
    number = 12
    title = "Mesmer"
    kind = "mesmer"

    class Params(TypeParams):
        max_hp: int = 25
        armor: int = 5
        speed: int = 5


class Musketeer(UnitType):
    """Unit: Musketeer. Maximum Hit Points 80, Attack Strength 20, Attack Range 2, Armor 3, Speed 10. If the Musketeer attacks a target that is two squares away it cools down for 36 hours; one square away, 24 hours."""  # noqa: E501

    key = "musketeer"
    pack = PACK
    number = 13
    title = "Musketeer"
    kind = "musketeer"

    class Params(TypeParams):
        max_hp: int = 80
        attack: int = 20
        range: int = 2
        armor: int = 3
        speed: int = 10
        far_cooldown_hours: float = 36
        near_cooldown_hours: float = 24


class Howitzer(UnitType):
    """Unit: Laser Howitzer. Maximum hit points 100. Attack Strength: 75 against buildings, 30 against other Laser Howitzers, 15 against non-Howitzer units. Range 2, armor 5, speed 5."""  # noqa: E501

    key = "laser-howitzer"
    pack = PACK
    number = 14
    title = "Laser Howitzer"
    kind = "laser-howitzer"

    class Params(TypeParams):
        max_hp: int = 100
        attack: int = 15
        range: int = 2
        armor: int = 5
        speed: int = 5

    @adjust(combat.STRENGTH)
    def by_target(self, ctx: Ctx, asked: combat.Strength) -> combat.Strength:
        if asked["attacker_kind"] != self.kind:
            return asked
        if asked["target_class"] == "building":
            return {**asked, "strength": 75}
        return {**asked, "strength": 30 if asked["target_kind"] == self.kind else 15}


class Fort(UnitType):
    """Building: Fort. Initial hit points 1500, attack 0, range 0, armor 25."""

    key = "fort"
    pack = PACK
    number = 15
    title = "Fort"
    kind = "fort"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 1500
        range: int = 0
        armor: int = 25
        speed: int = 0


class GuardTower(UnitType):
    """Building: Guard Tower. Initial hit points 250, attack strength 25, attack range 2, armor 5."""  # noqa: E501

    key = "guard-tower"
    pack = PACK
    number = 17
    title = "Guard Tower"
    kind = "guard-tower"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 250
        attack: int = 25
        range: int = 2
        armor: int = 5
        speed: int = 0
        one_per_square: bool = True


class Wall(UnitType):
    """Building: Wall. Initial hit points 500, armor 15. A single square may not contain more than one Wall. A player may not attack any unit or building in a territory containing a Wall (other than the Wall itself) until the Wall is destroyed."""  # noqa: E501

    key = "wall"
    pack = PACK
    number = 16
    title = "Wall"
    kind = "wall"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 500
        range: int = 0
        armor: int = 15
        speed: int = 0
        one_per_square: bool = True

    @adjust(combat.TARGETABLE)
    def behind_the_wall(self, ctx: Ctx, asked: combat.Targeting) -> combat.Targeting:
        target = ctx.entity(asked["target"])
        if target is None or target["kind"] == self.kind or asked["problem"] is not None:
            return asked
        walls = [e for e in ctx.entities_at(asked["location"])
                 if (ctx.entity(e) or {}).get("kind") == self.kind]
        if not walls:
            return asked
        return {**asked, "problem": f"{asked['target']} stands behind {walls[0]}",
                "rule": self.rid}


class Railway(UnitType):
    """Building: Railway. Initial Hit Points 200, armor 5. If the only unit or building at a location is a Railway then units owned by any player may move onto the square containing the Railway."""  # noqa: E501

    key = "railway"
    pack = PACK
    number = 18
    title = "Railway"
    kind = "railway"
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 200
        range: int = 0
        armor: int = 5
        speed: int = 0

    @adjust(units.PLACEMENT)
    def open_to_units(self, ctx: Ctx, asked: units.Placement) -> units.Placement:
        stats = units.stats_of(ctx, asked["kind"])
        there = [e for e in units.things(ctx, location=asked["location"])
                 if e != asked["entity"]]
        if (asked["problem"] is not None and stats is not None and stats.type_class == "unit"
                and there and all(ctx.entity(e)["kind"] == self.kind  # type: ignore[index]
                                  for e in there)):
            return {**asked, "problem": None, "rule": None}
        return asked


# -- commands -------------------------------------------------------------------------------
def near(ctx: Ctx, unit: str) -> list[str]:
    """The units and buildings on the unit's square or an adjacent one."""
    record = ctx.entity(unit)
    assert record is not None
    return [eid for place in geometry.near(ctx, record["location"])
            for eid in units.things(ctx, location=place)]


class Move(CommandRule):
    """Command: Move. Can be issued to: Any unit. Cool down time: 10 days divided by the speed of the unit. Effect: The player may move the unit to the square either directly above, below, left, or right of the unit's current square."""  # noqa: E501

    key = "move"
    pack = PACK
    number = 20
    title = "Move"
    command = "move"
    takes = (TO,)
    per_speed = True

    class Params(commands.CommandParams):
        cooldown_hours: float = 240

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        record = ctx.entity(unit)
        assert record is not None
        return list(geometry.of(ctx).neighbours(record["location"]))

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        record = ctx.entity(unit)
        assert record is not None
        to = args.get("to")
        if to is None:
            return
        ctx.require(to in geometry.of(ctx).neighbours(record["location"]),
                    f"square {to} is not next to square {record['location']}")
        units.require_placement(ctx, record["kind"], record["owner"], to, entity=unit)

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.move(ctx, unit, args["to"])
        return {}


class Attack(CommandRule):
    """Command: Attack. Can be issued to: Any unit or building with attack strength > 0. Cool down time: 1 day. Effect: The player may select any unit or building whose distance to the attacking unit is less than or equal to the range of the attacking unit."""  # noqa: E501

    key = "attack"
    pack = PACK
    number = 21
    title = "Attack"
    command = "attack"
    issued_to_class = None
    takes = (TARGET,)

    class Params(commands.CommandParams):
        cooldown_hours: float = 24

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        return None if stats.attack > 0 else f"a {stats.kind} has no attack strength"

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return [eid for place in ctx.entity_locations() for eid in units.things(
            ctx, location=place) if eid != unit]

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        ctx.require(units.stats_for(ctx, target) is not None,
                    f"there is no unit or building {target!r}")
        ctx.require(target != unit, f"{unit} cannot attack itself")
        stats = units.stats_for(ctx, unit)
        assert stats is not None
        ctx.require(combat.in_range(ctx, unit, target),
                    f"{target} is out of range: {combat.distance(ctx, unit, target)} "
                    f"squares away, and a {stats.kind} reaches {stats.range}")
        problem = combat.targeting_problem(ctx, target, attacker=unit)
        if problem is not None:
            ctx.refuse(problem[0], rule=problem[1])

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        apart = combat.distance(ctx, unit, args["target"])
        dealt = combat.attack(ctx, args["target"], attacker=unit)
        return {"distance": apart, "damage": dealt}

    def cooldown(self, ctx: Ctx, unit: str, args: dict[str, Any],
                 outcome: dict[str, Any]) -> timedelta:
        # The Musketeer's own cool-downs (its type's parameters) replace the Attack's:
        # 36 hours at distance 2, 24 hours nearer.
        stats = units.stats_for(ctx, unit)
        params = stats.rule.params if stats is not None else None
        if isinstance(params, Musketeer.Params):
            hours = (params.far_cooldown_hours if outcome["distance"] >= 2
                     else params.near_cooldown_hours)
            return timedelta(hours=hours)
        return super().cooldown(ctx, unit, args, outcome)


class RecruitWarrior(CommandRule):
    """Command: Recruit Warrior. Can be issued to: Fort. Cool down time: 4 days. Effect: The player pays $500, and he will receive a Warrior on the square containing the Fort."""  # noqa: E501

    key = "recruit-warrior"
    pack = PACK
    number = 22
    title = "Recruit Warrior"
    command = "recruit-warrior"
    issued_to = ("fort",)

    class Params(commands.CommandParams):
        cooldown_hours: float = 96
        price: int = 500

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        record = ctx.entity(unit)
        assert record is not None
        made = units.create(ctx, "warrior", owner=actor, location=record["location"],
                            cause=f"recruited at {unit}", by=actor)
        return {"made": made}


class UpgradeToScv(CommandRule):
    """Command: Upgrade to SCV. Can be issued to: Warrior. Cool down time: None. Effect: The Warrior becomes an SCV."""  # noqa: E501

    key = "upgrade-to-scv"
    pack = PACK
    number = 23
    title = "Upgrade to SCV"
    command = "upgrade-to-scv"
    issued_to = ("warrior",)

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.transform(ctx, unit, "scv", cause=f"{actor} upgrades it")
        return {}


class Tithe(CommandRule):
    """Command: Tithe. Can be issued to: Fort. Cool down time: 2 days. Effect: The player chooses between $10 and $1000 to pay. When the Fort finishes cooling down, that player receives 110% of the money they chose."""  # noqa: E501

    key = "tithe"
    pack = PACK
    number = 24
    title = "Tithe"
    command = "tithe"
    issued_to = ("fort",)
    takes = (Arg("amount", int, "dollars, 10 to 1000", minimum=10, maximum=1000),)

    class Params(commands.CommandParams):
        cooldown_hours: float = 48

    def price(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> int:
        return int(args.get("amount") or 10)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        amount = args.get("amount")
        if amount is not None:
            ctx.require(10 <= amount <= 1000, f"the tithe is $10 to $1000, not ${amount}")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        return {}

    @hook(COOLDOWN_ENDED)
    def repay(self, ctx: Ctx, data: CooldownEnded) -> None:
        if data["command"] == self.command and data["owner"] is not None:
            amount = int(data["args"]["amount"]) * 11 // 10
            ctx.gain(data["owner"], amount, f"the tithe of {data['entity']}", "money")


class Empathy(Enchantment):
    """Enchantment: Empathy. Can be issued to: Mesmer. Cool down time: 2 days. Duration: 1 day. Effect: Target unit, which must be located on either the same square or an adjacent square to the Mesmer, is enchanted by Empathy. While under the effects of Empathy, if a unit is attacked by another unit, the attacking unit is damaged for the same amount as the damaged unit. Whether or not a unit is enchanted by Empathy is visible only to the owner of the enchanted unit. Damage caused by Empathy is not considered an attack."""  # noqa: E501

    key = "empathy"
    pack = PACK
    number = 25
    title = "Empathy"
    command = "empathy"
    status = "empathy"
    secret = True
    issued_to = ("mesmer",)

    class Params(commands.EnchantmentParams):
        cooldown_hours: float = 48
        duration_hours: float = 24

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return near(ctx, unit)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        ctx.require(target is None or target in near(ctx, unit),
                    f"{target} is not on or next to {unit}'s square")

    @hook(DAMAGED)
    def reflect(self, ctx: Ctx, data: Damaged) -> None:
        if ctx.has_status(data["entity"], self.status):
            combat.reflect(ctx, data, cause="damage")


class SpellShield(Enchantment):
    """Enchantment: Spell Shield. Can be issued to: Mesmer. Cool down time: 3 days. Duration: 3 days. Effect: The target unit becomes enchanted by Spell Shield. While enchanted by Spell Shield, that unit cannot be targeted by commands (but may still be issued commands)."""  # noqa: E501

    key = "spell-shield"
    pack = PACK
    number = 26
    title = "Spell Shield"
    command = "spell-shield"
    status = "spell-shield"
    issued_to = ("mesmer",)

    class Params(commands.EnchantmentParams):
        cooldown_hours: float = 72
        duration_hours: float = 72

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return near(ctx, unit)

    @adjust(commands.TARGETABLE)
    def shield(self, ctx: Ctx, asked: commands.Targeting) -> commands.Targeting:
        if asked["problem"] is None and ctx.has_status(asked["target"], self.status):
            return {**asked, "problem": f"{asked['target']} is enchanted by Spell Shield",
                    "rule": self.rid}
        return asked


class Experience(Rule):
    """Whenever a player directly causes another player's unit to be killed, the attacking player receives 5 experience points; another player's building, 20."""  # noqa: E501

    key = "experience"
    pack = PACK
    number = 30
    title = "Experience"

    @hook(KILLED)
    def credit(self, ctx: Ctx, data: Killed) -> None:
        killer = data["by_player"]
        if killer is None or killer == data["owner"] or not ctx.is_player(killer):
            return
        gain = 20 if data["type_class"] == "building" else 5
        ctx.set_attr(killer, "experience", ctx.attr(killer, "experience", 0) + gain)


RULES: tuple[type[Rule], ...] = (
    Money, Frame, Warrior, Scv, Mesmer, Musketeer, Howitzer, Fort, GuardTower, Wall, Railway, Move,
    Attack, RecruitWarrior, UpgradeToScv, Tithe, Empathy, SpellShield, Experience)


class ArmyToy(Pack):
    id = PACK
    title = "Army toy"
    board = "snake"
    provides: ClassVar[frozenset[str]] = frozenset({"board:snake"})
    initial = tuple(Initial(cls) for cls in RULES)

    def setup(self, ctx: Ctx, params: Any) -> None:
        numbered.setup(ctx, 20, columns=10)


REGISTRY = installed().with_pack(ArmyToy())


def new_game(players: tuple[str, ...] = ("alice", "bob"), seed: int = 5) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(seed),
                       registry=REGISTRY, allow_forced=True)


@contextmanager
def acting(game: Game, at: datetime | None = None) -> Iterator[Ctx]:
    """A batch of the game's own at ``at`` (default: its clock), for a test to set
    things up or call the mechanics directly."""
    when = at or game.clock
    game.fire_due(when)
    with game._transaction(when, "admin") as ctx:
        yield ctx


def place(game: Game, kind: str, owner: str | None, square: int) -> str:
    """Put a ``kind`` of ``owner`` on ``square``, as a rule would make one."""
    with acting(game) as ctx:
        return units.create(ctx, kind, owner=owner, location=square, cause="placed by the test")


def amend(game: Game, rule: type[Rule], **params: Any) -> None:
    with acting(game) as ctx:
        ruleset.amend(ctx, rule.number, params=params)


def entity(game: Game, eid: str) -> dict[str, Any]:
    found: dict[str, Any] = game.view()["entities"][eid]
    return found
