"""The enchantments of section XII: P13's Empathy and P15's Spell Shield."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, adjust, hook
from nomicon.mechanics import combat, commands, units
from nomicon.mechanics.commands import EnchantmentParams
from nomicon.mechanics.events import DAMAGED, Damaged
from nomicon.packs.nomopoly4.units.framework import Enchanting, players_near, units_near


class Empathy(Enchanting):
    """Enchantment: Empathy
    Can be issued to: Mesmer
    Cool down time: 2 days
    Duration: 1 day
    Effect: Target unit, which must be located on either the same square or an adjacent square to the Mesmer to which this command is being issued, is enchanted by Empathy. While under the effects of Empathy, if a unit is attacked by another unit, the attacking unit is damaged for the same amount as the damaged unit. Whether or not a unit is enchanted by Empathy is visible only to the owner of the enchanted unit. Damage caused by Empathy is not considered an attack, and as such does not trigger Empathy.
    Example: A Mesmer on Square 5 is issued the Empathy command, targetting itself. 5 hours later, that Mesmer is attacked by a Warrior, dealing 5 damage to the Mesmer. The Warrior sustains 5 damage, but the owner of the Warrior does not see the source of the damage. 2 hours later, the Mesmer is attacked by a Guard Tower. Since the Guard Tower is a building and not a unit, it does not trigger Empathy."""  # noqa: E501

    key = "empathy"
    number = 1231
    title = "Empathy"
    command = "empathy"
    status = "empathy"
    secret = True
    issued_to = ("mesmer",)

    class Params(EnchantmentParams):
        cooldown_hours: float = 48
        duration_hours: float = 24

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

    @hook(DAMAGED)
    def reflect(self, ctx: Ctx, data: Damaged) -> None:
        # The reflected amount is what the attack took after armor; a building's
        # attack and damage that is no attack are not reflected (combat.reflect).
        if ctx.has_status(data["entity"], self.status):
            combat.reflect(ctx, data, cause="damage")


class SpellShield(Enchanting):
    """Enchantment: Spell Shield
    Issued to: Monk
    Cool down time: 3 days
    Duration: 3 days
    Effect: The player may select any unit or player that is either in the same square as the Monk or an adjacent square. The target unit/player becomes enchanted by Spell Shield. While enchanted by Spell Shield, that unit/player cannot be targeted by commands (but may still be issued commands).
    Eg: A player who is enchanted with Spell Shield cannot be targeted with Power Drain. A Warrior enchanted with Spell Shield cannot be the target of Empathy, or attacked, but could still move or attack another unit."""  # noqa: E501

    key = "spell-shield"
    number = 1233
    title = "Spell Shield"
    command = "spell-shield"
    status = "spell-shield"
    issued_to = ("monk",)

    class Params(EnchantmentParams):
        cooldown_hours: float = 72
        duration_hours: float = 72

    def _targets(self, ctx: Ctx, unit: str) -> list[str]:
        return units_near(ctx, unit) + players_near(ctx, unit)

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return self._targets(ctx, unit)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        target = args.get("target")
        if target is None:
            return
        ctx.require(target in self._targets(ctx, unit),
                    f"{target} is not a unit or player on the same square as {unit} or an "
                    "adjacent one")

    @adjust(commands.TARGETABLE)
    def shield(self, ctx: Ctx, asked: commands.Targeting) -> commands.Targeting:
        # Commands only: items and other damage are not commands (a ruling).
        if asked["problem"] is None and ctx.has_status(asked["target"], self.status):
            return {**asked, "problem": f"{asked['target']} is enchanted by Spell Shield and "
                    "cannot be targeted by commands", "rule": self.rid}
        return asked
