"""P18 (seed L270-271): the board grows to 90 squares, and for a week any player may
buy a Fort on any unoccupied square."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action
from nomicon.boards import numbered
from nomicon.governance import amendments
from nomicon.mechanics import units
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import SQUARES_CREATED
from nomicon.packs.nomopoly4.travel import PACK, SNAKE
from nomicon.packs.nomopoly4.units.framework import NEEDS, has_units_or_buildings


class ExtendTheBoard(Rule):
    """Extend the board to 90 squares by adding 30 squares after the end of the board. Each new square will be given its share of resources (the normal $0-10 000 in multiple's of $1000)."""  # noqa: E501

    key = "extend-the-board"
    pack = PACK
    number = 0
    title = "Extend the board"
    requires = frozenset({SNAKE})

    class Params(RuleParams):
        added: int = Field(30, ge=0, description="squares added after the last")

    @classmethod
    def apply_once(cls, ctx: Ctx, params: RuleParams) -> None:
        """Add the squares after the last; Rule 710 gives them resources."""
        added = numbered.grow(ctx, int(getattr(params, "added", 30)), why="P18")
        ctx.emit(SQUARES_CREATED, f"{len(added)} new squares are created", squares=added,
                 why="the board is extended (P18)")


class FortLandRush(Rule):
    """For a period of 1 week starting from when this proposal is implemented players may select an unoccupied square, pay $1250, and gain a new fort on that square."""  # noqa: E501

    key = "fort-land-rush"
    pack = PACK
    number = 1235
    title = "Fort land rush"
    requires = NEEDS

    class Params(RuleParams):
        price: int = Field(1250, ge=0)
        days: float = Field(7, ge=0, description="how long the rule lasts")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # The period is the rule's life: it repeals itself when the week is over.
        ctx.set_timer("fort-land-rush", timedelta(days=self.params.days), self.over)

    def over(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        amendments.apply(ctx, amendments.parse([{"op": "repeal", "rule": self.number}]))

    def _squares(self, ctx: Ctx, actor: str) -> list[int]:
        return [s for s in numbered.layout(ctx).squares() if not has_units_or_buildings(ctx, s)]

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        if not numbered.layout(ctx).exists(value):
            ctx.refuse(f"there is no square {value!r}")
        ctx.refuse(f"square {value} is occupied: units or buildings are there")

    @action("land-rush", Arg("square", int, "an unoccupied square", choices="_squares",
                             explain="_why_not"))
    def claim(self, ctx: Ctx, actor: str, square: int) -> None:
        """Pay $1250 for a new Fort on an unoccupied square."""
        ctx.transfer(actor, None, self.params.price, DOLLARS, f"a Fort on square {square}")
        units.create(ctx, "fort", owner=actor, location=square,
                     cause=f"{actor} claims square {square} in the land rush", by=actor)

    @claim.check
    def _can_pay(self, ctx: Ctx, actor: str) -> None:
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.price, f"a Fort costs ${self.params.price} in the "
                    f"land rush; you have ${have}")
