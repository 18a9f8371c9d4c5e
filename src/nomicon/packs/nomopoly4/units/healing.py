"""P30's Monk commands, Fertile Season and Heal Area (seed L127-135), and P32's Max
HP (L125), which caps the hit points Heal Area could raise past the maximum."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule
from nomicon.boards import numbered
from nomicon.mechanics import units
from nomicon.mechanics.commands import CommandParams
from nomicon.packs.nomopoly4 import squares
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units.framework import Command, square_of


class FertileSeason(Command):
    """Command: Fertile Season
    Can be issued to: Monk
    Cool down time: 2 days
    Effect: The square at which this Monk is located has its resources increased by $1000."""

    key = "fertile-season"
    number = 1246
    title = "Fertile Season"
    command = "fertile-season"
    issued_to = ("monk",)

    class Params(CommandParams):
        cooldown_hours: float = 48
        resources: int = Field(1000, ge=0, description="dollars added to the square")

    params: Params

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        # The dollars are made: the text takes them from no one.
        square = square_of(ctx, unit)
        ctx.transfer(None, squares.account(numbered.square_id(ctx, square)),
                     self.params.resources, DOLLARS, f"Fertile Season of {unit}")
        return {"square": square}


class HealArea(Command):
    """Command: Heal Area
    Can be issued to: Monk
    Cool down time: 4 days
    Effect: All units located on the same square as this Monk have their hit points increased by 10."""  # noqa: E501

    key = "heal-area"
    number = 1247
    title = "Heal Area"
    command = "heal-area"
    issued_to = ("monk",)

    class Params(CommandParams):
        cooldown_hours: float = 96
        heal: int = Field(10, ge=0, description="hit points each unit gains")

    params: Params

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        # The text sets no limit (unlike Orison's): until Max HP (P32) is in force a
        # unit may pass its initial hit points. Units only, the Monk included.
        healed = {}
        for other in units.things(ctx, location=square_of(ctx, unit)):
            stats = units.stats_for(ctx, other)
            if stats is not None and stats.type_class == "unit":
                healed[other] = units.heal(ctx, other, self.params.heal, over_max=True,
                                           cause=f"Heal Area of {unit}")
        return {"healed": healed}


class MaxHp(Rule):
    """Replace all occurrences in the rules of initial hit points with maximum hit points (Max HP). Any current or future proposed units/buildings that use initial hit points instead of Max HP, are taken to mean Max HP. When a unit/building is created, it's current hit points are set equal to its Max HP. A unit/building may never have its HP higher than its Max HP (if this would happen, the unit/building's HP are instead set to its Max HP)."""  # noqa: E501

    key = "max-hp"
    pack = PACK
    number = 1248
    title = "Max HP"
    # Every rule that heals asks units.capped; creation at full hit points is the
    # mechanics layer's units.create already.
    contributes: ClassVar[dict[str, Any]] = {units.HP_CAP: True}

    def on_enact(self, ctx: Ctx) -> None:
        # "may never have its HP higher": those above (Heal Area) are cut down now.
        units.cut_to_max(ctx, cause=f"Max HP (Rule {self.number})")


#: The seed's ways of writing "initial hit points" (and its misspelling, L356).
_INITIAL = re.compile(r"\b[Ii]n(?:i)?tial (?:[Hh]it [Pp]oints|HP)")


def max_hp_text(text: str) -> str:
    """A rule's text with every "initial hit points" replaced by "Max HP" (P32), but
    for the seed's words that a reconstructed rule quotes as evidence (in double
    quotes), which stay as the seed wrote them."""
    parts = text.split('"')
    return '"'.join(_INITIAL.sub("Max HP", part) if i % 2 == 0 else part
                    for i, part in enumerate(parts))
