"""Nomopoly II, section XXV (Vynd's Hot Springs Resort).

The Resort is ``named_squares["Vynd's Hot Springs Resort"]`` (the text gives no
number; 13 by default). Its "fees ... for its special healthful offerings" are read as
the rent collected on it (the Hot Spring Baths of section XIX, when built, are sold
through its Store and can emit the same event); the owner passes half to the
Corporation.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, RuleParams, hook, veto
from nomicon.boards import walker
from nomicon.packs.nomopoly2.colors import GLUE_HELD, GLUE_LOST
from nomicon.packs.nomopoly2.events import RENT_PAID, RentPaid
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.named import RESORT, holds_money, named_square
from nomicon.packs.nomopoly2.terms import CORPORATION, PACK, has_board
from nomicon.packs.nomopoly2.turns import NORMAL


class HealthfulFees(Rule):
    """The owner will pay the Corporation half of any fees paid to the for its special healthful offerings."""  # noqa: E501

    key = "healthful-fees"
    pack = PACK
    number = 2501
    title = "XXV.1 Healthful fees"

    class Params(RuleParams):
        share: int = 50

    params: Params

    @hook(RENT_PAID)
    def half_to_the_corporation(self, ctx: Ctx, data: RentPaid) -> None:
        owner, amount = data["owner"], data["amount"]
        if (data["square"] != named_square(ctx, RESORT) or owner == CORPORATION or amount <= 0
                or not holds_money(ctx, owner)):
            return
        pay(ctx, owner, CORPORATION, amount * self.params.share / 100,
            f"half the fees paid at Vynd's Hot Springs Resort (square {data['square']})")


class GlueWashedOff(Rule):
    """Anyone under the effects of glue who passes through Vynd's Hot Springs Resort will have all previous effects of glue removed."""  # noqa: E501

    key = "glue-washed-off"
    pack = PACK
    number = 2502
    title = "XXV.2 Glue washed off"

    @hook(walker.PASSING)
    def wash(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player = data.get("player")
        if (player is None or not has_board(ctx) or data.get("kind") != NORMAL
                or data["square"] != named_square(ctx, RESORT)):
            return
        # "all previous effects": the pips glue took in this walk are given back, and
        # a glue stop no longer holds (a ruling; the inventory read only the future).
        lost = int(ctx.attr(player, GLUE_LOST, 0) or 0)
        if lost:
            data["remaining"] = int(data["remaining"]) + lost
            ctx.set_attr(player, GLUE_LOST, 0)
        ctx.set_attr(player, GLUE_HELD, None)


class NoGlueAtTheResort(Rule):
    """All attempts to coat Vynd's Hot Springs Resort with glue will fail."""

    key = "no-glue-at-the-resort"
    pack = PACK
    number = 2503
    title = "XXV.3 No glue at the Resort"

    @veto("apply-glue")
    def no_glue(self, ctx: Ctx, actor: str, spec: Any, args: dict[str, Any]) -> None:
        resort = named_square(ctx, RESORT)
        if args.get("square") == resort:
            ctx.refuse(f"square {resort} is Vynd's Hot Springs Resort, which cannot be "
                       "coated with glue")


RULES: tuple[type[Rule], ...] = (HealthfulFees, GlueWashedOff, NoGlueAtTheResort)
