"""Section XXI, the Experience Fairy (P41, seed L38-39)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, action, every
from nomicon.boards import numbered
from nomicon.packs.nomopoly4.events import FAIRY_CAME, FAIRY_LEFT
from nomicon.packs.nomopoly4.items import square_of
from nomicon.packs.nomopoly4.travel import LOCATIONS, PACK, SNAKE

FAIRY = "experience-fairy"


class ExperienceFairy(Rule):
    """Experience Fairy: The experience fairy is a strange entity capable of very quickly learning players but good. Every Sunday at noon GMT the Experience Fairy will appear on the board at a random square. The first player to go to the same square as the Experience Fairy and perform the "Receive Teaching" action gains 25 experience. After one player has done the "Receive Teaching" action the Experience Fairy goes back to his realm in the sky. If no one performs the "Receive Training" within 1 day of the Fairy coming then the Fairy returns back to his realm."""  # noqa: E501

    key = "experience-fairy"
    pack = PACK
    number = 2101
    title = "Experience Fairy"
    requires = frozenset({SNAKE, LOCATIONS})

    class Params(RuleParams):
        schedule: str = "every Sunday at 12:00 GMT"
        experience: int = Field(25, ge=0)
        stay_hours: int = Field(24, ge=1, description="how long the Fairy waits")

    params: Params

    def on_repeal(self, ctx: Ctx) -> None:
        ctx.destroy_entity(FAIRY, cause=f"{self.label} is repealed")

    @every(param="schedule")
    def appear(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.entity(FAIRY) is not None:
            return  # still here from last time (only when a schedule is amended closer)
        square = ctx.pick(list(numbered.layout(ctx).squares()), "the Experience Fairy's square")
        ctx.create_entity("fairy", id=FAIRY, location=square, cause=self.label)
        ctx.set_timer("experience-fairy", timedelta(hours=self.params.stay_hours), self.leave)
        ctx.emit(FAIRY_CAME, f"the Experience Fairy appears on square {square}", square=square)

    def leave(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self._go(ctx, None)

    def _go(self, ctx: Ctx, taught: str | None) -> None:
        fairy = ctx.entity(FAIRY)
        if fairy is None:
            return
        square = int(fairy["location"])
        ctx.cancel_timer("experience-fairy")
        ctx.destroy_entity(FAIRY, cause="back to his realm in the sky")
        why = f"after teaching {taught}" if taught else "nobody received teaching in a day"
        ctx.emit(FAIRY_LEFT, f"the Experience Fairy goes back to his realm in the sky ({why})",
                 square=square, taught=taught)

    # "Receive Teaching" and "Receive Training" name the same action (a ruling,
    # INTERPRETATIONS.md, Rule 2101).
    @action("receive-teaching")
    def receive_teaching(self, ctx: Ctx, actor: str) -> None:
        """Be taught by the Experience Fairy on your square: 25 Experience."""
        ctx.set_attr(actor, "experience",
                     int(ctx.attr(actor, "experience", 0)) + self.params.experience)
        self._go(ctx, actor)

    @receive_teaching.check
    def _taught_here(self, ctx: Ctx, actor: str) -> None:
        fairy = ctx.entity(FAIRY)
        ctx.require(fairy is not None, "the Experience Fairy is not on the board",
                    detail="he comes every Sunday at noon GMT")
        assert fairy is not None
        where = square_of(ctx, actor)
        ctx.require(where == fairy["location"], f"the Experience Fairy is on square "
                    f"{fairy['location']}, not on your square {where}")
        ctx.require("experience" in ctx.rules.attributes.get("player", {}),
                    "no rule in force gives players Experience")
