"""P38's Refinery, Build Refinery and Refine Goods, and the Refinery's extra $50 for
Mining (seed L98-112)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, hook
from nomicon.mechanics import units
from nomicon.mechanics.commands import AMOUNT, CommandParams
from nomicon.mechanics.events import COMMANDED, COOLDOWN_ENDED, Commanded, CooldownEnded
from nomicon.mechanics.units import TypeParams
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.units.building import Build
from nomicon.packs.nomopoly4.units.framework import Command, square_of
from nomicon.packs.nomopoly4.units.types import _Type

REFINERY = "refinery"


def has_refinery(ctx: Ctx, square: Any) -> bool:
    return any((ctx.entity(e) or {}).get("kind") == REFINERY
               for e in units.things(ctx, location=square))


class Refinery(_Type):
    """Building: Refinery
    Maximum Hit Points: 300
    Attack Strength: 0
    Attack Range: 0
    Armor: 10
    Notes: When an SCV is issued the Mine command while occupying the same square as a Refinery, the player who owns the SCV gets an additional $50 which is not deducted from the resources of the square (as with Super Mining). A square may only contain one Refinery."""  # noqa: E501

    key = "refinery"
    number = 1250
    title = "Refinery"
    kind = REFINERY
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 300
        range: int = 0
        armor: int = 10
        one_per_square: bool = True
        mining_bonus: int = Field(50, ge=0, description="dollars more for Mining beside it")

    params: Params

    @hook(COMMANDED)
    def mined(self, ctx: Ctx, data: Commanded) -> None:
        # "the same square" (the seed's words); the $50 are made, not mined.
        if data["command"] != "mine" or data["owner"] is None:
            return
        if has_refinery(ctx, square_of(ctx, data["entity"])):
            ctx.transfer(None, data["owner"], self.params.mining_bonus, DOLLARS,
                         f"{data['entity']} mines beside a Refinery")


class BuildRefinery(Build):
    """Command: Build Refinery
    Can be Issued to: SCV
    Cool down time: 2 days
    Effect: The player pays $750 and receives a Refinery on the square containing the SCV."""

    key = "build-refinery"
    number = 1251
    title = "Build Refinery"
    command = "build-refinery"
    builds = REFINERY

    class Params(CommandParams):
        cooldown_hours: float = 48
        price: int = 750


class RefineGoods(Command):
    """Command: Refine Goods
    Can be Issued to: Refinery, SCV (the SCV to which this command is issued must occupy the same square as a Refinery)
    Cool down time: 2 days
    Effect: The player chooses between $10 and $1000 (in increments of $10) to pay when issuing this command. When the unit/building to which this command is issued finishes cooling down, that player receives 110% of the money they chose when issuing the command.
    Comments: You can enter the amount of money to refine in the text box next to the unit command drop down box."""  # noqa: E501

    key = "refine-goods"
    number = 1252
    title = "Refine Goods"
    command = "refine-goods"
    issued_to = (REFINERY, "scv")
    takes = (replace(AMOUNT, doc="dollars to refine: $10 to $1000 in steps of $10"),)

    class Params(CommandParams):
        cooldown_hours: float = 48
        least: int = 10
        most: int = 1000
        step: int = 10
        percent: int = Field(110, ge=0, description="of the dollars paid, paid back")

    params: Params

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        if found is None and stats.kind == "scv" and not has_refinery(ctx, square_of(ctx, unit)):
            return f"{unit} does not occupy the same square as a Refinery"
        return found

    def price(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> int:
        return int(args.get("amount") or 0)

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        amount = args.get("amount")
        if amount is None:
            return
        p = self.params
        ctx.require(p.least <= amount <= p.most and amount % p.step == 0,
                    f"${amount} cannot be refined: choose between ${p.least} and ${p.most} in "
                    f"increments of ${p.step}")

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"refining": args["amount"]}

    @hook(COOLDOWN_ENDED)
    def refined(self, ctx: Ctx, data: CooldownEnded) -> None:
        # Whenever the cool-down ends (early by the hourly relief too); nothing if the
        # unit or building was destroyed first (no cool-down end is announced then).
        if data["command"] != self.command or data["owner"] is None:
            return
        paid = int(data["args"].get("amount") or 0)
        back = paid * self.params.percent // 100
        if back:
            ctx.transfer(None, data["owner"], back, DOLLARS,
                         f"Refine Goods of {data['entity']}: {self.params.percent}% of ${paid}")
