"""P44's hourly relief (seed L32): every hour one unit or building stops cooling
down."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, RuleParams, every
from nomicon.mechanics import cooldowns, units
from nomicon.packs.nomopoly4.events import COOLDOWN_RELIEVED
from nomicon.packs.nomopoly4.travel import PACK


class HourlyRelief(Rule):
    """Every hour on the hour one randomly selected unit or building which is cooling down will have its cool down ended."""  # noqa: E501

    key = "hourly-relief"
    pack = PACK
    number = 1255
    title = "Hourly relief"

    class Params(RuleParams):
        schedule: str = "every hour on the hour GMT"

    params: Params

    @every(param="schedule")
    def relieve(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        # Units and buildings only (not the Dark Lord's minions); a safecracking SCV
        # counts, as it "is treated the same as if it were cooling down" (P37). Its
        # end is an ordinary end of a cool-down: what waits for it (Refine Goods'
        # payout, Research) follows.
        cooling = [e for e in cooldowns.cooling(ctx) if units.stats_for(ctx, e) is not None]
        if not cooling:
            return
        chosen = ctx.pick(sorted(cooling), "the unit or building whose cool-down ends")
        cooldowns.end(ctx, chosen, f"the hourly relief (Rule {self.number})")
        ctx.emit(COOLDOWN_RELIEVED, f"{chosen} stops cooling down (Rule {self.number})",
                 entity=chosen)
